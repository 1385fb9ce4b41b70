// Objects no endpoint is seen for, known by their own keys; and the ambiguous `courier_id` of a
// file that still calls an old version.

import { contextFromKeys } from '../../core/keys.js';
import ts from '../../core/ts.cjs';
import { propName } from '../bindings.js';
import { findProperty, propertyValue, unwrap } from '../evaluate.js';
import type { AnalysisState } from '../state.js';
import { type Unit, treeIndex } from '../units.js';
import { applyContext } from './bodies.js';
import { eventLists } from './body-objects.js';

export function scanObjectsByKeys(acc: AnalysisState, unit: Unit): void {
  // outer objects come first: a context an outer one gives its inner objects is seen here
  for (const n of treeIndex(unit.sf).objects) {
    if (!acc.contexted.has(n)) {
      const keys = new Set<string>();
      let nested: Set<string> | undefined;
      for (const p of n.properties) {
        const k = p.name ? propName(p.name) : undefined;
        if (!k) continue;
        keys.add(k);
        if (k === 'pickup' && ts.isPropertyAssignment(p) && ts.isObjectLiteralExpression(unwrap(p.initializer)))
          nested = new Set((unwrap(p.initializer) as ts.ObjectLiteralExpression).properties.map((q) => (q.name ? propName(q.name) ?? '' : '')));
      }
      const ctx = contextFromKeys(keys, nested);
      // a webhook body known by its keys alone is the service's only when its events are
      // (a message bus's `{ topic, version: '2023-01', event_types: ['pickup_requested'] }` is not)
      if (ctx === 'webhook-2023-01' && !namesServiceEvent(acc, unit, n)) continue;
      if (ctx) {
        applyContext(acc, { unit, node: n }, ctx, { kind: ctx, by: 'keys' });
        acc.unsentObjects.push({ unit, node: n });
      }
    }
  }
}

/** Does the event list of this object name one of the service's courier events (old or new)? */
function namesServiceEvent(acc: AnalysisState, unit: Unit, n: ts.ObjectLiteralExpression): boolean {
  const list = propertyValue(findProperty(n, 'event_types'));
  if (!list) return false;
  return eventLists(acc, unit, list).some((s) => /courier(?:_account)?_state_changed/.test(s.node.getText(s.unit.sf)));
}

export function scanAmbiguous(acc: AnalysisState, unit: Unit): void {
  if (!unit.sf.text.includes('courier_id')) return;
  for (const n of treeIndex(unit.sf).objects) {
    if (acc.contexted.has(n)) continue;
    for (const p of n.properties) {
      if (!(ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) || !p.name || propName(p.name) !== 'courier_id') continue;
      acc.add('ambiguous-courier-id', unit, p.name.getStart(unit.sf), p.name.getEnd(), '`courier_id` in no known request context, in a file that still calls an old API version: in v1 and 2023-01 it names a courier service (`courier_service_id` in 2024-09), in 2024-09 a courier. Decide which is meant (left for a person; `--fix` never renames it).');
    }
  }
}
