// check(): find every old-version construct under the given paths. The run's plumbing (the walk,
// the text pre-filter, the reader thread, the workers) is in src/pipeline/; the analysis behind it
// in src/analysis/. A module of its own so that the transforms, run alone, reach it without the
// fix engine that runs them (src/index.ts re-exports it).

import path from 'node:path';
import { defaultConfig } from './config.js';
import { analyzeRun } from './pipeline/run.js';
import { startRun } from './pipeline/start.js';
import type { CheckOptions, CheckResult } from './types.js';

/** Find every old-version construct under the given paths. */
export async function check(opts: CheckOptions): Promise<CheckResult> {
  const config = opts.config ?? defaultConfig();
  const run = await startRun({ ...opts, config });
  try {
    const { results, stats, report } = await analyzeRun(run.files, { ...opts, config, ahead: run.ahead, opened: run.cache });
    return { results, stats, files: run.files, ...(report ? { report } : {}) };
  } finally {
    run.stop();
  }
}

/**
 * Load the analysis (and the compiler it brings, about half a second) ahead of the first check:
 * the language server and the MCP server call it as they start. With `dir`, also run check() once
 * over a small file that exists only in memory there, so that the first real check finds the
 * analysis' code warm too. Nothing is read from the disk.
 */
export async function warmUp(dir?: string): Promise<void> {
  await import('./analysis/run.js');
  if (dir === undefined) return;
  const file = path.join(dir, '__migrate-check-warm-up__.ts');
  const text = "export const f = (ids: string[]) => axios.post('/2023-01/labels', { shipments: ids.map((id) => ({ service_shipment_id: id, courier_id: 'x' })) });\n";
  await check({ paths: [file], files: [file], cwd: dir, config: defaultConfig(), overlays: new Map([[file, text]]) });
}
