// What the type checker checks a value against, for the literal types written in the project (old
// paths: path-type-ties.ts; old event names: event-types.ts): the type nodes that declare what a
// value must be where it is used, the literal types those nodes write (through the aliases and
// types they name), the places a constant's value is used, and the units worth one checker.

import ts from '../../core/ts.cjs';
import { IMPORT_SPECIFIER } from '../resolve.js';
import { unwrap } from '../syntax.js';
import type { Unit, UnitStore } from '../units.js';

/** A type's members where it is a union, else the type itself. */
export const parts = (t: ts.Type): ts.Type[] => (t.isUnion() ? t.types : [t]);

/** The type nodes that declare what a value used as `c` must be. */
export function declaredAt(checker: ts.TypeChecker, c: ts.Expression): ts.TypeNode[] {
  const p = c.parent;
  if (!p) return [];
  if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.arguments?.includes(c)) {
    const decl = attempt(() => checker.getResolvedSignature(p))?.declaration;
    if (!decl || ts.isJSDocSignature(decl)) return [];
    const params = decl.parameters;
    const param = params[Math.min(p.arguments.indexOf(c), params.length - 1)];
    if (!param?.type) return [];
    return [param.type, ...givenTypeArguments(p, decl, param.type)];
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
 * The type arguments a call writes (`on<'…'>(…)`) for the type parameters a parameter's type names:
 * the argument given there is checked against them, as against the parameter's type.
 */
function givenTypeArguments(call: ts.CallExpression | ts.NewExpression, decl: ts.SignatureDeclaration, type: ts.TypeNode): ts.TypeNode[] {
  const args = call.typeArguments;
  const params = decl.typeParameters;
  if (!args?.length || !params?.length) return [];
  const named = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName)) named.add(n.typeName.text);
    ts.forEachChild(n, visit);
  };
  visit(type);
  return params.flatMap((tp, i) => (named.has(tp.name.text) && args[i] ? [args[i]] : []));
}

/**
 * The literal types written in these type nodes and in the types they name (aliases, interfaces,
 * type parameters' constraints), a few steps deep, and the strings a constant named by `typeof`
 * holds (`(typeof EVENTS)[number]`, `(typeof ShipEvents)[keyof typeof ShipEvents]`).
 */
export function typeNodesWritten(checker: ts.TypeChecker, roots: ts.TypeNode[]): Set<ts.Node> {
  const out = new Set<ts.Node>();
  const seen = new Set<ts.Node>();
  const visit = (n: ts.Node, depth: number): void => {
    if (seen.has(n) || depth > 6) return;
    seen.add(n);
    if (ts.isLiteralTypeNode(n) || ts.isTemplateLiteralTypeNode(n)) out.add(n);
    // `keyof typeof X`, X an object literal held in a constant: its keys are the names
    if (ts.isTypeOperatorNode(n) && n.operator === ts.SyntaxKind.KeyOfKeyword && ts.isTypeQueryNode(n.type)) {
      let sym = attempt(() => checker.getSymbolAtLocation((n.type as ts.TypeQueryNode).exprName));
      if (sym && sym.flags & ts.SymbolFlags.Alias) sym = attempt(() => checker.getAliasedSymbol(sym!));
      for (const d of sym?.declarations ?? []) {
        const obj = ts.isVariableDeclaration(d) && d.initializer ? unwrap(d.initializer) : undefined;
        if (obj && ts.isObjectLiteralExpression(obj)) for (const p of obj.properties) if (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) out.add(p.name);
      }
      return;
    }
    if (ts.isTypeReferenceNode(n) || ts.isExpressionWithTypeArguments(n) || ts.isTypeQueryNode(n)) {
      const name = ts.isTypeReferenceNode(n) ? n.typeName : ts.isTypeQueryNode(n) ? n.exprName : n.expression;
      let sym = attempt(() => checker.getSymbolAtLocation(name));
      if (sym && sym.flags & ts.SymbolFlags.Alias) sym = attempt(() => checker.getAliasedSymbol(sym!));
      for (const d of sym?.declarations ?? []) {
        if (ts.isTypeAliasDeclaration(d) || ts.isInterfaceDeclaration(d) || ts.isTypeParameterDeclaration(d) || ts.isTypeLiteralNode(d)) visit(d, depth + 1);
        else if (ts.isTypeQueryNode(n) && ts.isVariableDeclaration(d) && d.initializer) strings(d.initializer);
      }
    }
    ts.forEachChild(n, (x) => visit(x, depth));
  };
  // (the values only: not the types written among them)
  const strings = (n: ts.Node): void => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) out.add(n);
    else if (!ts.isTypeNode(n)) ts.forEachChild(n, strings);
  };
  for (const r of roots) visit(r, 0);
  return out;
}

/**
 * Where a value written as `e` is checked: `e` itself (an argument, a property, an annotated
 * variable's initializer, a return), and, for a constant declared without a type (`const p =
 * '/2023-01/webhooks'`, or a property of one marked `as const`), each place it is read.
 */
export function carriers(checker: ts.TypeChecker, units: Unit[], e: ts.Expression): ts.Expression[] {
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
export function reads(checker: ts.TypeChecker, units: Unit[], name: ts.Identifier): ts.Identifier[] {
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

/** The units that declare the given literal types and those that import them, directly or through one other. */
export function unitsImporting(store: UnitStore, declaring: Unit[]): Unit[] {
  const out = new Set<Unit>(declaring);
  let frontier = new Set(declaring.map((u) => u.file));
  for (let step = 0; step < 2 && frontier.size; step++) {
    const next = new Set<string>();
    for (const u of store.all()) {
      if (out.has(u)) continue;
      for (const m of u.sf.text.matchAll(IMPORT_SPECIFIER)) {
        const target = store.resolve(u.file, m[1]);
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

/** A value out of the parentheses and assertions around it, and the types those write (`as T`, `satisfies T`). */
export function asserted(e: ts.Expression): { at: ts.Expression; types: ts.TypeNode[] } {
  const types: ts.TypeNode[] = [];
  let at: ts.Expression = e;
  while (at.parent && (ts.isParenthesizedExpression(at.parent) || ts.isAsExpression(at.parent) || ts.isSatisfiesExpression(at.parent))) {
    if (!ts.isParenthesizedExpression(at.parent)) types.push(at.parent.type);
    at = at.parent;
  }
  return { at, types };
}

/**
 * The type nodes a map type writes its keys with: K of `Record<K, V>` and `{ [P in K]: V }`,
 * through `Partial`, `Readonly`, `Required` and the aliases `alias` gives the declared type of
 * (`type Labels = Record<EventName, string>`).
 */
export function mapKeys(n: ts.TypeNode, alias: (ref: ts.TypeReferenceNode & { typeName: ts.Identifier }) => ts.TypeNode[], depth = 0): ts.TypeNode[] {
  if (depth > 3) return [];
  if (ts.isMappedTypeNode(n)) return n.typeParameter.constraint ? [n.typeParameter.constraint] : [];
  if (ts.isParenthesizedTypeNode(n)) return mapKeys(n.type, alias, depth);
  if (ts.isIntersectionTypeNode(n)) return n.types.flatMap((x) => mapKeys(x, alias, depth));
  if (!ts.isTypeReferenceNode(n) || !ts.isIdentifier(n.typeName)) return [];
  const args = n.typeArguments ?? [];
  if (n.typeName.text === 'Record' && args.length === 2) return [args[0]];
  if (/^(?:Partial|Readonly|Required)$/.test(n.typeName.text) && args.length === 1) return mapKeys(args[0], alias, depth + 1);
  return alias(n as ts.TypeReferenceNode & { typeName: ts.Identifier }).flatMap((t) => mapKeys(t, alias, depth + 1));
}

/** What the checker answers, or nothing where it cannot (a construct it does not take). */
export function attempt<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}
