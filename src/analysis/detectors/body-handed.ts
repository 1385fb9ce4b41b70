// Where a body object goes besides its request: the calls it is handed to (a variable holding it,
// the builder that makes it, the parameter of the project's own function it is given to), so that
// settleReads can hold a request whose object a call that is no request also takes by its keys.

import ts from '../../core/ts.cjs';
import { TS_FILE } from '../../core/extensions.js';
import type { AnalysisState, Handed } from '../state.js';
import type { Unit } from '../units.js';
import { commonJsExport } from '../bindings.js';
import { calledFunction, type Called } from './callers.js';
import { identifiers } from './identifiers.js';

/**
 * Where the objects a named builder returns (`top`, returned or its arrow's body) are handed to
 * calls: each use of the builder's name, in its module and, for a module-level one, in any other.
 */
export function builderHanded(acc: AnalysisState, unit: Unit, top: ts.Node, handed: Handed[]): { unit: Unit; decl: ts.VariableDeclaration & { name: ts.Identifier } }[] {
  const kept: { unit: Unit; decl: ts.VariableDeclaration & { name: ts.Identifier } }[] = [];
  const p = top.parent;
  const fn = p && ts.isArrowFunction(p) && p.body === top ? p : p && ts.isReturnStatement(p) ? ts.findAncestor(p, ts.isFunctionLike) : undefined;
  if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isFunctionDeclaration(fn))) return kept;
  let holder: ts.Node = fn;
  while (holder.parent && ts.isParenthesizedExpression(holder.parent)) holder = holder.parent;
  const assigned = holder.parent;
  // (a CommonJS module's export, `exports.toEntry = (row) => ({ … })`: named by what it is exported as)
  const exported = assigned && ts.isBinaryExpression(assigned) && assigned.operatorToken.kind === ts.SyntaxKind.EqualsToken && assigned.right === holder && commonJsExport(assigned.left) ? (assigned.left as ts.PropertyAccessExpression) : undefined;
  const named = ts.isFunctionDeclaration(fn) ? fn : assigned && ts.isVariableDeclaration(assigned) && assigned.initializer === holder ? assigned : exported;
  const name = named?.name && ts.isIdentifier(named.name) ? named.name : undefined;
  if (!named || !name) return kept;
  const moduleLevel = !!exported || ts.isSourceFile(ts.isFunctionDeclaration(named) ? named.parent : named.parent.parent.parent);
  const units = moduleLevel ? acc.store.all().filter((u) => u.sf.text.includes(name.text)) : acc.store.get(unit.file);
  for (const u of units)
    for (const id of identifiers(acc, u, name.text)) {
      if (id === name) continue;
      const d = acc.bindings.resolve(u, id);
      if (!((d?.kind === 'func' && d.node === fn) || (d?.kind === 'var' && d.node === named))) continue;
      handed.push(...handedTo(acc, u, id));
      // a call whose result is kept in a variable (`const entry = toEntry(order)`, also awaited)
      let call: ts.Node = id;
      while (call.parent && ts.isParenthesizedExpression(call.parent)) call = call.parent;
      if (!ts.isCallExpression(call.parent) || call.parent.expression !== call) continue;
      const at = carried(call.parent);
      const v = at.parent;
      if (v && ts.isVariableDeclaration(v) && v.initializer === at && ts.isIdentifier(v.name)) kept.push({ unit: u, decl: v as ts.VariableDeclaration & { name: ts.Identifier } });
    }
  return kept;
}

/** A value out of what carries it as it is: parentheses, type assertions, `!`, `await`. */
function carried(n: ts.Node): ts.Node {
  while (n.parent && (ts.isParenthesizedExpression(n.parent) || ts.isAsExpression(n.parent) || ts.isNonNullExpression(n.parent) || ts.isSatisfiesExpression(n.parent) || ts.isAwaitExpression(n.parent))) n = n.parent;
  return n;
}

/** Calls that take an object and keep nothing of it by its keys: logging and a test's assertions. */
const HARMLESS_CALLS = /^(?:console\.\w+|expect(?:\.\w+)?|assert(?:\.\w+)?)$/;
/** Calls whose result carries the objects they are given on (a copy, a list of them, their text). */
const CARRIERS = new Set(['JSON.stringify', 'structuredClone', 'Object.freeze', 'toRaw', 'reactive', 'ref', 'Array.of']);
/** Array methods whose result holds what they are given (`rows.map(toEntry)`: the builder's objects). */
const CARRYING_METHODS = new Set(['map', 'flatMap', 'concat', 'from', 'of']);
/** Array methods that take an object and hand it nowhere else (`list.push(entry)`: the list's entries are followed). */
const KEEPING_METHODS = new Set(['push', 'unshift', 'includes', 'indexOf', 'filter', 'find', 'some', 'every', 'forEach', 'findIndex']);

/**
 * The calls an object (a variable holding it, or its builder, at `start`) is handed to, followed up
 * through the values that carry it (`{ shipments: rows.map(toEntry) }`, `JSON.stringify(…)`, a
 * builder's call), and the schemas the project's own functions it is given to check it with
 * (`schema.parse(input)` in the wrapper `createLabels(input)`); none where it goes
 * nowhere else (a variable, a return, logging, a list's `push`). Whether a call is a request is
 * decided when every request is known (settleReads).
 */
export function handedTo(acc: AnalysisState, u: Unit, start: ts.Node, followed = new Set<ts.Node>()): Handed[] {
  let at: ts.Node = start;
  for (let i = 0; i < 10; i++) {
    at = carried(at);
    const p = at.parent;
    if (!p) return [];
    if (ts.isCallExpression(p) && p.expression === at) at = p;
    else if (ts.isCallExpression(p) && p.arguments.includes(at as ts.Expression)) {
      const callee = p.expression.getText(u.sf).replace(/\s+/g, '');
      const method = ts.isPropertyAccessExpression(p.expression) ? p.expression.name.text : '';
      if (HARMLESS_CALLS.test(callee) || /^expect\(/.test(callee) || KEEPING_METHODS.has(method)) return [];
      if (CARRIERS.has(callee) || CARRYING_METHODS.has(method)) at = p;
      else {
        const fn = calledFunction(acc, u, p.expression);
        const inside = fn ? parameterHanded(acc, fn, p.arguments.indexOf(at as ts.Expression), followed) : [];
        return typedParameter(fn, p.arguments.indexOf(at as ts.Expression), acc) ? inside : [{ unit: u, node: at, from: start, call: p }, ...inside];
      }
    } else if ((ts.isArrowFunction(p) && p.body === at) || ts.isReturnStatement(p)) {
      // returned by a callback of a list's method (`ids.map((id) => toEntry(id))`): the list it makes
      const call = mappingCall(at);
      if (!call) return [];
      at = call;
    } else if (ts.isArrayLiteralExpression(p) || ts.isSpreadElement(p) || ts.isSpreadAssignment(p) || ts.isShorthandPropertyAssignment(p) || (ts.isPropertyAssignment(p) && p.initializer === at) || ts.isObjectLiteralExpression(p)) at = p;
    else return [];
  }
  return [];
}

/** The methods of schema libraries (zod, yup, joi) that check a value against a schema's keys. */
const PARSERS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'validate', 'validateSync', 'validateAsync', 'isValid', 'isValidSync']);

/** A schema checking the object by its keys (`LabelsSchema.parse(input)`): renamed, the object would fail it. */
export const parses = (h: Handed): boolean => ts.isPropertyAccessExpression(h.call.expression) && PARSERS.has(h.call.expression.name.text);

/**
 * Where the project's own function hands what its parameter at `index` is given to a schema that
 * checks it (each use of a plain parameter, three functions deep); its own request is not among
 * them, nor are the other calls it makes (a request's path through its wrapper is followed elsewhere).
 */
function parameterHanded(acc: AnalysisState, fn: Called, index: number, followed: Set<ts.Node>): Handed[] {
  const param = 'parameters' in fn.node ? fn.node.parameters[index] : undefined;
  const body = fn.node.body;
  if (!param || !ts.isIdentifier(param.name) || param.dotDotDotToken || !body || followed.has(fn.node) || followed.size >= 3) return [];
  followed.add(fn.node);
  const out: Handed[] = [];
  for (const id of identifiers(acc, fn.unit, param.name.text)) {
    if (id === param.name || id.pos < body.pos || id.end > body.end) continue;
    const d = acc.bindings.resolve(fn.unit, id);
    if (d?.kind === 'param' && d.node === param) out.push(...handedTo(acc, fn.unit, id, followed).filter(parses));
  }
  return out;
}

/**
 * Is the parameter at `index` of the project's own TypeScript function declared with a type of the
 * project that names its keys (`serviceOf(e: Listed)`, `Partial<Listed>`)? The type checker ties the
 * uses there to the body's type, renamed with it (request-types.ts). A library's type (axios'
 * `AxiosRequestConfig`) or `Record` ties nothing.
 */
function typedParameter(fn: Called | undefined, index: number, acc: AnalysisState): boolean {
  const param = fn && 'parameters' in fn.node ? fn.node.parameters[index] : undefined;
  if (!param) return false;
  if (param.type) return TS_FILE.test(fn!.unit.file) && projectType(acc, fn!.unit, param.type);
  // a script's JSDoc (`@param {LegacyPickup} p`, with `@typedef {Object} LegacyPickup`): checked as TypeScript's types are
  const doc = ts.getJSDocType(param);
  return !!doc && projectType(acc, fn!.unit, doc);
}

function projectType(acc: AnalysisState, unit: Unit, type: ts.TypeNode): boolean {
  if (ts.isTypeLiteralNode(type) || ts.isJSDocTypeLiteral(type)) return true;
  if (!ts.isTypeReferenceNode(type)) return false;
  let left: ts.EntityName = type.typeName;
  while (ts.isQualifiedName(left)) left = left.left;
  const d = acc.bindings.resolve(unit, left);
  if (d) return d.kind !== 'expr';
  // (a type the script's own JSDoc declares)
  if (ts.isIdentifier(type.typeName) && new RegExp(`@typedef\\s*(?:\\{[^}]*\\}\\s*)?${type.typeName.text.replace(/\$/g, '\\$')}(?![\\w$])`).test(unit.sf.text)) return true;
  // a global helper (`Partial<Listed>`, `Readonly<…>`) of a type that is one
  return !!type.typeArguments?.some((t) => projectType(acc, unit, t));
}

/** The `.map(cb)` call (or `Array.from(list, cb)`) whose callback returns this expression (its body, or a `return` of it). */
export function mappingCall(e: ts.Node): ts.CallExpression | undefined {
  const p = e.parent;
  let fn: ts.Node | undefined = p && ts.isArrowFunction(p) && p.body === e ? p : p && ts.isReturnStatement(p) ? ts.findAncestor(p, ts.isFunctionLike) : undefined;
  if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return undefined;
  while (fn.parent && ts.isParenthesizedExpression(fn.parent)) fn = fn.parent;
  const call = fn.parent;
  if (!call || !ts.isCallExpression(call)) return undefined;
  const c = call.expression;
  const name = ts.isPropertyAccessExpression(c) ? c.name.text : '';
  return (name === 'map' && call.arguments[0] === fn) || (name === 'from' && call.arguments[1] === fn) ? call : undefined;
}
