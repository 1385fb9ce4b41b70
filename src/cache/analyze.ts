// `--cache`: the analysis of a list of files that takes from the cache file everything a change
// cannot have touched. Each file is keyed (size and time, or a hash of its text); a run where no key
// changed, no file was added or deleted, and what else a result depends on is as it was (unchanged,
// below) takes every result from the cache, and the report kept with them: no analysis, no compiler,
// none of the text test. A run where something changed goes on in changed.ts, loaded only then.

import type { Analysis } from '../pipeline/analyze.js';
import { choiceDigest, markersDigest } from './choice.js';
import type { ListedFolders } from '../types.js';
import { readSource, type Source } from '../pipeline/read.js';
import { sortByFile } from '../core/order.js';
import { msSince, now, trace } from '../core/trace.js';
import type { CacheOptions, Config, FileResult } from '../types.js';
import { fileKey } from './entry.js';
import { importLinks } from './graph.js';
import { graphDigest, headerKey, inBytes, keysFingerprint, readCache, writeCacheText, type CacheFile, type ReportToKeep } from './store.js';
import { startAnalysisThread, stopAnalysisThread, type AnalysisThread } from '../pipeline/analysis-thread.js';
import type { OpenedCache } from './walk.js';

export interface CachedRunOptions {
  config: Config;
  cache: CacheOptions;
  /** the folder the command runs from (messages' paths are relative to it: part of the cache's key) */
  cwd: string;
  root?: string;
  shard?: string;
  onProgress?: (done: number, total: number) => void;
  /** the cache as the run's walk opened it (walk.ts); else it is read here */
  opened?: OpenedCache;
  /** without `opened`: what an earlier walk of the same paths saw of the folders (`--fix` writes no folder's entries) */
  seen?: Pick<OpenedCache, 'folders' | 'unlisted'>;
}

/** Analyse the files (already discovered) with the cache, and leave the cache holding this run. */
export async function cachedAnalysis(files: string[], opts: CachedRunOptions): Promise<Analysis> {
  const started = now();
  const { config, cache } = opts;
  const max = config.maxFileSize;
  const header = opts.opened?.header ?? headerKey({ config, cwd: opts.cwd, root: opts.root, shard: opts.shard, strategy: cache.strategy });
  const found = opts.opened ? opts.opened.file : readCache(cache.location, header);
  // a package.json or a generator's manifest added or deleted (no source file with a key) changes
  // results anywhere under it: then nothing of the cache is believed (choice.ts markersDigest)
  const seen = opts.opened ?? opts.seen;
  const markers = markersDigest(seen?.folders, seen?.unlisted ?? []);
  const file = found && markers !== undefined && found.markers === markers ? found : undefined;
  if (found && !file) trace('cache: a package.json, pnpm-workspace.yaml or .openapi-generator folder was added or deleted');
  const walk = opts.opened?.walk;
  trace(`cache: opened (${file ? 'believed' : 'none to believe'})`);
  /** the texts read this run (changed files, and the files the analysis or the reports need) */
  const texts = new Map<string, Source>();
  const read = (file: string): Source => {
    let src = texts.get(file);
    if (!src) texts.set(file, (src = readSource(file, undefined, max)));
    return src;
  };
  // the thread that loads the compiler for an analysis, started at the first change seen
  let thread: AnalysisThread | undefined;
  let ahead = false;
  const startAhead = () => {
    if (!ahead) thread = startAnalysisThread();
    ahead = true;
  };
  try {
    const key = (f: string): string | undefined => {
      const k = fileKey(f, cache.strategy, max);
      if (k.src) texts.set(f, k.src);
      return k.key;
    };
    // the modules of the last run's import graph first: a change there is one to analyse
    const first = new Map<string, string | undefined>();
    const graphKeys = file?.graphKeys ?? [];
    for (let i = 0; i < graphKeys.length; i += 2) {
      const k = key(graphKeys[i]);
      first.set(graphKeys[i], k);
      if (k !== graphKeys[i + 1]) startAhead();
    }
    const keyed = files.map((f, i) => {
      const k = first.has(f) ? first.get(f) : key(f);
      opts.onProgress?.(i + 1, files.length);
      return k;
    });
    const fingerprint = keysFingerprint(files, keyed);
    trace(`cache: ${files.length} files keyed`);
    if (file && fingerprint !== undefined && fingerprint === file.fingerprint) {
      const same = await unchanged(file, { files, read, started, maxFileSize: max, root: opts.root, folders: seen?.folders, report: cache.report });
      if (same) {
        // a walk that could be kept where the cache holds none (or an older one), a report rendered
        // where it holds none of its key: kept for the next run
        const newWalk = walk && !opts.opened!.reused ? walk : undefined;
        if (newWalk || same.keep) {
          const problem = writeCacheText(cache.location, file.rewritten({ walk: newWalk, report: same.keep }));
          if (problem) cache.onWarning?.(problem);
        }
        return same.analysis;
      }
    }
    // something changed: the worker loads the compiler while this thread reads the cache and
    // chooses what to analyse again (at times nothing: then it is stopped unused). Not with no cache
    // to believe: then every file is read here and every candidate analysed, and a worker loading the
    // compiler meanwhile slowed this thread's reading as much as it saved (measured on two cores)
    if (file) startAhead();
    const [{ runWhole }, { analyse, changedRun }] = await Promise.all([import('../pipeline/workers.js'), import('./changed.js')]);
    return await changedRun(files, keyed, { config, cache, root: opts.root, header, file, walk, folders: seen?.folders, markers, fingerprint, read, started, analyse: (again, o) => analyse(again, o, runWhole, thread), analysed: () => stopAnalysisThread(thread) });
  } finally {
    stopAnalysisThread(thread);
  }
}

/**
 * A run where no file's key changed and none was added or removed (the fingerprint says so): when
 * the config files the choice of files read are as they were (choice.ts), the candidates' imports
 * still name the same files (a tsconfig or package.json can change that) and the modules outside
 * the discovered files hold the same texts, every result is the last run's, and so is the report
 * rendered from them: with a report of the command's key kept, it is written out again as it is
 * (its checksum right), no result made. Only the quick part of the cache is read; nothing is
 * analysed, and nothing written (the caller writes the walk line when this run's walk can be kept
 * and the cache held none that held, and the report rendered here, `keep`, where it held none).
 */
async function unchanged(
  file: CacheFile,
  o: { files: string[]; read: (file: string) => Source; started: number; maxFileSize: number; root?: string; folders?: ListedFolders; report?: CacheOptions['report'] },
): Promise<{ analysis: Analysis; keep?: ReportToKeep } | undefined> {
  // a config file the choice of files read, or where the walk saw tsconfig files, changed: choose again
  if (choiceDigest(o.folders, file.choiceFiles) !== file.choice) return undefined;
  const quick = file.quick();
  if (!quick) return undefined;
  trace('cache: quick part read');
  const graph = importLinks(quick.candidates, new Map(Object.entries(quick.nodes)), { maxFileSize: o.maxFileSize, root: o.root, folders: o.folders });
  trace('cache: import graph followed');
  if (graphDigest(graph.links, graph.outside, graph.sure) !== file.graph) return undefined;
  const done = () => trace(`cache: read; 0 files changed, added, deleted or moved in the graph; 0 of ${quick.candidates.length} candidates analysed again in ${msSince(o.started)} ms`);
  const stats = { files: o.files.length, candidates: quick.candidates.length, parsed: 0 };
  const key = o.report?.key();
  const replay = key !== undefined && file.report(key);
  if (replay) {
    done();
    trace('cache: the report kept with these results is written out again');
    return { analysis: { results: [], stats, candidates: quick.candidates, report: { ...replay, replayed: true } } };
  }
  const results: FileResult[] = o.files.map((f) => {
    const kept = quick.results[f];
    if (!kept) return { file: f, findings: [], suppressed: [] };
    const r: FileResult = { file: f, ...kept };
    // the reporters show the text of a file with findings (it is unchanged: its key says so)
    if (!r.fatal) r.source = o.read(f).text;
    return r;
  });
  done();
  const sorted = sortByFile(results);
  const made = key !== undefined ? inBytes(await o.report!.render(sorted)) : undefined;
  return { analysis: { results: sorted, stats, candidates: quick.candidates, report: made && { ...made, replayed: false } }, keep: made && { key: key!, ...made } };
}

