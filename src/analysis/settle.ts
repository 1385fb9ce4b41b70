// Settle: the decisions that need every file, taken once after detection. A request moves whole or
// is held whole; an object shared with another vendor's request, or read by its old keys, is left.

import { contextLabel, renamesIn } from '../core/keys.js';
import ts from '../core/ts.cjs';
import type { Finding, HoldCode } from '../types.js';
import { propName } from './bindings.js';
import { unwrap } from './evaluate.js';
import { importReaches, isPathKey } from './detectors/path-key-bodies.js';
import { note, says } from './findings.js';
import type { AnalysisState, SentRequest, Span } from './state.js';
import { hiddenFindings, scriptRanges } from './suppress.js';
import { lineOf, treeIndex, type Unit } from './units.js';

/** Rules whose finding, left for a person in a body, leaves the whole request for a person. */
export const HOLDING_RULES = new Set(['v1-pickup-field', 'v1-pickup-nested-object', 'label-entry-field', 'courier-selection', 'courier-naming', 'webhook-version', 'webhook-event-renamed']);

/**
 * A body known only by its keys: no request in the project shows where it is sent (it goes into
 * a third-party SDK, or nothing calls the code that builds it). Moving it alone could send a
 * 2024-09 body to an old path, so it is reported and left, with the request types that type it.
 */
export function holdUnsent(acc: AnalysisState): void {
  const why = 'the check cannot tie this body to a request it can see (it may be sent in a way the check does not follow, go to a third-party SDK, or be built by code nothing calls): moving it alone could send a 2024-09 body to an old path; migrate it with the request that sends it';
  const expected = expectedFindings(acc);
  const expectedWhy = 'this is a value a test expects (an argument of a matcher or an assertion), which `--fix` leaves as it is: update it to the 2024-09 form with the request it checks (if that request is on 2024-09 already, now)';
  const left = untiedBodies(acc);
  for (const f of acc.findings.values()) if (f.fixKind !== 'none' && left.has(f)) acc.hold(f, 'endpoint-unseen', expected.has(f) ? expectedWhy : why);
}

/** The findings of bodies no request in the project shows: known only by their keys, or written in objects known so (whatever else held them first). */
export function untiedBodies(acc: AnalysisState): Set<Finding> {
  const left = new Set([...acc.unsent, ...findingsIn(acc, acc.unsentObjects)]);
  for (const f of acc.findings.values()) if (f.context?.by === 'keys') left.add(f);
  return left;
}

/**
 * A finding a suppression comment hides, or whose rule the config turns off, is kept as it is: the
 * user decided so. It is held here, before the requests are settled, so that its request stays
 * whole with it (a suppressed path keeps its body in the old version, and the reverse).
 */
export function holdKeptByUser(acc: AnalysisState): void {
  const byFile = new Map<string, Finding[]>();
  for (const f of acc.findings.values()) {
    if (f.fixKind === 'none') continue;
    if (acc.options.config.rules[f.ruleId] === 'off') {
      acc.hold(f, 'kept-by-user', `the config turns \`${f.ruleId}\` off, so \`--fix\` keeps it as it is`);
      continue;
    }
    if (!byFile.has(f.file)) byFile.set(f.file, []);
    byFile.get(f.file)!.push(f);
  }
  for (const [file, list] of byFile) {
    const text = acc.store.text(file);
    if (!text?.includes('migrate-check-')) continue;
    for (const f of hiddenFindings(text, list, scriptRanges(text, acc.store.get(file))))
      acc.hold(f, 'kept-by-user', 'a suppression comment keeps it as it is');
  }
}

/**
 * Generated or vendored code is never edited: every finding in it says to regenerate it for
 * 2024-09 (and the requests whose path or body lies there are held with it, by holdRequests).
 */
export function holdGenerated(acc: AnalysisState): void {
  for (const f of acc.findings.values()) {
    const by = f.heldBecause ? undefined : acc.generatedBy(f.file);
    if (by) acc.hold(f, 'generated', `this file is generated (${by}): regenerate it for 2024-09 rather than edit it`);
  }
}

/**
 * A path given as a property of an object that also gives the body (`dispatch({ path: '/2023-01/webhooks',
 * body: { … } })`, handed to a wrapper): where the body is left (no request the check follows shows
 * it), the path stays with it, or the request would be half moved.
 */
export function holdPathsBesideLeftBodies(acc: AnalysisState): void {
  const paths = [...acc.findings.values()].filter((f) => f.fixKind !== 'none' && f.changeKind === 'endpoint-moved');
  if (!paths.length) return;
  const left = [...acc.findings.values()].filter((f) => f.fixKind === 'none' && f.heldBecause?.code === 'endpoint-unseen');
  if (!left.length) return;
  const leftFiles = new Set(left.map((g) => g.file));
  for (const f of paths) {
    if (!leftFiles.has(f.file)) continue;
    const unit = unitHolding(acc, f);
    if (!unit) continue;
    const at = f.start - unit.offset;
    // the innermost object with the path as one property's value and the left body in another's
    for (const obj of treeIndex(unit.sf).objects) {
      // (the property's value is the path as written: a string, a template or a `+` of pieces)
      const own = obj.properties.find((p) => ts.isPropertyAssignment(p) && p.initializer.getStart(unit.sf) <= at && at < p.initializer.getEnd() && isPathText(p.initializer));
      if (!own) continue;
      const inside = left.filter((g) => g.file === f.file && obj.properties.some((p) => p !== own && g.start - unit.offset >= p.getStart(unit.sf) && g.end - unit.offset <= p.getEnd()));
      if (!inside.length) continue;
      const g = inside[0];
      acc.hold(f, 'body-holds', `the object that gives this path also gives the body sent with it, which \`--fix\` leaves (\`${g.oldText ?? g.ruleId}\`, ${g.ruleId}, line ${g.line}): migrate the request as a whole by hand`);
      break;
    }
  }
}

/** What a path moving only with `--unsafe` goes with, as its body's messages say it (by AssumeCode). */
const ASSUMED_WITH: Record<string, string> = {
  'versioned-base': ', with the versioned base it is sent through',
  'path-type': ', with the literal type it is checked against',
  'path-key': ', with the key of the `paths` type it is checked against and the requests sent there',
};

const isPathText = (e: ts.Expression): boolean => {
  const v = unwrap(e);
  return ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v) || ts.isTemplateExpression(v) || (ts.isBinaryExpression(v) && v.operatorToken.kind === ts.SyntaxKind.PlusToken);
};

/**
 * A request checked against a generated schema (openapi-fetch's `client.POST('/2023-01/labels', …)`
 * with `createClient<paths>`): its path is a key of a type in a generated file the request's module imports
 * (or a module it imports does, three steps at most). That file is never edited, so the path stays,
 * and its body with it (holdRequests), until the schema is regenerated for 2024-09.
 */
export function holdTypedByGenerated(acc: AnalysisState): void {
  const generated = new Map<string, Finding[]>();
  for (const f of acc.findings.values())
    if (f.heldBecause?.code === 'generated' && f.changeKind === 'endpoint-moved' && f.oldText && isPathKey(acc, f)) generated.set(f.oldText, [...(generated.get(f.oldText) ?? []), f]);
  if (!generated.size) return;
  for (const f of acc.findings.values()) {
    if (f.fixKind === 'none' || f.changeKind !== 'endpoint-moved' || !f.oldText) continue;
    const schema = generated.get(f.oldText);
    const file = schema && importReaches(acc, f.file, new Set(schema.map((g) => g.file)));
    const at = file && schema!.find((g) => g.file === file)!;
    if (at) acc.hold(f, 'path-stays', `the request is checked against a generated file that gives this path (${acc.placeOf(at.file, at.line, f.file)}), which \`--fix\` never edits: regenerate it for 2024-09, then move the request with it`);
  }
}

/**
 * A request whose body keeps something `--fix` leaves for a person (a nested pickup object with
 * another value, a computed key, a body already half in 2024-09 form) is left whole: moving its
 * path, or renaming the rest of its body, would send one version's body to the other's endpoint,
 * and nothing would be reported after the fix. Its path and body stay reported, fixed by none.
 */
export function holdRequests(acc: AnalysisState): void {
  // the path of the request whose hold took each finding's fix away: a message about another
  // request that shares the finding names that request
  const heldWith = new Map<Finding, Finding | undefined>();
  // paths held because the body of one request sent to them holds it: what in that body holds it
  const bodyHolds = new Map<Finding, Finding[]>();
  // paths held because a request sent to them has a body the check cannot see: where that request is
  const unseenAt = new Map<Finding, { file: string; line: number }>();
  // paths that move only with `--unsafe` because their body does (not for want of a 2024-09 form): what in the body
  const waitsFor = new Map<Finding, Finding>();
  // findings shared with a request whose path moves only on an assumption: that request's path
  const sharedWith = new Map<Finding, Finding>();
  /** `; held with the request to … (place)` for a finding shared with such a request, worded for the file `from` */
  const heldWithShared = (f: Finding, from: string): string => {
    const other = sharedWith.get(f);
    return other ? `; held with the request to \`${other.oldText}\` (${acc.placeOf(other.file, other.line, from)}), whose path has no 2024-09 form in the spec` : '';
  };
  // each request's body findings, gathered once (the loop below goes over every request until
  // nothing changes; it holds findings, it adds or removes none)
  const index = findingIndex(acc);
  const bodies = new Map<SentRequest, Finding[]>();
  const bodyOf = (r: SentRequest): Finding[] => {
    let b = bodies.get(r);
    if (!b) bodies.set(r, (b = bodyFindings(acc, r, index)));
    return b;
  };
  // how many requests' bodies hold each finding (a shared builder's keys are in several), counted when first asked
  let sharing: Map<Finding, number> | undefined;
  const requestsHolding = (f: Finding): number => {
    if (!sharing) {
      sharing = new Map();
      for (const q of acc.requests) for (const g of bodyOf(q)) sharing.set(g, (sharing.get(g) ?? 0) + 1);
    }
    return sharing.get(f) ?? 0;
  };
  // until nothing changes: a path held for one request holds the body of every request sent to it
  for (let changed = true; changed; ) {
    changed = false;
    // `why` is worded for the file of the finding it is told on (a place in that file is `line N`)
    const hold = (f: Finding | undefined, code: HoldCode, why: string | ((from: string) => string), by: Finding | undefined) => {
      if (!f || f.fixKind === 'none') return;
      acc.hold(f, code, typeof why === 'string' ? why : why(f.file));
      heldWith.set(f, by);
      changed = true;
    };
    for (const r of acc.requests) {
      const path = r.pathKey ? acc.findings.get(r.pathKey) : undefined;
      // an old path with no finding of its own to move it (built from pieces `--fix` cannot rewrite
      // together, as a relative path held in a constant and sent through a versioned base): the
      // body stays in the old version with it
      if (!path && r.oldPath) {
        const why = `the path it is sent to, \`${r.oldPath}\`, is old and \`--fix\` cannot rewrite it where it is built: move the path and this body together by hand`;
        for (const f of bodyOf(r)) hold(f, 'path-stays', why, undefined);
        continue;
      }
      // a body that cannot be seen (a parameter no caller fills): it may be in either version, so
      // its path stays with it
      if (path && r.unseen) {
        hold(path, 'body-unseen', r.unseen, path);
        if (r.sentAt && !unseenAt.has(path)) unseenAt.set(path, r.sentAt);
      }
      // a path left for a person (no 2024-09 form, a full URL without baseUrl, a path built with
      // a constant defined elsewhere): its body stays in the old version with it
      if (path && path.fixKind === 'none' && path.changeKind === 'endpoint-moved') {
        const g = acc.memberGroups.get(r.pathKey!);
        // held for another request sent to it, whose body holds it: what holds that one is named
        const other = bodyHolds.get(path);
        const why = (from: string) => {
          const named = `the path it is sent to, \`${path.oldText}\` (${acc.placeOf(path.file, path.line, from)}),`;
          if (g?.family) return `${named} stays as it is (${path.ruleId}), with the base URL \`${g.label}\` it is sent through, which carries the v1 prefix \`/${g.family}\` and is left for a person: once they move, \`--fix\` renames this too`;
          if (g) return `${named} stays as it is (${path.ruleId}), with the versioned base URL \`${g.label}\` it is sent through, which is held back: once they move, \`--fix\` renames this too`;
          const unseenBy = unseenAt.get(path);
          if (unseenBy) return `${named} stays as it is: another request sent to it (${acc.placeOf(unseenBy.file, unseenBy.line, from)}) sends a body the check cannot see (it may be in either version); once that request moves, \`--fix\` renames this too`;
          if (other) return `${named} stays as it is: another request sent to it is held, its body holding what \`--fix\` leaves ${heldList(acc, other, from, heldWith, path)}; once they move, \`--fix\` renames this too`;
          return `${named} stays as it is (${path.ruleId}): once that path moves, \`--fix\` renames this too`;
        };
        for (const f of bodyOf(r)) hold(f, 'path-stays', why, path);
        continue;
      }
      // the body's findings: those made for this request, and those of objects it shares with
      // another request (a constant, a builder), made when that request met them first
      const inBody = bodyOf(r);
      const left = inBody.filter((f) => f.fixKind === 'none' && (HOLDING_RULES.has(f.ruleId) || acc.holdsRequest.has(f) || f.heldBecause?.code === 'generated' || f.heldBecause?.code === 'endpoint-unseen'));
      if (left.length) {
        const generated = [...new Set(left.filter((f) => f.heldBecause?.code === 'generated').map((f) => acc.shownFile(f.file)))];
        const why = (from: string) =>
          generated.length
            ? `the body sent with it is built in generated code (${generated.join(', ')}), which \`--fix\` never edits: regenerate it for 2024-09, then move the request with it`
            : `the body sent with it holds what \`--fix\` leaves ${heldList(acc, left, from, heldWith, path)}: migrate the request as a whole by hand`;
        if (path && path.fixKind !== 'none' && !generated.length) bodyHolds.set(path, left);
        for (const f of [path, ...inBody]) hold(f, 'body-holds', why, path);
        continue;
      }
      // a path that moves only on an assumption (`--fix --unsafe`): its body moves with it, on the same assumption
      if (path && path.fixKind === 'unsafe' && path.changeKind === 'endpoint-moved') {
        const body = waitsFor.get(path);
        // what this request's own objects hold is sent to the path; a piece it shares with another
        // request (a type, a constant, a builder, a key of that request's body the type ties to it) is named by this request
        const own = new Set(findingsIn(acc, r.objects, index).filter((f) => requestsHolding(f) <= 1));
        const why = (f: Finding): string => {
          if (body) return `the path it is sent to, \`${path.oldText}\` (${acc.placeOf(path.file, path.line, f.file)}), and the body sent there, which moves only with \`--unsafe\` (\`${body.oldText}\`, ${body.ruleId}, ${acc.placeOf(body.file, body.line, f.file)}${heldWithShared(body, f.file)})`;
          // (a path the config maps for a method it is not seen to be sent with alone has no form that applies to it)
          const entry = acc.entryNotApplied.get(path);
          // (a mapped path moves on an assumption where its versioned base waits for one the spec does not map: settle-groups.ts)
          const unmapped = path.ruleId === 'unmapped-2023-01-path';
          const form = entry ? `whose 2024-09 form the config's \`paths\` gives only for ${entry.join(' and ')}, which does not apply to it (${path.ruleId})` : unmapped ? `which has no 2024-09 form in the spec (${path.ruleId})` : `which moves only with \`--unsafe\`${ASSUMED_WITH[acc.assumedBy(path) ?? ''] ?? ''} (${path.ruleId})`;
          if (own.has(f)) return `the path it is sent to, \`${path.oldText}\`, ${form}`;
          return `the request to \`${path.oldText}\` (${acc.placeOf(path.file, path.line, f.file)}), which shares it and ${entry || !unmapped ? form : `whose path has no 2024-09 form in the spec (${path.ruleId})`}`;
        };
        for (const f of inBody) {
          if (f.fixKind !== 'safe') continue;
          acc.assume(f, 'request', why(f));
          if (!body && !own.has(f)) sharedWith.set(f, path);
          changed = true;
        }
        continue;
      }
      // a body that moves only with `--unsafe` (shared with a request whose path moves on an
      // assumption): this path waits for it too
      const assumed = inBody.find((f) => f.fixKind === 'unsafe' && f.changeKind !== 'endpoint-moved');
      if (path && path.fixKind === 'safe' && assumed) {
        acc.assume(path, 'request', `the body sent to it, which moves only with \`--unsafe\` (\`${assumed.oldText}\`, ${assumed.ruleId}, ${acc.placeOf(assumed.file, assumed.line, path.file)}${heldWithShared(assumed, path.file)})`);
        waitsFor.set(path, assumed);
        changed = true;
      }
    }
  }
}

/** Rules of plain key renames: in a list of what holds a request, named after what holds it by itself. */
const RENAMES = new Set(['v1-pickup-field', 'courier-naming', 'label-entry-field']);

/**
 * What in a body holds its request, each named with its place (`line N` in the file `from`, else
 * `file:N`): `` (`pickup`, v1-pickup-nested-object, line 4) ``; what was held for another request
 * sharing it names that request's path.
 */
function heldList(acc: AnalysisState, left: Finding[], from: string, heldWith: Map<Finding, Finding | undefined>, own: Finding | undefined): string {
  // what holds by itself first (a finding marked so, or one of a rule other than a plain rename),
  // each construct once
  const rank = (f: Finding) => (acc.holdsRequest.has(f) ? 0 : RENAMES.has(f.ruleId) ? 2 : 1);
  const seen = new Set<string>();
  const shown = [...left]
    .sort((a, b) => rank(a) - rank(b))
    .filter((f) => {
      const k = `${f.file}:${f.line}:${f.oldText}:${f.ruleId}`;
      return !seen.has(k) && !!seen.add(k);
    })
    .slice(0, 3);
  const named = shown.map((f) => `\`${f.oldText}\`, ${f.ruleId}, ${acc.placeOf(f.file, f.line, from)}`);
  const more = seen.size > shown.length ? `; and ${seen.size - shown.length} more` : '';
  // the other requests whose hold holds these: named once each
  const others = [...new Set(shown.map((f) => heldWith.get(f)).filter((p): p is Finding => !!p && p !== own))];
  const with_ = others.map((p) => `; held with the request to \`${p.oldText}\` (${acc.placeOf(p.file, p.line, from)})`).join('');
  return `(${named.join('; ')}${more}${with_})`;
}

/**
 * A request's body findings: those made for it, and those of objects it shares with another
 * request (a constant, a builder), made when that request met them first.
 */
export function bodyFindings(acc: AnalysisState, r: SentRequest, index?: FindingIndex): Finding[] {
  return [...new Set([...r.body, ...findingsIn(acc, r.objects, index)])];
}

/** The findings by file, and the order they were made in: for many questions asked while no finding is added or removed. */
export interface FindingIndex {
  byFile: Map<string, Finding[]>;
  order: Map<Finding, number>;
}

export function findingIndex(acc: AnalysisState): FindingIndex {
  const byFile = new Map<string, Finding[]>();
  const order = new Map<Finding, number>();
  for (const f of acc.findings.values()) {
    order.set(f, order.size);
    const list = byFile.get(f.file);
    if (list) list.push(f);
    else byFile.set(f.file, [f]);
  }
  return { byFile, order };
}

/** The findings written inside these object literals (an event name in a webhook body, made by its own check). */
/** The findings inside the values a test expects (by-keys.ts expectedValue): reported, holding nothing. */
export function expectedFindings(acc: AnalysisState): Set<Finding> {
  return new Set(findingsIn(acc, acc.unsentObjects.filter((o) => acc.expectedValues.has(o.node))));
}

/** The unit (a module, or a component's script part) a finding lies in. */
export function unitHolding(acc: AnalysisState, f: Finding): Unit | undefined {
  return acc.store.get(f.file).find((u) => f.start >= u.offset && f.end <= u.offset + u.sf.text.length);
}

export function findingsIn(acc: AnalysisState, objects: Span[], index?: FindingIndex): Finding[] {
  if (!objects.length) return [];
  const spans = objects.map((t) => ({ file: t.unit.file, start: t.node.getStart(t.unit.sf) + t.unit.offset, end: t.node.getEnd() + t.unit.offset }));
  const out: Finding[] = [];
  const files = [...new Set(spans.map((x) => x.file))];
  // (in the order the findings were made, as when every finding is gone through)
  const among = index ? files.flatMap((file) => index.byFile.get(file) ?? []) : acc.findings.values();
  if (index && files.length > 1) (among as Finding[]).sort((a, b) => index.order.get(a)! - index.order.get(b)!);
  for (const f of among) {
    for (const x of spans)
      if (f.file === x.file && f.start >= x.start && f.end <= x.end) {
        out.push(f);
        break;
      }
  }
  return out;
}

/**
 * An object sent to another vendor's endpoint, which takes its keys as they are, and as the
 * service's old body: renaming them would break the other request, leaving them the old one.
 * Its old keys are reported, fixed by none (so the old request is left whole: holdRequests).
 */
export function settleMixed(acc: AnalysisState): void {
  const why = "this object is also sent to another vendor's endpoint, which takes its keys as they are: give each request its own object";
  for (const m of acc.mixed) {
    const inside = findingsIn(acc, [m]).filter((f) => f.changeKind !== 'check');
    if (inside.length) {
      for (const f of inside) if (f.fixKind !== 'none') acc.hold(f, 'shared-with-another-vendor', why);
      continue;
    }
    // the other vendor's request came first: the old keys were never reported
    const renames = renamesIn(m.ctx);
    for (const p of m.node.properties) {
      const name = p.name && propName(p.name);
      const change = name !== undefined ? renames.get(name) : undefined;
      if (!p.name || !change) continue;
      const f = acc.add(change.rule.id, m.unit, p.name.getStart(m.unit.sf), p.name.getEnd(), says(`\`${name}\` in ${contextLabel(m.ctx)} is \`${change.to}\` in 2024-09; `, note('none', why)), { context: m.info });
      if (f) m.body?.push(f);
    }
  }
}

/**
 * A body object whose variable is also read by a key `--fix` renames (`return rec.courier_id`):
 * renamed, the read would find nothing. The object is left, and with it its request (holdRequests),
 * unless the read is renamed too (a typed request's uses, renamed with its type).
 */
export function settleReads(acc: AnalysisState): void {
  if (!acc.readBy.length) return;
  const edited = new Set<string>();
  for (const f of acc.findings.values()) if (f.edits?.length) edited.add(`${f.file}:${f.start}`);
  const at = (unit: Unit, n: ts.Node) => `${unit.file}:${n.getStart(unit.sf) + unit.offset}`;
  /** Is this use within an argument a request takes its body from (`axios({ url, data })`: the config's `data`)? */
  const sent = (h: { unit: Unit; from: ts.Node }) => acc.sentArgs.some((a) => a.unit.sf === h.unit.sf && a.node.pos <= h.from.pos && h.from.end <= a.node.end);
  for (const r of acc.readBy) {
    // the keys of the object `--fix` changes: where a finding with an edit starts at the key's name
    const changed = new Set<string>();
    for (const p of r.node.properties) {
      const k = p.name ? propName(p.name) : undefined;
      if (k !== undefined && edited.has(at(r.unit, p.name!))) changed.add(k);
    }
    for (const w of r.writes) if (edited.has(at(w.unit, w.nameNode))) changed.add(w.key);
    const stale = r.reads.filter((x) => changed.has(x.key) && !edited.has(at(x.unit, x.nameNode)));
    // handed to a call that is no request's body (`db.insert('archive', rows.map(toEntry))`): that
    // call takes its keys as they are, and would get the new ones
    const elsewhere = changed.size ? r.handed.filter((h) => !sent(h)) : [];
    if (!stale.length && !elsewhere.length) continue;
    const shown = [...new Set(stale.map((x) => `\`${x.shown}\`${x.where ? ` ${x.where}` : ''}${x.unit.file !== r.unit.file ? ` in ${acc.shownFile(x.unit.file)}` : ''}`))].join(', ');
    const calls = [...new Set(elsewhere.map((h) => `\`${h.call.expression.getText(h.unit.sf).replace(/\s+/g, '')}(…)\` (${acc.placeOf(h.unit.file, lineOf(h.unit, h.call), r.unit.file)})`))].join(', ');
    const why = stale.length
      ? `this object is also read by its old keys (${shown}): renamed, those reads would find nothing; rename them with it by hand, or give the request its own object`
      : `this object is also handed to ${calls}, which is no request the check follows and takes its keys as they are: renamed, it would get the new ones; give the request its own object, or move both by hand`;
    for (const f of findingsIn(acc, [r, ...r.writes.map((w) => ({ unit: w.unit, node: w.assignment }))])) if (f.fixKind !== 'none' && f.changeKind !== 'check') acc.hold(f, 'read-by-old-keys', why);
  }
}
