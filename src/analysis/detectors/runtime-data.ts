// Data read at run time: a parsed incoming request (`req.body`, `await request.json()`), a
// response, `JSON.parse(…)`. Sent on as a request's body (or as its label entries), it may be in
// either version, so the request cannot move on its own.

import ts from '../../core/ts.cjs';
import { unwrap } from '../evaluate.js';
import type { AnalysisState } from '../state.js';
import type { Unit } from '../units.js';

/** Where an incoming request's (or an event's) parsed body lies on the object a handler is given. */
const BODY_PROPS = new Set(['body', 'payload']);
/** Calls that make a component's or a store's state (given its type): what they hold is the code's own. */
const STATE_MAKERS = new Set(['useState', 'useRef', 'useReducer', 'ref', 'shallowRef', 'reactive', 'signal', 'createSignal', 'writable', 'computed', 'useMemo', 'atom', 'observable']);
/** The methods that parse a body read at run time (fetch's Request and Response, Express-likes). */
const PARSERS = new Set(['json', 'formData', 'text']);

/**
 * Is this expression data read at run time (followed through variables, destructuring and property
 * reads: `input.shipments` with `const input = await request.json()`)? False also where the check
 * cannot tell.
 */
export function readAtRunTime(acc: AnalysisState, unit: Unit, e: ts.Expression, depth = 0): boolean {
  if (depth > 8) return false;
  e = unwrap(e);
  if (ts.isAwaitExpression(e)) return readAtRunTime(acc, unit, e.expression, depth + 1);
  if (ts.isCallExpression(e)) {
    // a function of the project: what it returns (`pendingEntries(id)` returning `res.rows`)
    const ret = acc.ev.returnedBy(unit, e);
    if (ret) return readAtRunTime(acc, ret.unit, ret.expr, depth + 1);
    // a library client's method told the type of what it reads (`pool.query<LabelEntry>(sql)`,
    // `redis.json.get<T>(key)`); not a framework's state made with a type (`useState<Form>(…)`, `ref<Line[]>([])`)
    const callee = unwrap(e.expression);
    if (e.typeArguments?.length && ts.isPropertyAccessExpression(callee) && !STATE_MAKERS.has(callee.name.text) && !acc.ev.functionOf(unit, e.expression)) return true;
    const c = unwrap(e.expression);
    if (!ts.isPropertyAccessExpression(c)) return false;
    if (c.expression.getText(unit.sf) === 'JSON' && c.name.text === 'parse') return true;
    return PARSERS.has(c.name.text) && e.arguments.length === 0;
  }
  if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
    const key = ts.isPropertyAccessExpression(e) ? e.name.text : ts.isStringLiteralLike(e.argumentExpression) ? e.argumentExpression.text : undefined;
    const root = unwrap(e.expression);
    // `req.body`, `ctx.request.body`, `event.body` on what a handler is given
    if (key && BODY_PROPS.has(key) && handlerArgument(acc, unit, root)) return true;
    return readAtRunTime(acc, unit, root, depth + 1);
  }
  if (ts.isIdentifier(e)) {
    const decl = acc.bindings.resolve(unit, e);
    if (decl?.kind === 'var' && decl.init) return readAtRunTime(acc, decl.unit, decl.init, depth + 1);
    if (decl?.kind === 'binding' && decl.from) return readAtRunTime(acc, decl.unit, decl.from, depth + 1);
    // a parameter typed as what a library hands over (`job: Job<{ entries: LabelEntry[] }>`, `msg: Message<T>`)
    if (decl?.kind === 'param' && libraryGeneric(acc, decl.unit, decl.node.type)) return true;
  }
  return false;
}

/** Is this (a parameter, or a property read of one: `ctx.request`) what a handler is given? */
function handlerArgument(acc: AnalysisState, unit: Unit, e: ts.Expression): boolean {
  e = unwrap(e);
  if (ts.isPropertyAccessExpression(e)) return handlerArgument(acc, unit, e.expression);
  if (!ts.isIdentifier(e)) return false;
  return acc.bindings.resolve(unit, e)?.kind === 'param';
}

/** Why a request whose body (or part of it) is data read at run time is held; `shown`: the code it sends. */
export function runtimeWhy(shown: string): string {
  return `the body sent with it is data read at run time (\`${shown.length > 60 ? shown.slice(0, 57) + '…' : shown}\`), which may be in either version: move the request and its body together by hand`;
}

/** TypeScript's own generic types and helpers: a value typed with one is the project's as much as its argument. */
const OWN_GENERICS = new Set(['Array', 'ReadonlyArray', 'Promise', 'Partial', 'Required', 'Readonly', 'Record', 'Pick', 'Omit', 'NonNullable', 'Set', 'Map', 'ReadonlySet', 'ReadonlyMap', 'Iterable', 'AsyncIterable', 'Awaited', 'Exclude', 'Extract']);

/** A type given arguments whose generic is neither the project's nor TypeScript's own (`Job<…>` of a queue library). */
function libraryGeneric(acc: AnalysisState, unit: Unit, type: ts.TypeNode | undefined): boolean {
  if (!type || !ts.isTypeReferenceNode(type) || !type.typeArguments?.length) return false;
  const name = type.typeName;
  if (ts.isIdentifier(name) && OWN_GENERICS.has(name.text)) return false;
  const first = ts.isIdentifier(name) ? name : name.left;
  if (!ts.isIdentifier(first)) return false;
  const d = acc.bindings.resolve(unit, first);
  // (a name imported from a package, or a global one: not the project's own generic)
  return !d || (d.kind === 'expr' && !!ts.findAncestor(d.expr, ts.isImportDeclaration));
}
