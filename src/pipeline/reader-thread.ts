// The reader thread of src/pipeline/reader.ts: reads the files and runs the text test, sending
// each file that passes as soon as a few are ready, then the rest of the answer.

import { parentPort } from 'node:worker_threads';
import { testTexts } from './prefilter.js';
import type { ReaderJob, ReaderMessage } from './reader.js';

const BATCH = 8;
const PROGRESS_EVERY = 500;

parentPort?.once('message', (job: ReaderJob) => {
  const post = (m: ReaderMessage) => parentPort!.postMessage(m);
  try {
    readAndTest(job, post);
  } catch (err) {
    post({ kind: 'failed', error: err instanceof Error ? err.message : String(err) });
  }
});

function readAndTest(job: ReaderJob, post: (m: ReaderMessage) => void): void {
  const sent = new Set<string>();
  let batch: { file: string; text: string }[] = [];
  let done = 0;
  const flush = () => {
    if (!batch.length) return;
    post({ kind: 'strong', files: batch, done });
    batch = [];
  };
  const tested = testTexts(job.files, {
    maxFileSize: job.maxFileSize,
    hosts: job.hosts,
    legacy: job.legacy,
    folders: job.folders,
    onStrong: (src) => {
      sent.add(src.file);
      batch.push({ file: src.file, text: src.text! });
      if (batch.length >= BATCH) flush();
    },
    onProgress: (n) => {
      done = n;
      if (n % PROGRESS_EVERY === 0) post({ kind: 'progress', done });
    },
  });
  flush();
  post({
    kind: 'end',
    fatal: tested.fatal,
    order: tested.candidates.map((c) => c.file),
    extra: tested.candidates.filter((c) => !sent.has(c.file)).map((c) => ({ file: c.file, text: c.text! })),
    done,
  });
}
