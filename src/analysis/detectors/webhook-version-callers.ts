// A webhook `version` read from a parameter (`version: opts.version`, `version: v`): the request is
// held (webhooks.ts), and the '2023-01' each caller of the function passes in its place
// (`registerHook({ url, version: '2023-01' })`) is reported where it is written, with the request:
// left there, it would go on registering 2023-01 webhooks once the path is moved by hand.

import ts from '../../core/ts.cjs';
import type { RequestContext } from '../../types.js';
import { findProperty, propertyValue, unwrap } from '../evaluate.js';
import { note, says } from '../findings.js';
import type { AnalysisState } from '../state.js';
import { lineOf, type Unit } from '../units.js';
import { callersOf, type FunctionNode } from './callers.js';

/**
 * Report the '2023-01' the callers pass for a parameter a webhook `version` reads (the parameter
 * itself, or its `version`-like property); returns where they are (`src/setup.ts:3`), for the
 * request's message, or undefined when none does.
 */
export function callerVersions(acc: AnalysisState, unit: Unit, value: ts.Expression, info: RequestContext): string | undefined {
  const v = unwrap(value);
  const id = ts.isIdentifier(v) ? v : ts.isPropertyAccessExpression(v) && ts.isIdentifier(v.expression) ? v.expression : undefined;
  const key = ts.isPropertyAccessExpression(v) ? v.name.text : undefined;
  const decl = id && acc.bindings.resolve(unit, id);
  if (decl?.kind !== 'param') return undefined;
  const places: string[] = [];
  for (const c of callersOf(acc, decl.fn as FunctionNode)) {
    const arg = c.call.arguments[decl.index];
    if (!arg || ts.isSpreadElement(arg)) continue;
    // where the value is written: the argument itself, or its property of that name
    const obj = key ? acc.ev.objectOf(c.unit, arg) : undefined;
    const given = key ? (obj ? propertyValue(findProperty(obj.node, key)) : undefined) : arg;
    const at = obj?.unit ?? c.unit;
    const lit = given && unwrap(given);
    if (!lit || !(ts.isStringLiteral(lit) || ts.isNoSubstitutionTemplateLiteral(lit)) || lit.text !== '2023-01') continue;
    report(acc, at, lit, info, unit, value);
    places.push(acc.placeOf(at.file, lineOf(at, lit), unit.file));
  }
  return places.length ? places.join(', ') : undefined;
}

function report(acc: AnalysisState, at: Unit, lit: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral, info: RequestContext, unit: Unit, value: ts.Expression): void {
  const read = value.getText(unit.sf);
  const place = acc.placeOf(unit.file, lineOf(unit, value), at.file);
  // (a path moved by hand already: only the version is left, and a webhook's version is its path's)
  const moved = !!info.endpoint?.includes('/2024-09/');
  const what = moved ? `set it to '2024-09' by hand: the webhook's path, ${place}, is 2024-09 already, and its \`version\` must be its path's` : `set it to '2024-09' together with the webhook's path, ${place}, by hand`;
  acc.add('webhook-version', at, lit.getStart(at.sf), lit.getEnd(), says(`'2023-01', passed as the webhook \`version\` (\`${read}\`), names 2023-01; a webhook for 2024-09 carries \`'2024-09'\`; `, note('none', what)), { context: info });
}
