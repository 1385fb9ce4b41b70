// Reading ahead on a second core. When this thread is the one to analyse a large tree, a reader
// thread reads the files and runs the text test on them while this thread loads the compiler and
// parses each file that passes as soon as it hears of it; the analysis then starts with most of
// the parsing done. Results are the same as reading here (test/workers.test.ts compares them).

import { Worker } from 'node:worker_threads';
import { availableCores } from './parts.js';
import type { Source, TextTested } from '../read.js';
import type ts from '../core/ts.cjs';

/** Below this many files, reading here is as fast as starting a thread. */
const MIN_FILES = 2000;

/**
 * `MIGRATE_CHECK_READ_AHEAD=1` forces the reader thread (tests compare it with reading here),
 * `=0` turns it off; by default it is used for a large run on two cores or more. Editor buffers
 * (overlays) are never sent to another thread.
 */
export function readAheadWanted(files: number, overlays: Map<string, string> | undefined): boolean {
  if (overlays?.size) return false;
  const env = process.env.MIGRATE_CHECK_READ_AHEAD;
  if (env === '1' || env === '0') return env === '1';
  return availableCores() >= 2 && files >= MIN_FILES;
}

/** Messages from the reader thread (src/analysis/read-worker.ts). */
export type ReaderMessage =
  | { kind: 'strong'; files: { file: string; text: string }[]; done: number }
  | { kind: 'progress'; done: number }
  | { kind: 'end'; fatal: Source[]; order: string[]; extra: { file: string; text: string }[]; done: number }
  | { kind: 'failed'; error: string };

export interface ReaderJob {
  files: string[];
  maxFileSize: number;
  hosts: string[];
}

/**
 * The text test on a reader thread, with the files that pass parsed here meanwhile. Undefined
 * when the thread cannot do it (it could not start, or failed): the caller reads here instead.
 */
export async function testTextsAhead(
  files: string[],
  o: { maxFileSize: number; hosts: string[]; onProgress?: (done: number, total: number) => void },
): Promise<(TextTested & { preparsed: Map<string, ts.SourceFile> }) | undefined> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./read-worker.js', import.meta.url));
  } catch {
    return undefined;
  }
  const texts = new Map<string, string>();
  const preparsed = new Map<string, ts.SourceFile>();
  const waiting: { file: string; text: string }[] = [];
  let parseAhead: ((file: string, text: string) => ts.SourceFile | undefined) | undefined;
  const parseWaiting = () => {
    if (!parseAhead) return;
    for (const c of waiting.splice(0)) {
      const sf = parseAhead(c.file, c.text);
      if (sf) preparsed.set(c.file, sf);
    }
  };
  const ended = new Promise<Extract<ReaderMessage, { kind: 'end' }> | undefined>((resolve) => {
    worker.on('message', (m: ReaderMessage) => {
      if (m.kind === 'strong') {
        for (const c of m.files) texts.set(c.file, c.text);
        waiting.push(...m.files);
        o.onProgress?.(m.done, files.length);
        parseWaiting();
      } else if (m.kind === 'progress') o.onProgress?.(m.done, files.length);
      else if (m.kind === 'end') {
        o.onProgress?.(m.done, files.length);
        resolve(m);
      } else resolve(undefined);
    });
    worker.on('error', () => resolve(undefined));
    worker.on('exit', () => resolve(undefined));
  });
  worker.postMessage({ files, maxFileSize: o.maxFileSize, hosts: o.hosts } satisfies ReaderJob);
  // this thread's share of the work: the analysis' modules and the compiler, then the parsing
  let loadError: unknown;
  const loaded = import('./run.js').then(
    (m) => {
      parseAhead = m.parseAhead;
      parseWaiting();
    },
    (err: unknown) => {
      loadError = err ?? new Error('the analysis could not be loaded');
    },
  );
  const end = await ended;
  void worker.terminate();
  // without an answer the caller reads here, and meets a load error itself when it parses
  if (!end) return undefined;
  await loaded;
  if (loadError) throw loadError;
  for (const c of end.extra) texts.set(c.file, c.text);
  return { fatal: end.fatal, candidates: end.order.map((file) => ({ file, text: texts.get(file)! })), preparsed };
}
