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
  if (holdComparedPaths(acc)) changed = true;
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
        const what = v.ruleId === 'versioned-base-url' ? ['the 2023-01 version', 'base'] : ['the old path', 'path'];
        acc.hold(v, 'path-type', `it is checked against the type ${t.shown} (${acc.placeOf(tf.file, tf.line, v.file)}), which names ${what[0]} and stays as it is${because ? ` (${because})` : ''}: moved alone, the ${what[1]} would no longer type-check against it; move them together by hand`);
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
    if (assumeTogether(acc, tf, values, (f, assumed) => (f === tf ? `${sentTo(assumed)} (${acc.placeOf(assumed.file, assumed.line, f.file)})` : `the type ${t.shown} it is checked against (${acc.placeOf(tf.file, tf.line, f.file)})`))) changed = true;
  }
  return changed;
}

/** What a finding checked against a literal type is, as a message names it: a request's path, or the versioned base the requests are sent through. */
function sentTo(f: Finding): string {
  return f.ruleId === 'versioned-base-url' ? `the versioned base \`${f.oldText}\`` : `the request sent to \`${f.oldText}\``;
}

/**
 * An old path compared with a value typed by the same path written elsewhere (path-comparisons.ts)
 * and that path move together or stay together: either moved alone, the test no longer
 * type-checks (TS2367) and its branch is never taken. True when a fix was taken away or tied to `--unsafe`.
 */
function holdComparedPaths(acc: AnalysisState): boolean {
  let changed = false;
  for (const c of acc.comparedPaths) {
    const f = acc.findings.get(c.key);
    const partners = c.partners.map((k) => acc.findings.get(k)).filter((p): p is Finding => !!p);
    if (!f || !partners.length) continue;
    const staying = partners.find((p) => p.fixKind === 'none');
    if (staying && f.fixKind !== 'none') {
      acc.hold(f, 'path-type', `it is compared with \`${c.other}\`, whose type holds \`${staying.oldText}\` (${staying.ruleId}, ${acc.placeOf(staying.file, staying.line, f.file)}), which stays as it is: rewritten alone, the test would never hold; once that path moves, \`--fix\` rewrites this with it`);
      changed = true;
      continue;
    }
    if (f.fixKind === 'none') {
      for (const p of partners) {
        if (p.fixKind === 'none') continue;
        acc.hold(p, 'path-type', `\`${c.other}\`, which it types, is compared with \`${f.oldText}\` at ${acc.placeOf(f.file, f.line, p.file)}, which stays as it is (${f.ruleId}): moved alone, that test would never hold; move them together by hand`);
        changed = true;
      }
      continue;
    }
    if (assumeTogether(acc, f, partners, (p, assumed) => (p === f ? `the path \`${assumed.oldText}\` it is compared with (${acc.placeOf(assumed.file, assumed.line, p.file)})` : `the test comparing \`${c.other}\` with \`${f.oldText}\` (${acc.placeOf(f.file, f.line, p.file)})`))) changed = true;
  }
  return changed;
}

/**
 * Findings that move together, where one of them moves only on an assumption: the others too,
 * each told what it goes with (`why`, given the one assumed). True when one was tied to `--unsafe`.
 */
function assumeTogether(acc: AnalysisState, first: Finding, rest: Finding[], why: (f: Finding, assumed: Finding) => string): boolean {
  const all = [first, ...rest];
  const assumed = all.find((f) => f.fixKind === 'unsafe');
  if (!assumed) return false;
  let changed = false;
  for (const f of all) {
    if (f.fixKind !== 'safe') continue;
    acc.assume(f, 'path-type', why(f, assumed));
    changed = true;
  }
  return changed;
}
