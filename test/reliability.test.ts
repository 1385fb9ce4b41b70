// Reliability (issue 7, PRODUCT.md "Reliability" and "What --fix does"): bad files are reported
// and skipped while the good files beside them are still reported and fixed; symlinks are not
// followed; --fix writes atomically, keeps modes, BOM and line endings, never overwrites a file
// that changed on disk, and an interrupt leaves every file original or fully fixed.
//
// The CLI runs as an unprivileged user when the tests run as root (uid 65534), so that a file of
// mode 000 really cannot be read.
import { execFile, spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  lchownSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFiles, DEFAULT_CONFIG } from '../dist/src/index.js';
import { MAX_NESTING } from '../dist/src/analysis/units.js';
import { writeFixed } from '../dist/src/fix/write.js';
import { BIN, ROOT, tempDir } from './helpers.js';

const TORTURE = path.join(ROOT, 'fixtures', 'projects', 'torture');
const AS_ROOT = process.getuid?.() === 0;
const NOBODY = 65534;
const MIB4 = 4 * 1024 * 1024; // the default maxFileSize (README: "default 4 MiB")

const OLD_CALL = "export const w = () => fetch('/2023-01/webhooks', { method: 'POST' });\n";

function runOpts(cwd: string, base: string, env: Record<string, string> = {}): SpawnSyncOptions {
  return {
    cwd,
    env: { ...process.env, NO_COLOR: '1', CI: 'true', HOME: base, ...env },
    ...(AS_ROOT ? { uid: NOBODY, gid: NOBODY } : {}),
  };
}

function cli(args: string[], cwd: string, base: string, env: Record<string, string> = {}): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { ...runOpts(cwd, base, env), encoding: 'utf8', maxBuffer: 256 << 20 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Give a tree to the user the CLI runs as (when the tests run as root). */
function handOver(dir: string): void {
  if (!AS_ROOT) return;
  lchownSync(dir, NOBODY, NOBODY);
  if (!lstatSync(dir).isDirectory()) return;
  for (const e of readdirSync(dir)) {
    const p = path.join(dir, e);
    if (lstatSync(p).isDirectory()) handOver(p);
    else lchownSync(p, NOBODY, NOBODY);
  }
}

/** Every entry under a folder (links not followed): bytes or link target, and mode. */
function inventory(dir: string, base = dir, out = new Map<string, { kind: string; mode: number; bytes?: Buffer; target?: string }>()) {
  for (const e of readdirSync(dir)) {
    const p = path.join(dir, e);
    const rel = path.relative(base, p).split(path.sep).join('/');
    const st = lstatSync(p);
    if (st.isSymbolicLink()) out.set(rel, { kind: 'link', mode: 0, target: readlinkSync(p) });
    else if (st.isDirectory()) {
      out.set(rel, { kind: 'dir', mode: st.mode & 0o7777 });
      inventory(p, base, out);
    } else out.set(rel, { kind: 'file', mode: st.mode & 0o7777, bytes: st.mode & 0o444 ? readFileSync(p) : undefined });
  }
  return out;
}

/** A file padded with a comment to exactly `size` bytes. */
function padded(head: string, size: number): string {
  const fill = size - Buffer.byteLength(head) - 4; // '// ' and the final newline
  return head + '// ' + 'x'.repeat(fill) + '\n';
}

// the minified bundle: generic code on one line, old paths at its start, middle and end
function bundle(): string {
  const chunk = (i: number) => `function m${i}(a,b){var c=a+b*${i};return c>${i}?m${i}(c-1,b):[c,"k${i}"].join("-")}`;
  const parts: string[] = ['(function(){"use strict";var api=function(u){return fetch(u,{method:"POST"})};api("/2023-01/webhooks");'];
  let size = parts[0].length;
  let i = 0;
  while (size < 2 * 1024 * 1024) {
    const c = chunk(i++);
    parts.push(c);
    size += c.length;
    if (i === 8000) parts.push('api("/2023-01/webhooks");');
  }
  parts.push('api("/2023-01/webhooks")})();\n');
  return parts.join('');
}

const GOOD_BEFORE: Record<string, string> = {};
for (const f of ['src/webhooks.ts', 'src/labels.ts', 'src/bin/tool.mjs', 'src/readonly.ts', 'src/crlf-bom.ts']) GOOD_BEFORE[f] = readFileSync(path.join(TORTURE, f), 'utf8');

// Expected after --fix, by hand from PRODUCT.md and the spec: 2023-01 webhooks -> 2024-09 webhooks,
// POST /2023-01/labels -> /2024-09/batches/labels, webhook version '2023-01' -> '2024-09',
// courier_account_state_changed -> courier_state_changed; comments and everything else unchanged.
const NESTED_OK = 'export const run = (f: (g: () => unknown) => unknown) =>\n  ' + 'f(() => '.repeat(200) + "fetch('/2023-01/webhooks', { method: 'POST' })" + ')'.repeat(200) + ';\n';
const GOOD_AFTER: Record<string, string> = {
  'src/webhooks.ts': GOOD_BEFORE['src/webhooks.ts']
    .replace("got.post('/2023-01/webhooks'", "got.post('/2024-09/webhooks'")
    .replace("version: '2023-01'", "version: '2024-09'")
    .replace("['courier_account_state_changed']", "['courier_state_changed']"),
  'src/labels.ts': GOOD_BEFORE['src/labels.ts'].replace('axios.post("/2023-01/labels"', 'axios.post("/2024-09/batches/labels"'),
  'src/bin/tool.mjs': GOOD_BEFORE['src/bin/tool.mjs'].replace("+ '/2023-01/webhooks'", "+ '/2024-09/webhooks'"),
  'src/readonly.ts': GOOD_BEFORE['src/readonly.ts'].replace("=== 'courier_account_state_changed'", "=== 'courier_state_changed'"),
  'src/crlf-bom.ts': GOOD_BEFORE['src/crlf-bom.ts'].replace("got.post('/2023-01/webhooks')", "got.post('/2024-09/webhooks')"),
  'src/nested-ok.ts': NESTED_OK.replace('/2023-01/', '/2024-09/'),
  'src/at-limit.ts': padded(OLD_CALL.replace('/2023-01/', '/2024-09/'), MIB4),
  'vendor/app.min.js': bundle().replaceAll('api("/2023-01/webhooks")', 'api("/2024-09/webhooks")'),
};

const GOOD_RULES: Record<string, string[]> = {
  'src/webhooks.ts': ['webhooks-path', 'webhook-version', 'webhook-event-renamed'],
  'src/labels.ts': ['labels-path'],
  'src/bin/tool.mjs': ['webhooks-path'],
  'src/readonly.ts': ['webhook-event-renamed'],
  'src/crlf-bom.ts': ['webhooks-path'],
  'src/nested-ok.ts': ['webhooks-path'],
  'src/at-limit.ts': ['webhooks-path'],
  'vendor/app.min.js': ['webhooks-path', 'webhooks-path', 'webhooks-path'],
};

const BAD = [
  'src/bad/binary.ts',
  'src/bad/deep-chain.ts',
  'src/bad/deep-parens.ts',
  'src/bad/latin1.ts',
  // a folder the CLI cannot enter: one fatal problem for the folder (what it holds went unchecked)
  'src/bad/locked',
  'src/bad/oversize.ts',
  'src/bad/syntax-error.ts',
  'src/bad/unreadable.ts',
];

const MODES: Record<string, number> = { 'src/bin/tool.mjs': 0o755, 'src/readonly.ts': 0o444, 'src/labels.ts': 0o640, 'src/bad/unreadable.ts': 0o000, 'src/bad/locked': 0o000 };

/** A temporary copy of the torture project with its generated files, links and modes. */
function torture(): { base: string; root: string } {
  const base = tempDir('mc-torture-');
  chmodSync(base, 0o755);
  const root = path.join(base, 'project');
  cpSync(TORTURE, root, { recursive: true });
  const outside = path.join(base, 'outside');
  mkdirSync(outside);
  writeFileSync(path.join(outside, 'secret.ts'), OLD_CALL);
  const w = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  w('src/bad/oversize.ts', padded(OLD_CALL, MIB4 + 1));
  w('src/at-limit.ts', padded(OLD_CALL, MIB4));
  w('src/bad/deep-parens.ts', 'export const x = ' + '('.repeat(5000) + "'/2023-01/webhooks'" + ')'.repeat(5000) + ';\n');
  w('src/bad/deep-chain.ts', "export const x = (id: string) => '/2023-01/webhooks/' + " + 'id + '.repeat(5000) + "'';\n");
  w('src/nested-ok.ts', NESTED_OK);
  w('vendor/app.min.js', bundle());
  w('src/bad/unreadable.ts', OLD_CALL);
  w('src/bad/locked/hidden.ts', OLD_CALL);
  mkdirSync(path.join(root, 'src/links'));
  symlinkSync('..', path.join(root, 'src/links/loop'));
  symlinkSync('../../../outside/secret.ts', path.join(root, 'src/links/outside.ts'));
  symlinkSync('../../../outside', path.join(root, 'src/links/outside-dir'));
  symlinkSync('nowhere.ts', path.join(root, 'src/links/dangling.ts'));
  symlinkSync('../webhooks.ts', path.join(root, 'src/links/inside.ts'));
  for (const [rel, mode] of Object.entries(MODES)) chmodSync(path.join(root, rel), mode);
  handOver(base);
  return { base, root };
}

const rel = (root: string, f: string) => path.relative(root, f).split(path.sep).join('/');

describe('the torture project', () => {
  it('scan: every bad file is one fatal message, every good file beside them is reported, links are not followed; exit 1', () => {
    const { base, root } = torture();
    const r = cli(['-r', 'json'], root, base, { MIGRATE_CHECK_READ_AHEAD: '0' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    // the same files read on a reader thread give the same report
    expect(cli(['-r', 'json'], root, base, { MIGRATE_CHECK_READ_AHEAD: '1' }).stdout).toBe(r.stdout);
    const data = JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string | null; fatal?: boolean; severity: number; line: number; column: number; message: string }[] }[];
    const byFile = new Map(data.filter((f) => f.messages.length).map((f) => [rel(root, f.filePath), f.messages]));
    expect([...byFile.keys()].sort()).toEqual([...BAD, ...Object.keys(GOOD_RULES)].sort());
    for (const f of BAD) {
      const m = byFile.get(f)!;
      expect(m, f).toHaveLength(1);
      expect(m[0], f).toMatchObject({ ruleId: null, fatal: true, severity: 2 });
    }
    // positions as the parser and the decoder find them (see the fixture's README)
    expect(byFile.get('src/bad/syntax-error.ts')![0]).toMatchObject({ line: 2, column: 52 });
    expect(byFile.get('src/bad/latin1.ts')![0]).toMatchObject({ line: 1, column: 7 });
    expect(byFile.get('src/bad/oversize.ts')![0].message).toContain(String(MIB4));
    expect(byFile.get('src/bad/unreadable.ts')![0].message).toContain('EACCES');
    expect(byFile.get('src/bad/locked')![0].message).toBe('cannot read the folder (EACCES): the files in it were not checked');
    expect(byFile.get('src/bad/deep-chain.ts')![0].message).toContain(`limit of ${MAX_NESTING}`);
    for (const [f, rules] of Object.entries(GOOD_RULES)) {
      const m = byFile.get(f)!;
      expect(m.map((x) => x.ruleId).sort(), f).toEqual([...rules].sort());
      expect(m.every((x) => !x.fatal && x.severity === 2), f).toBe(true);
    }
    // nothing through a link: neither the loop, nor the file and folder outside, nor a second path to webhooks.ts
    expect(data.some((f) => f.filePath.includes(`${path.sep}links${path.sep}`) || f.filePath.includes('outside'))).toBe(false);
  });

  it('--fix: good files fixed with modes, BOM and CRLF kept; bad files, links and the outside byte-identical; no temporary file; a second run changes nothing', () => {
    const { base, root } = torture();
    const before = inventory(base);
    const r = cli(['--fix', '-r', 'json'], root, base);
    // the bad files are still fatal findings: exit 1 (README "Exit status")
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/internal error|not written/);
    const left = JSON.parse(r.stdout) as { filePath: string; messages: { fatal?: boolean }[] }[];
    expect(left.flatMap((f) => f.messages.filter((m) => !m.fatal).map(() => rel(root, f.filePath)))).toEqual([]);
    expect(left.filter((f) => f.messages.length).map((f) => rel(root, f.filePath)).sort()).toEqual(BAD);
    const after = inventory(base);
    // the same entries: nothing added (no temporary file), nothing removed
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [p, was] of before) {
      const now = after.get(p)!;
      expect(now.kind, p).toBe(was.kind);
      expect(now.mode, p).toBe(was.mode);
      expect(now.target, p).toBe(was.target);
      const relToRoot = p.replace(/^project\//, '');
      if (p.startsWith('project/') && GOOD_AFTER[relToRoot] !== undefined) expect(now.bytes!.toString('utf8'), p).toBe(GOOD_AFTER[relToRoot]);
      else if (was.bytes) expect(now.bytes!.equals(was.bytes), p).toBe(true);
    }
    expect(readFileSync(path.join(root, 'src/bad/unreadable.ts'), 'utf8')).toBe(OLD_CALL); // root reads it: unchanged
    expect(after.get('project/src/crlf-bom.ts')!.bytes!.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    // idempotent
    const again = cli(['--fix', '-r', 'json'], root, base);
    expect(again.code).toBe(1);
    const third = inventory(base);
    for (const [p, was] of after) if (was.bytes) expect(third.get(p)!.bytes!.equals(was.bytes), p).toBe(true);
  });

  it('--fix never writes through a link given as a path', () => {
    const { base, root } = torture();
    const r = cli(['--fix', 'src/links/outside.ts'], root, base);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/not written: src\/links\/outside\.ts: a symbolic link/);
    expect(readFileSync(path.join(base, 'outside', 'secret.ts'), 'utf8')).toBe(OLD_CALL);
    expect(lstatSync(path.join(root, 'src/links/outside.ts')).isSymbolicLink()).toBe(true);
  });

  it('a path given twice, or beside a link to it, is one file', () => {
    const { base, root } = torture();
    const r = cli(['-r', 'compact', 'src/webhooks.ts', './src/webhooks.ts', 'src/links/inside.ts'], root, base);
    expect(r.code).toBe(1);
    expect(r.stdout.trim().split('\n').map((l) => l.split(':')[0])).toEqual(['src/webhooks.ts', 'src/webhooks.ts', 'src/webhooks.ts']);
  });
});

describe('size limit', () => {
  it('--max-file-size N: a file of N bytes is read, one of N + 1 is reported and skipped', () => {
    const base = tempDir('mc-size-');
    chmodSync(base, 0o755);
    writeFileSync(path.join(base, 'at.ts'), padded(OLD_CALL, 200));
    writeFileSync(path.join(base, 'over.ts'), padded(OLD_CALL, 201));
    handOver(base);
    const r = cli(['-r', 'compact', '--max-file-size', '200'], base, base);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^at\.ts:1:31: error .*\[webhooks-path\]$/);
    expect(lines[1]).toMatch(/^over\.ts:1:1: error .*201 bytes.*limit of 200.*\[fatal\]$/);
    // the config key does the same; the flag wins over it
    writeFileSync(path.join(base, 'migrate-check.config.json'), JSON.stringify({ maxFileSize: 100 }));
    handOver(base);
    expect(cli(['-r', 'compact'], base, base).stdout.match(/\[fatal\]/g)).toHaveLength(2);
    expect(cli(['-r', 'compact', '--max-file-size', '1000'], base, base).stdout).not.toContain('[fatal]');
  });
});

describe('bad config and bad flags', () => {
  const cases: [string, string[], Record<string, string>][] = [
    ['zero size', ['--max-file-size', '0'], {}],
    ['fractional size', ['--max-file-size', '1.5'], {}],
    ['word for a size', ['--max-file-size', 'big'], {}],
    ['missing config', ['-c', 'nope.json'], {}],
    ['config is a folder', ['-c', 'src'], {}],
    ['report into a folder', ['-o', 'src'], {}],
    ['unknown rule', ['--rule', 'nope=off'], {}],
    ['bad level', ['--rule', 'webhooks-path=loud'], {}],
    ['bad shard', ['--shard', '3/2'], {}],
    ['invalid JSON config', [], { 'migrate-check.config.json': '{ "rules": ' }],
    ['config nested 100,000 deep', [], { 'migrate-check.config.json': '{ "rules": ' + '['.repeat(100_000) }],
    ['unknown config key', [], { 'migrate-check.config.json': '{ "maxFilesize": 10 }' }],
    ['negative maxFileSize', [], { 'migrate-check.config.json': '{ "maxFileSize": -1 }' }],
  ];
  const run = (args: string[], cwd: string, debug: string) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: 'true', DEBUG: debug } }, (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
      );
    });
  for (const [name, args, files] of cases)
    it.concurrent(`${name}: one line on stderr, exit 2, no stack unless DEBUG`, async ({ expect }) => {
      const dir = tempDir('mc-bad-');
      mkdirSync(path.join(dir, 'src'));
      writeFileSync(path.join(dir, 'src', 'a.ts'), OLD_CALL);
      for (const [f, t] of Object.entries(files)) writeFileSync(path.join(dir, f), t);
      const [r, d] = await Promise.all([run(args, dir, ''), run(args, dir, '1')]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^migrate-check: [^\n]+\n$/);
      expect(r.stderr).not.toContain('internal error');
      expect(d.code).toBe(2);
      expect(d.stderr.split('\n')[0]).toBe(r.stderr.trim());
      expect(d.stderr).toMatch(/\n\s+at /);
    });
});

describe('reading and writing one file (the engine)', () => {
  it('a path that cannot be read (a folder named like a module, a file gone since discovery) is a fatal result, and the others are analysed', async () => {
    const dir = tempDir('mc-read-');
    mkdirSync(path.join(dir, 'folder.ts'));
    writeFileSync(path.join(dir, 'good.ts'), OLD_CALL);
    const files = [path.join(dir, 'folder.ts'), path.join(dir, 'gone.ts'), path.join(dir, 'good.ts')];
    const { results } = await analyzeFiles(files, { config: DEFAULT_CONFIG });
    const by = new Map(results.map((r) => [path.basename(r.file), r]));
    expect(by.get('folder.ts')!.fatal!.message).toMatch(/^cannot read the file: EISDIR/);
    expect(by.get('gone.ts')!.fatal!.message).toMatch(/^cannot read the file: ENOENT/);
    expect(by.get('good.ts')!.findings.map((f) => f.ruleId)).toEqual(['webhooks-path']);
  });

  it('nesting just under the limit is analysed; one level more is reported and skipped', async () => {
    const dir = tempDir('mc-deep-');
    // SourceFile > VariableStatement > VariableDeclarationList > VariableDeclaration > ArrayLiteral >
    // n nested `+` (a left-deep chain of n + 1 terms) > the first `a`: n + 6 levels
    const chain = (n: number) => "export const x = [fetch('/2023-01/webhooks', { method: 'POST' }), " + 'a + '.repeat(n) + 'a];\n';
    const under = path.join(dir, 'under.ts');
    const over = path.join(dir, 'over.ts');
    writeFileSync(under, chain(MAX_NESTING - 6));
    writeFileSync(over, chain(MAX_NESTING - 5));
    const { results } = await analyzeFiles([over, under], { config: DEFAULT_CONFIG });
    const by = new Map(results.map((r) => [path.basename(r.file), r]));
    expect(by.get('under.ts')!.fatal).toBeUndefined();
    expect(by.get('under.ts')!.findings.map((f) => f.ruleId)).toEqual(['webhooks-path']);
    expect(by.get('over.ts')!.fatal!.message).toBe(`skipped: the code is nested ${MAX_NESTING + 1} levels deep, over the limit of ${MAX_NESTING}`);
  });

  it('writeFixed: replaces the file keeping its mode; refuses a link, a changed file and a vanished one; leaves no temporary file', async () => {
    const dir = tempDir('mc-write-');
    const f = path.join(dir, 'a.ts');
    writeFileSync(f, 'old\r\n');
    chmodSync(f, 0o751);
    expect(await writeFixed(f, 'old\r\n', '\uFEFFnew\r\n')).toBeUndefined();
    expect(readFileSync(f)).toEqual(Buffer.from('\uFEFFnew\r\n', 'utf8'));
    expect(statSync(f).mode & 0o7777).toBe(0o751);
    expect(await writeFixed(f, 'old\r\n', 'newer')).toMatch(/changed on disk/);
    expect(readFileSync(f, 'utf8')).toBe('\uFEFFnew\r\n');
    symlinkSync('a.ts', path.join(dir, 'l.ts'));
    expect(await writeFixed(path.join(dir, 'l.ts'), '\uFEFFnew\r\n', 'through the link')).toMatch(/symbolic link/);
    expect(readFileSync(f, 'utf8')).toBe('\uFEFFnew\r\n');
    unlinkSync(f);
    expect(await writeFixed(f, '\uFEFFnew\r\n', 'x')).toMatch(/gone/);
    expect(existsSync(f)).toBe(false);
    expect(readdirSync(dir)).toEqual(['l.ts']);
  });
});

// ------------------------------------------------------------------------------------------------
// a large tree, and something happening to it while --fix writes

const N = 3000;
const name = (i: number) => `f${String(i).padStart(4, '0')}.ts`;
const fileText = (i: number) => `export const w${i} = () => fetch('/2023-01/webhooks', { method: 'POST' });\n`;
const fixedText = (i: number) => `export const w${i} = () => fetch('/2024-09/webhooks', { method: 'POST' });\n`;

function bigTree(): { base: string; root: string } {
  const base = tempDir('mc-big-');
  chmodSync(base, 0o755);
  const root = path.join(base, 'tree');
  mkdirSync(root);
  for (let i = 0; i < N; i++) writeFileSync(path.join(root, name(i)), fileText(i));
  handOver(base);
  return { base, root };
}

/** Run --fix, and once the first file is written do `during` (the writes go in path order). */
function fixWhileWriting(base: string, root: string, during: (child: ReturnType<typeof spawn>) => void): Promise<{ code: number | null; signal: string | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '--fix', '-r', 'compact', '--no-progress'], runOpts(root, base));
    let stderr = '';
    let stdout = '';
    child.stderr!.on('data', (d) => (stderr += d));
    child.stdout!.on('data', (d) => (stdout += d));
    const first = path.join(root, name(0));
    let fired = false;
    const timer = setInterval(() => {
      if (fired) return;
      let t = '';
      try {
        t = readFileSync(first, 'utf8');
      } catch {
        return;
      }
      if (t === fixedText(0)) {
        fired = true;
        during(child);
      }
    }, 1);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearInterval(timer);
      resolve({ code, signal, stderr, stdout });
    });
  });
}

function tempLeftovers(dir: string): string[] {
  return readdirSync(dir).filter((f) => !/^f\d{4}\.ts$/.test(f));
}

describe('--fix interrupted or raced', () => {
  for (const [sig, num] of [['SIGINT', 2], ['SIGTERM', 15]] as const)
    it(`${sig} while files are written: the file in hand is finished, the rest left as they were, no temporary file; exit ${128 + num}`, async () => {
      const { base, root } = bigTree();
      const r = await fixWhileWriting(base, root, (child) => child.kill(sig));
      expect(r.signal).toBeNull();
      expect(r.code).toBe(128 + num);
      const m = new RegExp(`^migrate-check: interrupted \\(${sig}\\): (\\d+) files? fixed, (\\d+) left as (?:it was|they were)\\n$`).exec(r.stderr);
      expect(m, r.stderr).not.toBeNull();
      const [fixedN, leftN] = [Number(m![1]), Number(m![2])];
      expect(fixedN + leftN).toBe(N);
      expect(fixedN).toBeGreaterThan(0);
      expect(leftN).toBeGreaterThan(0);
      let onDisk = 0;
      for (let i = 0; i < N; i++) {
        const t = readFileSync(path.join(root, name(i)), 'utf8');
        if (t === fixedText(i)) onDisk++;
        else expect(t, name(i)).toBe(fileText(i));
      }
      expect(onDisk).toBe(fixedN);
      expect(tempLeftovers(root)).toEqual([]);
      // the next run finishes the job
      const again = cli(['--fix', '-r', 'compact', '--no-progress'], root, base);
      expect(again.code).toBe(0);
      for (let i = 0; i < N; i++) expect(readFileSync(path.join(root, name(i)), 'utf8')).toBe(fixedText(i));
    }, 120_000);

  it('a file changed on disk after it was read is not overwritten, and its findings stay', async () => {
    const { base, root } = bigTree();
    const last = path.join(root, name(N - 1));
    const edited = fileText(N - 1) + '// edited by someone else meanwhile\n';
    const r = await fixWhileWriting(base, root, () => writeFileSync(last, edited));
    expect(readFileSync(last, 'utf8')).toBe(edited);
    expect(r.stdout).toContain(`not written: ${name(N - 1)}: the file changed on disk while it was being fixed`);
    expect(r.stdout).toMatch(new RegExp(`^${name(N - 1)}:1:\\d+: error .*\\[webhooks-path\\]$`, 'm'));
    expect(r.code).toBe(1);
    for (let i = 0; i < N - 1; i++) expect(readFileSync(path.join(root, name(i)), 'utf8')).toBe(fixedText(i));
    expect(tempLeftovers(root)).toEqual([]);
  }, 120_000);
});
