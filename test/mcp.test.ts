// `migrate-check mcp`: the built server, driven over stdio by the SDK's own client, against a
// temporary git project. Build first (`npx tsc -p tsconfig.json`): the bin runs dist/.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(repo, 'bin', 'migrate-check.js');

// Written by hand: a 2023-01 label request on line 4 (path at column 22, `courier_id` at column 97).
const LEGACY = [
  "import axios from 'axios';",
  '',
  '// create the labels for a batch of shipments',
  "export const createLabels = (ids: string[], svc: string) => axios.post('/2023-01/labels', { shipments: ids.map((id) => ({ service_shipment_id: id, courier_id: svc })) });",
  '',
].join('\n');
// ...and what --fix makes of it, by the rules: labels-path and label-entry-field.
const FIXED = [
  "import axios from 'axios';",
  '',
  '// create the labels for a batch of shipments',
  "export const createLabels = (ids: string[], svc: string) => axios.post('/2024-09/batches/labels', { shipments: ids.map((id) => ({ service_shipment_id: id, courier_service_id: svc })) });",
  '',
].join('\n');
const OUTSIDE = "export const url = '/2023-01/labels';\n";

interface Call {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, any>;
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=test', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
}

function gitProject(root: string, files: Record<string, string>): void {
  mkdirSync(root, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  git(root, 'init', '-q');
}

function commitAll(root: string): void {
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'fixture');
}

async function connect(root: string): Promise<{ client: Client; stderr: () => string; errors: Error[] }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--root', root], cwd: os.tmpdir(), stderr: 'pipe' });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const client = new Client({ name: 'mcp-test', version: '0.0.0' });
  const errors: Error[] = [];
  client.onerror = (e) => errors.push(e);
  await client.connect(transport);
  // listing the tools makes the client validate every structuredContent against its outputSchema
  await client.listTools();
  return { client, stderr: () => err, errors };
}

const text = (r: Call) => r.content.map((c) => c.text).join('');

describe('migrate-check mcp', () => {
  let tmp: string;
  let root: string;
  let outside: string;
  let client: Client;
  let stderr: () => string;
  let errors: Error[];
  const call = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as unknown as Call;

  beforeAll(async () => {
    if (!existsSync(path.join(repo, 'dist', 'src', 'agents', 'server.js'))) throw new Error('build first: npx tsc -p tsconfig.json');
    tmp = mkdtempSync(path.join(os.tmpdir(), 'mc-mcp-'));
    root = path.join(tmp, 'project');
    outside = path.join(tmp, 'outside');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'legacy.ts'), OUTSIDE);
    // a FIFO: opening it for reading would block (no writer), so a server that read it would hang
    const fifo = spawnSync('mkfifo', [path.join(outside, 'pipe.ts')]);
    gitProject(root, {
      'src/labels.ts': LEGACY,
      'src/current.ts': "export const url = '/2024-09/batches/labels';\n",
      'README.md': '# fixture\n',
    });
    symlinkSync(path.join(outside, 'legacy.ts'), path.join(root, 'src', 'escape.ts'));
    symlinkSync(outside, path.join(root, 'linked'));
    if (fifo.status === 0) symlinkSync(path.join(outside, 'pipe.ts'), path.join(root, 'src', 'pipe.ts'));
    commitAll(root);
    ({ client, stderr, errors } = await connect(root));
  });

  afterAll(async () => {
    await client?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('lists the four tools, each with a description, an input schema and an output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['check', 'explain', 'fix', 'list_rules']);
    for (const t of tools) {
      expect(t.description?.length).toBeGreaterThan(40);
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
    }
    const fix = tools.find((t) => t.name === 'fix')!;
    expect(Object.keys(fix.inputSchema.properties ?? {}).sort()).toEqual(['allowDirty', 'dryRun', 'paths', 'unsafe']);
    expect((fix.inputSchema.properties as any).dryRun.default).toBe(true);
    expect((tools.find((t) => t.name === 'explain')!.inputSchema as any).required).toEqual(['ruleId']);
  });

  it('check finds the legacy lines, in the json and compact shapes', async () => {
    const r = await call('check');
    expect(r.isError).toBeFalsy();
    const s = r.structuredContent!;
    const labels = s.results.find((x: any) => x.filePath === path.join(root, 'src', 'labels.ts'));
    expect(labels.messages.map((m: any) => [m.ruleId, m.severity, m.line, m.column, m.endLine, m.endColumn])).toEqual([
      ['labels-path', 2, 4, 73, 4, 88],
      ['label-entry-field', 2, 4, 148, 4, 158],
    ]);
    expect(labels.messages[0].fix).toEqual({ range: expect.any(Array), text: '/2024-09/batches/labels' });
    expect(labels.messages[1].fix.text).toBe('courier_service_id');
    const current = s.results.find((x: any) => x.filePath === path.join(root, 'src', 'current.ts'));
    expect(current?.messages ?? []).toEqual([]);
    expect([s.errorCount, s.warningCount, s.fixableCount]).toEqual([2, 0, 2]);
    // the symlinks that leave the root are not followed by a scan of the root
    expect(s.results.map((x: any) => x.filePath).filter((f: string) => !f.startsWith(root + path.sep))).toEqual([]);
    expect(s.results.map((x: any) => path.basename(x.filePath))).not.toContain('escape.ts');
    const lines = text(r).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^src\/labels\.ts:4:73: error .*\/2024-09\/batches\/labels.* \[labels-path\]$/);
    expect(lines[1]).toMatch(/^src\/labels\.ts:4:148: error .*courier_service_id.* \[label-entry-field\]$/);
  });

  it('check of a single file, relative or absolute inside the root', async () => {
    for (const p of ['src/labels.ts', path.join(root, 'src', 'labels.ts'), './src/../src/labels.ts']) {
      const r = await call('check', { paths: [p] });
      expect(r.isError, text(r)).toBeFalsy();
      expect(r.structuredContent!.results).toHaveLength(1);
      expect(r.structuredContent!.errorCount).toBe(2);
    }
  });

  it('a warm check answers quickly', async () => {
    await call('check');
    const t0 = performance.now();
    const r = await call('check');
    const ms = performance.now() - t0;
    console.log(`warm check through the MCP server: ${ms.toFixed(1)} ms`);
    expect(r.structuredContent!.errorCount).toBe(2);
    expect(ms).toBeLessThan(1500);
  });

  it('explain gives the --explain text; an unknown rule names the nearest ones', async () => {
    const r = await call('explain', { ruleId: 'labels-path' });
    expect(r.isError).toBeFalsy();
    expect(text(r)).toContain('labels-path (error)');
    expect(text(r)).toContain('/2024-09/batches/labels');
    expect(r.structuredContent).toMatchObject({ ruleId: 'labels-path', severity: 'error', fixable: 'safe' });
    const bad = await call('explain', { ruleId: 'label-path' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain('label-path');
    expect(text(bad)).toContain('labels-path');
    expect(text(bad).split('\n')).toHaveLength(1);
  });

  it('list_rules is the catalogue', async () => {
    const r = await call('list_rules');
    const catalogue = JSON.parse(readFileSync(path.join(repo, 'rules', 'catalogue.json'), 'utf8'));
    const rules = r.structuredContent!.rules;
    expect(rules.map((x: any) => x.ruleId)).toEqual(catalogue.rules.map((x: any) => x.id));
    expect(rules.find((x: any) => x.ruleId === 'labels-path')).toMatchObject({ severity: 'error', fixable: 'safe' });
    expect(rules.find((x: any) => x.ruleId === 'ambiguous-courier-id')).toMatchObject({ severity: 'warning', fixable: 'none' });
    expect(rules.find((x: any) => x.ruleId === 'unmapped-2023-01-path')).toMatchObject({ fixable: 'unsafe' });
    for (const x of rules) expect(x.summary.length).toBeGreaterThan(10);
  });

  it('paths outside the root are tool errors, and the outside file is untouched', async () => {
    const before = statSync(path.join(outside, 'legacy.ts'));
    const cases: [string, Record<string, unknown>, string][] = [
      ['check', { paths: ['../outside'] }, '../outside'],
      ['check', { paths: ['../outside/legacy.ts'] }, '../outside/legacy.ts'],
      ['check', { paths: [path.join(outside, 'legacy.ts')] }, path.join(outside, 'legacy.ts')],
      ['check', { paths: ['src', '/etc'] }, '/etc'],
      ['fix', { paths: ['../outside/legacy.ts'], dryRun: false, allowDirty: true }, '../outside/legacy.ts'],
      ['fix', { paths: [outside], dryRun: false, allowDirty: true }, outside],
    ];
    for (const [tool, args, named] of cases) {
      const r = await call(tool, args);
      expect(r.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(text(r)).toContain(named);
      expect(text(r)).toMatch(/outside the root/);
      expect(text(r).split('\n')).toHaveLength(1);
    }
    expect(readFileSync(path.join(outside, 'legacy.ts'), 'utf8')).toBe(OUTSIDE);
    expect(statSync(path.join(outside, 'legacy.ts')).mtimeMs).toBe(before.mtimeMs);
  });

  it('a symlink inside the root that points out is refused, and nothing behind it is read', async () => {
    for (const p of ['src/escape.ts', 'linked', 'linked/legacy.ts', ...(existsSync(path.join(root, 'src', 'pipe.ts')) ? ['src/pipe.ts', 'linked/pipe.ts'] : [])]) {
      for (const tool of ['check', 'fix']) {
        const r = await call(tool, tool === 'fix' ? { paths: [p], dryRun: false, allowDirty: true } : { paths: [p] });
        expect(r.isError, `${tool} ${p}: ${text(r)}`).toBe(true);
        expect(text(r)).toContain(p);
        expect(text(r)).toMatch(/outside the root/);
        expect(JSON.stringify(r)).not.toContain('/2023-01/labels'); // the outside file's content never shows
      }
    }
    expect(readFileSync(path.join(outside, 'legacy.ts'), 'utf8')).toBe(OUTSIDE);
  });

  it('bad arguments are tool errors and the server keeps answering', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['check', { paths: 'src' }],
      ['check', { paths: [42] }],
      ['check', { path: ['src'] }],
      ['check', { paths: [''] }],
      ['check', { paths: ['no/such/file.ts'] }],
      ['fix', { dryRun: 'no' }],
      ['fix', { unsafe: 1 }],
      ['explain', {}],
      ['explain', { ruleId: 7 }],
      ['list_rules', { verbose: true }],
    ];
    for (const [tool, args] of cases) {
      const r = await call(tool, args);
      expect(r.isError, `${tool} ${JSON.stringify(args)}: ${text(r)}`).toBe(true);
      expect(text(r).length).toBeGreaterThan(0);
    }
    expect(text(await call('check', { paths: ['no/such/file.ts'] }))).toContain('no/such/file.ts');
    const r = await call('list_rules');
    expect(r.isError).toBeFalsy();
  });

  it('a bad config in the root is a tool error, not a crash', async () => {
    const cfg = path.join(root, 'migrate-check.config.json');
    writeFileSync(cfg, '{ "rules": { "labels-path": "loud" } }\n');
    try {
      const r = await call('check');
      expect(r.isError).toBe(true);
      expect(text(r)).toContain('migrate-check.config.json');
      expect(text(r).split('\n')).toHaveLength(1);
      // the config is read from the root: turning a rule off there is seen on the next call
      writeFileSync(cfg, '{ "rules": { "label-entry-field": "off" } }\n');
      const ok = await call('check', { paths: ['src/labels.ts'] });
      expect(ok.structuredContent!.results[0].messages.map((m: any) => m.ruleId)).toEqual(['labels-path']);
    } finally {
      rmSync(cfg);
    }
  });

  it('fix previews by default: nothing written, and the diff applies with git apply --check', async () => {
    const r = await call('fix');
    expect(r.isError, text(r)).toBeFalsy();
    const s = r.structuredContent!;
    expect(s.dryRun).toBe(true);
    expect(s.changedFiles).toEqual(['src/labels.ts']);
    expect(s.diff).toContain('--- a/src/labels.ts');
    expect(s.diff).toContain("+export const createLabels = (ids: string[], svc: string) => axios.post('/2024-09/batches/labels'");
    expect(s.remaining).toEqual([]);
    expect(s.manualSteps.length).toBeGreaterThan(0);
    expect(readFileSync(path.join(root, 'src', 'labels.ts'), 'utf8')).toBe(LEGACY);
    const patch = path.join(tmp, 'preview.patch');
    writeFileSync(patch, s.diff);
    const applied = spawnSync('git', ['apply', '--check', patch], { cwd: root, encoding: 'utf8' });
    expect(applied.stderr).toBe('');
    expect(applied.status).toBe(0);
  });

  it('fix refuses a dirty tree without allowDirty', async () => {
    const note = path.join(root, 'notes.txt');
    writeFileSync(note, 'uncommitted\n');
    try {
      const r = await call('fix', { dryRun: false });
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(/uncommitted changes/);
      expect(text(r)).toContain('allowDirty');
      expect(text(r).split('\n')).toHaveLength(1);
      expect(readFileSync(path.join(root, 'src', 'labels.ts'), 'utf8')).toBe(LEGACY);
    } finally {
      rmSync(note);
    }
  });

  it('fix with dryRun: false writes the 2024-09 form, and a check finds nothing after it', async () => {
    const r = await call('fix', { dryRun: false });
    expect(r.isError, text(r)).toBeFalsy();
    const s = r.structuredContent!;
    expect(s.dryRun).toBe(false);
    expect(s.changedFiles).toEqual(['src/labels.ts']);
    expect(s.remaining).toEqual([]);
    expect(s.refused).toEqual([]);
    expect(s.manualSteps.map((m: any) => m.id)).toContain('access-token');
    expect(readFileSync(path.join(root, 'src', 'labels.ts'), 'utf8')).toBe(FIXED);
    expect(git(root, 'status', '--porcelain')).toBe(' M src/labels.ts\n');
    const again = await call('check');
    expect(again.isError).toBeFalsy();
    expect([again.structuredContent!.errorCount, again.structuredContent!.warningCount]).toEqual([0, 0]);
    expect(again.structuredContent!.results.every((x: any) => x.messages.length === 0)).toBe(true);
    // a second fix changes nothing
    const twice = await call('fix', { dryRun: false, allowDirty: true });
    expect(twice.structuredContent!.changedFiles).toEqual([]);
    expect(readFileSync(path.join(root, 'src', 'labels.ts'), 'utf8')).toBe(FIXED);
  });

  it('stdout carried protocol messages only; logs went to stderr', () => {
    expect(errors).toEqual([]);
    expect(stderr()).toContain('migrate-check mcp: serving');
  });
});

describe('migrate-check mcp: imports that leave the root', () => {
  it('a module outside the root that a file imports is never read, so never fixed', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'mc-mcp-imp-'));
    const root = path.join(tmp, 'app');
    const shared = path.join(tmp, 'shared');
    mkdirSync(shared);
    const BODY = "export const ENTRY = { service_shipment_id: 'a', courier_id: 'b' };\n";
    writeFileSync(path.join(shared, 'body.ts'), BODY);
    const APP = "import axios from 'axios';\nimport { ENTRY } from '../../shared/body';\nexport const go = () => axios.post('/2023-01/labels', { shipments: [{ ...ENTRY }] });\n";
    gitProject(root, { 'src/app.ts': APP });
    commitAll(root);
    const { client } = await connect(root);
    try {
      const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as unknown as Call;
      const preview = await call('fix', { dryRun: true });
      expect(preview.isError, text(preview)).toBeFalsy();
      // (the entry spread from outside the root cannot be seen, so the request it is sent with holds too:
      // moving the path alone would send ENTRY's 2023-01 courier_id to /2024-09/batches/labels)
      expect(preview.structuredContent!.diff).not.toContain('a/src/app.ts');
      expect(preview.structuredContent!.diff).not.toContain('shared/body.ts');
      const r = await call('fix', { dryRun: false });
      expect(r.isError, text(r)).toBeFalsy();
      expect(readFileSync(path.join(shared, 'body.ts'), 'utf8')).toBe(BODY);
      expect(readFileSync(path.join(root, 'src', 'app.ts'), 'utf8')).toBe(APP);
      // check shows only files inside the root, the request held with why
      const c = await call('check', {});
      expect(c.structuredContent!.results.map((x: any) => x.filePath)).toEqual([path.join(root, 'src', 'app.ts')]);
      expect(c.structuredContent!.results[0].messages.map((m: any) => m.ruleId)).toEqual(['labels-path']);
      expect(c.structuredContent!.results[0].messages[0].message).toContain('ENTRY');
      expect(text(c)).not.toContain('shared/body.ts');
    } finally {
      await client.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
