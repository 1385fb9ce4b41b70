// `--cache`: the walk of the tree, kept. A walk lists every folder under the given paths (2,000 of
// them in a 10,000-file tree); the cache keeps what it saw (store.ts WalkStamp): each folder with
// its key (inode, modification and change times), the .gitignore files that shaped it, and the
// files found. The next run stats those folders instead of listing them: a folder's times change
// whenever an entry is added, removed or renamed in it (and its change time when its permissions
// change), so while every key is the same the walk would find the same files. An edit to a file's
// text changes no folder: the cached run's keys of the files themselves (entry.ts) see that.
// The folder that holds the cache file is keyed by its listing instead (the cache's own write
// changes its times: by default it sits in the folder the command runs from). A folder or
// .gitignore that changed less than two seconds before the walk is not kept (two changes within
// the file system's clock tick would look like one), nor a walk that met a folder it could not
// read (the command line reports those).

import { readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { gitChain } from '../core/gitignore.js';
import { discoverFiles, listedFolders } from '../pipeline/discover.js';
import type { ListedFolders } from '../types.js';
import { msSince, now, trace } from '../core/trace.js';
import type { Config } from '../types.js';
import { headerKey, readCache, type CacheFile, type WalkStamp } from './store.js';

/**
 * A change this close to the walk (ms) might share its clock tick with a later one.
 * `MIGRATE_CHECK_CACHE_RACY_MS` sets another (the tests, whose edits come a whole run apart, use 0).
 */
function racyMs(): number {
  const env = Number(process.env.MIGRATE_CHECK_CACHE_RACY_MS);
  return process.env.MIGRATE_CHECK_CACHE_RACY_MS && Number.isFinite(env) && env >= 0 ? env : 2000;
}

/** The cache as a run opened it before its walk: handed on to the analysis (analyze.ts). */
export interface OpenedCache {
  header: string;
  file?: CacheFile;
  /** what to keep of this run's walk (undefined: nothing can be kept) */
  walk?: WalkStamp;
  /** the walk was not done: the kept one still held */
  reused: boolean;
  /** what the walk (done or kept) saw of the folders: where the tsconfig files are */
  folders?: ListedFolders;
  /** the folders above the given paths (which the walk did not list), nearest first */
  unlisted: string[];
}

export interface CachedWalkOptions {
  paths: string[];
  cwd: string;
  config: Config;
  root?: string;
  shard?: string;
  strategy: string;
  location: string;
  onUnreadable?: (folder: string, code: string) => void;
}

/** Open the cache and find the files: from the kept walk when nothing under the paths changed, else by walking. */
export function walkWithCache(o: CachedWalkOptions): { files: string[]; opened: OpenedCache } {
  const header = headerKey({ config: o.config, cwd: o.cwd, root: o.root, shard: o.shard, strategy: o.strategy });
  const file = readCache(o.location, header);
  const kept = file?.walk();
  const started = now();
  const folderKey = keyFolder(o.location);
  // the given paths and the .gitignore files above them: checked against the kept walk, and kept with a new one
  const given = givenKeys(o.paths, o.cwd);
  const above = aboveKeys(given);
  const reused = kept && given && stillHolds(kept, given, above, folderKey) ? unpackFiles(kept) : undefined;
  if (reused) {
    trace(`cache: the walk kept last time holds (${kept!.folders.length} folder${kept!.folders.length === 1 ? '' : 's'} checked, none walked) in ${msSince(started)} ms`);
    return { files: reused, opened: { header, file, walk: kept, reused: true, folders: foldersOf(kept!), unlisted: unlistedAbove(given!) } };
  }
  const since = Date.now() - racyMs();
  const folders: string[] = [];
  const keys: string[] = [];
  const ignores: string[] = [];
  let keep = true;
  const key = (p: string, folder = false): string | undefined => {
    const k = folder ? folderKey(p) : keyOf(p);
    if (!k || k.changed > since) keep = false;
    return k?.key;
  };
  const seen = listedFolders({ markers: true });
  const files = discoverFiles(o.paths, o.cwd, o.config.ignorePatterns, {
    onListed: seen.hook,
    onUnreadable: (folder, code) => {
      keep = false;
      o.onUnreadable?.(folder, code);
    },
    // a folder is keyed before it is listed: a change while it is listed gives it another key
    onFolder: (dir) => {
      folders.push(dir);
      keys.push(key(dir, true) ?? '');
    },
    onGitignore: (f) => void ignores.push(`${f}\t${key(f) ?? ''}`),
  });
  if (above.some((k) => k.changed > since)) keep = false;
  const walk = keep && given ? { given: given.map((g) => g.line), above: above.map((k) => k.line), folders, keys, ignores, files: packFiles(files, folders), configs: packConfigs(seen.folders, folders), markers: packFiles([...seen.folders.markers], folders) } : undefined;
  trace(`cache: the tree walked${kept ? ' (the walk kept last time no longer holds)' : ''}; ${walk ? 'kept' : 'not kept (a folder changed under two seconds ago, or could not be read)'}`);
  return { files, opened: { header, file, walk, reused: false, folders: seen.folders, unlisted: unlistedAbove(given ?? []) } };
}

/** The folders above the given paths, up to the file system's root (a given file's own folder too: the walk lists none of them). */
function unlistedAbove(given: Given[]): string[] {
  const out = new Set<string>();
  for (const g of given)
    for (let dir = path.dirname(g.abs); !out.has(dir); dir = path.dirname(dir)) {
      out.add(dir);
      if (path.dirname(dir) === dir) break;
    }
  return [...out];
}

/** The folders holding a tsconfig.json, each as its index (`index@`: a link of that name, which the walk's folders leave to the disk). */
function packConfigs(seen: ListedFolders, folders: string[]): string[] {
  const out: string[] = [];
  folders.forEach((f, i) => {
    if (seen.tsconfig.has(f)) out.push(String(i));
    else if (seen.links.has(f)) out.push(`${i}@`);
  });
  return out;
}

/** What a kept walk saw of the folders (a stamp naming a folder it does not hold: nothing). */
function foldersOf(stamp: WalkStamp): ListedFolders | undefined {
  const listed = new Set(stamp.folders);
  const tsconfig = new Set<string>();
  const links = new Set<string>();
  const markers = unpackFiles({ ...stamp, files: stamp.markers });
  if (!markers) return undefined;
  for (const c of stamp.configs) {
    const link = c.endsWith('@');
    const folder = stamp.folders[Number(link ? c.slice(0, -1) : c)];
    if (folder === undefined) return undefined;
    if (link) (listed.delete(folder), links.add(folder));
    else tsconfig.add(folder);
  }
  return { listed, tsconfig, links, markers: new Set(markers) };
}

/** The files found, each as `folder index:name` (a third of the bytes of the paths), or `:path` for a file given by name. */
function packFiles(files: string[], folders: string[]): string[] {
  const index = new Map(folders.map((f, i) => [f, i]));
  return files.map((f) => {
    const cut = f.lastIndexOf(path.sep);
    const i = index.get(f.slice(0, cut));
    return i === undefined ? `:${f}` : `${i}:${f.slice(cut + 1)}`;
  });
}

/** The files a kept walk found (undefined: the stamp names a folder it does not hold). */
function unpackFiles(stamp: WalkStamp): string[] | undefined {
  const out: string[] = [];
  for (const e of stamp.files) {
    const colon = e.indexOf(':');
    if (colon === 0) out.push(e.slice(1));
    else {
      const folder = stamp.folders[Number(e.slice(0, colon))];
      if (colon < 0 || folder === undefined) return undefined;
      out.push(folder + path.sep + e.slice(colon + 1));
    }
  }
  return out;
}

/** Would a walk of the paths (`given`, with the .gitignore files `above` them) now find what it found when the stamp was made? Only stats, no listing. */
function stillHolds(stamp: WalkStamp, given: Given[], above: { line: string }[], folderKey: (dir: string) => Key | undefined): boolean {
  if (!same(given.map((g) => g.line), stamp.given)) return false;
  if (!same(above.map((k) => k.line), stamp.above)) return false;
  for (let i = 0; i < stamp.folders.length; i++) if (folderKey(stamp.folders[i])?.key !== stamp.keys[i]) return false;
  for (const line of stamp.ignores) {
    const tab = line.indexOf('\t');
    if (tab < 0 || keyOf(line.slice(0, tab))?.key !== line.slice(tab + 1)) return false;
  }
  return true;
}

const same = (a: string[], b: string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

interface Key {
  key: string;
  /** when it last changed (ms since the epoch) */
  changed: number;
}

/**
 * A folder's key: its stat's, or for the folder that holds the cache file, its listing without
 * that file and its temporary copies (what the walk would see of it).
 */
function keyFolder(cacheFile: string): (dir: string) => Key | undefined {
  const home = path.dirname(cacheFile);
  const own = path.basename(cacheFile);
  return (dir) => {
    if (dir !== home) return keyOf(dir);
    let names: string[];
    try {
      names = readdirSync(dir, { withFileTypes: true })
        .filter((e) => !e.name.startsWith(own))
        .map((e) => `${e.name}${e.isDirectory() ? '/' : e.isFile() ? '' : '@'}`)
        .sort();
    } catch {
      return undefined;
    }
    return { key: `listing:${names.join('\0')}`, changed: 0 };
  };
}

/** What a file or folder's stat says of it. */
function keyOf(p: string): Key | undefined {
  let st: Stats | undefined;
  try {
    st = statSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
  return st && { key: `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`, changed: Math.max(st.mtimeMs, st.ctimeMs) };
}

interface Given {
  line: string;
  abs: string;
  folder: boolean;
}

/** Each path as the walk takes it: where it leads, its real path, and whether it is a folder (undefined: one cannot be stat'ed). */
function givenKeys(paths: string[], cwd: string): Given[] | undefined {
  const out: Given[] = [];
  for (const p of paths.length ? paths : ['.']) {
    const abs = path.resolve(cwd, p);
    // (a path that cannot be stat'ed keeps no walk: the walk itself words the problem)
    let st: Stats | undefined;
    let real: string;
    try {
      st = statSync(abs, { throwIfNoEntry: false });
      real = realpathSync(abs);
    } catch {
      return undefined;
    }
    if (!st) return undefined;
    const kind = st.isDirectory() ? 'folder' : st.isFile() ? 'file' : 'other';
    out.push({ line: `${abs}\t${real}\t${kind}`, abs, folder: kind === 'folder' });
  }
  return out;
}

/** The .gitignore files that apply to each given folder from its git top down to it (core/gitignore.ts gitignoreFor), keyed. */
function aboveKeys(given: Given[] | undefined): { line: string; changed: number }[] {
  const out: { line: string; changed: number }[] = [];
  for (const g of given ?? []) {
    if (!g.folder) continue;
    for (const dir of gitChain(g.abs)) {
      const f = path.join(dir, '.gitignore');
      const k = keyOf(f);
      out.push({ line: `${f}\t${k?.key ?? '-'}`, changed: k?.changed ?? 0 });
    }
  }
  return out;
}
