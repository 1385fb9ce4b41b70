// Responses a server sends its own callers: `res.json(x)`, `res.status(201).send(x)`,
// `reply.send(x)`, `Response.json(x)`, `NextResponse.json(x)`, msw's `HttpResponse.json(x)`,
// Playwright's `route.fulfill({ json: x })`, what an h3 `defineEventHandler` returns. An object sent back this way is no request to the service,
// whatever its keys: it is left out of the bodies known by their keys alone.

import ts from '../../core/ts.cjs';
import { findProperty, propertyValue, returnExpressions, unwrap } from '../evaluate.js';
import type { AnalysisState } from '../state.js';
import { treeIndex, type Unit } from '../units.js';
import { applyContext } from './bodies.js';
import { objects } from './body-objects.js';

const SENDS = new Set(['json', 'send', 'jsonp']);
/** (what it nests through a builder or a variable, `{ shipments: rows }`, is the response's too) */
const RESPONSE = { kind: 'foreign', by: 'endpoint' } as const;
const RESPONSE_CLASSES = new Set(['Response', 'NextResponse', 'HttpResponse']);
const RESPONSE_PARAMS = /^(?:res|resp|response|reply|rep)$/;

/** h3's (Nuxt's server routes) event handlers: what the handler returns is the response. */
const EVENT_HANDLERS = new Set(['defineEventHandler', 'eventHandler', 'defineCachedEventHandler']);

export function markResponses(acc: AnalysisState, unit: Unit): void {
  for (const call of treeIndex(unit.sf).calls) {
    const callee = unwrap(call.expression);
    if (ts.isIdentifier(callee) && EVENT_HANDLERS.has(callee.text) && call.arguments[0]) {
      const fn = acc.ev.functionOf(unit, call.arguments[0]);
      for (const r of fn ? returnExpressions(fn.node) : []) for (const o of objects(acc, fn!.unit, r)) if (!acc.contexted.has(o.node)) applyContext(acc, o, 'foreign', RESPONSE);
      continue;
    }
    // Playwright's `route.fulfill({ json })`: the response a test's route answers with
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'fulfill' && call.arguments[0]) {
      const o = unwrap(call.arguments[0]);
      const json = ts.isObjectLiteralExpression(o) ? propertyValue(findProperty(o, 'json')) : undefined;
      for (const x of json ? objects(acc, unit, json) : []) if (!acc.contexted.has(x.node)) applyContext(acc, x, 'foreign', RESPONSE);
      continue;
    }
    if (!ts.isPropertyAccessExpression(callee) || !SENDS.has(callee.name.text) || !call.arguments[0]) continue;
    if (!isResponse(acc, unit, callee.expression)) continue;
    for (const o of objects(acc, unit, call.arguments[0])) if (!acc.contexted.has(o.node)) applyContext(acc, o, 'foreign', RESPONSE);
  }
}

/** Is this the response a handler is given (`res`, `res.status(201)`), or a response class? */
function isResponse(acc: AnalysisState, unit: Unit, e: ts.Expression): boolean {
  e = unwrap(e);
  // `res.status(201).json(…)`, `reply.code(200).send(…)`
  while (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) e = unwrap(e.expression.expression);
  if (!ts.isIdentifier(e)) return false;
  if (RESPONSE_CLASSES.has(e.text)) return true;
  return RESPONSE_PARAMS.test(e.text) && acc.bindings.resolve(unit, e)?.kind === 'param';
}
