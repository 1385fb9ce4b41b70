// `MIGRATE_CHECK_TRACE=1`: lines on stderr saying how a run went (how the analysis was split,
// how long each stage took). For people measuring, never part of a report.

export const tracing = (): boolean => !!process.env.MIGRATE_CHECK_TRACE;

/**
 * Milliseconds since the process started (in worker threads too). Not performance.now(): Node
 * loads its perf_hooks module when `performance` is first touched, a few milliseconds of a run
 * where nothing changed.
 */
export const now = (): number => process.uptime() * 1000;

/** A line on stderr, stamped with the milliseconds since the process started. */
export function trace(line: string): void {
  if (tracing()) process.stderr.write(`migrate-check trace: [${Math.round(now())} ms] ${line}\n`);
}

/** Whole milliseconds since `start` (a now() reading). */
export const msSince = (start: number): number => Math.round(now() - start);
