// Zod schemas that type a body: `const body: z.infer<typeof pickupSchema> = { … }` (or
// `satisfies`, `as`, `z.input`, `z.output`). The schema's `z.object({ … })` names the body's keys,
// as a request type does: its keys move with the body, or the fixed code no longer type-checks.

import ts from '../../core/ts.cjs';
import { unwrap } from '../evaluate.js';
import type { AnalysisState, Target } from '../state.js';
import type { Unit } from '../units.js';

/** The helpers of zod that take a schema's type: `z.infer`, `z.input`, `z.output` (and `z.TypeOf`). */
const INFER = new Set(['infer', 'input', 'output', 'TypeOf']);
/** The calls of zod that make an object schema from the object literal given. */
export const ZOD_OBJECTS = new Set(['z.object', 'z.strictObject', 'z.looseObject', 'z.interface']);

/** The object literals of the zod schemas that type this body object (through its variable's type, `satisfies` or `as`). */
export function zodShapes(acc: AnalysisState, unit: Unit, node: ts.ObjectLiteralExpression): Target[] {
  let at: ts.Node = node;
  const types: ts.TypeNode[] = [];
  while (at.parent && (ts.isParenthesizedExpression(at.parent) || ts.isAsExpression(at.parent) || ts.isSatisfiesExpression(at.parent))) {
    if (!ts.isParenthesizedExpression(at.parent)) types.push(at.parent.type);
    at = at.parent;
  }
  if (at.parent && ts.isVariableDeclaration(at.parent) && at.parent.type) types.push(at.parent.type);
  const out: Target[] = [];
  for (const t of types) {
    const schema = inferred(t);
    const decl = schema && acc.bindings.resolve(unit, schema);
    const value = decl && acc.ev.valueOf(decl);
    const made = value && zodObject(unwrap(value.expr));
    if (!made) continue;
    // a schema that also parses data read at run time (a form's fields): renamed, it would reject its input
    const parses = parseCall(acc, value!.unit, schema!.text);
    if (parses) acc.heldObjects.set(made, `this zod schema also parses data read at run time (\`${parses}\`), whose keys are the old names: migrate the schema, its input and the request together by hand`);
    out.push({ unit: value!.unit, node: made });
  }
  return out;
}

/** A call of the schema's parse methods in its module (`schema.parse(input)`), as written. */
function parseCall(acc: AnalysisState, unit: Unit, name: string): string | undefined {
  const re = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\s*\\.\\s*(?:safeParse|parse)(?:Async)?\\s*\\(`);
  for (const u of acc.store.all()) {
    const m = u.sf.text.includes(name) ? re.exec(u.sf.text) : null;
    if (m) return `${m[0]}…)`;
  }
  return undefined;
}

/** `z.infer<typeof schema>`: the schema's name. */
function inferred(t: ts.TypeNode): ts.Identifier | undefined {
  if (!ts.isTypeReferenceNode(t) || !ts.isQualifiedName(t.typeName) || t.typeName.left.getText() !== 'z' || !INFER.has(t.typeName.right.text)) return undefined;
  const arg = t.typeArguments?.[0];
  return arg && ts.isTypeQueryNode(arg) && ts.isIdentifier(arg.exprName) ? arg.exprName : undefined;
}

/** The object literal of `z.object({ … })` (also with `.strict()`, `.describe(…)` and the like chained after it). */
export function zodObject(e: ts.Expression): ts.ObjectLiteralExpression | undefined {
  while (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && ts.isCallExpression(e.expression.expression)) e = e.expression.expression;
  if (!ts.isCallExpression(e) || !ZOD_OBJECTS.has(e.expression.getText()) || !e.arguments[0]) return undefined;
  const obj = unwrap(e.arguments[0]);
  return ts.isObjectLiteralExpression(obj) ? obj : undefined;
}
