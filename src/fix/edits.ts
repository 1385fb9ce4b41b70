// Choosing and applying edits: each finding's edits go in together or not at all, never
// overlapping an edit already taken (what is left is taken by the next pass).

import type { Finding, TextEdit } from '../types.js';

export function editsToApply(findings: Finding[], unsafe: boolean): { edits: TextEdit[]; findings: number; chosen: Finding[] } {
  const taken: TextEdit[] = [];
  const chosen: Finding[] = [];
  let count = 0;
  const candidates = findings
    .filter((f) => f.edits && f.edits.length && (f.fixKind === 'safe' || (unsafe && f.fixKind === 'unsafe')))
    .sort((a, b) => a.edits![0].start - b.edits![0].start);
  for (const f of candidates) {
    const overlaps = f.edits!.some((e) => taken.some((t) => e.start < t.end && t.start < e.end || (e.start === e.end && e.start === t.start)));
    if (overlaps) continue;
    taken.push(...f.edits!);
    chosen.push(f);
    count++;
  }
  return { edits: taken.sort((a, b) => a.start - b.start), findings: count, chosen };
}

/** Apply non-overlapping edits to a text (the same function the transforms use). */
export { applyTextEdits as applyEdits } from '../../transforms/shared.js';
