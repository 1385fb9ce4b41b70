import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../src/catalogue/index.js';
import { githubStepSummary, reporters, type ReporterMeta } from '../src/reporters/index.js';
import { escapeData, escapeProperty } from '../src/reporters/github.js';
import { toEslintResults } from '../src/reporters/json.js';
import { mergedFix, relPath } from '../src/reporters/shared.js';
import path from 'node:path';
import type { FileResult, Finding } from '../src/types.js';
import { sarifValidator } from './data/sarif-validator.js';
import { cwd, f1, f2, f3, s1, sampleResults, sourceA, sourceB, w1, w2 } from './data/sample-results.js';

const meta: ReporterMeta = { cwd, version: '1.2.3', color: false };

describe('sample data', () => {
  it('has offsets that point at the intended text', () => {
    expect(sourceA.slice(f1.start, f1.end)).toBe("'/pickup/v1/pickups'");
    expect(sourceA.slice(11, 29)).toBe('/pickup/v1/pickups');
    expect(sourceA.slice(f2.start, f2.end)).toBe('courier_id: 1, preferred_date');
    expect(sourceA.slice(42, 52)).toBe('courier_id');
    expect(sourceA.slice(57, 71)).toBe('preferred_date');
    expect(sourceA.slice(f3.start, f3.end)).toBe("'/2023-01/couriers'");
    expect(sourceA.slice(84, 101)).toBe('/2023-01/couriers');
    expect(sourceA.slice(s1.start, s1.end)).toBe("'/2023-01/couriers'");
    expect(sourceA.slice(145, 162)).toBe('/2023-01/couriers');
    expect(sourceB.slice(w1.start, w1.end)).toBe('courier_id');
    expect(sourceB.slice(w2.start, w2.end)).toBe("'courier_account_state_changed'");
    expect(sourceB.slice(29, 58)).toBe('courier_account_state_changed');
    // line and column agree with the offsets (1-based, end exclusive)
    const lineStart = (src: string, line: number) => src.split('\n').slice(0, line - 1).join('\n').length + (line > 1 ? 1 : 0);
    for (const [f, src] of [[f1, sourceA], [f2, sourceA], [f3, sourceA], [s1, sourceA], [w1, sourceB], [w2, sourceB]] as const) {
      expect(lineStart(src, f.line) + f.column - 1).toBe(f.start);
      expect(lineStart(src, f.endLine) + f.endColumn - 1).toBe(f.end);
    }
  });
});

describe('relPath', () => {
  it('gives what path.relative gives (with / separators), for plain files below cwd and for every other spelling', () => {
    const cases: [string, string, string][] = [
      ['/repo/src/a.ts', '/repo', 'src/a.ts'],
      ['/repo/src/a.ts', '/repo/', 'src/a.ts'],
      ['/repo/a.ts', '/', 'repo/a.ts'],
      ['/repo/src/../b.ts', '/repo', 'b.ts'],
      ['/repo/./src//a.ts', '/repo', 'src/a.ts'],
      ['/repo/..x/a.ts', '/repo', '..x/a.ts'],
      ['/repo/src/', '/repo', 'src'],
      ['/repository/a.ts', '/repo', '../repository/a.ts'],
      ['/elsewhere/a.ts', '/repo', '../elsewhere/a.ts'],
      ['/repo', '/repo', 'repo'],
    ];
    for (const [file, from, want] of cases) {
      expect(relPath(file, from), `${file} from ${from}`).toBe(want);
      const rel = path.posix.relative(from, file);
      expect(relPath(file, from)).toBe(rel === '' ? path.posix.basename(file) : rel);
    }
  });
});

describe('mergedFix', () => {
  it('joins several edits into one range, keeping the text between them', () => {
    expect(mergedFix(f2, sourceA)).toEqual({ range: [42, 71], text: 'courier_service_id: 1, selected_date' });
  });
  it('needs the source only when there is text between edits', () => {
    expect(mergedFix(f2, undefined)).toBeUndefined();
    expect(mergedFix(f1, undefined)).toEqual({ range: [11, 29], text: '/2024-09/pickups' });
    const adjacent: Finding = { ...f1, edits: [{ start: 5, end: 7, text: 'b' }, { start: 2, end: 5, text: 'a' }] };
    expect(mergedFix(adjacent, undefined)).toEqual({ range: [2, 7], text: 'ab' });
  });
  it('gives no fix for overlapping edits or none', () => {
    expect(mergedFix({ ...f1, edits: [{ start: 1, end: 5, text: 'x' }, { start: 4, end: 6, text: 'y' }] }, sourceA)).toBeUndefined();
    expect(mergedFix({ ...f1, edits: [] }, sourceA)).toBeUndefined();
    expect(mergedFix(w1, sourceB)).toBeUndefined();
  });
});

describe('json reporter', () => {
  it('writes the ESLint JSON formatter shape, one entry per file, sorted', () => {
    const out = reporters.json(sampleResults(), meta);
    expect(out.endsWith('\n')).toBe(true);
    const expected = [
      {
        filePath: '/home/u/app/src/a.ts',
        messages: [
          {
            ruleId: 'v1-pickups-path',
            severity: 2,
            message: 'old path /pickup/v1/pickups',
            line: 1,
            column: 11,
            endLine: 1,
            endColumn: 31,
            fix: { range: [11, 29], text: '/2024-09/pickups' },
          },
          {
            ruleId: 'v1-pickup-field',
            severity: 2,
            message: 'old pickup field names',
            line: 2,
            column: 11,
            endLine: 2,
            endColumn: 40,
            fix: { range: [42, 71], text: 'courier_service_id: 1, selected_date' },
          },
          {
            ruleId: 'unmapped-2023-01-path',
            severity: 2,
            message: '2023-01 path not in the spec',
            line: 3,
            column: 5,
            endLine: 3,
            endColumn: 24,
            suggestions: [
              {
                desc: 'move to /2024-09/courier_services (assumes the 2024-09 names)',
                fix: { range: [84, 101], text: '/2024-09/courier_services' },
              },
            ],
          },
        ],
        suppressedMessages: [
          {
            ruleId: 'unmapped-2023-01-path',
            severity: 2,
            message: '2023-01 path not in the spec',
            line: 5,
            column: 5,
            endLine: 5,
            endColumn: 24,
            suggestions: [
              {
                desc: 'apply the 2024-09 form (rests on an assumption)',
                fix: { range: [145, 162], text: '/2024-09/courier_services' },
              },
            ],
            suppressions: [{ kind: 'directive', justification: '' }],
          },
        ],
        errorCount: 3,
        fatalErrorCount: 0,
        warningCount: 0,
        fixableErrorCount: 2,
        fixableWarningCount: 0,
        usedDeprecatedRules: [],
      },
      {
        filePath: '/home/u/app/src/b.ts',
        messages: [
          { ruleId: 'ambiguous-courier-id', severity: 1, message: 'courier_id is ambiguous', line: 1, column: 8, endLine: 1, endColumn: 18 },
          {
            ruleId: 'webhook-event-renamed',
            severity: 1,
            message: 'old event name',
            line: 2,
            column: 4,
            endLine: 2,
            endColumn: 35,
            fix: { range: [29, 58], text: 'courier_state_changed' },
          },
        ],
        suppressedMessages: [],
        errorCount: 0,
        fatalErrorCount: 0,
        warningCount: 2,
        fixableErrorCount: 0,
        fixableWarningCount: 1,
        usedDeprecatedRules: [],
      },
      {
        filePath: '/home/u/app/src/broken.vue',
        messages: [{ ruleId: null, fatal: true, severity: 2, message: 'Parsing error: Unexpected token (3:7)', line: 3, column: 7 }],
        suppressedMessages: [],
        errorCount: 1,
        fatalErrorCount: 1,
        warningCount: 0,
        fixableErrorCount: 0,
        fixableWarningCount: 0,
        usedDeprecatedRules: [],
      },
      {
        filePath: '/home/u/app/src/clean.ts',
        messages: [],
        suppressedMessages: [],
        errorCount: 0,
        fatalErrorCount: 0,
        warningCount: 0,
        fixableErrorCount: 0,
        fixableWarningCount: 0,
        usedDeprecatedRules: [],
      },
    ];
    expect(JSON.parse(out)).toEqual(expected);
    // the key order of a message is ESLint's
    expect(Object.keys(JSON.parse(out)[0].messages[0])).toEqual(['ruleId', 'severity', 'message', 'line', 'column', 'endLine', 'endColumn', 'fix']);
  });

  it('writes an empty array for no files', () => {
    expect(reporters.json([], meta)).toBe('[]\n');
  });

  it('writes a file with nothing to say as JSON.stringify writes its ESLint result, byte for byte', () => {
    // files without findings are written from one string (the common case of a large tree); they
    // must read exactly as the objects the MCP server and merge build would read
    const quiet = (file: string): FileResult => ({ file, findings: [], suppressed: [] });
    const results = [...sampleResults(), quiet(path.join(cwd, 'src', 'plain "quoted" \\ näme.ts')), quiet(path.join(cwd, 'a', 'first.ts')), quiet(path.join(cwd, 'zz.ts'))];
    const out = reporters.json(results, meta);
    expect(out).toBe(`${JSON.stringify(toEslintResults(results, cwd))}\n`);
    expect(JSON.parse(out).filter((r: { messages: unknown[] }) => r.messages.length === 0).length).toBeGreaterThanOrEqual(3);
  });
});

describe('compact reporter', () => {
  it('writes one line per problem, relative paths, fatal files included', () => {
    expect(reporters.compact(sampleResults(), meta)).toBe(
      [
        'src/a.ts:1:11: error old path /pickup/v1/pickups [v1-pickups-path]',
        'src/a.ts:2:11: error old pickup field names [v1-pickup-field]',
        'src/a.ts:3:5: error 2023-01 path not in the spec [unmapped-2023-01-path]',
        'src/b.ts:1:8: warning courier_id is ambiguous [ambiguous-courier-id]',
        'src/b.ts:2:4: warning old event name [webhook-event-renamed]',
        'src/broken.vue:3:7: error Parsing error: Unexpected token (3:7) [fatal]',
        '',
      ].join('\n'),
    );
  });
  it('writes nothing when there are no findings', () => {
    expect(reporters.compact([], meta)).toBe('');
    expect(reporters.compact([sampleResults()[0]], meta)).toBe('');
  });
  it('keeps a message on one line', () => {
    const r: FileResult = { file: `${cwd}/x.ts`, findings: [{ ...w1, file: `${cwd}/x.ts`, message: 'first\nsecond' }], suppressed: [] };
    expect(reporters.compact([r], meta)).toBe('x.ts:1:8: warning first second [ambiguous-courier-id]\n');
  });
});

describe('github reporter', () => {
  it('writes one workflow command per problem', () => {
    expect(reporters.github(sampleResults(), meta)).toBe(
      [
        '::error file=src/a.ts,line=1,col=11,endLine=1,endColumn=31,title=v1-pickups-path::old path /pickup/v1/pickups',
        '::error file=src/a.ts,line=2,col=11,endLine=2,endColumn=40,title=v1-pickup-field::old pickup field names',
        '::error file=src/a.ts,line=3,col=5,endLine=3,endColumn=24,title=unmapped-2023-01-path::2023-01 path not in the spec',
        '::warning file=src/b.ts,line=1,col=8,endLine=1,endColumn=18,title=ambiguous-courier-id::courier_id is ambiguous',
        '::warning file=src/b.ts,line=2,col=4,endLine=2,endColumn=35,title=webhook-event-renamed::old event name',
        '::error file=src/broken.vue,line=3,col=7,title=fatal::Parsing error: Unexpected token (3:7)',
        '',
      ].join('\n'),
    );
  });
  it('escapes data and property values', () => {
    expect(escapeData('100%\r\ndone: a, b')).toBe('100%25%0D%0Adone: a, b');
    expect(escapeProperty('a:b,c%d\ne')).toBe('a%3Ab%2Cc%25d%0Ae');
    const file = `${cwd}/src/we,ird:name.ts`;
    const r: FileResult = { file, findings: [{ ...w1, file, message: '50% done\nreally' }], suppressed: [] };
    expect(reporters.github([r], meta)).toBe(
      '::warning file=src/we%2Cird%3Aname.ts,line=1,col=8,endLine=1,endColumn=18,title=ambiguous-courier-id::50%25 done%0Areally\n',
    );
  });
  it('writes nothing when there are no findings', () => {
    expect(reporters.github([], meta)).toBe('');
  });
});

describe('stylish reporter', () => {
  const expected = [
    'src/a.ts',
    '  1:11  error  old path /pickup/v1/pickups   v1-pickups-path',
    '  2:11  error  old pickup field names        v1-pickup-field',
    '  3:5   error  2023-01 path not in the spec  unmapped-2023-01-path',
    '',
    'src/b.ts',
    '  1:8  warning  courier_id is ambiguous  ambiguous-courier-id',
    '  2:4  warning  old event name           webhook-event-renamed',
    '',
    'src/broken.vue',
    '  3:7  error  Parsing error: Unexpected token (3:7)',
    '',
    '\u2716 6 problems (4 errors, 2 warnings)',
    '  2 errors and 1 warning potentially fixable with the `--fix` option.',
    '',
  ].join('\n');

  it('groups by file, aligns columns and sums up', () => {
    expect(reporters.stylish(sampleResults(), meta)).toBe(expected);
  });

  it('colours only when asked, with the same text underneath', () => {
    const plain = reporters.stylish(sampleResults(), meta);
    expect(plain).not.toMatch(/\x1b\[/);
    const coloured = reporters.stylish(sampleResults(), { ...meta, color: true });
    expect(coloured).toMatch(/\x1b\[4msrc\/a\.ts\x1b\[24m/); // underlined file name
    expect(coloured).toMatch(/\x1b\[31merror\x1b\[39m/); // red severity
    expect(coloured).toMatch(/\x1b\[33mwarning\x1b\[39m/); // yellow severity
    expect(coloured.replace(/\x1b\[[0-9;]*m/g, '')).toBe(plain);
  });

  it('pluralises, leaves out the fixable line when nothing is fixable, and is empty without findings', () => {
    const one: FileResult = { file: `${cwd}/src/b.ts`, findings: [w1], suppressed: [], source: sourceB };
    expect(reporters.stylish([one], meta)).toBe(
      ['src/b.ts', '  1:8  warning  courier_id is ambiguous  ambiguous-courier-id', '', '\u2716 1 problem (0 errors, 1 warning)', ''].join('\n'),
    );
    expect(reporters.stylish([], meta)).toBe('');
    expect(reporters.stylish([sampleResults()[0]], meta)).toBe('');
    // suppressed findings are not shown
    expect(reporters.stylish([{ file: `${cwd}/src/a.ts`, findings: [], suppressed: [s1], source: sourceA }], meta)).toBe('');
  });
});

describe('sarif reporter', () => {
  const validate = sarifValidator();

  it('is valid against the official SARIF 2.1.0 schema', () => {
    const log = JSON.parse(reporters.sarif(sampleResults(), meta));
    const ok = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    expect(validate(JSON.parse(reporters.sarif([], meta)))).toBe(true);
  });

  it('the schema check can fail (it is not vacuous)', () => {
    const log = JSON.parse(reporters.sarif(sampleResults(), meta));
    log.runs[0].results[0].level = 'fatal';
    expect(validate(log)).toBe(false);
    const log2 = JSON.parse(reporters.sarif(sampleResults(), meta));
    log2.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
    expect(validate(log2)).toBe(false);
  });

  it('describes the tool with the whole catalogue as rules', () => {
    const log = JSON.parse(reporters.sarif(sampleResults(), meta));
    expect(log.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const driver = log.runs[0].tool.driver;
    expect(driver.name).toBe('migrate-check');
    expect(driver.version).toBe('1.2.3');
    expect(typeof driver.informationUri).toBe('string');
    const catalogue = loadCatalogue().rules;
    expect(driver.rules.map((r: { id: string }) => r.id)).toEqual([...catalogue.map((r) => r.id), 'fatal']);
    for (const [i, rule] of catalogue.entries()) {
      const d = driver.rules[i];
      expect(d.shortDescription).toEqual({ text: rule.summary });
      expect(d.fullDescription).toEqual({ text: rule.explain });
      expect(d.help.text).toContain(rule.summary);
      expect(d.help.markdown).toContain(`**${rule.id}**`);
      expect(d.defaultConfiguration).toEqual({ level: rule.severity });
      expect(d.properties.fixKind).toBe(rule.fix);
      expect(d.properties.specSection).toBe(rule.section);
    }
    expect(log.runs[0].originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: 'file:///home/u/app/' } });
  });

  it('reports each finding with its location, level and suppression', () => {
    const run = JSON.parse(reporters.sarif(sampleResults(), meta)).runs[0];
    const rules = run.tool.driver.rules;
    const brief = run.results.map((r: any) => ({
      ruleId: r.ruleId,
      level: r.level,
      text: r.message.text,
      uri: r.locations[0].physicalLocation.artifactLocation.uri,
      base: r.locations[0].physicalLocation.artifactLocation.uriBaseId,
      region: r.locations[0].physicalLocation.region,
      suppressions: r.suppressions,
    }));
    expect(brief).toEqual([
      { ruleId: 'v1-pickups-path', level: 'error', text: 'old path /pickup/v1/pickups', uri: 'src/a.ts', base: '%SRCROOT%', region: { startLine: 1, startColumn: 11, endLine: 1, endColumn: 31 }, suppressions: undefined },
      { ruleId: 'v1-pickup-field', level: 'error', text: 'old pickup field names', uri: 'src/a.ts', base: '%SRCROOT%', region: { startLine: 2, startColumn: 11, endLine: 2, endColumn: 40 }, suppressions: undefined },
      { ruleId: 'unmapped-2023-01-path', level: 'error', text: '2023-01 path not in the spec', uri: 'src/a.ts', base: '%SRCROOT%', region: { startLine: 3, startColumn: 5, endLine: 3, endColumn: 24 }, suppressions: undefined },
      { ruleId: 'unmapped-2023-01-path', level: 'error', text: '2023-01 path not in the spec', uri: 'src/a.ts', base: '%SRCROOT%', region: { startLine: 5, startColumn: 5, endLine: 5, endColumn: 24 }, suppressions: [{ kind: 'inSource' }] },
      { ruleId: 'ambiguous-courier-id', level: 'warning', text: 'courier_id is ambiguous', uri: 'src/b.ts', base: '%SRCROOT%', region: { startLine: 1, startColumn: 8, endLine: 1, endColumn: 18 }, suppressions: undefined },
      { ruleId: 'webhook-event-renamed', level: 'warning', text: 'old event name', uri: 'src/b.ts', base: '%SRCROOT%', region: { startLine: 2, startColumn: 4, endLine: 2, endColumn: 35 }, suppressions: undefined },
      { ruleId: 'fatal', level: 'error', text: 'Parsing error: Unexpected token (3:7)', uri: 'src/broken.vue', base: '%SRCROOT%', region: { startLine: 3, startColumn: 7 }, suppressions: undefined },
    ]);
    for (const r of run.results) expect(rules[r.ruleIndex].id).toBe(r.ruleId);
    // the safe fix of f2 as a SARIF fix
    expect(run.results[1].fixes[0].artifactChanges[0].replacements[0]).toEqual({
      deletedRegion: { charOffset: 42, charLength: 29 },
      insertedContent: { text: 'courier_service_id: 1, selected_date' },
    });
    expect(run.results[2].fixes).toBeUndefined(); // unsafe: not offered as a fix
  });

  it('reports fatal files as tool execution notifications', () => {
    const run = JSON.parse(reporters.sarif(sampleResults(), meta)).runs[0];
    expect(run.invocations).toHaveLength(1);
    expect(run.invocations[0].executionSuccessful).toBe(true);
    const notes = run.invocations[0].toolExecutionNotifications;
    expect(notes).toHaveLength(1);
    expect(notes[0].level).toBe('error');
    expect(notes[0].message.text).toBe('src/broken.vue: Parsing error: Unexpected token (3:7)');
    expect(notes[0].locations[0].physicalLocation.artifactLocation.uri).toBe('src/broken.vue');
  });

  it('keeps partial fingerprints when lines move, and tells repeated constructs apart', () => {
    const prints = (results: FileResult[]) =>
      JSON.parse(reporters.sarif(results, meta)).runs[0].results.map((r: any) => r.partialFingerprints['migrateCheck/v1']);
    const before = prints(sampleResults());
    // two lines added at the top of a.ts: every finding there moves by two lines and 11 characters
    const moved = sampleResults().map((r) => {
      if (!r.source || !r.file.endsWith('a.ts')) return r;
      const shift = (f: Finding): Finding => ({
        ...f,
        line: f.line + 2,
        endLine: f.endLine + 2,
        start: f.start + 11,
        end: f.end + 11,
        edits: f.edits?.map((e) => ({ ...e, start: e.start + 11, end: e.end + 11 })),
      });
      return { ...r, source: `// header\n\n${r.source}`, findings: r.findings.map(shift), suppressed: r.suppressed.map(shift) };
    });
    expect(prints(moved)).toEqual(before);
    expect(new Set(before).size).toBe(before.length);
    // f3 and s1: same rule, file and line text; only the occurrence index differs
    expect(before[2]).not.toBe(before[3]);
    // editing the finding's line changes its fingerprint
    const edited = sampleResults().map((r) => (r.source && r.file.endsWith('a.ts') ? { ...r, source: r.source.replace('const u =', 'let u =  ') } : r));
    const after = prints(edited);
    expect(after[0]).not.toBe(before[0]);
    expect(after.slice(1)).toEqual(before.slice(1));
  });

  it('percent-encodes paths in URIs', () => {
    const file = `${cwd}/src/my file#1.ts`;
    const log = JSON.parse(reporters.sarif([{ file, findings: [{ ...w1, file }], suppressed: [] }], meta));
    expect(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe('src/my%20file%231.ts');
    expect(validate(log)).toBe(true);
  });
});

describe('github step summary', () => {
  it('is a Markdown table of every problem', () => {
    expect(githubStepSummary(sampleResults(), meta)).toBe(
      [
        '## migrate-check',
        '',
        '6 problems (4 errors, 2 warnings) in 3 files; 3 fixable with `--fix`.',
        '',
        '| File | Line | Severity | Rule | Message |',
        '| --- | --- | --- | --- | --- |',
        '| src/a.ts | 1:11 | error | v1-pickups-path | old path /pickup/v1/pickups |',
        '| src/a.ts | 2:11 | error | v1-pickup-field | old pickup field names |',
        '| src/a.ts | 3:5 | error | unmapped-2023-01-path | 2023-01 path not in the spec |',
        '| src/b.ts | 1:8 | warning | ambiguous-courier-id | courier_id is ambiguous |',
        '| src/b.ts | 2:4 | warning | webhook-event-renamed | old event name |',
        '| src/broken.vue | 3:7 | error | fatal | Parsing error: Unexpected token (3:7) |',
        '',
      ].join('\n'),
    );
  });
  it('escapes table cells, caps the rows and says when there is nothing', () => {
    const file = `${cwd}/x.ts`;
    const r: FileResult = { file, findings: [{ ...w1, file, message: 'a | b <i>\nc' }], suppressed: [] };
    expect(githubStepSummary([r], meta)).toContain('| x.ts | 1:8 | warning | ambiguous-courier-id | a \\| b &lt;i&gt; c |');
    const capped = githubStepSummary(sampleResults(), meta, 2);
    expect(capped.split('\n').filter((l) => l.startsWith('| src/'))).toHaveLength(2);
    expect(capped).toContain('… and 4 more (see the full report).');
    expect(githubStepSummary([], meta)).toBe('## migrate-check\n\nNo problems found.\n');
  });
});

describe('all reporters', () => {
  function counts(results: FileResult[]) {
    const json = JSON.parse(reporters.json(results, meta)) as { messages: unknown[] }[];
    const sarifRun = JSON.parse(reporters.sarif(results, meta)).runs[0];
    const lines = (s: string) => s.split('\n').filter(Boolean);
    const stylish = reporters.stylish(results, meta);
    const summary = /(\d+) problems?/.exec(stylish);
    return {
      json: json.reduce((n, r) => n + r.messages.length, 0),
      sarif: sarifRun.results.filter((r: { suppressions?: unknown }) => !r.suppressions).length,
      github: lines(reporters.github(results, meta)).length,
      compact: lines(reporters.compact(results, meta)).length,
      stylishRows: lines(stylish).filter((l) => /^ {2}\d+:\d+ /.test(l)).length,
      stylishSummary: summary ? Number(summary[1]) : 0,
      stepSummary: lines(githubStepSummary(results, meta)).filter((l) => /^\| (?!File |---)/.test(l)).length,
    };
  }

  it('agree on the number of problems', () => {
    const n = { json: 6, sarif: 6, github: 6, compact: 6, stylishRows: 6, stylishSummary: 6, stepSummary: 6 };
    expect(counts(sampleResults())).toEqual(n);
    const zero = { json: 0, sarif: 0, github: 0, compact: 0, stylishRows: 0, stylishSummary: 0, stepSummary: 0 };
    expect(counts([])).toEqual(zero);
    const onlyA = sampleResults().filter((r) => r.file.endsWith('a.ts'));
    expect(counts(onlyA)).toEqual({ json: 3, sarif: 3, github: 3, compact: 3, stylishRows: 3, stylishSummary: 3, stepSummary: 3 });
  });

  it('give the same output whatever order the results come in', () => {
    const reversed = sampleResults()
      .reverse()
      .map((r) => ({ ...r, findings: [...r.findings].reverse() }));
    for (const name of Object.keys(reporters) as (keyof typeof reporters)[]) {
      expect(reporters[name](reversed, meta)).toBe(reporters[name](sampleResults(), meta));
    }
  });

  it('do not change the results they are given', () => {
    const results = sampleResults();
    const copy = structuredClone(results);
    for (const name of Object.keys(reporters) as (keyof typeof reporters)[]) reporters[name](results, meta);
    githubStepSummary(results, meta);
    expect(results).toEqual(copy);
  });
});
