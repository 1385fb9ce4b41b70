// The words of a finding: the note that says whether `--fix` handles it, and what settle writes
// when it takes a fix away (a request held for a person) or ties it to an assumption (`--unsafe`).

import type { Finding, FixKind } from '../types.js';

export const fixNote = (kind: FixKind, manual?: string) =>
  kind === 'safe' ? '`--fix` rewrites it' : kind === 'unsafe' ? '`--fix --unsafe` rewrites it (an assumption: check it)' : `left for a person: ${manual ?? 'no automatic fix'}`;

/** A body's fix that goes with a path moved only on an assumption: `--fix --unsafe` applies both. */
export function withUnsafePath(f: Finding, why: string): void {
  f.fixKind = 'unsafe';
  f.message = f.message.replace(/`--fix` (rewrites|renames) it/, `\`--fix --unsafe\` $1 it together with ${why}; plain \`--fix\` leaves both`);
}

/** Take a finding's fix away, saying why a person must do it. */
export function leaveForPerson(f: Finding, why: string): void {
  f.edits = undefined;
  f.fixKind = 'none';
  const note = /`--fix(?: --unsafe)?` (?:rewrites|renames) it(?: together with [^;]*; plain `--fix` leaves both| \(an assumption: check it\))?/;
  f.message = note.test(f.message) ? f.message.replace(note, `left for a person: ${why}`) : `${f.message} Left for a person: ${why}.`;
}
