// A worker of a large run (src/pipeline/workers.ts): loads the analysis once, then answers each job
// (a part of the files that passed the text test) with its results.

import { parentPort } from 'node:worker_threads';
import { analyzeCandidates, type CandidateJob } from '../analysis/run.js';

parentPort?.on('message', (job: CandidateJob) => {
  analyzeCandidates(job).then(
    (result) => parentPort!.postMessage({ ok: true, result }),
    (err: unknown) => parentPort!.postMessage({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});
