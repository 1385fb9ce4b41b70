// `node --import migrate-check/register`, or a test runner's setup file loaded as ES module: the
// hook starts for this process and wraps this realm's `fetch`.
import { start } from './hook.js';

start(globalThis);
