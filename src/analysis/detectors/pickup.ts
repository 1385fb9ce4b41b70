// v1 pickup bodies: window times in `YYYY-MM-DDTHH:MM` become `HH:MM`, the nested `pickup`
// object is hoisted field by field; and the checks of a 2024-09 pickup body.

import { DAY_KEYS, V1_ONLY_PICKUP_FIELDS, convertPickupTime, dayLost, isHHMM, renamesIn, type DayGiven, type DayLoss } from '../../core/keys.js';
import ts from '../../core/ts.cjs';
import type { RequestContext } from '../../types.js';
import { propName } from '../bindings.js';
import { findProperty, knownText, propertyValue, unwrap } from '../evaluate.js';
import { note, says } from '../findings.js';
import type { UnitEdit } from '../render.js';
import type { AnalysisState } from '../state.js';
import { lineOf, type Unit } from '../units.js';
import { identifiers } from './identifiers.js';
import { outermost } from './uses.js';
import { renameKey } from './renames.js';

/** Blanks and a comma, from where it is set (sticky: matches there or as nothing). */
export const COMMA_AFTER = /[ \t]*,?/y;

/** The 2024-09 name of a field the nested `pickup` object and the top level both give with different literal values. */
export function nestedConflict(body: ts.ObjectLiteralExpression): string | undefined {
  const np = findProperty(body, 'pickup');
  if (!np || !ts.isPropertyAssignment(np)) return undefined;
  const inner = unwrap(np.initializer);
  if (!ts.isObjectLiteralExpression(inner)) return undefined;
  const renames = renamesIn('pickup-v1');
  const top = new Map<string, ts.Expression>();
  for (const q of body.properties) {
    const n = q !== np && q.name ? propName(q.name) : undefined;
    if (n && ts.isPropertyAssignment(q)) top.set(renames.get(n)?.to ?? n, unwrap(q.initializer));
  }
  for (const q of inner.properties) {
    const n = q.name ? propName(q.name) : undefined;
    if (!n || !ts.isPropertyAssignment(q)) continue;
    const name = renames.get(n)?.to ?? n;
    const a = top.get(name);
    const b = unwrap(q.initializer);
    if (a && isLiteral(a) && isLiteral(b) && literalValue(a) !== literalValue(b)) return name;
  }
  return undefined;
}

/**
 * Does a 2024-09 pickup body still give a field only v1 has (or v1's nested `pickup` object)?
 * `courier_id` alone is not such a field: PRODUCT.md makes it the right name in code on 2024-09.
 */
export function halfMigratedPickup(node: ts.ObjectLiteralExpression): boolean {
  return node.properties.some((p) => {
    const name = p.name ? propName(p.name) : undefined;
    return name !== undefined && (V1_ONLY_PICKUP_FIELDS.includes(name) || (name === 'pickup' && ts.isPropertyAssignment(p) && ts.isObjectLiteralExpression(unwrap(p.initializer))));
  });
}

/** A value written out in full: a string, number, boolean or null, or a list of such values (`service_shipment_ids`). */
export function isLiteral(e: ts.Expression): boolean {
  if (ts.isArrayLiteralExpression(e)) return e.elements.every((x) => isLiteral(unwrap(x)));
  return ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isNumericLiteral(e) || e.kind === ts.SyntaxKind.TrueKeyword || e.kind === ts.SyntaxKind.FalseKeyword || e.kind === ts.SyntaxKind.NullKeyword;
}

/** What a literal (`isLiteral`) stands for, the same however it is written (quotes, spacing). */
export function literalValue(e: ts.Expression): string {
  if (ts.isArrayLiteralExpression(e)) return `a:[${e.elements.map((x) => literalValue(unwrap(x))).join(',')}]`;
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return 's:' + JSON.stringify(e.text);
  if (ts.isNumericLiteral(e)) return 'n:' + e.text;
  return 'k:' + e.kind;
}

/** v1 window times: `YYYY-MM-DDTHH:MM` literals become `HH:MM`; anything else stays for review. */
export function pickupTime(acc: AnalysisState, unit: Unit, body: ts.ObjectLiteralExpression, written: ts.Expression, name: string, info: RequestContext, nested = false): void {
  const value = unwrap(written);
  const start = value.getStart(unit.sf);
  const lit = ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value) ? value : undefined;
  if (lit) {
    const conv = convertPickupTime(lit.text);
    // already `HH:MM` (or empty): nothing to convert; any other text is no v1 time the fix can read
    if (!conv && (isHHMM(lit.text) || lit.text === '')) return;
    if (!conv) {
      const f = acc.add('v1-pickup-time-value', unit, start, value.getEnd(), says(`\`${name}\` is ${lit.getText(unit.sf)}, not the v1 form \`YYYY-MM-DDTHH:MM\`; 2024-09 takes local \`HH:MM\` (the day from \`selected_date\`), and \`--fix\` cannot tell which time this text means; `, note('none', 'write the HH:MM time by hand')), { context: info });
      // moved unconverted, the request would send 2024-09 a value it does not read
      if (f) acc.holdsRequest.add(f);
      return;
    }
    const why = windowDayLost(acc, unit, body, nested, conv.day);
    if (why) {
      const f = acc.add('v1-pickup-time-value', unit, start, value.getEnd(), says(`\`${name}\` is ${lit.getText(unit.sf)}, a v1 \`YYYY-MM-DDTHH:MM\` time ${why.text}; 2024-09 takes \`HH:MM\` and the day from \`selected_date\`, so dropping the day would ${why.effect}; `, note('none', why.todo)), { context: info });
      // a value that cannot be converted without changing the window holds its request
      if (f) acc.holdsRequest.add(f);
      return;
    }
    const raw = lit.getText(unit.sf);
    const edit = raw.slice(1, -1) === lit.text && !nested && !acc.leftBodies.has(body) && !acc.heldObjects.has(body) ? { unit, start: start + 1, end: value.getEnd() - 1, text: conv.time } : undefined;
    acc.add('v1-pickup-time-value', unit, start, value.getEnd(), says(`\`${name}\` ${raw} is a v1 \`YYYY-MM-DDTHH:MM\` time; 2024-09 takes \`${conv.time}\` (local \`HH:MM\`, the day from \`selected_date\`); `, note('safe')), {
      edits: edit ? [edit] : undefined,
      fixKind: 'safe',
      context: info,
      fixDescription: `write ${conv.time}`,
      newText: conv.time,
    });
    return;
  }
  acc.add('v1-pickup-time-value', unit, start, value.getEnd(), says(`\`${name}\` takes \`${value.getText(unit.sf)}\`, which v1 reads as \`YYYY-MM-DDTHH:MM\`; 2024-09 wants local \`HH:MM\` (the day from \`selected_date\`); `, note('none', 'the expression is kept: check that it yields HH:MM')), { context: info });
}

/**
 * Why a window time's day would be lost (dayLost) in this body; for a window constant that gives no
 * day of its own and is spread into bodies that do (`{ ...DEFAULT_WINDOW, preferred_date: '…' }`),
 * in each of those bodies.
 */
function windowDayLost(acc: AnalysisState, unit: Unit, body: ts.ObjectLiteralExpression, nested: boolean, day: string): DayLoss | undefined {
  const own = dayGiven(acc, body, nested);
  // (the date keys come first in DAY_KEYS: a body giving one decides for itself)
  const into = own.some((g) => DAY_KEYS.indexOf(g.key) < 2) || nested ? [] : spreadInto(acc, unit, body);
  if (!into.length) return dayLost(day, own);
  for (const target of into) {
    const why = dayLost(day, dayGiven(acc, target, false));
    if (why) return why;
  }
  return undefined;
}

/** The object literals a module's or function's constant object is spread into (`{ ...DEFAULT_WINDOW, … }`), where it is seen. */
function spreadInto(acc: AnalysisState, unit: Unit, body: ts.ObjectLiteralExpression): ts.ObjectLiteralExpression[] {
  const top = outermost(body);
  const decl = top.parent;
  if (!decl || !ts.isVariableDeclaration(decl) || decl.initializer !== top || !ts.isIdentifier(decl.name)) return [];
  const out: ts.ObjectLiteralExpression[] = [];
  const name = decl.name.text;
  // (in its own module, and, exported, in the modules importing it: `import { WINDOW } from './defaults'`)
  const units = [unit, ...acc.store.all().filter((u) => u !== unit && u.sf.text.includes(name))];
  for (const u of units)
    for (const id of identifiers(acc, u, name)) {
      const spread = id.parent;
      if (id === decl.name || !ts.isSpreadAssignment(spread) || !ts.isObjectLiteralExpression(spread.parent)) continue;
      const d = acc.bindings.resolve(u, id);
      if (d?.kind === 'var' && d.node === decl) out.push(spread.parent);
    }
  return out;
}

/** The keys the body (or the nested `pickup` object, or the body it is nested in) gives its pickup day by, for `dayLost`. */
function dayGiven(acc: AnalysisState, body: ts.ObjectLiteralExpression, nested: boolean): DayGiven[] {
  const scopes: ts.ObjectLiteralExpression[] = [body];
  if (nested && ts.isPropertyAssignment(body.parent) && ts.isObjectLiteralExpression(body.parent.parent)) scopes.push(body.parent.parent);
  if (!nested) {
    const np = findProperty(body, 'pickup');
    if (np && ts.isPropertyAssignment(np) && ts.isObjectLiteralExpression(unwrap(np.initializer))) scopes.push(unwrap(np.initializer) as ts.ObjectLiteralExpression);
  }
  const out: DayGiven[] = [];
  const text = (e: ts.Expression | undefined) => {
    const v = e && unwrap(e);
    return v && (ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v)) ? v.text : undefined;
  };
  for (const s of scopes)
    for (const key of DAY_KEYS) {
      const d = findProperty(s, key);
      if (d) out.push({ key, text: ts.isPropertyAssignment(d) ? text(d.initializer) : undefined });
      // a key assigned to the body's variable (`body.preferred_date = '…'`) is the body's too
      for (const w of acc.refsMemo.get(s)?.writes ?? []) if (w.key === key) out.push({ key, text: w.plain ? text(w.value) : undefined });
    }
  return out;
}

/** The nested `pickup` object: hoist what the top level lacks, drop what it gives, remove the object. */
export function nestedPickup(
  acc: AnalysisState,
  unit: Unit,
  body: ts.ObjectLiteralExpression,
  prop: ts.PropertyAssignment | ts.ShorthandPropertyAssignment,
  info: RequestContext,
  /** the objects a nested `pickup` given through a variable names: held, their keys left (bodies.ts) */
  holdNested: (unit: Unit, value: ts.Expression, info: RequestContext) => void,
): void {
  const value = propertyValue(prop)!;
  const inner = unwrap(value);
  const start = prop.name.getStart(unit.sf);
  if (!ts.isObjectLiteralExpression(inner)) {
    // a value written here that is no object (`pickup: false`): nothing to move, the key itself has no 2024-09 form
    const primitive = inner.kind === ts.SyntaxKind.TrueKeyword || inner.kind === ts.SyntaxKind.FalseKeyword || inner.kind === ts.SyntaxKind.NullKeyword || ts.isNumericLiteral(inner) || ts.isStringLiteralLike(inner);
    const why = primitive ? `its value here is \`${inner.getText(unit.sf)}\`, no object: 2024-09 has no \`pickup\` key, so remove it by hand` : 'its value is not written here: move its fields to the top level by hand';
    acc.add('v1-pickup-nested-object', unit, start, prop.name.getEnd(), says(`The nested \`pickup\` object of a v1 pickup body is absent from 2024-09; `, note('none', why)), { context: info });
    // the object it names is left as it is (renaming its keys would fit neither version), and the request with it
    holdNested(unit, value, info);
    return;
  }
  const p = prop as ts.PropertyAssignment;
  acc.nestedPickups.add(inner);
  acc.contexted.set(inner, 'pickup-v1');
  const renames = renamesIn('pickup-v1');
  const topNames = new Map<string, ts.ObjectLiteralElementLike>();
  for (const q of body.properties) if (q !== p && q.name) {
    const n = propName(q.name);
    if (n) topNames.set(renames.get(n)?.to ?? n, q);
  }
  const sf = unit.sf;
  const text = sf.text;
  const lineIndent = (pos: number) => {
    const ls = text.lastIndexOf('\n', pos - 1) + 1;
    return /^[ \t]*/.exec(text.slice(ls))![0];
  };
  const propIndent = lineIndent(p.getStart(sf));
  const hoisted: string[] = [];
  // the comments between the nested fields go with the field after them (a dropped field's, and
  // those after the last field, with the first field hoisted): hoisting drops no comment
  const slice = (cs: ts.CommentRange[] | undefined) => (cs ?? []).map((c) => text.slice(c.pos, c.end));
  // the position after a field and the comma that ends it, if any
  const pastComma = (end: number) => {
    COMMA_AFTER.lastIndex = end;
    return end + COMMA_AFTER.exec(text)![0].length;
  };
  // a field's own comments: on the lines before it (on the line of `{` for the first), and after it on its line
  const ownComments = (q: ts.ObjectLiteralElementLike, first: boolean) => {
    const before = [...(first ? slice(ts.getTrailingCommentRanges(text, q.pos)) : []), ...slice(ts.getLeadingCommentRanges(text, q.pos))];
    return { before, after: slice(ts.getTrailingCommentRanges(text, pastComma(q.getEnd()))) };
  };
  const leading: string[][] = [];
  let pending: string[] = [];
  let conflict: string | undefined;
  let blocked = false;
  for (const q of inner.properties) {
    const own = ownComments(q, q === inner.properties[0]);
    pending.push(...own.before, ...own.after);
    if (!q.name || ts.isSpreadAssignment(q) || !(ts.isPropertyAssignment(q) || ts.isShorthandPropertyAssignment(q))) {
      blocked = true;
      continue;
    }
    const n = propName(q.name);
    if (!n) {
      blocked = true;
      continue;
    }
    const newName = renames.get(n)?.to ?? n;
    // report the inner fields as any v1 pickup field (their fix is this one)
    const ch = renames.get(n);
    if (ch) renameKey(acc, { unit, nameNode: q.name, shorthand: ts.isShorthandPropertyAssignment(q), owner: inner, element: q }, ch.rule, n, ch.to, info, 'pickup-v1');
    if ((n === 'preferred_min_time' || n === 'preferred_max_time')) pickupTime(acc, unit, inner, propertyValue(q)!, n, info, true);
    const top = topNames.get(newName);
    if (top) {
      const a = ts.isPropertyAssignment(top) ? unwrap(top.initializer) : undefined;
      const b = ts.isPropertyAssignment(q) ? unwrap(q.initializer) : undefined;
      if (a && b && isLiteral(a) && isLiteral(b) && literalValue(a) !== literalValue(b)) conflict = newName;
      continue; // the top level already gives it: dropped
    }
    // hoisted, renamed, its time value converted, its lines dedented to the property's indent
    let valueText: string;
    if (ts.isShorthandPropertyAssignment(q)) valueText = n;
    else {
      const v = unwrap(q.initializer);
      valueText = text.slice(q.initializer.getStart(sf), q.initializer.getEnd());
      if ((n === 'preferred_min_time' || n === 'preferred_max_time') && (ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v))) {
        const conv = convertPickupTime(v.text);
        const raw = v.getText(sf);
        if (conv && !dayLost(conv.day, dayGiven(acc, inner, true)) && raw.slice(1, -1) === v.text) valueText = raw[0] + conv.time + raw[raw.length - 1];
      }
    }
    const innerIndent = lineIndent(q.getStart(sf));
    const dedent = (s: string) => (innerIndent.length > propIndent.length ? s.split('\n').map((l, i) => (i > 0 && l.startsWith(innerIndent) ? propIndent + l.slice(innerIndent.length) : l)).join('\n') : s);
    hoisted.push(dedent(`${newName}: ${valueText}`));
    leading.push(pending);
    pending = [];
  }
  const last = inner.properties[inner.properties.length - 1];
  if (last) pending.push(...slice(ts.getLeadingCommentRanges(text, pastComma(last.getEnd()))));
  if (leading.length) leading[0].unshift(...pending);
  const written = text.slice(p.getStart(sf), p.getEnd());
  const multiline = written.includes('\n');
  // the hoisted fields go on lines of their own, ended as the object's own lines are (CRLF stays CRLF)
  const eol = written.includes('\r\n') ? '\r\n' : '\n';
  // (a line comment never sits in a property written on one line: it would end the line)
  const withComments = hoisted.map((h, i) => leading[i].map((c) => (multiline ? `${c}${eol}${propIndent}` : `${c} `)).join('') + h);
  let edit: UnitEdit | undefined;
  if (!conflict && !blocked) {
    if (hoisted.length) edit = { unit, start: p.getStart(sf), end: p.getEnd(), text: withComments.join(multiline ? `,${eol}${propIndent}` : ', ') };
    else {
      // nothing to hoist: remove the property with its comma (and its line when it has one)
      let s = p.getStart(sf);
      let e = p.getEnd();
      const after = text.slice(e);
      const comma = /^\s*,/.exec(after);
      if (comma) e += comma[0].length;
      const lineStart = text.lastIndexOf('\n', s - 1) + 1;
      if (/^[ \t]*$/.test(text.slice(lineStart, s)) && /^[ \t]*(\r?\n)/.test(text.slice(e))) {
        s = lineStart;
        e += /^[ \t]*(\r?\n)/.exec(text.slice(e))![0].length;
      } else if (!comma) {
        const before = /,\s*$/.exec(text.slice(0, s));
        if (before) s -= before[0].length;
      }
      edit = { unit, start: s, end: e, text: '' };
    }
  }
  const msg = conflict
    ? says(`The nested \`pickup\` object is absent from 2024-09, and it gives \`${conflict}\` a different value than the top level; `, note('none', 'decide which value is meant, then remove the nested object'))
    : blocked
      ? says(`The nested \`pickup\` object is absent from 2024-09; `, note('none', 'it holds a spread or computed key: move its fields to the top level by hand'))
      : says(`The nested \`pickup\` object is absent from 2024-09: its fields belong at the top level; `, note('safe'));
  acc.add('v1-pickup-nested-object', unit, start, p.name.getEnd(), msg, { edits: edit ? [edit] : undefined, context: info, fixDescription: 'hoist the nested pickup fields' });
}

/** 2024-09 pickup checks: one time source, and HH:MM window times. */
export function check2024Pickup(acc: AnalysisState, unit: Unit, node: ts.ObjectLiteralExpression): void {
  const slot = findProperty(node, 'time_slot_id');
  const from = findProperty(node, 'selected_from_time');
  const to = findProperty(node, 'selected_to_time');
  if (slot && slot.name && (from || to))
    acc.add('pickup-time-source', unit, slot.name.getStart(unit.sf), slot.name.getEnd(), 'This 2024-09 pickup gives both `time_slot_id` and the `selected_from_time`/`selected_to_time` pair; 2024-09 takes one or the other, not both. Keep one (left for a person).');
  for (const [p, name] of [[from, 'selected_from_time'], [to, 'selected_to_time']] as const) {
    if (!p || !(ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p))) continue;
    const value = ts.isPropertyAssignment(p) ? unwrap(p.initializer) : p.name;
    const pieces = acc.ev.pieces(unit, value);
    const s = value.getStart(unit.sf);
    const text = knownText(pieces);
    if (text !== undefined) {
      if (!isHHMM(text)) acc.add('pickup-time-format', unit, s, value.getEnd(), `\`${name}\` is '${text}', not a local \`HH:MM\` time as 2024-09 requires (the day goes in \`selected_date\`); left for a person.`);
    } else {
      acc.add('pickup-time-review', unit, s, value.getEnd(), `\`${name}\` takes \`${value.getText(unit.sf)}\`: 2024-09 wants local \`HH:MM\` where v1 took \`YYYY-MM-DDTHH:MM\`; check that the expression yields \`HH:MM\`, then suppress this warning with a comment.`, { severity: 'warning' });
    }
  }
}

/**
 * A 2024-09 pickup body that is a parameter no caller in the project fills, typed by a request type
 * of the project's (`bookPickup(req: PickupRequest)`): its window times cannot be seen, so each
 * time member the type gives is a warning to review, as a time value that is an expression is
 * (2024-09 wants local `HH:MM` where v1 took `YYYY-MM-DDTHH:MM`: a type `--fix` renamed from
 * `preferred_min_time` still takes what its callers sent before).
 */
export function unseenTypedTimes(acc: AnalysisState, unit: Unit, e: ts.Identifier): void {
  const decl = acc.bindings.resolve(unit, e);
  if (decl?.kind !== 'param' || acc.boundCall?.fn === decl.fn) return;
  const type = decl.node.type;
  if (!type || !ts.isTypeReferenceNode(type) || !ts.isIdentifier(type.typeName)) return;
  const t = acc.bindings.resolve(decl.unit, type.typeName);
  let members: ts.NodeArray<ts.TypeElement | ts.ClassElement> | undefined;
  if (t?.kind === 'type') members = ts.isInterfaceDeclaration(t.node) ? t.node.members : ts.isTypeLiteralNode(t.node.type) ? t.node.type.members : undefined;
  else if (t?.kind === 'class') members = t.node.members;
  for (const m of members ?? []) {
    const name = m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) ? m.name.text : undefined;
    if (!t || !m.name || (name !== 'selected_from_time' && name !== 'selected_to_time')) continue;
    const sentAt = acc.placeOf(unit.file, lineOf(unit, e), t.unit.file);
    acc.add(
      'pickup-time-review',
      t.unit,
      m.name.getStart(t.unit.sf),
      m.name.getEnd(),
      `\`${name}\` of the request type \`${type.typeName.text}\` types a 2024-09 pickup body whose values the check cannot see (\`${e.text}\`, sent at ${sentAt}, is a parameter no caller in the project fills): 2024-09 wants local \`HH:MM\` where v1 took \`YYYY-MM-DDTHH:MM\`; check what fills it, then suppress this warning with a comment.`,
      { severity: 'warning' },
    );
  }
}
