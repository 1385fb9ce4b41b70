// How the command starts a thread: from thread-entry.ts, which runs the thread's own module from
// the command's bundle when it can (bundle-loader.ts), from dist/ otherwise. Node's worker module
// is taken with require when a thread starts: a cached run where nothing changed loads none.

import type { Worker } from 'node:worker_threads';
import { requireCjs } from './require.js';

/** A thread running one of the threads' modules (`src/pipeline/reader-thread.js`, relative to dist/). */
export function startThread(entry: string): Worker {
  const { Worker } = requireCjs('node:worker_threads') as typeof import('node:worker_threads');
  return new Worker(new URL('./thread-entry.js', import.meta.url), { workerData: { entry } });
}
