// The compiler's V8 code cache (src/core/compiler-loader.cts): written by the first run, used by
// the next, and never a cause of a different result or an error, whatever state it is in.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { BIN, ROOT, runCli, tempDir } from './helpers.js';
import ts from '../dist/src/core/ts.cjs';
import { SAMPLES, warmUp } from '../dist/src/core/compiler-warmup.cjs';

const PROJECT = path.join(ROOT, 'fixtures', 'projects', 'legacy-client', 'before');
const scan = (env: Record<string, string>) => runCli(['--reporter', 'json', '.'], PROJECT, { MIGRATE_CHECK_TRACE: '1', ...env });
// trace lines without their time stamp
const traced = (stderr: string) => stderr.split('\n').filter((l) => l.includes('] compiler')).map((l) => l.replace(/\[\d+ ms\] /, ''));
// (the compiler's; the command's bundle keeps one of its own there too: test/bundle.test.ts)
const caches = (dir: string) => readdirSync(dir).filter((n) => n.startsWith('typescript-') && n.endsWith('.v8cache'));

describe('compiler code cache', () => {
  it('is written after the compiler has parsed and type-checked sample code as the checks do', () => {
    // each sample parses cleanly (the parser's usual path), and the checker is asked about its identifiers, objects, types and calls
    for (const s of SAMPLES) {
      const sf = ts.createSourceFile(s.name, s.text, ts.ScriptTarget.Latest, false, ts.ScriptKind[s.kind]);
      expect((sf as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics, s.name).toEqual([]);
    }
    const asked = warmUp(ts);
    expect(asked).toBeGreaterThan(150);
    // the same answer a second time: the samples are parsed and checked afresh, no state kept between
    expect(warmUp(ts)).toBe(asked);
  });

  it('is written by a first run, used by the next, and replaced when it is damaged', () => {
    const dir = tempDir('mc-cache-');
    const first = scan({ MIGRATE_CHECK_CACHE_DIR: dir });
    expect(first.code).toBe(1);
    expect(traced(first.stderr)).toEqual(['migrate-check trace: compiler compiled (no usable code cache yet)']);
    const written = caches(dir);
    expect(written).toHaveLength(1);
    expect(statSync(path.join(dir, written[0])).size).toBeGreaterThan(100_000);

    const second = scan({ MIGRATE_CHECK_CACHE_DIR: dir });
    expect(traced(second.stderr)).toEqual(['migrate-check trace: compiler loaded with its code cache']);
    expect(second.stdout).toBe(first.stdout);

    // a damaged cache is rejected by V8: the run compiles as usual and writes a good one
    writeFileSync(path.join(dir, written[0]), 'not a code cache');
    const third = scan({ MIGRATE_CHECK_CACHE_DIR: dir });
    expect(traced(third.stderr)).toEqual(['migrate-check trace: compiler compiled (no usable code cache yet)']);
    expect(third.stdout).toBe(first.stdout);
    expect(readFileSync(path.join(dir, written[0])).length).toBeGreaterThan(100_000);
    expect(traced(scan({ MIGRATE_CHECK_CACHE_DIR: dir }).stderr)).toEqual(['migrate-check trace: compiler loaded with its code cache']);

    // damaged in place, its length kept (V8 itself would take it, and could crash on it)
    const file = path.join(dir, written[0]);
    const bytes = readFileSync(file);
    for (let i = 0; i < 50; i++) bytes[100 + ((i * 48_271) % (bytes.length - 100))] ^= 0x5a;
    writeFileSync(file, bytes);
    const damaged = scan({ MIGRATE_CHECK_CACHE_DIR: dir });
    expect(damaged.code).toBe(1);
    expect(traced(damaged.stderr)).toEqual(['migrate-check trace: compiler compiled (no usable code cache yet)']);
    expect(damaged.stdout).toBe(first.stdout);
    expect(traced(scan({ MIGRATE_CHECK_CACHE_DIR: dir }).stderr)).toEqual(['migrate-check trace: compiler loaded with its code cache']);
  });

  it("is kept apart for V8's default flags (a language server, a program calling the API): neither replaces the other", () => {
    const dir = tempDir('mc-cache-');
    scan({ MIGRATE_CHECK_CACHE_DIR: dir });
    expect(traced(scan({ MIGRATE_CHECK_CACHE_DIR: dir }).stderr)).toEqual(['migrate-check trace: compiler loaded with its code cache']);
    // the command under V8's defaults, as the servers run: a cache of its own, the command's kept
    const defaults = { MIGRATE_CHECK_CACHE_DIR: dir, MIGRATE_CHECK_V8_DEFAULTS: '1' };
    expect(traced(scan(defaults).stderr)).toEqual(['migrate-check trace: compiler compiled (no usable code cache yet)']);
    expect(caches(dir)).toHaveLength(2);
    expect(traced(scan(defaults).stderr)).toEqual(['migrate-check trace: compiler loaded with its code cache']);
    expect(traced(scan({ MIGRATE_CHECK_CACHE_DIR: dir }).stderr)).toEqual(['migrate-check trace: compiler loaded with its code cache']);
  });

  it('can be turned off, and a folder it cannot write to changes nothing', () => {
    const dir = tempDir('mc-cache-');
    const off = scan({ MIGRATE_CHECK_CACHE_DIR: dir, MIGRATE_CHECK_CACHE: 'off' });
    expect(traced(off.stderr)).toEqual(['migrate-check trace: compiler compiled (code cache off)']);
    expect(readdirSync(dir).filter((n) => n.endsWith('.v8cache'))).toEqual([]);

    const blocked = path.join(dir, 'a-file');
    writeFileSync(blocked, '');
    const unwritable = scan({ MIGRATE_CHECK_CACHE_DIR: path.join(blocked, 'cache') });
    expect(unwritable.code).toBe(1);
    expect(unwritable.stdout).toBe(off.stdout);
    expect(unwritable.stderr.split('\n').filter((l) => l && !l.includes('trace:'))).toEqual([]);
  });

  it('a compiler that cannot be loaded (a broken install) is one line and exit 2, however the run is split', () => {
    const preload = path.join(ROOT, 'test', 'support', 'no-compiler.cjs');
    for (const env of [{}, { MIGRATE_CHECK_READ_AHEAD: '1' }, { MIGRATE_CHECK_WORKERS: '2' }]) {
      const r = spawnSync(process.execPath, ['-r', preload, BIN, '--no-progress', '.'], { cwd: PROJECT, encoding: 'utf8', env: { ...process.env, ...env } });
      expect(r.status, JSON.stringify(env)).toBe(2);
      expect(r.stderr, JSON.stringify(env)).toBe(
        'migrate-check: internal error: the TypeScript compiler that ts-morph bundles cannot be loaded (MODULE_NOT_FOUND); reinstall the dependencies (npm ci)\n',
      );
    }
  });
});
