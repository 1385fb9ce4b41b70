// Bodies tied to their endpoint's context: each object's keys renamed as the context says, its
// nested blocks given their own context, and a body that cannot be seen named for settle.

import { getRule } from '../../catalogue/index.js';
import { type ContextKind, type KeyChange, childContext, renamesIn } from '../../core/keys.js';
import type { PathMatch } from '../../core/paths.js';
import ts from '../../core/ts.cjs';
import type { RequestContext } from '../../types.js';
import { propName } from '../bindings.js';
import { propertyValue, unwrap } from '../evaluate.js';
import { note, says } from '../findings.js';
import type { AnalysisState, Target } from '../state.js';
import { lineCol, type Unit } from '../units.js';
import { type FunctionNode, callersOf, parameterIndex } from './callers.js';
import { quotedCode } from './path-text.js';
import { entries, lateWrite, unseenEntries } from './array-entries.js';
import { bodyExpressions, forwardedArgs, markTree, objects, sentValues, spreadObjects } from './body-objects.js';
import { tieEventList } from './event-lists.js';
import { refsOf, usedElsewhere } from './body-reads.js';
import { identifiers } from './identifiers.js';
import { TS_FILE } from '../../core/extensions.js';
import { check2024Pickup, halfMigratedPickup, nestedConflict, nestedPickup, pickupTime, unseenTypedTimes } from './pickup.js';
import { renameKey } from './renames.js';
import { queryArgType } from './rtk-hooks.js';
import { readAtRunTime, runtimeWhy } from './runtime-data.js';
import { webhookVersion } from './webhooks.js';
import { schemaShape } from './schema-libraries.js';
import { schemaValueObjects, zodShapes, zodTyped } from './zod.js';

/**
 * Tie a request's body to its context. Returns why the body cannot be seen, when it is a
 * parameter that no caller in the project fills and no request type describes (it may be in
 * either version, so the request cannot move).
 */
export function tieBody(acc: AnalysisState, unit: Unit, arg: ts.Expression, ep: { match?: PathMatch }, ctx: ContextKind, maybeData: boolean, direct: boolean): string | undefined {
  const info: RequestContext = { kind: ctx, by: 'endpoint', endpoint: ep.match?.rule?.endpoint ? `${ep.match.rule.endpoint.method} ${ep.match.rule.endpoint.old}` : ep.match?.path };
  let unseen: string | undefined;
  acc.sentArgs.push({ unit, node: arg });
  for (const body of direct ? [{ unit, expr: arg }] : bodyExpressions(acc, unit, arg, maybeData)) {
    const found = objects(acc, body.unit, body.expr);
    for (const t of found) applyContext(acc, t, ctx, info);
    // another vendor's body written with typed values (`{ shipments }`, `shipments: LabelEntry[]`): a request type member they reach stays
    if (ctx === 'foreign') for (const t of found) foreignTypedValues(acc, t.unit, t.node);
    // a member that is a parameter some caller fills with data read at run time (`createLabels(payload.shipments)`,
    // `payload = await req.json()`): its request type does not make it so, and it may be in either version
    else for (const t of found) for (const a of parameterValues(acc, t.unit, t.node)) if (readAtRunTime(acc, a.unit, a.expr)) acc.unseenInBody ??= runtimeWhy(a.expr.getText(a.unit.sf));
    // each value the body may be (`body ? JSON.stringify(body) : undefined`, `data ?? {}`)
    const changes = ctx !== 'foreign' && renamesIn(ctx).size + (ctx === 'labels-2023-01' || ctx === 'labels-2024-09' || ctx === 'webhook-2023-01' ? 1 : 0) > 0;
    const values = sentValues(body.unit, body.expr);
    for (const e of values) {
      const forwarded = forwardedArgs(acc, body.unit, e);
      for (const a of forwarded) {
        const given = objects(acc, a.unit, a.expr);
        for (const t of given) applyContext(acc, t, ctx, info);
        // what a caller passes that the check cannot follow to an object (`Object.fromEntries(…)`, `req.body`): it may be in
        // either version, and holds the request however many other callers' bodies are seen
        if (!given.length && changes) acc.unseenInBody ??= unseenValue(acc, a.unit, a.expr);
      }
      // (a builder's call too: its declared return type, `toRequest(…): CreatePickupDto`, types the body)
      if ((ts.isIdentifier(e) || ts.isCallExpression(e)) && changes) acc.shaped.push({ unit: body.unit, node: e, ctx, info, owner: acc.collecting });
      // an RTK Query endpoint's parameter, typed by its builder (`builder.mutation<Pickup, PickupArgs>`)
      const argType = changes ? queryArgType(acc, body.unit, e) : undefined;
      if (argType) acc.shaped.push({ unit: body.unit, node: argType, ctx, info, owner: acc.collecting });
      // a typed value sent to a 2024-09 path: a `courier_selection` its request type still gives is half migrated
      if (ts.isIdentifier(e) && ctx === 'body-2024-09') acc.shaped.push({ unit: body.unit, node: e, ctx: 'half-2024-09', info: { ...info, kind: 'half-2024-09' }, owner: acc.collecting });
      // another vendor's body held in a typed value: a request type member it shares stays (request-types.ts)
      if (ctx === 'foreign' && ts.isIdentifier(e) && typedDeclaration(acc, body.unit, e)) acc.foreignValues.push({ unit: body.unit, node: e });
      // a name typed by a zod schema's inferred type (`body: PickupBody`): the schema's keys are the body's
      if (ctx !== 'foreign' && ts.isIdentifier(e)) {
        const z = zodTyped(acc, body.unit, e);
        for (const t of z.objects) applyContext(acc, t, ctx, info);
        if (z.unseen && changes) acc.unseenInBody ??= z.unseen;
      }
      if (!forwarded.length) unseen ??= unseenParameter(acc, body.unit, e);
      // a typed parameter no caller fills, sent as a 2024-09 pickup: its window times cannot be seen
      if (!forwarded.length && ctx === 'pickup-2024-09' && ts.isIdentifier(e)) unseenTypedTimes(acc, body.unit, e);
      // a value the analysis cannot follow to an object (an SDK's builder, a global): it may be in either version
      // (one value: the objects the whole body stands for are its own, `JSON.stringify` and `&&` followed alike)
      if (!forwarded.length && changes && !(values.length === 1 ? found : objects(acc, body.unit, e)).length) unseen ??= unseenValue(acc, body.unit, e);
      // a body read at run time (a proxied `req.body`): the request is held even where other bodies are seen
      if (!forwarded.length && !found.length && ctx !== 'foreign' && readAtRunTime(acc, body.unit, e)) acc.unseenInBody ??= runtimeWhy(e.getText(body.unit.sf));
    }
  }
  return unseen;
}

/** What the project's calls of its function pass for the parameters an object literal holds as members' values (`{ shipments: entries }`). */
function parameterValues(acc: AnalysisState, unit: Unit, obj: ts.ObjectLiteralExpression): { unit: Unit; expr: ts.Expression }[] {
  const out: { unit: Unit; expr: ts.Expression }[] = [];
  for (const prop of obj.properties) {
    const v = ts.isShorthandPropertyAssignment(prop) ? prop.name : ts.isPropertyAssignment(prop) ? unwrap(prop.initializer) : undefined;
    const d = v && ts.isIdentifier(v) ? acc.bindings.resolve(unit, v) : undefined;
    if (d?.kind !== 'param') continue;
    // (the calls found by its name, as callersOf keeps them: a light look, no wrapper or hook followed)
    for (const c of callersOf(acc, d.fn as FunctionNode)) {
      const a = c.call.arguments[d.index];
      if (a && !ts.isSpreadElement(a)) out.push({ unit: c.unit, expr: a });
    }
  }
  return out;
}

/** The typed names an object literal sent to another vendor holds as values, nested objects and arrays included (foreignValues). */
function foreignTypedValues(acc: AnalysisState, unit: Unit, obj: ts.ObjectLiteralExpression, depth = 0): void {
  if (depth > 4) return;
  for (const prop of obj.properties) {
    // (a spread of a typed value sends its keys too: `{ event, ...choice }`)
    const v = ts.isShorthandPropertyAssignment(prop) ? prop.name : ts.isPropertyAssignment(prop) ? unwrap(prop.initializer) : ts.isSpreadAssignment(prop) ? unwrap(prop.expression) : undefined;
    if (!v) continue;
    const d = ts.isIdentifier(v) ? acc.bindings.resolve(unit, v) : undefined;
    if ((d?.kind === 'param' || d?.kind === 'var') && d.node.type) acc.foreignValues.push({ unit, node: v as ts.Identifier });
    else if (ts.isObjectLiteralExpression(v)) foreignTypedValues(acc, unit, v, depth + 1);
  }
}

/** Is this name declared with a type written for it (`body: FreightPickup`)? Only such a value can share a request type. */
function typedDeclaration(acc: AnalysisState, unit: Unit, e: ts.Identifier): boolean {
  const d = acc.bindings.resolve(unit, e);
  return (d?.kind === 'param' || d?.kind === 'var') && !!d.node.type && ts.isTypeReferenceNode(d.node.type);
}

/**
 * In a script (no type checker renames through it): a name that is no parameter and whose value
 * the check cannot follow (`...rest` with `const { courier_id, ...rest } = form`, a global).
 */
function untypedName(acc: AnalysisState, unit: Unit, e: ts.Expression): boolean {
  if (!ts.isIdentifier(e) || TS_FILE.test(unit.file)) return false;
  const d = acc.bindings.resolve(unit, e);
  return !d || d.kind === 'binding' || d.kind === 'var';
}

/**
 * Is this spread, whose objects the analysis cannot follow, one whose keys may be old ones? All
 * but a parameter its callers or its request type describe (unseenParameter decides) and, in
 * TypeScript, a name declared with a request type written for it (`const req: PickupRequest`), whose
 * old members move with the body's type: a call, a global, a property read (`...this.form`,
 * `...history.state`), a name whose type is only inferred (`const [form] = useState({ … })`,
 * `const draft = JSON.parse(…)`).
 */
function unseenSpread(acc: AnalysisState, unit: Unit, v: ts.Expression): boolean {
  if (ts.isCallExpression(v) || untypedName(acc, unit, v)) return true;
  if (!ts.isIdentifier(v)) return true;
  const d = acc.bindings.resolve(unit, v);
  if (d?.kind === 'param') return !!unseenParameter(acc, unit, v);
  return !(d?.kind === 'var' && TS_FILE.test(d.unit.file) && d.node.type && !readAtRunTime(acc, unit, v) && describedType(d.node.type));
}

/** A type written for a value that names its keys: a type literal, or a type reference other than `Record`. */
const describedType = (type: ts.TypeNode): boolean => ts.isTypeLiteralNode(type) || (ts.isTypeReferenceNode(type) && !(ts.isIdentifier(type.typeName) && type.typeName.text === 'Record'));

/** A body that is a parameter with no request type (none, `unknown`, `any`, `object`, a `Record`): why it cannot be seen. */
export function unseenParameter(acc: AnalysisState, unit: Unit, e: ts.Expression): string | undefined {
  if (!ts.isIdentifier(e)) return undefined;
  const decl = acc.bindings.resolve(unit, e);
  if (!decl || decl.kind !== 'param') return undefined;
  // a wrapper's parameter, followed to the call that fills it (or leaves it out: no body); the
  // call may pass on a parameter of its own function (`create(req) { return http.post(PATH, req) }`)
  if (acc.boundCall?.fn === decl.fn) {
    const arg = acc.boundCall.call.arguments[decl.index];
    const inner = arg && unwrap(arg);
    const d = inner && ts.isIdentifier(inner) ? acc.bindings.resolve(acc.boundCall.unit, inner) : undefined;
    return d?.kind === 'param' && d.fn !== decl.fn ? unseenParameter(acc, acc.boundCall.unit, inner!) : undefined;
  }
  if (decl.node.type && describedType(decl.node.type)) return undefined;
  return `the body sent with it cannot be seen (\`${e.text}\` is a parameter that no caller in the project fills and no request type describes, so it may be in either version; it is sent at ${placeOfCode(acc, unit, e)}): move the request and its body together by hand`;
}

/** Where code is written, as a message about another file's finding names it (`apps/dash/src/action.ts:6`). */
const placeOfCode = (acc: AnalysisState, unit: Unit, n: ts.Node): string => `${acc.shownFile(unit.file)}:${lineCol(unit.fileText, n.getStart(unit.sf) + unit.offset).line}`;

/** A body that is no object the analysis can follow, and no parameter (unseenParameter) nor nothing (`undefined`): why it cannot be seen. */
function unseenValue(acc: AnalysisState, unit: Unit, e: ts.Expression): string | undefined {
  const v = unwrap(e);
  if (v.kind === ts.SyntaxKind.NullKeyword || ts.isVoidExpression(v) || ts.isNumericLiteral(v) || v.kind === ts.SyntaxKind.TrueKeyword || v.kind === ts.SyntaxKind.FalseKeyword) return undefined;
  // a function (an msw handler's resolver) is no body; a text without a JSON key (`'{}'`) sends no old key
  if (ts.isArrowFunction(v) || ts.isFunctionExpression(v) || (ts.isStringLiteralLike(v) && !/"\w/.test(v.text))) return undefined;
  if (ts.isIdentifier(v)) {
    const decl = v.text === 'undefined' ? undefined : acc.bindings.resolve(unit, v);
    if (v.text === 'undefined' || decl?.kind === 'param' || decl?.kind === 'func' || acc.ev.functionOf(unit, v)) return undefined;
  }
  // built from a wrapper's parameters: what each call passes is followed there (wrappers.ts unfollowedBody)
  if (acc.boundCall && usesParameterOf(acc, unit, v, acc.boundCall.fn)) return undefined;
  // an instance of a TypeScript class filled field by field: the class types every key it is given (request-types.ts)
  if (classFilled(acc, unit, v)) return undefined;
  return `the body sent with it cannot be seen (\`${quotedCode(v, unit.sf)}\` is no object the analysis can follow, so it may be in either version; it is sent at ${placeOfCode(acc, unit, v)}): move the request and its body together by hand`;
}

/**
 * Is this value a `new C()` of a class declared with its fields in TypeScript, held in a variable
 * that is only read, returned and given fields (`dto.courier_id = …`), or what a builder returns
 * that is one? Every key it is sent with is then one the class types, renamed with it.
 */
function classFilled(acc: AnalysisState, unit: Unit, v: ts.Expression, depth = 0): boolean {
  if (depth > 3) return false;
  if (ts.isCallExpression(v)) {
    const ret = acc.ev.returnedBy(unit, v);
    return !!ret && classFilled(acc, ret.unit, unwrap(ret.expr), depth + 1);
  }
  if (!ts.isIdentifier(v)) return false;
  const found = acc.bindings.resolve(unit, v);
  if (found?.kind !== 'var') return false;
  const decl = found;
  const made = decl.init ? unwrap(decl.init) : undefined;
  if (!made || !ts.isNewExpression(made) || !ts.isIdentifier(made.expression)) return false;
  const cls = acc.bindings.resolve(decl.unit, made.expression);
  if (cls?.kind !== 'class' || !TS_FILE.test(cls.unit.file) || !cls.node.members.some(ts.isPropertyDeclaration)) return false;
  const scope = decl.node.parent?.parent?.parent;
  if (!scope) return false;
  const uses = identifiers(acc, decl.unit, decl.name.text).filter((n) => n !== decl.name && n.pos >= scope.pos && n.end <= scope.end);
  return uses.every((n) => {
    const p = n.parent;
    // (a webhook's `version` or events given field by field are no keys a type renames: such a body stays unseen)
    if (ts.isPropertyAccessExpression(p) && p.expression === n) return !/^(?:version|event_types)$/.test(p.name.text);
    return ts.isReturnStatement(p) || n === v || (ts.isCallExpression(p) && p.arguments.includes(n) && /^JSON\.stringify$/.test(p.expression.getText(decl.unit.sf)));
  });
}

/** Does the expression read a parameter of this function? */
function usesParameterOf(acc: AnalysisState, unit: Unit, e: ts.Node, fn: ts.Node): boolean {
  if (ts.isIdentifier(e)) return parameterIndex(acc, unit, e, fn) >= 0;
  return !!ts.forEachChild(e, (c) => usesParameterOf(acc, unit, c, fn) || undefined);
}

export function applyContext(acc: AnalysisState, t: Target, ctx: ContextKind, info: RequestContext): void {
  const { unit, node } = t;
  acc.bodyObjects?.push(t);
  // a body sent to the 2024-09 pickups path that still gives a v1-only field (`preferred_date`, a
  // nested `pickup`) is half migrated: 2024-09 does not read those fields, so it is a v1 body
  // (the 2024-09 keys it already gives are checked as a 2024-09 body's are: `selected_to_time: '17:00:00'`)
  const sentTo2024 = ctx === 'pickup-2024-09';
  if (ctx === 'pickup-2024-09' && halfMigratedPickup(node)) ctx = 'pickup-v1';
  // a body sent to another 2024-09 path that still gives the 2023-01 `courier_selection` block
  if (ctx === 'body-2024-09' && node.properties.some((p) => p.name && propName(p.name) === 'courier_selection')) ctx = 'half-2024-09';
  const was = acc.contexted.get(node);
  // an object first met as the body of a v1 path with no 2024-09 form, now sent where its keys are
  // renamed: its findings are made here, and settle holds them with the path that stays
  if (was === 'body-v1' && ctx !== 'body-v1' && ctx !== 'foreign' && ctx !== 'body-2024-09') acc.contexted.delete(node);
  else if (was !== undefined) {
    // an object a wrapper writes around its parameter (`{ ...body, source }`), met again for another
    // call of the wrapper: what that call spreads into it is that call's body
    const bound = acc.boundCall?.fn;
    if (bound && node.pos >= bound.pos && node.end <= bound.end && t.unit.sf === bound.getSourceFile())
      for (const p of node.properties) if (ts.isSpreadAssignment(p)) for (const o of spreadObjects(acc, unit, p.expression)) applyContext(acc, o, ctx, info);
    if (was !== ctx && (was === 'foreign' || ctx === 'foreign')) acc.mixed.push({ unit, node, ctx: was === 'foreign' ? ctx : was, info, body: acc.collecting });
    // the keys assigned to it are the body's too (their findings were made when it was first met)
    for (const w of acc.refsMemo.get(node)?.writes ?? []) acc.bodyObjects?.push({ unit: w.unit, node: w.assignment });
    return;
  }
  acc.contexted.set(node, ctx);
  // a zod schema that types it (`const body: z.infer<typeof schema> = { … }`): its keys are the body's
  if (ctx !== 'foreign') for (const z of zodShapes(acc, unit, node)) applyContext(acc, z, ctx, info);
  if (ctx === 'foreign' || ctx === 'body-2024-09' || ctx === 'body-v1') {
    // another vendor's body: what it spreads is its too (a constant shared with an old body is mixed)
    if (ctx === 'foreign') for (const p of node.properties) if (ts.isSpreadAssignment(p)) for (const o of spreadObjects(acc, unit, p.expression)) applyContext(acc, o, ctx, info);
    markTree(acc, node, ctx);
    // and what it nests through a builder or a constant (`{ parcels: [toEntry(id)] }`): a piece shared with an old body is mixed
    if (ctx === 'foreign') for (const v of nestedValues(node)) for (const o of entries(acc, unit, v)) applyContext(acc, o, ctx, info);
    return;
  }
  // a 2024-09 pickup body's `courier_id` is the old name of `courier_service_id` where its endpoint
  // says so (known by its keys alone, the object may be anything)
  const renames = ctx === 'pickup-2024-09' && info.by !== 'endpoint' ? new Map<string, KeyChange>() : renamesIn(ctx);
  const props = node.properties;
  // a body held in a variable: the keys assigned to it (`body.courier_id = id`) are its keys too,
  // and the keys read from it elsewhere (`body.courier_id`) must still be there after the fix
  const refs = ctx === 'pickup-2024-09' && !props.some((q) => q.name && renames.has(propName(q.name) ?? '')) ? { writes: [], reads: [], handed: [] } : refsOf(acc, unit, node);
  for (const w of refs.writes) acc.bodyObjects?.push({ unit: w.unit, node: w.assignment });
  if (refs.reassigned && refs.writes.length) acc.heldObjects.set(node, 'the variable it is held in is assigned another object too, so the keys assigned to it may be another object\'s: rename them by hand');
  if (refs.reads.length || refs.handed.length) acc.readBy.push({ unit, node, reads: refs.reads, writes: refs.writes, handed: refs.handed });
  // a variable holding it that is handed out (a composable's or a setup store's `return { form }`),
  // used by a key that changes where the check does not follow: the request is held
  if (acc.collecting && !acc.unseenInBody) {
    const lists = new Set(['shipments', 'courier_selection'].filter((k) => childContext(ctx, k)));
    const where = usedElsewhere(acc, unit, node, new Set(renames.keys()), lists);
    if (where) acc.unseenInBody = `the body is held in ${where}, so that use may be in either version: move the request and its body together by hand`;
  }
  // A key that is both an old name and another rename's new name (`courier_id` in a 2023-01
  // body) is left when the object already holds a key only 2024-09 has (`courier_service_id`,
  // `courier_settings`): the object is already migrated there, so renaming again would chain.
  const keysHere = [...props.map((q) => (q.name ? propName(q.name) : undefined)), ...refs.writes.map((w) => w.key)].filter((k): k is string => k !== undefined);
  const targets = new Set([...renames.values()].map((c) => c.to));
  const migrated = keysHere.some((k) => targets.has(k) && !renames.has(k));
  // A rename whose new name is itself an old name here (`courier_account_id` -> `courier_id` in a
  // 2023-01 body) leaves, when nothing else in the object marks it as 2024-09, a body that reads
  // exactly like 2023-01 code: a later scan (or pass) would rename it again, chaining into
  // `courier_service_id`. That rename rests on the body moving with its path to 2024-09, so it is
  // an `--unsafe` fix (the path's own move is one too).
  const distinctive = keysHere.some((k) => renames.has(k) && !renames.has(renames.get(k)!.to));
  const chainOnly = !migrated && !distinctive;
  // (a webhook body: its request type's `version` may be typed '2023-01')
  if (renames.size || ctx === 'labels-2023-01' || ctx === 'labels-2024-09' || ctx === 'webhook-2023-01') acc.shaped.push({ unit, node, ctx, info, owner: acc.collecting ?? (info.by === 'keys' ? acc.unsent : undefined) });
  if (sentTo2024) check2024Pickup(acc, unit, node);
  if (ctx === 'pickup-v1' && nestedConflict(node)) acc.leftBodies.add(node);
  for (const p of props) {
    if (ts.isSpreadAssignment(p)) {
      const spread = spreadObjects(acc, unit, p.expression);
      for (const o of spread) applyContext(acc, o, ctx, info);
      // a value whose objects cannot be seen, typed by a request type (`{ ...request, … }` with
      // `request: PickupRequest`): the type's old members move with the body
      const v = unwrap(p.expression);
      if (!spread.length && (ts.isIdentifier(v) || ts.isPropertyAccessExpression(v))) acc.shaped.push({ unit, node: v, ctx, info, owner: acc.collecting ?? (info.by === 'keys' ? acc.unsent : undefined) });
      // a spread the check cannot see into, in a request's body whose keys change (`...form.getRawValue()`,
      // `...extra` that no caller fills and no type describes, `...draft` parsed from storage, `...this.form`):
      // its keys may be old ones, so the request is held
      if (!spread.length && acc.collecting && renames.size && unseenSpread(acc, unit, v))
        acc.unseenInBody ??= `the body spreads \`${v.getText(unit.sf).replace(/\s+/g, ' ').slice(0, 60)}\`, ${readAtRunTime(acc, unit, v) ? 'data read at run time' : 'which the check cannot see into'}, so its keys may be in either version: move the request and its body together by hand`;
      continue;
    }
    if (!p.name) continue;
    let name = propName(p.name);
    if (name === undefined && ts.isComputedPropertyName(p.name)) {
      const pieces = acc.ev.pieces(unit, p.name.expression);
      if (pieces.every((x) => x.t === 'lit')) name = pieces.map((x) => (x as { text: string }).text).join('');
      if (name !== undefined) computedKey(acc, unit, p.name, name, ts.isPropertyAssignment(p) ? p.initializer : undefined, ctx, info);
      continue;
    }
    if (name === undefined) continue;
    const change = renames.get(name);
    if (change && !(migrated && targets.has(name))) renameKey(acc, { unit, nameNode: p.name, shorthand: ts.isShorthandPropertyAssignment(p), owner: node, element: p }, change.rule, name, change.to, info, ctx, chainOnly && renames.has(change.to));
    if (ctx === 'pickup-v1' && name === 'pickup' && (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p))) nestedPickup(acc, unit, node, p, info, (u, v, i) => holdNested(acc, u, v, i));
    else if (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) keyValue(acc, unit, node, name, propertyValue(p)!, ctx, info);
  }
  for (const w of refs.writes) {
    if (!w.plain) {
      computedKey(acc, w.unit, w.nameNode, w.key, w.value, ctx, info);
      continue;
    }
    const change = renames.get(w.key);
    if (change && !(migrated && targets.has(w.key))) renameKey(acc, { unit: w.unit, nameNode: w.nameNode, shorthand: false, owner: node }, change.rule, w.key, change.to, info, ctx, chainOnly && renames.has(change.to));
    if (ctx === 'pickup-v1' && w.key === 'pickup') {
      const start = w.nameNode.getStart(w.unit.sf);
      acc.add('v1-pickup-nested-object', w.unit, start, w.nameNode.getEnd(), says(`The nested \`pickup\` object of a v1 pickup body is absent from 2024-09; `, note('none', 'it is assigned to the body key by key: move its fields to the top level by hand')), { context: info });
      holdNested(acc, w.unit, w.value, info);
    } else keyValue(acc, w.unit, node, w.key, w.value, ctx, info);
  }
  // what a 2024-09 pickup body nests is decided with it
  if (ctx === 'pickup-2024-09') markTree(acc, node, ctx);
}

/** The values an object literal nests that are not literals written in it (a builder's call, a constant), at any depth. */
function nestedValues(node: ts.ObjectLiteralExpression): ts.Expression[] {
  const out: ts.Expression[] = [];
  const visit = (e: ts.Expression | undefined): void => {
    if (!e) return;
    const v = unwrap(e);
    if (ts.isObjectLiteralExpression(v)) for (const p of v.properties) visit(propertyValue(p));
    else if (ts.isArrayLiteralExpression(v)) for (const el of v.elements) visit(ts.isSpreadElement(el) ? el.expression : el);
    else if (ts.isIdentifier(v) || ts.isCallExpression(v) || ts.isPropertyAccessExpression(v)) out.push(v);
  };
  for (const p of node.properties) visit(propertyValue(p));
  return out;
}

/**
 * What a key's value takes in its context (a property, or an assignment to the body's variable):
 * v1 window times, the webhook version, the event list, the blocks nested in it.
 */
export function keyValue(acc: AnalysisState, unit: Unit, body: ts.ObjectLiteralExpression, name: string, value: ts.Expression, ctx: ContextKind, info: RequestContext): void {
  if (ctx === 'pickup-v1' && (name === 'preferred_min_time' || name === 'preferred_max_time')) pickupTime(acc, unit, body, value, name, info);
  if (ctx === 'webhook-2023-01' && name === 'version') webhookVersion(acc, unit, value, info);
  // the event names of a webhook body, written in a constant: held with the request
  if (ctx === 'webhook-2023-01' && name === 'event_types') tieEventList(acc, unit, value);
  const child = childContext(ctx, name);
  // a schema's key (the body's type is inferred from it): the schema its value is, nested or held in a constant
  const schema = schemaShape(body);
  if (schema && child) for (const o of schemaValueObjects(acc, unit, value)) applyContext(acc, o, child === 'label-entries' ? 'label-entry-2023-01' : child, info);
  if (schema) return;
  if (child === 'label-entries') {
    const list = entries(acc, unit, value);
    for (const o of list) applyContext(acc, o, 'label-entry-2023-01', info);
    // entries read at run time (`shipments: input.shipments`): they may be in either version
    if (!list.length && readAtRunTime(acc, unit, value)) acc.unseenInBody ??= runtimeWhy(value.getText(unit.sf));
    // entries the analysis cannot follow, or whose keys are set after they are built (such a key
    // is reported where it is set, and left with its request)
    else if (ctx === 'labels-2023-01') {
      acc.unseenInBody ??= unseenEntries(acc, unit, value, list);
      const late = list.length ? lateWrite(acc, unit, value) : undefined;
      const change = late?.key !== undefined ? renamesIn('label-entry-2023-01').get(late.key) : undefined;
      if (late && change) acc.add(change.rule.id, late.unit, late.keyNode.getStart(late.unit.sf), late.keyNode.getEnd(), says(`\`${late.key}\` set on each 2023-01 label entry is \`${change.to}\` in 2024-09; `, note('none', 'it is set after the entries are built: move the request and its entries together by hand')), { context: info });
    }
  }
  else if (child) for (const o of objects(acc, unit, value)) applyContext(acc, o, child, info);
}

/** A computed key (`[KEY]`, `body[KEY] = …`) whose name is statically an old one: reported and left, with the block it names. */
export function computedKey(acc: AnalysisState, unit: Unit, nameNode: ts.Node, name: string, value: ts.Expression | undefined, ctx: ContextKind, info: RequestContext): void {
  const renames = renamesIn(ctx);
  if (!(renames.has(name) || childContext(ctx, name) || (ctx === 'pickup-v1' && name === 'pickup'))) return;
  const change = renames.get(name);
  const rule = change?.rule ?? getRule(ctx === 'pickup-v1' ? 'v1-pickup-nested-object' : 'courier-selection')!;
  const shown = ts.isComputedPropertyName(nameNode) ? nameNode.getText(unit.sf) : `[${nameNode.getText(unit.sf)}]`;
  acc.add(rule.id, unit, nameNode.getStart(unit.sf), nameNode.getEnd(), says(`The computed key \`${shown}\` is \`${name}\`, ${change ? `\`${change.to}\` in 2024-09` : 'which 2024-09 does not have in this form'}; `, note('none', 'rename the key (and the block it names) by hand; renaming the inner keys alone would fit neither version')), { context: info });
  if (value) markTree(acc, value, 'foreign');
}

/** The objects a nested `pickup` key takes where they are not written in place: reported, their keys left (the request is left whole). */
export function holdNested(acc: AnalysisState, unit: Unit, value: ts.Expression, info: RequestContext): void {
  for (const o of objects(acc, unit, value)) {
    acc.heldObjects.set(o.node, 'it is the nested `pickup` object of a v1 pickup body, given through a variable: move its fields to the top level by hand');
    applyContext(acc, o, 'pickup-v1', info);
  }
}
