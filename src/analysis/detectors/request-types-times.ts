// A v1 window time assigned to a member of a request type (`dto.preferred_min_time = …`, a DTO class
// filled field by field): the member is renamed with the type, and the value it is given must
// become a local `HH:MM` with it, as in a body written as an object (pickup.ts).

import { convertPickupTime, DAY_KEYS, dayLost, isHHMM, type DayGiven, type KeyChange } from '../../core/keys.js';
import ts from '../../core/ts.cjs';
import { note, says, type Words } from '../findings.js';
import type { UnitEdit } from '../render.js';
import type { Unit } from '../units.js';

const WINDOW = new Set(['preferred_min_time', 'preferred_max_time']);

/** What the object a member is assigned on is given by assignments beside it (`dto.preferred_date = '…'` in the same function). */
function assignedBeside(access: ts.PropertyAccessExpression): DayGiven[] {
  const target = access.expression.getText();
  let scope: ts.Node = access;
  while (scope.parent && !ts.isFunctionLike(scope) && !ts.isSourceFile(scope)) scope = scope.parent;
  const out: DayGiven[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(n.left) && n.left.expression.getText() === target) {
      const key = n.left.name.text;
      let v = n.right;
      while (ts.isParenthesizedExpression(v)) v = v.expression;
      if (DAY_KEYS.includes(key)) out.push({ key, text: ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v) ? v.text : undefined });
    }
    ts.forEachChild(n, visit);
  };
  visit(scope);
  return out;
}

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
    const why = dayLost(conv.day, assignedBeside(access));
    if (why) return { start, end, holds: true, message: says(`\`${name}\` is assigned ${value.getText(unit.sf)}, a v1 \`YYYY-MM-DDTHH:MM\` time ${why.text}; 2024-09 takes \`HH:MM\` and the day from \`selected_date\`, so dropping the day would ${why.effect}; `, note('none', why.todo)) };
    return { start, end, holds: false, edit: { unit, start: start + 1, end: end - 1, text: conv.time }, message: says(`\`${name}\` is assigned ${value.getText(unit.sf)}, a v1 \`YYYY-MM-DDTHH:MM\` time; 2024-09 takes \`${conv.time}\` (local \`HH:MM\`, the day from \`selected_date\`); `, note('safe')) };
  }
  // renamed field by field, its value would go unchecked after the fix (no object shows it as a 2024-09 body): held
  return { start, end, holds: true, message: says(`\`${name}\` is assigned \`${value.getText(unit.sf)}\`, which v1 reads as \`YYYY-MM-DDTHH:MM\`; 2024-09 wants local \`HH:MM\` (the day from \`selected_date\`); `, note('none', 'make the expression yield HH:MM, and move the request with it by hand')) };
}
