// The schema libraries a body's type may be inferred from (zod, valibot), as data: how their
// object schemas are written, and where a request type's member is a schema's key. Read by the
// zod route of the bodies (zod.ts) and by the type checker of request types (request-types.ts).

import ts from '../../core/ts.cjs';
import type { UnitStore } from '../units.js';

/**
 * The schema libraries whose object schemas type a body: the name their namespace is written
 * with, the calls that make an object schema from the object literal given, the helpers that take
 * a schema's type, and whether a module must import the library for its namespace to be it (`v`
 * is a common name for other things; `z` is zod's).
 */
const SCHEMA_LIBRARIES: { library: string; ns: string; objects: string[]; infer: string[]; imported: boolean }[] = [
  { library: 'zod', ns: 'z', objects: ['object', 'strictObject', 'looseObject', 'interface'], infer: ['infer', 'input', 'output', 'TypeOf'], imported: false },
  { library: 'valibot', ns: 'v', objects: ['object', 'strictObject', 'looseObject', 'objectWithRest'], infer: ['InferOutput', 'InferInput', 'Input', 'Output'], imported: true },
];
/** The methods of a schema that make another from it and the object literal given (`base.extend({ … })`): its keys are the new schema's. */
const EXTENDING = new Set(['extend', 'safeExtend']);

/** The schema library a namespace written in this file stands for (`z`, or `v` where the file imports valibot). */
export function libraryOf(ns: string, sf: ts.SourceFile): (typeof SCHEMA_LIBRARIES)[number] | undefined {
  const lib = SCHEMA_LIBRARIES.find((l) => l.ns === ns);
  if (!lib || !lib.imported) return lib;
  return new RegExp(`(?:\\bfrom|\\brequire\\(|\\bimport\\()\\s*['"]${lib.library}['"]`).test(sf.text) ? lib : undefined;
}

/** Is this call one that makes an object schema (`z.object(…)`, `v.object(…)`)? */
export function schemaObjectCall(call: ts.CallExpression): boolean {
  const c = call.expression;
  if (!ts.isPropertyAccessExpression(c) || !ts.isIdentifier(c.expression)) return false;
  return !!libraryOf(c.expression.text, call.getSourceFile())?.objects.includes(c.name.text);
}

/**
 * Why a schema's keys stay: it also parses data read at run time (zod's `schema.parse(input)`,
 * valibot's `v.parse(schema, input)`), whose keys are the old names; renamed, it would reject it.
 */
export function parsedWhy(store: UnitStore, name: string, library: string): string | undefined {
  const n = name.replace(/\$/g, '\\$');
  const re = new RegExp(`\\b${n}\\s*\\.\\s*(?:safeParse|parse)(?:Async)?\\s*\\(|\\b(?:safeParse|parse)(?:Async)?\\s*\\(\\s*${n}\\b`);
  for (const u of store.all()) {
    const m = u.sf.text.includes(name) ? re.exec(u.sf.text) : null;
    if (m) return `this ${library} schema also parses data read at run time (\`${m[0].replace(/\s+/g, '')}…)\`), whose keys are the old names: migrate the schema, its input and the request together by hand`;
  }
  return undefined;
}

/**
 * A member of a request type that is written in a schema's object literal (`z.object({ courier_id: … })`,
 * `base.extend({ … })`): the type checker gives it that key as its declaration, and renaming the
 * key renames the member, with every use the checker ties to it.
 */
export function schemaMember(d: ts.Declaration): d is ts.PropertyAssignment | ts.ShorthandPropertyAssignment {
  return (ts.isPropertyAssignment(d) || ts.isShorthandPropertyAssignment(d)) && ts.isObjectLiteralExpression(d.parent) && schemaShape(d.parent);
}

/** Is this object literal the keys of a schema (`z.object({ … })`, `v.object({ … })`, `base.extend({ … })`)? */
export function schemaShape(obj: ts.ObjectLiteralExpression): boolean {
  const call = obj.parent;
  if (!call || !ts.isCallExpression(call) || call.arguments[0] !== obj) return false;
  return schemaObjectCall(call) || (ts.isPropertyAccessExpression(call.expression) && EXTENDING.has(call.expression.name.text));
}

/**
 * The schemas a member's key is written in, innermost first, by the names of the constants that
 * hold them (`courierSelection`, then `shipmentSchema` where it is nested in place), with the
 * library of the outermost call.
 */
export function schemaNames(d: ts.Node): { names: string[]; library: string } {
  const names: string[] = [];
  let library = 'zod';
  for (let n: ts.Node | undefined = d.parent; n; n = n.parent) {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ts.isIdentifier(n.expression.expression)) library = libraryOf(n.expression.expression.text, n.getSourceFile())?.library ?? library;
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name)) names.push(n.name.text);
  }
  return { names, library };
}
