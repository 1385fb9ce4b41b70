// A V8 code cache for a large script the command compiles on every start: the TypeScript compiler
// (compiler-loader.cts) and the command's own modules bundled into one script (bundle-loader.ts).
// Reading compiled code back costs a fraction of compiling it. The cache files live in
// node_modules/.cache/migrate-check beside the installed dependencies, as other tools' caches do;
// `MIGRATE_CHECK_CACHE_DIR` puts them elsewhere and `MIGRATE_CHECK_CACHE=off` turns them off. Any
// failure to read or write one is silent: the script is then compiled as usual.

import fs = require('node:fs');
import path = require('node:path');
import vm = require('node:vm');
import { createHash } from 'node:crypto';

const CACHE_SUBDIR = path.join('node_modules', '.cache', 'migrate-check');

/**
 * The folder the cache of a script kept at `file` goes in: the setting, else the `node_modules`
 * the file is installed under, else (a script of this package's own checkout) the package's own
 * `node_modules` beside `packageRoot`. Undefined when the cache is off or there is no such folder.
 */
export function codeCacheDir(file: string, packageRoot?: string): string | undefined {
  if (process.env.MIGRATE_CHECK_CACHE === 'off') return undefined;
  const setting = process.env.MIGRATE_CHECK_CACHE_DIR;
  if (setting) return path.resolve(setting);
  const at = file.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  if (at >= 0) return path.join(file.slice(0, at), CACHE_SUBDIR);
  return packageRoot !== undefined ? path.join(packageRoot, CACHE_SUBDIR) : undefined;
}

/**
 * The flags the code is compiled under, as part of a cache's name: V8 takes a code cache only
 * under the flags it was made with, and the command's (bin/migrate-check.js sets a larger
 * interrupt budget) and the servers' (V8's defaults) would each reject and replace the other.
 */
export const flagsName = (): string => (process.env.MIGRATE_CHECK_V8_FLAGS === 'budget' ? 'budget' : 'default');

export interface CachedScript {
  script: vm.Script;
  /** the cache was read and V8 took it */
  usable: boolean;
}

/**
 * Compile `source` as a script named `filename`, with the code cache kept in `cacheFile` when
 * there is one and it is whole (undefined: none).
 */
export function compileCached(source: string, filename: string, cacheFile: string | undefined): CachedScript {
  let cached: Buffer | undefined;
  if (cacheFile) {
    try {
      cached = unsealed(fs.readFileSync(cacheFile));
    } catch {
      cached = undefined;
    }
  }
  const script = new vm.Script(source, { filename, cachedData: cached });
  return { script, usable: cached !== undefined && !script.cachedDataRejected };
}

/**
 * Write the script's code cache to `target` (atomically: a temporary file renamed), and remove the
 * caches in the same folder whose names start with `family` but not with `current` (made for
 * another Node or another build of the script; another set of flags' is kept).
 */
export function saveCodeCache(script: vm.Script, target: string, family: string, current: string): void {
  const dir = path.dirname(target);
  // (loaded here: a run that finds its cache never needs it)
  const { threadId } = require('node:worker_threads') as typeof import('node:worker_threads');
  const tmp = `${target}.${process.pid}-${threadId}.tmp`;
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(tmp, sealed(script.createCachedData()));
    fs.renameSync(tmp, target);
    for (const name of fs.readdirSync(dir)) if (name.startsWith(family) && name.endsWith('.v8cache') && !name.startsWith(current)) fs.rmSync(path.join(dir, name), { force: true });
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
