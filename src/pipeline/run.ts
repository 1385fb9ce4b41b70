// The first analysis of a run of check() or fix(): with `cache` (and no editor buffers), the one
// that takes from the cache file what no change can have touched (src/cache/, loaded only then);
// else analyzeFiles.

import type { OpenedCache } from '../cache/walk.js';
import type { CacheOptions, Config } from '../types.js';
import type { Analysis } from './analyze.js';
import type { ReadAhead } from './reader.js';

export interface RunAnalysisOptions {
  config: Config;
  cwd: string;
  overlays?: Map<string, string>;
  onProgress?: (done: number, total: number) => void;
  root?: string;
  shard?: string;
  /** a reader thread already reading the files (never with a cache) */
  ahead?: ReadAhead;
  cache?: CacheOptions;
  /** the cache as the run's walk opened it (src/pipeline/start.ts); else it is read here */
  opened?: OpenedCache;
  /** without `opened`: what the run's walk saw of the folders (src/cache/analyze.ts) */
  seen?: Pick<OpenedCache, 'folders' | 'unlisted'>;
}

export async function analyzeRun(files: string[], opts: RunAnalysisOptions): Promise<Analysis> {
  if (opts.cache && !opts.overlays?.size) {
    const { cachedAnalysis } = await import('../cache/analyze.js');
    return cachedAnalysis(files, { config: opts.config, cache: opts.cache, cwd: opts.cwd, root: opts.root, shard: opts.shard, onProgress: opts.onProgress, opened: opts.opened, seen: opts.seen });
  }
  const { analyzeFiles } = await import('./analyze.js');
  return analyzeFiles(files, opts);
}
