// A v1 window time assigned to a member of a request type (`dto.preferred_min_time = …`, a DTO class
// filled field by field): the member is renamed with the type, and the value it is given must
// become a local `HH:MM` with it, as in a body written as an object (pickup.ts).

import { convertPickupTime, isHHMM, type KeyChange } from '../../core/keys.js';
import ts from '../../core/ts.cjs';
import { note, says, type Words } from '../findings.js';
import type { UnitEdit } from '../render.js';
import type { Unit } from '../units.js';

const WINDOW = new Set(['preferred_min_time', 'preferred_max_time']);

/** What to report of the value a renamed window member is assigned here; `holds`: the request cannot move with it. */
export function assignedTime(unit: Unit, access: ts.PropertyAccessExpression, change: KeyChange): { start: number; end: number; message: Words; edit?: UnitEdit; holds: boolean } | undefined {
  const assign = access.parent;
  if (!WINDOW.has(change.from) || !assign || !ts.isBinaryExpression(assign) || assign.operatorToken.kind !== ts.SyntaxKind.EqualsToken || assign.left !== access) return undefined;
  let value = assign.right;
  while (ts.isParenthesizedExpression(value)) value = value.expression;
  const start = value.getStart(unit.sf);
  const end = value.getEnd();
  const name = change.from;
  if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) {
    if (isHHMM(value.text) || value.text === '') return undefined;
    const conv = convertPickupTime(value.text);
    if (!conv || value.getText(unit.sf).slice(1, -1) !== value.text)
      return { start, end, holds: true, message: says(`\`${name}\` is assigned ${value.getText(unit.sf)}, not the v1 form \`YYYY-MM-DDTHH:MM\`; 2024-09 takes local \`HH:MM\` (the day from \`selected_date\`); `, note('none', 'write the HH:MM time by hand')) };
    return { start, end, holds: false, edit: { unit, start: start + 1, end: end - 1, text: conv.time }, message: says(`\`${name}\` is assigned ${value.getText(unit.sf)}, a v1 \`YYYY-MM-DDTHH:MM\` time; 2024-09 takes \`${conv.time}\` (local \`HH:MM\`, the day from \`selected_date\`); `, note('safe')) };
  }
  // renamed field by field, its value would go unchecked after the fix (no object shows it as a 2024-09 body): held
  return { start, end, holds: true, message: says(`\`${name}\` is assigned \`${value.getText(unit.sf)}\`, which v1 reads as \`YYYY-MM-DDTHH:MM\`; 2024-09 wants local \`HH:MM\` (the day from \`selected_date\`); `, note('none', 'make the expression yield HH:MM, and move the request with it by hand')) };
}
