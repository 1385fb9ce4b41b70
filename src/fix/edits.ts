// Choosing and applying edits: each finding's edits go in together or not at all, never
// overlapping an edit already taken (what is left is taken by the next pass).

import type { Finding, TextEdit } from '../types.js';

export function editsToApply(findings: Finding[], unsafe: boolean): { edits: TextEdit[]; findings: number; chosen: Finding[] } {
  const taken = new TakenEdits();
  const chosen: Finding[] = [];
  const candidates = findings
    .filter((f) => f.edits && f.edits.length && (f.fixKind === 'safe' || (unsafe && f.fixKind === 'unsafe')))
    .sort((a, b) => a.edits![0].start - b.edits![0].start);
  for (const f of candidates) {
    if (f.edits!.some((e) => taken.overlaps(e))) continue;
    for (const e of f.edits!) taken.add(e);
    chosen.push(f);
  }
  return { edits: taken.sorted(), findings: chosen.length, chosen };
}

/**
 * The edits taken so far, by start. An edit clashes with one it overlaps, and an insertion with
 * any edit starting where it inserts; only the edits starting within the longest edit's length
 * before it can clash, so a file with tens of thousands of findings (a minified bundle) is not
 * compared pair by pair.
 */
class TakenEdits {
  private list: TextEdit[] = [];
  private longest = 0;

  overlaps(e: TextEdit): boolean {
    for (let i = this.firstFrom(e.start - this.longest); i < this.list.length && this.list[i].start <= e.end; i++) {
      const t = this.list[i];
      if ((e.start < t.end && t.start < e.end) || (e.start === e.end && e.start === t.start)) return true;
    }
    return false;
  }

  add(e: TextEdit): void {
    this.list.splice(this.firstFrom(e.start + 1), 0, e);
    this.longest = Math.max(this.longest, e.end - e.start);
  }

  sorted(): TextEdit[] {
    return this.list;
  }

  /** The index of the first edit starting at or after `pos`. */
  private firstFrom(pos: number): number {
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.list[mid].start < pos) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Apply non-overlapping edits to a text (the same function the transforms use). */
export { applyTextEdits as applyEdits } from '../../transforms/shared.js';
