// Settle for old paths written as literal types: a type and the code checked against it (the
// values of the requests it types, the keys it names) move together or stay together. A type
// `--fix` leaves holds them (moved alone, a value would no longer type-check against it); a
// request held holds the type, and through it every other request the type checks.

import type { Finding } from '../types.js';
import type { AnalysisState, PathType } from './state.js';
import { holdKeyedRequests } from './detectors/path-key-bodies.js';

/** The path findings of the code checked against a literal path type (path-type-ties.ts). */
export function typedBy(acc: AnalysisState, t: PathType): Finding[] {
  if (!t.sites.length) return [];
  const types = new Set(acc.pathTypes.map((x) => x.key));
  const out: Finding[] = [];
  for (const [key, f] of acc.findings)
    if (f.changeKind === 'endpoint-moved' && !types.has(key) && t.sites.some((s) => s.file === f.file && f.start >= s.start && f.start < s.end)) out.push(f);
  return out;
}

/**
 * Settle each literal path type with what it types, and each path written as a key of a `paths`
 * type with the requests checked against it; true when a fix was taken away or tied to `--unsafe`.
 */
export function holdPathTypes(acc: AnalysisState): boolean {
  let changed = holdKeyedRequests(acc);
  for (const t of acc.pathTypes) {
    const tf = acc.findings.get(t.key);
    if (!tf) continue;
    const values = typedBy(acc, t);
    if (!values.length) {
      if (t.describes) acc.findings.delete(t.key);
      else if (tf.fixKind !== 'none') {
        acc.hold(tf, 'path-type', 'no request the check follows is checked against this type (it may type a path built where the check cannot see it, or nothing): rewrite it by hand with the paths it types');
        changed = true;
      }
      continue;
    }
    if (tf.fixKind === 'none') {
      const because = t.why ?? tf.heldBecause?.why;
      for (const v of values) {
        if (v.fixKind === 'none') continue;
        acc.hold(v, 'path-type', `it is checked against the type ${t.shown} (${acc.placeOf(tf.file, tf.line, v.file)}), which names the old path and stays as it is${because ? ` (${because})` : ''}: moved alone, the path would no longer type-check against it; move them together by hand`);
        changed = true;
      }
      continue;
    }
    const held = values.find((v) => v.fixKind === 'none');
    if (held) {
      acc.hold(tf, 'path-type', `it types ${sentTo(held)} (${acc.placeOf(held.file, held.line, tf.file)}), which stays as it is (${held.ruleId}): once that ${held.ruleId === 'versioned-base-url' ? 'base' : 'request'} moves, \`--fix\` rewrites this with it`);
      changed = true;
      continue;
    }
    // on an assumption (a path the spec does not map): all of them, or none
    const assumed = [tf, ...values].find((f) => f.fixKind === 'unsafe');
    if (!assumed) continue;
    for (const f of [tf, ...values]) {
      if (f.fixKind !== 'safe') continue;
      acc.assume(f, 'path-type', f === tf ? `${sentTo(assumed)} (${acc.placeOf(assumed.file, assumed.line, f.file)})` : `the type ${t.shown} it is checked against (${acc.placeOf(tf.file, tf.line, f.file)})`);
      changed = true;
    }
  }
  return changed;
}

/** What a finding checked against a literal type is, as a message names it: a request's path, or the versioned base the requests are sent through. */
function sentTo(f: Finding): string {
  return f.ruleId === 'versioned-base-url' ? `the versioned base \`${f.oldText}\`` : `the request sent to \`${f.oldText}\``;
}
