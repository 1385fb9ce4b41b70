import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, parseCliRules, parseJsonText } from '../src/config.js';
import { lineCol } from '../src/core/lines.js';
import { oneLine, UsageError } from '../src/errors.js';
import { applyRuleLevels, filterQuiet } from '../src/severity.js';
import type { FileResult } from '../src/types.js';
import { f1, f2, f3, s1, sampleResults, w1, w2 } from './data/sample-results.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mc-config-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function write(name: string, content: unknown): void {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
}

/** The one line the CLI prints for the error loadConfig throws. */
function failure(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    const line = oneLine(err);
    expect(line).not.toContain('\n');
    return line;
  }
  throw new Error('expected a UsageError, got none');
}

const DEFAULTS = { rules: {}, ignorePatterns: [], maxFileSize: 4194304 };

describe('loadConfig: discovery', () => {
  it('uses the defaults when there is no config', () => {
    expect(loadConfig({ cwd: dir })).toEqual(DEFAULTS);
    write('package.json', { name: 'app', version: '1.0.0' });
    expect(loadConfig({ cwd: dir })).toEqual(DEFAULTS);
  });

  it('reads migrate-check.config.json in the cwd', () => {
    write('migrate-check.config.json', {
      $schema: './node_modules/migrate-check/schema.json',
      baseUrl: 'https://api.example.com',
      legacyBaseUrl: 'https://legacy.example.com/',
      stagingUrl: 'http://staging.example.com:8080',
      rules: { 'v1-pickups-path': 'warn', 'ambiguous-courier-id': 'off' },
      ignorePatterns: ['fixtures/**'],
      maxFileSize: 1000,
    });
    expect(loadConfig({ cwd: dir })).toEqual({
      baseUrl: 'https://api.example.com',
      legacyBaseUrl: 'https://legacy.example.com/',
      stagingUrl: 'http://staging.example.com:8080',
      rules: { 'v1-pickups-path': 'warn', 'ambiguous-courier-id': 'off' },
      ignorePatterns: ['fixtures/**'],
      maxFileSize: 1000,
    });
  });

  it('falls back to the "migrate-check" key of package.json, and prefers the config file', () => {
    write('package.json', { name: 'app', 'migrate-check': { ignorePatterns: ['legacy/**'] } });
    expect(loadConfig({ cwd: dir })).toEqual({ ...DEFAULTS, ignorePatterns: ['legacy/**'] });
    write('migrate-check.config.json', { maxFileSize: 10 });
    expect(loadConfig({ cwd: dir })).toEqual({ ...DEFAULTS, maxFileSize: 10 });
  });

  it('keeps `generated` with the folder of the config file that gave it', () => {
    write('conf/ci.json', { generated: ['gen/**', '*.pb.ts'] });
    expect(loadConfig({ cwd: dir, configPath: 'conf/ci.json' })).toEqual({ ...DEFAULTS, generated: ['gen/**', '*.pb.ts'], generatedRoot: path.join(dir, 'conf') });
    write('package.json', { name: 'x', 'migrate-check': { generated: ['src/api/**'] } });
    expect(loadConfig({ cwd: dir })).toEqual({ ...DEFAULTS, generated: ['src/api/**'], generatedRoot: dir });
  });

  it('reads --config relative to the cwd, over the files it would find', () => {
    write('migrate-check.config.json', { maxFileSize: 10 });
    write('conf/ci.json', { maxFileSize: 20 });
    expect(loadConfig({ cwd: dir, configPath: 'conf/ci.json' })).toEqual({ ...DEFAULTS, maxFileSize: 20 });
    expect(loadConfig({ cwd: '/', configPath: path.join(dir, 'conf/ci.json') })).toEqual({ ...DEFAULTS, maxFileSize: 20 });
  });

  it('names a --config file that does not exist', () => {
    expect(failure(() => loadConfig({ cwd: dir, configPath: 'nope.json' }))).toBe('config file not found: nope.json');
    mkdirSync(path.join(dir, 'folder'));
    expect(failure(() => loadConfig({ cwd: dir, configPath: 'folder' }))).toBe('config file is a folder, not a file: folder');
  });

  it('reads the key when --config names a package.json', () => {
    write('sub/package.json', { 'migrate-check': { maxFileSize: 5 } });
    expect(loadConfig({ cwd: dir, configPath: 'sub/package.json' })).toEqual({ ...DEFAULTS, maxFileSize: 5 });
    write('other/package.json', { name: 'x' });
    expect(failure(() => loadConfig({ cwd: dir, configPath: 'other/package.json' }))).toBe('other/package.json has no "migrate-check" key');
  });

  it('accepts a BOM', () => {
    write('migrate-check.config.json', '\ufeff{ "maxFileSize": 7 }');
    expect(loadConfig({ cwd: dir }).maxFileSize).toBe(7);
  });
});

describe('loadConfig: one-line errors naming the key', () => {
  const cases: [string, unknown, string][] = [
    ['unknown key', { ignorePattern: ['a'] }, 'migrate-check.config.json: unknown key "ignorePattern" (did you mean "ignorePatterns"?)'],
    [
      'unknown key far from any known one',
      { colour: true },
      'migrate-check.config.json: unknown key "colour" (known keys: baseUrl, legacyBaseUrl, stagingUrl, rules, ignorePatterns, maxFileSize, paths, generated)',
    ],
    ['config not an object', ['a'], 'migrate-check.config.json must be an object, got an array'],
    ['maxFileSize type', { maxFileSize: 'big' }, 'migrate-check.config.json: maxFileSize must be an integer, got "big"'],
    ['maxFileSize fraction', { maxFileSize: 1.5 }, 'migrate-check.config.json: maxFileSize must be an integer, got 1.5'],
    ['maxFileSize zero', { maxFileSize: 0 }, 'migrate-check.config.json: maxFileSize must be a positive integer, got 0'],
    ['ignorePatterns type', { ignorePatterns: 'dist/**' }, 'migrate-check.config.json: ignorePatterns must be an array, got "dist/**"'],
    ['ignorePatterns item', { ignorePatterns: ['a', 3] }, 'migrate-check.config.json: ignorePatterns[1] must be a string, got 3'],
    ['rules type', { rules: ['v1-pickups-path'] }, 'migrate-check.config.json: rules must be an object, got an array'],
    ['rule level', { rules: { 'v1-pickups-path': 2 } }, 'migrate-check.config.json: rules["v1-pickups-path"] must be a string, got 2'],
    ['rule level word', { rules: { 'v1-pickups-path': 'warning' } }, 'migrate-check.config.json: rules["v1-pickups-path"] must be "off", "warn" or "error", got "warning"'],
    ['baseUrl not a URL', { baseUrl: 'api.example.com' }, 'migrate-check.config.json: baseUrl must be an http(s) URL, got "api.example.com"'],
    ['baseUrl not http', { baseUrl: 'ftp://api.example.com' }, 'migrate-check.config.json: baseUrl must be an http(s) URL, got "ftp://api.example.com"'],
    ['stagingUrl type', { stagingUrl: 42 }, 'migrate-check.config.json: stagingUrl must be a string, got 42'],
    ['legacyBaseUrl null', { legacyBaseUrl: null }, 'migrate-check.config.json: legacyBaseUrl must be a string, got null'],
    ['paths type', { paths: ['POST /2023-01/shipments'] }, 'migrate-check.config.json: paths must be an object, got an array'],
    ['paths value type', { paths: { 'POST /2023-01/shipments': 1 } }, 'migrate-check.config.json: paths["POST /2023-01/shipments"] must be a string, got 1'],
    [
      'paths entry naming no old path',
      { paths: { 'POST /api/v1/shipments': 'POST /2024-09/shipments' } },
      'migrate-check.config.json: paths: "POST /api/v1/shipments" must name an old path (METHOD /2023-01/… or a v1 family\'s /…/v1/…), got "POST /api/v1/shipments"',
    ],
    [
      'paths entry from a 2024-09 path',
      { paths: { '/2024-09/shipments': '/2024-09/shipments' } },
      'migrate-check.config.json: paths: "/2024-09/shipments" must name an old path (METHOD /2023-01/… or a v1 family\'s /…/v1/…), got "/2024-09/shipments"',
    ],
    [
      'paths entry to a path outside 2024-09',
      { paths: { 'POST /2023-01/shipments': 'POST /2023-02/shipments' } },
      'migrate-check.config.json: paths: "POST /2023-01/shipments" must map to a 2024-09 path (METHOD /2024-09/…), got "POST /2023-02/shipments"',
    ],
    [
      'paths entry with a placeholder the old path lacks',
      { paths: { 'GET /2023-01/shipments/{id}': 'GET /2024-09/shipments/{shipment_id}' } },
      'migrate-check.config.json: paths: "GET /2023-01/shipments/{id}": {shipment_id} in "GET /2024-09/shipments/{shipment_id}" is not a placeholder of "GET /2023-01/shipments/{id}"',
    ],
    ['generated type', { generated: 'src/gen/**' }, 'migrate-check.config.json: generated must be an array, got "src/gen/**"'],
    ['generated item', { generated: ['src/gen/**', 7] }, 'migrate-check.config.json: generated[1] must be a string, got 7'],
    ['generated empty glob', { generated: ['  '] }, 'migrate-check.config.json: generated[0] must be a glob of files (such as "src/generated/**"), got "  "'],
    ['generated negation', { generated: ['!src/gen/keep.ts'] }, 'migrate-check.config.json: generated[0] must be a glob of files (such as "src/generated/**"), got "!src/gen/keep.ts"'],
    ['generated outside the folder', { generated: ['../shared/gen/**'] }, 'migrate-check.config.json: generated[0] must be relative to the config file\'s folder and stay inside it, got "../shared/gen/**"'],
    ['generated absolute', { generated: ['/srv/app/gen/**'] }, 'migrate-check.config.json: generated[0] must be relative to the config file\'s folder and stay inside it, got "/srv/app/gen/**"'],
  ];
  for (const [name, value, message] of cases) {
    it(name, () => {
      write('migrate-check.config.json', value);
      expect(failure(() => loadConfig({ cwd: dir }))).toBe(message);
    });
  }

  it('an unknown rule id names the nearest known ids', () => {
    write('migrate-check.config.json', { rules: { 'v1-pickup-path': 'off' } });
    const line = failure(() => loadConfig({ cwd: dir }));
    expect(line).toMatch(/^migrate-check\.config\.json: rules: unknown rule "v1-pickup-path" \(did you mean .+\?\)$/);
    expect(line).toContain('v1-pickups-path');
  });

  it('names the package.json key when the config lives there', () => {
    write('package.json', { 'migrate-check': { maxFileSize: -1 } });
    expect(failure(() => loadConfig({ cwd: dir }))).toBe('package.json "migrate-check": maxFileSize must be a positive integer, got -1');
    write('package.json', { 'migrate-check': 'strict' });
    expect(failure(() => loadConfig({ cwd: dir }))).toBe('package.json "migrate-check" must be an object, got "strict"');
  });

  it('bad JSON names the file, line and column', () => {
    write('migrate-check.config.json', '{\n  "rules": {\n    "v1-pickups-path": "off"\n    "labels-path": "off"\n  }\n}\n');
    expect(failure(() => loadConfig({ cwd: dir }))).toBe('migrate-check.config.json: invalid JSON at line 4, column 5: expected ",", found character "\\""');
    write('migrate-check.config.json', '');
    expect(failure(() => loadConfig({ cwd: dir }))).toBe('migrate-check.config.json: invalid JSON at line 1, column 1: unexpected end of file');
    write('migrate-check.config.json', '{ "maxFileSize": 1 /* the limit');
    expect(failure(() => loadConfig({ cwd: dir }))).toBe('migrate-check.config.json: invalid JSON at line 1, column 20: unterminated comment');
    write('conf.json', "{ 'maxFileSize': 1 }");
    expect(failure(() => loadConfig({ cwd: dir, configPath: 'conf.json' }))).toBe('conf.json: invalid JSON at line 1, column 3: unexpected character "\'"');
    write('package.json', '{ "name": "x" ');
    rmSync(path.join(dir, 'migrate-check.config.json'));
    expect(failure(() => loadConfig({ cwd: dir }))).toBe('package.json: invalid JSON at line 1, column 15: unexpected end of file');
  });

  it('reads comments and trailing commas in the config file (JSONC, as tsconfig.json), not in package.json', () => {
    const jsonc = [
      '// migrate-check settings',
      '{',
      '  /* the 2024-09 host */',
      '  "baseUrl": "https://api.example.com", // production',
      '  "rules": { "ambiguous-courier-id": "off", },',
      '  "ignorePatterns": ["gen/**",],',
      '}',
      '',
    ].join('\n');
    const want = { ...DEFAULTS, baseUrl: 'https://api.example.com', rules: { 'ambiguous-courier-id': 'off' }, ignorePatterns: ['gen/**'] };
    write('migrate-check.config.json', jsonc);
    expect(loadConfig({ cwd: dir })).toEqual(want);
    write('ci/strict.json', jsonc);
    expect(loadConfig({ cwd: dir, configPath: 'ci/strict.json' })).toEqual(want);
    // package.json is npm's, strict JSON
    write('pkg/package.json', '{ "migrate-check": { "maxFileSize": 5, }, }');
    expect(failure(() => loadConfig({ cwd: path.join(dir, 'pkg') }))).toBe('package.json: invalid JSON at line 1, column 40: trailing comma before "}"');
    write('pkg/package.json', '{\n  // a comment\n  "migrate-check": {}\n}');
    expect(failure(() => loadConfig({ cwd: path.join(dir, 'pkg') }))).toBe('package.json: invalid JSON at line 2, column 3: a comment, which this file cannot have (strict JSON)');
  });
});

describe('--rule and --ignore-pattern', () => {
  it('override the file, a later --rule winning', () => {
    write('migrate-check.config.json', { rules: { 'v1-pickups-path': 'off', 'labels-path': 'warn' }, ignorePatterns: ['a/**'] });
    const config = loadConfig({
      cwd: dir,
      cliRules: ['v1-pickups-path=error', 'ambiguous-courier-id=off', 'ambiguous-courier-id=warn'],
      cliIgnore: ['b/**', 'c/**'],
    });
    expect(config.rules).toEqual({ 'v1-pickups-path': 'error', 'labels-path': 'warn', 'ambiguous-courier-id': 'warn' });
    expect(config.ignorePatterns).toEqual(['a/**', 'b/**', 'c/**']);
  });

  it('are checked like the file', () => {
    expect(parseCliRules([' labels-path = off '])).toEqual({ 'labels-path': 'off' });
    expect(failure(() => parseCliRules(['labels-path']))).toBe('--rule must be ID=off|warn|error, got "labels-path"');
    expect(failure(() => parseCliRules(['=off']))).toBe('--rule must be ID=off|warn|error, got "=off"');
    expect(failure(() => parseCliRules(['labels-path=2']))).toBe('--rule labels-path: the level must be off, warn or error, got "2"');
    const unknown = failure(() => loadConfig({ cwd: dir, cliRules: ['label-path=off'] }));
    expect(unknown).toMatch(/^--rule: unknown rule "label-path" \(did you mean .*labels-path.*\?\)$/);
  });
});

describe('JSON error positions', () => {
  const reason = (text: string, comments = false) => {
    try {
      parseJsonText(text, 'x.json', { comments });
    } catch (err) {
      return (err as Error).message;
    }
    return 'parsed';
  };

  it('points at the first error, in words', () => {
    expect(reason('{"a":}')).toBe('x.json: invalid JSON at line 1, column 6: expected a value, found character "}"');
    expect(reason('[1,]')).toBe('x.json: invalid JSON at line 1, column 4: trailing comma before "]"');
    expect(reason('{"a" 1}')).toBe('x.json: invalid JSON at line 1, column 6: expected ":" after the property name, found character "1"');
    expect(reason('"abc')).toBe('x.json: invalid JSON at line 1, column 1: unterminated string');
    expect(reason('{} x')).toBe('x.json: invalid JSON at line 1, column 4: unexpected character "x"');
    expect(reason('01')).toBe('x.json: invalid JSON at line 1, column 2: unexpected character "1" after the value');
    expect(reason('["ok", "\\x"]')).toBe('x.json: invalid JSON at line 1, column 8: bad escape in the string here');
    expect(reason('tru')).toBe('x.json: invalid JSON at line 1, column 1: unexpected character "t"');
    expect(reason('[1 2]')).toBe('x.json: invalid JSON at line 1, column 4: expected ",", found character "2"');
    expect(reason('  ')).toBe('x.json: invalid JSON at line 1, column 3: unexpected end of file');
    expect(reason('\r\n\r\n  {"a": }')).toBe('x.json: invalid JSON at line 3, column 9: expected a value, found character "}"');
    expect(reason('['.repeat(100_000))).toBe('x.json: invalid JSON: nested too deeply to read');
  });

  it('reads comments and trailing commas only when asked (JSONC)', () => {
    expect(reason('{"a": 1, // one\n}')).toBe('x.json: invalid JSON at line 1, column 10: a comment, which this file cannot have (strict JSON)');
    expect(parseJsonText('/* a */ {"a": [1, 2,], // one\n "b": {},}', 'x.json', { comments: true })).toEqual({ a: [1, 2], b: {} });
    expect(reason('{"a": 1 /* open', true)).toBe('x.json: invalid JSON at line 1, column 9: unterminated comment');
    expect(reason('{"a": 1,, }', true)).toBe('x.json: invalid JSON at line 1, column 9: expected a property name in double quotes, found character ","');
  });

  it('keeps "__proto__" as a key of its own, as JSON.parse does', () => {
    for (const comments of [false, true]) {
      const v = parseJsonText('{"__proto__": {"polluted": true}}', 'x.json', { comments }) as Record<string, unknown>;
      expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
      expect(Object.keys(v)).toEqual(['__proto__']);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('agrees with JSON.parse on what is valid, and on the value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2), fc.boolean(), (v, indent, comments) => {
        const text = JSON.stringify(v, null, indent);
        expect(parseJsonText(text, 'x.json', { comments })).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (s) => {
        let valid = true;
        try {
          JSON.parse(s);
        } catch {
          valid = false;
        }
        expect(reason(s) === 'parsed', s).toBe(valid);
      }),
      { numRuns: 2000 },
    );
  });

  it('counts lines and columns, CRLF included', () => {
    expect(lineCol('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(lineCol('ab\r\ncd', 5)).toEqual({ line: 2, column: 2 });
    expect(lineCol('x', 0)).toEqual({ line: 1, column: 1 });
  });
});

describe('severity', () => {
  const fileA = (): FileResult => sampleResults().find((r) => r.file.endsWith('a.ts'))!;
  const fileB = (): FileResult => sampleResults().find((r) => r.file.endsWith('b.ts'))!;

  it('off drops the rule\'s findings, suppressed ones included', () => {
    const [a] = applyRuleLevels([fileA()], { 'unmapped-2023-01-path': 'off' });
    expect(a.findings.map((f) => f.ruleId)).toEqual(['v1-pickups-path', 'v1-pickup-field']);
    expect(a.suppressed).toEqual([]);
  });

  it('warn and error set the severity; unnamed rules keep theirs', () => {
    const [a, b] = applyRuleLevels([fileA(), fileB()], { 'v1-pickups-path': 'warn', 'ambiguous-courier-id': 'error', 'webhook-event-renamed': 'warn' });
    expect(a.findings.map((f) => [f.ruleId, f.severity])).toEqual([
      ['unmapped-2023-01-path', 'error'],
      ['v1-pickups-path', 'warning'],
      ['v1-pickup-field', 'error'],
    ]);
    expect(b.findings.map((f) => [f.ruleId, f.severity])).toEqual([
      ['webhook-event-renamed', 'warning'],
      ['ambiguous-courier-id', 'error'],
    ]);
    expect(a.findings[1]).toEqual({ ...f1, severity: 'warning' });
  });

  it('is pure and keeps fatal files', () => {
    const input = sampleResults();
    const copy = structuredClone(input);
    const out = applyRuleLevels(input, { 'v1-pickups-path': 'off', 'ambiguous-courier-id': 'error' });
    expect(input).toEqual(copy);
    expect(out.find((r) => r.fatal)?.fatal?.message).toBe('Parsing error: Unexpected token (3:7)');
    expect(applyRuleLevels(input, {})).toEqual(copy);
  });

  it('--quiet keeps errors only', () => {
    const out = filterQuiet(sampleResults());
    expect(out.flatMap((r) => r.findings)).toEqual([f3, f1, f2]);
    expect(out.flatMap((r) => r.suppressed)).toEqual([s1]);
    expect(out.filter((r) => r.fatal)).toHaveLength(1);
    expect(filterQuiet([{ ...fileB(), findings: [w1, w2] }])[0].findings).toEqual([]);
  });
});
