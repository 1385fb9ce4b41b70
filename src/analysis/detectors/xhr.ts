// The browser's own client: `const xhr = new XMLHttpRequest(); xhr.open('POST', url); xhr.send(body)`.
// The body sent is tied to the URL opened on the same request object.

import ts from '../../core/ts.cjs';
import { unwrap } from '../evaluate.js';
import type { AnalysisState } from '../state.js';
import { treeIndex, type Unit } from '../units.js';
import { applyBody, endpointOf } from './requests.js';

export function scanXhrRequests(acc: AnalysisState, unit: Unit): void {
  const index = treeIndex(unit.sf);
  for (const made of index.news) {
    const c = unwrap(made.expression);
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
