// Which code each old path written as a literal type (path-types.ts) types: the values the type
// checker checks against it (an argument of an overload whose parameter is the literal type, a
// discriminated union's `path`, a variable annotated with a template literal type, a constant
// passed where the type is expected) and the keys it names (`Endpoints['/2023-01/labels']`).
// One checker, built only when such a type was found, over the units that declare one and the
// units that import them (two steps).

import ts from '../../core/ts.cjs';
import { IMPORT_SPECIFIER } from '../resolve.js';
import type { AnalysisState, PathType } from '../state.js';
import { treeIndex, type Unit } from '../units.js';
import { isMaximal } from './path-text.js';
import { buildProgram } from './request-types-program.js';

type Site = PathType['sites'][number];

const parts = (t: ts.Type): ts.Type[] => (t.isUnion() ? t.types : [t]);

/** Find, for each literal path type, the code checked against it (PathType.sites). */
export function tiePathTypes(acc: AnalysisState): void {
  if (!acc.pathTypes.length) return;
  const { program, unitOf } = buildProgram(acc.store, unitsToCheck(acc));
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

/** The type nodes that declare what a value used as `c` must be. */
function declaredAt(checker: ts.TypeChecker, c: ts.Expression): ts.TypeNode[] {
  const p = c.parent;
  if (!p) return [];
  if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.arguments?.includes(c)) {
    const decl = attempt(() => checker.getResolvedSignature(p))?.declaration;
    if (!decl || ts.isJSDocSignature(decl)) return [];
    const params = decl.parameters;
    const param = params[Math.min(p.arguments.indexOf(c), params.length - 1)];
    return param?.type ? [param.type] : [];
  }
  if ((ts.isPropertyAssignment(p) && p.initializer === c) || (ts.isShorthandPropertyAssignment(p) && p.name === c)) {
    const name = ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) ? p.name.text : undefined;
    const of = name !== undefined ? attempt(() => checker.getContextualType(p.parent)) : undefined;
    if (!of) return [];
    const out: ts.TypeNode[] = [];
    for (const t of parts(of))
      for (const d of t.getProperty(name!)?.declarations ?? []) if ((ts.isPropertySignature(d) || ts.isPropertyDeclaration(d)) && d.type) out.push(d.type);
    return out;
  }
  if ((ts.isVariableDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isParameter(p)) && p.initializer === c) return p.type ? [p.type] : [];
  const fn = ts.isReturnStatement(p) ? ts.findAncestor(p, ts.isFunctionLike) : ts.isArrowFunction(p) && p.body === c ? p : undefined;
  return fn?.type ? [fn.type] : [];
}

/**
 * The literal types written in these type nodes and in the types they name (aliases, interfaces,
 * type parameters' constraints), a few steps deep.
 */
function typeNodesWritten(checker: ts.TypeChecker, roots: ts.TypeNode[]): Set<ts.Node> {
  const out = new Set<ts.Node>();
  const seen = new Set<ts.Node>();
  const visit = (n: ts.Node, depth: number): void => {
    if (seen.has(n) || depth > 6) return;
    seen.add(n);
    if (ts.isLiteralTypeNode(n) || ts.isTemplateLiteralTypeNode(n)) out.add(n);
    if (ts.isTypeReferenceNode(n) || ts.isExpressionWithTypeArguments(n) || ts.isTypeQueryNode(n)) {
      const name = ts.isTypeReferenceNode(n) ? n.typeName : ts.isTypeQueryNode(n) ? n.exprName : n.expression;
      let sym = attempt(() => checker.getSymbolAtLocation(name));
      if (sym && sym.flags & ts.SymbolFlags.Alias) sym = attempt(() => checker.getAliasedSymbol(sym!));
      for (const d of sym?.declarations ?? []) if (ts.isTypeAliasDeclaration(d) || ts.isInterfaceDeclaration(d) || ts.isTypeParameterDeclaration(d) || ts.isTypeLiteralNode(d)) visit(d, depth + 1);
    }
    ts.forEachChild(n, (x) => visit(x, depth));
  };
  for (const r of roots) visit(r, 0);
  return out;
}

/**
 * Where a value written as `e` is checked: `e` itself (an argument, a property, an annotated
 * variable's initializer, a return), and, for a constant declared without a type (`const p =
 * '/2023-01/webhooks'`, or a property of one marked `as const`), each place it is read.
 */
function carriers(checker: ts.TypeChecker, units: Unit[], e: ts.Expression): ts.Expression[] {
  const up = (n: ts.Node): ts.Node => {
    while (n.parent && (ts.isParenthesizedExpression(n.parent) || ts.isAsExpression(n.parent) || ts.isSatisfiesExpression(n.parent) || ts.isNonNullExpression(n.parent) || ts.isTypeAssertionExpression(n.parent))) n = n.parent;
    return n;
  };
  const at = up(e) as ts.Expression;
  const out: ts.Expression[] = [at];
  const p = at.parent;
  const constant = (d: ts.Node | undefined): d is ts.VariableDeclaration & { name: ts.Identifier } => !!d && ts.isVariableDeclaration(d) && !d.type && ts.isIdentifier(d.name) && !!(d.parent.flags & ts.NodeFlags.Const);
  if (p && constant(p) && p.initializer === at) out.push(...reads(checker, units, p.name));
  else if (p && ts.isPropertyAssignment(p) && p.initializer === at && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) {
    const holder = up(p.parent).parent;
    const prop = p.name.text;
    if (constant(holder))
      for (const r of reads(checker, units, holder.name)) {
        const access = r.parent;
        if (access && ts.isPropertyAccessExpression(access) && access.expression === r && access.name.text === prop) out.push(access);
        else if (access && ts.isElementAccessExpression(access) && access.expression === r && ts.isStringLiteral(access.argumentExpression) && access.argumentExpression.text === prop) out.push(access);
      }
  }
  return out;
}

/** The places a constant is read, in the checked units (through imports). */
function reads(checker: ts.TypeChecker, units: Unit[], name: ts.Identifier): ts.Identifier[] {
  const symbol = attempt(() => checker.getSymbolAtLocation(name));
  if (!symbol) return [];
  const out: ts.Identifier[] = [];
  for (const u of units) {
    if (!u.sf.text.includes(name.text)) continue;
    const visit = (n: ts.Node): void => {
      if (ts.isIdentifier(n) && n.text === name.text && n !== name && !(n.parent && (ts.isImportSpecifier(n.parent) || ts.isExportSpecifier(n.parent) || ts.isImportClause(n.parent)))) {
        let s = attempt(() => checker.getSymbolAtLocation(n));
        if (s && s.flags & ts.SymbolFlags.Alias) s = attempt(() => checker.getAliasedSymbol(s!));
        if (s === symbol) out.push(n);
      }
      ts.forEachChild(n, visit);
    };
    visit(u.sf);
  }
  return out;
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

/** The units that declare a literal path type and those that import them, directly or through one other. */
function unitsToCheck(acc: AnalysisState): Unit[] {
  const out = new Set<Unit>(acc.pathTypes.map((t) => t.unit));
  let frontier = new Set(acc.pathTypes.map((t) => t.unit.file));
  for (let step = 0; step < 2 && frontier.size; step++) {
    const next = new Set<string>();
    for (const u of acc.store.all()) {
      if (out.has(u)) continue;
      for (const m of u.sf.text.matchAll(IMPORT_SPECIFIER)) {
        const target = acc.store.resolve(u.file, m[1]);
        if (target && frontier.has(target)) {
          out.add(u);
          next.add(u.file);
          break;
        }
      }
    }
    frontier = next;
  }
  return [...out];
}

/** What the checker answers, or nothing where it cannot (a construct it does not take). */
function attempt<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}
