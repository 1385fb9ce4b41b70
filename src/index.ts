// The public API: check() finds, fix() rewrites. No printing, no exit codes: the CLI, the
// language server and the MCP server are three doors into these two functions.

import { defaultConfig } from './config.js';
import type { Config, FixOptions, FixResult } from './types.js';

export type { CheckOptions, CheckResult, Config, FileResult, Finding, FixOptions, FixResult } from './types.js';
export { analyzeFiles, type Analysis } from './pipeline/analyze.js';
export { readSource, type Source } from './pipeline/read.js';
export { testTexts, type TextTested } from './pipeline/prefilter.js';
export { sortFindings } from './core/order.js';
export { manualSteps } from './catalogue/index.js';
export { check, warmUp } from './check.js';
export { assertClean } from './fix/clean.js';

/**
 * Rewrite what check() finds (src/fix/index.ts). The fix engine (its transforms, the diff, atomic
 * writes) is loaded on the first call, so that a scan that never fixes does not load it.
 */
export async function fix(opts: FixOptions): Promise<FixResult> {
  const engine = await import('./fix/index.js');
  return engine.fix(opts);
}

export const DEFAULT_CONFIG: Config = defaultConfig();
