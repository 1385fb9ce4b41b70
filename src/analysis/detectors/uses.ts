// The uses of a name: the identifiers that refer to a variable or a binding, in its unit or in every
// module parsed, for following what a library hands back (a TanStack mutation's `mutate`, an RTK
// Query trigger) and where a constant is read (a path constant sent through a versioned base).

import ts from '../../core/ts.cjs';
import { renamedKeys } from '../../core/keys.js';
import { type Decl, propName } from '../bindings.js';
import { unwrap } from '../evaluate.js';
import type { AnalysisState } from '../state.js';
import { markupOf, type Unit } from '../units.js';
import { identifiers } from './identifiers.js';

/** A name as a reference to a value (not a declaration's, an import's, a member's, a key's or a type's). */
export function isReference(n: ts.Identifier): boolean {
  const p = n.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === n) return false;
  if ((ts.isPropertyAssignment(p) || ts.isBindingElement(p) || ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isPropertySignature(p)) && (p.name === n || (ts.isBindingElement(p) && p.propertyName === n))) return false;
  if (ts.isVariableDeclaration(p) && p.name === n) return false;
  if (ts.isJsxAttribute(p) || ts.isQualifiedName(p) || ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p) || ts.isTypeQueryNode(p)) return false;
  return true;
}

/** The uses of a variable or a binding, in its unit. */
export function usesOf(acc: AnalysisState, unit: Unit, decl: ts.VariableDeclaration | ts.BindingElement, name: ts.Identifier): ts.Identifier[] {
  return identifiers(acc, unit, name.text).filter((n) => {
    if (n === name || !isReference(n)) return false;
    const d = acc.bindings.resolve(unit, n);
    return !!d && (d.kind === 'var' || d.kind === 'binding') && d.node === decl;
  });
}

/** The function a node is written in. */
export function enclosingFunction(n: ts.Node): ts.SignatureDeclaration | undefined {
  for (let p = n.parent; p; p = p.parent) if (ts.isFunctionLike(p)) return p;
  return undefined;
}

/**
 * Is a declaring statement exported from its module: `export const` / `export function` (in a
 * namespace too), or, at the top level, one of the names it declares named by `export { … }`
 * (under any name) or `export default` further on? A CommonJS export names it as a value, a use
 * like any other.
 */
export function exportedStatement(unit: Unit, statement: ts.VariableStatement | ts.FunctionDeclaration | ts.ClassDeclaration): boolean {
  if (ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return true;
  if (!ts.isSourceFile(statement.parent)) return false;
  const names = new Set<string>();
  const collect = (n: ts.BindingName): void => {
    if (ts.isIdentifier(n)) names.add(n.text);
    else for (const el of n.elements) if (!ts.isOmittedExpression(el)) collect(el.name);
  };
  if (ts.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) collect(d.name);
  else if (statement.name) names.add(statement.name.text);
  return unit.sf.statements.some((st) => {
    if (ts.isExportDeclaration(st)) return !st.moduleSpecifier && !!st.exportClause && ts.isNamedExports(st.exportClause) && st.exportClause.elements.some((el) => names.has((el.propertyName ?? el.name).text));
    if (!ts.isExportAssignment(st)) return false;
    const e = unwrap(st.expression);
    return ts.isIdentifier(e) && names.has(e.text);
  });
}

/** The node whose parent says what becomes of an expression's value (past parentheses, `as`, `!` and `satisfies`). */
export function outermost(e: ts.Node): ts.Node {
  let at = e;
  while (at.parent && (ts.isParenthesizedExpression(at.parent) || ts.isAsExpression(at.parent) || ts.isNonNullExpression(at.parent) || ts.isSatisfiesExpression(at.parent))) at = at.parent;
  return at;
}

/**
 * The uses of a name a module declares, in every module parsed: the references that resolve to its
 * declaration (`accept`), and its reads through a namespace import (`ns.useSchedulePickupMutation`).
 */
export function usesAnywhere(acc: AnalysisState, name: ts.Identifier, accept: (d: Decl) => boolean): { unit: Unit; use: ts.Expression }[] {
  const out: { unit: Unit; use: ts.Expression }[] = [];
  for (const u of acc.store.all()) {
    if (!u.sf.text.includes(name.text)) continue;
    for (const id of identifiers(acc, u, name.text)) {
      if (id === name) continue;
      const p = id.parent;
      if (ts.isPropertyAccessExpression(p) && p.name === id) {
        const ns = unwrap(p.expression);
        const m = ts.isIdentifier(ns) ? acc.bindings.resolve(u, ns) : undefined;
        const d = m?.kind === 'module' ? acc.bindings.exportOf(m.file, name.text) : undefined;
        if (d && accept(d)) out.push({ unit: u, use: p });
        continue;
      }
      if (!isReference(id)) continue;
      const d = acc.bindings.resolve(u, id);
      if (d && accept(d)) out.push({ unit: u, use: id });
    }
  }
  return out;
}

/**
 * The parameter a rest element takes the other keys of (`({ orderId, ...body }) => …` gives the
 * parameter), as a parameter: what its callers pass is the object, those keys aside. Undefined
 * for any other name, and where the pattern takes out a key by an old name (as restOf).
 */
export function restParameter(decl: Decl): Extract<Decl, { kind: 'param' }> | undefined {
  if (decl.kind !== 'binding' || !decl.node.dotDotDotToken) return undefined;
  const pattern = decl.node.parent;
  const param = pattern.parent;
  if (!ts.isObjectBindingPattern(pattern) || !ts.isParameter(param) || param.name !== pattern) return undefined;
  const old = renamedKeys();
  if (pattern.elements.some((el) => el !== decl.node && old.has(el.propertyName ? (propName(el.propertyName) ?? '') : ts.isIdentifier(el.name) ? el.name.text : ''))) return undefined;
  const fn = param.parent;
  return { kind: 'param', unit: decl.unit, node: param, fn, index: fn.parameters.indexOf(param) };
}

/**
 * The components whose markup (outside their script parts) names this identifier where their script
 * binds it to the declaration asked about (`bound`: an import of it, or it): what is done with it
 * there is not read. In file order.
 */
export function markupMentions(acc: AnalysisState, name: string, bound: (d: Decl) => boolean): Unit[] {
  const word = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`);
  const out: Unit[] = [];
  for (const u of acc.store.all()) {
    // (only a component has markup: a module's unit spans its whole file)
    if (u.offset === 0 && u.sf.text.length === u.fileText.length) continue;
    if (!u.fileText.includes(name) || out.some((o) => o.file === u.file)) continue;
    const markup = markupOf(u, acc.store.get(u.file));
    if (!markup || !word.test(markup)) continue;
    if (identifiers(acc, u, name).some((id) => { const d = acc.bindings.resolve(u, id); return !!d && bound(d); })) out.push(u);
  }
  return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}
