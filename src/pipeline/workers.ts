// Large runs spread the analysis over worker threads. The files that passed the text test are cut
// into parts that share no import (src/pipeline/partition.ts); parts are balanced over the workers
// and the results are merged back in file order, the same as one thread gives. Small runs, and any
// run where the imports cannot be read with confidence, stay in the main thread. Either way the
// analysis is called through its one entry, analyzeCandidates (src/analysis/run.ts).

import type { Worker } from 'node:worker_threads';
import type { FileResult, Finding } from '../types.js';
import type { CandidateJob, CandidateResult } from '../analysis/run.js';
import { sortFindings } from '../core/order.js';
import { msSince, now, trace } from '../core/trace.js';
import { startThread } from '../core/thread-script.js';
import { availableCores, type AnalysisThread } from './analysis-thread.js';
import { partition } from './partition.js';
import { UnionFind } from '../core/union-find.js';
import { filesByName, namesOf } from '../cache/names.js';

/** Below this many files to parse, one thread is faster than starting workers. */
const MIN_CANDIDATES_FOR_WORKERS = 300;
/** Below this many files in the run, no worker is started ahead of the text test. */
const MIN_FILES_TO_PRESTART = 3000;

/**
 * How many workers a run may use: `MIGRATE_CHECK_WORKERS` (0 or 1: none) or, by default, one per
 * core beside the main thread's, up to four. Each worker loads the compiler itself (about 0.3 s of
 * CPU) and parses the modules its part shares with others again: on two cores that costs more than
 * the second core gives back (measured by `npm run bench`), so two cores run in one thread.
 */
export function workerCount(): number {
  const env = process.env.MIGRATE_CHECK_WORKERS;
  if (env !== undefined && env !== '') {
    const n = Number(env);
    return Number.isInteger(n) && n > 1 ? Math.min(n, 16) : 0;
  }
  const cores = availableCores();
  return cores >= 3 ? Math.min(cores - 1, 4) : 0;
}

/** Workers forced on even for small runs (tests compare them with one thread): MIGRATE_CHECK_WORKERS set. */
const forced = () => !!process.env.MIGRATE_CHECK_WORKERS && workerCount() > 1;

interface Pool {
  workers: Worker[];
  failed?: Error;
}

/** Start the workers early so that they load the compiler while the main thread reads files. */
export function prestart(files: number): Pool | undefined {
  const n = workerCount();
  if (n < 2 || (files < MIN_FILES_TO_PRESTART && !forced())) return undefined;
  const pool: Pool = { workers: [] };
  for (let i = 0; i < n; i++) {
    const w = startThread('src/pipeline/worker-thread.js');
    w.unref();
    w.on('error', (err) => (pool.failed ??= err));
    pool.workers.push(w);
  }
  return pool;
}

/** Analyse the candidates on the thread started ahead (kept for the next call); here when it could not start or failed. */
export async function runWhole(job: CandidateJob, thread: AnalysisThread | undefined): Promise<CandidateResult> {
  if (!job.candidates.length) return { results: [], parsed: 0 };
  const started = now();
  if (thread && !thread.failed) {
    trace(`${job.candidates.length} files to parse, on the worker thread started ahead`);
    try {
      const result = await ask(thread.worker, { ...job, given: [...job.given] });
      trace(`analysis: ${result.parsed} files parsed in ${msSince(started)} ms (on the worker thread)`);
      return result;
    } catch (err) {
      thread.failed ??= err as Error;
    }
  }
  return runInParts(job);
}

function stop(pool: Pool | undefined): void {
  for (const w of pool?.workers ?? []) void w.terminate();
}

/** Analyse the candidates: in parts on the pool's workers when there is enough to share, else here. */
export async function runInParts(job: CandidateJob, pool?: Pool): Promise<CandidateResult> {
  try {
    if (!job.candidates.length) return { results: [], parsed: 0 };
    const wanted = pool && (job.candidates.length >= MIN_CANDIDATES_FOR_WORKERS || forced());
    const parts = wanted ? partition(job.candidates, pool.workers.length, { maxFileSize: job.config.maxFileSize, root: job.root }) : undefined;
    if (!pool || !parts || parts.length < 2 || pool.failed) {
      trace(`${job.candidates.length} files to parse, in this thread`);
      const started = now();
      const { analyzeCandidates } = await import('../analysis/run.js');
      const result = await analyzeCandidates(job);
      trace(`analysis: ${result.parsed} files parsed in ${msSince(started)} ms (with the compiler's load)`);
      return result;
    }
    trace(`${job.candidates.length} files to parse, in ${parts.length} parts on ${parts.length} worker threads`);
    const given = [...job.given];
    let answers: CandidateResult[];
    const started = now();
    const run = (list: Part[]) => Promise.all(list.map((part, i) => ask(pool.workers[i], { candidates: part, given, config: job.config, overlays: job.overlays, root: job.root, namesOutside: true })));
    try {
      answers = await run(parts);
      // the calls of a name one part looked for over its files (a wrapper's callers, a store's
      // users) may be in another part's: those parts are analysed again as one, until no new tie appears
      let current = parts;
      // (the names each candidate calls or declares, read once and only when a part looked one up)
      let byName: Map<string, string[]> | undefined;
      const names = (): Map<string, string[]> => {
        if (!byName) {
          const texts = new Map(job.candidates.map((c) => [c.file, c.text]));
          byName = filesByName(texts.keys(), (file) => namesOf(texts.get(file)!));
        }
        return byName;
      };
      for (let round = 2; ; round++) {
        const tied = partsTiedByNames(current, answers, names);
        if (!tied.length) break;
        const merged = tied.map((group) => group.flatMap((i) => current[i]));
        const again = await run(merged);
        const untouched = current.map((_, i) => i).filter((i) => !tied.some((g) => g.includes(i)));
        current = [...untouched.map((i) => current[i]), ...merged];
        answers = [...untouched.map((i) => answers[i]), ...again];
        trace(`analysis: round ${round}, ${tied.length} group${tied.length === 1 ? '' : 's'} of parts tied by the names whose calls they looked for, analysed again together`);
      }
    } catch {
      // a worker that could not start or died: the same analysis in this thread
      const { analyzeCandidates } = await import('../analysis/run.js');
      return await analyzeCandidates(job);
    }
    trace(`analysis: ${answers.map((a, i) => `part ${i + 1} ${a.parsed} files parsed`).join(', ')}; all done in ${msSince(started)} ms`);
    const byFile = new Map<string, FileResult>();
    for (const a of answers) for (const r of a.results) byFile.set(r.file, byFile.has(r.file) ? mergeResults(byFile.get(r.file)!, r) : r);
    return { results: [...byFile.values()], parsed: answers.reduce((n, a) => n + a.parsed, 0), callsLookedUp: answers.flatMap((a) => a.callsLookedUp ?? []) };
  } finally {
    stop(pool);
  }
}


type Part = CandidateJob['candidates'];

/**
 * The parts to analyse again as one (each a list of part indices, two or more): a part that looked
 * for the calls of a name over its files goes with every part holding a file that calls or declares
 * that name (`byName`: read from the texts, a superset, as src/cache/graph.ts ties them for --cache),
 * whether a candidate or a module the part parsed besides (CandidateResult.namesOutside): the calls
 * it finds and the functions of that name it counts are then the ones a single thread finds.
 */
function partsTiedByNames(parts: Part[], answers: CandidateResult[], names: () => Map<string, string[]>): number[][] {
  if (!answers.some((a) => a.callsLookedUp?.length)) return [];
  const byName = names();
  const sets = new UnionFind();
  const partOf = new Map<string, number>();
  parts.forEach((part, i) => part.forEach((c) => partOf.set(c.file, i)));
  const outside = answers.map((a) => new Set(a.namesOutside));
  answers.forEach((a, i) => {
    for (const { name } of a.callsLookedUp ?? []) {
      for (const file of byName.get(name) ?? []) sets.union(String(i), String(partOf.get(file) ?? i));
      outside.forEach((held, j) => held.has(name) && sets.union(String(i), String(j)));
    }
  });
  const groups = new Map<string, number[]>();
  parts.forEach((_, i) => {
    const root = sets.find(String(i));
    if (!groups.has(root)) groups.set(root, []);
    groups.get(root)!.push(i);
  });
  return [...groups.values()].filter((g) => g.length > 1);
}

/**
 * One job on a worker, held in the event loop while it runs (the workers are unreferenced between
 * jobs, so that an idle one never keeps the process); rejected when the worker fails or stops.
 */
function ask(worker: Worker, job: CandidateJob): Promise<CandidateResult> {
  return new Promise((resolve, reject) => {
    const done = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      worker.unref();
    };
    const onMessage = (m: { ok: true; result: CandidateResult } | { ok: false; error: string }) => {
      done();
      if (m.ok) resolve(m.result);
      else reject(new Error(m.error));
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`the worker thread stopped (exit code ${code})`));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.ref();
    worker.postMessage(job);
  });
}

/** One file reported from two parts: a fatal problem wins; findings are merged without repeats. */
function mergeResults(a: FileResult, b: FileResult): FileResult {
  if (a.fatal) return a;
  if (b.fatal) return b;
  const key = (f: Finding) => `${f.ruleId}\u0000${f.start}\u0000${f.end}\u0000${f.message}`;
  const union = (x: Finding[], y: Finding[]) => {
    const seen = new Set(x.map(key));
    return sortFindings([...x, ...y.filter((f) => !seen.has(key(f)))]);
  };
  return { ...a, findings: union(a.findings, b.findings), suppressed: union(a.suppressed, b.suppressed), source: a.source ?? b.source };
}
