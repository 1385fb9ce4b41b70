// The reads of an object literal's member in the modules parsed, however the object reaches the
// module reading it: a constant of its own module, an ES import (under any name), a `require()` of
// a module whose `module.exports` or `exports.NAME` is the object (or a constant holding it).

import ts from '../../core/ts.cjs';
import { propName } from '../bindings.js';
import { unwrap } from '../syntax.js';
import type { AnalysisState } from '../state.js';
import type { Unit } from '../units.js';
import { identifiers } from './identifiers.js';

/**
 * Where a member `KEY: value` of an object literal is read: `X.KEY` where `X` is followed to the
 * object, and a name bound to the member (`const { KEY } = require('./events')`, `const { KEY } =
 * EVENTS`) where it is read. The member's name finds the candidates; what each one is followed to
 * decides, so that a name the importer chose (`const EVENTS = require('./events')` of a module that
 * calls it `SHIPPING_EVENTS`, or of one that exports the object as it is written) is no obstacle.
 */
export function memberReads(acc: AnalysisState, unit: Unit, member: ts.PropertyAssignment): { unit: Unit; node: ts.Expression }[] {
  const key = propName(member.name);
  const obj = member.parent;
  if (key === undefined || !ts.isObjectLiteralExpression(obj)) return [];
  const value = unwrap(member.initializer);
  const reads: { unit: Unit; node: ts.Expression }[] = [];
  for (const u of acc.store.all()) {
    if (!u.sf.text.includes(key)) continue;
    for (const id of identifiers(acc, u, key)) {
      if (id === member.name) continue;
      const p = id.parent;
      if (p && ts.isPropertyAccessExpression(p)) {
        if (p.name === id && acc.ev.objectOf(u, p.expression)?.node === obj) reads.push({ unit: u, node: p });
        continue;
      }
      // a name bound to the member, read where it is not the binding itself
      if (!p || (ts.isBindingElement(p) && (p.name === id || p.propertyName === id)) || ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) continue;
      const d = acc.bindings.resolve(u, id);
      const held = d && acc.ev.valueOf(d);
      if (held && unwrap(held.expr) === value) reads.push({ unit: u, node: id });
    }
  }
  return reads;
}
