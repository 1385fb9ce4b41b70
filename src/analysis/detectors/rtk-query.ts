// RTK Query: the endpoints of `createApi({ baseQuery: fetchBaseQuery({ baseUrl }), endpoints })`
// (and of `api.injectEndpoints({ endpoints })`) are requests: each `builder.query`/`builder.mutation`
// whose `query` returns a URL, or `{ url, method, body }`, sends that URL through the API's base.

import ts from '../../core/ts.cjs';
import { type Piece, findProperty, propertyValue, returnExpressions, unwrap } from '../evaluate.js';
import type { AnalysisState } from '../state.js';
import { treeIndex, type Unit } from '../units.js';
import { applyBody, endpointOf, sentThroughBase } from './requests.js';
import { ENDPOINT_KINDS, endpointsOwner } from './rtk-hooks.js';

export function scanRtkEndpoints(acc: AnalysisState, unit: Unit): void {
  if (!unit.sf.text.includes('endpoints')) return;
  for (const call of treeIndex(unit.sf).calls) {
    const c = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(c) || !ENDPOINT_KINDS.has(c.name.text) || !call.arguments[0]) continue;
    const def = unwrap(call.arguments[0]);
    if (!ts.isObjectLiteralExpression(def)) continue;
    const api = endpointsOwner(call);
    if (!api) continue;
    const prop = findProperty(def, 'query');
    const value = propertyValue(prop);
    const fn = prop && ts.isMethodDeclaration(prop) ? { unit, node: prop } : value ? acc.ev.functionOf(unit, value) : undefined;
    if (!fn) continue;
    const base = apiBase(acc, unit, api, 0);
    for (const r of returnExpressions(fn.node)) {
      const v = unwrap(r);
      const obj = ts.isObjectLiteralExpression(v) ? v : undefined;
      const url = obj ? propertyValue(findProperty(obj, 'url')) : v;
      if (!url) continue;
      const ep = endpointOf(acc, fn.unit, url, base);
      if (base && ep.match) sentThroughBase(acc, fn.unit, base, url, call);
      const body = obj && propertyValue(findProperty(obj, 'body'));
      if (ep.url && body) applyBody(acc, fn.unit, body, ep, false, true);
    }
  }
}

/** The base URL of an API: its `fetchBaseQuery({ baseUrl })`, through `injectEndpoints` and a base query wrapper. */
function apiBase(acc: AnalysisState, unit: Unit, call: ts.CallExpression, depth: number): Piece[] | undefined {
  if (depth > 4) return undefined;
  const callee = unwrap(call.expression);
  // `api.injectEndpoints({ … })`, `api.enhanceEndpoints(…)`: the API it is called on
  if (ts.isPropertyAccessExpression(callee) && /^(?:inject|enhance)Endpoints$/.test(callee.name.text)) {
    const made = madeBy(acc, unit, callee.expression);
    return made && apiBase(acc, made.unit, made.call, depth + 1);
  }
  const opts = call.arguments[0] && acc.ev.objectOf(unit, call.arguments[0]);
  const bq = opts && propertyValue(findProperty(opts.node, 'baseQuery'));
  return bq ? queryBase(acc, opts!.unit, bq, depth) : undefined;
}

/** The call an expression's value is made by (`const api = createApi(…)`, imported too). */
function madeBy(acc: AnalysisState, unit: Unit, e: ts.Expression): { unit: Unit; call: ts.CallExpression } | undefined {
  let v = unwrap(e);
  let at = unit;
  for (let i = 0; i < 4 && ts.isIdentifier(v); i++) {
    const d = acc.bindings.resolve(at, v);
    const value = d && acc.ev.valueOf(d);
    if (!value) return undefined;
    v = unwrap(value.expr);
    at = value.unit;
  }
  return ts.isCallExpression(v) ? { unit: at, call: v } : undefined;
}

/** The base a base query sends through: `fetchBaseQuery({ baseUrl })`, as it is, in a variable, wrapped (`retry(…)`), or called in a wrapper function. */
function queryBase(acc: AnalysisState, unit: Unit, e: ts.Expression, depth: number): Piece[] | undefined {
  if (depth > 6) return undefined;
  const made = madeBy(acc, unit, e);
  if (made) {
    const c = unwrap(made.call.expression);
    if (ts.isIdentifier(c) && c.text === 'fetchBaseQuery') {
      const opts = made.call.arguments[0] && acc.ev.objectOf(made.unit, made.call.arguments[0]);
      const baseUrl = opts && propertyValue(findProperty(opts.node, 'baseUrl'));
      return baseUrl && acc.pieces(opts!.unit, baseUrl);
    }
    // `retry(fetchBaseQuery(…), …)`
    for (const a of made.call.arguments) {
      const b = queryBase(acc, made.unit, a, depth + 1);
      if (b) return b;
    }
    return undefined;
  }
  // a wrapper (`baseQueryWithReauth`): the one base query its body calls
  const fn = acc.ev.functionOf(unit, e);
  if (!fn?.node.body) return undefined;
  const found: Piece[][] = [];
  for (const call of treeIndex(fn.unit.sf).calls) {
    if (call.pos < fn.node.body.pos || call.end > fn.node.body.end) continue;
    const b = queryBase(acc, fn.unit, call.expression, depth + 1);
    if (b) found.push(b);
  }
  return found.length === 1 ? found[0] : undefined;
}
