// Settle, last step: the requests plain `--fix` holds and `--fix --unsafe` moves whole (a path the
// spec does not map, with its body). Each becomes one unit of edits with an identity of its own,
// so the json reporter and the editor can offer it as one suggestion, one request at a time.

import type { AssumedRequest, Finding } from '../types.js';
import { findingsIn } from './settle.js';
import { typedBy } from './settle-path-types.js';
import type { AnalysisState } from './state.js';

/** A finding fixed only by `--fix --unsafe` (by its own edits, or by another's: a nested pickup's fields). */
const movesOnAssumption = (f: Finding | undefined): f is Finding => !!f && f.fixKind === 'unsafe';

/**
 * Gives every finding `--fix --unsafe` applies the request it moves with (`assumedRequest`).
 * Requests that share a piece (a body constant, a builder) are one unit: applying one without the
 * other would send one version's body to the other version's path.
 */
export function groupAssumed(acc: AnalysisState): void {
  const parent = new Map<Finding, Finding>();
  const root = (f: Finding): Finding => {
    let r = f;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
    parent.set(f, r);
    return r;
  };
  const join = (a: Finding, b: Finding) => {
    const ra = root(a);
    const rb = root(b);
    if (ra !== rb) parent.set(rb, ra);
  };
  for (const r of acc.requests) {
    const path = r.pathKey ? acc.findings.get(r.pathKey) : undefined;
    // a request whose body moves only on an assumption has its path tied to it (holdRequests):
    // one whose path and own body findings do not, has nothing to join
    if (!movesOnAssumption(path) && !r.body.some(movesOnAssumption)) continue;
    const members = [path, ...r.body, ...findingsIn(acc, r.objects)].filter(movesOnAssumption);
    for (const f of members) join(members[0], f);
  }
  // a literal type naming a path moves with the requests checked against it
  for (const t of acc.pathTypes) {
    const tf = acc.findings.get(t.key);
    if (movesOnAssumption(tf)) for (const v of typedBy(acc, t)) if (movesOnAssumption(v)) join(tf, v);
  }
  const groups = new Map<Finding, Finding[]>();
  // a path sent without a body is a request of its own
  for (const f of acc.findings.values()) {
    if (!movesOnAssumption(f)) continue;
    const r = root(f);
    if (!groups.has(r)) groups.set(r, []);
    groups.get(r)!.push(f);
  }
  for (const members of groups.values()) {
    if (!members.some((f) => f.edits?.length)) continue;
    members.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.start - b.start));
    const paths = members.filter((f) => f.changeKind === 'endpoint-moved');
    const shown = (paths.length ? paths : members.slice(0, 1)).map((f) => {
      const at = `${acc.shownFile(f.file)}:${f.line}`;
      return f.changeKind === 'endpoint-moved' && f.newText ? `\`${f.oldText}\` → \`${f.newText}\` (${at})` : `with \`${f.oldText}\` (${at})`;
    });
    const request: AssumedRequest = {
      id: `${members[0].file}:${members[0].start}`,
      label: shown.join(' and '),
      files: [...new Set(members.filter((f) => f.edits?.length).map((f) => f.file))].sort(),
    };
    for (const f of members) f.assumedRequest = request;
  }
}
