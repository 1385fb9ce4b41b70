// A map over an enum of events (`const TITLES: Record<`${ShipEvent}`, string> = {
// courier_account_state_changed: … }` with `enum ShipEvent { CourierChanged =
// 'courier_account_state_changed' }`): the key is checked against the member's value, so the member
// and the key move together or stay together (settle-event-types.ts), as an event union and the keys
// of a map over it do (event-types.ts). Read from the code as written (aliases, `${E}`, unions).

import { OLD_EVENT } from '../../core/keys.js';
import ts from '../../core/ts.cjs';
import type { AnalysisState } from '../state.js';
import { lineOf, treeIndex, type Unit } from '../units.js';
import { asserted, mapKeys } from './type-ties.js';
import { oldEventKeys } from './event-map-reads.js';
import { reportEvent } from './webhooks.js';

/** Tie each key naming the old event of a map over an enum to the enum member holding that name. */
export function tieEnumKeyedMaps(acc: AnalysisState): void {
  const ev = OLD_EVENT();
  for (const { unit, obj, p, name } of oldEventKeys(acc)) {
    if (!(ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p))) continue;
    for (const e of keyTypes(acc, unit, obj).flatMap((k) => enumsOf(acc, unit, k, 0))) {
      const member = e.node.members.find((m) => m.initializer && ts.isStringLiteral(m.initializer) && m.initializer.text === ev.old);
      const lit = member?.initializer;
      const type = lit && acc.findings.get(`${e.unit.file}:${lit.getStart(e.unit.sf) + e.unit.offset}:${ev.id}`);
      if (!type) continue;
      const shown = `\`${e.node.name.text}\` at ${acc.shownFile(e.unit.file)}:${lineOf(e.unit, member)}`;
      const key = acc.findings.get(`${unit.file}:${name.getStart(unit.sf) + unit.offset}:${ev.id}`) ?? reportEvent(acc, unit, name, ` (a key of a map over the event enum ${shown}, renamed with it)`);
      if (key) acc.eventTypeGroups.push({ type, shown, members: [type, key] });
    }
  }
}

/** The type nodes an object literal's declared type (its variable's, or asserted) writes its keys with. */
function keyTypes(acc: AnalysisState, unit: Unit, obj: ts.ObjectLiteralExpression): ts.TypeNode[] {
  const { at, types } = asserted(obj);
  if (at.parent && ts.isVariableDeclaration(at.parent) && at.parent.initializer === at && at.parent.type) types.push(at.parent.type);
  // (an alias of a map in this module: `type Titles = Record<`${ShipEvent}`, string>`)
  const alias = (ref: ts.TypeReferenceNode & { typeName: ts.Identifier }): ts.TypeNode[] => {
    const d = acc.bindings.resolve(unit, ref.typeName);
    return d?.kind === 'type' && d.unit === unit && ts.isTypeAliasDeclaration(d.node) && !d.node.typeParameters ? [d.node.type] : [];
  };
  return types.flatMap((t) => mapKeys(t, alias));
}

/** The enums a key type names: the enum itself, `${E}`, a union of them, an alias of one. */
function enumsOf(acc: AnalysisState, unit: Unit, n: ts.TypeNode, depth: number): { unit: Unit; node: ts.EnumDeclaration }[] {
  if (depth > 3) return [];
  if (ts.isParenthesizedTypeNode(n)) return enumsOf(acc, unit, n.type, depth);
  if (ts.isUnionTypeNode(n)) return n.types.flatMap((t) => enumsOf(acc, unit, t, depth));
  if (ts.isTemplateLiteralTypeNode(n) && !n.head.text && n.templateSpans.length === 1 && !n.templateSpans[0].literal.text) return enumsOf(acc, unit, n.templateSpans[0].type, depth);
  if (!ts.isTypeReferenceNode(n) || !ts.isIdentifier(n.typeName)) return [];
  const d = acc.bindings.resolve(unit, n.typeName);
  if (d?.kind === 'enum') return [{ unit: d.unit, node: d.node }];
  if (d?.kind === 'type' && ts.isTypeAliasDeclaration(d.node) && !d.node.typeParameters) return enumsOf(acc, d.unit, d.node.type, depth + 1);
  return [];
}
