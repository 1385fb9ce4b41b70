// Old event names written as literal types (`type ShippingEventType = 'shipment.label.created' |
// 'courier_account_state_changed'`, found by webhooks.ts): which values the type checker checks
// against each (an option list's `{ value: … }` typed by it, an argument, a constant, a comparison
// with a value of the type). A type that types a webhook body's event list or a received event's
// type is an event type, and so is one a value checked against it shows to be (an event name sent
// or compared); the values checked against an event type are renamed with it or stay with it
// (settle-event-types.ts). A type that types only something else (the name of an analytics event)
// is no finding, whatever names it shares with the service.
// One checker, built only when such a type was found, over the units that declare one and the
// units that import them (two steps).

import { OLD_EVENT } from '../../core/keys.js';
import ts from '../../core/ts.cjs';
import type { Finding } from '../../types.js';
import { findProperty } from '../evaluate.js';
import type { AnalysisState, EventType } from '../state.js';
import { lineOf, treeIndex, type Unit } from '../units.js';
import { buildProgram } from './request-types-program.js';
import { asserted, attempt, carriers, declaredAt, mapKeys, parts, typeNodesWritten, unitsImporting } from './type-ties.js';
import { inForeignBody, reportEvent, vendorWebhookModule } from './webhooks.js';

type Literal = ts.StringLiteral | ts.NoSubstitutionTemplateLiteral;
/** where a value or a key names the old event */
type Named = Literal | ts.Identifier;

/** Decide each event type with the values checked against it (AnalysisState.eventTypeGroups). */
export function tieEventTypes(acc: AnalysisState): void {
  if (!acc.eventTypes.length && !acc.eventTemplates.length) return;
  const ev = OLD_EVENT();
  const { program, unitOf } = buildProgram(acc.store, unitsImporting(acc.store, [...acc.eventTypes, ...acc.eventTemplates].map((t) => t.unit)));
  const checker = program.getTypeChecker();
  holdTemplateTyped(acc, checker, unitOf);
  const types = acc.eventTypes.filter((t) => unitOf.has(t.unit.sf));
  if (!types.length) return;
  // each type's names, where it is a union of several (a single name says nothing of which type it is)
  const unions = new Map<EventType, ts.Type[]>();
  for (const t of types) {
    let at: ts.Node = t.node;
    if (!ts.isLiteralTypeNode(at)) continue;
    while (at.parent && (ts.isUnionTypeNode(at.parent) || ts.isParenthesizedTypeNode(at.parent))) at = at.parent;
    const names = attempt(() => parts(checker.getTypeFromTypeNode(at as ts.TypeNode)));
    if (names && names.length > 1) unions.set(t, names);
  }
  const units = [...new Set(unitOf.values())];
  const sites = new Map<EventType, { unit: Unit; lit: Named }[]>();
  for (const unit of units) {
    if (!unit.sf.text.includes(ev.old)) continue;
    for (const e of treeIndex(unit.sf).strings) {
      if (!(ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) || e.text !== ev.old) continue;
      for (const t of checkedAgainst(checker, units, e, types, unions, ev.old)) sites.set(t, [...(sites.get(t) ?? []), { unit, lit: e }]);
    }
    // a key of a map over an event type (`const EVENT_LABELS: Record<EventName, string> = { courier_account_state_changed: … }`)
    for (const obj of treeIndex(unit.sf).objects)
      for (const p of obj.properties) {
        if (!(ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p)) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) || p.name.text !== ev.old) continue;
        const lit = p.name;
        const written = typeNodesWritten(checker, keysOf(checker, obj));
        for (const t of types) if (written.has(t.node) && !sites.get(t)?.some((s) => s.lit === lit)) sites.set(t, [...(sites.get(t) ?? []), { unit, lit }]);
      }
  }
  const findingAt = (unit: Unit, n: ts.Node) => acc.findings.get(`${unit.file}:${n.getStart(unit.sf) + unit.offset}:${ev.id}`);
  // (a generic's type argument last: it goes with the types and values its parameter's constraint names, decided first)
  const bounds = new Map(types.map((t) => [t, ts.isLiteralTypeNode(t.node) ? boundOf(checker, t.node) : undefined]));
  types.sort((a, b) => Number(!!bounds.get(a)) - Number(!!bounds.get(b)));
  for (const t of types) {
    const list = sites.get(t) ?? [];
    const shown = `\`${typeName(t.node)}\` at ${acc.shownFile(t.unit.file)}:${lineOf(t.unit, t.node)}`;
    // the paths of the webhook requests whose event list it types (through a parameter's or a variable's type too)
    const typed = acc.requests.filter((r) => r.pathKey && acc.findings.has(r.pathKey) && r.objects.some((o) => eventListTypes(checker, unitOf, o.node).has(t.node))).map((r) => acc.findings.get(r.pathKey!)!);
    // a generic's type argument: the event names its parameter's constraint writes (a type of
    // names, a constant's values through `typeof`) are what the checker checks it against
    const bound = bounds.get(t);
    const named = bound ? [...typeNodesWritten(checker, [bound])].filter((n) => n !== t.node && unitOf.has(n.getSourceFile()) && (ts.isLiteralTypeNode(n) ? ts.isStringLiteral(n.literal) && n.literal.text === ev.old : (n as Literal).text === ev.old)) : [];
    const bounding = named.map((n) => ({ n, unit: unitOf.get(n.getSourceFile())!, f: findingAt(unitOf.get(n.getSourceFile())!, ts.isLiteralTypeNode(n) ? n.literal : n) }));
    // (a key of an object whose keys are the type: its own finding, where its map is a handler map, say)
    let type = t.finding ?? (ts.isLiteralTypeNode(t.node) ? undefined : findingAt(t.unit, t.node));
    if (type) {
      // (settle took it away: data that describes 2023-01)
      if (findingAt(t.unit, nameOf(t)) !== type) continue;
    } else {
      // a type of names whose own place does not make it an event type (an option's type, a
      // parameter's): an event type where a value checked against it is an event name sent or
      // compared, or where it types the event list of a webhook request
      if (!list.some((s) => findingAt(s.unit, s.lit)) && !typed.length && !bounding.some((b) => b.f)) continue;
      if (t.versionAt && !acc.findings.has(`${t.versionAt}:webhook-version`)) continue;
      type = reportEvent(acc, t.unit, nameOf(t));
      if (!type) continue;
    }
    const members: Finding[] = [type];
    let stays: string | undefined;
    for (const s of list) {
      let f = findingAt(s.unit, s.lit);
      // a value that is not the service's event (sent to another vendor, in a module registering
      // another vendor's webhook, data describing 2023-01): the type stays, with all it types
      const foreign = !f && (inForeignBody(acc, s.lit) || vendorWebhookModule(acc, s.unit, ev.old));
      if (!f && !foreign) f = reportEvent(acc, s.unit, s.lit, ` (this value is checked against the event type ${shown}, renamed with it)`);
      if (f) members.push(f);
      else stays ??= `the event type ${shown} also types \`'${ev.old}'\` at ${acc.shownFile(s.unit.file)}:${lineOf(s.unit, s.lit)}, which is not the service's event: give the webhook's events a type of their own`;
    }
    // the webhook requests whose event list it types: their paths stay or move with it
    for (const path of typed) if (!members.includes(path)) members.push(path);
    // the constraint's event names: renamed alone, either side fails the constraint (TS2344)
    for (const b of bounding) {
      if (b.f) members.includes(b.f) || members.push(b.f);
      else stays ??= `the type argument ${shown} must be one of the names the constraint \`${bound!.getText()}\` writes, which names \`'${ev.old}'\` at ${acc.shownFile(b.unit.file)}:${lineOf(b.unit, b.n)} as something other than the service's event`;
    }
    acc.eventTypeGroups.push({ type, shown, members, stays });
  }
}

/**
 * A value naming the old event checked against a template literal type that gives that name from
 * its parts and does not take the 2024-09 one (`SUBSCRIBED: StateEvent[]` with `type StateEvent =
 * \`${'courier_account' | 'shipment'}_state_changed\``): renamed, it no longer type-checks, and
 * `--fix` does not rebuild such a type. It stays, with its request (holdRequests) or the webhooks
 * its handler waits for (settle-events.ts), until a person rewrites the type with it.
 */
function holdTemplateTyped(acc: AnalysisState, checker: ts.TypeChecker, unitOf: Map<ts.SourceFile, Unit>): void {
  const ev = OLD_EVENT();
  if (!ev.new) return;
  const [oldName, newName] = [checker.getStringLiteralType(ev.old), checker.getStringLiteralType(ev.new)];
  const templates = acc.eventTemplates.filter((t) => {
    const type = unitOf.has(t.unit.sf) ? attempt(() => checker.getTypeFromTypeNode(t.node)) : undefined;
    return !!type && checker.isTypeAssignableTo(oldName, type) && !checker.isTypeAssignableTo(newName, type);
  });
  if (!templates.length) return;
  const units = [...new Set(unitOf.values())];
  for (const unit of units) {
    if (!unit.sf.text.includes(ev.old)) continue;
    for (const e of treeIndex(unit.sf).strings) {
      if (!(ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) || e.text !== ev.old) continue;
      const f = acc.findings.get(`${unit.file}:${e.getStart(unit.sf) + unit.offset}:${ev.id}`);
      if (!f || f.fixKind === 'none') continue;
      const written = new Set(carriers(checker, units, e).flatMap((c) => [...typeNodesWritten(checker, placeOf(checker, c).roots)]));
      const t = templates.find((x) => written.has(x.node));
      if (!t) continue;
      const alias = ts.findAncestor(t.node, ts.isTypeAliasDeclaration)?.name.text;
      const shown = `${alias ? `\`${alias}\`` : 'a template literal type'} (${acc.placeOf(t.unit.file, lineOf(t.unit, t.node), f.file)})`;
      acc.hold(f, 'event-type', `it is checked against ${shown}, which builds the old name from its parts and does not take \`${ev.new}\`; \`--fix\` does not rewrite such a type: rewrite the type and this value together by hand`);
      acc.holdsRequest.add(f);
    }
  }
}

/**
 * The event types a value written as `e` is checked against, where it is used (itself, or where a
 * constant holding it is read): the type of the place it is given to, or of the value it is
 * compared with, when the declaration that types that place writes the type (through aliases and
 * the types it names), else when that place's type takes every name of the type (a generic's
 * parameter: `includes`, `new Set<…>`).
 */
function checkedAgainst(checker: ts.TypeChecker, units: Unit[], e: Literal, types: EventType[], unions: Map<EventType, ts.Type[]>, old: string): EventType[] {
  const out = new Set<EventType>();
  for (const c of carriers(checker, units, e)) {
    // an argument of a call that writes type arguments (`bus.on<'…'>('…', …)`, its signature
    // perhaps a package's the checker does not see): renamed with the types they write, or not at all
    const call = c.parent && (ts.isCallExpression(c.parent) || ts.isNewExpression(c.parent)) && c.parent.arguments?.includes(c) ? c.parent : undefined;
    if (call?.typeArguments) {
      const given = typeNodesWritten(checker, [...call.typeArguments]);
      for (const t of types) if (given.has(t.node)) out.add(t);
    }
    const { expected, roots } = placeOf(checker, c);
    if (!expected || !expected.some((x) => x.isStringLiteral() && x.value === old)) continue;
    const written = typeNodesWritten(checker, roots);
    const declared = types.filter((t) => written.has(t.node));
    const tied = declared.length ? declared : types.filter((t) => unions.get(t)?.every((x) => expected.includes(x)));
    for (const t of tied) out.add(t);
  }
  return [...out];
}

/** The type a value used as `c` must be (its names), and the type nodes that declare it. */
function placeOf(checker: ts.TypeChecker, c: ts.Expression): { expected?: ts.Type[]; roots: ts.TypeNode[] } {
  const p = c.parent;
  // compared with a value (`e.type === '…'`, a `case` of `switch (e.type)`): that value's type
  let other: ts.Expression | undefined;
  if (p && ts.isBinaryExpression(p) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(p.operatorToken.kind)) other = p.left === c ? p.right : p.left;
  else if (p && ts.isCaseClause(p) && p.expression === c) other = p.parent.parent.expression;
  if (other) {
    const t = attempt(() => checker.getTypeAtLocation(other!));
    return { expected: t && parts(checker.getNonNullableType(t)), roots: declaredOf(checker, other) };
  }
  const t = attempt(() => checker.getContextualType(c));
  // an element of a list: what the list is given as
  let list: ts.Node = c;
  if (p && ts.isArrayLiteralExpression(p)) {
    list = p;
    while (list.parent && (ts.isParenthesizedExpression(list.parent) || ts.isAsExpression(list.parent) || ts.isSatisfiesExpression(list.parent))) list = list.parent;
  }
  return { expected: t && parts(t), roots: declaredAt(checker, list as ts.Expression) };
}

/** The literal types the declared type of a body's `event_types` (or of the value it is given) writes (the body an object literal in a checked unit). */
function eventListTypes(checker: ts.TypeChecker, unitOf: Map<ts.SourceFile, Unit>, body: ts.Node): Set<ts.Node> {
  if (!ts.isObjectLiteralExpression(body) || !unitOf.has(body.getSourceFile())) return new Set();
  const p = findProperty(body, 'event_types');
  const value = p && (ts.isPropertyAssignment(p) ? p.initializer : ts.isShorthandPropertyAssignment(p) ? p.name : undefined);
  // (the type of the place it is given to, or the type the value is declared with: `events: HookEvent[]`)
  return value ? typeNodesWritten(checker, [...declaredAt(checker, value), ...declaredOf(checker, value)]) : new Set();
}

/** The type nodes a value read as `e` is declared with (a variable, a parameter, a member). */
function declaredOf(checker: ts.TypeChecker, e: ts.Expression): ts.TypeNode[] {
  while (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  const name = ts.isPropertyAccessExpression(e) ? e.name : e;
  let sym = attempt(() => checker.getSymbolAtLocation(name));
  if (sym && sym.flags & ts.SymbolFlags.Alias) sym = attempt(() => checker.getAliasedSymbol(sym!));
  const out: ts.TypeNode[] = [];
  for (const d of sym?.declarations ?? []) if ((ts.isVariableDeclaration(d) || ts.isParameter(d) || ts.isPropertySignature(d) || ts.isPropertyDeclaration(d)) && d.type) out.push(d.type);
  return out;
}

/**
 * The type nodes that give the keys an object literal may have, where its type is a map over a
 * type of names (`Record<K, V>`, `{ [P in K]: V }`, through `Partial`, `Readonly`, `Required` and
 * aliases): K.
 */
function keysOf(checker: ts.TypeChecker, obj: ts.ObjectLiteralExpression): ts.TypeNode[] {
  const { at, types } = asserted(obj);
  const alias = (ref: ts.TypeReferenceNode): ts.TypeNode[] => {
    let sym = attempt(() => checker.getSymbolAtLocation(ref.typeName));
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = attempt(() => checker.getAliasedSymbol(sym!));
    return (sym?.declarations ?? []).flatMap((d) => (ts.isTypeAliasDeclaration(d) && !d.typeParameters ? [d.type] : []));
  };
  return [...types, ...declaredAt(checker, at)].flatMap((r) => mapKeys(r, alias));
}

/** Where a literal type is a generic's type argument (`EnvelopeOf<'…'>`): the constraint of the parameter it is given for. */
function boundOf(checker: ts.TypeChecker, n: ts.LiteralTypeNode): ts.TypeNode | undefined {
  let at: ts.Node = n;
  while (at.parent && (ts.isUnionTypeNode(at.parent) || ts.isParenthesizedTypeNode(at.parent))) at = at.parent;
  const ref = at.parent;
  // (a call's type argument, `on<'…'>(…)`: the constraint of the called signature's parameter)
  if (ref && (ts.isCallExpression(ref) || ts.isNewExpression(ref)) && ref.typeArguments?.includes(at as ts.TypeNode)) {
    const decl = attempt(() => checker.getResolvedSignature(ref))?.declaration;
    return decl && !ts.isJSDocSignature(decl) ? decl.typeParameters?.[ref.typeArguments.indexOf(at as ts.TypeNode)]?.constraint : undefined;
  }
  if (!ref || !(ts.isTypeReferenceNode(ref) || ts.isExpressionWithTypeArguments(ref)) || !ref.typeArguments?.includes(at as ts.TypeNode)) return undefined;
  const index = ref.typeArguments.indexOf(at as ts.TypeNode);
  let sym = attempt(() => checker.getSymbolAtLocation(ts.isTypeReferenceNode(ref) ? ref.typeName : ref.expression));
  if (sym && sym.flags & ts.SymbolFlags.Alias) sym = attempt(() => checker.getAliasedSymbol(sym!));
  for (const d of sym?.declarations ?? [])
    if ((ts.isTypeAliasDeclaration(d) || ts.isInterfaceDeclaration(d) || ts.isClassDeclaration(d)) && d.typeParameters?.[index]?.constraint) return d.typeParameters[index].constraint;
  return undefined;
}

/** Where an event type writes the old name: its literal, or the key whose object's keys are the type. */
const nameOf = (t: EventType): Named => (ts.isLiteralTypeNode(t.node) ? (t.node.literal as Literal) : t.node);

/** The name of the type a literal type is written in (its alias or interface, the generic it is given to), else the literal type's text; for an object's key, `keyof typeof` the object. */
function typeName(n: EventType['node']): string {
  if (!ts.isLiteralTypeNode(n)) return `keyof typeof ${ts.findAncestor(n, ts.isVariableDeclaration)?.name.getText() ?? n.text}`;
  // (a generic's type argument: the type it makes, `ShippingEvent<'…'>`)
  if (n.parent && (ts.isTypeReferenceNode(n.parent) || ts.isExpressionWithTypeArguments(n.parent)) && n.parent.typeArguments?.includes(n)) return n.parent.getText();
  // (a call's: the callee with its type arguments, `hooks.on<'…'>`)
  if (n.parent && (ts.isCallExpression(n.parent) || ts.isNewExpression(n.parent)) && n.parent.typeArguments?.includes(n)) return `${n.parent.expression.getText()}<${n.parent.typeArguments.map((a) => a.getText()).join(', ')}>`;
  for (let p: ts.Node | undefined = n.parent; p && !ts.isSourceFile(p); p = p.parent)
    if ((ts.isTypeAliasDeclaration(p) || ts.isInterfaceDeclaration(p)) && p.name) return p.name.text;
  return n.getText();
}
