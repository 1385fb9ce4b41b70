// Syntax the evaluator reads values through, with no state of its own: wrappers around an
// expression, an object's properties, a function's returns, and the shapes of a few libraries'
// values (a Vue component's state, Node's util.format, a configuration library's reads).

import ts from '../core/ts.cjs';
import { propName } from './bindings.js';
import type { Unit } from './units.js';

/** The kinds of node `unwrap` looks through (read once: the checks unwrap hundreds of thousands of times a run). */
const WRAPPERS = new Set([ts.SyntaxKind.ParenthesizedExpression, ts.SyntaxKind.AsExpression, ts.SyntaxKind.NonNullExpression, ts.SyntaxKind.TypeAssertionExpression, ts.SyntaxKind.SatisfiesExpression]);

/** The expression inside parentheses, `as`, `!`, `<T>` and `satisfies`. */
export function unwrap(e: ts.Expression): ts.Expression {
  while (WRAPPERS.has(e.kind)) e = (e as ts.ParenthesizedExpression | ts.AsExpression | ts.NonNullExpression | ts.TypeAssertion | ts.SatisfiesExpression).expression;
  return e;
}

/**
 * The last name of an expression (`page` of `page`, `this.page`, `fixtures.page`; `get` of a
 * call's callee `api.get`), '' when it ends in none.
 */
export function lastName(e: ts.Expression): string {
  const v = unwrap(e);
  return ts.isIdentifier(v) ? v.text : ts.isPropertyAccessExpression(v) ? v.name.text : '';
}

/**
 * A text a call joins from parts written at the call:
 * - `[a, b, c].join(sep)`, the elements written in the array (no spreads) and the separator a
 *   string literal (or none: a comma);
 * - Node's `path.join(a, b)` (`path.posix.join`, `posix.join`, or `join` imported from `path`),
 *   a slash between two parts where neither has one;
 * - a string's `a.concat(b, c)`, one of the parts a string written as a literal or a template
 *   (an array's `concat` joins no text).
 */
export interface Joined {
  kind: 'array' | 'path' | 'concat';
  parts: readonly ts.Expression[];
  /** the array's separator, where one is written */
  separator?: ts.StringLiteral;
}

export function joinedParts(e: ts.Node): Joined | undefined {
  if (!ts.isCallExpression(e) || e.arguments.some(ts.isSpreadElement)) return undefined;
  const callee = unwrap(e.expression);
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
  if (name === 'join' && ts.isPropertyAccessExpression(callee)) {
    const array = unwrap(callee.expression);
    const sep = e.arguments[0];
    if (ts.isArrayLiteralExpression(array)) {
      if (e.arguments.length > 1 || array.elements.some(ts.isSpreadElement) || (sep && !ts.isStringLiteral(sep))) return undefined;
      return { kind: 'array', parts: array.elements, separator: sep as ts.StringLiteral | undefined };
    }
    const holder = callee.expression.getText();
    return e.arguments.length && /^(?:path|posix|path\.posix|pathPosix)$/.test(holder) ? { kind: 'path', parts: e.arguments } : undefined;
  }
  if (name === 'join' && e.arguments.length && /\bjoin\b[^;]*(?:\bfrom\s*|\brequire\(\s*)['"](?:node:)?path(?:\/posix)?['"]/.test(e.getSourceFile().text)) return { kind: 'path', parts: e.arguments };
  if (name === 'concat' && ts.isPropertyAccessExpression(callee) && e.arguments.length) {
    const parts = [callee.expression, ...e.arguments];
    const text = (x: ts.Expression) => ts.isStringLiteralLike(unwrap(x)) || ts.isTemplateExpression(unwrap(x));
    return !ts.isArrayLiteralExpression(unwrap(callee.expression)) && parts.some(text) ? { kind: 'concat', parts } : undefined;
  }
  return undefined;
}

/** Whether a node is a part of a text a call joins (`joinedParts`): the joined text is read whole. */
export function joinedPart(n: ts.Node): boolean {
  let p = n.parent;
  while (p && ts.isParenthesizedExpression(p)) p = p.parent;
  if (!p) return false;
  if (ts.isArrayLiteralExpression(p)) return !!p.parent && ts.isPropertyAccessExpression(p.parent) && !!p.parent.parent && joinedParts(p.parent.parent)?.kind === 'array';
  if (ts.isCallExpression(p)) return p.expression !== n && !!joinedParts(p);
  if (ts.isPropertyAccessExpression(p) && p.name.text === 'concat') return !!p.parent && joinedParts(p.parent)?.kind === 'concat';
  return false;
}

/** The field of the class `this` is written in (outside an arrow's own `this` it is the class's), by name; readonly or never assigned elsewhere is not checked. */
export function classField(e: ts.Node, key: string): ts.PropertyDeclaration | undefined {
  for (let p = e.parent; p; p = p.parent) {
    if (ts.isClassDeclaration(p) || ts.isClassExpression(p))
      return p.members.find((m): m is ts.PropertyDeclaration => ts.isPropertyDeclaration(m) && !!m.name && ts.isIdentifier(m.name) && m.name.text === key && !m.modifiers?.some((x) => x.kind === ts.SyntaxKind.StaticKeyword));
    if (ts.isFunctionExpression(p) || ts.isFunctionDeclaration(p)) return undefined;
  }
  return undefined;
}

/**
 * The method (or getter) of the class `this` is written in, by name, where a call on `this` runs
 * that one: no subclass can override it (it is private, or `#name`, or its class is neither
 * exported nor extended in its module). Another may run for a subclass's instance: none then.
 */
export function classMethod(e: ts.Node, key: string, kind: 'method' | 'get'): ts.MethodDeclaration | ts.GetAccessorDeclaration | undefined {
  for (let p = e.parent; p; p = p.parent) {
    if (ts.isClassDeclaration(p) || ts.isClassExpression(p)) {
      const named = (x: ts.ClassElement): x is ts.MethodDeclaration | ts.GetAccessorDeclaration =>
        (kind === 'method' ? ts.isMethodDeclaration(x) : ts.isGetAccessorDeclaration(x)) && !!x.name && (ts.isIdentifier(x.name) || ts.isPrivateIdentifier(x.name)) && x.name.text === key;
      const m = p.members.find(named);
      if (!m?.body || m.modifiers?.some((k) => k.kind === ts.SyntaxKind.StaticKeyword)) return undefined;
      const own = ts.isPrivateIdentifier(m.name) || !!m.modifiers?.some((k) => k.kind === ts.SyntaxKind.PrivateKeyword);
      return own || !extendable(p) ? m : undefined;
    }
    if (ts.isFunctionExpression(p) || ts.isFunctionDeclaration(p)) return undefined;
  }
  return undefined;
}

/** Can another module or class extend this class (exported, or extended in its own module)? */
function extendable(c: ts.ClassLikeDeclaration): boolean {
  if (!c.name || c.modifiers?.some((k) => k.kind === ts.SyntaxKind.ExportKeyword)) return true;
  const name = c.name.text.replace(/\$/g, '\\$');
  const text = c.getSourceFile().text;
  return new RegExp(`\\bextends\\s+${name}\\b|export\\s+default\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b`).test(text);
}

/** The object literal whose method `this` is written in (a method, or a `function` as a property's value; an arrow's `this` is its outer one's). */
export function thisObject(e: ts.Node): ts.ObjectLiteralExpression | undefined {
  for (let p = e.parent; p; p = p.parent) {
    if (ts.isArrowFunction(p)) continue;
    if (ts.isMethodDeclaration(p) || ts.isGetAccessorDeclaration(p) || ts.isSetAccessorDeclaration(p)) return ts.isObjectLiteralExpression(p.parent) ? p.parent : undefined;
    if (ts.isFunctionExpression(p)) return ts.isPropertyAssignment(p.parent) && ts.isObjectLiteralExpression(p.parent.parent) ? p.parent.parent : undefined;
    if (ts.isFunctionLike(p) || ts.isClassLike(p) || ts.isSourceFile(p)) return undefined;
  }
  return undefined;
}

/**
 * The object a Vue options-API component's `data()` returns, seen from `this` in the component's
 * hooks (the component itself) or in its `methods`, `computed` or `watch` (an object inside it).
 */
export function componentData(owner: ts.ObjectLiteralExpression): ts.ObjectLiteralExpression | undefined {
  let component = owner;
  const holder = owner.parent;
  if (holder && ts.isPropertyAssignment(holder) && ts.isIdentifier(holder.name) && ['methods', 'computed', 'watch'].includes(holder.name.text) && ts.isObjectLiteralExpression(holder.parent)) component = holder.parent;
  const data = findProperty(component, 'data');
  const fn = data && ts.isMethodDeclaration(data) ? data : data && ts.isPropertyAssignment(data) ? unwrap(data.initializer) : undefined;
  if (!fn || !(ts.isMethodDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return undefined;
  const ret = returnExpressions(fn);
  const made = ret.length === 1 ? unwrap(ret[0]) : undefined;
  return made && ts.isObjectLiteralExpression(made) ? made : undefined;
}

/**
 * The format string of a call of Node's `util.format` (`util.format(…)`, or `format(…)` in a
 * module that imports `util`), written as a plain literal with no escapes.
 */
export function formatText(unit: Unit, e: ts.Node): ts.StringLiteral | undefined {
  if (!ts.isCallExpression(e) || !e.arguments[0]) return undefined;
  const callee = unwrap(e.expression);
  const named = ts.isPropertyAccessExpression(callee) ? callee.name.text === 'format' && ts.isIdentifier(callee.expression) && callee.expression.text === 'util' : ts.isIdentifier(callee) && callee.text === 'format' && /['"](?:node:)?util['"]/.test(unit.sf.text);
  const fmt = named ? unwrap(e.arguments[0]) : undefined;
  return fmt && ts.isStringLiteral(fmt) && fmt.getText(unit.sf).slice(1, -1) === fmt.text && fmt.text.includes('%') ? fmt : undefined;
}

/** The names a configuration object goes by (`config`, `nconf`, NestJS's injected `configService`, …). */
const CONFIG_NAME = /^(?:config|conf|nconf|settings|cfg|convict|configService)$/i;

/**
 * A configuration object a value is read from: a name of `CONFIG_NAME`, or a member of the class
 * (`this.config`, `this.env` with `constructor(private readonly env: ConfigService)`) so named or
 * typed by a `…ConfigService` class.
 */
function configObject(e: ts.Expression): boolean {
  const c = unwrap(e);
  if (ts.isIdentifier(c)) return CONFIG_NAME.test(c.text);
  if (!ts.isPropertyAccessExpression(c) || c.expression.kind !== ts.SyntaxKind.ThisKeyword) return false;
  if (CONFIG_NAME.test(c.name.text)) return true;
  let cls: ts.Node | undefined = c.parent;
  while (cls && !ts.isClassLike(cls)) cls = cls.parent;
  if (!cls) return false;
  const members = [...cls.members, ...cls.members.filter(ts.isConstructorDeclaration).flatMap((k) => k.parameters)];
  return members.some((m) => (ts.isPropertyDeclaration(m) || ts.isParameter(m)) && m.name.getText() === c.name.text && !!m.type && ts.isTypeReferenceNode(m.type) && /ConfigService$/.test(m.type.typeName.getText()));
}

/**
 * A value read from a configuration library by its key (`config.get('shipping.url')`, `nconf.get(…)`,
 * `settings.get(…)`, NestJS's `this.config.get<string>(…)` and `getOrThrow(…)`).
 */
export function configRead(e: ts.Expression): boolean {
  const v = unwrap(e);
  if (!ts.isCallExpression(v) || !v.arguments[0] || !ts.isStringLiteral(v.arguments[0])) return false;
  const c = unwrap(v.expression);
  return ts.isPropertyAccessExpression(c) && (c.name.text === 'get' || c.name.text === 'getOrThrow') && configObject(c.expression);
}

/**
 * The default a config read is given (`this.config.get('VERSION', '2023-01')`): what it yields
 * where the deployment sets no value, a fallback as `process.env.VERSION ?? '2023-01'`'s is.
 * (NestJS's options object, `get('KEY', { infer: true })`, is no default.)
 */
export function configDefault(e: ts.Expression): ts.Expression | undefined {
  const v = unwrap(e);
  const d = configRead(v) ? (v as ts.CallExpression).arguments[1] : undefined;
  return d && !ts.isSpreadElement(d) && !ts.isObjectLiteralExpression(unwrap(d)) ? d : undefined;
}

/** Is this declaration written inside a function (not at a module's top level)? */
export function insideFunction(n: ts.Node): boolean {
  for (let p = n.parent; p; p = p.parent) if (ts.isFunctionLike(p)) return true;
  return false;
}

/**
 * The value a property gives: `key: value`'s expression, or a shorthand `{ key }`'s name (which
 * stands for the variable of that name); undefined for methods, accessors and spreads.
 */
export function propertyValue(p: ts.ObjectLiteralElementLike | undefined): ts.Expression | undefined {
  if (!p) return undefined;
  if (ts.isPropertyAssignment(p)) return p.initializer;
  if (ts.isShorthandPropertyAssignment(p)) return p.name;
  return undefined;
}

export function findProperty(obj: ts.ObjectLiteralExpression, key: string): ts.ObjectLiteralElementLike | undefined {
  for (let i = obj.properties.length - 1; i >= 0; i--) {
    const p = obj.properties[i];
    if ((ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p)) && propName(p.name) === key) return p;
    if (ts.isShorthandPropertyAssignment(p) && p.name.text === key) return p;
  }
  return undefined;
}

/** The expressions a function returns (an arrow's expression body, or its return statements). */
export function returnExpressions(fn: ts.SignatureDeclaration & { body?: ts.Node }): ts.Expression[] {
  const body = fn.body;
  if (!body) return [];
  if (!ts.isBlock(body)) return [body as ts.Expression];
  const out: ts.Expression[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isFunctionLike(n)) return;
    if (ts.isReturnStatement(n) && n.expression) out.push(n.expression);
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(body, visit);
  return out;
}

/** Is this text, as written, empty or a query string (or a fragment): `''`, `` `?from=${from}` ``, `'?page=' + n`? */
export function queryOrNothing(e: ts.Expression): boolean {
  e = unwrap(e);
  if (ts.isStringLiteralLike(e)) return e.text === '' || /^[?#]/.test(e.text);
  let first = e;
  while (ts.isBinaryExpression(first) && first.operatorToken.kind === ts.SyntaxKind.PlusToken) first = unwrap(first.left);
  const head = ts.isStringLiteralLike(first) ? first.text : ts.isTemplateExpression(first) ? first.head.text : '';
  return /^[?#]/.test(head);
}
