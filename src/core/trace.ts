// `MIGRATE_CHECK_TRACE=1`: lines on stderr saying how a run went (how the analysis was split,
// how long each stage took). For people measuring, never part of a report.

export const tracing = (): boolean => !!process.env.MIGRATE_CHECK_TRACE;

export function trace(line: string): void {
  if (tracing()) process.stderr.write(`migrate-check trace: ${line}\n`);
}

/** Whole milliseconds since `start` (a performance.now() reading). */
export const msSince = (start: number): number => Math.round(performance.now() - start);
