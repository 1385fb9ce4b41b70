// The identifiers of a unit by name, indexed once per unit: the uses of a name the checks follow.

import ts from '../../core/ts.cjs';
import type { AnalysisState } from '../state.js';
import type { Unit } from '../units.js';

/** The identifiers of a unit with this name. */
export function identifiers(acc: AnalysisState, unit: Unit, name: string): ts.Identifier[] {
  let index = acc.idIndex.get(unit);
  if (!index) {
    const built = new Map<string, ts.Identifier[]>();
    const visit = (n: ts.Node): void => {
      if (ts.isIdentifier(n)) {
        const list = built.get(n.text);
        if (list) list.push(n);
        else built.set(n.text, [n]);
      }
      ts.forEachChild(n, visit);
    };
    visit(unit.sf);
    acc.idIndex.set(unit, (index = built));
  }
  return index.get(name) ?? [];
}
