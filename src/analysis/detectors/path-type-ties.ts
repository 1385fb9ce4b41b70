// Which code each old path written as a literal type (path-types.ts) types: the values the type
// checker checks against it (an argument of an overload whose parameter is the literal type, a
// discriminated union's `path`, a variable annotated with a template literal type, a constant
// passed where the type is expected) and the keys it names (`Endpoints['/2023-01/labels']`).
// One checker, built only when such a type was found, over the units that declare one and the
// units that import them (two steps).

import ts from '../../core/ts.cjs';
import type { AnalysisState, PathType } from '../state.js';
import { treeIndex, type Unit } from '../units.js';
import { isMaximal } from './path-text.js';
import { buildProgram } from './request-types-program.js';
import { attempt, carriers, declaredAt, parts, typeNodesWritten, unitsImporting } from './type-ties.js';
import { reportVersionType } from './path-types.js';
import { comparedLiterals, tieComparedLiterals } from './path-comparisons.js';
import { namedElsewhere, namedIn } from './request-types-version.js';

type Site = PathType['sites'][number];


/**
 * Find, for each literal path type, the code checked against it (PathType.sites); which literal
 * types of the version alone type a versioned base (reported then: path-types.ts reportVersionType);
 * and which old paths compared with a value are compared with one typed by old paths (path-comparisons.ts).
 */
export function tiePathTypes(acc: AnalysisState): void {
  // (the version alone types something worth a checker only where there is a versioned base)
  const versions = acc.baseGroups.size ? acc.versionTypes : [];
  const all = [...acc.pathTypes, ...versions];
  const compared = comparedLiterals(acc);
  if (!all.length && !compared.length) return;
  const { program, unitOf } = buildProgram(acc.store, [...new Set([...unitsImporting(acc.store, all.map((t) => t.unit)), ...compared.map((c) => c.unit)])]);
  const checker = program.getTypeChecker();
  const typed: { t: PathType; parts: ts.Type[] }[] = [];
  // the declared types each version type was reached through (what it may type without holding it)
  const through = new Map<PathType, ts.TypeNode[]>(versions.map((t) => [t, []]));
  for (const t of all) {
    if (!unitOf.has(t.unit.sf)) continue;
    const type = attempt(() => checker.getTypeFromTypeNode(t.node));
    if (type) typed.push({ t, parts: parts(type) });
    keySites(checker, unitOf, t);
  }
  if (!typed.length) return tieComparedLiterals(acc, checker, compared, acc.pathTypes);
  // where old paths are written as values: their findings, and the paths sent through a versioned base
  const typeKeys = new Set(acc.pathTypes.map((t) => t.key));
  const valueAt = new Map<string, number[]>();
  const at = (file: string, offset: number) => valueAt.set(file, [...(valueAt.get(file) ?? []), offset]);
  for (const [key, f] of acc.findings) if (f.changeKind === 'endpoint-moved' && !typeKeys.has(key)) at(f.file, f.start);
  for (const g of acc.baseGroups.values()) for (const x of g.members) at(x.unit.file, x.start + x.unit.offset);
  // (and the version of each versioned base, which a literal type of the base or of the version alone may type)
  for (const g of acc.baseGroups.values()) at(g.unit.file, g.start + g.unit.offset);
  const units = [...new Set(unitOf.values())];
  for (const unit of units) {
    const offsets = valueAt.get(unit.file);
    if (!offsets) continue;
    for (const e of treeIndex(unit.sf).strings) {
      if (!isMaximal(e)) continue;
      const site: Site = { file: unit.file, start: e.getStart(unit.sf) + unit.offset, end: e.getEnd() + unit.offset };
      if (!offsets.some((o) => o >= site.start && o < site.end)) continue;
      for (const c of carriers(checker, units, e)) tie(checker, typed, c, site, through);
      tieAsserted(checker, typed, e, site);
    }
  }
  // a literal path type a conditional type tests (`P extends '/2023-01/labels' ? LabelRequest : never`):
  // nothing is checked against it, but it must keep the text of the type given for P, so it goes
  // with the path types of its text that type values
  for (const t of acc.pathTypes)
    if (!t.sites.length && testedByConditional(t.node)) for (const o of acc.pathTypes) if (o !== t && o.node.getText() === t.node.getText()) t.sites.push(...o.sites);
  for (const t of versions) {
    const base = [...acc.baseGroups.values()].find((g) => t.sites.some((s) => s.file === g.unit.file && g.start + g.unit.offset >= s.start && g.start + g.unit.offset < s.end));
    if (base) reportVersionType(acc, t, base.label, aliasTypesMore(acc, checker, unitOf, t, through.get(t)!));
  }
  tieComparedLiterals(acc, checker, compared, acc.pathTypes);
}

/**
 * Why a literal type of the version alone cannot move with the bases it types: the alias it is
 * written in also types something else (`Settings.apiVersion`), which '2024-09' would not fit.
 */
function aliasTypesMore(acc: AnalysisState, checker: ts.TypeChecker, unitOf: Map<ts.SourceFile, Unit>, t: PathType, roots: ts.TypeNode[]): string | undefined {
  const literal = (t.node as ts.LiteralTypeNode).literal as ts.StringLiteral;
  const typed = roots.map((type) => ({ type }));
  const named = namedIn(literal, typed);
  const elsewhere = named && namedElsewhere(checker, acc.store, unitOf, named, typed);
  return elsewhere && `\`${named!.name.text}\` also types more than the versioned base (${elsewhere}), which '2024-09' would not fit`;
}

/**
 * Tie the value written at `site` to each literal path type it is checked against where it is used
 * as `c`: a type the declaration that types that place writes (a parameter of the signature the
 * call resolves to, the member of the type the object is given as, the annotation of the variable,
 * the return type), directly or through the aliases and types it names, and that the value is one
 * of (a union of paths types each value by its own).
 */
function tie(checker: ts.TypeChecker, typed: { t: PathType; parts: ts.Type[] }[], c: ts.Expression, site: Site, through: Map<PathType, ts.TypeNode[]>): void {
  const expected = attempt(() => checker.getContextualType(c));
  if (!expected) return;
  const wanted = new Set(parts(expected));
  // (a version type where the place also takes '2024-09' holds nothing: the moved value fits there)
  const takesNew = [...wanted].some((p) => p.isStringLiteral() && p.value === '2024-09');
  const candidates = typed.filter((x) => x.parts.some((p) => wanted.has(p)) && !(takesNew && through.has(x.t)));
  if (!candidates.length) return;
  const roots = declaredAt(checker, c);
  const written = typeNodesWritten(checker, roots);
  const own = attempt(() => parts(checker.getTypeAtLocation(c)));
  if (!own) return;
  for (const { t, parts: mine } of candidates) {
    if (!written.has(t.node) || !own.some((v) => mine.some((p) => v === p || checker.isTypeAssignableTo(v, p)))) continue;
    if (!t.sites.some((s) => s.file === site.file && s.start === site.start)) t.sites.push(site);
    through.get(t)?.push(...roots);
  }
}

/**
 * Tie the value written at `site` to the literal path types an assertion around it, or around the
 * object or list it is written in, writes (`'/2023-01/labels' satisfies \`/2023-01/${string}\``,
 * `{ … } as const satisfies Record<string, \`/2023-01/${string}\`>`) where it is one of them: moved
 * alone, it no longer satisfies the type (TS1360, TS2322).
 */
function tieAsserted(checker: ts.TypeChecker, typed: { t: PathType; parts: ts.Type[] }[], e: ts.Expression, site: Site): void {
  const roots: ts.TypeNode[] = [];
  for (let p = e.parent; p && (ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isSatisfiesExpression(p) || ts.isPropertyAssignment(p) || ts.isObjectLiteralExpression(p) || ts.isArrayLiteralExpression(p)); p = p.parent)
    if (ts.isAsExpression(p) || ts.isSatisfiesExpression(p)) roots.push(p.type);
  if (!roots.length) return;
  const written = typeNodesWritten(checker, roots);
  const own = attempt(() => checker.getTypeAtLocation(e));
  if (!own) return;
  for (const { t, parts: mine } of typed)
    if (written.has(t.node) && mine.some((p) => checker.isTypeAssignableTo(own, p)) && !t.sites.some((s) => s.file === site.file && s.start === site.start)) t.sites.push(site);
}

/** Is this literal type (or the union it is written in) what a conditional type tests its type against? */
function testedByConditional(n: ts.TypeNode): boolean {
  let at: ts.Node = n;
  while (at.parent && (ts.isUnionTypeNode(at.parent) || ts.isParenthesizedTypeNode(at.parent))) at = at.parent;
  return !!at.parent && ts.isConditionalTypeNode(at.parent) && at.parent.extendsType === at;
}

/** A literal type that indexes a type by one of its keys (`Endpoints['/2023-01/labels']`): the key it names, where it is declared. */
function keySites(checker: ts.TypeChecker, unitOf: Map<ts.SourceFile, Unit>, t: PathType): void {
  const n = t.node;
  if (!ts.isLiteralTypeNode(n) || !ts.isStringLiteral(n.literal)) return;
  let at: ts.Node = n;
  while (at.parent && (ts.isUnionTypeNode(at.parent) || ts.isParenthesizedTypeNode(at.parent))) at = at.parent;
  const access = at.parent;
  if (!access || !ts.isIndexedAccessTypeNode(access) || access.indexType !== at) return;
  const text = n.literal.text;
  const prop = attempt(() => checker.getTypeFromTypeNode(access.objectType).getProperty(text));
  for (const d of prop?.declarations ?? []) {
    const name = (d as ts.PropertySignature).name;
    const u = unitOf.get(d.getSourceFile());
    if (u && name && ts.isStringLiteral(name)) t.sites.push({ file: u.file, start: name.getStart(u.sf) + u.offset, end: name.getEnd() + u.offset });
  }
}
