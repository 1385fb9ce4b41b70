// An old path written as the key of an OpenAPI-style `paths` type (openapi-typescript's shape,
// written by hand: no generated file's header) with the body its operation takes written under
// it: `interface paths { '/2023-01/webhooks': { post: { requestBody: { content: { 'application/json':
// { version: '2023-01'; … } } } } } }`, which openapi-fetch checks `client.POST('/2023-01/webhooks',
// { body })` against. The key moves to 2024-09 as a path written anywhere does; the body type under
// it is the type of the requests sent there, so it is one request with the key: its old members
// (the webhook's `version`, a label entry's `courier_id`) are renamed with the key by the request
// types' renaming (request-types.ts), or, where one of them stays, hold the key (settle.ts
// holdRequests), as a body holds its path.

import { findPaths } from '../../core/paths.js';
import type { ContextKind } from '../../core/keys.js';
import ts from '../../core/ts.cjs';
import type { Finding } from '../../types.js';
import type { AnalysisState } from '../state.js';
import { IMPORT_SPECIFIER } from '../resolve.js';
import { treeIndex, type Unit } from '../units.js';

/** the operations of a path item that take a request body */
const METHODS = new Set(['post', 'put', 'patch']);

/** Tie the body types written under the old path keys of a unit's `paths` types to those keys. */
export function scanPathKeyBodies(acc: AnalysisState, unit: Unit): void {
  // (a generated schema is regenerated, never edited: settle.ts holdTypedByGenerated)
  if (!unit.sf.text.includes('requestBody') || acc.generatedBy(unit.file)) return;
  for (const n of treeIndex(unit.sf).strings) {
    const item = n.parent;
    if (!ts.isStringLiteral(n) || !item || !ts.isPropertySignature(item) || item.name !== n || !item.type || !ts.isTypeLiteralNode(item.type)) continue;
    let path: { key: string; finding: Finding } | undefined;
    for (const op of item.type.members) {
      const method = memberName(op);
      if (!method || !METHODS.has(method) || !ts.isPropertySignature(op)) continue;
      const body = memberAt(op.type, ['requestBody', 'content', 'application/json']);
      const m = body && findPaths(n.text, { method: method.toUpperCase() }).find((x) => x.rule?.endpoint);
      if (!body || !m?.bodyContext || !(path ??= keyFinding(acc, unit, n))) continue;
      const endpoint = `${m.rule!.endpoint!.method} ${m.rule!.endpoint!.old}`;
      // (the type's findings join this list: the key and the body type are one request)
      const owner: Finding[] = [];
      acc.requests.push({ pathKey: path.key, oldPath: m.path, body: owner, objects: [], sentAt: { file: unit.file, line: path.finding.line } });
      acc.shaped.push({ unit, node: body, ctx: m.bodyContext as ContextKind, info: { kind: m.bodyContext, by: 'endpoint', endpoint }, owner });
    }
  }
}

/** The path finding reported where the key is written (inside its quotes), with its key. */
function keyFinding(acc: AnalysisState, unit: Unit, key: ts.StringLiteral): { key: string; finding: Finding } | undefined {
  const from = key.getStart(unit.sf) + unit.offset;
  const to = key.getEnd() + unit.offset;
  for (const [k, f] of acc.sentPaths) {
    if (f.file !== unit.file) continue;
    const found = acc.findings.get(k);
    if (found && found.start > from && found.start < to) return { key: k, finding: found };
  }
  return undefined;
}

/** The type a chain of members of type literals gives (`requestBody`, `content`, `'application/json'`), through `?`. */
function memberAt(t: ts.TypeNode | undefined, names: string[]): ts.TypeNode | undefined {
  for (const name of names) {
    while (t && ts.isParenthesizedTypeNode(t)) t = t.type;
    if (!t || !ts.isTypeLiteralNode(t)) return undefined;
    const m = t.members.find((x): x is ts.PropertySignature => ts.isPropertySignature(x) && memberName(x) === name);
    t = m?.type;
  }
  return t;
}

const memberName = (m: ts.TypeElement): string | undefined => (m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) ? m.name.text : undefined);

/** Is this path finding written as the key of a type (`'/2023-01/labels': { … }`), as a `paths` type gives them? */
export function isPathKey(acc: AnalysisState, f: Finding): boolean {
  const text = acc.store.text(f.file) ?? '';
  return /["']/.test(text[f.start - 1] ?? '') && /^["']\s*[?]?:/.test(text.slice(f.end, f.end + 4));
}

/** The first of the files `to` that the module `from` imports, or a module it imports does (three steps at most). */
export function importReaches(acc: AnalysisState, from: string, to: Set<string>): string | undefined {
  const seen = new Set([from]);
  let level = [from];
  for (let step = 0; step < 3 && level.length; step++) {
    const next: string[] = [];
    for (const file of level)
      for (const m of (acc.store.text(file) ?? '').matchAll(IMPORT_SPECIFIER)) {
        const target = acc.store.resolve(file, m[1]);
        if (!target || seen.has(target)) continue;
        if (to.has(target)) return target;
        seen.add(target);
        next.push(target);
      }
    level = next;
  }
  return undefined;
}

/**
 * A request checked against a hand-written `paths` type and the key that gives its path there move
 * together or stay together, as a request checked against a generated schema stays with it
 * (settle.ts holdTypedByGenerated): moved alone, either side leaves the request's path no key of
 * the type. A key that stays (the body type under it holds it) holds the requests checked against
 * it; a request that stays holds the key, and through it the other requests sent there. The same
 * for a move taken only with `--unsafe`. True when a fix was taken away or tied to `--unsafe`.
 */
export function holdKeyedRequests(acc: AnalysisState): boolean {
  const keys = new Map<string, Finding[]>();
  const sent: Finding[] = [];
  for (const f of acc.findings.values()) {
    if (f.changeKind !== 'endpoint-moved' || !f.oldText || f.heldBecause?.code === 'generated') continue;
    if (isPathKey(acc, f)) keys.set(f.oldText, [...(keys.get(f.oldText) ?? []), f]);
    else sent.push(f);
  }
  let changed = false;
  for (const f of keys.size ? sent : []) {
    const ks = keys.get(f.oldText!);
    // (in the module that writes the type, or one importing it)
    const file = ks && (ks.some((k) => k.file === f.file) ? f.file : importReaches(acc, f.file, new Set(ks.map((k) => k.file))));
    const key = file && ks!.find((k) => k.file === file);
    if (!key || key.fixKind === f.fixKind) continue;
    const [stays, other] = rank(key.fixKind) < rank(f.fixKind) ? [key, f] : [f, key];
    const why =
      stays === key
        ? `the request is checked against the type that gives this path as a key (${acc.placeOf(key.file, key.line, f.file)}), which stays as it is`
        : `the request at ${acc.placeOf(f.file, f.line, key.file)} is checked against this key of the type, and stays as it is (${f.ruleId})`;
    if (stays.fixKind === 'none') acc.hold(other, 'path-stays', `${why}: once it moves, \`--fix\` moves this with it`);
    else acc.assume(other, 'path-key', stays === key ? `the key of the type it is checked against (${acc.placeOf(key.file, key.line, f.file)})` : `the request at ${acc.placeOf(f.file, f.line, key.file)}, whose path it gives`);
    changed = true;
  }
  return changed;
}

/** How far a fix goes: none, only with `--unsafe`, with `--fix`. */
const rank = (k: Finding['fixKind']): number => (k === 'none' ? 0 : k === 'unsafe' ? 1 : 2);
