// The base URL of an HTTP client instance: `axios.create({ baseURL })` or `ky.create({ prefixUrl })`
// in a constant, in a class's member (`this.http`), or made by a factory of the project
// (`createClient(LEGACY_BASE)`), with the arguments its constructor or factory is given.

import ts from '../../core/ts.cjs';
import { type Env, type Piece, findProperty, propertyValue, unwrap } from '../evaluate.js';
import type { AnalysisState } from '../state.js';
import { treeIndex, type Unit } from '../units.js';
import { defaultBase, isAxios, isAxiosDecl } from './axios-defaults.js';
import { constructorOf, enclosingClass } from '../class-view.js';
import { classMember, constructionsOf, constructorArgument, memberType, parameterIndex, thisMember } from './callers.js';
import { nestBase } from './nest-modules.js';

/** the options an instance's base URL is given by (axios' `baseURL`, ky's and got's `prefixUrl`) */
export const BASE_KEYS = ['baseURL', 'prefixUrl', 'baseUrl', 'prefixURL'];

/**
 * The instance a request's callee calls: the instance itself (`api(…)`), the one whose method it is
 * (`api.post`), or one a factory makes, called at once (`api(env)('/labels', …)` with
 * `api = (env) => $fetch.create({ … })`).
 */
export function instanceCalled(callee: ts.Expression): ts.Expression | undefined {
  if (ts.isIdentifier(callee) || ts.isCallExpression(callee)) return callee;
  return ts.isPropertyAccessExpression(callee) ? unwrap(callee.expression) : undefined;
}

/**
 * The base URL of an HTTP client instance (`axios.create({ baseURL })`, `ky.create({ prefixUrl })`),
 * called through a method (`api.get(…)`) or itself (`api('/labels', cfg)`, `api({ url })`), or
 * of axios itself where its defaults set one. `'unknown'`: Nest's `HttpService` where the check
 * cannot tell which `HttpModule` registration gives it, or cannot see that registration's base.
 */
export function instanceBase(acc: AnalysisState, unit: Unit, callee: ts.Expression): Piece[] | 'unknown' | undefined {
  if (ts.isIdentifier(callee) && acc.axiosDefaults.length && isAxios(acc, unit, callee)) return defaultBase(acc, unit);
  const obj = instanceCalled(callee);
  if (!obj) return undefined;
  // a test double's scope: `nock(BASE).get(path)`, also further down a chain (`.reply(…).post(…)`)
  const scope = nockScope(obj, constantOfUnit(acc, unit));
  if (scope) return acc.pieces(unit, scope);
  // a REST data source's own request (`this.post('2023-01/labels', …)` in a class whose `baseURL` field gives the base)
  if (obj.kind === ts.SyntaxKind.ThisKeyword && obj !== callee) {
    const own = classMember(acc, unit, enclosingClass(obj), 'baseURL');
    if (own) return acc.pieces(own.unit, own.expr);
  }
  if (ts.isIdentifier(obj) && obj !== callee && acc.axiosDefaults.length && isAxiosDecl(obj, acc.bindings.resolve(unit, obj))) return defaultBase(acc, unit);
  const { init, ctorAt } = instanceInit(acc, unit, obj);
  // Nest's injected `HttpService`: the base the module providing the class registers (`HttpModule.register({ baseURL })`)
  if (!init && ts.isPropertyAccessExpression(obj) && obj.expression.kind === ts.SyntaxKind.ThisKeyword && typeName(memberType(enclosingClass(obj), obj.name.text)) === 'HttpService') {
    const nest = nestBase(acc, enclosingClass(obj));
    return nest === 'unknown' ? nest : nest === 'none' ? undefined : nest.base;
  }
  if (!init || !ts.isCallExpression(init.expr)) return undefined;
  const created = isCreate(init.expr);
  const cfg0 = created ? acc.ev.objectOf(init.unit, init.expr.arguments[0]) : undefined;
  const value0 = cfg0 && propertyValue(BASE_KEYS.map((k) => findProperty(cfg0.node, k)).find(Boolean));
  // a base given by the constructor (`{ baseURL }` with its parameter, `this.baseUrl`): what its constructions give
  const ctor = ctorAt && value0 && fromConstructor(acc, cfg0!.unit, value0) ? constructorArguments(acc, ctorAt.unit, ctorAt.expr) : undefined;
  const made = created ? { unit: init.unit, call: init.expr, env: ctor?.env ?? new Map() } : factoryCreate(acc, init.unit, init.expr);
  if (!made) return undefined;
  // (an instance made here: its options were read above)
  const cfg = created ? cfg0 : acc.ev.objectOf(made.unit, made.call.arguments[0]);
  if (!cfg) return undefined;
  const value = created ? value0 : propertyValue(BASE_KEYS.map((k) => findProperty(cfg.node, k)).find(Boolean));
  if (!value) return undefined;
  // `constructor(private readonly baseUrl: string)` read as `this.baseUrl`
  const v = unwrap(value);
  if (ctor && ts.isPropertyAccessExpression(v) && v.expression.kind === ts.SyntaxKind.ThisKeyword && ctor.members.has(v.name.text)) return ctor.env.get(v.name.text);
  return made.env.size ? acc.ev.pieces(cfg.unit, value, made.env) : acc.pieces(cfg.unit, value);
}

type At = { unit: Unit; expr: ts.Expression };

/**
 * What an instance expression was set to (`api`, `this.http`, `createClient(…)`), followed through
 * the names and the project's helpers that hand it on as it is; `trail` gathers the units those are
 * written in. `ctorAt`: the value a class's field or constructor gives it.
 */
function instanceInit(acc: AnalysisState, unit: Unit, obj: ts.Expression, trail: Unit[] = []): { init?: At; ctorAt?: At } {
  let init: At | undefined;
  let ctorAt: At | undefined;
  if (ts.isCallExpression(obj)) init = { unit, expr: obj };
  else if (ts.isIdentifier(obj)) {
    const decl = acc.bindings.resolve(unit, obj);
    const v = decl && acc.ev.valueOf(decl);
    if (v) init = { unit: v.unit, expr: unwrap(v.expr) };
  } else if (ts.isPropertyAccessExpression(obj) && obj.expression.kind === ts.SyntaxKind.ThisKeyword) {
    // a service class's client: the instance its field or constructor sets (`this.http = axios.create(…)`)
    // (or given to the constructor: `constructor(private readonly http: AxiosInstance = shipping)`)
    const v = thisMember(acc, unit, obj) ?? constructorArgument(acc, unit, obj);
    if (v) init = { unit: v.unit, expr: unwrap(v.expr) };
    // (the constructor's arguments, looked up only where the base is one of its parameters: instanceBase)
    if (v) ctorAt = v;
  }
  // (a name of an instance made elsewhere: `= shipping`; an instance handed through a helper of
  // the project that returns it: `withAuth(axios.create({ baseURL }))`)
  for (let i = 0; init && i < 5; i++) {
    trail.push(init.unit);
    if (ts.isIdentifier(init.expr)) {
      const d = acc.bindings.resolve(init.unit, init.expr);
      const v = d && acc.ev.valueOf(d);
      init = v ? { unit: v.unit, expr: unwrap(v.expr) } : undefined;
    } else if (ts.isCallExpression(init.expr) && !isCreate(init.expr)) {
      const through = passedThrough(acc, init.unit, init.expr);
      if (!through) break;
      init = through;
    } else break;
  }
  return { init, ctorAt };
}

/**
 * The call that made the instance an expression stands for (`axios.create({ … })`, in place or in
 * the project's factory that returns it), and the units the names leading to it are written in:
 * where what is set on the instance after it is made (its interceptors) may be written.
 */
export function instanceCreate(acc: AnalysisState, unit: Unit, obj: ts.Expression): { unit: Unit; call: ts.CallExpression; trail: Unit[] } | undefined {
  const trail: Unit[] = [unit];
  const { init } = instanceInit(acc, unit, obj, trail);
  if (!init || !ts.isCallExpression(init.expr)) return undefined;
  if (isCreate(init.expr)) return { unit: init.unit, call: init.expr, trail };
  const made = factoryCreate(acc, init.unit, init.expr);
  return made && { unit: made.unit, call: made.call, trail: [...trail, made.unit] };
}

/** The argument a call gives a helper of the project that returns that parameter as it is (`withAuth(instance)` returning `instance`). */
function passedThrough(acc: AnalysisState, unit: Unit, call: ts.CallExpression): { unit: Unit; expr: ts.Expression } | undefined {
  const ret = acc.ev.returnedBy(unit, call);
  if (!ret) return undefined;
  const k = parameterIndex(acc, ret.unit, ret.expr, ret.fn.node);
  const arg = k >= 0 ? call.arguments[k] : undefined;
  return arg && !call.arguments.slice(0, k + 1).some((a) => ts.isSpreadElement(a)) ? { unit, expr: unwrap(arg) } : undefined;
}

const typeName = (t: ts.TypeNode | undefined) => (t && ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName) ? t.typeName.text : undefined);

/** The base a nock scope intercepts (`nock('https://…')`), for a call chained on it. */
export function nockScope(e: ts.Expression, held?: (id: ts.Identifier) => ts.Expression | undefined): ts.Expression | undefined {
  for (let depth = 0; depth < 12; depth++) {
    // a scope kept in a variable of the same module (`const scope = nock(BASE)`; `scope.post(path)`)
    const init = ts.isIdentifier(e) && held ? held(e) : undefined;
    if (init) {
      e = unwrap(init);
      continue;
    }
    if (!ts.isCallExpression(e)) return undefined;
    if (ts.isIdentifier(e.expression) && e.expression.text === 'nock') return e.arguments[0];
    if (!ts.isPropertyAccessExpression(e.expression)) return undefined;
    e = unwrap(e.expression.expression);
  }
  return undefined;
}

/** What a `const` of the module is set to (for nockScope): undefined for anything else. */
export const constantOfUnit = (acc: AnalysisState, unit: Unit) => (id: ts.Identifier): ts.Expression | undefined => {
  const d = acc.bindings.resolve(unit, id);
  return d?.kind === 'var' && d.unit === unit && d.init && ts.isVariableDeclarationList(d.node.parent) && (d.node.parent.flags & ts.NodeFlags.Const) !== 0 ? d.init : undefined;
};

/** Is a base value read from a constructor's parameter (`baseURL` a parameter, or `this.x`)? */
function fromConstructor(acc: AnalysisState, unit: Unit, value: ts.Expression): boolean {
  const v = unwrap(value);
  if (ts.isPropertyAccessExpression(v)) return v.expression.kind === ts.SyntaxKind.ThisKeyword;
  const d = ts.isIdentifier(v) ? acc.bindings.resolve(unit, v) : undefined;
  return d?.kind === 'param' && ts.isConstructorDeclaration(d.fn);
}

/** `axios.create(…)`, `ky.extend(…)`: a call that makes an instance from an options object. */
export function isCreate(c: ts.CallExpression): boolean {
  return ts.isPropertyAccessExpression(c.expression) && ['create', 'extend'].includes(c.expression.name.text) && !!c.arguments[0];
}

/** A factory of the project (`createClient(base)` returning `axios.create({ baseURL: base })`), with its parameters bound to the call's arguments. */
function factoryCreate(acc: AnalysisState, unit: Unit, call: ts.CallExpression): { unit: Unit; call: ts.CallExpression; env: Env } | undefined {
  const ret = acc.ev.returnedBy(unit, call);
  let made = ret && unwrap(ret.expr);
  // an instance the factory keeps in a constant of its own before returning it (`const instance =
  // axios.create({ … }); instance.interceptors.request.use(…); return instance`)
  if (made && ts.isIdentifier(made)) made = localInstance(acc, ret!.unit, made, ret!.fn.node);
  if (!made || !ts.isCallExpression(made) || !isCreate(made)) return undefined;
  return { unit: ret!.unit, call: made, env: bind(acc, ret!.fn.node, ret!.unit, [{ unit, args: call.arguments }]) };
}

/**
 * What a constant declared inside a factory is set to, where nothing in the factory assigns to it or
 * to a member of it (`instance.defaults.baseURL = …` would give the instance another base).
 */
function localInstance(acc: AnalysisState, unit: Unit, id: ts.Identifier, fn: ts.Node): ts.Expression | undefined {
  const d = acc.bindings.resolve(unit, id);
  if (d?.kind !== 'var' || !d.init || d.node.pos < fn.pos || d.node.end > fn.end) return undefined;
  if (!ts.isVariableDeclarationList(d.node.parent) || !(d.node.parent.flags & ts.NodeFlags.Const)) return undefined;
  let assigned = false;
  const visit = (n: ts.Node): void => {
    if (assigned) return;
    if (ts.isBinaryExpression(n) && n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && n.operatorToken.kind <= ts.SyntaxKind.LastAssignment && rootName(n.left) === id.text) assigned = true;
    else ts.forEachChild(n, visit);
  };
  visit(fn);
  return assigned ? undefined : unwrap(d.init);
}

/** The name a member chain starts from (`instance` of `instance.defaults.baseURL`). */
function rootName(e: ts.Expression): string | undefined {
  while (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) e = e.expression;
  return ts.isIdentifier(e) ? e.text : undefined;
}

interface Bound {
  env: Env;
  /** the constructor's parameter properties (`constructor(private base: string)`), read as `this.base` */
  members: Set<string>;
}

/**
 * The arguments a class's constructor is given, where every construction of it (`new C(…)`,
 * `super(…)` in a class that extends it) gives the same one; a parameter's default where none does.
 */
function constructorArguments(acc: AnalysisState, unit: Unit, at: ts.Node): Bound | undefined {
  const cls = enclosingClass(at);
  const ctor = constructorOf(cls);
  if (!cls || !ctor) return undefined;
  const env = bind(acc, ctor, unit, constructionsOf(acc, unit, cls));
  const members = new Set(ctor.parameters.filter((p) => ts.isIdentifier(p.name) && ts.getModifiers(p)?.length).map((p) => (p.name as ts.Identifier).text));
  return { env, members };
}

/** Each parameter bound to the argument all the given calls agree on (by what it evaluates to), or to its default where none gives one. */
function bind(acc: AnalysisState, fn: ts.SignatureDeclaration, unit: Unit, sites: { unit: Unit; args: readonly ts.Expression[] }[]): Env {
  const env: Env = new Map();
  fn.parameters.forEach((p, i) => {
    if (!ts.isIdentifier(p.name) || p.dotDotDotToken) return;
    const args = sites.map((s) => s.args[i]);
    if (sites.some((s) => s.args.slice(0, i + 1).some(ts.isSpreadElement))) return;
    if (args.length && args.every(Boolean)) {
      const each = sites.map((s, k) => acc.pieces(s.unit, args[k]));
      const sig = each.map(signature);
      if (sig.every((x) => x === sig[0])) env.set(p.name.text, each[0]);
    } else if (args.every((a) => !a) && p.initializer) env.set(p.name.text, acc.pieces(unit, p.initializer));
  });
  return env;
}

/** What pieces stand for, to compare two arguments: their text, the constants it came through, the holes by what they read. */
function signature(pieces: Piece[]): string {
  return pieces.map((p) => (p.t === 'lit' ? `${p.text}@${p.via.map((v) => `${v.unit.file}:${v.name.pos}`).join(',')}` : `?${p.env ?? p.node.getText(p.unit.sf)}`)).join('|');
}
