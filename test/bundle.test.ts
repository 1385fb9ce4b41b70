// The command's modules as one script (src/build/bundle.ts, src/core/bundle-loader.ts): the same
// modules run the same way from it as from dist/, and it is never used once a module it holds
// was rebuilt. (Both taken from dist/: the loader's cache is CommonJS, which vitest does not transform.)
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BundleError, bundleModules } from '../dist/src/build/bundle.js';
import { BUNDLE_FILE, openBundle, runBundle, staleModule, type BundleTable } from '../dist/src/core/bundle-loader.js';
import { ROOT, runCli, tempCopy, tempDir, tempTree } from './helpers.js';

const evaluate = (text: string): BundleTable => vm.runInThisContext(text) as BundleTable;

/** A small tree of built modules, as tsc leaves them in dist/. */
function builtTree(): string {
  return tempTree({
    'src/entry.js': [
      "import path from 'node:path';",
      "import { readFileSync } from 'node:fs';",
      "import ts from './core/thing.cjs';",
      "import { count, bump } from './counter.js';",
      "import * as arrows from './arrows.js';",
      "export { bump };",
      "export * from './more.js';",
      'export const here = import.meta.url;',
      'export const folder = import.meta.dirname;',
      'export const base = path.basename(import.meta.filename);',
      'export const reads = typeof readFileSync;',
      'export const thing = ts.name;',
      'export const seen = () => count;',
      'export const arrow = arrows.ARROW;',
      "export const lazy = () => import('./lazy.js');",
      "export const outside = () => import('node:os');",
      'export default function main() { return 42; }',
      '',
    ].join('\n'),
    'src/counter.js': 'export let count = 0;\nexport function bump() { count++; }\n',
    'src/arrows.js': [
      "export const ARROW = '→ · …';",
      'export const TEMPLATE = (x) => `${x} → ${x}`;',
      'export const PLAIN = `a → b`;',
      "export const QUOTE = /[’‘]/u;",
      '',
    ].join('\n'),
    'src/more.js': "export const more = 'more';\n",
    'src/lazy.js': "import { more } from './more.js';\nexport const late = more + '!';\n",
    'src/core/thing.cjs': "module.exports = { name: 'thing' };\n",
  });
}

describe('the bundle of the modules', () => {
  it('runs them as their ES modules ran: imports, live bindings, import.meta, dynamic imports, text outside ASCII', async () => {
    const dist = builtTree();
    const { text, modules } = bundleModules(dist, ['src/entry.js']);
    expect(modules).toEqual(['src/arrows.js', 'src/counter.js', 'src/entry.js', 'src/lazy.js', 'src/more.js']);
    // every character outside ASCII escaped (the loader reads it as Latin-1)
    expect(/^[\0-\x7f]*$/.test(text)).toBe(true);
    const m = (await runBundle(dist, evaluate(text)).load('src/entry.js')) as Record<string, (...a: unknown[]) => unknown> & Record<string, unknown>;
    expect(m.default()).toBe(42);
    expect(m.here).toBe(pathToFileURL(path.join(dist, 'src', 'entry.js')).href);
    expect(m.folder).toBe(path.join(dist, 'src'));
    expect(m.base).toBe('entry.js');
    expect(m.reads).toBe('function');
    expect(m.thing).toBe('thing');
    expect(m.more).toBe('more');
    expect(m.arrow).toBe('→ · …');
    // a binding read live from the module that changes it
    expect(m.seen()).toBe(0);
    m.bump();
    expect(m.seen()).toBe(1);
    const lazy = (await m.lazy()) as { late: string };
    expect(lazy.late).toBe('more!');
    expect(typeof ((await m.outside()) as { cpus: unknown }).cpus).toBe('function');
    const arrows = (await runBundle(dist, evaluate(text)).load('src/arrows.js')) as { TEMPLATE: (x: string) => string; PLAIN: string; QUOTE: RegExp };
    expect(arrows.TEMPLATE('x')).toBe('x → x');
    expect(arrows.PLAIN).toBe('a → b');
    expect(arrows.QUOTE.test('it’s')).toBe(true);
    expect(arrows.QUOTE.test("it's")).toBe(false);
  });

  it('refuses, naming the module, what one script cannot do as the module did', () => {
    const cases: [string, RegExp][] = [
      ['const x = await Promise.resolve(1);\nexport { x };\n', /src\/bad\.js: it awaits at its top level/],
      ['export const r = import.meta.resolve("x");\n', /src\/bad\.js: it reads import\.meta\.resolve/],
      ['export const load = (n) => import(n);\n', /src\/bad\.js: it imports a module named at run time \(import\(n\)\)/],
      ['const require = () => 1;\nexport const x = require();\n', /src\/bad\.js: it declares `require`/],
      ['const tag = (s) => s.raw[0];\nexport const x = tag`→`;\n', /src\/bad\.js: a tagged template holds a character outside ASCII/],
    ];
    for (const [text, why] of cases) {
      const dist = tempTree({ 'src/entry.js': "import './bad.js';\n", 'src/bad.js': text });
      expect(() => bundleModules(dist, ['src/entry.js']), text).toThrow(BundleError);
      expect(() => bundleModules(dist, ['src/entry.js']), text).toThrow(why);
    }
  });

  it('is not used, and nothing thrown, where the file is no bundle: not a script, or a script of something else', () => {
    const off = process.env.MIGRATE_CHECK_CACHE;
    process.env.MIGRATE_CHECK_CACHE = 'off';
    try {
      for (const text of ['({ entries: [', '42', 'null', '({ entries: [] })', '']) {
        const dist = builtTree();
        writeFileSync(path.join(dist, BUNDLE_FILE), text);
        expect(openBundle(dist), JSON.stringify(text)).toBeUndefined();
      }
      const dist = builtTree();
      writeFileSync(path.join(dist, BUNDLE_FILE), bundleModules(dist, ['src/entry.js']).text);
      expect(openBundle(dist)).toBeDefined();
    } finally {
      if (off === undefined) delete process.env.MIGRATE_CHECK_CACHE;
      else process.env.MIGRATE_CHECK_CACHE = off;
    }
  });

  it('is stale once a module it holds is rebuilt (in a checkout), changes size, or is gone', () => {
    const dist = builtTree();
    const table = evaluate(bundleModules(dist, ['src/entry.js']).text);
    const built = Date.now();
    expect(staleModule(dist, table, built)).toBeUndefined();
    const counter = path.join(dist, 'src', 'counter.js');
    // rebuilt with the same text, after the bundle
    const later = new Date(built + 5000);
    utimesSync(counter, later, later);
    expect(staleModule(dist, table, built)).toBe('src/counter.js was built after it');
    // an installed package's times say nothing (npm gives each file the time it unpacked it)
    expect(staleModule(dist, table)).toBeUndefined();
    // another text, whatever its time
    const earlier = new Date(built - 5000);
    writeFileSync(counter, 'export let count = 1;\nexport function bump() { count += 2; }\n');
    utimesSync(counter, earlier, earlier);
    expect(staleModule(dist, table, built)).toBe('src/counter.js is not the one it holds');
    expect(staleModule(dist, table)).toBe('src/counter.js is not the one it holds');
    rmSync(counter);
    expect(staleModule(dist, table, built)).toBe('src/counter.js is gone');
  });
});

describe("the command's bundle", () => {
  const PROJECT = path.join(ROOT, 'fixtures', 'projects', 'legacy-client', 'before');
  const traced = (stderr: string) => stderr.split('\n').filter((l) => l.includes('] bundle')).map((l) => l.replace(/\[\d+ ms\] /, ''));

  it('is made by the build, fresh, and runs the command as its modules do, byte for byte', () => {
    const dir = tempDir('mc-bundle-');
    const project = tempCopy(PROJECT);
    for (const args of [['--reporter', 'json', '.'], ['--fix', '--dry-run', '--no-progress', '.'], ['--reporter', 'sarif', '.'], ['rules', '--json']]) {
      const off = runCli(args, project, { MIGRATE_CHECK_BUNDLE: 'off', MIGRATE_CHECK_TRACE: '1', MIGRATE_CHECK_CACHE_DIR: dir });
      const on = runCli(args, project, { MIGRATE_CHECK_TRACE: '1', MIGRATE_CHECK_CACHE_DIR: dir });
      expect(traced(off.stderr), args.join(' ')).toEqual([]);
      expect(traced(on.stderr).length, `${args.join(' ')}: ${on.stderr.split('\n').filter((l) => l.includes('bundle')).join(' | ')} (run \`npm run build\`)`).toBe(1);
      expect(on.code, args.join(' ')).toBe(off.code);
      expect(on.stdout, args.join(' ')).toBe(off.stdout);
    }
  });

  it("runs the command's threads from it too (the reader thread, the analysis workers), to the same report", () => {
    const dir = tempDir('mc-bundle-');
    for (const env of [{ MIGRATE_CHECK_READ_AHEAD: '1' }, { MIGRATE_CHECK_WORKERS: '2' }]) {
      const base = { ...env, MIGRATE_CHECK_TRACE: '1', MIGRATE_CHECK_CACHE_DIR: dir };
      const off = runCli(['--reporter', 'json', '.'], PROJECT, { ...base, MIGRATE_CHECK_BUNDLE: 'off' });
      const on = runCli(['--reporter', 'json', '.'], PROJECT, base);
      // the command's own thread, and each thread it starts (each under the command's flags, with a code cache of their own)
      expect(traced(off.stderr), JSON.stringify(env)).toEqual([]);
      expect(traced(on.stderr).length, JSON.stringify(env)).toBeGreaterThanOrEqual(2);
      expect(on.stderr).not.toContain('bundle not used');
      expect(on.code).toBe(off.code);
      expect(on.stdout, JSON.stringify(env)).toBe(off.stdout);
    }
    expect(readdirSync(dir).filter((n) => n.startsWith('bundle-')).map((n) => n.replace(/^.*-/, '')).sort()).toEqual(['budget.v8cache', 'default.v8cache']);
  });

  it('keeps a code cache: written by a first run, used by the next, replaced when damaged', () => {
    const dir = tempDir('mc-bundle-');
    const scan = () => runCli(['--reporter', 'json', '.'], PROJECT, { MIGRATE_CHECK_TRACE: '1', MIGRATE_CHECK_CACHE_DIR: dir });
    const first = scan();
    expect(traced(first.stderr)).toEqual(['migrate-check trace: bundle compiled (no usable code cache yet)']);
    const written = readdirSync(dir).filter((n) => n.startsWith('bundle-'));
    expect(written).toHaveLength(1);
    const second = scan();
    expect(traced(second.stderr)).toEqual(['migrate-check trace: bundle loaded with its code cache']);
    expect(second.stdout).toBe(first.stdout);
    const file = path.join(dir, written[0]);
    const bytes = readFileSync(file);
    for (let i = 0; i < 50; i++) bytes[100 + ((i * 48_271) % (bytes.length - 100))] ^= 0x5a;
    writeFileSync(file, bytes);
    const damaged = scan();
    expect(traced(damaged.stderr)).toEqual(['migrate-check trace: bundle compiled (no usable code cache yet)']);
    expect(damaged.stdout).toBe(first.stdout);
    expect(traced(scan().stderr)).toEqual(['migrate-check trace: bundle loaded with its code cache']);
  });

  it('is not used once a module it holds was rebuilt: the modules run instead', () => {
    // a copy of the package (the command, its modules and its catalogue), a module rebuilt after the bundle
    const pkg = tempDir('mc-bundle-pkg-');
    for (const part of ['bin', 'dist', 'rules', 'package.json']) cpSync(path.join(ROOT, part), path.join(pkg, part), { recursive: true, preserveTimestamps: true });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(pkg, 'node_modules'));
    const bundled = statSync(path.join(pkg, 'dist', BUNDLE_FILE)).mtimeMs;
    const later = new Date(bundled + 5000);
    utimesSync(path.join(pkg, 'dist', 'src', 'cli.js'), later, later);
    const r = spawnSync(process.execPath, [path.join(pkg, 'bin', 'migrate-check.js'), '--reporter', 'json', '.'], {
      cwd: PROJECT,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', CI: 'true', MIGRATE_CHECK_TRACE: '1', MIGRATE_CHECK_CACHE: 'off' },
    });
    expect(traced(r.stderr)).toEqual(['migrate-check trace: bundle compiled (code cache off)', 'migrate-check trace: bundle not used: src/cli.js was built after it']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe(runCli(['--reporter', 'json', '.'], PROJECT, { MIGRATE_CHECK_BUNDLE: 'off' }).stdout);
  });
});
