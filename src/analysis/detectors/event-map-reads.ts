// The reads of a map's key that names the old event (`handlers.courier_account_state_changed(id)`,
// `handlers['courier_account_state_changed'](id)`, with `const handlers = {
// courier_account_state_changed: (id) => …, … }`): where the key is renamed, such a read would find
// nothing (a TypeError at run time, TS2551 where the map is typed). Each is reported, and moves with
// the key or stays with it (settle-event-types.ts), as the keys of a map over an event type do.

import { OLD_EVENT } from '../../core/keys.js';
import ts from '../../core/ts.cjs';
import type { AnalysisState } from '../state.js';
import { lineOf, treeIndex, type Unit } from '../units.js';
import { readsOf } from './event-beside.js';
import { heldIn } from './event-lookups.js';
import { reportEvent } from './webhooks.js';

/** Tie the reads of each old-event key of a map held in a variable to the key's finding. */
export function tieMapKeyReads(acc: AnalysisState): void {
  const ev = OLD_EVENT();
  for (const { unit, obj, name } of oldEventKeys(acc)) {
    const key = acc.findings.get(`${unit.file}:${name.getStart(unit.sf) + unit.offset}:${ev.id}`);
    const holder = key && heldIn(obj);
    if (!holder) continue;
    const shown = `\`${holder.name.text}\` at ${acc.shownFile(unit.file)}:${lineOf(unit, name)}`;
    const members = [key];
    for (const r of readsOf(acc, holder.name.text, (u, id) => {
      const d = acc.bindings.resolve(u, id);
      return d?.kind === 'var' && d.node === holder;
    })) {
      const read = keyRead(r.node, ev.old);
      const f = read && reportEvent(acc, r.unit, read, ` (a read of the key of ${shown}, renamed with it)`);
      if (f) members.push(f);
    }
    if (members.length > 1) acc.eventTypeGroups.push({ type: key, shown: `the map ${shown}`, members });
  }
}

/** Each key of an object literal in the candidates that names the old event (`courier_account_state_changed: …`, quoted or shorthand). */
export function* oldEventKeys(acc: AnalysisState): Generator<{ unit: Unit; obj: ts.ObjectLiteralExpression; p: ts.ObjectLiteralElementLike; name: ts.Identifier | ts.StringLiteral }> {
  const ev = OLD_EVENT();
  for (const unit of acc.store.all()) {
    if (!acc.candidates.has(unit.file) || !unit.sf.text.includes(ev.old)) continue;
    for (const obj of treeIndex(unit.sf).objects)
      for (const p of obj.properties) {
        const name = p.name;
        if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) && name.text === ev.old) yield { unit, obj, p, name };
      }
  }
}

/** The key named at a read of the map (`map.key`, `map?.key`, `map['key']`), where it is the old event's. */
function keyRead(id: ts.Identifier, old: string): ts.Identifier | ts.StringLiteral | undefined {
  let at: ts.Node = id;
  while (at.parent && (ts.isParenthesizedExpression(at.parent) || ts.isNonNullExpression(at.parent))) at = at.parent;
  const p = at.parent;
  if (p && ts.isPropertyAccessExpression(p) && p.expression === at && ts.isIdentifier(p.name) && p.name.text === old) return p.name;
  if (p && ts.isElementAccessExpression(p) && p.expression === at && ts.isStringLiteral(p.argumentExpression) && p.argumentExpression.text === old) return p.argumentExpression;
  return undefined;
}
