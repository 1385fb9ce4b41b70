// The start of a run of check() or fix(): the walk of the given paths, with a reader thread started
// as soon as the walk finds the tree large (it gets going while the walk goes on; the analysis then
// takes the texts it has read and tested: src/pipeline/reader.ts), and the shard of the files the
// run keeps when one is asked for.

import type { OpenedCache } from '../cache/walk.js';
import type { CacheOptions, Config } from '../types.js';
import { discoverFiles, listedFolders } from './discover.js';
import { hostsOf, legacyHostsOf } from '../config.js';
import type { ReadAhead, Reader } from './reader.js';

export interface RunStart {
  /** every source file under the paths, sorted (or the shard's) */
  files: string[];
  /** the reader thread reading those files, when one was started */
  ahead?: ReadAhead;
  /** stop the reader thread (a run that ends early, on an error, does not wait for it) */
  stop(): void;
  /** `--cache`: the cache file, opened before the walk (which it may have spared) */
  cache?: OpenedCache;
}

export interface StartOptions {
  paths: string[];
  /** the files, when the caller has discovered them already: nothing is walked */
  files?: string[];
  cwd: string;
  config: Config;
  /** editor buffers: never sent to another thread, so no reader thread is started */
  overlays?: Map<string, string>;
  /** `i/n`: keep only this shard of the files (src/shard.ts); no reader thread reads the others */
  shard?: string;
  /** told of each folder the walk could not read */
  onUnreadable?: (folder: string, code: string) => void;
  /** `--cache`: the files are keyed and mostly not read, so no reader thread is started; the walk may be the kept one */
  cache?: CacheOptions;
  /** the wall (part of the cache's key) */
  root?: string;
}

/** Walk the paths (starting a reader thread for a large tree) and keep the shard asked for. */
export async function startRun(opts: StartOptions): Promise<RunStart> {
  if (opts.files) return { files: opts.files, stop: () => {} };
  const { config } = opts;
  if (opts.cache && !opts.overlays?.size) {
    const { walkWithCache } = await import('../cache/walk.js');
    const { files, opened } = walkWithCache({ ...opts, strategy: opts.cache.strategy, location: opts.cache.location });
    return { files: opts.shard ? await shardOf(files, opts.shard, opts.cwd) : files, stop: () => {}, cache: opened };
  }
  // (the reader thread's module, and Node's worker threads, only for a run that may start one)
  const { MIN_FILES, readAheadEnv, readerWanted, startReader } = await import('./reader.js');
  let reader: Reader | undefined;
  const withReader = !opts.shard && !opts.overlays?.size && !opts.cache && readerWanted();
  let files: string[];
  // what the walk sees of the folders spares the reader thread a look for a tsconfig.json in each
  const seen = withReader ? listedFolders() : undefined;
  try {
    files = discoverFiles(opts.paths, opts.cwd, config.ignorePatterns, {
      ...(withReader ? { large: readAheadEnv() ? 0 : MIN_FILES, onLarge: () => void (reader = startReader()), onListed: seen!.hook } : {}),
      onUnreadable: opts.onUnreadable,
    });
  } catch (err) {
    (reader as Reader | undefined)?.stop();
    throw err;
  }
  const started = reader as Reader | undefined;
  const ahead = started?.read({ files, maxFileSize: config.maxFileSize, hosts: hostsOf(config), legacy: legacyHostsOf(config), folders: seen?.folders });
  const stop = () => {
    ahead?.stop();
    started?.stop();
  };
  if (opts.shard) {
    try {
      files = await shardOf(files, opts.shard, opts.cwd);
    } catch (err) {
      stop();
      throw err;
    }
  }
  return { files, ahead, stop };
}

async function shardOf(files: string[], shard: string, cwd: string): Promise<string[]> {
  const { parseShard, selectShard } = await import('../shard.js');
  const s = parseShard(shard);
  return selectShard(files, s.index, s.total, cwd);
}
