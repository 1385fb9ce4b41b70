// The built CLI end to end: exit codes, reporters, the catalogue flags, --fix guards and the diff.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../src/catalogue/index.js';
import { git, gitInit, ROOT, runCli, snapshot, tempCopy, tempDir, tempTree } from './helpers.js';

const LEGACY = path.join(ROOT, 'fixtures', 'projects', 'legacy-client');
const expectFile = JSON.parse(readFileSync(path.join(LEGACY, 'expect.json'), 'utf8')) as { findings: { file: string; line: number }[] };

describe('scan', () => {
  it('prints every old construct of the legacy example with file:line:col and rule, and exits 1', () => {
    const dir = tempCopy(path.join(LEGACY, 'before'));
    const r = runCli(['-r', 'compact'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trim().split('\n');
    for (const l of lines) expect(l).toMatch(/^src\/[\w.]+:\d+:\d+: (error|warning) .+ \[[a-z0-9-]+\]$/);
    const reported = new Set(lines.map((l) => l.split(':').slice(0, 2).join(':')));
    expect([...reported].sort()).toEqual([...new Set(expectFile.findings.map((f) => `${f.file}:${f.line}`))].sort());
    const stylish = runCli([], dir);
    expect(stylish.code).toBe(1);
    expect(stylish.stdout).toContain('src/labels.ts');
    expect(stylish.stdout).toMatch(/^\s+8:7\s+error\s+.*label-entry-field$/m);
    expect(stylish.stdout).toMatch(/✖ \d+ problems \(\d+ errors, 0 warnings\)/);
  });

  it('a report sent to a file (`> report.json`, `>> log`) is the one a pipe gets, whole and in place', () => {
    const dir = tempCopy(path.join(LEGACY, 'before'));
    const piped = runCli(['-r', 'json'], dir);
    expect(piped.code).toBe(1);
    const out = path.join(tempDir(), 'report.json');
    for (const [flag, before] of [['w', ''], ['a', 'an earlier line\n']] as const) {
      writeFileSync(out, before);
      const fd = openSync(out, flag);
      const r = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'migrate-check.js'), '-r', 'json'], { cwd: dir, stdio: ['ignore', fd, 'pipe'], encoding: 'utf8' });
      closeSync(fd);
      expect([r.status, r.stderr]).toEqual([1, '']);
      expect(readFileSync(out, 'utf8')).toBe(before + piped.stdout);
    }
  });

  it('a suppression comment: its words after -- are the justification in json and sarif', () => {
    const dir = tempTree({
      'a.ts': [
        '// migrate-check-disable-next-line labels-path -- checked: the label service still runs 2023-01',
        "fetch('/2023-01/labels', { method: 'POST' });",
        '// migrate-check-disable-next-line webhooks-path',
        "fetch('/2023-01/webhooks', { method: 'POST' });",
        '',
      ].join('\n'),
    });
    const json = JSON.parse(runCli(['-r', 'json'], dir).stdout) as { suppressedMessages: { ruleId: string; suppressions: unknown[] }[] }[];
    expect(json[0].suppressedMessages.map((m) => [m.ruleId, m.suppressions])).toEqual([
      ['labels-path', [{ kind: 'directive', justification: 'checked: the label service still runs 2023-01' }]],
      ['webhooks-path', [{ kind: 'directive', justification: '' }]],
    ]);
    const sarif = JSON.parse(runCli(['-r', 'sarif'], dir).stdout) as { runs: { results: { ruleId: string; suppressions?: unknown[] }[] }[] };
    expect(sarif.runs[0].results.map((r) => [r.ruleId, r.suppressions])).toEqual([
      ['labels-path', [{ kind: 'inSource', justification: 'checked: the label service still runs 2023-01' }]],
      ['webhooks-path', [{ kind: 'inSource' }]],
    ]);
  });

  it('the fixable count is the same in stylish, html, json findings and the --fix summary', () => {
    const dir = tempCopy(path.join(LEGACY, 'before'));
    const stylish = /(\d+) errors and (\d+) warnings potentially fixable/.exec(runCli([], dir).stdout);
    const html = /data-fixable="(\d+)"/.exec(runCli(['-r', 'html'], dir).stdout);
    const summary = /(\d+) findings fixed, (\d+) left for a person/.exec(runCli(['--fix', '--dry-run'], dir).stderr);
    expect(stylish && html && summary).toBeTruthy();
    // the legacy example: every finding has a 2024-09 form --fix writes (its after/ has none left)
    expect([Number(stylish![1]), Number(html![1]), Number(summary![1]), Number(summary![2])]).toEqual([24, 24, 24, 0]);
  });

  it('an ambiguous courier_id is warned in a file that calls an old path written in an imported constant', () => {
    const dir = tempTree({
      'endpoints.ts': "export const LABELS = '/2023-01/labels';\n",
      'use.ts': [
        "import axios from 'axios';",
        "import { LABELS } from './endpoints';",
        'export const print = (body: unknown) => axios.post(LABELS, body);',
        'export const row = (svc: string) => ({ courier_id: svc, n: 1 });',
        '',
      ].join('\n'),
      'other.ts': 'export const row = (svc: string) => ({ courier_id: svc, n: 1 });\n',
    });
    const lines = runCli(['-r', 'compact'], dir).stdout.trim().split('\n');
    expect(lines.map((l) => l.replace(/ .*\[/, ' [')).sort()).toEqual(['endpoints.ts:1:24: [labels-path]', 'use.ts:4:40: [ambiguous-courier-id]']);
  });

  it('prints nothing and exits 0 on the 2024-09 form of the example', () => {
    const r = runCli([], tempCopy(path.join(LEGACY, 'after')));
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('json has the ESLint shape and positions that match the source', () => {
    const dir = tempCopy(path.join(LEGACY, 'before'));
    const r = runCli(['-r', 'json'], dir);
    const data = JSON.parse(r.stdout) as any[];
    let n = 0;
    for (const f of data) {
      expect(Object.keys(f).sort()).toEqual(expect.arrayContaining(['filePath', 'messages', 'errorCount', 'warningCount', 'fixableErrorCount', 'fixableWarningCount']));
      expect(path.isAbsolute(f.filePath)).toBe(true);
      const text = readFileSync(f.filePath, 'utf8').split('\n');
      for (const m of f.messages) {
        n++;
        expect(m.severity === 2 || m.severity === 1).toBe(true);
        expect(m.endLine).toBeGreaterThanOrEqual(m.line);
        const covered = m.line === m.endLine ? text[m.line - 1].slice(m.column - 1, m.endColumn - 1) : text[m.line - 1].slice(m.column - 1);
        expect(covered.length).toBeGreaterThan(0);
        if (m.ruleId === 'labels-path') expect(covered).toBe('/2023-01/labels');
        if (m.ruleId === 'label-entry-field') expect(covered).toBe('courier_id');
        if (m.ruleId === 'webhook-version') expect(covered).toBe("'2023-01'");
        if (m.fix) {
          const src = readFileSync(f.filePath, 'utf8');
          expect(m.fix.range[0]).toBeLessThanOrEqual(m.fix.range[1]);
          expect(m.fix.range[1]).toBeLessThanOrEqual(src.length);
        }
      }
    }
    expect(n).toBeGreaterThanOrEqual(expectFile.findings.length);
  });

  it('all reporters agree on the count of findings', () => {
    const dir = tempCopy(path.join(LEGACY, 'before'));
    const json = JSON.parse(runCli(['-r', 'json'], dir).stdout) as any[];
    const count = json.reduce((k, f) => k + f.messages.length, 0);
    expect(runCli(['-r', 'compact'], dir).stdout.trim().split('\n').length).toBe(count);
    expect(runCli(['-r', 'github'], dir).stdout.trim().split('\n').filter((l) => l.startsWith('::')).length).toBe(count);
    const sarif = JSON.parse(runCli(['-r', 'sarif'], dir).stdout);
    expect(sarif.runs[0].results.length).toBe(count);
    const html = runCli(['-r', 'html'], dir).stdout;
    const errors = Number(/data-errors="(\d+)"/.exec(html)![1]);
    const warnings = Number(/data-warnings="(\d+)"/.exec(html)![1]);
    expect(errors + warnings).toBe(count);
  });

  it('--quiet, --max-warnings and --rule set the exit code as PRODUCT.md says', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'dates.ts'), "import { http } from './http';\nexport const d = (id: string) => http.get(`/2024-09/couriers/${id}`).then(() => ({ courier_id: id }));\nexport const old = () => http.post('/2023-01/webhooks');\n");
    let r = runCli(['-r', 'compact'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('ambiguous-courier-id');
    r = runCli(['-r', 'compact', '--rule', 'webhooks-path=warn'], dir);
    expect(r.code).toBe(0);
    r = runCli(['-r', 'compact', '--rule', 'webhooks-path=warn', '--max-warnings', '0'], dir);
    expect(r.code).toBe(1);
    r = runCli(['-r', 'compact', '--rule', 'webhooks-path=off', '--quiet'], dir);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(0);
  });

  it('a file that cannot be parsed is a fatal message and the run goes on', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'broken.ts'), "const x = fetch('/2023-01/webhooks', {;\n");
    writeFileSync(path.join(dir, 'good.ts'), "export const w = () => fetch('/2023-01/webhooks', { method: 'POST' });\n");
    const r = runCli(['-r', 'json'], dir);
    expect(r.code).toBe(1);
    const data = JSON.parse(r.stdout) as any[];
    const broken = data.find((f) => f.filePath.endsWith('broken.ts'));
    expect(broken.messages).toHaveLength(1);
    expect(broken.messages[0]).toMatchObject({ ruleId: null, fatal: true, severity: 2, line: 1 });
    expect(data.find((f) => f.filePath.endsWith('good.ts')).messages[0].ruleId).toBe('webhooks-path');
  });
});

describe('catalogue flags', () => {
  it('--list-rules shows every rule', () => {
    const r = runCli(['--list-rules'], ROOT);
    expect(r.code).toBe(0);
    for (const rule of loadCatalogue().rules) expect(r.stdout).toContain(rule.id);
  });
  it('--explain shows old form, new form, fix kind and the spec section', () => {
    const r = runCli(['--explain', 'labels-path'], ROOT);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Old form:  POST /2023-01/labels');
    expect(r.stdout).toContain('New form:  POST /2024-09/batches/labels');
    expect(r.stdout).toMatch(/Fixable:\s+yes/);
    expect(r.stdout).toMatch(/Spec:\s+Endpoints/);
  });
  it('an unknown rule is one line naming the nearest ones, exit 2', () => {
    const r = runCli(['--explain', 'label-path'], ROOT);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('labels-path');
  });
  it('a path that names no file it reads is one line and exit 2: another kind of file, a FIFO, a loop of links', () => {
    const dir = tempTree({ 'notes.txt': 'fetch("/2023-01/labels")\n' });
    spawnSync('mkfifo', [path.join(dir, 'pipe.ts')]);
    symlinkSync('loop-b', path.join(dir, 'loop-a'));
    symlinkSync('loop-a', path.join(dir, 'loop-b'));
    const cases: [string, string][] = [
      ['notes.txt', 'migrate-check: notes.txt is not a file migrate-check reads (it reads .js .jsx .ts .tsx .mjs .cjs .mts .cts .vue .svelte .astro)'],
      ['pipe.ts', 'migrate-check: pipe.ts is neither a file nor a folder'],
      ['loop-a', 'migrate-check: cannot read loop-a: a loop of symbolic links'],
    ];
    for (const [p, line] of cases) {
      const r = runCli([p], dir);
      expect(r.code, p).toBe(2);
      expect(r.stderr, p).toBe(`${line}\n`);
    }
  });

  it('merge: the output may be one of the reports; -o=FILE and --output-file=FILE; an unknown flag or -o without a file is exit 2', () => {
    const dir = tempCopy(path.join(LEGACY, 'before'));
    for (const i of [1, 2]) {
      runCli(['--shard', `${i}/2`, '-r', 'json', '-o', `s${i}.json`], dir);
      expect(existsSync(path.join(dir, `s${i}.json`))).toBe(true);
    }
    const whole = JSON.parse(runCli(['-r', 'json'], dir).stdout) as unknown[];
    expect(runCli(['merge', 's1.json', 's2.json', '-o', 's1.json'], dir).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 's1.json'), 'utf8'))).toEqual(whole);
    expect(runCli(['merge', 's1.json', '--output-file=m.json'], dir).stdout).toBe('');
    expect(JSON.parse(readFileSync(path.join(dir, 'm.json'), 'utf8'))).toEqual(whole);
    for (const [args, line] of [
      [['merge', 's2.json', '--bogus'], 'migrate-check: merge does not know --bogus (migrate-check merge a.json b.json|DIR [--reporter json|html] [--exit-code] [-o merged.json])'],
      [['merge', 's2.json', '-o'], 'migrate-check: -o needs a value (migrate-check merge a.json b.json|DIR [--reporter json|html] [--exit-code] [-o merged.json])'],
    ] as [string[], string][]) {
      const r = runCli(args, dir);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toBe(`${line}\n`);
    }
  });

  it('sarif URIs and github annotations name files from the repository root, run from a subfolder too', () => {
    const dir = tempTree({ 'app/src/a.ts': "fetch('/2023-01/labels', { method: 'POST' });\n" });
    gitInit(dir);
    const sub = path.join(dir, 'app');
    const sarif = JSON.parse(runCli(['-r', 'sarif'], sub).stdout) as { runs: { originalUriBaseIds: { '%SRCROOT%': { uri: string } }; results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    expect(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe('app/src/a.ts');
    expect(sarif.runs[0].originalUriBaseIds['%SRCROOT%'].uri).toBe(`${pathToFileURL(dir).href}/`);
    expect(runCli(['-r', 'github'], sub).stdout).toMatch(/^::error file=app\/src\/a\.ts,line=1,/m);
    // the human reporters stay relative to where the command runs
    expect(runCli(['-r', 'compact'], sub).stdout).toMatch(/^src\/a\.ts:1:/);
  });

  it('a base URL and the paths sent through it move together: --fix on narrower paths that leave the base out moves none, and --fix on a shard is refused', () => {
    const client = "import axios from 'axios';\n\nexport const api = axios.create({ baseURL: 'https://api.shipping.test/2023-01' });\n";
    // a file that names an old path of its own passes the text test without the base's module
    const labels = "import { api } from '../client';\n\nexport const account = (id: string) => api.get(`/courier_accounts/${id}`);\n";
    const dir = tempTree({ 'src/client.ts': client, 'src/orders/labels.ts': labels });
    gitInit(dir);
    // the paths alone: nothing written, and the finding says why
    const narrow = runCli(['--fix', '--no-progress', '-r', 'compact', 'src/orders'], dir);
    expect(narrow.code).toBe(1);
    expect(readFileSync(path.join(dir, 'src/orders/labels.ts'), 'utf8')).toBe(labels);
    expect(narrow.stdout).toContain('migrate-check --fix: 0 files changed, 0 findings fixed, 1 left for a person.');
    expect(narrow.stdout.split('\n')[0] + '\n').toBe(
      "src/orders/labels.ts:3:49: error `/courier_accounts/${id}` sent through the versioned base URL `https://api.shipping.test/2023-01` forms `/2023-01/courier_accounts/${id}`, a 2023-01 path; 2024-09 uses `/2024-09/couriers/{courier_id}`; left for a person: the base is defined in src/client.ts, outside the files this run checks; `--fix` moves a base and its paths together, in a run over both. [courier-accounts-path]\n",
    );
    const shard = runCli(['--fix', '--shard', '1/2'], dir);
    expect(shard.code).toBe(2);
    expect(shard.stderr).toBe('migrate-check: --shard splits a scan over CI jobs; --fix runs on the whole tree (a base URL and the paths sent through it move together, across files)\n');
    expect(snapshot(dir)).toEqual(snapshot(tempTree({ 'src/client.ts': client, 'src/orders/labels.ts': labels })));
    // the whole tree: both move
    expect(runCli(['--fix', '--no-progress'], dir).code).toBe(0);
    expect(readFileSync(path.join(dir, 'src/client.ts'), 'utf8')).toBe(client.replace('/2023-01', '/2024-09'));
    expect(readFileSync(path.join(dir, 'src/orders/labels.ts'), 'utf8')).toBe(labels.replace('/courier_accounts/', '/couriers/'));
  });

  it('--update-baseline with --shard or a narrower path keeps the entries of the files it did not scan', () => {
    const dir = tempCopy(path.join(LEGACY, 'before'));
    const read = () => JSON.parse(readFileSync(path.join(dir, 'b.json'), 'utf8')) as Record<string, unknown>;
    expect(runCli(['--update-baseline', '--baseline', 'b.json'], dir).code).toBe(0);
    const whole = read();
    expect(Object.keys(whole).length).toBeGreaterThan(2);
    for (const i of [1, 2, 3]) expect(runCli(['--update-baseline', '--baseline', 'b.json', '--shard', `${i}/3`], dir).code).toBe(0);
    expect(read()).toEqual(whole);
    expect(runCli(['--update-baseline', '--baseline', 'b.json', 'src/labels.ts'], dir).code).toBe(0);
    expect(read()).toEqual(whole);
    // a file fixed since: its entry goes, the others stay
    writeFileSync(path.join(dir, 'src', 'labels.ts'), readFileSync(path.join(LEGACY, 'after', 'src', 'labels.ts')));
    expect(runCli(['--update-baseline', '--baseline', 'b.json', 'src/labels.ts'], dir).code).toBe(0);
    const { ['src/labels.ts']: gone, ...rest } = whole;
    expect(gone).toBeDefined();
    expect(read()).toEqual(rest);
    // and the baseline still hides all of what is left
    expect(runCli(['--baseline', 'b.json'], dir).code).toBe(0);
  });

  it('--help and -h print the options, exit 0', () => {
    for (const flag of ['--help', '-h']) {
      const r = runCli([flag], ROOT);
      expect(r.code, flag).toBe(0);
      expect(r.stdout, flag).toMatch(/^migrate-check \[paths\.\.\]/);
      expect(r.stdout, flag).toContain('--dry-run');
    }
  });

  it('a trend file that cannot be used is one line naming it, exit 2, and no page is written', () => {
    const dir = tempCopy(path.join(LEGACY, 'before'));
    mkdirSync(path.join(dir, 'history'));
    const r = runCli(['-r', 'html', '--trend', 'history', '-o', 'page.html'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('migrate-check: cannot use the trend file history (it is a folder)\n');
    expect(existsSync(path.join(dir, 'page.html'))).toBe(false);
  });

  it('bad flags and paths are one line and exit 2, with no stack', () => {
    for (const args of [['--no-such-flag'], ['no/such/folder'], ['--unsafe'], ['-r', 'xml'], ['--max-warnings', 'abc']]) {
      const r = runCli(args, ROOT);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('--fix', () => {
  it('--dry-run prints a diff that git apply accepts and writes nothing', () => {
    const dir = tempCopy(path.join(LEGACY, 'before'));
    gitInit(dir);
    const before = snapshot(dir);
    const r = runCli(['--fix', '--dry-run'], dir);
    expect(snapshot(dir)).toEqual(before);
    expect(r.stdout).toMatch(/^diff --git a\/src\//);
    writeFileSync(path.join(dir, '..', path.basename(dir) + '.patch'), r.stdout);
    const check = spawnSync('git', ['apply', '--check', path.join(dir, '..', path.basename(dir) + '.patch')], { cwd: dir, encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    spawnSync('git', ['apply', path.join(dir, '..', path.basename(dir) + '.patch')], { cwd: dir });
    expect(snapshot(dir)).toEqual({ ...snapshot(path.join(LEGACY, 'after')) });
    expect(r.stderr).toContain('Steps no code change covers');
  });

  it('--dry-run: the exit status counts what is left as a scan does (--baseline, --max-warnings); -o takes the diff', () => {
    const dir = tempTree({ 'a.ts': "fetch('/pickup/v1/direct_handover', { method: 'POST' });\nfetch('/2023-01/labels', { method: 'POST' });\n" });
    // the direct handover has no 2024-09 form: it is what stays after the fix
    expect(runCli(['--fix', '--dry-run'], dir).code).toBe(1);
    expect(runCli(['--update-baseline', '--baseline', 'b.json'], dir).code).toBe(0);
    const withBaseline = runCli(['--fix', '--dry-run', '--baseline', 'b.json', '-o', 'fix.patch'], dir);
    expect(withBaseline.code).toBe(0);
    expect(withBaseline.stdout).toBe('');
    expect(readFileSync(path.join(dir, 'fix.patch'), 'utf8')).toContain("+fetch('/2024-09/batches/labels'");
    expect(readFileSync(path.join(dir, 'a.ts'), 'utf8')).toContain('/2023-01/labels');
    // as a warning it passes, until --max-warnings says otherwise
    expect(runCli(['--fix', '--dry-run', '--rule', 'v1-direct-handover=warn'], dir).code).toBe(0);
    expect(runCli(['--fix', '--dry-run', '--rule', 'v1-direct-handover=warn', '--max-warnings', '0'], dir).code).toBe(1);
    // a dry run writes nothing, a baseline included
    const refused = runCli(['--fix', '--dry-run', '--update-baseline'], dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^migrate-check: --update-baseline writes a file; --dry-run writes none/);
  });

  it('refuses a dirty git tree unless --allow-dirty', () => {
    const dir = tempCopy(path.join(LEGACY, 'before'));
    gitInit(dir);
    writeFileSync(path.join(dir, 'src', 'labels.ts'), readFileSync(path.join(dir, 'src', 'labels.ts'), 'utf8') + '\n');
    const r = runCli(['--fix'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/uncommitted changes.*--allow-dirty/);
    expect(runCli(['--fix', '--allow-dirty'], dir).code).toBe(0);
  });

  it('ends with a summary: files changed, findings fixed, findings left, steps outside the code', () => {
    const dir = tempDir();
    writeFileSync(
      path.join(dir, 'shipments.ts'),
      [
        "import ky from 'ky';",
        'const api = ky.create({ prefixUrl: process.env.SHIPPING_API });',
        'export const createShipment = (serviceId: string) =>',
        "  api.post('2023-01/shipments', { json: { incoterms: 'DDP', courier_selection: { selected_courier_id: serviceId } } }).json();",
        'export const printLabels = (shipmentId: string, serviceId: string) =>',
        "  api.post('2023-01/labels', { json: { shipments: [{ service_shipment_id: shipmentId, courier_id: serviceId }] } }).json();",
        "export const handedOver = (ids: string[]) => api.post('pickup/v1/direct_handover', { json: { service_shipment_ids: ids } }).json();",
        '',
      ].join('\n'),
    );
    const r = runCli(['--fix'], dir);
    expect(r.code).toBe(1);
    // the label request moves whole (path and entry); the shipment request stays whole with its unmapped path
    expect(r.stdout).toMatch(/1 file changed, 2 findings fixed, 4 left for a person/);
    expect(r.stdout).toContain('unmapped-2023-01-path');
    expect(r.stdout).toContain('plain `--fix` leaves both');
    expect(r.stdout).toContain('Create a 2024-09 access token');
    expect(r.stdout).toContain('Move dashboard webhooks to 2024-09');
  });

  it('handles the swap hazard: courier accounts and couriers in one file', () => {
    const dir = tempDir();
    const src = [
      "import axios from 'axios';",
      'export const account = (id: string) => axios.get(`/2023-01/courier_accounts/${id}`);',
      'export const dates = (id: string) => axios.get(`/2023-01/couriers/${id}/estimated_delivery_dates`);',
      "export const accountTail = (id: string) => axios.get('/2023-01/courier_accounts/' + id);",
      '',
    ].join('\n');
    writeFileSync(path.join(dir, 'c.ts'), src);
    runCli(['--fix'], dir);
    expect(readFileSync(path.join(dir, 'c.ts'), 'utf8')).toBe(
      [
        "import axios from 'axios';",
        'export const account = (id: string) => axios.get(`/2024-09/couriers/${id}`);',
        'export const dates = (id: string) => axios.get(`/2024-09/courier_services/${id}/estimated_delivery_dates`);',
        "export const accountTail = (id: string) => axios.get('/2024-09/couriers/' + id);",
        '',
      ].join('\n'),
    );
    runCli(['--fix'], dir);
    expect(readFileSync(path.join(dir, 'c.ts'), 'utf8')).toContain('/2024-09/couriers/${id}`');
  });

  it('--unsafe moves unmapped 2023-01 paths with the 2024-09 resource names, never chained; plain --fix leaves them', () => {
    const dir = tempDir();
    const src = "export const list = () => fetch('/2023-01/couriers');\nexport const accounts = () => fetch(\"/2023-01/courier_accounts\");\nexport const ship = () => fetch('/2023-01/shipments?page=2');\n";
    writeFileSync(path.join(dir, 'u.js'), src);
    runCli(['--fix'], dir);
    expect(readFileSync(path.join(dir, 'u.js'), 'utf8')).toBe(src);
    runCli(['--fix', '--unsafe'], dir);
    expect(readFileSync(path.join(dir, 'u.js'), 'utf8')).toBe(
      "export const list = () => fetch('/2024-09/courier_services');\nexport const accounts = () => fetch(\"/2024-09/couriers\");\nexport const ship = () => fetch('/2024-09/shipments?page=2');\n",
    );
  });

  it('moves a versioned base URL with every relative path sent through it, in every file, or none of them', () => {
    const dir = tempDir();
    const files: Record<string, string> = {
      'http.ts': "import axios from 'axios';\nexport const api = axios.create({ baseURL: 'https://api.shipping.test/2023-01', timeout: 5000 });\n",
      'labels.ts': "import { api } from './http';\nexport const print = (ids: string[]) => api.post('/labels', { shipments: ids.map((id) => ({ service_shipment_id: id })) });\n",
      'couriers.ts': "import { api } from './http';\nexport const account = (id: string) => api.get(`/courier_accounts/${id}`);\nexport const dates = (id: string) => api.get('/couriers/' + id + '/estimated_delivery_dates');\n",
    };
    for (const [f, t] of Object.entries(files)) writeFileSync(path.join(dir, f), t);
    const scan = runCli(['-r', 'compact'], dir);
    expect(scan.stdout.trim().split('\n').map((l) => l.split(': ')[0] + ' ' + /\[(.+)\]$/.exec(l)![1])).toEqual([
      'couriers.ts:2:49 courier-accounts-path',
      'couriers.ts:3:47 estimated-delivery-dates-path',
      'http.ts:2:70 versioned-base-url',
      'labels.ts:2:51 labels-path',
    ]);
    // one path with no 2024-09 form holds the whole group back from plain --fix (--unsafe moves them all on its assumed form)
    writeFileSync(path.join(dir, 'ship.ts'), "import { api } from './http';\nexport const ship = () => api.post('/shipments', {});\n");
    runCli(['--fix'], dir);
    expect(readFileSync(path.join(dir, 'http.ts'), 'utf8')).toBe(files['http.ts']);
    expect(readFileSync(path.join(dir, 'labels.ts'), 'utf8')).toBe(files['labels.ts']);
    expect(runCli(['-r', 'compact'], dir).stdout).toMatch(/http\.ts:2:70: error .*`--fix --unsafe` moves it to \/2024-09 together with those paths, on the assumed 2024-09 form of `\/2023-01\/shipments`.*plain `--fix` leaves them all/);
    // without it, everything moves together
    writeFileSync(path.join(dir, 'ship.ts'), '');
    runCli(['--fix'], dir);
    expect(readFileSync(path.join(dir, 'http.ts'), 'utf8')).toBe(files['http.ts'].replace('/2023-01', '/2024-09'));
    expect(readFileSync(path.join(dir, 'labels.ts'), 'utf8')).toBe(files['labels.ts'].replace("'/labels'", "'/batches/labels'"));
    expect(readFileSync(path.join(dir, 'couriers.ts'), 'utf8')).toBe(
      "import { api } from './http';\nexport const account = (id: string) => api.get(`/couriers/${id}`);\nexport const dates = (id: string) => api.get('/courier_services/' + id + '/estimated_delivery_dates');\n",
    );
    expect(runCli(['-r', 'compact'], dir).stdout).toBe('');
  });

  it('keeps CRLF line endings and a BOM', () => {
    const dir = tempDir();
    const src = "\uFEFFimport got from 'got';\r\nexport const w = () =>\r\n  got.post('/2023-01/webhooks', { json: { version: '2023-01', event_types: [] } });\r\n";
    writeFileSync(path.join(dir, 'w.ts'), src);
    runCli(['--fix'], dir);
    expect(readFileSync(path.join(dir, 'w.ts'), 'utf8')).toBe(src.replace('/2023-01/webhooks', '/2024-09/webhooks').replace("version: '2023-01'", "version: '2024-09'"));
  });

  it('counts the columns of a first line after its BOM, as ESLint does', () => {
    const dir = tempDir();
    const line = "export const w = () => fetch('/2023-01/labels', { method: 'POST' });\n";
    writeFileSync(path.join(dir, 'bom.ts'), `\uFEFF${line}`);
    writeFileSync(path.join(dir, 'plain.ts'), line);
    const at = (file: string) => runCli(['-r', 'compact', file], dir).stdout.split('\n')[0].split(': ')[0].replace(file, '');
    // the path starts at column 31 of the line as written, with or without the mark before it
    expect(line.indexOf('/2023-01/labels') + 1).toBe(31);
    expect(at('bom.ts')).toBe(':1:31');
    expect(at('plain.ts')).toBe(':1:31');
  });
});

describe('package', () => {
  it('npm pack gives a tarball that runs as npx migrate-check in another project', () => {
    const dest = tempDir('mc-pack-');
    const pack = spawnSync('npm', ['pack', '--pack-destination', dest, '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
    expect(pack.status, pack.stderr).toBe(0);
    const tgz = readdirSync(dest).find((f) => f.endsWith('.tgz'))!;
    expect(tgz).toBeDefined();
    const list = spawnSync('tar', ['-tzf', path.join(dest, tgz)], { encoding: 'utf8' }).stdout;
    expect(list).toContain('package/dist/src/cli.js');
    expect(list).toContain('package/rules/catalogue.json');
    const app = tempCopy(path.join(LEGACY, 'before'), 'mc-scratch-');
    const inst = spawnSync('npm', ['install', '--no-audit', '--no-fund', path.join(dest, tgz)], { cwd: app, encoding: 'utf8' });
    expect(inst.status, inst.stderr).toBe(0);
    const r = spawnSync('npx', ['--no-install', 'migrate-check', '-r', 'compact'], { cwd: app, encoding: 'utf8', env: { ...process.env, CI: 'true', MIGRATE_CHECK_TRACE: '1' } });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toContain('src/labels.ts:8:7: error');
    // installed from the tarball (every file's time the same), the command runs from its bundle
    expect(list).toContain('package/dist/cli.bundle.cjs');
    expect(r.stderr).toMatch(/trace: \[\d+ ms\] bundle (?:compiled|loaded)/);
    expect(r.stderr).not.toContain('bundle not used');
    expect(existsSync(path.join(app, 'node_modules', 'migrate-check', 'bin', 'migrate-check.js'))).toBe(true);
    void git;
  }, 300_000);
});
