// Data that describes the 2023-01 version itself (PRODUCT.md, "What it detects"): an object, or
// a type, whose own `version` is '2023-01', such as one branch per version of an API schema. The
// event names and the paths written in it are no findings.

import ts from '../../core/ts.cjs';
import { findProperty, propertyValue, unwrap } from '../evaluate.js';
import type { AnalysisState } from '../state.js';

/**
 * Is this string (an event name, a path) part of data that describes the 2023-01 version itself: inside an object
 * whose own `version` is '2023-01' (one branch per version of a schema), other than a webhook
 * body (a request's, or one known by its `event_types`), where the event is sent? 'object': it
 * is; a type (a type literal or interface whose own `version` is typed '2023-01'): it is unless
 * that type types a webhook request, which settle knows (the `version` literal, where the type's
 * request moves it); undefined: it is not.
 */
export function describes2023(acc: AnalysisState, n: ts.Node): 'object' | { version: ts.StringLiteral } | undefined {
  for (let p: ts.Node | undefined = n.parent; p && !ts.isSourceFile(p); p = p.parent) {
    if (ts.isTypeLiteralNode(p) || ts.isInterfaceDeclaration(p)) {
      const version = typedVersion(p.members);
      if (version) return { version };
      continue;
    }
    if (!ts.isObjectLiteralExpression(p)) continue;
    const version = propertyValue(findProperty(p, 'version'));
    const v = version && unwrap(version);
    if (!v || !(ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v)) || v.text !== '2023-01') continue;
    if (acc.contexted.get(p) === 'webhook-2023-01' || findProperty(p, 'event_types')) continue;
    return 'object';
  }
  return undefined;
}

/** The literal of a `version: '2023-01'` member of a type, if it has one. */
function typedVersion(members: ts.NodeArray<ts.TypeElement>): ts.StringLiteral | undefined {
  for (const m of members) {
    if (!ts.isPropertySignature(m) || !m.name || !(ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) || m.name.text !== 'version') continue;
    const t = m.type;
    if (t && ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) && t.literal.text === '2023-01') return t.literal;
  }
  return undefined;
}

/**
 * A path written in an object whose own `version` is '2023-01' (not a webhook body): 'data', data
 * that describes 2023-01 (one entry per version of a schema), no finding; 'sent', the object is
 * given straight to a call (`client.request({ version: '2023-01', path })`), which may send that
 * version with it, so the path moves only with it, by hand; undefined: neither.
 */
export function pathDescribes2023(acc: AnalysisState, n: ts.Node): 'data' | 'sent' | undefined {
  if (describes2023(acc, n) !== 'object') return undefined;
  for (let p: ts.Node | undefined = n.parent; p && !ts.isSourceFile(p); p = p.parent) {
    if (!ts.isObjectLiteralExpression(p)) continue;
    let at: ts.Node = p;
    while (at.parent && ts.isParenthesizedExpression(at.parent)) at = at.parent;
    if (at.parent && (ts.isCallExpression(at.parent) || ts.isNewExpression(at.parent)) && at.parent.expression !== at) return 'sent';
  }
  return 'data';
}
