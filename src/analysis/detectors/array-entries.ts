// The entries of an array sent as a body's list (a batch label request's `shipments`): written in
// the array, made by `.map(cb)`, pushed into it, passed through `.filter()`/`.slice()`/`.concat()`,
// or given by a builder. Entries the analysis cannot see, or whose keys are set after they are
// built, hold their request: the path cannot move without them.

import ts from '../../core/ts.cjs';
import type { Decl } from '../bindings.js';
import { returnExpressions, unwrap } from '../evaluate.js';
import type { AnalysisState, Target } from '../state.js';
import { type Unit, treeIndex } from '../units.js';
import { forwardedArgs, objects } from './body-objects.js';
import { stateHolder } from './body-reads.js';
import { calledFunction } from './callers.js';
import { quotedCode } from './path-text.js';
import { readAtRunTime } from './runtime-data.js';

/** Array methods whose result holds the entries of the array they are called on (and, for `concat`, of their arguments). */
const PASS_ARRAY = new Set(['filter', 'slice', 'concat', 'reverse', 'sort', 'toSorted', 'toReversed', 'flat']);
/** Array methods that add their arguments as entries. */
const ADDERS = new Set(['push', 'unshift']);

/** Entries of an array: literal elements, `.map(cb)` results, pushed objects, a variable holding any of these. */
export function entries(acc: AnalysisState, unit: Unit, e: ts.Expression, depth = 0): Target[] {
  if (depth > 8) return [];
  e = unwrap(e);
  if (ts.isArrayLiteralExpression(e))
    return [...e.elements, ...memberAdded(acc, unit, e)].flatMap((el) => (ts.isSpreadElement(el) ? entries(acc, unit, el.expression, depth + 1) : objects(acc, unit, el, depth + 1)));
  if (ts.isIdentifier(e)) {
    const decl = acc.bindings.resolve(unit, e);
    const v = decl && acc.ev.valueOf(decl);
    // a wrapper's parameter (`createLabels(entries) { … { shipments: entries } … }`): what its callers pass
    if (!v) return forwardedArgs(acc, unit, e).flatMap((a) => entries(acc, a.unit, a.expr, depth + 1));
    return [...entries(acc, v.unit, v.expr, depth + 1), ...added(acc, decl!).flatMap((a) => (ts.isSpreadElement(a.expr) ? entries(acc, a.unit, a.expr.expression, depth + 1) : objects(acc, a.unit, a.expr, depth + 1)))];
  }
  if (ts.isCallExpression(e)) {
    const c = unwrap(e.expression);
    const name = ts.isPropertyAccessExpression(c) ? c.name.text : '';
    const cb = name === 'map' || name === 'flatMap' ? e.arguments[0] : name === 'from' ? e.arguments[1] : undefined;
    if (cb) {
      // (also a method given by reference: `orders.map(LabelMapper.toEntry)`, `ids.map(this.mapper.toEntry)`)
      const fn = acc.ev.functionOf(unit, cb) ?? (ts.isPropertyAccessExpression(unwrap(cb)) ? calledFunction(acc, unit, cb) : undefined);
      if (fn) return returnExpressions(fn.node).flatMap((r) => (name === 'flatMap' ? entries(acc, fn.unit, r, depth + 1) : objects(acc, fn.unit, r, depth + 1)));
    }
    // `Array.from(list)`, `list.filter(Boolean)`, `a.concat(b)`: the entries they are given
    if (ts.isPropertyAccessExpression(c) && name === 'from' && c.expression.getText(unit.sf) === 'Array' && e.arguments[0]) return entries(acc, unit, e.arguments[0], depth + 1);
    if (ts.isPropertyAccessExpression(c) && PASS_ARRAY.has(name))
      return [c.expression, ...(name === 'concat' ? e.arguments : [])].flatMap((a) => entries(acc, unit, a, depth + 1));
    // a builder: a function, or a method of a class of the project (`this.mapper.toEntries(ids)`, `Mapper.toEntries(ids)`)
    const fn = calledFunction(acc, unit, c);
    if (fn) return returnExpressions(fn.node).flatMap((r) => entries(acc, fn.unit, r, depth + 1));
  }
  return objects(acc, unit, e, depth + 1);
}

/**
 * What is pushed into an array written as a key of an object held in a variable, through that
 * variable or a copy of it (`const body = { shipments: [] }; body.shipments.push(entry)`, also with
 * `const b = structuredClone(TEMPLATE)`), in the module the object is written in.
 */
function memberAdded(acc: AnalysisState, unit: Unit, arr: ts.ArrayLiteralExpression): ts.Expression[] {
  const up = (n: ts.Node): ts.Node => {
    while (n.parent && (ts.isParenthesizedExpression(n.parent) || ts.isAsExpression(n.parent) || ts.isSatisfiesExpression(n.parent))) n = n.parent;
    return n;
  };
  const prop = up(arr).parent;
  if (!prop || !ts.isPropertyAssignment(prop) || !(ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name))) return [];
  const key = prop.name.text;
  // (an object held in a framework's state, `reactive({ shipments: [] })`, is pushed into through
  // the proxy, by the same keys; `ref({ … })`'s through `.value`)
  const state = stateHolder(unit, up(prop.parent));
  const decl = up(state?.call ?? prop.parent).parent;
  if (!decl || !ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name)) return [];
  const calls = treeIndex(unit.sf).calls;
  // the variables holding the object: its own, and those holding a copy of it
  const holders = new Set<ts.Node>([decl]);
  for (const call of calls) {
    const c = unwrap(call.expression);
    const copy = (ts.isIdentifier(c) && c.text === 'structuredClone') || (ts.isPropertyAccessExpression(c) && c.getText(unit.sf) === 'JSON.parse');
    const v = copy ? up(call).parent : undefined;
    const from = call.arguments[0] && unwrap(call.arguments[0]);
    const source = from && ts.isCallExpression(from) && from.arguments[0] ? unwrap(from.arguments[0]) : from;
    if (!v || !ts.isVariableDeclaration(v) || !source || !ts.isIdentifier(source)) continue;
    const d = acc.bindings.resolve(unit, source);
    if (d?.kind === 'var' && d.node === decl) holders.add(v);
  }
  const out: ts.Expression[] = [];
  for (const call of calls) {
    const c = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(c) || !ADDERS.has(c.name.text)) continue;
    const list = unwrap(c.expression);
    let owner = ts.isPropertyAccessExpression(list) && list.name.text === key ? unwrap(list.expression) : undefined;
    if (state?.throughValue) owner = owner && ts.isPropertyAccessExpression(owner) && owner.name.text === 'value' ? unwrap(owner.expression) : undefined;
    if (!owner || !ts.isIdentifier(owner)) continue;
    const d = acc.bindings.resolve(unit, owner);
    if (d?.kind === 'var' && holders.has(d.node)) out.push(...call.arguments);
  }
  return out;
}

/** What is pushed into an array held in a variable (`list.push(entry)`, `list.unshift(…)`), in the module it is declared in. */
function added(acc: AnalysisState, decl: Decl): { unit: Unit; expr: ts.Expression }[] {
  if (decl.kind !== 'var') return [];
  const out: { unit: Unit; expr: ts.Expression }[] = [];
  for (const call of treeIndex(decl.unit.sf).calls) {
    const c = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(c) || !ADDERS.has(c.name.text)) continue;
    const target = unwrap(c.expression);
    if (!ts.isIdentifier(target) || target.text !== decl.name.text) continue;
    const d = acc.bindings.resolve(decl.unit, target);
    if (d?.kind === 'var' && d.node === decl.node) for (const a of call.arguments) out.push({ unit: decl.unit, expr: a });
  }
  return out;
}

/**
 * Why the entries a body's list holds cannot all be seen (undefined: they can): an array the
 * analysis cannot follow (`reduce`, a class's builder), or entries whose keys are set after they
 * are built (`list.forEach((e) => { e.courier_id = id })`, `for (const e of list) e.x = …`).
 */
export function unseenEntries(acc: AnalysisState, unit: Unit, value: ts.Expression, list: Target[]): string | undefined {
  const v = unwrap(value);
  // a parameter (or a list of them) described by its request type (`entries: LabelEntry[]`) moves
  // with that type; one whose callers gave no entries seen here, or that no caller fills and no
  // type describes (`unknown[]`), is unseen
  const param = (e: ts.Expression) => {
    const x = unwrap(ts.isSpreadElement(e) ? e.expression : e);
    const decl = ts.isIdentifier(x) ? acc.bindings.resolve(unit, x) : undefined;
    if (decl?.kind !== 'param') return false;
    const type = decl.node.type?.getText(decl.unit.sf).replace(/\s+/g, '');
    return !!type && !/^(?:unknown|any|object|\{\}|Record<.*>)(?:\[\])?$|^(?:Readonly)?Array<(?:unknown|any|object)>$/.test(type);
  };
  if (!list.length) {
    if (ts.isArrayLiteralExpression(v) && v.elements.every(param)) return undefined;
    if (param(v)) return undefined;
    if (ts.isIdentifier(v) && emptyArray(acc, unit, v)) return undefined;
    const unfilled = ts.isIdentifier(v) && acc.bindings.resolve(unit, v)?.kind === 'param' && !forwardedArgs(acc, unit, v).length;
    const what = unfilled ? 'is a parameter that no caller in the project fills and no request type describes' : 'is no array the analysis can follow';
    return `the label entries sent with it cannot be seen (\`${quotedCode(v, unit.sf)}\` ${what}, so they may be in either version): move the request and its entries together by hand`;
  }
  // an array written with a piece whose entries cannot be seen beside those that can
  // (`[...queued, { … }]` with `queued` parsed from storage): the request waits for that piece too
  const piece = unseenElement(acc, unit, v, param);
  if (piece) {
    const what = readAtRunTime(acc, unit, piece) ? 'is data read at run time' : 'is no array the analysis can follow';
    return `the label entries sent with it include \`${quotedCode(piece, unit.sf)}\`, which ${what}, so they may be in either version: move the request and its entries together by hand`;
  }
  const late = lateWrite(acc, unit, value);
  return late ? lateWhy(late) : undefined;
}

/**
 * The first element of the array literal a list is written as (itself, or a variable's value) that
 * gives no entry the analysis can see: a spread of what it cannot follow, or a value that is no
 * object it can follow. A parameter its request type describes (`described`) moves with that type.
 */
function unseenElement(acc: AnalysisState, unit: Unit, v: ts.Expression, described: (e: ts.Expression) => boolean): ts.Expression | undefined {
  let arr: { unit: Unit; node: ts.Expression } = { unit, node: v };
  if (ts.isIdentifier(v)) {
    const decl = acc.bindings.resolve(unit, v);
    const init = decl?.kind === 'var' && decl.init ? unwrap(decl.init) : undefined;
    if (init) arr = { unit: decl!.unit, node: init };
  }
  if (!ts.isArrayLiteralExpression(arr.node)) return undefined;
  for (const el of arr.node.elements) {
    if (described(el)) continue;
    const x = ts.isSpreadElement(el) ? el.expression : el;
    const empty = ts.isIdentifier(unwrap(x)) && emptyArray(acc, arr.unit, unwrap(x) as ts.Identifier);
    if (!empty && !entries(acc, arr.unit, x).length) return x;
  }
  return undefined;
}

/** A variable holding an empty array that nothing is pushed into: it gives no entry. */
function emptyArray(acc: AnalysisState, unit: Unit, v: ts.Identifier): boolean {
  const decl = acc.bindings.resolve(unit, v);
  const init = decl?.kind === 'var' && decl.init ? unwrap(decl.init) : undefined;
  return !!init && ts.isArrayLiteralExpression(init) && init.elements.length === 0 && !added(acc, decl!).length;
}

/** Why a request whose entries have keys set after they are built is held. */
export function lateWhy(late: LateWrite): string {
  return `the label entries sent with it have keys set after they are built (\`${quotedCode(late.node, late.unit.sf)}\`): move the request and its entries together by hand`;
}

export interface LateWrite {
  unit: Unit;
  /** the assignment (`e.courier_id = id`) */
  node: ts.BinaryExpression;
  /** the key it sets, where it is written as a name */
  key?: string;
  keyNode: ts.Node;
}

/** A key set on each entry of an array held in a variable, after it is built: in `list.forEach(cb)` or a `for … of list` loop. */
export function lateWrite(acc: AnalysisState, unit: Unit, value: ts.Expression): LateWrite | undefined {
  const v = unwrap(value);
  if (!ts.isIdentifier(v)) return undefined;
  const decl = acc.bindings.resolve(unit, v);
  if (decl?.kind !== 'var') return undefined;
  const sameArray = (e: ts.Expression) => {
    const t = unwrap(e);
    if (!ts.isIdentifier(t) || t.text !== decl.name.text) return false;
    const d = acc.bindings.resolve(decl.unit, t);
    return d?.kind === 'var' && d.node === decl.node;
  };
  // the element's name in each loop over the array, and the code it is bound in
  const loops: { name: string; body: ts.Node }[] = [];
  for (const call of treeIndex(decl.unit.sf).calls) {
    const c = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(c) || (c.name.text !== 'forEach' && c.name.text !== 'map') || !sameArray(c.expression)) continue;
    const fn = call.arguments[0] && unwrap(call.arguments[0]);
    const p = fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) ? fn.parameters[0] : undefined;
    if (p && ts.isIdentifier(p.name)) loops.push({ name: p.name.text, body: (fn as ts.ArrowFunction).body });
  }
  const scope = decl.node.parent?.parent?.parent;
  const visit = (n: ts.Node): void => {
    if (ts.isForOfStatement(n) && sameArray(n.expression) && ts.isVariableDeclarationList(n.initializer)) {
      const d = n.initializer.declarations[0];
      if (d && ts.isIdentifier(d.name)) loops.push({ name: d.name.text, body: n.statement });
    }
    ts.forEachChild(n, visit);
  };
  if (scope) visit(scope);
  for (const loop of loops) {
    let hit: LateWrite | undefined;
    const find = (n: ts.Node): void => {
      if (hit) return;
      if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
        const left = unwrap(n.left);
        const obj = ts.isPropertyAccessExpression(left) || ts.isElementAccessExpression(left) ? unwrap(left.expression) : undefined;
        if (obj && ts.isIdentifier(obj) && obj.text === loop.name) {
          const keyNode = ts.isPropertyAccessExpression(left) ? left.name : (left as ts.ElementAccessExpression).argumentExpression;
          hit = { unit: decl.unit, node: n, keyNode, key: ts.isIdentifier(keyNode) || ts.isStringLiteralLike(keyNode) ? keyNode.text : undefined };
        }
      }
      ts.forEachChild(n, find);
    };
    find(loop.body);
    if (hit) return hit;
  }
  return undefined;
}
