import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyBaseline, buildBaseline, readBaseline, writeBaseline, type Baseline } from '../src/baseline.js';
import { oneLine, UsageError } from '../src/errors.js';
import type { FileResult, Finding } from '../src/types.js';
import { cwd, f1, f2, f3, s1, sampleResults, sourceA, w1, w2 } from './data/sample-results.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mc-baseline-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const A = `${cwd}/src/a.ts`;
/** a.ts with two more v1-pickups-path findings than the sample (three in all) */
function threePickupPaths(): FileResult {
  const more = (line: number): Finding => ({ ...f1, line, endLine: line });
  return { file: A, findings: [f1, more(7), more(9), f2, f3], suppressed: [s1], source: sourceA };
}

describe('buildBaseline', () => {
  it('counts error findings per repo-relative file and rule, keys sorted', () => {
    const b = buildBaseline(sampleResults(), cwd);
    // b.ts has only warnings, broken.vue is fatal, clean.ts has nothing, s1 is suppressed
    expect(b).toEqual({
      'src/a.ts': {
        'unmapped-2023-01-path': { count: 1 },
        'v1-pickup-field': { count: 1 },
        'v1-pickups-path': { count: 1 },
      },
    });
    expect(Object.keys(b['src/a.ts'])).toEqual(['unmapped-2023-01-path', 'v1-pickup-field', 'v1-pickups-path']);
    expect(buildBaseline([threePickupPaths()], cwd)['src/a.ts']['v1-pickups-path']).toEqual({ count: 3 });
  });

  it('is empty when there are no errors', () => {
    expect(buildBaseline([], cwd)).toEqual({});
    expect(buildBaseline([{ file: `${cwd}/src/b.ts`, findings: [w1, w2], suppressed: [] }], cwd)).toEqual({});
  });
});

describe('applyBaseline', () => {
  it('hides every finding of a file and rule when there are no more than the baseline allows', () => {
    const baseline: Baseline = { 'src/a.ts': { 'v1-pickups-path': { count: 3 }, 'v1-pickup-field': { count: 1 } } };
    const { results, unmatched } = applyBaseline([threePickupPaths()], baseline, cwd);
    expect(results[0].findings).toEqual([f3]);
    expect(results[0].suppressed).toEqual([s1]);
    expect(unmatched).toEqual([]);
  });

  it('reports all of them when there are more (the new one cannot be pinpointed)', () => {
    const baseline: Baseline = { 'src/a.ts': { 'v1-pickups-path': { count: 2 } } };
    const { results, unmatched } = applyBaseline([threePickupPaths()], baseline, cwd);
    expect(results[0].findings.filter((f) => f.ruleId === 'v1-pickups-path')).toHaveLength(3);
    expect(results[0].findings).toHaveLength(5);
    expect(unmatched).toEqual([]);
  });

  it('lists the entries the code has outgrown, by how much they can shrink', () => {
    const baseline: Baseline = {
      'src/a.ts': { 'v1-pickups-path': { count: 5 }, 'labels-path': { count: 2 }, 'v1-pickup-field': { count: 1 } },
      'src/gone.ts': { 'labels-path': { count: 4 } },
    };
    const { results, unmatched } = applyBaseline(sampleResults(), baseline, cwd);
    expect(results.find((r) => r.file === A)!.findings).toEqual([f3]);
    // gone.ts was not scanned this run: it is not judged
    expect(unmatched).toEqual([
      { file: 'src/a.ts', ruleId: 'labels-path', count: 2 },
      { file: 'src/a.ts', ruleId: 'v1-pickups-path', count: 4 },
    ]);
  });

  it('judges scanned files without a FileResult when told of them', () => {
    const baseline: Baseline = { 'src/gone.ts': { 'labels-path': { count: 4 } }, 'src/other.ts': { 'labels-path': { count: 1 } } };
    const { unmatched } = applyBaseline([], baseline, cwd, [`${cwd}/src/gone.ts`]);
    expect(unmatched).toEqual([{ file: 'src/gone.ts', ruleId: 'labels-path', count: 4 }]);
  });

  it('leaves warnings, fatal files and other files alone, and is pure', () => {
    const input = sampleResults();
    const copy = structuredClone(input);
    const baseline: Baseline = {
      'src/b.ts': { 'ambiguous-courier-id': { count: 1 } },
      'src/broken.vue': { 'labels-path': { count: 1 } },
    };
    const { results, unmatched } = applyBaseline(input, baseline, cwd);
    expect(results).toEqual(copy);
    expect(input).toEqual(copy);
    // b.ts: the baselined rule has no error findings now, so the entry can go
    expect(unmatched).toEqual([{ file: 'src/b.ts', ruleId: 'ambiguous-courier-id', count: 1 }]);
  });

  it('a baseline built from the results hides exactly the errors', () => {
    const input = sampleResults();
    const { results, unmatched } = applyBaseline(input, buildBaseline(input, cwd), cwd);
    expect(unmatched).toEqual([]);
    expect(results.flatMap((r) => r.findings).map((f) => f.ruleId)).toEqual(['webhook-event-renamed', 'ambiguous-courier-id']);
    expect(results.filter((r) => r.fatal)).toHaveLength(1);
  });
});

describe('baseline files', () => {
  it('are written sorted, indented, with a final newline, and read back', () => {
    const file = path.join(dir, 'nested', 'migrate-check-baseline.json');
    const baseline: Baseline = {
      'src/z.ts': { 'labels-path': { count: 1 } },
      'src/a.ts': { 'v1-pickups-path': { count: 2 }, 'courier-naming': { count: 1 } },
    };
    writeBaseline(file, baseline);
    expect(readFileSync(file, 'utf8')).toBe(
      [
        '{',
        '  "src/a.ts": {',
        '    "courier-naming": {',
        '      "count": 1',
        '    },',
        '    "v1-pickups-path": {',
        '      "count": 2',
        '    }',
        '  },',
        '  "src/z.ts": {',
        '    "labels-path": {',
        '      "count": 1',
        '    }',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    expect(readBaseline(file)).toEqual(baseline);
  });

  function failure(fn: () => unknown): string {
    try {
      fn();
    } catch (err) {
      expect(err).toBeInstanceOf(UsageError);
      expect(oneLine(err)).not.toContain('\n');
      return oneLine(err);
    }
    throw new Error('expected a UsageError, got none');
  }

  it('that are missing or malformed are one-line usage errors', () => {
    const file = path.join(dir, 'b.json');
    expect(failure(() => readBaseline(file))).toBe(`baseline file not found: ${file}`);
    writeFileSync(file, '{"src/a.ts": {"x": {"count": 1}},}');
    expect(failure(() => readBaseline(file))).toBe(`${file}: invalid JSON at line 1, column 34: trailing comma before "}"`);
    writeFileSync(file, '[]');
    expect(failure(() => readBaseline(file))).toBe(`${file}: a baseline must be a JSON object of files`);
    writeFileSync(file, '{"src/a.ts": 3}');
    expect(failure(() => readBaseline(file))).toBe(`${file}: "src/a.ts" must be an object of rule ids`);
    writeFileSync(file, '{"src/a.ts": {"labels-path": 3}}');
    expect(failure(() => readBaseline(file))).toBe(`${file}: "src/a.ts" "labels-path" must be { "count": N }`);
    writeFileSync(file, '{"src/a.ts": {"labels-path": {"count": 0}}}');
    expect(failure(() => readBaseline(file))).toBe(`${file}: "src/a.ts" "labels-path": count must be a positive integer, got 0`);
    writeFileSync(file, '{"src/a.ts": {"labels-path": {"count": 1, "extra": true}}}');
    expect(failure(() => readBaseline(file))).toBe(`${file}: "src/a.ts" "labels-path" must be { "count": N }`);
  });

  it('a write that cannot happen is a usage error naming the file', () => {
    const blocker = path.join(dir, 'file');
    writeFileSync(blocker, 'x');
    const target = path.join(blocker, 'baseline.json');
    expect(failure(() => writeBaseline(target, {}))).toMatch(new RegExp(`^cannot write baseline file ${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: E[A-Z]+$`));
  });
});
