// Reading ahead on a second core. When this thread is the one to analyse a large tree, a reader
// thread reads the files and runs the text test on them while this thread loads the compiler and
// parses each file that passes as soon as it hears of it; the analysis then starts with most of
// the parsing done. A run starts the thread as soon as its walk of the tree finds it large
// (`startReader`, from src/pipeline/start.ts), so that the thread gets going while the walk goes
// on, and hands it the files at the end of the walk. Results are the same as reading here (test/workers.test.ts
// compares them).

import type { Worker } from 'node:worker_threads';
import { availableCores } from './analysis-thread.js';
import { workerCount } from './workers.js';
import type { TextTested } from './prefilter.js';
import type { Source } from './read.js';
import { trace } from '../core/trace.js';
import { startThread } from '../core/thread-script.js';
import type ts from '../core/ts.cjs';
import type { ListedFolders } from '../types.js';

/** Below this many files, reading here is as fast as starting a thread. */
export const MIN_FILES = 2000;

/**
 * `MIGRATE_CHECK_READ_AHEAD=1` forces the reader thread (tests compare it with reading here),
 * `=0` turns it off; by default it is used for a large run on two cores or more. Editor buffers
 * (overlays) are never sent to another thread.
 */
export function readAheadWanted(files: number, overlays: Map<string, string> | undefined): boolean {
  if (overlays?.size) return false;
  const env = readAheadEnv();
  if (env !== undefined) return env;
  return availableCores() >= 2 && files >= MIN_FILES;
}

/**
 * Should a run start a reader thread during its walk? When the analysis stays in this
 * thread (fewer than three cores, or no workers) and the walk finds more than `MIN_FILES` files:
 * a small tree never waits for a thread to start.
 */
export function readerWanted(): boolean {
  const env = readAheadEnv();
  if (env !== undefined) return env;
  return availableCores() >= 2 && workerCount() < 2;
}

/** The override of `MIGRATE_CHECK_READ_AHEAD`, if set. */
export function readAheadEnv(): boolean | undefined {
  const env = process.env.MIGRATE_CHECK_READ_AHEAD;
  return env === '1' || env === '0' ? env === '1' : undefined;
}

/** Messages from the reader thread (src/pipeline/reader-thread.ts). */
export type ReaderMessage =
  | { kind: 'strong'; files: { file: string; text: string }[]; done: number }
  | { kind: 'progress'; done: number }
  | { kind: 'end'; fatal: Source[]; order: string[]; extra: { file: string; text: string }[]; done: number }
  | { kind: 'failed'; error: string };

interface TextOptions {
  maxFileSize: number;
  hosts: string[];
  /** what names the legacy host (config.ts legacyHostsOf) */
  legacy: string[];
}

/** What the reader thread is asked: the files to read and test, and what the walk saw of their folders. */
export type ReaderJob = TextOptions & { files: string[]; folders?: ListedFolders };

export type TestedAhead = TextTested & { preparsed: Map<string, ts.SourceFile> };

/** A reader thread at work on the text test. */
export interface ReadAhead {
  /** undefined when the thread could not do it: the caller reads here instead */
  tested: Promise<TestedAhead | undefined>;
  /** progress of the reading, once someone listens */
  onProgress?: (done: number, total: number) => void;
  /** stop the thread (a run that ends early, on an error, does not wait for it) */
  stop(): void;
}

/**
 * The text test on a reader thread, with the files that pass parsed here meanwhile. Undefined
 * when the thread cannot do it (it could not start, or failed): the caller reads here instead.
 */
export async function testTextsAhead(files: string[], o: TextOptions & { onProgress?: (done: number, total: number) => void }): Promise<TestedAhead | undefined> {
  const ahead = startReader().read({ files, maxFileSize: o.maxFileSize, hosts: o.hosts, legacy: o.legacy });
  ahead.onProgress = o.onProgress;
  return ahead.tested;
}

/** A reader thread started before its job is known (the caller is still walking the tree). */
export interface Reader {
  /** hand it the files (once) */
  read(job: ReaderJob): ReadAhead;
  /** stop it (a run that ends early, on an error, does not wait for it) */
  stop(): void;
}

/** Start a reader thread; it waits for its files. */
export function startReader(): Reader {
  trace('a reader thread starts, to read the files');
  let worker: Worker;
  try {
    worker = startThread('src/pipeline/reader-thread.js');
  } catch {
    return { read: () => ({ tested: Promise.resolve(undefined), stop: () => {} }), stop: () => {} };
  }
  // listened to from the start: a thread that fails before it has its files is not an uncaught error
  const events: ThreadEvents = { gone: false };
  worker.on('message', (m: ReaderMessage) => events.message?.(m));
  const lost = () => {
    events.gone = true;
    events.lost?.();
  };
  worker.on('error', lost);
  worker.on('exit', lost);
  return { read: (job) => readOn(worker, events, job), stop: () => void worker.terminate() };
}

interface ThreadEvents {
  gone: boolean;
  message?: (m: ReaderMessage) => void;
  lost?: () => void;
}

function readOn(worker: Worker, events: ThreadEvents, job: ReaderJob): ReadAhead {
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
  const total = job.files.length;
  const handle: ReadAhead = { tested: undefined!, stop: () => void worker.terminate() };
  const progress = (done: number) => handle.onProgress?.(done, total);
  const ended = new Promise<Extract<ReaderMessage, { kind: 'end' }> | undefined>((give) => {
    if (events.gone) return give(undefined);
    events.lost = () => give(undefined);
    events.message = (m) => {
      if (m.kind === 'strong') {
        for (const c of m.files) texts.set(c.file, c.text);
        waiting.push(...m.files);
        progress(m.done);
        parseWaiting();
      } else if (m.kind === 'progress') progress(m.done);
      else if (m.kind === 'end') {
        progress(m.done);
        give(m);
      } else give(undefined);
    };
  });
  worker.postMessage(job);
  // this thread's share of the work: the analysis' modules and the compiler, then the parsing
  let loadError: unknown;
  const loaded = import('../analysis/run.js').then(
    (m) => {
      parseAhead = m.parseAhead;
      parseWaiting();
    },
    (err: unknown) => {
      loadError = err ?? new Error('the analysis could not be loaded');
    },
  );
  handle.tested = (async () => {
    const end = await ended;
    void worker.terminate();
    // without an answer the caller reads here, and meets a load error itself when it parses
    if (!end) return undefined;
    await loaded;
    if (loadError) throw loadError;
    for (const c of end.extra) texts.set(c.file, c.text);
    return { fatal: end.fatal, candidates: end.order.map((file) => ({ file, text: texts.get(file)! })), preparsed };
  })();
  return handle;
}
