// A route a server of the project defines (Express, Koa or Fastify style: `router.get('/2023-01/…',
// (req, res) => …)`, `router.post(path, async (ctx) => …)`): the project serving a path, not a
// request to the service. Outside test code it is the project's own API, whatever its paths look
// like, so its path is no finding. In test code it is a fake of the service's server (one a
// client under test or supertest is pointed at): a test double, recorded by doubles.ts and moved
// only with the requests it doubles, the keys its handler reads from `req.body` tied to its path.

import { isTestFile } from '../../core/project-scope.js';
import ts from '../../core/ts.cjs';
import { unwrap } from '../syntax.js';

const ROUTE_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);

/**
 * The handler of a server route this call defines (`app.post(path, …middleware, (req, res) => …)`),
 * when it is one: a verb method given a path and, last, a function taking `(req, res)` (`reply`,
 * `response`; a third that is `next`, never msw v1's `ctx`) or Koa's `(ctx)`.
 */
export function routeHandler(call: ts.CallExpression): ts.ArrowFunction | ts.FunctionExpression | undefined {
  const callee = unwrap(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !ROUTE_VERBS.has(callee.name.text) || call.arguments.length < 2) return undefined;
  const last = unwrap(call.arguments[call.arguments.length - 1]);
  if (!ts.isArrowFunction(last) && !ts.isFunctionExpression(last)) return undefined;
  const names = last.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text.replace(/^_+/, '') : ''));
  const [a, b, c] = names;
  const express = /^req(?:uest)?$/.test(a ?? '') && /^(?:res|response|reply)$/.test(b ?? '') && (c === undefined || c === 'next');
  const koa = /^(?:ctx|context)$/.test(a ?? '') && (b === undefined || b === 'next') && names.length <= 2;
  return express || koa ? last : undefined;
}

/** Is this expression the path of a route a server of the project defines outside test code (no request: no finding)? */
export function ownServerRoute(file: string, e: ts.Node): boolean {
  let at = e;
  while (at.parent && ts.isParenthesizedExpression(at.parent)) at = at.parent;
  const call = at.parent;
  return !!call && ts.isCallExpression(call) && call.arguments[0] === at && !!routeHandler(call) && !isTestFile(file);
}
