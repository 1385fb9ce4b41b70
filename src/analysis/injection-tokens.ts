// Angular's dependency injection of a value: `inject(SHIPPING_API)`, or a constructor's
// `@Inject(SHIPPING_API) private readonly api: string`, where the token is
// `new InjectionToken<string>('SHIPPING_API', { factory: () => environment.shippingApi })`. The
// value a service reads (`this.api`, then `${this.api}/labels`) is what the token's factory
// returns, so a base URL reaches the paths built with it. (A token provided in a `providers`
// array, `{ provide: SHIPPING_API, useValue: … }`, is not followed.)

import ts from '../core/ts.cjs';
import type { Bindings, Decl } from './bindings.js';
import { findProperty, propertyValue, returnExpressions, unwrap } from './syntax.js';
import type { Unit } from './units.js';

type ValueOf = (d: Decl) => { unit: Unit; expr: ts.Expression } | undefined;

/** The one expression the factory of the token injected here returns (undefined for any other call). */
export function injectedValue(bindings: Bindings, valueOf: ValueOf, unit: Unit, call: ts.CallExpression): { unit: Unit; expr: ts.Expression } | undefined {
  const callee = unwrap(call.expression);
  if (!ts.isIdentifier(callee) || callee.text !== 'inject' || call.arguments.length < 1 || !fromAngular(bindings, unit, callee)) return undefined;
  return factoryValue(bindings, valueOf, unit, call.arguments[0]);
}

/**
 * The same for a constructor's parameter kept on the instance and injected by a decorator
 * (`constructor(@Inject(SHIPPING_API) private readonly api: string)`, read as `this.api`).
 */
export function injectedParameter(bindings: Bindings, valueOf: ValueOf, unit: Unit, access: ts.PropertyAccessExpression): { unit: Unit; expr: ts.Expression } | undefined {
  let cls: ts.Node | undefined = access.parent;
  while (cls && !ts.isClassLike(cls)) cls = cls.parent;
  const ctor = cls && (cls as ts.ClassLikeDeclaration).members.find(ts.isConstructorDeclaration);
  const param = ctor?.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === access.name.text && ts.isParameterPropertyDeclaration(p, ctor));
  for (const d of (param && ts.getDecorators(param)) ?? []) {
    const call = unwrap(d.expression);
    if (!ts.isCallExpression(call) || call.arguments.length !== 1) continue;
    const callee = unwrap(call.expression);
    if (ts.isIdentifier(callee) && callee.text === 'Inject' && fromAngular(bindings, unit, callee)) return factoryValue(bindings, valueOf, unit, call.arguments[0]);
  }
  return undefined;
}

/** The class Angular's `inject(LabelsService)` gives an instance of: the argument, when the call is that (undefined for any other call). */
export function injectedClass(bindings: Bindings, unit: Unit, call: ts.CallExpression): ts.Identifier | undefined {
  const callee = unwrap(call.expression);
  if (!ts.isIdentifier(callee) || callee.text !== 'inject' || call.arguments.length < 1 || !fromAngular(bindings, unit, callee)) return undefined;
  const arg = unwrap(call.arguments[0]);
  return ts.isIdentifier(arg) ? arg : undefined;
}

/** Is this name Angular's own (imported from the package)? */
function fromAngular(bindings: Bindings, unit: Unit, id: ts.Identifier): boolean {
  const from = bindings.resolve(unit, id);
  return from?.kind === 'expr' && from.label === '@angular/core';
}

/** What the factory of `new InjectionToken(name, { factory: () => value })` returns, the token named by this expression. */
function factoryValue(bindings: Bindings, valueOf: ValueOf, unit: Unit, tokenExpr: ts.Expression): { unit: Unit; expr: ts.Expression } | undefined {
  const token = unwrap(tokenExpr);
  const d = ts.isIdentifier(token) ? bindings.resolve(unit, token) : undefined;
  const v = d && valueOf(d);
  const made = v && unwrap(v.expr);
  if (!made || !ts.isNewExpression(made) || !ts.isIdentifier(made.expression) || made.expression.text !== 'InjectionToken') return undefined;
  const options = made.arguments?.[1] && unwrap(made.arguments[1]);
  const factory = options && ts.isObjectLiteralExpression(options) ? propertyValue(findProperty(options, 'factory')) : undefined;
  const fn = factory && unwrap(factory);
  if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || fn.parameters.length) return undefined;
  const returned = returnExpressions(fn);
  return returned.length === 1 ? { unit: v!.unit, expr: returned[0] } : undefined;
}
