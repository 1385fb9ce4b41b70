// Requests made as objects: the browser's `const xhr = new XMLHttpRequest(); xhr.open('POST', url);
// xhr.send(body)` (the body sent is tied to the URL opened on the same object), and Angular's
// `new HttpRequest('POST', url, body)` (or the fetch API's `new Request(url, { body })`).

import ts from '../../core/ts.cjs';
import { unwrap } from '../evaluate.js';
import type { AnalysisState } from '../state.js';
import { treeIndex, type Unit } from '../units.js';
import { applyBody, endpointOf } from './requests.js';

export function scanXhrRequests(acc: AnalysisState, unit: Unit): void {
  const index = treeIndex(unit.sf);
  for (const made of index.news) {
    const c = unwrap(made.expression);
    const args = made.arguments ?? [];
    // `new HttpRequest(method, url, body)`, `new Request(url, init)`
    if (ts.isIdentifier(c) && (c.text === 'HttpRequest' || c.text === 'Request') && args[0]) {
      const angular = c.text === 'HttpRequest';
      const url = angular ? args[1] : args[0];
      const ep = url && endpointOf(acc, unit, url);
      const body = angular ? args[2] : args[1];
      if (ep?.url && body) applyBody(acc, unit, body, ep, false, angular);
      continue;
    }
    if (!ts.isIdentifier(c) || c.text !== 'XMLHttpRequest') continue;
    let at: ts.Node = made;
    while (at.parent && ts.isParenthesizedExpression(at.parent)) at = at.parent;
    const decl = at.parent;
    if (!decl || !ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name)) continue;
    const opened: ts.Expression[] = [];
    const sent: ts.Expression[] = [];
    for (const call of index.calls) {
      const callee = unwrap(call.expression);
      if (!ts.isPropertyAccessExpression(callee) || !call.arguments[1 - (callee.name.text === 'send' ? 1 : 0)]) continue;
      if (callee.name.text !== 'open' && callee.name.text !== 'send') continue;
      const obj = unwrap(callee.expression);
      if (!ts.isIdentifier(obj) || obj.text !== decl.name.text) continue;
      const d = acc.bindings.resolve(unit, obj);
      if (d?.kind !== 'var' || d.node !== decl) continue;
      (callee.name.text === 'open' ? opened : sent).push(call.arguments[callee.name.text === 'open' ? 1 : 0]);
    }
    // one URL opened on the object: what it sends goes there
    if (opened.length !== 1) continue;
    const ep = endpointOf(acc, unit, opened[0]);
    if (!ep.url) continue;
    for (const body of sent) applyBody(acc, unit, body, ep, false, true);
  }
}
