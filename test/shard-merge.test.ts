import { describe, expect, it } from 'vitest';
import { oneLine, UsageError } from '../src/errors.js';
import { mergeReports } from '../src/merge.js';
import { reporters, type ReporterMeta } from '../src/reporters/index.js';
import { hash32, parseShard, selectShard, shardOf } from '../src/shard.js';
import { cwd, sampleResults } from './data/sample-results.js';
import { sarifValidator } from './data/sarif-validator.js';

const meta: ReporterMeta = { cwd, version: '1.2.3', color: false };

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

const files = (n: number, root = '/repo') => Array.from({ length: n }, (_, i) => `${root}/packages/p${i % 17}/src/file-${i}.ts`);

describe('parseShard', () => {
  it('reads i/n', () => {
    expect(parseShard('1/1')).toEqual({ index: 1, total: 1 });
    expect(parseShard('2/4')).toEqual({ index: 2, total: 4 });
    expect(parseShard(' 10 / 12 ')).toEqual({ index: 10, total: 12 });
  });
  it('rejects anything else in one line', () => {
    for (const bad of ['0/4', '5/4', '1/0', '0/0', 'a/b', '1-2', '2', '', '1/2/3', '-1/2', '1.5/3']) {
      expect(failure(() => parseShard(bad))).toBe(`--shard must be i/n with 1 <= i <= n (e.g. 2/4), got "${bad}"`);
    }
  });
});

describe('selectShard', () => {
  const all = files(1000);

  it('splits the files into disjoint sorted shards that cover them all', () => {
    const shards = [1, 2, 3, 4].map((i) => selectShard(all, i, 4));
    expect(shards.flat().sort()).toEqual([...all].sort());
    expect(new Set(shards.flat()).size).toBe(all.length);
    for (const s of shards) {
      expect(s).toEqual([...s].sort());
      // a hash split is not exact, but no shard should be far from a quarter
      expect(s.length).toBeGreaterThan(180);
      expect(s.length).toBeLessThan(320);
    }
    expect(selectShard(all, 1, 1)).toEqual([...all].sort());
  });

  it('does not depend on the order or duplicates of the input', () => {
    const shuffled = [...all].reverse().concat(all.slice(0, 10));
    for (const i of [1, 2, 3]) expect(selectShard(shuffled, i, 3)).toEqual(selectShard(all, i, 3));
  });

  it('moves no other file when a file is added or removed', () => {
    const before = [1, 2, 3, 4].map((i) => selectShard(all, i, 4));
    const added = [...all, '/repo/packages/new/src/brand-new.ts'];
    const after = [1, 2, 3, 4].map((i) => selectShard(added, i, 4).filter((f) => !f.includes('brand-new')));
    expect(after).toEqual(before);
    const removed = all.slice(1);
    const afterRemoval = [1, 2, 3, 4].map((i) => selectShard(removed, i, 4));
    expect(afterRemoval).toEqual(before.map((s) => s.filter((f) => f !== all[0])));
  });

  it('moves only about 1/n of the files when a shard is added', () => {
    const of4 = new Map(all.map((f) => [f, shardOf(f, 4)]));
    const moved = all.filter((f) => shardOf(f, 5) !== of4.get(f)).length;
    expect(moved).toBeGreaterThan(100); // about 200 of 1000
    expect(moved).toBeLessThan(300);
  });

  it('hashes the path relative to cwd, so checkouts in different folders agree', () => {
    const here = files(200, '/home/runner/work/app');
    const there = files(200, '/builds/ci/app');
    for (const i of [1, 2, 3]) {
      const a = selectShard(here, i, 3, '/home/runner/work/app').map((f) => f.slice('/home/runner/work/app'.length));
      const b = selectShard(there, i, 3, '/builds/ci/app').map((f) => f.slice('/builds/ci/app'.length));
      expect(a).toEqual(b);
    }
  });

  it('has a stable hash (the same split on every machine and release)', () => {
    // an independent reference in BigInt arithmetic: FNV-1a 32-bit, then the murmur3 finaliser
    const M = 0xffffffffn;
    const fnv1a = (s: string) => {
      let h = 0x811c9dc5n;
      for (let i = 0; i < s.length; i++) h = ((h ^ BigInt(s.charCodeAt(i))) * 0x01000193n) & M;
      return h;
    };
    expect(fnv1a('a')).toBe(0xe40c292cn); // published FNV-1a test vector
    expect(fnv1a('foobar')).toBe(0xbf9cf968n); // published FNV-1a test vector
    const reference = (s: string) => {
      let h = fnv1a(s);
      h ^= h >> 16n;
      h = (h * 0x85ebca6bn) & M;
      h ^= h >> 13n;
      h = (h * 0xc2b2ae35n) & M;
      h ^= h >> 16n;
      return Number(h);
    };
    for (const p of ['', 'a', 'src/a.ts', 'packages/p3/src/file-3.ts', 'ünïcode/路径.ts']) expect(hash32(p)).toBe(reference(p));
    // rendezvous: the shard whose (k, path) hash is highest
    for (const p of all.slice(0, 50)) {
      const scores = [1, 2, 3, 4, 5].map((k) => reference(`${k}\u0000${p}`));
      expect(shardOf(p, 5)).toBe(scores.indexOf(Math.max(...scores)) + 1);
    }
    expect(() => selectShard(all, 0, 2)).toThrow(UsageError);
    expect(() => selectShard(all, 3, 2)).toThrow(UsageError);
  });
});

describe('mergeReports: json', () => {
  const entry = (filePath: string, errorCount: number) => ({
    filePath,
    messages: Array.from({ length: errorCount }, (_, i) => ({ ruleId: 'labels-path', severity: 2, message: 'm', line: i + 1, column: 1 })),
    suppressedMessages: [],
    errorCount,
    fatalErrorCount: 0,
    warningCount: 0,
    fixableErrorCount: 0,
    fixableWarningCount: 0,
    usedDeprecatedRules: [],
  });

  it('concatenates, keeps one entry per file and sorts by path', () => {
    const one = JSON.stringify([entry('/r/src/b.ts', 1), entry('/r/src/a.ts', 2)]);
    const two = `${JSON.stringify([entry('/r/lib/c.ts', 0), entry('/r/src/a.ts', 2)])}\n`;
    expect(JSON.parse(mergeReports([one, two]))).toEqual([entry('/r/lib/c.ts', 0), entry('/r/src/a.ts', 2), entry('/r/src/b.ts', 1)]);
    expect(mergeReports(['[]', '[]'])).toBe('[]\n');
  });

  it('merging the shards of a run gives the report of the whole run', () => {
    const results = sampleResults();
    const half = (keep: (file: string) => boolean) => reporters.json(results.filter((r) => keep(r.file)), meta);
    const merged = mergeReports([half((f) => f.includes('/b')), half((f) => !f.includes('/b'))]);
    expect(merged).toBe(reporters.json(results, meta));
  });
});

describe('mergeReports: sarif', () => {
  const validate = sarifValidator();

  it('merging the shards of a run gives the results of the whole run in one valid log', () => {
    const results = sampleResults();
    const parts = [results.filter((r) => r.file.endsWith('a.ts')), results.filter((r) => !r.file.endsWith('a.ts'))];
    const merged = JSON.parse(mergeReports(parts.map((p) => reporters.sarif(p, meta))));
    const whole = JSON.parse(reporters.sarif(results, meta));
    expect(validate(merged)).toBe(true);
    expect(merged.runs).toHaveLength(1);
    expect(merged.runs[0].results).toEqual(whole.runs[0].results);
    expect(merged.runs[0].tool).toEqual(whole.runs[0].tool);
    expect(merged.runs[0].invocations).toEqual(whole.runs[0].invocations);
    expect(merged.runs[0].originalUriBaseIds).toEqual(whole.runs[0].originalUriBaseIds);
    expect(merged.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
  });

  it('unions the rules and rewrites each ruleIndex', () => {
    const log = (rules: string[], results: [string, number, string][]) =>
      JSON.stringify({
        version: '2.1.0',
        runs: [
          {
            tool: { driver: { name: 'migrate-check', rules: rules.map((id) => ({ id })) } },
            invocations: [{ executionSuccessful: true }],
            results: results.map(([ruleId, ruleIndex, uri]) => ({
              ruleId,
              ruleIndex,
              message: { text: ruleId },
              locations: [{ physicalLocation: { artifactLocation: { uri }, region: { startLine: 1 } } }],
            })),
          },
        ],
      });
    const merged = JSON.parse(
      mergeReports([
        log(['a', 'b'], [['b', 1, 'z.ts'], ['a', 0, 'y.ts']]),
        log(['c', 'b'], [['c', 0, 'x.ts'], ['b', 1, 'w.ts']]),
      ]),
    );
    expect(validate(merged)).toBe(true);
    const run = merged.runs[0];
    expect(run.tool.driver.rules).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    expect(run.results.map((r: { ruleId: string; ruleIndex: number }) => [r.ruleId, r.ruleIndex])).toEqual([
      ['b', 1], // w.ts
      ['c', 2], // x.ts
      ['a', 0], // y.ts
      ['b', 1], // z.ts
    ]);
  });

  it('combines invocations: one failure makes the merged run unsuccessful', () => {
    const log = (ok: boolean, note: string) =>
      JSON.stringify({
        version: '2.1.0',
        runs: [{ tool: { driver: { name: 'migrate-check' } }, invocations: [{ executionSuccessful: ok, toolExecutionNotifications: [{ message: { text: note } }] }], results: [] }],
      });
    const run = JSON.parse(mergeReports([log(true, 'one'), log(false, 'two'), log(true, 'one')])).runs[0];
    expect(run.invocations).toEqual([
      { executionSuccessful: false, toolExecutionNotifications: [{ message: { text: 'one' } }, { message: { text: 'two' } }] },
    ]);
  });

  it('refuses logs of another tool', () => {
    const log = (name: string) => JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name } }, results: [] }] });
    expect(failure(() => mergeReports([log('migrate-check'), log('eslint')]))).toBe(
      'report 2: cannot merge SARIF from different tools ("eslint" and "migrate-check")',
    );
  });
});

describe('mergeReports: errors', () => {
  const json = '[]';
  const sarif = JSON.stringify({ version: '2.1.0', runs: [] });

  it('refuses to mix kinds', () => {
    expect(failure(() => mergeReports([json, sarif]))).toBe('cannot merge json and sarif reports (report 1 is json, report 2 is sarif)');
    expect(failure(() => mergeReports([sarif, json], ['a.sarif', 'b.json']))).toBe(
      'cannot merge sarif and json reports (a.sarif is sarif, b.json is json)',
    );
  });

  it('names what it cannot read', () => {
    expect(failure(() => mergeReports([]))).toBe('no reports to merge');
    expect(failure(() => mergeReports(['{"a": 1}']))).toBe('report 1: neither a --reporter json array nor a SARIF log');
    expect(failure(() => mergeReports(['[', '[]']))).toBe('report 1: invalid JSON at line 1, column 2: unexpected end of file');
    expect(failure(() => mergeReports(['[{"x": 1}]']))).toBe('report 1: entry 0 is not an ESLint-style result (filePath, messages)');
    expect(failure(() => mergeReports([JSON.stringify({ version: '2.0.0', runs: [] })], ['old.sarif']))).toBe(
      'old.sarif: only SARIF version 2.1.0 can be merged, got "2.0.0"',
    );
    expect(failure(() => mergeReports([sarif]))).toBe('the SARIF logs to merge have no runs');
  });
});
