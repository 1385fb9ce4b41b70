// The words of a finding, kept as data until settle is done: what the finding says, the note that
// says whether `--fix` handles it, and what settle decided (a fix taken away because the request
// is held for a person, or tied to `--unsafe` with the path it goes with). The message is rendered
// from them; nothing reads a message back.

import type { FixKind, HoldCode } from '../types.js';

/** Whether `--fix` handles a finding: safe or unsafe (an assumption), or left for a person and why. */
export interface Note {
  kind: FixKind;
  manual?: string;
  /** what the fix does to the construct ("rewrites" unless a rename says "renames") */
  verb?: 'rewrites' | 'renames';
}

/** A message with its note in the middle: `before` + the note's words + `after`. */
export interface Words {
  before: string;
  note: Note;
  after: string;
}

export const note = (kind: FixKind, manual?: string, verb?: Note['verb']): Note => ({ kind, manual, verb });

export const says = (before: string, n: Note, after = '.'): Words => ({ before, note: n, after });

/** Why settle took a finding's fix away. */
export interface Held {
  code: HoldCode;
  why: string;
}

function noteText(n: Note, assumed?: string): string {
  const verb = n.verb ?? 'rewrites';
  if (n.kind === 'safe') return assumed ? `\`--fix --unsafe\` ${verb} it together with ${assumed}; plain \`--fix\` leaves both` : `\`--fix\` ${verb} it`;
  if (n.kind === 'unsafe') return `\`--fix --unsafe\` ${verb} it (an assumption: check it)`;
  return `left for a person: ${n.manual ?? 'no automatic fix'}`;
}

/**
 * The message of a finding as settle left it: held for a person (its note says why, or, where it
 * has no note of its own, a sentence says it), or moved only with `--unsafe` together with
 * `assumed` (the path or body it goes with).
 */
export function render(w: Words | string, held?: Held, assumed?: string): string {
  if (typeof w === 'string') return held ? `${w} Left for a person: ${held.why}.` : w;
  if (held && w.note.kind !== 'none') return `${w.before}left for a person: ${held.why}${w.after}`;
  const text = w.before + noteText(w.note, assumed) + w.after;
  return held ? `${text} Left for a person: ${held.why}.` : text;
}
