// A map keyed by event names that a received event's type is looked up in (`EVENT_LABELS[evt.type]`,
// `const EVENT_LABELS = { courier_account_state_changed: 'Courier account changed', … }`): its key is
// compared with the received type as surely as a handler map's is, whatever its values are. Renamed
// with the rest, or a 2024-09 event finds no entry (and a map typed by the event union no longer
// type-checks).

import ts from '../../core/ts.cjs';
import type { AnalysisState } from '../state.js';
import { readsOf } from './event-beside.js';

/** The keys of an object that give an event's name (a received event's type, a webhook body's event list). */
export const EVENT_KEY = /^(?:type|event_type|eventType|event_types)$/;

/** Is this a received event's type (`evt.type`, `event.event_type`, `payload.eventType`)? */
function receivedType(e: ts.Expression): boolean {
  while (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isAsExpression(e)) e = e.expression;
  return ts.isPropertyAccessExpression(e) && EVENT_KEY.test(e.name.text);
}

/**
 * Is an object literal, held in a variable (`as const`, `satisfies …` around it), looked up by a
 * received event's type somewhere in the parsed modules (`MAP[evt.type]`)?
 */
export function lookedUpByEventType(acc: AnalysisState, obj: ts.ObjectLiteralExpression): boolean {
  const holder = heldIn(obj);
  if (!holder) return false;
  return readsOf(acc, holder.name.text, (u, id) => {
    const d = acc.bindings.resolve(u, id);
    return d?.kind === 'var' && d.node === holder;
  }).some((r) => {
    const p = r.node.parent;
    return !!p && ts.isElementAccessExpression(p) && p.expression === r.node && receivedType(p.argumentExpression);
  });
}

/**
 * Is an object literal held in a constant (`as const`, `satisfies …` around it) whose keys some
 * module makes a type of (`type EventName = keyof typeof EVENT_LABELS`)? Its keys are then names
 * the type checker checks values against, as a union's are (event-types.ts).
 */
export function keyofTyped(acc: AnalysisState, obj: ts.Node): boolean {
  const holder = heldIn(obj);
  if (!holder) return false;
  const typed = new RegExp(`\\bkeyof\\s+typeof\\s+${holder.name.text.replace(/\$/g, '\\$')}(?![\\w$])`);
  // (in its own module, or in one importing it: a namesake elsewhere is another object)
  const home = holder.getSourceFile().fileName;
  return acc.store.all().some((u) => typed.test(u.sf.text) && (u.sf.fileName === home || acc.store.imports(u.file, home, u.sf.text)));
}

/** The constant an object literal is held in (`as const`, `satisfies …` around it); undefined where it is none. */
export function heldIn(obj: ts.Node): (ts.VariableDeclaration & { name: ts.Identifier }) | undefined {
  let at: ts.Node = obj;
  while (at.parent && (ts.isParenthesizedExpression(at.parent) || ts.isAsExpression(at.parent) || ts.isSatisfiesExpression(at.parent))) at = at.parent;
  const d = at.parent;
  return d && ts.isVariableDeclaration(d) && d.initializer === at && ts.isIdentifier(d.name) ? (d as ts.VariableDeclaration & { name: ts.Identifier }) : undefined;
}
