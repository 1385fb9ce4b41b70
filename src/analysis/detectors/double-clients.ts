// Which requests an assertion on a spy can see. `expect(httpService.post).toHaveBeenCalledWith(url, …)`
// records only the calls of that object's method: a request sent by a direct call of the global
// `fetch` (generated code's `fetch(\`${this.basePath}/2023-01/labels\`)`) is none it doubles, and
// it neither holds nor is held by one. Told only where the code says so: the spied object's
// declared type (a parameter's, variable's or class member's written type, `new C()`, Nest's
// `module.get(C)`, through `jest.Mocked<C>`), and a call of `fetch` itself (not a local function
// of that name). Any other request (through a wrapper, another client's method, which may forward
// to the spied one, a base) may reach the spy, and the assertion keeps doubling it.

import ts from '../../core/ts.cjs';
import { unwrap } from '../evaluate.js';
import type { AnalysisState } from '../state.js';
import type { Unit } from '../units.js';
import { enclosingClass } from '../class-view.js';
import { classMember, memberType } from './callers.js';

const GLOBALS = new Set(['window', 'globalThis', 'global', 'self']);
/** mock helpers whose type argument is the mocked client's type (`jest.Mocked<HttpService>`) */
const MOCK_TYPES = new Set(['Mocked', 'MockedObject', 'MockedObjectDeep', 'DeepMocked', 'SpyObj', 'MockProxy']);

/** Is this callee the global `fetch` (`fetch`, `window.fetch`, `globalThis.fetch`), not a function of the project's? */
export function directFetch(acc: AnalysisState, unit: Unit, callee: ts.Expression): boolean {
  const c = unwrap(callee);
  if (ts.isIdentifier(c)) return c.text === 'fetch' && !acc.bindings.resolve(unit, c);
  if (!ts.isPropertyAccessExpression(c) || c.name.text !== 'fetch') return false;
  const obj = unwrap(c.expression);
  return ts.isIdentifier(obj) && GLOBALS.has(obj.text) && !acc.bindings.resolve(unit, obj);
}

/** Reads a request's URL (`read`), noting that the request is a direct call of the global `fetch` where `callee` is. */
export function readSending<T>(acc: AnalysisState, unit: Unit, callee: ts.Expression, read: () => T): T {
  const outer = acc.sendingVia;
  acc.sendingVia = directFetch(acc, unit, callee) ? 'fetch' : undefined;
  try {
    return read();
  } finally {
    acc.sendingVia = outer;
  }
}

/** Records how a request seen sending to a path key sends it (`acc.sendingVia`, set by the request's reader, else unknown). */
export function noteSentVia(acc: AnalysisState, key: string): void {
  let via = acc.sentVia.get(key);
  if (!via) acc.sentVia.set(key, (via = new Set()));
  via.add(acc.sendingVia ?? '?');
}

/** Is every request the check sees sending to this path key a direct call of the global `fetch`? */
export function sentOnlyByFetch(acc: AnalysisState, key: string): boolean {
  const via = acc.sentVia.get(key);
  return !!via && via.size === 1 && via.has('fetch');
}

/**
 * The declared type of the object whose method an assertion's subject spies on: `httpService.post`,
 * or a spy kept in a variable (`const post = jest.spyOn(httpService, 'post')`). Undefined where
 * the code does not say (and for a spied `fetch`, whatever object it is read from).
 */
export function spiedClient(acc: AnalysisState, unit: Unit, subject: ts.Expression): string | undefined {
  const e = unwrap(subject);
  if (ts.isPropertyAccessExpression(e)) return e.name.text === 'fetch' ? undefined : objectType(acc, unit, e.expression);
  if (!ts.isIdentifier(e)) return undefined;
  const d = acc.bindings.resolve(unit, e);
  let init = d?.kind === 'var' && d.init ? unwrap(d.init) : undefined;
  // (`jest.spyOn(x, 'post').mockReturnValue(…)`: the spy still)
  while (init && ts.isCallExpression(init) && ts.isPropertyAccessExpression(init.expression) && /^mock/.test(init.expression.name.text)) init = unwrap(init.expression.expression);
  if (!d || !init || !ts.isCallExpression(init) || !ts.isPropertyAccessExpression(init.expression) || init.expression.name.text !== 'spyOn') return undefined;
  const [obj, name] = init.arguments;
  const method = name && unwrap(name);
  if (!obj || !method || !ts.isStringLiteralLike(method) || method.text === 'fetch') return undefined;
  return objectType(acc, d.unit, obj);
}

/** The type an object is declared with, as written: `this.http` (a member's type or `new C()`), a parameter's or variable's type, `new C()`, `module.get(C)`. */
function objectType(acc: AnalysisState, unit: Unit, e: ts.Expression): string | undefined {
  const o = unwrap(e);
  if (ts.isPropertyAccessExpression(o) && unwrap(o.expression).kind === ts.SyntaxKind.ThisKeyword) {
    const cls = enclosingClass(o);
    const written = typeName(memberType(cls, o.name.text));
    if (written) return written;
    const set = classMember(acc, unit, cls, o.name.text);
    return set ? constructed(set.expr) : undefined;
  }
  if (!ts.isIdentifier(o)) return undefined;
  const d = acc.bindings.resolve(unit, o);
  if (d?.kind === 'param') return typeName(d.node.type);
  if (d?.kind !== 'var') return undefined;
  return typeName(d.node.type) ?? (d.init ? constructed(d.init) : undefined);
}

/** `new C(…)`, `module.get(C)` / `moduleRef.get<C>(C)` (Nest's testing module): C. */
function constructed(e: ts.Expression): string | undefined {
  const v = unwrap(e);
  if (ts.isNewExpression(v) && ts.isIdentifier(v.expression)) return v.expression.text;
  if (ts.isAwaitExpression(v)) return constructed(v.expression);
  if (ts.isCallExpression(v) && ts.isPropertyAccessExpression(v.expression) && ['get', 'resolve'].includes(v.expression.name.text) && v.arguments.length === 1) {
    const a = unwrap(v.arguments[0]);
    return ts.isIdentifier(a) && /^[A-Z]/.test(a.text) ? a.text : undefined;
  }
  return undefined;
}

/** A written type's name (`HttpService`; through `jest.Mocked<HttpService>`), where it is a named type. */
function typeName(t: ts.TypeNode | undefined): string | undefined {
  if (!t || !ts.isTypeReferenceNode(t)) return undefined;
  const name = ts.isIdentifier(t.typeName) ? t.typeName.text : t.typeName.right.text;
  if (MOCK_TYPES.has(name)) return typeName(t.typeArguments?.[0]);
  return name;
}
