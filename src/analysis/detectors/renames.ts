// A body key renamed in its context (`courier_id` -> `courier_service_id` in a label entry), or
// left with the reason (a conflicting nested object, a name the object already gives).

import type { Rule } from '../../catalogue/index.js';
import { type ContextKind, contextLabel, renamesIn } from '../../core/keys.js';
import ts from '../../core/ts.cjs';
import type { FixKind, RequestContext } from '../../types.js';
import { propName } from '../bindings.js';
import { note, says } from '../findings.js';
import type { UnitEdit } from '../render.js';
import type { AnalysisState } from '../state.js';
import type { Unit } from '../units.js';

/** Where an object literal names a key: one of its properties, or an assignment to it (`body.k = v`). */
export interface KeySite {
  unit: Unit;
  nameNode: ts.Node;
  shorthand: boolean;
  /** the object the key is the key of */
  owner: ts.ObjectLiteralExpression;
  element?: ts.ObjectLiteralElementLike;
}

export function renameKey(acc: AnalysisState, site: KeySite, rule: Rule, from: string, to: string, info: RequestContext, ctx: ContextKind, withPath = false): void {
  const { unit, nameNode, owner } = site;
  const start = nameNode.getStart(unit.sf);
  let edit: UnitEdit | undefined;
  if (site.shorthand) edit = { unit, start, end: nameNode.getEnd(), text: `${to}: ${from}` };
  else if (ts.isIdentifier(nameNode)) edit = { unit, start, end: nameNode.getEnd(), text: to };
  else if (ts.isStringLiteral(nameNode) || ts.isNoSubstitutionTemplateLiteral(nameNode)) {
    const raw = nameNode.getText(unit.sf);
    edit = raw.slice(1, -1) === from ? { unit, start: start + 1, end: nameNode.getEnd() - 1, text: to } : undefined;
  }
  // the whole body is left when its nested object conflicts with it (PRODUCT.md, "What --fix does")
  const left = acc.leftBodies.has(owner) || (acc.nestedPickups.has(owner) && ts.isPropertyAssignment(owner.parent) && acc.leftBodies.has(owner.parent.parent));
  const held = acc.heldObjects.get(owner);
  // the object already gives the new name (`{ courier_service_id, courier_id }`): renaming would
  // write the key twice, and which value is meant is a person's call
  // (a key that is itself renamed away, `courier_id` beside `courier_account_id`, frees its name)
  const taken =
    !acc.nestedPickups.has(owner) &&
    !renamesIn(ctx).has(to) &&
    (owner.properties.some((q) => q !== site.element && q.name && propName(q.name) === to) || (acc.refsMemo.get(owner)?.writes ?? []).some((w) => w.nameNode !== nameNode && w.key === to));
  if (left || taken || held) edit = undefined;
  const inNested = acc.nestedPickups.has(owner) && !left;
  const what = contextLabel(ctx);
  const kind: FixKind = inNested ? 'safe' : edit ? (withPath ? 'unsafe' : rule.fix) : 'none';
  const why = withPath
    ? ` (alone, \`${to}\` reads as the 2023-01 name again; it goes with moving the request to 2024-09)`
    : '';
  const manual = left
    ? 'the nested `pickup` object gives a field another value than the top level; decide which is meant, then rename'
    : held
      ? held
      : taken
        ? `the object gives \`${to}\` already; decide which value is meant and keep one key`
        : 'rename it by hand';
  acc.add(rule.id, unit, start, nameNode.getEnd(), says(`\`${from}\` in ${what} is \`${to}\` in 2024-09${why}; `, note(kind, manual)), {
    edits: inNested ? undefined : edit ? [edit] : undefined,
    fixKind: inNested ? 'safe' : withPath && edit ? 'unsafe' : undefined,
    context: info,
    fixDescription: `rename ${from} to ${to}`,
    newText: to,
  });
}
