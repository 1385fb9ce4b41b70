// `MIGRATE_CHECK_TRACE=1`: lines on stderr saying how a run went (how the analysis was split,
// how long each stage took). For people measuring, never part of a report.

export const tracing = (): boolean => !!process.env.MIGRATE_CHECK_TRACE;

/** A line on stderr, stamped with the milliseconds since the process started (in worker threads too). */
export function trace(line: string): void {
  if (tracing()) process.stderr.write(`migrate-check trace: [${Math.round(performance.now())} ms] ${line}\n`);
}

/** Whole milliseconds since `start` (a performance.now() reading). */
export const msSince = (start: number): number => Math.round(performance.now() - start);
