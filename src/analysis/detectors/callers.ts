// Who calls a function, and what a call calls: functions by the name their callers use, methods
// of a class called through `this` or an instance (`new C()`), and the members a class sets on
// `this` (a field's initializer, a constructor's `this.http = …`). A constructor function with
// methods on its prototype is read as a class (class-view.ts).

import ts from '../../core/ts.cjs';
import { type Decl, commonJsExport } from '../bindings.js';
import { unwrap } from '../evaluate.js';
import { lastName } from '../syntax.js';
import type { AnalysisState } from '../state.js';
import { treeIndex, type Unit } from '../units.js';
import { injectedClass } from '../injection-tokens.js';
import { type ClassNode, type Constructor, classMembers, constructorOf, enclosingClass, isConstructorFunction, prototypeMethods } from '../class-view.js';

export type FunctionNode = ts.SignatureDeclaration & { body?: ts.Node };

export interface Called {
  unit: Unit;
  node: FunctionNode;
}

/**
 * Calls by the name they call (`createPickup(…)`, `client.createPickup(…)`), over the units
 * analysed. The name is recorded as looked for from everywhere: a call no binding ties to what it
 * calls may be in any file, so `--cache` analyses the files calling the name with the asking ones.
 */
export function callsNamed(acc: AnalysisState, name: string): { unit: Unit; call: ts.CallExpression }[] {
  if (!acc.callsLookedUp.has(name)) acc.callsLookedUp.set(name, new Set());
  return callIndex(acc, name);
}

/** The calls by this name, recording nothing. */
function callIndex(acc: AnalysisState, name: string): { unit: Unit; call: ts.CallExpression }[] {
  // (made again when modules were parsed since: one read for an import may call a wrapper too)
  if (!acc.callIndex || acc.callIndexUnits !== acc.store.parsedCount) {
    acc.callIndex = new Map();
    acc.callIndexUnits = acc.store.parsedCount;
    acc.callersMemo.clear();
    for (const unit of acc.store.all())
      for (const call of treeIndex(unit.sf).calls) {
        const nm = lastName(call.expression);
        if (!nm) continue;
        if (!acc.callIndex.has(nm)) acc.callIndex.set(nm, []);
        acc.callIndex.get(nm)!.push({ unit, call });
      }
  }
  return acc.callIndex.get(name) ?? [];
}

/** The name a function is called by: its own, its variable's, its property's or its method's. */
export function functionName(fn: ts.Node): string | undefined {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && fn.parent) {
    const p = fn.parent;
    if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
    if ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && ts.isIdentifier(p.name)) return p.name.text;
    // a CommonJS export (`exports.createLabel = function (body) {…}`, `module.exports.createLabel = (body) => …`)
    const exported = ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.EqualsToken && p.right === fn ? commonJsExport(p.left) : undefined;
    if (exported) return exported;
    // a method of a constructor function's prototype (`Client.prototype.get = function (path) {…}`)
    if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.EqualsToken && p.right === fn && ts.isPropertyAccessExpression(p.left) && ts.isPropertyAccessExpression(p.left.expression) && p.left.expression.name.text === 'prototype') return p.left.name.text;
  }
  return undefined;
}

/** The class a declaration stands for: a class (also one a module `require`d exports), or a constructor function. */
function classOf(acc: AnalysisState, d: Decl | undefined): { unit: Unit; node: ClassNode } | undefined {
  const cls = acc.bindings.classOf(d);
  if (cls) return cls;
  const f = d?.kind === 'module' ? acc.bindings.requiredValue(d.file) : d;
  return f?.kind === 'func' && isConstructorFunction(f.node) ? { unit: f.unit, node: f.node } : undefined;
}

/** The class a class extends, where it is written in the project. */
function baseClass(acc: AnalysisState, unit: Unit, cls: ClassNode): { unit: Unit; cls: ClassNode } | undefined {
  const ext = ts.isFunctionDeclaration(cls) ? undefined : cls.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
  const e = ext && unwrap(ext.expression);
  const d = e && ts.isIdentifier(e) ? classOf(acc, acc.bindings.resolve(unit, e)) : undefined;
  return d ? { unit: d.unit, cls: d.node } : undefined;
}

/** A method of a class (a method, or a field holding an arrow function), by name; also one it inherits. */
function methodOf(acc: AnalysisState, unit: Unit, cls: ClassNode, name: string, depth = 0): Called | undefined {
  const own = ownMethod(unit, cls, name);
  if (own || depth > 4) return own;
  const base = baseClass(acc, unit, cls);
  return base && methodOf(acc, base.unit, base.cls, name, depth + 1);
}

function ownMethod(unit: Unit, cls: ClassNode, name: string): Called | undefined {
  const proto = ts.isFunctionDeclaration(cls) ? prototypeMethods(cls)?.get(name) : undefined;
  if (proto) return { unit, node: proto };
  for (const m of classMembers(cls)) {
    if (!m.name || !ts.isIdentifier(m.name) || m.name.text !== name) continue;
    if (ts.isMethodDeclaration(m) && m.body) return { unit, node: m };
    if (ts.isPropertyDeclaration(m) && m.initializer) {
      const init = unwrap(m.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return { unit, node: init };
    }
  }
  return undefined;
}

/** The class an instance expression is made from (`new C()`, a variable or an imported constant holding one). */
export function instanceClass(acc: AnalysisState, unit: Unit, e: ts.Expression, depth = 0): { unit: Unit; cls: ClassNode } | undefined {
  if (depth > 4) return undefined;
  e = unwrap(e);
  if (ts.isNewExpression(e) && ts.isIdentifier(e.expression)) {
    const d = classOf(acc, acc.bindings.resolve(unit, e.expression));
    return d ? { unit: d.unit, cls: d.node } : undefined;
  }
  if (ts.isIdentifier(e)) {
    const d = acc.bindings.resolve(unit, e);
    // a static method (`LabelsMapper.toEntries(…)`), or a parameter typed by a class of the project
    const cls = classOf(acc, d);
    if (cls) return { unit: cls.unit, cls: cls.node };
    if (d?.kind === 'param') return d.node.type ? typeClass(acc, d.unit, d.node.type) : undefined;
    const v = d && acc.ev.valueOf(d);
    if (v) return instanceClass(acc, v.unit, v.expr, depth + 1);
    // a variable declared with a class of the project as its type, and no value the analysis sees (`declare const shipping: ShippingClient`)
    return d?.kind === 'var' && d.node.type && !d.node.initializer ? typeClass(acc, d.unit, d.node.type) : undefined;
  }
  if (ts.isCallExpression(e)) {
    // Angular's `inject(LabelsService)`: an instance of that class of the project
    const injected = injectedClass(acc.bindings, unit, e);
    const cls = injected && acc.bindings.resolve(unit, injected);
    if (cls?.kind === 'class') return { unit: cls.unit, cls: cls.node };
    // a factory of the project (`createShippingClient = (config) => new ShippingClient(config)`): what it returns, where it returns one thing
    const ret = acc.ev.returnedBy(unit, e);
    return ret ? instanceClass(acc, ret.unit, ret.expr, depth + 1) : undefined;
  }
  if (ts.isPropertyAccessExpression(e) && unwrap(e.expression).kind === ts.SyntaxKind.ThisKeyword) {
    // a member the class sets (`this.mapper = new LabelsMapper()`), or one injected and typed
    // by a class (`constructor(private readonly mapper: LabelsMapper)`, `mapper: LabelsMapper;`)
    const set = thisMember(acc, unit, e);
    const made = set && instanceClass(acc, set.unit, set.expr, depth + 1);
    if (made) return made;
    const typed = memberType(enclosingClass(e), e.name.text);
    return typed ? typeClass(acc, unit, typed) : undefined;
  }
  if (ts.isPropertyAccessExpression(e)) {
    // a member of another instance (`client.orders` with `orders = new FreightOrders(this)` in the client's class)
    const owner = instanceClass(acc, unit, e.expression, depth + 1);
    if (!owner) return undefined;
    const set = memberIn(owner.unit, owner.cls, e.name.text);
    const made = set && instanceClass(acc, set.unit, set.expr, depth + 1);
    if (made) return made;
    const typed = memberType(owner.cls, e.name.text);
    return typed ? typeClass(acc, owner.unit, typed) : undefined;
  }
  return undefined;
}

/** The class a type names (`LabelsMapper`), where it is a class of the project. */
function typeClass(acc: AnalysisState, unit: Unit, type: ts.TypeNode): { unit: Unit; cls: ts.ClassLikeDeclaration } | undefined {
  if (!ts.isTypeReferenceNode(type) || !ts.isIdentifier(type.typeName)) return undefined;
  const d = acc.bindings.resolve(unit, type.typeName);
  return d?.kind === 'class' ? { unit: d.unit, cls: d.node } : undefined;
}

/** The type a class gives a member: a field's, or a constructor parameter property's. */
export function memberType(cls: ClassNode | undefined, name: string): ts.TypeNode | undefined {
  for (const m of classMembers(cls)) {
    if (ts.isPropertyDeclaration(m) && m.name && ts.isIdentifier(m.name) && m.name.text === name) return m.type;
    if (!ts.isConstructorDeclaration(m)) continue;
    const i = parameterProperty(m, name);
    if (i >= 0) return m.parameters[i].type;
  }
  return undefined;
}

/**
 * The function a call calls, where it is written in the project: a function or an arrow (also
 * imported, or a property of an object of client functions), a method called through `this`, or a
 * method of a class instance.
 */
export function calledFunction(acc: AnalysisState, unit: Unit, callee: ts.Expression): Called | undefined {
  callee = unwrap(callee);
  const fn = acc.ev.functionOf(unit, callee);
  if (fn) return fn;
  if (!ts.isPropertyAccessExpression(callee)) return undefined;
  const obj = unwrap(callee.expression);
  if (obj.kind === ts.SyntaxKind.ThisKeyword) {
    const cls = enclosingClass(callee);
    return cls ? methodOf(acc, unit, cls, callee.name.text) : undefined;
  }
  const made = instanceClass(acc, unit, obj);
  return made ? methodOf(acc, made.unit, made.cls, callee.name.text) : undefined;
}

/**
 * The calls of a function anywhere in the units analysed (found by name, kept where the name
 * resolves to it). No name is recorded for `--cache`: a call resolves to a function only through
 * the imports of its module (bindings follow no global script), so the callers are in the import
 * graph of the function's module, and `--cache` analyses them with it already.
 */
export function callersOf(acc: AnalysisState, fn: FunctionNode): { unit: Unit; call: ts.CallExpression }[] {
  const name = functionName(fn);
  let known = acc.callIndexUnits === acc.store.parsedCount ? acc.callersMemo.get(fn) : undefined;
  if (known) return known;
  known = name ? callIndex(acc, name).filter((c) => calledFunction(acc, c.unit, c.call.expression)?.node === fn) : [];
  acc.callersMemo.set(fn, known);
  return known;
}

/**
 * How many functions of the units analysed are called by this name (functions, methods, arrows
 * held in variables or properties): a call the analysis cannot resolve, by a name more than one
 * has, may call any of them.
 */
export function namesakes(acc: AnalysisState, name: string): number {
  const known = acc.namesakesMemo.get(name);
  if (known && known.parsed === acc.store.parsedCount) return known.count;
  let count = 0;
  for (const u of acc.store.all()) {
    if (!u.sf.text.includes(name)) continue;
    const visit = (n: ts.Node): void => {
      if (ts.isFunctionLike(n) && 'body' in n && n.body && functionName(n) === name) count++;
      ts.forEachChild(n, visit);
    };
    visit(u.sf);
  }
  acc.namesakesMemo.set(name, { parsed: acc.store.parsedCount, count });
  return count;
}

/** Is this expression a parameter of the function (by name, as it is declared)? Its index, or -1. */
export function parameterIndex(acc: AnalysisState, unit: Unit, e: ts.Expression, fn: ts.Node): number {
  e = unwrap(e);
  if (!ts.isIdentifier(e)) return -1;
  const d = acc.bindings.resolve(unit, e);
  return d?.kind === 'param' && d.fn === fn ? d.index : -1;
}

/**
 * Every place a class is constructed in the units analysed: `new C(…)` where `C` resolves to it,
 * and `super(…)` in the constructors of the classes that extend it. Each with its arguments.
 */
export function constructionsOf(acc: AnalysisState, unit: Unit, cls: ClassNode): { unit: Unit; args: readonly ts.Expression[] }[] {
  const known = acc.constructionsMemo.get(cls);
  if (known && known.parsed === acc.store.parsedCount) return known.sites;
  const name = cls.name?.text;
  const out: { unit: Unit; args: readonly ts.Expression[] }[] = [];
  acc.constructionsMemo.set(cls, { parsed: acc.store.parsedCount, sites: out });
  if (!name) return out;
  for (const u of acc.store.all()) {
    const index = treeIndex(u.sf);
    for (const n of index.news) {
      const c = unwrap(n.expression);
      if (!ts.isIdentifier(c) || c.text !== name) continue;
      if (classOf(acc, acc.bindings.resolve(u, c))?.node === cls) out.push({ unit: u, args: n.arguments ?? [] });
    }
    for (const call of index.calls) {
      if (call.expression.kind !== ts.SyntaxKind.SuperKeyword) continue;
      const sub = enclosingClass(call);
      if (sub && baseClass(acc, u, sub)?.cls === cls) out.push({ unit: u, args: call.arguments });
    }
  }
  return out;
}

/**
 * The argument every construction of a class gives the constructor parameter property a member
 * of `this` names (`constructor(private readonly baseUrl: string)` read as `this.baseUrl`, with
 * `new Http(LEGACY_BASE)`), where they all give the same text; its default where none gives one.
 */
/**
 * The argument a subclass's `super(…)` gives the constructor parameter property `this.cfg` names,
 * where the method reading it is followed from a call in that subclass (`this.get(path)` in
 * `SlotsClient`, which calls `super(config.legacy)`): that call's instance is a `SlotsClient`.
 */
export function superArgument(acc: AnalysisState, access: ts.PropertyAccessExpression): { unit: Unit; expr: ts.Expression } | undefined {
  const bound = acc.boundCall;
  const callee = bound && unwrap(bound.call.expression);
  if (!bound || !callee || !ts.isPropertyAccessExpression(callee) || unwrap(callee.expression).kind !== ts.SyntaxKind.ThisKeyword) return undefined;
  const cls = enclosingClass(access);
  const ctor = constructorOf(cls);
  const index = ctor ? parameterProperty(ctor, access.name.text) : -1;
  let sub = enclosingClass(bound.call);
  let at = bound.unit;
  // the class the call is written in, up to the one that calls super() of the class holding the member
  for (let depth = 0; sub && cls && index >= 0 && depth < 5; depth++) {
    const base = baseClass(acc, at, sub);
    if (!base) return undefined;
    if (base.cls === cls) {
      const sup = constructorOf(sub)?.body?.statements.map((st) => (ts.isExpressionStatement(st) ? unwrap(st.expression) : undefined)).find((e): e is ts.CallExpression => !!e && ts.isCallExpression(e) && e.expression.kind === ts.SyntaxKind.SuperKeyword);
      const arg = sup?.arguments[index];
      return arg && !sup!.arguments.slice(0, index + 1).some((a) => ts.isSpreadElement(a)) ? { unit: at, expr: arg } : undefined;
    }
    sub = base.cls;
    at = base.unit;
  }
  return undefined;
}

export function constructorArgument(acc: AnalysisState, unit: Unit, access: ts.PropertyAccessExpression): { unit: Unit; expr: ts.Expression } | undefined {
  const cls = enclosingClass(access);
  const ctor = constructorOf(cls);
  const index = ctor ? parameterProperty(ctor, access.name.text) : -1;
  if (!cls || !ctor || index < 0) return undefined;
  const args = constructionsOf(acc, unit, cls).map((c) => ({ unit: c.unit, expr: c.args[index] }));
  // none given anywhere: the parameter's default (`private readonly http: AxiosInstance = shipping`)
  const dflt = ctor.parameters[index].initializer;
  if (dflt && args.every((a) => !a.expr)) return { unit, expr: dflt };
  if (!args.length || args.some((a) => !a.expr || ts.isSpreadElement(a.expr))) return undefined;
  const text = args[0].expr.getText(args[0].unit.sf);
  return args.every((a) => a.expr.getText(a.unit.sf) === text) ? args[0] : undefined;
}

/**
 * What a class sets a member of `this` to (`this.http`): a field's initializer, or the value the
 * constructor assigns to it; in the class the access is written in, or one it extends.
 */
export function thisMember(acc: AnalysisState, unit: Unit, access: ts.PropertyAccessExpression): { unit: Unit; expr: ts.Expression } | undefined {
  if (unwrap(access.expression).kind !== ts.SyntaxKind.ThisKeyword) return undefined;
  return classMember(acc, unit, enclosingClass(access), access.name.text);
}

/** What a class (or one it extends, in the project) sets a member to: a field's initializer or the constructor's assignment. */
export function classMember(acc: AnalysisState, unit: Unit, cls: ClassNode | undefined, name: string): { unit: Unit; expr: ts.Expression } | undefined {
  let at: Unit = unit;
  for (let depth = 0; cls && depth < 5; depth++) {
    const hit = memberIn(at, cls, name);
    if (hit) return hit;
    const base = baseClass(acc, at, cls);
    cls = base?.cls;
    if (base) at = base.unit;
  }
  return undefined;
}

function memberIn(unit: Unit, cls: ClassNode, name: string): { unit: Unit; expr: ts.Expression } | undefined {
  for (const m of classMembers(cls))
    if (ts.isPropertyDeclaration(m) && m.name && ts.isIdentifier(m.name) && m.name.text === name && m.initializer) return { unit, expr: m.initializer };
  const ctor = constructorOf(cls);
  const set = ctor && memberSet(ctor, name);
  return set && { unit, expr: set };
}

/**
 * A member of `this` an instance is constructed with (`constructor(private readonly path: string)`,
 * or `this.path = path` in the constructor), read in a method of its class: its name and the
 * constructor parameter's index; undefined for any other expression.
 */
export function instanceParameter(e: ts.Node, fn: ts.Node): { name: string; index: number } | undefined {
  const access = ts.isPropertyAccessExpression(e) ? e : undefined;
  if (!access || unwrap(access.expression).kind !== ts.SyntaxKind.ThisKeyword) return undefined;
  const cls = enclosingClass(fn);
  if (!cls || enclosingClass(access) !== cls) return undefined;
  const ctor = constructorOf(cls);
  if (!ctor) return undefined;
  const name = access.name.text;
  const own = parameterProperty(ctor, name);
  if (own >= 0) return { name, index: own };
  const set = memberSet(ctor, name);
  const r = set && unwrap(set);
  const index = r && ts.isIdentifier(r) ? ctor.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === r.text) : -1;
  return index >= 0 ? { name, index } : undefined;
}

/** What a constructor's body sets a member to, where a statement of it does (`this.version = …`: the first). */
export function memberSet(ctor: Constructor, name: string): ts.Expression | undefined {
  for (const st of ctor.body?.statements ?? []) {
    if (!ts.isExpressionStatement(st) || !ts.isBinaryExpression(st.expression) || st.expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
    const { left, right } = st.expression;
    if (ts.isPropertyAccessExpression(left) && left.expression.kind === ts.SyntaxKind.ThisKeyword && left.name.text === name) return right;
  }
  return undefined;
}

/**
 * The construction (`new Endpoint('/pickup/v1/pickups')`) that made the instance a method call goes
 * through (`pickups.send(body)`), where the method is the class's own.
 */
export function constructionOf(acc: AnalysisState, unit: Unit, call: ts.CallExpression, fn: ts.Node): { unit: Unit; args: readonly ts.Expression[] } | undefined {
  const callee = unwrap(call.expression);
  let e: ts.Expression | undefined = ts.isPropertyAccessExpression(callee) ? unwrap(callee.expression) : undefined;
  let at = unit;
  for (let depth = 0; e && depth < 5; depth++) {
    if (ts.isNewExpression(e)) {
      const c = unwrap(e.expression);
      const d = ts.isIdentifier(c) ? classOf(acc, acc.bindings.resolve(at, c)) : undefined;
      return d && d.node === enclosingClass(fn) ? { unit: at, args: e.arguments ?? [] } : undefined;
    }
    if (!ts.isIdentifier(e)) return undefined;
    const d = acc.bindings.resolve(at, e);
    const v = d && acc.ev.valueOf(d);
    if (!v) return undefined;
    at = v.unit;
    e = unwrap(v.expr);
  }
  return undefined;
}

/** The index of the constructor's parameter property of this name (`constructor(private readonly path: string)`), or -1. */
function parameterProperty(ctor: Constructor, name: string): number {
  return ctor.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === name && !!ts.getModifiers(p)?.length);
}
