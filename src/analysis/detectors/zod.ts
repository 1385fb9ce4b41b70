// Zod schemas that type a body: `const body: z.infer<typeof pickupSchema> = { … }` (or
// `satisfies`, `as`, `z.input`, `z.output`), and valibot's alike (`v.InferOutput<typeof schema>`).
// The schema's `z.object({ … })` names the body's keys, as a request type does: its keys move
// with the body, or the fixed code no longer type-checks.

import ts from '../../core/ts.cjs';
import { unwrap } from '../evaluate.js';
import type { AnalysisState, Target } from '../state.js';
import type { Unit } from '../units.js';
import { libraryOf, parsedWhy, schemaObjectCall } from './schema-libraries.js';

/** The object literals of the zod schemas that type this body object (through its variable's type, `satisfies` or `as`). */
export function zodShapes(acc: AnalysisState, unit: Unit, node: ts.ObjectLiteralExpression): Target[] {
  let at: ts.Node = node;
  const types: ts.TypeNode[] = [];
  while (at.parent && (ts.isParenthesizedExpression(at.parent) || ts.isAsExpression(at.parent) || ts.isSatisfiesExpression(at.parent))) {
    if (!ts.isParenthesizedExpression(at.parent)) types.push(at.parent.type);
    at = at.parent;
  }
  if (at.parent && ts.isVariableDeclaration(at.parent) && at.parent.type) types.push(at.parent.type);
  const found = schemaObjects(acc, unit, types);
  // a schema whose keys cannot be followed: renamed alone, the body would no longer fit its type
  if (found.unseen) acc.heldObjects.set(node, found.unseen);
  return found.objects;
}

/**
 * The object literals of the zod schemas that type a value sent as a body, where it is a name
 * declared with a type (`body: PickupBody`, a parameter its callers fill); `unseen` where its type
 * is inferred from a schema whose keys cannot be followed.
 */
export function zodTyped(acc: AnalysisState, unit: Unit, e: ts.Expression): { objects: Target[]; unseen?: string } {
  const d = ts.isIdentifier(e) ? acc.bindings.resolve(unit, e) : undefined;
  const type = (d?.kind === 'param' || d?.kind === 'var') && d.node.type;
  return type ? schemaObjects(acc, d.unit, [type]) : { objects: [] };
}

function schemaObjects(acc: AnalysisState, unit: Unit, types: ts.TypeNode[]): { objects: Target[]; unseen?: string } {
  const out: Target[] = [];
  let unseen: string | undefined;
  for (const t of types)
    for (const s of inferredFrom(acc, unit, t, 0)) {
      const decl = s.schema && acc.bindings.resolve(s.unit, s.schema);
      const value = decl && acc.ev.valueOf(decl);
      const made = value && zodObject(unwrap(value.expr));
      if (!made) {
        const why = `the body's type is inferred from the ${s.library} schema \`${s.shown}\`, whose keys the check cannot follow to a \`z.object({ … })\`: renamed alone, the body would no longer fit it; migrate the schema and the request together by hand`;
        unseen ??= why;
        // the objects the schema is built from (`base.extend({ … })`): reported with the request, and left
        for (const o of value ? builtFrom(acc, value.unit, value.expr, 0) : []) {
          acc.heldObjects.set(o.node, why);
          out.push(o);
        }
        continue;
      }
      // a schema that also parses data read at run time (a form's fields): renamed, it would reject its input
      const parses = parsedWhy(acc.store, s.schema!.text, s.library);
      if (parses) acc.heldObjects.set(made, parses);
      out.push({ unit: value!.unit, node: made });
    }
  return { objects: out, unseen };
}

/** The object literals a schema is built from: those given to the calls of its chain (`base.extend({ … })`), and its base's. */
function builtFrom(acc: AnalysisState, unit: Unit, e: ts.Expression, depth: number): Target[] {
  e = unwrap(e);
  if (depth > 4) return [];
  if (ts.isIdentifier(e)) {
    const d = acc.bindings.resolve(unit, e);
    const v = d && acc.ev.valueOf(d);
    return v ? builtFrom(acc, v.unit, v.expr, depth + 1) : [];
  }
  if (!ts.isCallExpression(e)) return [];
  const own = e.arguments.map((a) => unwrap(a)).filter(ts.isObjectLiteralExpression).map((node) => ({ unit, node }));
  const c = unwrap(e.expression);
  return [...own, ...(ts.isPropertyAccessExpression(c) ? builtFrom(acc, unit, c.expression, depth + 1) : [])];
}

/**
 * The schemas a type is inferred from: `z.infer<typeof schema>` (the schema's name; none where it
 * is no plain name), also through the project's type aliases (`type PickupBody = z.infer<…>`),
 * unions, intersections and parentheses.
 */
function inferredFrom(acc: AnalysisState, unit: Unit, t: ts.TypeNode, depth: number): { unit: Unit; schema?: ts.Identifier; shown: string; library: string }[] {
  if (depth > 4) return [];
  if (ts.isParenthesizedTypeNode(t)) return inferredFrom(acc, unit, t.type, depth + 1);
  if (ts.isUnionTypeNode(t) || ts.isIntersectionTypeNode(t)) return t.types.flatMap((x) => inferredFrom(acc, unit, x, depth + 1));
  if (!ts.isTypeReferenceNode(t)) return [];
  const lib = ts.isQualifiedName(t.typeName) && ts.isIdentifier(t.typeName.left) ? libraryOf(t.typeName.left.text, unit.sf) : undefined;
  if (lib && lib.infer.includes((t.typeName as ts.QualifiedName).right.text)) {
    const arg = t.typeArguments?.[0];
    const shown = arg && ts.isTypeQueryNode(arg) ? arg.exprName.getText(unit.sf) : (arg?.getText(unit.sf) ?? '');
    return [{ unit, schema: arg && ts.isTypeQueryNode(arg) && ts.isIdentifier(arg.exprName) ? arg.exprName : undefined, shown, library: lib.library }];
  }
  const d = ts.isIdentifier(t.typeName) ? acc.bindings.resolve(unit, t.typeName) : undefined;
  return d?.kind === 'type' && ts.isTypeAliasDeclaration(d.node) && !d.node.typeParameters ? inferredFrom(acc, d.unit, d.node.type, depth + 1) : [];
}

/** The object literal of `z.object({ … })` or `v.object({ … })` (also with `.strict()`, `.describe(…)` and the like chained after it). */
export function zodObject(e: ts.Expression): ts.ObjectLiteralExpression | undefined {
  while (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && ts.isCallExpression(e.expression.expression)) e = e.expression.expression;
  if (!ts.isCallExpression(e) || !schemaObjectCall(e) || !e.arguments[0]) return undefined;
  const obj = unwrap(e.arguments[0]);
  return ts.isObjectLiteralExpression(obj) ? obj : undefined;
}

/** The calls of a schema library that wrap the schema given first (`z.array(entry)`, `v.optional(block)`, `v.pipe(entry, …)`). */
const WRAPPING = new Set(['array', 'optional', 'nullable', 'nullish', 'pipe', 'required', 'partial', 'readonly']);

/**
 * The object literals of the schema a key of a schema's object literal takes (`courier_selection:
 * courierSelection`, `shipments: v.array(LabelEntrySchema)`, `z.object({ … }).optional()`): the
 * keys of the block, or of each entry, it types.
 */
export function schemaValueObjects(acc: AnalysisState, unit: Unit, e: ts.Expression, depth = 0): Target[] {
  e = unwrap(e);
  if (depth > 6) return [];
  const made = zodObject(e);
  if (made) return [{ unit, node: made }];
  if (ts.isIdentifier(e)) {
    const d = acc.bindings.resolve(unit, e);
    const v = d && acc.ev.valueOf(d);
    return v ? schemaValueObjects(acc, v.unit, v.expr, depth + 1) : [];
  }
  if (!ts.isCallExpression(e) || !ts.isPropertyAccessExpression(e.expression)) return [];
  const c = e.expression;
  // `ns.array(schema)`: the schema given; `schema.optional()`: the schema it is called on
  if (ts.isIdentifier(c.expression) && libraryOf(c.expression.text, unit.sf)) return WRAPPING.has(c.name.text) && e.arguments[0] ? schemaValueObjects(acc, unit, e.arguments[0], depth + 1) : [];
  return WRAPPING.has(c.name.text) ? schemaValueObjects(acc, unit, c.expression, depth + 1) : [];
}
