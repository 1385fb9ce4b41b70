// One worker thread started ahead of an analysis, to load the compiler (a quarter of a second)
// while the main thread does the rest of its work first: `--cache` starts it at the first changed
// module of the last run's import graph (or once the fingerprint of every key differs), then reads
// its file and chooses what to analyse again; runWhole (workers.ts) sends it the analysis. Node's
// worker and os modules are taken with require here, when a thread starts: a cached run where
// nothing changed loads neither.

import type { Worker } from 'node:worker_threads';
import { requireCjs } from '../core/require.js';
import { trace } from '../core/trace.js';
import { startThread } from '../core/thread-script.js';

export interface AnalysisThread {
  worker: Worker;
  failed?: Error;
}

/** The cores this process may use. */
export function availableCores(): number {
  const os = requireCjs('node:os') as typeof import('node:os');
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

/**
 * A worker loading the analysis and its compiler, or undefined: none with `MIGRATE_CHECK_WORKERS`
 * set to 0 or 1, one whatever the cores with it set higher (the tests), else one on two cores or
 * more (on one it would only take turns with this thread).
 */
export function startAnalysisThread(): AnalysisThread | undefined {
  const env = Number(process.env.MIGRATE_CHECK_WORKERS || NaN);
  if (env === 0 || env === 1 || (!(env > 1) && availableCores() < 2)) return undefined;
  let worker: Worker;
  try {
    worker = startThread('src/pipeline/worker-thread.js');
  } catch {
    // (the analysis then runs in this thread, as it would without one)
    return undefined;
  }
  trace('a worker thread starts, to load the compiler for the analysis');
  return threadOf(worker);
}

/** A worker as an analysis thread: unreferenced while idle, and marked failed once it errs or stops. */
export function threadOf(worker: Worker): AnalysisThread {
  worker.unref();
  const thread: AnalysisThread = { worker };
  worker.on('error', (err) => (thread.failed ??= err));
  worker.on('exit', (code) => (thread.failed ??= new Error(`the worker thread stopped (exit code ${code})`)));
  return thread;
}

export function stopAnalysisThread(thread: AnalysisThread | undefined): void {
  if (thread) void thread.worker.terminate();
}
