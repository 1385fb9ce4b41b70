// A relative path written in a constant of its own (`const LABELS = '/labels'`, an endpoint map's
// `ROUTES.labels`), or by a helper around its parameter (`account: (id) => `courier_accounts/${id}``),
// and sent through a versioned base: it moves with the base where every read of the constant or
// helper is (in) the path of a request sent through that base, in the files the check reads. Its
// reads are all seen when the constant is not exported, or is exported from a module the text test
// passed and draws every importer of (one naming an old version: AnalysisState.importersRead); a
// read anywhere else (a link, a log line, another base) keeps it as it is, and the base with it.

import ts from '../../core/ts.cjs';
import { unwrap, type Via } from '../evaluate.js';
import type { AnalysisState } from '../state.js';
import { lineCol, type Unit } from '../units.js';
import { exportedStatement, outermost, usesAnywhere } from './uses.js';

/** Where a path constant or helper is declared: the variable or function, and the key of the endpoint map it is a value of (none: the name holds it). */
export interface Declared {
  unit: Unit;
  decl: ts.VariableDeclaration | ts.FunctionDeclaration;
  name: ts.Identifier;
  key?: string;
}

/** The declaration a constant the evaluator read a path through (or a helper writing one) stands for, when it is one this check can follow. */
export function declared(via: Via): Declared | undefined {
  const n = via.name;
  const p = n.parent;
  if (ts.isVariableDeclaration(p) && p.name === n && ts.isIdentifier(n) && p.initializer && unwrap(p.initializer) === unwrap(via.value)) return { unit: via.unit, decl: p, name: n };
  if (ts.isFunctionDeclaration(p) && p.name && p.name === n && (p as ts.Node) === via.value) return { unit: via.unit, decl: p, name: p.name };
  // `const ROUTES = { labels: '/labels', account(id) { … } }` (`as const` too)
  if ((ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p)) && p.name === n && (ts.isIdentifier(n) || ts.isStringLiteral(n))) {
    const obj = outermost(p.parent);
    const v = obj.parent;
    if (ts.isObjectLiteralExpression(p.parent) && v && ts.isVariableDeclaration(v) && v.initializer === obj && ts.isIdentifier(v.name)) return { unit: via.unit, decl: v, name: v.name, key: n.text };
  }
  return undefined;
}

/**
 * The name a path helper is declared under, as `declared` reads it back: its variable's, its key's
 * in an endpoint map (`ROUTES.account`), or its own (a function declaration).
 */
export function helperHolder(fn: ts.SignatureDeclaration): { name: ts.Node; label: string } | undefined {
  if (ts.isFunctionDeclaration(fn) && fn.name) return { name: fn.name, label: fn.name.text };
  let at: ts.Node = fn;
  while (at.parent && ts.isParenthesizedExpression(at.parent)) at = at.parent;
  const p = ts.isMethodDeclaration(fn) ? fn : at.parent;
  if (p && ts.isVariableDeclaration(p) && p.initializer === at && ts.isIdentifier(p.name)) return { name: p.name, label: p.name.text };
  if (p && (ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p)) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) {
    const holder = p.parent?.parent;
    const map = holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? holder.name.text : '…';
    return { name: p.name, label: `${map}.${p.name.text}` };
  }
  return undefined;
}

/** Is the declaration exported from its module (`export const`, `export function`, `export { ROUTES }`, `export default ROUTES`)? */
export function exported(d: Pick<Declared, 'unit' | 'decl'>): boolean {
  const statement = ts.isFunctionDeclaration(d.decl) ? d.decl : d.decl.parent?.parent;
  return !!statement && (ts.isVariableStatement(statement) || ts.isFunctionDeclaration(statement)) && exportedStatement(d.unit, statement);
}

/**
 * Why a path constant cannot move with the base it is sent through, worded for the file of the
 * finding that says it (null: it can): `sends` are the request expressions the group saw it sent
 * through (the URL read at each).
 */
export function constantStays(acc: AnalysisState, via: Via, sends: ts.Node[]): ((from: string) => string) | null {
  const d = declared(via);
  const label = `\`${via.label}\``;
  if (!d) return () => `is written in ${label}, which the check does not follow to every place it is read`;
  if (exported(d) && !acc.importersRead(d.unit)) {
    const home = d.unit.file;
    return (from) => `is written in ${label}, exported from ${from === home ? 'this module' : acc.shownFile(home)}, whose importers the check does not all read`;
  }
  for (const { unit: u, use } of usesAnywhere(acc, d.name, (r) => (r.kind === 'var' || r.kind === 'func') && r.node === d.decl)) {
    const read = d.key === undefined ? use : keyRead(use, d.key);
    // (another key of the endpoint map: no read of this path)
    if (read === null) continue;
    if (!read || !sends.some((s) => contains(s, read))) {
      const line = lineCol(u.fileText, use.getStart(u.sf) + u.offset).line;
      return (from) => `is written in ${label}, which is also read at ${acc.placeOf(u.file, line, from)} for something other than a request through this base`;
    }
  }
  return null;
}

/** A read of an endpoint map (`id`: its name): the read of `key` (`ROUTES.labels`), null for another key's, undefined for a read of the whole map. */
export function keyRead(id: ts.Expression, key: string): ts.Node | null | undefined {
  const p = outermost(id).parent;
  if (ts.isPropertyAccessExpression(p) && p.expression === outermost(id)) return p.name.text === key ? p : null;
  if (ts.isElementAccessExpression(p) && p.expression === outermost(id) && ts.isStringLiteralLike(p.argumentExpression)) return p.argumentExpression.text === key ? p : null;
  return undefined;
}

/** Is `inner` part of what a request reads its URL from (the URL expression, or a wrapper's call)? */
export function contains(send: ts.Node, inner: ts.Node): boolean {
  return send.getSourceFile() === inner.getSourceFile() && inner.pos >= send.pos && inner.end <= send.end;
}
