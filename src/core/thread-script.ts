// How the command starts a thread: from thread-entry.ts, which runs the thread's own module from
// the command's bundle when it can (bundle-loader.ts), from dist/ otherwise.

/** The script and the data to start a Worker with, for one of the threads' modules (`src/pipeline/reader-thread.js`, relative to dist/). */
export function threadScript(entry: string): { url: URL; workerData: { entry: string } } {
  return { url: new URL('./thread-entry.js', import.meta.url), workerData: { entry } };
}
