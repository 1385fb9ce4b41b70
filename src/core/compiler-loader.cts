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
// made later runs no faster). It lives in
// node_modules/.cache/migrate-check beside the installed dependencies, as other tools' caches
// do; `MIGRATE_CHECK_CACHE_DIR` puts it elsewhere and `MIGRATE_CHECK_CACHE=off` turns it off. Any
// failure to read or write it is silent: the compiler then loads as usual.

import fs = require('node:fs');
import path = require('node:path');
import vm = require('node:vm');
import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { threadId } from 'node:worker_threads';

function cacheDirFor(file: string): string | undefined {
  const setting = process.env.MIGRATE_CHECK_CACHE_DIR;
  if (setting) return path.resolve(setting);
  const at = file.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  return at < 0 ? undefined : path.join(file.slice(0, at), 'node_modules', '.cache', 'migrate-check');
}

function load(): unknown {
  const file = require.resolve('@ts-morph/common/dist/typescript.js');
  // the bundle is ASCII: read as such, 9 MB become a string several times faster than as UTF-8
  const bytes = fs.readFileSync(file);
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const off = process.env.MIGRATE_CHECK_CACHE === 'off';
  const dir = off ? undefined : cacheDirFor(file);
  let cacheFile: string | undefined;
  let install = '';
  let cached: Buffer | undefined;
  if (dir) {
    const st = fs.statSync(file);
    // V8 checks its own version, its flags and the source's length; the name adds the rest, and the
    // flags the command sets (bin/migrate-check.js): a language server or a program calling the API
    // runs under V8's defaults, and their cache and the command's would each reject and replace the other
    const flags = process.env.MIGRATE_CHECK_V8_FLAGS === 'budget' ? 'budget' : 'default';
    // (`w1`: made after the warm-up of compiler-warmup.cts; a cache made without it is replaced)
    install = `typescript-${st.size}-${Math.trunc(st.mtimeMs)}-${process.version}-${process.arch}-w1-`;
    cacheFile = path.join(dir, `${install}${flags}.v8cache`);
    try {
      cached = unsealed(fs.readFileSync(cacheFile));
    } catch {
      cached = undefined;
    }
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData: cached });
  const mod = { exports: {} as unknown };
  (script.runInThisContext() as (...args: unknown[]) => void).call(mod.exports, mod.exports, createRequire(file), mod, file, path.dirname(file));
  const usable = cached !== undefined && !script.cachedDataRejected;
  trace(`compiler ${usable ? 'loaded with its code cache' : cacheFile ? 'compiled (no usable code cache yet)' : 'compiled (code cache off)'}`);
  if (cacheFile && !usable) {
    warmUp(mod.exports);
    writeCache(script, dir!, cacheFile, install);
  }
  return mod.exports;
}

/** Run the compiler as the checks do, on a few lines (compiler-warmup.cts), so that the cache holds that code too. */
function warmUp(ts: unknown): void {
  try {
    (require('./compiler-warmup.cjs') as typeof import('./compiler-warmup.cjs')).warmUp(ts as Parameters<typeof import('./compiler-warmup.cjs').warmUp>[0]);
  } catch {
    // the cache is written as it stands
  }
}

function writeCache(script: vm.Script, dir: string, target: string, install: string): void {
  const tmp = `${target}.${process.pid}-${threadId}.tmp`;
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(tmp, sealed(script.createCachedData()));
    fs.renameSync(tmp, target);
    // caches for another Node or another install of the compiler are of no more use (another set of flags' is)
    for (const name of fs.readdirSync(dir)) if (/^typescript-.*\.v8cache$/.test(name) && !name.startsWith(install)) fs.rmSync(path.join(dir, name), { force: true });
  } catch {
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      // nothing to clean
    }
  }
}

// V8 trusts a code cache of the right length: a damaged one can crash the process outright, so
// the file carries a digest of what follows it, and a cache that does not match it is not used.
const DIGEST = 'sha256';
const DIGEST_BYTES = 32;

function sealed(data: Buffer): Buffer {
  return Buffer.concat([createHash(DIGEST).update(data).digest(), data]);
}

function unsealed(file: Buffer): Buffer | undefined {
  if (file.length <= DIGEST_BYTES) return undefined;
  const data = file.subarray(DIGEST_BYTES);
  return createHash(DIGEST).update(data).digest().equals(file.subarray(0, DIGEST_BYTES)) ? data : undefined;
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
