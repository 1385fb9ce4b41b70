// The HTTP method of the request a URL expression is sent with, where the code shows it at the
// call: `api.post(url, …)` (axios, got, ky, superagent, request and the like), `fetch(url, init)`
// (GET without a `method`), `axios({ url, method })`. A config `paths` entry that gives a method
// applies only to a request sent with it (core/paths.ts); undefined here: the method cannot be
// seen (a wrapper's parameter, a method held in a variable), and no such entry applies.

import ts from '../../core/ts.cjs';
import type { Finding } from '../../types.js';

/** The methods a client's function is named for (`axios.post`, `http.get`, nock's `.put(`). */
export const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

/** The method of the endpoint a path finding names (its context's `'POST /pickup/v1/pickups'`), lower case. */
export const endpointMethod = (f: Finding): string | undefined => f.context?.endpoint?.split(' ')[0]?.toLowerCase();
/** Calls taking `(url, options)` whose method defaults to GET. */
const URL_FIRST = new Set(['fetch', 'got', 'ky', 'axios']);

/** A property's value when it is written as a string (`method: 'PUT'`). */
function writtenString(obj: ts.ObjectLiteralExpression, name: string): { found: boolean; value?: string } {
  let found = false;
  let value: string | undefined;
  for (const p of obj.properties) {
    // a spread may give the key: what it gives cannot be told here
    if (ts.isSpreadAssignment(p)) return { found: true };
    if (!p.name || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) || p.name.text !== name) continue;
    found = true;
    value = ts.isPropertyAssignment(p) && (ts.isStringLiteral(p.initializer) || ts.isNoSubstitutionTemplateLiteral(p.initializer)) ? p.initializer.text : undefined;
  }
  return { found, value };
}

/** The method an options object gives (upper case); `dflt` when it gives none; undefined when it is an expression. */
function methodOfOptions(obj: ts.ObjectLiteralExpression, dflt: string | undefined): string | undefined {
  const m = writtenString(obj, 'method');
  if (!m.found) return dflt;
  return m.value?.toUpperCase();
}

/** The method of the request `e` (a URL or path expression) is sent with, when the call shows it. */
const SAGA_EFFECTS = new Set(['call', 'fork', 'spawn']);

export function methodAt(e: ts.Node): string | undefined {
  let arg: ts.Node = e;
  while (arg.parent && (ts.isParenthesizedExpression(arg.parent) || ts.isAsExpression(arg.parent) || ts.isNonNullExpression(arg.parent))) arg = arg.parent;
  const parent = arg.parent;
  if (!parent) return undefined;
  // `{ url: '/…', method: 'PUT' }`: an options object names its own method (no default: which
  // call takes the object is not looked at)
  if (ts.isPropertyAssignment(parent) && parent.initializer === arg && (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name)) && (parent.name.text === 'url' || parent.name.text === 'uri')) {
    return ts.isObjectLiteralExpression(parent.parent) ? methodOfOptions(parent.parent, undefined) : undefined;
  }
  // redux-saga's effects: `call(api.post, '/…', body)`, `call([client, client.post], '/…')`: the function's method
  if (ts.isCallExpression(parent) && parent.arguments[1] === arg && ts.isIdentifier(parent.expression) && SAGA_EFFECTS.has(parent.expression.text)) {
    let fn = parent.arguments[0];
    if (fn && ts.isArrayLiteralExpression(fn)) fn = fn.elements[1];
    return fn && ts.isPropertyAccessExpression(fn) && VERBS.has(fn.name.text.toLowerCase()) ? fn.name.text.toUpperCase() : undefined;
  }
  if (!ts.isCallExpression(parent) || parent.arguments[0] !== arg) return undefined;
  const callee = parent.expression;
  if (ts.isPropertyAccessExpression(callee) && VERBS.has(callee.name.text.toLowerCase())) return callee.name.text.toUpperCase();
  if (ts.isIdentifier(callee) && URL_FIRST.has(callee.text)) {
    const options = parent.arguments[1];
    if (!options) return 'GET';
    return ts.isObjectLiteralExpression(options) ? methodOfOptions(options, 'GET') : undefined;
  }
  return undefined;
}
