// Node's own client: `https.request({ hostname, path, method })` (or `http.request(url, options)`)
// sends what is written to the request it returns: `req.write(JSON.stringify(x))`,
// `req.end(JSON.stringify(x))`. Each such body is tied to the request's path.

import ts from '../../core/ts.cjs';
import { findProperty, propertyValue, unwrap } from '../evaluate.js';
import type { AnalysisState } from '../state.js';
import { treeIndex, type Unit } from '../units.js';
import { hostBeside } from './host-option.js';
import { type Endpoint, applyBody, endpointOf } from './requests.js';

const NODE_CLIENTS = new Set(['http', 'https', 'node:http', 'node:https']);

/** The module a name is bound to, where it is one of Node's HTTP clients (`require('https')`, `import https from 'node:https'`). */
function nodeClient(acc: AnalysisState, unit: Unit, e: ts.Expression): boolean {
  e = unwrap(e);
  if (!ts.isIdentifier(e)) return false;
  const d = acc.bindings.resolve(unit, e);
  if (d?.kind === 'expr') return NODE_CLIENTS.has(d.label);
  if (d?.kind !== 'var' || !d.init) return false;
  const init = unwrap(d.init);
  return ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'require' && !!init.arguments[0] && ts.isStringLiteral(init.arguments[0]) && NODE_CLIENTS.has(init.arguments[0].text);
}

export function scanNodeRequests(acc: AnalysisState, unit: Unit): void {
  const calls = treeIndex(unit.sf).calls;
  for (const call of calls) {
    const callee = unwrap(call.expression);
    const named = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
    if (named !== 'request' || !call.arguments[0]) continue;
    if (!(ts.isPropertyAccessExpression(callee) ? nodeClient(acc, unit, callee.expression) : nodeClient(acc, unit, callee))) continue;
    const ep = endpointOfNode(acc, unit, call);
    if (!ep?.url) continue;
    for (const w of writes(acc, unit, call, calls)) applyBody(acc, unit, w, ep, false, true);
  }
}

/** The path a Node request is sent to: its URL argument, or the `path` of its options. */
function endpointOfNode(acc: AnalysisState, unit: Unit, call: ts.CallExpression): Endpoint | undefined {
  const first = call.arguments[0];
  const cfg = acc.ev.objectOf(unit, first);
  if (!cfg) return endpointOf(acc, unit, first);
  const path = propertyValue(findProperty(cfg.node, 'path'));
  const ep = path && endpointOf(acc, cfg.unit, path);
  // a 2023-01 path on a host the config does not name is another vendor's, as in a full URL
  if (ep && ep.match?.version !== 'v1' && acc.otherHost(hostBeside(acc, cfg.unit, path!)?.origin)) return { foreign: true, url: true };
  return ep;
}

/** What is written to the request a call returns: `req.write(x)`, `req.end(x)`, or chained on the call itself. */
function writes(acc: AnalysisState, unit: Unit, call: ts.CallExpression, calls: ts.CallExpression[]): ts.Expression[] {
  let at: ts.Node = call;
  while (at.parent && ts.isParenthesizedExpression(at.parent)) at = at.parent;
  const p = at.parent;
  if (p && ts.isPropertyAccessExpression(p) && (p.name.text === 'write' || p.name.text === 'end') && ts.isCallExpression(p.parent) && p.parent.arguments[0]) return [p.parent.arguments[0]];
  if (!p || !ts.isVariableDeclaration(p) || !ts.isIdentifier(p.name)) return [];
  const decl = p;
  const out: ts.Expression[] = [];
  for (const c of calls) {
    const callee = unwrap(c.expression);
    if (!ts.isPropertyAccessExpression(callee) || (callee.name.text !== 'write' && callee.name.text !== 'end') || !c.arguments[0]) continue;
    const obj = unwrap(callee.expression);
    if (!ts.isIdentifier(obj) || obj.text !== decl.name.getText(unit.sf)) continue;
    const d = acc.bindings.resolve(unit, obj);
    if (d?.kind === 'var' && d.node === decl) out.push(c.arguments[0]);
  }
  return out;
}
