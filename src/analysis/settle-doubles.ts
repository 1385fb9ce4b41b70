// Settle for test doubles: a double (an msw handler, a nock interceptor, …) moves only with the
// requests it doubles: those whose method and path it meets that a request the check sees is sent
// to, or, where it sees none, every path written so (a constant no request is seen to send may be
// sent in a way the check does not follow). One that meets a held request is held too, its message
// naming that request, and holds the other requests it doubles (moved, they would no longer match
// it); one that meets only requests that move moves with them; one that meets none is decided as
// any path is. The requests are those of the double's
// project (the outermost folder with a package.json: core/project-scope.ts). A double left for a person for what it is
// itself (a body matcher `--fix` cannot rewrite) holds the requests it doubles in turn. An
// assertion on a spy of a client's method doubles no request sent by a direct call of the global
// `fetch` (detectors/double-clients.ts). Messages name a double by its own place (the call), and
// a path it reads from elsewhere (an endpoint map) as the path it uses.

import { pathShape, sameMethod, samePath } from '../core/path-shape.js';
import { inScope, projectScope } from '../core/project-scope.js';
import { sentOnlyByFetch } from './detectors/double-clients.js';
import type { Finding } from '../types.js';
import type { ContextKind } from '../core/keys.js';
import { oldKeyRead } from './detectors/double-reads.js';
import { memberKey } from './detectors/versioned-base.js';
import type { AnalysisState } from './state.js';

/** Holds the doubles of held requests and the requests of held doubles (and ties a double of a request moved only with `--unsafe` to it); true when one changed. */
export function holdDoubles(acc: AnalysisState): boolean {
  if (!acc.doubles.length) return false;
  const doubleKeys = new Set(acc.doubles.map((d) => d.key));
  // the paths the project writes (`sent`: a request the check sees is sent to it), and those joined to a versioned base
  const requests: { key: string; path: string; method?: string; file: string; sent: boolean }[] = [];
  for (const [key, s] of acc.sentPaths) if (!doubleKeys.has(key)) requests.push({ key, ...s, sent: acc.requestPaths.has(key) });
  for (const g of acc.baseGroups.values()) for (const x of g.members) requests.push({ key: memberKey(acc, x), path: x.match.path, file: x.unit.file, sent: true });
  let changed = false;
  for (const d of acc.doubles) {
    const f = acc.findings.get(d.key);
    if (!f) continue;
    // (the requests of its own project: core/project-scope.ts)
    const scope = projectScope(f.file);
    const matching = requests
      .filter((r) => r.key !== d.key && inScope(scope, r.file) && sameMethod(d.method, r.method) && samePath(d.path, r.path))
      // (a spy on a client's method sees no direct call of `fetch`)
      .filter((r) => !(d.spies && sentOnlyByFetch(acc, r.key)))
      .map((r) => ({ f: acc.findings.get(r.key), path: r.path, sent: r.sent }))
      .filter((r): r is { f: Finding; path: string; sent: boolean } => !!r.f && r.f.changeKind === 'endpoint-moved');
    // what it doubles: the requests the check sees sent to its path; where it sees none, every
    // path written so (a constant may be sent in a way the check does not follow), as a request
    const sent = matching.filter((r) => r.sent);
    const doubled = sent.length ? sent : matching;
    // a request named by its path as written (each part not known statically an ellipsis) and its place
    const named = (r: { f: Finding; path: string }) => `\`${r.path.replace(/[\ue000-\uf8ff]/g, '…')}\` (${acc.placeOf(r.f.file, r.f.line, f.file)})`;
    const held = doubled.find((r) => r.f.fixKind === 'none');
    // the double as its own finding names it: itself, or (its path written elsewhere, an endpoint map's entry) the path it uses
    const own = f.file === d.file && f.start >= d.start && f.end <= d.end;
    const self = own ? `this ${d.kind}` : `this path is used by the ${d.kind} at ${acc.placeOf(d.file, d.line, f.file)}, which`;
    if (f.fixKind === 'none') {
      // a double left for a person for what it is itself (a body matcher `--fix` cannot rewrite, a
      // suppression comment): the requests it doubles stay with it, or it would no longer match them;
      // one held for another request it doubles holds the rest it doubles too (moved, they would no longer match it)
      const because = f.heldBecause?.code === 'doubled-request-held' ? held : undefined;
      for (const r of doubled) {
        if (r.f.fixKind === 'none' || (because && !r.sent)) continue;
        const at = `the ${d.kind} at ${acc.placeOf(d.file, d.line, r.f.file)}`;
        const why = because
          ? `a test double of this request, ${at}, also doubles the request to ${named(because)}, which is left for a person, and stays with it: moved alone, this request would no longer be matched by that double; once the other request moves, \`--fix\` moves this too`
          : `a test double of this request, ${at}, is left for a person (see ${own ? 'its own finding' : `the finding on the path it uses, ${acc.placeOf(f.file, f.line, r.f.file)}`}): moved alone, the request would no longer be matched by it; once it can move, \`--fix\` moves this too`;
        acc.hold(r.f, 'double-held', why);
        changed = true;
      }
      continue;
    }
    if (held) {
      const why = held.sent
        ? `${self} doubles the request to ${named(held)}, which is left for a person: a test double moves only with the request it doubles (moved alone, it would no longer match it); once that request moves, \`--fix\` moves this too`
        : `${self} has the path of ${named(held)}, which is left for a person; no request the check can see is sent to that path, but one may be sent in a way the check does not follow, and moved alone this double would no longer match it; once that path moves, \`--fix\` moves this too`;
      acc.hold(f, 'doubled-request-held', why);
      changed = true;
      continue;
    }
    // the test around the double reads the body it catches by an old key `--fix` does not rename there: moved, the
    // double would catch a 2024-09 body the test reads wrong; held, with the requests it doubles
    // (one that doubles no request the check sees, the code already sending 2024-09: the body its own path takes)
    const kinds = (doubled.length ? doubled.map((r) => r.f.context?.kind) : [f.context?.kind]).filter((k): k is ContextKind => !!k);
    const read = kinds.length ? oldKeyRead(acc, d, kinds) : undefined;
    if (read) {
      const at = acc.placeOf(d.file, read.line, f.file);
      acc.hold(f, 'doubled-request-held', `the test around ${own ? `this ${d.kind}` : `the ${d.kind} at ${acc.placeOf(d.file, d.line, f.file)}`} reads the body it catches by the old key \`${read.key}\` (${at}), which \`--fix\` does not rename there: move ${doubled.length ? 'the request, ' : ''}the double and what the test reads together by hand`);
      for (const r of doubled)
        if (r.f.fixKind !== 'none') acc.hold(r.f, 'double-held', `a test double of this request, the ${d.kind} at ${acc.placeOf(d.file, d.line, r.f.file)}, is in a test that reads the body by the old key \`${read.key}\` (${acc.placeOf(d.file, read.line, r.f.file)}), which \`--fix\` does not rename there: move them together by hand`);
      changed = true;
      continue;
    }
    // a relative path sent through a base the check cannot tell (Nest's `HttpService` of a class no
    // one `HttpModule` registration is seen to give) that the end of the double's path meets: it
    // may be the request this doubles, which stays, so the double stays with it
    const unknown = doubled.length ? undefined : acc.unknownBaseRequests.find((r) => inScope(scope, r.file) && sameMethod(d.method, r.method) && endsLike(d.path, r.path));
    if (unknown) {
      const at = `\`${unknown.path.replace(/[\ue000-\uf8ff]/g, '…')}\` (${acc.placeOf(unknown.file, unknown.line, f.file)})`;
      acc.hold(f, 'doubled-request-held', `this ${d.kind} may double the request to ${at}, sent through Nest's \`HttpService\` whose base the check cannot tell (no one \`HttpModule.register\` is seen to be the one the module providing that class imports), which \`--fix\` leaves: moved alone, this double would no longer match it; migrate the base, that path and this double together by hand`);
      changed = true;
      continue;
    }
    const assumed = doubled.find((r) => r.f.fixKind === 'unsafe');
    if (assumed && f.fixKind === 'safe') {
      acc.assume(f, 'double', `the request it doubles, ${named(assumed)}, which moves only with \`--unsafe\``);
      changed = true;
    }
  }
  return changed;
}

/** Does the end of a double's path (after one segment or more: a version, a family's `pickup/v1`) meet a relative path with a literal segment? */
function endsLike(doubled: string, relative: string): boolean {
  const rel = pathShape(relative);
  if (!rel.some((seg) => seg !== '*' && seg !== '**' && seg !== '')) return false;
  const segs = pathShape(doubled);
  for (let k = 1; k < segs.length; k++) if (samePath(segs.slice(k).join('/'), rel.join('/'))) return true;
  return false;
}
