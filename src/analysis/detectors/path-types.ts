// Old paths written as TypeScript literal types: `function send(path: '/2023-01/webhooks', …)`,
// `type LabelsPath = \`/${Version}/labels\``, `{ path: '/2023-01/labels'; body: … }`. A value checked
// against such a type no longer type-checks once its request moves and the type stays, so each is
// reported with the rule its value would be, and rewritten to the 2024-09 form the value gets;
// which requests it types is found by the type checker (path-type-ties.ts), and settle moves the
// type with them or holds them with it (settle-path-types.ts).

import { findPaths, originOf, type PathMatch, type PathToken } from '../../core/paths.js';
import ts from '../../core/ts.cjs';
import type { FixKind, RequestContext } from '../../types.js';
import type { HolePiece, LitPiece, Piece } from '../evaluate.js';
import { virtualText } from './path-text.js';
import { note, says } from '../findings.js';
import { renderRegion, type UnitEdit } from '../render.js';
import type { AnalysisState, PathType } from '../state.js';
import { treeIndex, type Unit } from '../units.js';
import { codeSpan, quickPathTest, type Virtual } from './path-text.js';
import { describes2023 } from './describes-version.js';
import { getRule } from '../../catalogue/index.js';

const VERSIONS = ['2023-01', '2024-09'];

/** Report the old paths the literal types of a unit name. */
export function scanPathTypes(acc: AnalysisState, unit: Unit): void {
  for (const node of treeIndex(unit.sf).types) {
    // (a literal inside a template type's `${…}` is read with the template)
    if (node.parent && ts.isTemplateLiteralTypeSpan(node.parent)) continue;
    // (the version alone, `type Version = '2023-01'`: a finding only where it types a versioned base)
    if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal) && node.literal.text === '2023-01') {
      acc.versionTypes.push({ key: '', unit, node, shown: codeSpan(node, unit.sf), sites: [] });
      continue;
    }
    const read = typePieces(acc, unit, node);
    if (!read) continue;
    const vt = virtualText(read.pieces);
    if (!quickPathTest(vt.text)) continue;
    for (const m of findPaths(vt.text)) reportPathType(acc, unit, node, m, read.pieces, vt, read.version);
  }
}

/** How a `${…}` of a template type that gives the version is read: the version it stands for, and whether it takes '2024-09'. */
interface VersionHole {
  piece: number;
  /** the alias or type as written (`Version`) */
  label: string;
  takesNew: boolean;
}

/**
 * The pieces of a literal type, as the evaluator gives a value's: literal text with its place, a
 * hole for each `${…}` of a template type. A `${…}` whose type is a union of API versions (`Version`
 * with `type Version = '2023-01' | '2024-09'`) stands for its latest version (the path the type
 * gives once the request moves), and one whose type is a single text that may hold a path stands
 * for that text, both as text written nowhere (`pos` -1).
 */
function typePieces(acc: AnalysisState, unit: Unit, node: ts.LiteralTypeNode | ts.TemplateLiteralTypeNode): { pieces: Piece[]; version?: VersionHole } | undefined {
  const sf = unit.sf;
  const lit = (text: string, raw: string, pos: number, owner: ts.Node, mode: 'template' | 'concat', quote: string): LitPiece => ({ t: 'lit', text, unit, pos, exact: raw === text, node: owner, container: node, mode, quote, via: [] });
  if (ts.isLiteralTypeNode(node)) {
    const l = node.literal;
    if (!ts.isStringLiteral(l) && !ts.isNoSubstitutionTemplateLiteral(l)) return undefined;
    const raw = l.getText(sf);
    return { pieces: [lit(l.text, raw.slice(1, -1), l.getStart(sf) + 1, l, ts.isStringLiteral(l) ? 'concat' : 'template', raw[0])] };
  }
  const pieces: Piece[] = [];
  const head = node.head;
  pieces.push(lit(head.text, head.getText(sf).slice(1, -2), head.getStart(sf) + 1, head, 'template', '`'));
  let version: VersionHole | undefined;
  for (const span of node.templateSpans) {
    const values = literalValues(acc, unit, span.type, 0);
    const prev = pieces[pieces.length - 1];
    const versions = values?.filter((v) => VERSIONS.includes(v));
    if (!version && values && versions!.length === values.length && versions!.length && prev.t === 'lit' && prev.text.endsWith('/')) {
      const takesNew = versions!.includes('2024-09');
      version = { piece: pieces.length, label: span.type.getText(sf), takesNew };
      pieces.push({ ...lit(takesNew ? '2024-09' : '2023-01', '', -1, span.type, 'template', '`'), exact: false });
    } else if (values?.length === 1 && quickPathTest(values[0]))
      // a type that gives one text, written apart (`type Base = 'https://api.example/2023-01'`): read in place, never rewritten here
      pieces.push({ ...lit(values[0], '', -1, span.type, 'template', '`'), exact: false });
    else pieces.push({ t: 'hole', node: span.type as unknown as ts.Expression, unit, container: node, mode: 'template', via: [] } satisfies HolePiece);
    const l = span.literal;
    const raw = l.getText(sf);
    pieces.push(lit(l.text, raw.slice(1, ts.isTemplateTail(l) ? -1 : -2), l.getStart(sf) + 1, l, 'template', '`'));
  }
  return { pieces, version };
}

/** The string values a type written in a template's `${…}` takes: literals, unions of them, aliases of those (followed across imports). */
function literalValues(acc: AnalysisState, unit: Unit, t: ts.TypeNode, depth: number): string[] | undefined {
  if (depth > 4) return undefined;
  if (ts.isParenthesizedTypeNode(t)) return literalValues(acc, unit, t.type, depth + 1);
  if (ts.isLiteralTypeNode(t)) return ts.isStringLiteral(t.literal) || ts.isNoSubstitutionTemplateLiteral(t.literal) ? [t.literal.text] : undefined;
  if (ts.isUnionTypeNode(t)) {
    const out: string[] = [];
    for (const x of t.types) {
      const v = literalValues(acc, unit, x, depth + 1);
      if (!v) return undefined;
      out.push(...v);
    }
    return out;
  }
  if (ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName) && !t.typeArguments) {
    const d = acc.bindings.resolve(unit, t.typeName);
    if (d?.kind === 'type' && ts.isTypeAliasDeclaration(d.node) && !d.node.typeParameters) return literalValues(acc, d.unit, d.node.type, depth + 1);
  }
  return undefined;
}

/** Report one old path a literal type names, with the edit that gives it the 2024-09 form its value gets. */
function reportPathType(acc: AnalysisState, unit: Unit, node: ts.LiteralTypeNode | ts.TemplateLiteralTypeNode, m: PathMatch, pieces: Piece[], vt: Virtual, version?: VersionHole): void {
  const rule = m.rule;
  if (!rule) return; // a 2024-09 path
  if (m.versionOnly || rule.id === 'versioned-base-url') return reportBaseType(acc, unit, node, m, pieces, vt);
  // another vendor's URL: its 2023-01 paths are not the service's
  if (acc.otherHost(m.origin) && m.version !== 'v1') return;
  // where it is written: from the path's first character written here to its last one
  const placed = (i: number) => {
    const p = pieces[vt.owner[i]];
    return p.t === 'lit' && p.pos >= 0 ? p.pos + vt.offset[i] : undefined;
  };
  let from = m.start;
  while (from < m.end && placed(from) === undefined) from++;
  let to = m.end - 1;
  while (to > from && placed(to) === undefined) to--;
  const start = placed(from);
  const endAt = placed(to);
  if (start === undefined || endAt === undefined) return;
  const ep = rule.endpoint;
  const shownPath = vt.text.slice(m.start, m.end).replace(/[\uE000-\uF8FF]/g, '…');
  const shown = codeSpan(node, unit.sf);
  let fixKind: FixKind = rule.id === 'unmapped-2023-01-path' ? 'unsafe' : rule.fix;
  /** why `--fix` cannot rewrite it, when it cannot */
  let why: string | undefined;
  let edit: UnitEdit | undefined;
  const tokens = m.newPath;
  const onLegacyHost = m.version === '2023-01' && !!acc.hosts.legacy && originOf(m.origin) === acc.hosts.legacy;
  if (!tokens) why = `the spec gives \`${shownPath}\` no 2024-09 form`;
  else if (m.origin !== undefined && (m.version === 'v1' || onLegacyHost)) why = 'it names a full URL whose host moves to the base host with the path';
  else if (version && vt.owner[m.versionStart] === version.piece) {
    // the version comes from the `${…}`: the rest of the path is rebuilt after it, as a versioned base's paths are
    const [first, ...rest] = tokens;
    if (!version.takesNew) why = `its version comes from \`${version.label}\`, which does not take '2024-09'`;
    else if (typeof first === 'string' && first.startsWith('/2024-09')) {
      const rel = first.slice('/2024-09'.length);
      edit = renderRegion(pieces, vt, m.versionStart + '2024-09'.length, m.end, rel ? [rel, ...rest] : rest);
    }
  } else edit = renderRegion(pieces, vt, m.start, m.end, tokens as PathToken[]);
  // (a `${…}` read as the one text its type gives, declared apart)
  const apart = pieces.slice(vt.owner[m.start], vt.owner[m.end - 1] + 1).find((p) => p.t === 'lit' && p.pos < 0 && p !== pieces[version?.piece ?? -1]);
  if (!edit && !why) why = apart ? `part of it comes from \`${apart.node.getText(unit.sf)}\`, a type declared apart` : 'it is written in a way `--fix` cannot rebuild in place';
  const manual = why && `${why}: rewrite the type with the requests checked against it, by hand`;
  if (manual) fixKind = 'none';
  const where = ep ? `${ep.method} ${ep.old}` : shownPath;
  const what = m.half
    ? `the half-migrated path \`${shownPath}\` (the 2024-09 version with the resource of the 2023-01 \`${where}\`)`
    : `the ${m.version === 'v1' ? 'legacy v1' : '2023-01'} path \`${shownPath}\`${ep ? ` (${where})` : ''}`;
  const newShown = tokens?.map((t) => (typeof t === 'string' ? t : '…')).join('');
  const context: RequestContext = { kind: m.bodyContext ?? 'path', by: 'type', endpoint: ep ? where : undefined };
  const f = acc.add(rule.id, unit, start, endAt + 1, says(`The type ${shown} names ${what}, which the requests checked against it are sent to; 2024-09 uses \`${ep?.new ?? newShown ?? '?'}\`; `, note(fixKind, manual)), {
    edits: edit && !manual ? [edit] : undefined,
    fixKind,
    context,
    fixDescription: edit ? `rewrite the type to the 2024-09 path` : undefined,
    newText: edit?.text,
  });
  if (f) keepPathType(acc, unit, node, rule.id, start, shown, why);
}

/** A literal type reported (its finding's key), for the checker to tie to the code checked against it and settle to decide with it. */
function keepPathType(acc: AnalysisState, unit: Unit, node: ts.LiteralTypeNode | ts.TemplateLiteralTypeNode, ruleId: string, start: number, shown: string, why: string | undefined): void {
  // (a member of a type whose own `version` is '2023-01' describes that version, unless it types a request: settle)
  const describes = typeof describes2023(acc, node) === 'object';
  acc.pathTypes.push({ key: `${unit.file}:${start + unit.offset}:${ruleId}`, unit, node, shown, why, describes, sites: [] });
}

/**
 * The version alone written as a literal type (`type Version = '2023-01'`), which the type checker
 * shows to type a versioned base (`const VERSION: Version = '2023-01'`, sent as `${BASE}/${VERSION}/labels`):
 * once the base moves, its value no longer type-checks against the type. Reported with the base's
 * rule and rewritten to '2024-09' (`base`: the label of the base it types), or left where `why`
 * says it cannot be (an alias that types more); settle moves it with the base or holds them
 * together (settle-path-types.ts). The type, with its key, joins the path types.
 */
export function reportVersionType(acc: AnalysisState, t: PathType, base: string, why: string | undefined): void {
  // (the version's text, without its quotes, as a base's own finding)
  const l = (t.node as ts.LiteralTypeNode).literal;
  const start = l.getStart(t.unit.sf) + 1;
  const end = l.getEnd() - 1;
  const fixKind: FixKind = why ? 'none' : getRule('versioned-base-url')!.fix;
  const manual = why && `${why}: rewrite the type with the base it types, by hand`;
  const f = acc.add('versioned-base-url', t.unit, start, end, says(`The type ${typeShown(t.node, t.unit.sf)} names the 2023-01 version, which the versioned base URL \`${base}\` it types carries; 2024-09 uses \`'2024-09'\`; `, note(fixKind, manual)), {
    edits: manual ? undefined : [{ unit: t.unit, start, end, text: '2024-09' }],
    fixKind,
    context: { kind: 'path', by: 'type' },
    fixDescription: "rewrite the type to '2024-09'",
    newText: '2024-09',
  });
  if (!f) return;
  acc.pathTypes.push({ ...t, key: `${t.unit.file}:${start + t.unit.offset}:versioned-base-url`, shown: typeShown(t.node, t.unit.sf), why });
}

/** A literal type as a message names it: with the alias it is written in (`'2023-01'` of `Version`). */
function typeShown(node: ts.TypeNode, sf: ts.SourceFile): string {
  const alias = ts.findAncestor(node, ts.isTypeAliasDeclaration);
  return alias ? `${codeSpan(node, sf)} of \`${alias.name.text}\`` : codeSpan(node, sf);
}

/**
 * A versioned base written as a literal type (`type Base = 'https://api.example/2023-01'`, the type
 * of the constant the requests are sent through): once the base moves, its value no longer
 * type-checks against the type. Reported with the base's rule and rewritten to 2024-09; settle
 * moves it with the base it types, or holds them together (settle-path-types.ts).
 */
function reportBaseType(acc: AnalysisState, unit: Unit, node: ts.LiteralTypeNode | ts.TemplateLiteralTypeNode, m: PathMatch, pieces: Piece[], vt: Virtual): void {
  const rule = m.rule;
  if (!rule || m.version !== '2023-01' || acc.otherHost(m.origin)) return;
  const vPiece = pieces[vt.owner[m.versionStart]];
  if (!vPiece || vPiece.t !== 'lit' || vPiece.pos < 0) return;
  // (from the slash before the version, as the base's own finding)
  const from = vt.owner[m.start] === vt.owner[m.versionStart] ? m.start : m.versionStart;
  const start = vPiece.pos + vt.offset[from];
  const end = vPiece.pos + vt.offset[m.versionStart] + '2023-01'.length;
  const edit = renderRegion(pieces, vt, m.versionStart, m.versionStart + '2023-01'.length, ['2024-09']);
  const shown = codeSpan(node, unit.sf);
  const why = edit ? undefined : 'it is written in a way `--fix` cannot rebuild in place';
  const fixKind: FixKind = why ? 'none' : rule.fix;
  const manual = why && `${why}: rewrite the type with the base it types, by hand`;
  const f = acc.add(rule.id, unit, start, end, says(`The type ${shown} names a base URL that carries the 2023-01 version, which the requests checked against it are sent through; 2024-09 uses \`/2024-09\`; `, note(fixKind, manual)), {
    edits: edit && !manual ? [edit] : undefined,
    fixKind,
    context: { kind: 'path', by: 'type' },
    fixDescription: edit ? 'rewrite the type to the 2024-09 base' : undefined,
    newText: edit?.text,
  });
  if (f) keepPathType(acc, unit, node, rule.id, start, shown, why);
}
