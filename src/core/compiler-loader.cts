// Loads the TypeScript compiler that ts-morph bundles (@ts-morph/common/dist/typescript.js, 9 MB)
// straight from its file, without the 3 MB of ts-morph's own code around it, and with a V8 code
// cache: compiling the bundle costs about 0.2 s on every start (and in every worker thread), while
// reading compiled code back from the cache costs a fraction of that.
//
// The cache is written by the first run that finds none (or finds one V8 rejects: another Node,
// other flags), as soon as the bundle has run and has parsed and type-checked a few sample lines
// (compiler-warmup.cts): it then holds the code compiled up front and the parser's and checker's
// functions a run uses, which V8 would otherwise compile again in every run (measured on the
// bench's tree: the type checks of request shapes 50 -> 32 ms a run, median of 9; a cache made
// at exit instead, holding every function the analysis compiled, took over a second to write and
// made later runs no faster). Where the cache lives, and how it is checked: code-cache.cts.

import fs = require('node:fs');
import path = require('node:path');
import { isAscii } from 'node:buffer';
import { createRequire } from 'node:module';
import { codeCacheDir, compileCached, flagsName, saveCodeCache } from './code-cache.cjs';
import { readView } from './compiler-reads.cjs';

function load(): unknown {
  const file = require.resolve('@ts-morph/common/dist/typescript.js');
  // the bundle is ASCII: read as such, 9 MB become a string several times faster than as UTF-8
  const bytes = fs.readFileSync(file);
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const dir = codeCacheDir(file);
  let cacheFile: string | undefined;
  let install = '';
  if (dir) {
    const st = fs.statSync(file);
    // V8 checks its own version, its flags and the source's length; the name adds the rest
    // (`w1`: made after the warm-up of compiler-warmup.cts; a cache made without it is replaced)
    install = `typescript-${st.size}-${Math.trunc(st.mtimeMs)}-${process.version}-${process.arch}-w1-`;
    cacheFile = path.join(dir, `${install}${flagsName()}.v8cache`);
  }
  const { script, usable } = compileCached(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, file, cacheFile);
  const mod = { exports: {} as unknown };
  (script.runInThisContext() as (...args: unknown[]) => void).call(mod.exports, mod.exports, createRequire(file), mod, file, path.dirname(file));
  trace(`compiler ${usable ? 'loaded with its code cache' : cacheFile ? 'compiled (no usable code cache yet)' : 'compiled (code cache off)'}`);
  if (cacheFile && !usable) {
    warmUp(mod.exports);
    saveCodeCache(script, cacheFile, 'typescript-', install);
  }
  return readView(mod.exports as object);
}

/** Run the compiler as the checks do, on a few lines (compiler-warmup.cts), so that the cache holds that code too. */
function warmUp(ts: unknown): void {
  try {
    (require('./compiler-warmup.cjs') as typeof import('./compiler-warmup.cjs')).warmUp(ts as Parameters<typeof import('./compiler-warmup.cjs').warmUp>[0]);
  } catch {
    // the cache is written as it stands
  }
}

function trace(line: string): void {
  if (process.env.MIGRATE_CHECK_TRACE) process.stderr.write(`migrate-check trace: [${Math.round(process.uptime() * 1000)} ms] ${line}\n`);
}

/**
 * The compiler, or, when it cannot be loaded (a broken install), a stand-in that throws a plain
 * error on first use: this module then loads once and fails once, where a throw here would be
 * retried (and left unhandled) by every module that imports it.
 */
function loadOrExplain(): unknown {
  try {
    return load();
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message.split('\n')[0] : String(err));
    const message = `the TypeScript compiler that ts-morph bundles cannot be loaded (${why}); reinstall the dependencies (npm ci)`;
    return new Proxy(
      {},
      {
        get() {
          throw new Error(message);
        },
      },
    );
  }
}

export = loadOrExplain();
