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

type Site = PathType['sites'][number];


/** Find, for each literal path type, the code checked against it (PathType.sites). */
export function tiePathTypes(acc: AnalysisState): void {
  if (!acc.pathTypes.length) return;
  const { program, unitOf } = buildProgram(acc.store, unitsImporting(acc.store, acc.pathTypes.map((t) => t.unit)));
  const checker = program.getTypeChecker();
  const typed: { t: PathType; parts: ts.Type[] }[] = [];
  for (const t of acc.pathTypes) {
    if (!unitOf.has(t.unit.sf)) continue;
    const type = attempt(() => checker.getTypeFromTypeNode(t.node));
    if (type) typed.push({ t, parts: parts(type) });
    keySites(checker, unitOf, t);
  }
  if (!typed.length) return;
  // where old paths are written as values: their findings, and the paths sent through a versioned base
  const typeKeys = new Set(acc.pathTypes.map((t) => t.key));
  const valueAt = new Map<string, number[]>();
  const at = (file: string, offset: number) => valueAt.set(file, [...(valueAt.get(file) ?? []), offset]);
  for (const [key, f] of acc.findings) if (f.changeKind === 'endpoint-moved' && !typeKeys.has(key)) at(f.file, f.start);
  for (const g of acc.baseGroups.values()) for (const x of g.members) at(x.unit.file, x.start + x.unit.offset);
  const units = [...new Set(unitOf.values())];
  for (const unit of units) {
    const offsets = valueAt.get(unit.file);
    if (!offsets) continue;
    for (const e of treeIndex(unit.sf).strings) {
      if (!isMaximal(e)) continue;
      const site: Site = { file: unit.file, start: e.getStart(unit.sf) + unit.offset, end: e.getEnd() + unit.offset };
      if (!offsets.some((o) => o >= site.start && o < site.end)) continue;
      for (const c of carriers(checker, units, e)) tie(checker, typed, c, site);
    }
  }
}

/**
 * Tie the value written at `site` to each literal path type it is checked against where it is used
 * as `c`: a type the declaration that types that place writes (a parameter of the signature the
 * call resolves to, the member of the type the object is given as, the annotation of the variable,
 * the return type), directly or through the aliases and types it names, and that the value is one
 * of (a union of paths types each value by its own).
 */
function tie(checker: ts.TypeChecker, typed: { t: PathType; parts: ts.Type[] }[], c: ts.Expression, site: Site): void {
  const expected = attempt(() => checker.getContextualType(c));
  if (!expected) return;
  const wanted = new Set(parts(expected));
  const candidates = typed.filter((x) => x.parts.some((p) => wanted.has(p)));
  if (!candidates.length) return;
  const written = typeNodesWritten(checker, declaredAt(checker, c));
  const own = attempt(() => parts(checker.getTypeAtLocation(c)));
  if (!own) return;
  for (const { t, parts: mine } of candidates) {
    if (!written.has(t.node) || !own.some((v) => mine.some((p) => v === p || checker.isTypeAssignableTo(v, p)))) continue;
    if (!t.sites.some((s) => s.file === site.file && s.start === site.start)) t.sites.push(site);
  }
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
