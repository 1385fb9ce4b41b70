// The cache file of `--cache`: where it is, the key of everything besides the files that can change
// a result (the header), and reading it without trusting it (a file that is not whole, not this
// tool's, or of another version, tool build, config or command is ignored) and writing it
// atomically (a complete temporary file renamed over it: a run that reads it at the same moment
// sees the old file or the new one, never half of one).

import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot, toolVersion } from '../catalogue/index.js';
import type { Config } from '../types.js';
import { isObject, isStrings, sha1, validEntry, type Entry, type OutsideEntry } from './entry.js';

const FORMAT = 'migrate-check-cache';
/** raised whenever what an entry holds changes meaning */
const FORMAT_VERSION = 2;

/** The default file name, in the folder the command runs from. */
export const DEFAULT_CACHE_FILE = '.migrate-check-cache';

export interface CacheData {
  /** every discovered file of the last run */
  files: Map<string, Entry>;
  /** modules the last run's analysis read outside the discovered files (a path given was a subfolder) */
  outside: Map<string, OutsideEntry>;
  /** the module names a weak file's imports were tested against (prefilter.ts strongStems) */
  stems: string;
}

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
 * The key of everything besides the files themselves that a result depends on: the cache format,
 * the tool (its version and the build of its code), the rule catalogue (its size and time), the
 * config, and the command's options (the folder it runs from, the shard, the wall, the strategy).
 * Kept as it is in the file (a JSON text), compared whole.
 */
export function headerKey(o: { config: Config; cwd: string; root?: string; shard?: string; strategy: string }): string {
  const root = packageRoot();
  // ('0.0.0' when it cannot be read: the build stamp below still tells builds apart)
  const version = toolVersion();
  const catalogue = statSync(path.join(root, 'rules', 'catalogue.json'), { throwIfNoEntry: false });
  return JSON.stringify([FORMAT_VERSION, version, buildStamp(), catalogue ? `${catalogue.size}:${catalogue.mtimeMs}` : '', o.config, o.cwd, o.root ?? null, o.shard ?? null, o.strategy]);
}

let stamp: string | undefined;
/** The names, sizes and times of the tool's compiled code: a rebuild of the same version is another tool. */
function buildStamp(): string {
  if (stamp !== undefined) return stamp;
  const top = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const parts: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const p = path.join(dir, name);
      const st = statSync(p, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) walk(p);
      else if (/\.[cm]?js$/.test(name)) parts.push(`${path.relative(top, p)}:${st.size}:${st.mtimeMs}`);
    }
  };
  walk(top);
  stamp = sha1(parts.join('\n'));
  return stamp;
}

/** The cache as the last run left it, or undefined when there is none that can be trusted for this run. */
export function readCache(file: string, header: string): CacheData | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  if (!isObject(raw) || raw.format !== FORMAT || raw.version !== FORMAT_VERSION || raw.header !== header) return undefined;
  if (!isObject(raw.files) || !isObject(raw.outside) || typeof raw.stems !== 'string') return undefined;
  const files = new Map<string, Entry>();
  for (const [f, e] of Object.entries(raw.files)) {
    if (!validEntry(e)) return undefined;
    files.set(f, e);
  }
  const outside = new Map<string, OutsideEntry>();
  for (const [f, e] of Object.entries(raw.outside)) {
    if (!isObject(e) || typeof e.key !== 'string' || !isStrings(e.links) || typeof e.part !== 'string' || (e.lookups !== undefined && !isStrings(e.lookups))) return undefined;
    outside.set(f, e as unknown as OutsideEntry);
  }
  return { files, outside, stems: raw.stems };
}

/** Write the cache (atomically); the reason it could not be written, else undefined. */
export async function writeCache(file: string, header: string, data: CacheData): Promise<string | undefined> {
  // loaded only when there is something to write (a run where nothing changed writes nothing)
  const { default: writeFileAtomic } = await import('write-file-atomic');
  const text = JSON.stringify({ format: FORMAT, version: FORMAT_VERSION, header, stems: data.stems, files: Object.fromEntries(data.files), outside: Object.fromEntries(data.outside) });
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // no fsync: a cache lost to a power cut is read as not whole, and rebuilt
    writeFileAtomic.sync(file, text, { fsync: false });
    return undefined;
  } catch (err) {
    return `cannot write the cache ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
  }
}
