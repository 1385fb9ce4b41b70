// `migrate-check lsp`: the built server (`node bin/migrate-check.js lsp --stdio`) driven over stdio
// by a JSON-RPC client (vscode-jsonrpc), on temporary copies of test/data/lsp. Build first
// (`npm run build`): the bin runs dist/.
//
// Every expected range below was counted by hand from the fixture sources (0-based lines and
// UTF-16 characters, as LSP has them); each is also checked against the text it should cover.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IgnoreRules } from '../src/editor/ignore.js';
import { discoverFiles } from '../src/pipeline/discover.js';
import { BIN, ROOT, runCli, tempCopy, walk } from './helpers.js';
import { editsFor, LspClient, range, uriOf, type CodeAction, type Diagnostic, type Range } from './lsp-client.js';

const FIXTURE = path.join(ROOT, 'test', 'data', 'lsp');
const ERROR = 1;
const WARNING = 2;

/** The text a range covers (single-line ranges). */
function covered(text: string, r: Range): string {
  expect(r.start.line).toBe(r.end.line);
  return text.split('\n')[r.start.line].slice(r.start.character, r.end.character);
}

const brief = (ds: Diagnostic[]) => ds.map((d) => ({ code: d.code, range: d.range }));

/** What `migrate-check --fix [--unsafe] <rel>` writes for one file, on a fresh copy of the fixture. */
function fixedByCli(rel: string, unsafe = false): string {
  const dir = tempCopy(FIXTURE, 'mc-lsp-fix-');
  try {
    const r = runCli(['--fix', ...(unsafe ? ['--unsafe'] : []), '--no-progress', rel], dir);
    expect([0, 1], r.stderr).toContain(r.code);
    return readFileSync(path.join(dir, rel), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const quickFixes = (actions: CodeAction[] | null) => (actions ?? []).filter((a) => a.kind === 'quickfix');

describe('migrate-check lsp', () => {
  let root: string;
  let client: LspClient;
  const file = (rel: string) => path.join(root, rel);

  beforeAll(async () => {
    expect(existsSync(path.join(ROOT, 'dist', 'src', 'editor', 'server.js')), 'run `npm run build` first').toBe(true);
    root = tempCopy(FIXTURE, 'mc-lsp-');
    client = await LspClient.start({ root, bin: BIN });
  });

  afterAll(() => {
    client?.kill();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('publishes diagnostics on open: exact ranges, rule id as code, severity, a link to the rule', async () => {
    const uri = client.open(file('src/pickup.ts'));
    const ds = await client.diagnosticsAt(uri);
    expect(brief(ds)).toEqual([
      { code: 'v1-pickups-path', range: range(2, 16, 2, 34) }, //       '/pickup/v1/pickups' without its quotes
      { code: 'v1-pickup-field', range: range(5, 6, 5, 16) }, //        courier_id
      { code: 'v1-pickup-field', range: range(6, 6, 6, 20) }, //        preferred_date
      { code: 'v1-pickup-nested-object', range: range(7, 6, 7, 12) }, // pickup
      { code: 'v1-pickup-field', range: range(7, 16, 7, 34) }, //       preferred_min_time
      { code: 'v1-pickup-time-value', range: range(7, 36, 7, 54) }, //  '2024-05-01T09:00'
      { code: 'v1-pickup-field', range: range(7, 56, 7, 74) }, //       preferred_max_time
      { code: 'v1-pickup-time-value', range: range(7, 76, 7, 94) }, //  '2024-05-01T12:00'
      { code: 'webhook-version', range: range(12, 67, 12, 76) }, //     '2023-01'
      { code: 'webhook-event-renamed', range: range(12, 92, 12, 123) }, // 'courier_account_state_changed'
    ]);
    const text = client.text(uri);
    expect(ds.map((d) => covered(text, d.range))).toEqual([
      '/pickup/v1/pickups',
      'courier_id',
      'preferred_date',
      'pickup',
      'preferred_min_time',
      "'2024-05-01T09:00'",
      'preferred_max_time',
      "'2024-05-01T12:00'",
      "'2023-01'",
      "'courier_account_state_changed'",
    ]);
    for (const d of ds) {
      expect(d.severity).toBe(ERROR);
      expect(d.source).toBe('migrate-check');
      expect(d.message).toMatch(/2024-09/);
      // the link target is the rule's section of the catalogue shipped with the package
      const href = d.codeDescription!.href;
      expect(href).toBe(`${uriOf(path.join(ROOT, 'rules', 'CATALOGUE.md'))}#${d.code}`);
      expect(readFileSync(fileURLToPath(href.split('#')[0]), 'utf8')).toContain(String(d.code));
      expect(d.data).toMatchObject({ version: 1, ruleId: d.code, fixKind: 'safe' });
    }
    // the data carries the fix: the path finding's edit replaces the path text
    const pathData = ds[0].data as { edits: { start: number; end: number; text: string }[] };
    expect(pathData.edits).toEqual([{ start: text.indexOf('/pickup/v1/pickups'), end: text.indexOf('/pickup/v1/pickups') + 18, text: '/2024-09/pickups' }]);
  });

  it('quick fix: the edit --fix makes, and no diagnostic for the fixed construct afterwards', async () => {
    const uri = client.open(file('src/endpoints.ts'));
    const ds = await client.diagnosticsAt(uri);
    // export const PICKUPS_URL = '/pickup/v1/pickups';
    expect(brief(ds)).toEqual([{ code: 'v1-pickups-path', range: range(0, 28, 0, 46) }]);
    const actions = await client.codeActions(uri, range(0, 30, 0, 30), ds);
    const fixes = quickFixes(actions);
    expect(fixes.map((a) => a.title)).toEqual(['Fix v1-pickups-path: rewrite to /2024-09/pickups']);
    expect(fixes[0].diagnostics?.map((d) => d.code)).toEqual(['v1-pickups-path']);
    expect(editsFor(fixes[0].edit, uri)).toEqual([{ range: range(0, 28, 0, 46), newText: '/2024-09/pickups' }]);
    const after = client.applyEdit(uri, fixes[0].edit);
    expect(after).toBe(fixedByCli('src/endpoints.ts'));
    expect(await client.diagnosticsAt(uri)).toEqual([]);
    client.close(uri);
  });

  it('preferred quick fixes applied one after another give the file --fix gives', async () => {
    const uri = client.open(file('src/labels.ts'));
    const ds = await client.diagnosticsAt(uri);
    expect(brief(ds)).toEqual([
      { code: 'labels-path', range: range(1, 16, 1, 31) }, // '/2023-01/labels' without its quotes
      { code: 'label-entry-field', range: range(1, 130, 1, 140) }, // courier_id
      { code: 'webhook-event-renamed', range: range(6, 9, 6, 40) }, // 'courier_account_state_changed'
    ]);
    expect(ds.map((d) => covered(client.text(uri), d.range))).toEqual(['/2023-01/labels', 'courier_id', "'courier_account_state_changed'"]);

    // the path alone would leave a 2023-01 body under a 2024-09 path: the preferred fix moves both
    const onPath = quickFixes(await client.codeActions(uri, ds[0].range, [ds[0]]));
    expect(onPath.map((a) => [a.title, !!a.isPreferred])).toEqual([
      ['Fix labels-path: rewrite to /2024-09/batches/labels', false],
      ['Fix every POST /2023-01/labels finding in this file, path and body (2)', true],
    ]);

    let applied = 0;
    for (;;) {
      const current = await client.diagnosticsAt(uri);
      let chosen: CodeAction | undefined;
      for (const d of current) {
        const fixes = quickFixes(await client.codeActions(uri, d.range, [d]));
        chosen = fixes.find((a) => a.isPreferred) ?? fixes[0];
        if (chosen) break;
      }
      if (!chosen) break;
      client.applyEdit(uri, chosen.edit);
      expect(++applied).toBeLessThan(10);
    }
    expect(applied).toBe(2);
    expect(client.text(uri)).toBe(fixedByCli('src/labels.ts'));
    expect(await client.diagnosticsAt(uri)).toEqual([]);
    client.close(uri);
  });

  it('fix all (source.fixAll.migrate-check) gives the file --fix gives, resolved lazily or at once', async () => {
    const uri = client.open(file('src/pickup.ts'));
    await client.diagnosticsAt(uri);
    // asked for explicitly (editor.codeActionsOnSave): the edit comes at once
    const explicit = await client.codeActions(uri, range(0, 0, 0, 0), [], ['source.fixAll']);
    expect(explicit?.map((a) => [a.kind, a.title])).toEqual([['source.fixAll.migrate-check', 'Fix all migrate-check findings']]);
    expect(explicit![0].edit).toBeDefined();
    // offered in the light-bulb menu: the edit is computed on codeAction/resolve
    const listed = (await client.codeActions(uri, range(2, 20, 2, 20), []))!.filter((a) => a.kind === 'source.fixAll.migrate-check');
    expect(listed).toHaveLength(1);
    expect(listed[0].edit).toBeUndefined();
    const resolved = await client.resolve(listed[0]);
    expect(editsFor(resolved.edit, uri)).toEqual(editsFor(explicit![0].edit, uri));

    const after = client.applyEdit(uri, resolved.edit);
    expect(after).toBe(fixedByCli('src/pickup.ts'));
    expect(after).toContain("selected_from_time: '09:00', selected_to_time: '12:00', contact_name: 'Dock 4'");
    expect(await client.diagnosticsAt(uri)).toEqual([]);
    // nothing left to fix: no fix-all action
    expect(await client.codeActions(uri, range(0, 0, 0, 0), [], ['source.fixAll'])).toEqual([]);
    client.close(uri);
  });

  it('hover on a finding shows its message and the --explain text of its rule', async () => {
    const uri = client.open(file('src/pickup.ts'));
    await client.diagnosticsAt(uri);
    const h = await client.hover(uri, { line: 2, character: 20 });
    expect(h?.contents.kind).toBe('markdown');
    expect(h?.range).toEqual(range(2, 16, 2, 34));
    const explained = runCli(['--explain', 'v1-pickups-path'], root);
    expect(explained.code).toBe(0);
    expect(h!.contents.value).toContain(explained.stdout.trim());
    expect(h!.contents.value).toContain('`v1-pickups-path`');
    // nothing under the cursor: no hover
    expect(await client.hover(uri, { line: 0, character: 3 })).toBeNull();
    client.close(uri);
  });

  it('re-checks the unsaved text on change, debounced', async () => {
    const uri = client.open(file('src/labels.ts'));
    expect(await client.diagnosticsAt(uri)).toHaveLength(3);
    const since = client.diagnostics.length;
    // eight keystrokes, 15 ms apart (faster than the 50 ms debounce): "account_" deleted one
    // character at a time from `    case 'courier_account_state_changed':`
    const first = client.edit(uri, [{ range: range(6, 18, 6, 19), newText: '' }]);
    for (let i = 1; i < 8; i++) {
      await new Promise((r) => setTimeout(r, 15));
      client.edit(uri, [{ range: range(6, 18, 6, 19), newText: '' }]);
    }
    const last = client.version(uri);
    expect(last).toBe(first + 7);
    const ds = await client.diagnosticsAt(uri);
    expect(client.text(uri).split('\n')[6]).toBe("    case 'courier_state_changed':");
    expect(brief(ds)).toEqual([
      { code: 'labels-path', range: range(1, 16, 1, 31) },
      { code: 'label-entry-field', range: range(1, 130, 1, 140) },
    ]);
    // the intermediate versions were not checked (one may slip through on a machine that stalls)
    const published = client.diagnostics.slice(since).filter((p) => p.uri === uri).map((p) => p.version);
    expect(published).toContain(last);
    expect(published.filter((v) => v !== last).length).toBeLessThanOrEqual(1);
    // the disk still holds the old text: the check read the buffer
    expect(readFileSync(file('src/labels.ts'), 'utf8')).toContain("'courier_account_state_changed'");
    client.close(uri);
  });

  it('resolves imported constants from open buffers first, the disk second, and re-checks only the importers', async () => {
    const consumer = client.open(file('src/consumer.ts'));
    const other = client.open(file('src/labels.ts'));
    // PICKUPS_URL comes from endpoints.ts on disk: a v1 pickup body
    //   return axios.post(PICKUPS_URL, { courier_id: svc, preferred_date: day, origin_address_id: addressId });
    expect(brief(await client.diagnosticsAt(consumer))).toEqual([
      { code: 'v1-pickup-field', range: range(4, 35, 4, 45) },
      { code: 'v1-pickup-field', range: range(4, 52, 4, 66) },
    ]);
    await client.diagnosticsAt(other);

    const endpoints = client.open(file('src/endpoints.ts'));
    await client.diagnosticsAt(endpoints);
    await new Promise((r) => setTimeout(r, 300));
    const since = client.diagnostics.length;
    // the constant names another vendor's endpoint in the buffer only (unsaved): the body is that vendor's
    client.change(endpoints, "export const PICKUPS_URL = 'https://api.other-vendor.test/v1/pickups';\n");
    expect(await client.diagnosticsAt(endpoints)).toEqual([]);
    const rechecked = await client.nextDiagnostics(consumer, since, 'the importer re-checked');
    expect(rechecked.diagnostics.filter((d) => d.code === 'v1-pickup-field')).toEqual([]);
    // labels.ts does not import endpoints.ts: it is not checked again
    await new Promise((r) => setTimeout(r, 500));
    expect(client.diagnostics.slice(since).filter((p) => p.uri === other)).toEqual([]);

    // closing the buffer: the importer reads the disk again
    const beforeClose = client.diagnostics.length;
    client.close(endpoints);
    const again = await client.nextDiagnostics(consumer, beforeClose, 'the importer re-checked against the disk');
    expect(brief(again.diagnostics).map((d) => d.code)).toEqual(['v1-pickup-field', 'v1-pickup-field']);
    client.close(consumer);
    client.close(other);
  });

  it('a file that does not parse gets one diagnostic, and the server keeps serving', async () => {
    const uri = client.open(file('src/broken.ts'));
    const ds = await client.diagnosticsAt(uri);
    // line 3 (`export const done = true;`) starts where the object literal wanted a ','
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ range: range(2, 0, 2, 1), severity: ERROR, source: 'migrate-check' });
    expect(ds[0].message).toMatch(/Parsing error: ',' expected/);
    // the same buffer, mended: the findings come back
    client.edit(uri, [{ range: range(1, 16, 1, 16), newText: ' });' }]);
    // export const labels = fetch('/2023-01/labels', {
    expect(brief(await client.diagnosticsAt(uri))).toEqual([{ code: 'labels-path', range: range(0, 29, 0, 44) }]);
    const h = await client.hover(uri, { line: 0, character: 30 });
    expect(h?.contents.value).toContain('labels-path');
    client.close(uri);
  });

  it('leaves alone the files a scan skips (ignorePatterns, .gitignore), as discovery decides', async () => {
    for (const rel of ['vendor/legacy.ts', 'generated/legacy.ts']) {
      const uri = client.open(file(rel));
      expect(await client.diagnosticsAt(uri)).toEqual([]);
      client.close(uri);
    }
    // the same files as the CLI's discovery, file by file
    const rules = new IgnoreRules(root, ['vendor/**']);
    const discovered = new Set(discoverFiles(['.'], root, ['vendor/**']));
    for (const rel of walk(root)) {
      const abs = path.join(root, rel);
      expect(rules.ignores(abs), rel).toBe(!discovered.has(abs));
    }
    expect(discovered.has(file('src/labels.ts'))).toBe(true);
  });

  it('re-reads the config file when it changes', async () => {
    const uri = client.open(file('src/labels.ts'));
    expect((await client.diagnosticsAt(uri)).map((d) => [d.code, d.severity])).toEqual([
      ['labels-path', ERROR],
      ['label-entry-field', ERROR],
      ['webhook-event-renamed', ERROR],
    ]);
    const config = file('migrate-check.config.json');
    const before = readFileSync(config, 'utf8');
    writeFileSync(config, JSON.stringify({ ignorePatterns: ['vendor/**'], rules: { 'label-entry-field': 'off', 'webhook-event-renamed': 'warn' } }));
    const since = client.diagnostics.length;
    client.watchedFilesChanged([{ file: config, type: 2 }]);
    const p = await client.nextDiagnostics(uri, since, 'a re-check after the config changed');
    expect(p.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['labels-path', ERROR],
      ['webhook-event-renamed', WARNING],
    ]);
    writeFileSync(config, before);
    const since2 = client.diagnostics.length;
    client.watchedFilesChanged([{ file: config, type: 2 }]);
    expect((await client.nextDiagnostics(uri, since2)).diagnostics).toHaveLength(3);
    client.close(uri);
  });

  it('a request --unsafe moves: a quick fix either way, never preferred; fix all applies it only when configured', async () => {
    const uri = client.open(file('src/shipments.ts'));
    const ds = await client.diagnosticsAt(uri);
    // export const createShipment = (terms: string) => fetch('/2023-01/shipments', { ... });
    expect(brief(ds)).toEqual([{ code: 'unmapped-2023-01-path', range: range(0, 56, 0, 74) }]);
    expect((ds[0].data as { fixKind: string }).fixKind).toBe('unsafe');
    const title = 'Move the request `/2023-01/shipments` → `/2024-09/shipments` (src/shipments.ts:1) to 2024-09 as a whole (unsafe: rests on an assumption)';
    const offered = quickFixes(await client.codeActions(uri, ds[0].range, ds));
    expect(offered.map((a) => [a.title, a.isPreferred])).toEqual([[title, false]]);
    expect(await client.codeActions(uri, range(0, 0, 0, 0), [], ['source.fixAll'])).toEqual([]);

    // the setting, as VS Code sends it (the notification is handled before the next request)
    client.configurationChanged({ unsafe: true });
    const fixes = quickFixes(await client.codeActions(uri, ds[0].range, ds));
    expect(fixes.map((a) => [a.title, a.isPreferred])).toEqual([[title, false]]);
    const all = await client.codeActions(uri, range(0, 0, 0, 0), [], ['source.fixAll']);
    expect(all).toHaveLength(1);
    const after = client.applyEdit(uri, fixes[0].edit);
    expect(after).toBe(fixedByCli('src/shipments.ts', true));
    expect(after).toContain("fetch('/2024-09/shipments'");
    client.configurationChanged({ unsafe: false });
    client.close(uri);
  });

  it('shuts down cleanly: exit code 0 after shutdown and exit', async () => {
    expect(await client.shutdown()).toBe(0);
    expect(client.stderr).not.toMatch(/internal error/);
  });
});

describe('migrate-check lsp: configuration problems and options', () => {
  it('a bad config file: a diagnostic on it and a window/showMessage; the defaults still check', async () => {
    const root = tempCopy(FIXTURE, 'mc-lsp-badcfg-');
    const config = path.join(root, 'migrate-check.config.json');
    writeFileSync(config, '{\n  "ignorePaterns": ["vendor/**"]\n}\n');
    // no --stdio: stdio is the default
    const client = await LspClient.start({ root, bin: BIN, args: [] });
    try {
      const cfgUri = uriOf(config);
      let published: Diagnostic[] | undefined;
      await client.waitFor(() => !!(published = client.diagnostics.find((p) => p.uri === cfgUri)?.diagnostics), 'a diagnostic on the config file');
      // line 2: `  "ignorePaterns": ["vendor/**"]`, the key with its quotes
      expect(published!).toHaveLength(1);
      expect(published![0]).toMatchObject({ range: range(1, 2, 1, 17), severity: ERROR, source: 'migrate-check' });
      expect(published![0].message).toMatch(/unknown key "ignorePaterns" \(did you mean "ignorePatterns"\?\)/);
      await client.waitFor(() => client.messages.length > 0, 'window/showMessage');
      expect(client.messages).toHaveLength(1);
      expect(client.messages[0].type).toBe(ERROR);
      expect(client.messages[0].message).toMatch(/ignorePaterns/);
      // the server goes on with the defaults (so vendor/ is checked now)
      const vendor = client.open(path.join(root, 'vendor/legacy.ts'));
      expect((await client.diagnosticsAt(vendor)).map((d) => d.code)).toEqual(['labels-path']);

      // a config that does not parse (a comma missing; comments and trailing commas are allowed): the position the JSON error names
      writeFileSync(config, '{\n  "rules": {\n    "labels-path": "warn"\n    "webhooks-path": "off",\n  }\n}\n');
      let since = client.diagnostics.length;
      client.watchedFilesChanged([{ file: config, type: 2 }]);
      const syntax = await client.nextDiagnostics(cfgUri, since);
      expect(syntax.diagnostics.map((d) => d.range)).toEqual([range(3, 4, 3, 5)]);
      expect(syntax.diagnostics[0].message).toMatch(/invalid JSON at line 4, column 5/);
      await client.waitFor(() => client.messages.length === 2, 'a second window/showMessage');
      // the open files are checked again (still with the defaults)
      expect((await client.nextDiagnostics(vendor, since)).diagnostics.map((d) => d.code)).toEqual(['labels-path']);

      // mended: the diagnostic is cleared, and the config applies
      writeFileSync(config, '{\n  "ignorePatterns": ["vendor/**"],\n  "rules": { "labels-path": "warn" }\n}\n');
      since = client.diagnostics.length;
      client.watchedFilesChanged([{ file: config, type: 2 }]);
      expect((await client.nextDiagnostics(cfgUri, since)).diagnostics).toEqual([]);
      expect((await client.nextDiagnostics(vendor, since)).diagnostics).toEqual([]);
      const labels = client.open(path.join(root, 'src/labels.ts'));
      expect((await client.diagnosticsAt(labels)).map((d) => [d.code, d.severity])).toEqual([
        ['labels-path', WARNING],
        ['label-entry-field', ERROR],
        ['webhook-event-renamed', ERROR],
      ]);
      expect(await client.shutdown()).toBe(0);
    } finally {
      client.kill();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('unsafe fixes through initializationOptions, with a client that takes plain edits', async () => {
    const root = tempCopy(FIXTURE, 'mc-lsp-unsafe-');
    const client = await LspClient.start({ root, bin: BIN, initializationOptions: { unsafe: true }, capabilities: {} });
    try {
      const uri = client.open(path.join(root, 'src/shipments.ts'));
      const ds = await client.diagnosticsAt(uri);
      const fixes = quickFixes(await client.codeActions(uri, ds[0].range, ds));
      expect(fixes).toHaveLength(1);
      // no documentChanges capability: a `changes` map
      expect(fixes[0].edit?.changes?.[uri]).toEqual([{ range: range(0, 56, 0, 74), newText: '/2024-09/shipments' }]);
      // no resolve support: fix all carries its edit
      const all = (await client.codeActions(uri, range(0, 0, 0, 0), []))!.filter((a) => a.kind === 'source.fixAll.migrate-check');
      expect(all[0].edit?.changes?.[uri]).toBeDefined();
      expect(await client.shutdown()).toBe(0);
    } finally {
      client.kill();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses a transport it does not speak with one line on stderr and exit code 2', () => {
    const r = spawnSync(process.execPath, [BIN, 'lsp', '--socket=5000'], { encoding: 'utf8', input: '' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toBe('migrate-check: lsp: --socket is not supported (the language server talks over stdio only: `migrate-check lsp --stdio`)');
  });
});
