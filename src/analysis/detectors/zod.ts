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
        const why = `the body's type is inferred from the zod schema \`${s.shown}\`, whose keys the check cannot follow to a \`z.object({ … })\`: renamed alone, the body would no longer fit it; migrate the schema and the request together by hand`;
        unseen ??= why;
        // the objects the schema is built from (`base.extend({ … })`): reported with the request, and left
        for (const o of value ? builtFrom(acc, value.unit, value.expr, 0) : []) {
          acc.heldObjects.set(o.node, why);
          out.push(o);
        }
        continue;
      }
      // a schema that also parses data read at run time (a form's fields): renamed, it would reject its input
      const parses = parseCall(acc, value!.unit, s.schema!.text);
      if (parses) acc.heldObjects.set(made, `this zod schema also parses data read at run time (\`${parses}\`), whose keys are the old names: migrate the schema, its input and the request together by hand`);
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

/** A call of the schema's parse methods in its module (`schema.parse(input)`), as written. */
function parseCall(acc: AnalysisState, unit: Unit, name: string): string | undefined {
  const re = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\s*\\.\\s*(?:safeParse|parse)(?:Async)?\\s*\\(`);
  for (const u of acc.store.all()) {
    const m = u.sf.text.includes(name) ? re.exec(u.sf.text) : null;
    if (m) return `${m[0]}…)`;
  }
  return undefined;
}

/**
 * The schemas a type is inferred from: `z.infer<typeof schema>` (the schema's name; none where it
 * is no plain name), also through the project's type aliases (`type PickupBody = z.infer<…>`),
 * unions, intersections and parentheses.
 */
function inferredFrom(acc: AnalysisState, unit: Unit, t: ts.TypeNode, depth: number): { unit: Unit; schema?: ts.Identifier; shown: string }[] {
  if (depth > 4) return [];
  if (ts.isParenthesizedTypeNode(t)) return inferredFrom(acc, unit, t.type, depth + 1);
  if (ts.isUnionTypeNode(t) || ts.isIntersectionTypeNode(t)) return t.types.flatMap((x) => inferredFrom(acc, unit, x, depth + 1));
  if (!ts.isTypeReferenceNode(t)) return [];
  if (ts.isQualifiedName(t.typeName) && t.typeName.left.getText(unit.sf) === 'z' && INFER.has(t.typeName.right.text)) {
    const arg = t.typeArguments?.[0];
    const shown = arg && ts.isTypeQueryNode(arg) ? arg.exprName.getText(unit.sf) : (arg?.getText(unit.sf) ?? '');
    return [{ unit, schema: arg && ts.isTypeQueryNode(arg) && ts.isIdentifier(arg.exprName) ? arg.exprName : undefined, shown }];
  }
  const d = ts.isIdentifier(t.typeName) ? acc.bindings.resolve(unit, t.typeName) : undefined;
  return d?.kind === 'type' && ts.isTypeAliasDeclaration(d.node) && !d.node.typeParameters ? inferredFrom(acc, d.unit, d.node.type, depth + 1) : [];
}

/** The object literal of `z.object({ … })` (also with `.strict()`, `.describe(…)` and the like chained after it). */
export function zodObject(e: ts.Expression): ts.ObjectLiteralExpression | undefined {
  while (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && ts.isCallExpression(e.expression.expression)) e = e.expression.expression;
  if (!ts.isCallExpression(e) || !ZOD_OBJECTS.has(e.expression.getText()) || !e.arguments[0]) return undefined;
  const obj = unwrap(e.arguments[0]);
  return ts.isObjectLiteralExpression(obj) ? obj : undefined;
}
