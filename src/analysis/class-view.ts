// A class as the checks read it: a `class`, or a constructor function written before ES2015
// (`function Client(o) { this.host = o.host }` with `Client.prototype.get = function (p) {…}`),
// whose body is its constructor and whose prototype's functions are its methods. The checks that
// follow a method to its instance's construction read both through this view.

import ts from '../core/ts.cjs';
import { unwrap } from './syntax.js';

/** A function declaration that sets members of `this` in its body and has methods on its prototype. */
export type ConstructorFunction = ts.FunctionDeclaration & { name: ts.Identifier; body: ts.Block };

export type ClassNode = ts.ClassLikeDeclaration | ConstructorFunction;

/** What runs on `new`: a class's `constructor`, or the constructor function itself. */
export type Constructor = ts.ConstructorDeclaration | ConstructorFunction;

type PrototypeMethod = ts.FunctionExpression | ts.MethodDeclaration;

/** the prototype methods of each function declaration (none: not a constructor function), looked up once */
const methodsMemo = new WeakMap<ts.FunctionDeclaration, Map<string, PrototypeMethod> | null>();

/** Is this function a constructor function: it sets `this.<member>` in its body, and its prototype has methods? */
export function isConstructorFunction(n: ts.Node): n is ConstructorFunction {
  return ts.isFunctionDeclaration(n) && !!prototypeMethods(n);
}

/**
 * The methods a constructor function's prototype is given beside it (in the statements it is
 * declared among): `X.prototype.get = function (…) {…}`, and `X.prototype = { get: function (…) {…}, post(…) {…} }`.
 * Undefined for a function that is no constructor function.
 */
export function prototypeMethods(fn: ts.FunctionDeclaration): Map<string, PrototypeMethod> | undefined {
  const known = methodsMemo.get(fn);
  if (known !== undefined) return known ?? undefined;
  let found: Map<string, PrototypeMethod> | null = null;
  const name = fn.name?.text;
  const around = fn.parent && (ts.isSourceFile(fn.parent) || ts.isBlock(fn.parent)) ? fn.parent.statements : undefined;
  if (name && fn.body && around && setsThis(fn.body)) {
    const methods = new Map<string, PrototypeMethod>();
    for (const st of around) {
      const set = ts.isExpressionStatement(st) ? assignment(st.expression) : undefined;
      if (!set) continue;
      const target = prototypeTarget(set.left);
      if (!target || target.owner !== name) continue;
      const value = unwrap(set.right);
      if (target.member !== undefined && ts.isFunctionExpression(value)) methods.set(target.member, value);
      if (target.member === undefined && ts.isObjectLiteralExpression(value))
        for (const p of value.properties) {
          if (ts.isMethodDeclaration(p) && ts.isIdentifier(p.name)) methods.set(p.name.text, p);
          const v = ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) ? unwrap(p.initializer) : undefined;
          if (v && ts.isFunctionExpression(v)) methods.set((p.name as ts.Identifier).text, v);
        }
    }
    if (methods.size) found = methods;
  }
  methodsMemo.set(fn, found);
  return found ?? undefined;
}

/**
 * The constructor function a function is a prototype method of (`X.prototype.get = function …`,
 * a method of the object `X.prototype = { … }` is set to), where `X` is declared beside it.
 */
export function prototypeOwner(fn: ts.Node): ConstructorFunction | undefined {
  const known = ownerMemo.get(fn);
  if (known !== undefined) return known ?? undefined;
  const found = ownerOf(fn);
  ownerMemo.set(fn, found ?? null);
  return found;
}

/** the constructor function each function is a prototype method of (null: none), looked up once */
const ownerMemo = new WeakMap<ts.Node, ConstructorFunction | null>();

function ownerOf(fn: ts.Node): ConstructorFunction | undefined {
  let holder = fn.parent;
  while (holder && ts.isParenthesizedExpression(holder)) holder = holder.parent;
  // (a method of the object literal assigned to `X.prototype`)
  if (holder && (ts.isPropertyAssignment(holder) || ts.isObjectLiteralExpression(holder))) {
    const obj = ts.isObjectLiteralExpression(holder) ? holder : holder.parent;
    holder = obj.parent;
    while (holder && ts.isParenthesizedExpression(holder)) holder = holder.parent;
  }
  const set = holder && assignment(holder);
  const target = set && prototypeTarget(set.left);
  const st = holder?.parent;
  if (!target || !st || !ts.isExpressionStatement(st) || !st.parent || !(ts.isSourceFile(st.parent) || ts.isBlock(st.parent))) return undefined;
  for (const d of st.parent.statements) if (ts.isFunctionDeclaration(d) && d.name?.text === target.owner && isConstructorFunction(d)) return d;
  return undefined;
}

/** The class a node is written in: a class, or a constructor function (its body, or a method of its prototype). */
export function enclosingClass(n: ts.Node): ClassNode | undefined {
  for (let p = n.parent; p; p = p.parent) {
    if (ts.isClassDeclaration(p) || ts.isClassExpression(p)) return p;
    if (ts.isFunctionExpression(p) || ts.isMethodDeclaration(p)) {
      const owner = prototypeOwner(p);
      if (owner) return owner;
    }
    if (isConstructorFunction(p)) return p;
  }
  return undefined;
}

/** A class's constructor, or the constructor function itself. */
export function constructorOf(cls: ClassNode | undefined): Constructor | undefined {
  if (!cls) return undefined;
  return ts.isFunctionDeclaration(cls) ? cls : cls.members.find(ts.isConstructorDeclaration);
}

/** A class's members (a constructor function has none written as such: its members are set in its body). */
export function classMembers(cls: ClassNode | undefined): readonly ts.ClassElement[] {
  return cls && !ts.isFunctionDeclaration(cls) ? cls.members : [];
}

/** The nodes a class is written in: the class, or the constructor function and each prototype method. */
export function classParts(cls: ClassNode): ts.Node[] {
  return ts.isFunctionDeclaration(cls) ? [cls, ...(prototypeMethods(cls)?.values() ?? [])] : [cls];
}

/** The class a function is the constructor of: a class's `constructor`, or a constructor function. */
export function constructedClass(fn: ts.Node): ClassNode | undefined {
  if (ts.isConstructorDeclaration(fn)) return fn.parent;
  return isConstructorFunction(fn) ? fn : undefined;
}

/** Does a function body set a member of `this` in one of its own statements (`this.host = o.host`)? */
function setsThis(body: ts.Block): boolean {
  return body.statements.some((st) => {
    const set = ts.isExpressionStatement(st) ? assignment(st.expression) : undefined;
    return !!set && ts.isPropertyAccessExpression(set.left) && set.left.expression.kind === ts.SyntaxKind.ThisKeyword;
  });
}

function assignment(e: ts.Node): ts.BinaryExpression | undefined {
  return ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.EqualsToken ? e : undefined;
}

/** `X.prototype.member` (owner X, its member) or `X.prototype` (owner X, no member). */
function prototypeTarget(e: ts.Expression): { owner: string; member?: string } | undefined {
  if (!ts.isPropertyAccessExpression(e)) return undefined;
  if (e.name.text === 'prototype' && ts.isIdentifier(e.expression)) return { owner: e.expression.text };
  const proto = e.expression;
  if (ts.isPropertyAccessExpression(proto) && proto.name.text === 'prototype' && ts.isIdentifier(proto.expression)) return { owner: proto.expression.text, member: e.name.text };
  return undefined;
}
