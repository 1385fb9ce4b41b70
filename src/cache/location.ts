// Where `--cache` keeps its file, and whether a command line is a run that will find one there.
// A module of its own, with nothing of the tool's behind it: bin/migrate-check.js asks before the
// command's own modules are loaded (it chooses V8's flags by the answer).

import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { sha1 } from '../core/hash.js';

/** The default file name, in the folder the command runs from. */
export const DEFAULT_CACHE_FILE = '.migrate-check-cache';

/**
 * The cache file for `--cache-location` (undefined: the default), as ESLint reads it: a path that
 * is a folder, or ends with a slash, names a folder, and the file in it is named after the folder
 * the command runs from (so that several projects may share one folder); anything else is the file.
 */
export function cacheFile(cwd: string, location: string | undefined): string {
  if (location === undefined) return path.join(cwd, DEFAULT_CACHE_FILE);
  const abs = path.resolve(cwd, location);
  let folder = /[\\/]$/.test(location);
  try {
    folder ||= statSync(abs).isDirectory();
  } catch {
    /* not there yet: a file */
  }
  return folder ? path.join(abs, `${DEFAULT_CACHE_FILE}-${sha1(cwd).slice(0, 12)}`) : abs;
}

/**
 * Is this command line a `--cache` run whose cache file is there already? Read from the raw
 * arguments (`--cache`, `--cache-location PATH` or `=PATH`), before any parsing: a run that
 * mostly takes its results from the cache, where a wrong guess costs only speed.
 */
export function cachedRunAhead(argv: readonly string[], cwd: string): boolean {
  if (!argv.includes('--cache')) return false;
  let location: string | undefined;
  argv.forEach((a, i) => {
    if (a === '--cache-location' && i + 1 < argv.length) location = argv[i + 1];
    else if (a.startsWith('--cache-location=')) location = a.slice('--cache-location='.length);
  });
  return existsSync(cacheFile(cwd, location));
}
