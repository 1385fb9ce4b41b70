// Objects no endpoint is seen for, known by their own keys; and the ambiguous `courier_id` of a
// file that still calls an old version.

import { contextFromKeys } from '../../core/keys.js';
import ts from '../../core/ts.cjs';
import { propName } from '../bindings.js';
import { findProperty, propertyValue, unwrap } from '../evaluate.js';
import type { AnalysisState } from '../state.js';
import { type Unit, treeIndex } from '../units.js';
import { applyContext } from './bodies.js';
import { eventLists } from './event-lists.js';
import { schemaObjectCall } from './schema-libraries.js';

export function scanObjectsByKeys(acc: AnalysisState, unit: Unit): void {
  // outer objects come first: a context an outer one gives its inner objects is seen here
  for (const n of treeIndex(unit.sf).objects) {
    if (!acc.contexted.has(n)) {
      const keys = new Set<string>();
      let nested: Set<string> | undefined;
      for (const p of n.properties) {
        const k = p.name ? propName(p.name) : undefined;
        if (!k) continue;
        keys.add(k);
        if (k === 'pickup' && ts.isPropertyAssignment(p) && ts.isObjectLiteralExpression(unwrap(p.initializer)))
          nested = new Set((unwrap(p.initializer) as ts.ObjectLiteralExpression).properties.map((q) => (q.name ? propName(q.name) ?? '' : '')));
      }
      if (notABody(n)) continue;
      const ctx = contextFromKeys(keys, nested);
      // a webhook body known by its keys alone is the service's only when its events are
      // (a message bus's `{ topic, version: '2023-01', event_types: ['pickup_requested'] }` is not)
      if (ctx === 'webhook-2023-01' && !namesServiceEvent(acc, unit, n)) continue;
      if (ctx) {
        applyContext(acc, { unit, node: n }, ctx, { kind: ctx, by: 'keys' });
        acc.unsentObjects.push({ unit, node: n });
        if (expectedValue(n)) acc.expectedValues.add(n);
        // the code its event list is written in (a constant, an enum, a caller's argument) is left with it
        else if (ctx === 'webhook-2023-01') acc.unsentObjects.push(...eventLists(acc, unit, propertyValue(findProperty(n, 'event_types'))!).filter((s) => s.unit !== unit || s.node.pos < n.pos || s.node.end > n.end));
      }
    }
  }
}

/** The matchers and assertions whose arguments are the values a test expects. */
const EXPECTING = /^(?:toEqual|toStrictEqual|toMatchObject|toHaveBeenCalledWith|toHaveBeenLastCalledWith|toHaveBeenNthCalledWith|toContainEqual|toMatchInlineSnapshot|objectContaining|arrayContaining|deepEqual|deepStrictEqual|strictEqual|equal|eql|toBe|calledWith|calledWithMatch)$/;

/**
 * Is this object (or one it is nested in) a value a test expects: an argument of a matcher or an
 * assertion (`expect(body).toEqual({ … })`, `expect.objectContaining({ … })`, `assert.deepEqual(a, { … })`)?
 */
export function expectedValue(n: ts.Node): boolean {
  let at: ts.Node = n;
  for (let i = 0; i < 8 && at.parent; i++) {
    const p: ts.Node = at.parent;
    if (ts.isCallExpression(p)) {
      if (!p.arguments.includes(at as ts.Expression)) return false;
      const callee = unwrap(p.expression);
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
      return EXPECTING.test(name);
    }
    if (!(ts.isObjectLiteralExpression(p) || ts.isArrayLiteralExpression(p) || ts.isPropertyAssignment(p) || ts.isSpreadElement(p) || ts.isParenthesizedExpression(p) || ts.isAsExpression(p))) return false;
    at = p;
  }
  return false;
}

/** Methods only a database's client has (Prisma, TypeORM, Sequelize, Mongoose). */
const DATABASE_METHODS = new Set(['insertOne', 'insertMany', 'updateOne', 'updateMany', 'findOne', 'findAll', 'findMany', 'findFirst', 'findUnique', 'findOneAndUpdate', 'bulkCreate', 'createMany']);
/** Calls that make a label's text (`t('…')`) or a schema's field (`z.string()`, `DataTypes.STRING`). */
const LABEL_OR_SCHEMA = /^(?:t|\$t|i18n\.t|translate|formatMessage|z\.\w+|yup\.\w+|Joi\.\w+|DataTypes\.\w+|Sequelize\.\w+)$/;

/**
 * Objects whose keys are named like a body's but that are no request (PRODUCT.md: code that merely
 * shares a word with the API is no finding): a database's rows and schema (an argument of
 * `repo.save(…)`, `prisma.pickup.create({ data })`, `Model.init({ courier_id: { type } })`), a zod
 * or valibot schema's shape (`z.object({ … })`, `v.object({ … })`), a map of labels (`{ courier_id: t('…') }`).
 */
function notABody(n: ts.ObjectLiteralExpression): boolean {
  let at: ts.Node = n;
  // `{ data: { … } }`, `{ where: { … } }`: the object the call is given holds it
  if (at.parent && ts.isPropertyAssignment(at.parent) && ts.isIdentifier(at.parent.name) && /^(?:data|where|create|update|values|select|include|orderBy|projection)$/.test(at.parent.name.text)) at = at.parent.parent;
  const call = at.parent;
  if (call && ts.isCallExpression(call) && call.arguments.includes(at as ts.Expression)) {
    const callee = unwrap(call.expression);
    // (a database client held in a member: `this.repo.create(…)`, `this.prisma.pickup.findMany(…)`)
    const text = callee.getText().replace(/^this\./, '');
    // (a generic verb, `save` or `update`, only on a database's own object: an SDK has them too)
    if (/^(?:prisma|db|knex|sequelize|repository|repo|\w+Repository|em|manager|getRepository|dataSource|AppDataSource)\b/.test(text) || (ts.isPropertyAccessExpression(callee) && DATABASE_METHODS.has(callee.name.text))) return true;
    if (schemaObjectCall(call) || /^(?:yup\.object|Joi\.object)$/.test(text)) return true;
    // what a server answers its own clients with (`res.json({ … })`, `res.status(201).send(…)`, Hono's `c.json`, `NextResponse.json`)
    if (/^(?:(?:res|response|reply|c)(?:\.status\([^)]*\))?\.(?:json|send|jsonp)|(?:NextResponse|Response)\.json)$/.test(text.replace(/\s+/g, ''))) return true;
  }
  // Koa's answer: `ctx.body = { … }`
  const assign = n.parent;
  if (assign && ts.isBinaryExpression(assign) && assign.right === n && assign.operatorToken.kind === ts.SyntaxKind.EqualsToken && /^(?:ctx|context)\.(?:response\.)?body$/.test(assign.left.getText())) return true;
  // every value a label's text or a schema's field: `{ courier_id: t('…') }`, `{ courier_id: { type: DataTypes.STRING } }`;
  // or a choice of fields (`select: { courier_id: true, preferred_date: true }`, a projection's `1`): no body's values
  const values = n.properties.map((p) => (ts.isPropertyAssignment(p) ? unwrap(p.initializer) : undefined));
  if (values.length > 0 && values.every((v) => !!v && (v.kind === ts.SyntaxKind.TrueKeyword || v.kind === ts.SyntaxKind.FalseKeyword || (ts.isNumericLiteral(v) && /^[01]$/.test(v.text))))) return true;
  if (labelDictionary(n) && !typedHolder(n)) return true;
  return values.length > 0 && values.every((v) => !!v && (schemaField(v) || (ts.isCallExpression(v) && LABEL_OR_SCHEMA.test(calleeText(v)))));
}

/** A dictionary of a form's labels keyed by field names, their text written in place (`{ courier_id: 'Courier ID' }`). */
function labelDictionary(n: ts.ObjectLiteralExpression): boolean {
  return n.properties.length > 0 && n.properties.every((p) => ts.isPropertyAssignment(p) && labelText(unwrap(p.initializer)));
}

/** Is the object typed where it is written (`const LABELS: Record<keyof PickupBody, string> = { … }`, `as`, `satisfies`)? A type of a body ties it to that body. */
function typedHolder(n: ts.ObjectLiteralExpression): boolean {
  const p = n.parent;
  return !!p && ((ts.isVariableDeclaration(p) && !!p.type) || ts.isAsExpression(p) || ts.isSatisfiesExpression(p) || ts.isTypeAssertionExpression(p));
}

/** A label's own text, written in place (`courier_id: 'Courier ID'` in a dictionary of a form's labels): words, no id nor date. */
function labelText(v: ts.Expression): boolean {
  if (!ts.isStringLiteralLike(v)) return false;
  const text = v.text.trim();
  return /^[A-Z][a-z]+$/.test(text) || (/\s/.test(text) && /^[\p{L}][\p{L}\s'’.,:?!()/-]*$/u.test(text));
}

const calleeText = (c: ts.CallExpression): string => {
  let e: ts.Expression = c.expression;
  // `z.string().min(1)`: the chain's first call names it
  while (ts.isPropertyAccessExpression(e) && ts.isCallExpression(e.expression)) e = e.expression.expression;
  return e.getText();
};

/** A column's definition: `{ type: DataTypes.STRING, allowNull: false }`, `DataTypes.DATEONLY`. */
function schemaField(v: ts.Expression): boolean {
  if (ts.isPropertyAccessExpression(v)) return /^(?:DataTypes|Sequelize)\./.test(v.getText());
  return ts.isObjectLiteralExpression(v) && !!findProperty(v, 'type') && v.properties.every((p) => p.name && ts.isIdentifier(p.name) && /^(?:type|allowNull|defaultValue|unique|primaryKey|field|comment|references|validate|length|nullable)$/.test(p.name.text));
}

/** Does the event list of this object name one of the service's courier events (old or new)? */
function namesServiceEvent(acc: AnalysisState, unit: Unit, n: ts.ObjectLiteralExpression): boolean {
  const list = propertyValue(findProperty(n, 'event_types'));
  if (!list) return false;
  return eventLists(acc, unit, list).some((s) => /courier(?:_account)?_state_changed/.test(s.node.getText(s.unit.sf)));
}

export function scanAmbiguous(acc: AnalysisState, unit: Unit): void {
  if (!unit.sf.text.includes('courier_id')) return;
  // (a key another finding already names, as a schema's key a request type ties: `z.object({ courier_id: … })`)
  const named = new Set<number>();
  for (const f of acc.findings.values()) if (f.file === unit.file) named.add(f.start);
  for (const n of treeIndex(unit.sf).objects) {
    // (a dictionary of labels names the field, whichever version's it is)
    if (acc.contexted.has(n) || labelDictionary(n)) continue;
    for (const p of n.properties) {
      if (!(ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) || !p.name || propName(p.name) !== 'courier_id' || named.has(p.name.getStart(unit.sf) + unit.offset)) continue;
      acc.add('ambiguous-courier-id', unit, p.name.getStart(unit.sf), p.name.getEnd(), '`courier_id` in no known request context, in a file that still calls an old API version: in v1 and 2023-01 it names a courier service (`courier_service_id` in 2024-09), in 2024-09 a courier. Decide which is meant (left for a person; `--fix` never renames it).');
    }
  }
}
