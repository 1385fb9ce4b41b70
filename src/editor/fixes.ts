// The editor's fixes are --fix's fixes: "fix all" runs fixPasses (the passes, transforms and
// re-parse guard of src/fix/index.ts) over one buffer with the other buffers as overlays; a quick
// fix is one finding's edits as --fix would apply them (applyEdits). Nothing here decides an edit.

import { applyEdits } from '../fix/edits.js';
import type { Config, Finding, TextEdit } from '../types.js';

export type FixAllOutcome =
  | { kind: 'unchanged' }
  | { kind: 'fixed'; text: string; findings: number }
  | { kind: 'refused'; reason: string };

/**
 * What `--fix` (with `unsafe`: `--fix --unsafe`) would write for one file whose current text is
 * `text`, the other open buffers standing in for their files on disk; with `root`, nothing
 * outside that folder is read.
 */
export async function fixAllText(file: string, text: string, opts: { config: Config; overlays: Map<string, string>; unsafe: boolean; root?: string }): Promise<FixAllOutcome> {
  const overlays = new Map(opts.overlays);
  overlays.set(file, text);
  const { fixPasses } = await import('../fix/index.js');
  const out = await fixPasses([file], { config: opts.config, unsafe: opts.unsafe, overlays, root: opts.root });
  const refused = out.refused.find((r) => r.file === file);
  if (refused) return { kind: 'refused', reason: refused.reason };
  const after = out.texts.get(file);
  if (!out.original.has(file) || after === undefined || after === text) return { kind: 'unchanged' };
  return { kind: 'fixed', text: after, findings: out.fixedCount.get(file) ?? 0 };
}

/** One edit that turns `before` into `after`: the span between their common prefix and suffix. */
export function minimalEdit(before: string, after: string): TextEdit {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  // keep a surrogate pair or a CRLF together
  if (start > 0 && start < before.length && isLowSurrogateOrLf(before, start)) start--;
  let endB = before.length;
  let endA = after.length;
  while (endB > start && endA > start && before.charCodeAt(endB - 1) === after.charCodeAt(endA - 1)) {
    endB--;
    endA--;
  }
  if (endB < before.length && endB > start && isLowSurrogateOrLf(before, endB)) {
    endB++;
    endA++;
  }
  return { start, end: endB, text: after.slice(start, endA) };
}

function isLowSurrogateOrLf(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  const p = text.charCodeAt(i - 1);
  return (c >= 0xdc00 && c <= 0xdfff && p >= 0xd800 && p <= 0xdbff) || (c === 10 && p === 13);
}

/**
 * The edits that give exactly `applyEdits(text, edits)`, in a form every LSP client accepts:
 * the edits themselves when they are sorted and disjoint, else one edit for the changed span.
 */
export function clientEdits(text: string, edits: TextEdit[]): TextEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let clean = true;
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    const cur = sorted[i];
    if (cur.start < prev.end || (cur.start === prev.start && (cur.start === cur.end || prev.start === prev.end))) clean = false;
  }
  if (clean) return sorted;
  const after = applyEdits(text, edits);
  return after === text ? [] : [minimalEdit(text, after)];
}

/** Findings --fix would apply (safe; unsafe too when allowed) that carry edits. */
export function isApplicable(f: Finding, unsafe: boolean): boolean {
  return !!f.edits?.length && (f.fixKind === 'safe' || (unsafe && f.fixKind === 'unsafe'));
}
