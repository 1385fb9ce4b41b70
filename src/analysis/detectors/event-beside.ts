// The 2024-09 event name already written beside an old one: an object of handlers with a key of
// each (`{ courier_account_state_changed: onLegacy, courier_state_changed: onCourier }`), a
// `switch` with a case of each, comparisons of one function, a list or a union naming both.
// Renamed, the two would be one: a duplicate key (TS1117, the legacy handler silently dropped), a
// dead case or branch. Such a name is left for a person, who merges the two by hand.

import { OLD_EVENT } from '../../core/keys.js';
import ts from '../../core/ts.cjs';
import type { AnalysisState } from '../state.js';
import { lineOf, type Unit } from '../units.js';
import { knownText, unwrap } from '../evaluate.js';
import { identifiers } from './identifiers.js';
import { outermost } from './uses.js';

/** Where the 2024-09 name is written beside an old one, and what holds both (`the same object`). */
export interface Beside {
  unit: Unit;
  node: ts.Node;
  where: string;
}

const EQUALITY = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);

type Member = ts.ObjectLiteralElementLike | ts.TypeElement | ts.EnumMember | ts.ClassElement;

/** The text a value holds where the check sees it: a literal, or a constant (an enum member, an object's member) of literals. */
function valueText(acc: AnalysisState, unit: Unit, e: ts.Node | undefined): string | undefined {
  if (!e || !ts.isExpression(e)) return undefined;
  e = unwrap(e);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
  if (!ts.isIdentifier(e) && !ts.isPropertyAccessExpression(e)) return undefined;
  return knownText(acc.pieces(unit, e));
}

/** The name a member is written with (`a`, `'a'`, `[A]`). */
function nameText(acc: AnalysisState, unit: Unit, name: ts.PropertyName | undefined): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return ts.isComputedPropertyName(name) ? valueText(acc, unit, name.expression) : undefined;
}

/** The members of what holds a member: an object literal, a type literal or interface, an enum, a class. */
function siblings(m: ts.Node): readonly Member[] | undefined {
  const c = m.parent;
  if (ts.isObjectLiteralExpression(c)) return c.properties;
  if (ts.isTypeLiteralNode(c) || ts.isInterfaceDeclaration(c)) return c.members;
  if (ts.isEnumDeclaration(c)) return c.members;
  if (ts.isClassLike(c)) return c.members;
  return undefined;
}

const holderWords = (m: ts.Node): string => (ts.isEnumDeclaration(m.parent) ? 'the same enum' : ts.isObjectLiteralExpression(m.parent) ? 'the same object' : 'the same type');

/** The literal types of the union a literal type is written in (through parentheses and nested unions). */
function unionMembers(t: ts.Node): ts.LiteralTypeNode[] | undefined {
  let top: ts.Node = t;
  while (top.parent && (ts.isUnionTypeNode(top.parent) || ts.isParenthesizedTypeNode(top.parent))) top = top.parent;
  if (top === t) return undefined;
  const out: ts.LiteralTypeNode[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isLiteralTypeNode(n)) out.push(n);
    else if (ts.isUnionTypeNode(n) || ts.isParenthesizedTypeNode(n)) ts.forEachChild(n, visit);
  };
  visit(top);
  return out;
}

/**
 * Is the 2024-09 name of the old event written beside this one (`n`: a literal, or a member's
 * name), where renaming this one would make the two one? Followed where a constant holding it is
 * read (`case COURIER_EVENT:` beside `case 'courier_state_changed':`).
 */
export function newNameBeside(acc: AnalysisState, unit: Unit, n: ts.Node, depth = 0): Beside | undefined {
  const target = OLD_EVENT().new;
  if (!target || depth > 2) return undefined;
  const at = outermost(n);
  let p = at.parent;
  if (!p) return undefined;
  // a member's name: the other members of its object, type, interface or enum
  const named = ts.isComputedPropertyName(p) ? p.parent : p;
  if (named && 'name' in named && (named.name === at || named.name === p) && siblings(named)) {
    const other = siblings(named)!.find((m) => m !== named && nameText(acc, unit, m.name) === target);
    return other && { unit, node: other, where: holderWords(named) };
  }
  // a literal type: the other names of its union
  if (ts.isLiteralTypeNode(p)) {
    const other = unionMembers(p)?.find((t) => t !== p && valueText(acc, unit, t.literal) === target);
    return other && { unit, node: other, where: 'the same union' };
  }
  // a value of an object's member or an enum's: the values of its other members, then where it is read
  if ((ts.isPropertyAssignment(p) || ts.isEnumMember(p)) && p.initializer === at) {
    const other = siblings(p)?.find((m) => m !== p && (ts.isPropertyAssignment(m) || ts.isEnumMember(m)) && valueText(acc, unit, m.initializer) === target);
    if (other) return { unit, node: other, where: holderWords(p) };
    return memberReads(acc, unit, p, depth);
  }
  if (ts.isArrayLiteralExpression(p)) {
    const other = p.elements.find((e) => e !== at && valueText(acc, unit, e) === target);
    return other && { unit, node: other, where: 'the same list' };
  }
  // compared with a received event's type: the comparisons of the same function (a `switch`'s
  // other cases, an `if … else if …` chain, a return after each test)
  if ((ts.isCaseClause(p) && p.expression === at) || (ts.isBinaryExpression(p) && EQUALITY.has(p.operatorToken.kind))) return comparedBeside(acc, unit, p);
  // a constant: where it is read
  if (ts.isVariableDeclaration(p) && p.initializer === at && ts.isIdentifier(p.name)) {
    for (const r of readsOf(acc, p.name.text, (u, id) => {
      const d = acc.bindings.resolve(u, id);
      return d?.kind === 'var' && d.node === p;
    })) {
      const b = newNameBeside(acc, r.unit, r.node, depth + 1);
      if (b) return b;
    }
  }
  return undefined;
}

/** The comparisons (`===`, `case`) with the 2024-09 name in the function (or module) a comparison is written in. */
function comparedBeside(acc: AnalysisState, unit: Unit, p: ts.Node): Beside | undefined {
  const target = OLD_EVENT().new!;
  const scope = ts.findAncestor(p.parent, (x) => ts.isFunctionLike(x) || ts.isSourceFile(x)) ?? unit.sf;
  let found: ts.Node | undefined;
  const visit = (x: ts.Node): void => {
    if (found) return;
    if (x !== p && ts.isCaseClause(x) && valueText(acc, unit, x.expression) === target) found = x.expression;
    else if (x !== p && ts.isBinaryExpression(x) && EQUALITY.has(x.operatorToken.kind) && (valueText(acc, unit, x.left) === target || valueText(acc, unit, x.right) === target)) found = x;
    else ts.forEachChild(x, visit);
  };
  visit(scope);
  return found && { unit, node: found, where: ts.isSourceFile(scope) ? 'the comparisons of the same module' : 'the comparisons of the same function' };
}

/** Where an object's or an enum's member holding the old name is read (`EVENTS.courier`, `ShipEvent.CourierChanged`). */
function memberReads(acc: AnalysisState, unit: Unit, m: ts.PropertyAssignment | ts.EnumMember, depth: number): Beside | undefined {
  const prop = nameText(acc, unit, m.name);
  if (prop === undefined) return undefined;
  const holder = ts.isEnumMember(m) ? m.parent : outermost(m.parent).parent;
  if (!holder || !(ts.isEnumDeclaration(holder) || (ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)))) return undefined;
  const name = (holder.name as ts.Identifier).text;
  for (const r of readsOf(acc, name, (u, id) => {
    const d = acc.bindings.resolve(u, id);
    return !!d && (d.kind === 'enum' || d.kind === 'var') && d.node === holder;
  })) {
    const access = r.node.parent;
    if (!access || !ts.isPropertyAccessExpression(access) || access.expression !== r.node || access.name.text !== prop) continue;
    const b = newNameBeside(acc, r.unit, access, depth + 1);
    if (b) return b;
  }
  return undefined;
}

/** The identifiers named `name` in the parsed modules that `same` ties to one declaration. */
export function readsOf(acc: AnalysisState, name: string, same: (u: Unit, id: ts.Identifier) => boolean): { unit: Unit; node: ts.Identifier }[] {
  const out: { unit: Unit; node: ts.Identifier }[] = [];
  for (const u of acc.store.all()) {
    if (!u.sf.text.includes(name)) continue;
    for (const id of identifiers(acc, u, name)) {
      const p = id.parent;
      if (p && (ts.isVariableDeclaration(p) || ts.isEnumDeclaration(p) || ts.isImportSpecifier(p) || ts.isExportSpecifier(p)) && p.name === id) continue;
      if (same(u, id)) out.push({ unit: u, node: id });
    }
  }
  return out;
}

/** What a finding left for this reason says. */
export function besideWhy(acc: AnalysisState, b: Beside, from: Unit): string {
  const ev = OLD_EVENT();
  return `the 2024-09 name \`${ev.new}\` is already handled beside it, in ${b.where} (${acc.placeOf(b.unit.file, lineOf(b.unit, b.node), from.file)}): renamed, the two would be one (a duplicate key, a case or branch never reached); merge the two by hand and remove the old one`;
}
