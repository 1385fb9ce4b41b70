// The code a webhook body's event list is written in: array literals and string constants, followed
// through constants, spreads, enum members, members of a module or an object (`config.EVENT` with
// CommonJS `exports.EVENT = '…'`) and a wrapper's parameter (what its callers pass). What it
// cannot follow is named, so that the request it is sent with is held (its events may be old).

import ts from '../../core/ts.cjs';
import { findProperty, propertyValue, unwrap } from '../evaluate.js';
import type { AnalysisState, Span } from '../state.js';
import { lineOf, type Unit } from '../units.js';
import { callersOf, type FunctionNode } from './callers.js';
import { shortText } from './path-text.js';

/**
 * The array literals (and string constants) an event list is written in. `lost`, when given,
 * gets each value the list takes that the check cannot follow to its text (a parameter no caller
 * fills, a function's result, data read at run time).
 */
export function eventLists(acc: AnalysisState, unit: Unit, e: ts.Expression, depth = 0, lost?: { unit: Unit; expr: ts.Expression }[]): Span[] {
  if (depth > 8) return [];
  e = unwrap(e);
  const none = (): Span[] => (lost?.push({ unit, expr: e }), []);
  if (ts.isArrayLiteralExpression(e))
    return [{ unit, node: e }, ...e.elements.flatMap((el) => (ts.isStringLiteral(el) || ts.isNoSubstitutionTemplateLiteral(el) ? [] : eventLists(acc, unit, ts.isSpreadElement(el) ? el.expression : el, depth + 1, lost)))];
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [{ unit, node: e }];
  // either value (`custom ?? DEFAULT_EVENTS`, `c ? A : B`)
  if (ts.isConditionalExpression(e)) return [...eventLists(acc, unit, e.whenTrue, depth + 1, lost), ...eventLists(acc, unit, e.whenFalse, depth + 1, lost)];
  if (ts.isBinaryExpression(e) && (e.operatorToken.kind === ts.SyntaxKind.BarBarToken || e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken))
    return [...eventLists(acc, unit, e.left, depth + 1, lost), ...eventLists(acc, unit, e.right, depth + 1, lost)];
  if (ts.isIdentifier(e)) {
    const decl = acc.bindings.resolve(unit, e);
    // a wrapper's parameter (`register(url, events)`): what its type lets callers pass, else what
    // the call followed passes, else what every caller passes
    if (decl?.kind === 'param') {
      const typed = typedBy(acc, decl.unit, decl.node.type);
      if (typed) return typed;
      const bound = acc.boundCall?.fn === decl.fn ? [acc.boundCall] : callersOf(acc, decl.fn as FunctionNode);
      const args = bound.map((c) => ({ unit: c.unit, arg: c.call.arguments[decl.index] }));
      if (!args.length || args.some((a) => !a.arg || ts.isSpreadElement(a.arg))) return none();
      return args.flatMap((a) => eventLists(acc, a.unit, a.arg!, depth + 1, lost));
    }
    const v = decl && acc.ev.valueOf(decl);
    return v ? eventLists(acc, v.unit, v.expr, depth + 1, lost) : none();
  }
  if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.name)) {
    // a member of a namespace or a module (`config.COURIER_CHANGED` with `const config = require('./config')`)
    const decl = acc.bindings.qualified(unit, e);
    const v = decl && acc.ev.valueOf(decl);
    if (v) return eventLists(acc, v.unit, v.expr, depth + 1, lost);
    // an enum's member (`ShippingEvent.CourierAccountStateChanged`)
    const owner = acc.bindings.qualified(unit, e.expression);
    if (owner?.kind === 'enum') {
      const member = owner.node.members.find((m) => ts.isIdentifier(m.name) && m.name.text === e.name.text);
      return member?.initializer ? eventLists(acc, owner.unit, member.initializer, depth + 1, lost) : none();
    }
    // a property of an object the check can see (`EVENTS.courier` with `const EVENTS = { courier: '…' }`)
    const obj = acc.ev.objectOf(unit, e.expression);
    const value = obj && propertyValue(findProperty(obj.node, e.name.text));
    if (value) return eventLists(acc, obj!.unit, value, depth + 1, lost);
  }
  return none();
}

/**
 * What a parameter may hold, by its declared type (`events: ShippingEventType[]`):
 * the names of a union of literal types (the type checker keeps what callers pass to them, and the
 * type moves with the requests it types: settle-event-types.ts), or an enum's members: the code
 * they are written in. Undefined for any other type (`string[]`): it may hold any name.
 */
function typedBy(acc: AnalysisState, unit: Unit, type: ts.TypeNode | undefined): Span[] | undefined {
  let t = type;
  while (t && (ts.isArrayTypeNode(t) || ts.isParenthesizedTypeNode(t) || (ts.isTypeOperatorNode(t) && t.operator === ts.SyntaxKind.ReadonlyKeyword)))
    t = ts.isArrayTypeNode(t) ? t.elementType : t.type;
  // (`Array<T>`, `ReadonlyArray<T>`)
  if (t && ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName) && /^(?:Array|ReadonlyArray)$/.test(t.typeName.text) && t.typeArguments?.length === 1) t = t.typeArguments[0];
  if (!t || !ts.isTypeReferenceNode(t) || !ts.isIdentifier(t.typeName)) return undefined;
  const d = acc.bindings.resolve(unit, t.typeName);
  if (d?.kind === 'enum') return [{ unit: d.unit, node: d.node }];
  if (d?.kind !== 'type' || !ts.isTypeAliasDeclaration(d.node)) return undefined;
  const names = (n: ts.TypeNode): boolean => (ts.isUnionTypeNode(n) ? n.types.every(names) : ts.isParenthesizedTypeNode(n) ? names(n.type) : ts.isLiteralTypeNode(n) && ts.isStringLiteral(n.literal));
  return names(d.node.type) ? [{ unit: d.unit, node: d.node }] : undefined;
}

/**
 * A 2023-01 webhook body's event list, tied to the request it is sent with: the code it is written
 * in moves with the request or stays with it; a value the check cannot follow holds the request
 * (it may name the 2023-01 event, which would then go to a 2024-09 webhook).
 */
export function tieEventList(acc: AnalysisState, unit: Unit, value: ts.Expression): void {
  const lost: { unit: Unit; expr: ts.Expression }[] = [];
  for (const s of eventLists(acc, unit, value, 0, lost)) acc.bodyObjects?.push(s);
  if (!lost.length || !acc.collecting) return;
  const shown = shortText(lost[0].expr.getText(lost[0].unit.sf));
  acc.unseenInBody ??= `the webhook's event list takes \`${shown}\`${lost[0].unit.file !== unit.file ? ` (${acc.placeOf(lost[0].unit.file, lineOf(lost[0].unit, lost[0].expr), unit.file)})` : ''}, which the check cannot follow to the event names it holds and which may name the 2023-01 event: move the path, the \`version\` and the events together by hand`;
}
