// The editor's fixes are --fix's fixes: "fix all" is fix() as a dry run (its passes, transforms and
// re-parse guard) over one buffer with the other buffers as overlays; a quick fix is one finding's
// edits as --fix would apply them (applyEdits). Nothing here decides an edit.

import path from 'node:path';
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
  const { fix } = await import('../index.js');
  // a dry run writes nothing and needs no clean git tree
  const out = await fix({ paths: [file], files: [file], cwd: path.dirname(file), config: opts.config, unsafe: opts.unsafe, overlays, root: opts.root, dryRun: true, allowDirty: true });
  const refused = out.refused.find((r) => r.file === file);
  if (refused) return { kind: 'refused', reason: refused.reason };
  const change = out.changes.find((c) => c.file === file);
  if (!change || change.after === text) return { kind: 'unchanged' };
  return { kind: 'fixed', text: change.after, findings: change.fixed };
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
