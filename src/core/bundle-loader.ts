// Runs the command's modules from their bundle (dist/cli.bundle.cjs, made by src/build/bundle.ts
// at `npm run build`): one script, compiled with a V8 code cache (code-cache.cts), where Node 20
// would resolve, read and compile each of two hundred ES modules on every start.
//
// The bundle is used only while it holds every module of dist/ as built: a module gone, of
// another size, or (in a checkout, where the times are the build's) rebuilt after the bundle (a
// `tsc` run alone), and the command runs from dist/ as before. An installed package's times say
// nothing: npm gives each file the time it unpacked it.
// `MIGRATE_CHECK_BUNDLE=off` does that always (a stack trace then names the modules' own files).
// What the modules import from outside (Node's modules, packages, the CommonJS files of dist/) is
// imported as the ES modules imported it, before the first module that needs it runs.

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import type * as CodeCache from './code-cache.cjs';
import { trace } from './trace.js';

// required, not imported: an ES module importing CommonJS first has Node scan its text for the names it exports
const { codeCacheDir, compileCached, flagsName, saveCodeCache } = createRequire(import.meta.url)('./code-cache.cjs') as typeof CodeCache;

/** The bundle, relative to dist/. */
export const BUNDLE_FILE = 'cli.bundle.cjs';

type Exports = Record<string, unknown>;
type ModuleBody = (
  exports: Exports,
  require: (spec: string) => unknown,
  module: { exports: Exports },
  importMeta: { url: string; filename: string; dirname: string },
  loadAsync: (rel: string) => Promise<Exports>,
  importDynamic: (key: string) => Promise<unknown>,
) => void;

/** What the bundle's script evaluates to. */
export interface BundleTable {
  entries: string[];
  modules: Record<string, { size: number; deps: string[]; externals: string[]; run: ModuleBody }>;
}

export interface Bundle {
  /** A module's exports (its path relative to dist/), once what it imports from outside is loaded. */
  load(rel: string): Promise<Exports>;
}

/**
 * The bundle beside the modules of `dist`, ready to run, or undefined when there is none to use
 * (off, missing, unreadable, or not holding the modules as built). Its code cache is kept per set
 * of V8 flags (code-cache.cts flagsName): the command opens it before it sets its own, and its
 * threads after.
 */
export function openBundle(dist: string): Bundle | undefined {
  if (process.env.MIGRATE_CHECK_BUNDLE === 'off') return undefined;
  const file = path.join(dist, BUNDLE_FILE);
  let source: string;
  let stamp: fs.Stats;
  try {
    stamp = fs.statSync(file);
    source = fs.readFileSync(file, 'latin1');
  } catch {
    return undefined;
  }
  const dir = codeCacheDir(file, path.dirname(dist));
  const name = `bundle-${stamp.size}-${Math.trunc(stamp.mtimeMs)}-${process.version}-${process.arch}-`;
  const cacheFile = dir ? path.join(dir, `${name}${flagsName()}.v8cache`) : undefined;
  let table: BundleTable;
  try {
    const { script, usable } = compileCached(source, file, cacheFile);
    table = script.runInThisContext() as BundleTable;
    // (a file of that name that is no bundle: the modules run, as with none)
    if (typeof table !== 'object' || table === null || typeof table.modules !== 'object' || table.modules === null) throw new Error(`${BUNDLE_FILE} holds no table of modules`);
    if (cacheFile && !usable) saveCodeCache(script, cacheFile, 'bundle-', name);
    trace(`bundle ${usable ? 'loaded with its code cache' : cacheFile ? 'compiled (no usable code cache yet)' : 'compiled (code cache off)'}`);
  } catch (err) {
    trace(`bundle not used: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
  const installed = file.includes(`${path.sep}node_modules${path.sep}`);
  const stale = staleModule(dist, table, installed ? undefined : stamp.mtimeMs);
  if (stale) {
    trace(`bundle not used: ${stale}`);
    return undefined;
  }
  return runBundle(dist, table);
}

/**
 * Why a module the bundle holds differs from the bundle's copy (gone, another size, or built after
 * `bundleTime` when that is given); undefined when none does.
 */
export function staleModule(dist: string, table: BundleTable, bundleTime?: number): string | undefined {
  for (const [rel, m] of Object.entries(table.modules)) {
    let st: fs.Stats | undefined;
    try {
      st = fs.statSync(path.join(dist, rel));
    } catch {
      return `${rel} is gone`;
    }
    if (st.size !== m.size) return `${rel} is not the one it holds`;
    if (bundleTime !== undefined && st.mtimeMs > bundleTime) return `${rel} was built after it`;
  }
  return undefined;
}

/** The loader of a bundle's table. */
export function runBundle(dist: string, table: BundleTable): Bundle {
  const done = new Map<string, { exports: Exports }>();
  const outside = new Map<string, unknown>();
  const importOutside = (key: string): Promise<unknown> => import(key.startsWith('./') ? pathToFileURL(path.join(dist, key)).href : key);

  /** What the modules a module reaches by static imports (it among them) import from outside, not loaded yet. */
  const needed = (rel: string): string[] => {
    const seen = new Set<string>();
    const keys = new Set<string>();
    const stack = [rel];
    while (stack.length) {
      const r = stack.pop()!;
      if (seen.has(r) || done.has(r)) continue;
      seen.add(r);
      const m = table.modules[r];
      if (!m) throw new Error(`the bundle holds no module ${r}`);
      for (const k of m.externals) if (!outside.has(k)) keys.add(k);
      stack.push(...m.deps);
    }
    return [...keys];
  };

  const run = (rel: string): Exports => {
    const known = done.get(rel);
    if (known) return known.exports;
    const m = table.modules[rel];
    if (!m) throw new Error(`the bundle holds no module ${rel}`);
    const mod = { exports: {} as Exports };
    done.set(rel, mod);
    const dir = path.posix.dirname(rel);
    const require = (spec: string): unknown => {
      const relative = spec.startsWith('./') || spec.startsWith('../');
      const target = relative ? path.posix.normalize(path.posix.join(dir, spec)) : spec;
      if (relative && table.modules[target]) return run(target);
      const key = relative ? `./${target}` : spec;
      if (!outside.has(key)) throw new Error(`${rel} asked for ${spec} before it was loaded`);
      return outside.get(key);
    };
    const filename = path.join(dist, rel);
    try {
      m.run.call(undefined, mod.exports, require, mod, { url: pathToFileURL(filename).href, filename, dirname: path.dirname(filename) }, load, importOutside);
    } catch (err) {
      // as an ES module that throws: imported again, it throws again (rather than handing out half its exports)
      done.delete(rel);
      throw err;
    }
    return mod.exports;
  };

  async function load(rel: string): Promise<Exports> {
    const keys = needed(rel);
    const got = await Promise.all(keys.map(importOutside));
    keys.forEach((k, i) => outside.set(k, got[i]));
    return run(rel);
  }

  return { load };
}
