// A path helper that adds a versioned base to the path it is given (`endpoint = (p) =>
// \`${BASE}/${API_VERSION}${p}\``): its own template joins the base with a parameter, a path the
// check cannot see there. Each call of it is read with its argument in place (paths.ts), so where
// every use of the helper is such a call, in the files the check reads, the parameter holds no path
// of its own: the base moves with the paths its calls show (or stays for one of theirs).

import ts from '../../core/ts.cjs';
import type { AnalysisState } from '../state.js';
import type { Unit } from '../units.js';
import { identifiers } from './identifiers.js';
import { callersOf, functionName, type FunctionNode } from './callers.js';
import { exportedStatement } from './uses.js';

/**
 * Is this hole, in the text a base group holds back for it, a path helper's parameter whose every
 * use is a call read with its argument? Its callers are all seen when the helper is not exported,
 * or is exported from a module the text test passed and draws every importer of (one naming an old
 * version: AnalysisState.importersRead).
 */
export function helperParameterSeen(acc: AnalysisState, hole: ts.Identifier, holeUnit: Unit, use: ts.Node): boolean {
  const decl = acc.bindings.resolve(holeUnit, hole);
  if (decl?.kind !== 'param') return false;
  const fn = decl.fn as FunctionNode;
  // (the text held back is the helper's own)
  if (!fn.body || !ts.findAncestor(use, (n) => n === fn)) return false;
  const name = functionName(fn);
  if (!name) return false;
  const exported = isExported(decl.unit, fn);
  if (exported && !acc.importersRead(decl.unit)) return false;
  const callers = callersOf(acc, fn);
  if (!callers.length || !callers.every((c) => acc.helperCalls.has(c.call))) return false;
  const calls = new Set(callers.map((c) => c.call));
  // every other mention of its name is its declaration, an import or an export: it is handed nowhere
  for (const u of acc.store.all()) {
    if (!u.sf.text.includes(name)) continue;
    for (const id of identifiers(acc, u, name)) if (!mentionOnly(id, fn) && !calledHere(id, calls)) return false;
  }
  return true;
}

/** Is the function exported, itself or as a member of an exported object (`export const endpoint = …`, `export function endpoint`, `export { endpoint }`)? */
function isExported(unit: Unit, fn: ts.Node): boolean {
  const holder = ts.isFunctionDeclaration(fn) ? fn : ts.findAncestor(fn, ts.isVariableStatement);
  return !!holder && exportedStatement(unit, holder);
}

/** The function's own name where it is declared, or an import or export of it. */
function mentionOnly(id: ts.Identifier, fn: ts.Node): boolean {
  const p = id.parent;
  if ((ts.isFunctionDeclaration(p) || ts.isVariableDeclaration(p)) && p.name === id && (p === fn || (ts.isVariableDeclaration(p) && p.initializer === fn))) return true;
  return ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p);
}

/** Is this mention the callee of one of the calls read with their argument (`endpoint(…)`, `paths.endpoint(…)`)? */
function calledHere(id: ts.Identifier, calls: Set<ts.CallExpression>): boolean {
  const callee = ts.isPropertyAccessExpression(id.parent) && id.parent.name === id ? id.parent : id;
  const call = callee.parent;
  return !!call && ts.isCallExpression(call) && call.expression === callee && calls.has(call);
}
