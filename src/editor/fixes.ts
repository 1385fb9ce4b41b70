// The editor's fixes are --fix's fixes: the same edit selection (editsToApply), the same
// application (applyEdits), the same passes and the same re-parse guard, run over the editor's
// buffers instead of the disk.

import { analyzeFiles } from '../index.js';
import { applyEdits, editsToApply } from '../fix/edits.js';
import { reparseError } from '../fix/reparse.js';
import type { Config, Finding, TextEdit } from '../types.js';

/** The same limit as --fix (src/fix/index.ts). */
export const MAX_PASSES = 5;

export type FixAllOutcome =
  | { kind: 'unchanged' }
  | { kind: 'fixed'; text: string; findings: number; passes: number }
  | { kind: 'refused'; reason: string };

/**
 * What `--fix` (with `unsafe`: `--fix --unsafe`) would write for one file whose current text is
 * `text`: passes of analyse, choose, apply until nothing changes (at most MAX_PASSES), with the
 * other open buffers as overlays, then the re-parse check.
 */
export async function fixAllText(
  file: string,
  text: string,
  opts: { config: Config; overlays: Map<string, string>; unsafe: boolean; first?: Finding[] },
): Promise<FixAllOutcome> {
  const overlays = new Map(opts.overlays);
  overlays.set(file, text);
  let current = text;
  let findings = opts.first;
  let fixed = 0;
  let passes = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    if (!findings) {
      const { results } = await analyzeFiles([file], { config: opts.config, overlays });
      const r = results.find((x) => x.file === file);
      if (!r || r.fatal || r.source === undefined) break;
      findings = r.findings;
    }
    const chosen = editsToApply(findings, opts.unsafe);
    findings = undefined;
    if (!chosen.edits.length) break;
    const next = applyEdits(current, chosen.edits);
    if (next === current) break;
    current = next;
    overlays.set(file, next);
    fixed += chosen.findings;
    passes++;
  }
  if (current === text) return { kind: 'unchanged' };
  const err = await reparseError(file, current);
  if (err) return { kind: 'refused', reason: err };
  return { kind: 'fixed', text: current, findings: fixed, passes };
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
