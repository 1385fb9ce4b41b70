// The public API: check() finds, fix() rewrites. No printing, no exit codes: the CLI, the
// language server and the MCP server are three doors into these two functions.

import { loadCatalogue } from './catalogue/index.js';
import { analyzeFiles } from './analyze.js';
import { discover } from './files.js';
import type { CheckOptions, CheckResult, Config } from './types.js';

export type { CheckOptions, CheckResult, Config, FileResult, Finding, FixOptions, FixResult } from './types.js';
export { analyzeFiles, type Analysis } from './analyze.js';
export { readSource, testTexts, type Source, type TextTested } from './read.js';

export const DEFAULT_CONFIG: Config = { rules: {}, ignorePatterns: [], maxFileSize: 4 * 1024 * 1024 };

export { sortFindings } from './analysis/sort.js';

/** Find every old-version construct under the given paths. */
export async function check(opts: CheckOptions): Promise<CheckResult> {
  const config = opts.config ?? DEFAULT_CONFIG;
  const files = await discover(opts.paths, opts.cwd, config.ignorePatterns);
  const { results, stats } = await analyzeFiles(files, { config, overlays: opts.overlays, onProgress: opts.onProgress, root: opts.root });
  return { results, stats };
}

export function manualSteps(): { id: string; title: string; text: string }[] {
  return loadCatalogue().manualSteps.map((s) => ({ id: s.id, title: s.title, text: s.text }));
}

export { fix } from './fix/index.js';
