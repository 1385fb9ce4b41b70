// Errors the CLI renders as one line (exit 2). Anything else is an internal error.

/** A problem with what the user asked for: flags, paths, config. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** One line for the terminal: the message, and the hint when there is one. */
export function oneLine(err: unknown): string {
  if (err instanceof UsageError) return err.hint ? `${err.message} (${err.hint})` : err.message;
  const msg = err instanceof Error ? err.message : String(err);
  return `internal error: ${msg.split('\n')[0]}`;
}
