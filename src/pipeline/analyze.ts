// The analysis of a list of files: the text test, then the parse and the checks of what passes
// (in this thread, or spread over workers), merged into one result per file.

import { sortByFile } from '../core/order.js';
import { msSince, now, trace } from '../core/trace.js';
import type { CheckResult, Config, FileResult } from '../types.js';
import { hostsOf, legacyHostsOf } from '../config.js';
import { testTexts } from './prefilter.js';
import { readAheadWanted, testTextsAhead, type ReadAhead } from './reader.js';
import { prestart, runInParts } from './workers.js';

export interface Analysis {
  results: FileResult[];
  stats: CheckResult['stats'];
  /** the files that passed the text test (and were parsed) */
  candidates: string[];
  /** with `--cache` and CacheOptions.report: the report (src/cache/analyze.ts) */
  report?: CheckResult['report'];
}

/** Analyse a set of files (already discovered). */
export async function analyzeFiles(
  files: string[],
  opts: {
    config: Config;
    overlays?: Map<string, string>;
    onProgress?: (done: number, total: number) => void;
    root?: string;
    /** a reader thread already reading these files (src/pipeline/reader.ts) */
    ahead?: ReadAhead;
  },
): Promise<Analysis> {
  const { config } = opts;
  const hosts = hostsOf(config);
  // on a large tree the workers load the compiler while this thread reads and tests the files
  const pool = opts.ahead ? undefined : prestart(files.length);
  const started = now();
  if (opts.ahead) opts.ahead.onProgress = opts.onProgress;
  const textOpts = { maxFileSize: config.maxFileSize, hosts, legacy: legacyHostsOf(config), overlays: opts.overlays, onProgress: opts.onProgress };
  // or, when this thread is the one to analyse, a reader thread reads and tests the files while
  // this one loads the compiler and parses what passes
  const ahead = opts.ahead ? await opts.ahead.tested : !pool && readAheadWanted(files.length, opts.overlays) ? await testTextsAhead(files, textOpts) : undefined;
  const tested = ahead ?? testTexts(files, textOpts);
  const { candidates } = tested;
  trace(`text test: ${files.length} files read, ${candidates.length} to parse, in ${msSince(started)} ms${ahead ? ` (on a reader thread, ${ahead.preparsed.size} parsed meanwhile)` : ''}`);
  const results = new Map<string, FileResult>();
  for (const f of files) results.set(f, { file: f, findings: [], suppressed: [] });
  for (const src of tested.fatal) results.set(src.file, { file: src.file, findings: [], suppressed: [], fatal: { file: src.file, ...src.fatal! } });
  const analysed = await runInParts(
    { candidates: candidates.map((c) => ({ file: c.file, text: c.text! })), given: files, config, overlays: opts.overlays, root: opts.root, preparsed: ahead?.preparsed },
    pool,
  );
  for (const r of analysed.results) {
    // a file the text test already found unreadable keeps that result
    if (!results.get(r.file)?.fatal) results.set(r.file, r);
  }
  return {
    results: sortByFile(results.values()),
    stats: { files: files.length, candidates: candidates.length, parsed: analysed.parsed },
    candidates: candidates.map((c) => c.file),
  };
}
