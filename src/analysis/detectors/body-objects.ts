// The objects a body is made of: the object literals an expression evaluates to (variables,
// builders, JSON.stringify, spreads, conditions), array entries, a wrapper's callers' arguments.

import { type ContextKind, renamedKeys } from '../../core/keys.js';
import ts from '../../core/ts.cjs';
import { type Decl, propName } from '../bindings.js';
import { findProperty, propertyValue, returnExpressions, unwrap } from '../evaluate.js';
import type { AnalysisState, Target } from '../state.js';
import { lineOf, type Unit } from '../units.js';
import { type Called, calledFunction, callsNamed, functionName, namesakes, parameterIndex } from './callers.js';
import { mutationArgs } from './react-query.js';
import { endpointArgs } from './rtk-hooks.js';
import { markupMentions, restParameter } from './uses.js';

export const GENERIC_VERBS = new Set(['post', 'put', 'patch', 'get', 'delete', 'del', 'request', 'send', 'fetch', 'call', 'json', 'then', 'http', 'api']);

export const OPTION_KEYS = new Set([
  'json', 'body', 'data', 'headers', 'method', 'searchParams', 'params', 'query', 'timeout', 'signal', 'credentials',
  'mode', 'cache', 'hooks', 'responseType', 'throwHttpErrors', 'retry', 'prefixUrl', 'auth', 'baseURL', 'url', 'uri',
  'form', 'withCredentials', 'validateStatus', 'onUploadProgress', 'redirect', 'keepalive', 'referrer', 'parseJson',
  // fetch's less common options, and those of the frameworks' and runtimes' fetch (Next.js, Cloudflare, undici)
  'integrity', 'referrerPolicy', 'priority', 'duplex', 'next', 'cf', 'dispatcher', 'agent',
  // jQuery's settings (`$.ajax(url, { type: 'POST', contentType, data })`)
  'type', 'contentType', 'dataType', 'processData', 'success', 'error', 'complete', 'beforeSend', 'async', 'xhrFields', 'crossDomain', 'statusCode', 'traditional',
  // Nuxt's useFetch and ofetch
  'immediate', 'lazy', 'server', 'watch', 'key', 'default', 'transform', 'pick', 'ignoreResponseError', 'onRequest', 'onResponse', 'onRequestError', 'onResponseError',
]);

/**
 * The body a request's options give under the first of these keys that holds one (`{ json }`,
 * `data: x`); a boolean (`json: true`, request's flag that the body is JSON) is no body.
 */
export function bodyValue(obj: ts.ObjectLiteralExpression, keys: string[]): ts.Expression | undefined {
  for (const k of keys) {
    const v = propertyValue(findProperty(obj, k));
    if (v && v.kind !== ts.SyntaxKind.TrueKeyword && v.kind !== ts.SyntaxKind.FalseKeyword) return v;
  }
  return undefined;
}

/** The value `JSON.stringify(x)` sends: `x` (any other expression as it is). */
export function stringified(unit: Unit, e: ts.Expression): ts.Expression {
  const u = unwrap(e);
  if (!ts.isCallExpression(u) || !u.arguments[0]) return e;
  const c = unwrap(u.expression);
  return ts.isPropertyAccessExpression(c) && c.name.text === 'stringify' && c.expression.getText(unit.sf) === 'JSON' ? u.arguments[0] : e;
}

/**
 * The values a body expression may send, unwrapped: `JSON.stringify(x)` sends `x`, a condition or
 * a fallback (`b ? JSON.stringify(b) : undefined`, `data ?? {}`) either side, `c && x` its right.
 */
export function sentValues(unit: Unit, e: ts.Expression, depth = 0): ts.Expression[] {
  const u = unwrap(stringified(unit, e));
  if (depth > 8) return [u];
  if (u !== unwrap(e)) return sentValues(unit, u, depth + 1);
  if (ts.isConditionalExpression(u)) return [...sentValues(unit, u.whenTrue, depth + 1), ...sentValues(unit, u.whenFalse, depth + 1)];
  if (ts.isBinaryExpression(u)) {
    const op = u.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) return [...sentValues(unit, u.left, depth + 1), ...sentValues(unit, u.right, depth + 1)];
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return sentValues(unit, u.right, depth + 1);
  }
  return [u];
}

/** The body inside an argument: `{ json }`, `{ body: JSON.stringify(x) }`, or the argument itself. */
export function bodyExpressions(acc: AnalysisState, unit: Unit, arg: ts.Expression, maybeData: boolean): { unit: Unit; expr: ts.Expression }[] {
  const obj = acc.ev.objectOf(unit, arg) ?? builtObject(acc, unit, arg);
  if (obj) {
    // options made by spreading the caller's (`f(url, { ...init })`, whatever `f` is): the body they give
    if (obj.node.properties.some(ts.isSpreadAssignment) && isOptionsObject(obj.node)) {
      const spread = spreadOptionsBodies(acc, obj);
      if (spread.length) return spread;
    }
    // (every key an option's, none spread in)
    const isOptions = obj.node.properties.length > 0 && !obj.node.properties.some(ts.isSpreadAssignment) && isOptionsObject(obj.node);
    if (isOptions || !maybeData) {
      const body = bodyValue(obj.node, isOptions ? ['json', 'body', 'data', 'form'] : ['json', 'body', 'form']);
      if (body) return [builtArgument(acc, obj, body) ?? { unit: obj.unit, expr: body }];
      // options spread in (`{ ...init, headers }` in a wrapper): the body they give
      const spread = spreadOptionsBodies(acc, obj);
      if (spread.length || !maybeData) return spread;
    }
  }
  return [{ unit, expr: arg }];
}

/** The bodies the options objects spread into these options give (`{ ...init, headers }`, with the caller's `init`). */
function spreadOptionsBodies(acc: AnalysisState, obj: { unit: Unit; node: ts.ObjectLiteralExpression }): { unit: Unit; expr: ts.Expression }[] {
  const out: { unit: Unit; expr: ts.Expression }[] = [];
  for (const p of obj.node.properties) {
    if (!ts.isSpreadAssignment(p)) continue;
    for (const o of spreadObjects(acc, obj.unit, p.expression)) {
      const body = bodyValue(o.node, ['json', 'body', 'data', 'form']);
      if (body && isOptionsObject(o.node)) out.push({ unit: o.unit, expr: body });
    }
  }
  return out;
}

/** Are all the keys of this object a request's options (`method`, `body`, `headers`, …)? Spreads aside. */
export function isOptionsObject(node: ts.ObjectLiteralExpression): boolean {
  const keys = node.properties.filter((p) => !ts.isSpreadAssignment(p)).map((p) => (p.name ? propName(p.name) : undefined));
  return keys.every((k) => k !== undefined && OPTION_KEYS.has(k));
}

/** The one object literal a builder returns, called here (`makeInit(body)`), with the builder and the call. */
export function builtObject(acc: AnalysisState, unit: Unit, e: ts.Expression): { unit: Unit; node: ts.ObjectLiteralExpression; fn: Called; call: ts.CallExpression; callUnit: Unit } | undefined {
  const call = unwrap(e);
  const ret = ts.isCallExpression(call) ? acc.ev.returnedBy(unit, call) : undefined;
  const node = ret && unwrap(ret.expr);
  return node && ts.isObjectLiteralExpression(node) ? { unit: ret!.unit, node, fn: ret!.fn, call: call as ts.CallExpression, callUnit: unit } : undefined;
}

/** A built object's value that is the builder's parameter (`body: JSON.stringify(body)`): the argument the call passes for it. */
function builtArgument(acc: AnalysisState, obj: { unit: Unit; fn?: Called; call?: ts.CallExpression; callUnit?: Unit }, value: ts.Expression): { unit: Unit; expr: ts.Expression } | undefined {
  if (!obj.fn || !obj.call || !obj.callUnit) return undefined;
  const k = parameterIndex(acc, obj.unit, stringified(obj.unit, value), obj.fn.node);
  const a = k >= 0 ? obj.call.arguments[k] : undefined;
  return a && !ts.isSpreadElement(a) ? { unit: obj.callUnit, expr: a } : undefined;
}

/**
 * A body that is a parameter of a client's own wrapper (`createPickup(body) { return http.post(PATH, body) }`):
 * the arguments its callers pass. Callers are found by the wrapper's name; generic verbs are not followed.
 */
export function forwardedArgs(acc: AnalysisState, unit: Unit, e: ts.Expression, depth = 0): { unit: Unit; expr: ts.Expression }[] {
  // an argument that is itself a parameter of the function it is written in (`create(req) { return
  // this.http.post(PATH, req) }` through a wrapper): what that function's callers pass, in turn
  return forwardedOnce(acc, unit, e).flatMap((a) => {
    // (what a caller passes is sent: an object handed there is no other use of it, settleReads)
    acc.sentArgs.push({ unit: a.unit, node: a.expr });
    const x = unwrap(a.expr);
    const d = depth < 4 && ts.isIdentifier(x) ? acc.bindings.resolve(a.unit, x) : undefined;
    return d?.kind === 'param' && acc.boundCall?.fn !== d.fn ? forwardedArgs(acc, a.unit, x, depth + 1) : [a];
  });
}

/**
 * The object a rest element takes the other keys of (`const { note, ...pickup } = form` gives
 * `form`), written at the top of a variable's pattern; undefined for any other name.
 */
function restOf(decl: Decl): { unit: Unit; expr: ts.Expression } | undefined {
  if (decl.kind !== 'binding' || !decl.from || !decl.node.dotDotDotToken) return undefined;
  const pattern = decl.node.parent;
  if (!ts.isObjectBindingPattern(pattern) || !ts.isVariableDeclaration(pattern.parent)) return undefined;
  // a key the pattern takes out by an old name (`const { courier_id, ...rest } = form`) is read by
  // that name: renamed in the object, it would read nothing, so the object is not followed
  const old = renamedKeys();
  const taken = pattern.elements.some((el) => el !== decl.node && old.has(el.propertyName ? (propName(el.propertyName) ?? '') : ts.isIdentifier(el.name) ? el.name.text : ''));
  return taken ? undefined : { unit: decl.unit, expr: decl.from };
}

function forwardedOnce(acc: AnalysisState, unit: Unit, e: ts.Expression, depth = 0): { unit: Unit; expr: ts.Expression }[] {
  e = unwrap(e);
  if (!ts.isIdentifier(e)) return [];
  const named = acc.bindings.resolve(unit, e);
  const whole = named && depth < 4 ? restOf(named) : undefined;
  if (whole) return forwardedOnce(acc, whole.unit, whole.expr, depth + 1);
  const decl = (named && restParameter(named)) ?? named;
  if (!decl || decl.kind !== 'param') return [];
  // the call being followed through the wrapper: its own argument (none: it sends no body)
  if (acc.boundCall?.fn === decl.fn) {
    const arg = acc.boundCall.call.arguments[decl.index];
    return arg && !ts.isSpreadElement(arg) ? [{ unit: acc.boundCall.unit, expr: arg }] : [];
  }
  // a mutation's callback (`useMutation({ mutationFn: (body) => … })`): what its `mutate(…)` calls
  // pass; an RTK Query endpoint's `query`: what its hooks, triggers and `initiate` are given
  const mutation = mutationArgs(acc, decl.unit, decl.fn, decl.index) ?? endpointArgs(acc, decl.unit, decl.fn, decl.index);
  if (mutation?.unseen) acc.unseenInBody ??= mutation.unseen;
  const name = functionName(decl.fn);
  if (!name || GENERIC_VERBS.has(name.toLowerCase()) || libraryCallback(decl.fn)) return mutation?.args ?? [];
  acc.callsLookedUp.set(name, (acc.callsLookedUp.get(name) ?? new Set()).add(unit.file));
  // called (or handed on) in a component's markup, which the check does not read: what it passes there is not seen
  const inMarkup = markupMentions(acc, name, (d) => (d.kind === 'func' && d.node === decl.fn) || (d.kind === 'var' && !!d.init && unwrap(d.init) === decl.fn))[0];
  if (inMarkup) acc.unseenInBody ??= `\`${name}\` is used in the markup of ${acc.shownFile(inMarkup.file)}, which the check does not read, so the body it is given there may be in either version: move the request and its body together by hand`;
  const out: { unit: Unit; expr: ts.Expression }[] = [...(mutation?.args ?? [])];
  // (also called under the names it is imported or re-exported as: `import { createLabels as printLabels }`, a default import)
  const calls = [name, ...importedAs(acc, decl.unit, name)].flatMap((n) => callsNamed(acc, n).map((c) => ({ ...c, alias: n !== name })));
  // (the one a message names: the first by file and place, whatever order the modules were loaded in)
  let unresolved: { unit: Unit; call: ts.CallExpression } | undefined;
  for (const { unit: u, call, alias } of calls) {
    // a call of the name that resolves to another function (another module's `schedulePickup`) is not this one's
    const called = calledFunction(acc, u, call.expression);
    if (called && called.node !== decl.fn) continue;
    if (!called && alias) continue;
    // a call the analysis cannot resolve, of a name other functions have too: it may be this one's or not
    if (!called && namesakes(acc, name) > 1) {
      if (!unresolved || u.file < unresolved.unit.file || (u.file === unresolved.unit.file && call.pos < unresolved.call.pos)) unresolved = { unit: u, call };
      continue;
    }
    const arg = call.arguments[decl.index];
    if (arg && !call.arguments.some((a) => ts.isSpreadElement(a))) out.push({ unit: u, expr: arg });
  }
  if (unresolved) {
    const { unit: u, call } = unresolved;
    const callee = call.expression.getText(u.sf).replace(/\s+/g, '');
    acc.unseenInBody ??= `\`${callee}(…)\` (${acc.placeOf(u.file, lineOf(u, call), unit.file)}) may call this function or another of the same name, \`${name}\`, and the check cannot tell which, so the body it passes may be in either version: move the request and its body together by hand`;
  }
  return out;
}

/**
 * The other names a module's function is imported or re-exported under (`createLabels as
 * printLabels`; the local name of a default import of its module, where it is the default export).
 */
const importedMemo = new WeakMap<AnalysisState, Map<string, { units: number; names: string[] }>>();

function importedAs(acc: AnalysisState, home: Unit, name: string): string[] {
  let memo = importedMemo.get(acc);
  if (!memo) importedMemo.set(acc, (memo = new Map()));
  const key = `${home.file}\0${name}`;
  const known = memo.get(key);
  const units = acc.store.all().length;
  if (known && known.units === units) return known.names;
  const names = importedAsNow(acc, home, name);
  memo.set(key, { units, names });
  return names;
}

function importedAsNow(acc: AnalysisState, home: Unit, name: string): string[] {
  const out = new Set<string>();
  const alias = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\s+as\\s+([A-Za-z_$][\\w$]*)`, 'g');
  // (a default export of it, in its module or a barrel naming it: `export default createLabels`)
  const asDefault = new RegExp(`\\bexport\\s+default\\s+(?:async\\s+)?(?:function\\s*\\*?\\s*)?${name.replace(/\$/g, '\\$')}\\b`);
  const defaults = new Set(acc.store.all().filter((u) => u.sf.text.includes(name) && asDefault.test(u.sf.text)).map((u) => u.file));
  for (const u of acc.store.all()) {
    if (u.sf.text.includes(name)) for (const m of u.sf.text.matchAll(alias)) if (m[1] !== name && m[1] !== 'default') out.add(m[1]);
    if (!defaults.size || u.file === home.file) continue;
    for (const st of u.sf.statements)
      if (ts.isImportDeclaration(st) && st.importClause?.name && ts.isStringLiteral(st.moduleSpecifier) && defaults.has(acc.store.resolve(u.file, st.moduleSpecifier.text) ?? '')) out.add(st.importClause.name.text);
  }
  out.delete(name);
  return [...out];
}

/**
 * A function given to a library in an options object (`builder.mutation({ query: (body) => … })`):
 * the library calls it, so no call of the project by its name is one of its calls.
 */
function libraryCallback(fn: ts.Node): boolean {
  const prop = fn.parent;
  const obj = prop && (ts.isPropertyAssignment(prop) ? prop.parent : ts.isMethodDeclaration(fn) ? fn.parent : undefined);
  const holder = obj && ts.isObjectLiteralExpression(obj) ? obj.parent : undefined;
  return !!holder && (ts.isCallExpression(holder) || ts.isNewExpression(holder)) && holder.arguments?.includes(obj as ts.Expression) === true;
}

/** The object literals an expression evaluates to (variables, builders, JSON.stringify, spreads). */
export function objects(acc: AnalysisState, unit: Unit, e: ts.Expression, depth = 0): Target[] {
  if (depth > 8) return [];
  e = unwrap(e);
  if (ts.isObjectLiteralExpression(e)) return [{ unit, node: e }];
  if (ts.isIdentifier(e)) {
    const decl = acc.bindings.resolve(unit, e);
    // the rest of an object (`const { note, ...pickup } = form`): the object, its other keys aside
    const whole = decl && restOf(decl);
    if (whole) return objects(acc, whole.unit, whole.expr, depth + 1);
    const v = decl && acc.ev.valueOf(decl);
    return v ? objects(acc, v.unit, v.expr, depth + 1) : [];
  }
  if (ts.isConditionalExpression(e)) return [...objects(acc, unit, e.whenTrue, depth + 1), ...objects(acc, unit, e.whenFalse, depth + 1)];
  if (ts.isBinaryExpression(e) && (e.operatorToken.kind === ts.SyntaxKind.BarBarToken || e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken))
    return [...objects(acc, unit, e.left, depth + 1), ...objects(acc, unit, e.right, depth + 1)];
  // `cond && { … }` (a spread under a condition): the object, when the condition holds (a falsy left side spreads nothing)
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) return objects(acc, unit, e.right, depth + 1);
  if (ts.isAwaitExpression(e)) return objects(acc, unit, e.expression, depth + 1);
  if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
    // a reactive reference's value (`form.value` with `const form = ref({ … })`)
    const held = refValue(acc, unit, e);
    if (held) return objects(acc, held.unit, held.expr, depth + 1);
    // a property of an object or a module the analysis can see (`defaults.webhook`, `constants.BODY`)
    const obj = acc.ev.objectOf(unit, e);
    return obj ? [{ unit: obj.unit, node: obj.node }] : [];
  }
  if (ts.isCallExpression(e)) {
    const c = unwrap(e.expression);
    // a wrapper that hands back (a proxy of, or a copy of) the object it is given: `reactive({ … })`, `structuredClone(x)`
    if (e.arguments[0] && namedAmong(acc, unit, c, PASS_THROUGH)) return objects(acc, unit, e.arguments[0], depth + 1);
    // a value computed by a getter (`computed(() => ({ … }))`, passed to `useFetch` as the body itself)
    const got = computedObjects(acc, unit, e, depth);
    if (got) return got;
    if (ts.isPropertyAccessExpression(c) && c.expression.getText(unit.sf) === 'JSON' && c.name.text === 'stringify' && e.arguments[0])
      return objects(acc, unit, e.arguments[0], depth + 1);
    if (ts.isPropertyAccessExpression(c) && c.expression.getText(unit.sf) === 'Object' && c.name.text === 'assign')
      return e.arguments.flatMap((a) => objects(acc, unit, a, depth + 1));
    const fn = calledFunction(acc, unit, c);
    if (fn) return returnExpressions(fn.node).flatMap((r) => objects(acc, fn.unit, r, depth + 1));
  }
  return [];
}

/** Functions of the frameworks and the platform that return the object they are given, or a proxy or copy of it (a test's matcher for it too). */
const PASS_THROUGH = new Set(['$derived', 'expect.objectContaining', 'jasmine.objectContaining', 'reactive', 'shallowReactive', 'readonly', 'shallowReadonly', 'toRaw', 'markRaw', 'unref', 'toValue', 'structuredClone', '$state', '$state.raw', '$state.snapshot', 'Object.freeze', 'observable']);
/** Functions that make a reference whose `.value` is the object given. */
const REFS = new Set(['ref', 'shallowRef']);

/** Is this callee one of these functions, by its name (and no function of the project's own)? */
function namedAmong(acc: AnalysisState, unit: Unit, c: ts.Expression, names: Set<string>): boolean {
  return (ts.isIdentifier(c) || ts.isPropertyAccessExpression(c)) && names.has(c.getText(unit.sf)) && !acc.ev.functionOf(unit, c);
}

/** `x.value` where `x` is `ref(obj)`: the object given to the reference. */
/** Functions that compute a value with the getter they are given (`computed(() => body)`, Svelte's `$derived.by`). */
const GETTERS = new Set(['computed', '$derived.by']);

/** The objects a getter-made value stands for: what its getter returns. Undefined: no such call. */
function computedObjects(acc: AnalysisState, unit: Unit, call: ts.CallExpression, depth: number): Target[] | undefined {
  const arg = call.arguments[0];
  if (!arg || !namedAmong(acc, unit, unwrap(call.expression), GETTERS)) return undefined;
  const fn = acc.ev.functionOf(unit, arg);
  return fn ? returnExpressions(fn.node).flatMap((r) => objects(acc, fn.unit, r, depth + 1)) : [];
}

function refValue(acc: AnalysisState, unit: Unit, e: ts.Expression): { unit: Unit; expr: ts.Expression } | undefined {
  if (!ts.isPropertyAccessExpression(e) || e.name.text !== 'value') return undefined;
  const target = unwrap(e.expression);
  const decl = ts.isIdentifier(target) ? acc.bindings.resolve(unit, target) : undefined;
  const init = decl?.kind === 'var' && decl.init ? unwrap(decl.init) : undefined;
  if (!init || !ts.isCallExpression(init) || !init.arguments[0]) return undefined;
  if (namedAmong(acc, decl!.unit, unwrap(init.expression), REFS)) return { unit: decl!.unit, expr: init.arguments[0] };
  // a computed value's `.value`: what its getter returns (objects() follows the call)
  return namedAmong(acc, decl!.unit, unwrap(init.expression), GETTERS) ? { unit: decl!.unit, expr: init } : undefined;
}

/**
 * The objects a spread in a body brings in: those its expression evaluates to, or, for a
 * parameter of a builder (`pickupBody(extra) { return { …, ...extra } }`), the objects its
 * callers pass (their keys are the body's keys too: left as they were, the migrated body would
 * send them under their old names).
 */
export function spreadObjects(acc: AnalysisState, unit: Unit, e: ts.Expression): Target[] {
  const own = objects(acc, unit, e);
  return own.length ? own : forwardedArgs(acc, unit, e).flatMap((a) => objects(acc, a.unit, a.expr));
}

/** Mark an object and everything nested in it as decided (another vendor's, or already 2024-09). */
export function markTree(acc: AnalysisState, node: ts.Node, ctx: ContextKind): void {
  const visit = (n: ts.Node) => {
    if (ts.isObjectLiteralExpression(n) && !acc.contexted.has(n)) acc.contexted.set(n, ctx);
    ts.forEachChild(n, visit);
  };
  visit(node);
}
