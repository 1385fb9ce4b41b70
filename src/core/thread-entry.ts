// The script every thread of the command starts with (thread-script.ts startThread): it runs the
// thread's own module (workerData.entry, relative to dist/) from the bundle when the bundle holds
// the modules as built, else from dist/ itself, as the command's own thread does.

import { workerData } from 'node:worker_threads';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { openBundle } from './bundle-loader.js';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = (workerData as { entry: string }).entry;
const bundle = openBundle(dist);
await (bundle ? bundle.load(entry) : import(pathToFileURL(path.join(dist, entry)).href));
