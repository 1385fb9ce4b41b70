// Playwright's request doubles: `page.route(url | glob, handler)` (and `context.route`,
// `page.unroute`). A route stands for every request its URL or glob matches, whatever its method:
// a handler that leaves a request unanswered still holds it. Only a handler that passes the other
// methods on (`route.fallback()`, `route.continue()`) doubles one method alone:
// `if (route.request().method() !== 'POST') return route.fallback();` first, or
// `route.request().method() === 'POST' ? route.fulfill(…) : route.continue()`.

import ts from '../../core/ts.cjs';
import { unwrap } from '../evaluate.js';

const PASSES_ON = new Set(['continue', 'fallback']);
const EQUAL = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken]);
const UNEQUAL = new Set([ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);

/** Does this module use Playwright (imports or requires `@playwright/test`, `playwright`, `playwright-core`)? */
export function usesPlaywright(sf: ts.SourceFile): boolean {
  return /(['"])(?:@playwright\/[\w-]+|playwright(?:-core)?)\1/.test(sf.text);
}

/** The one method a route's handler answers, where it passes every other on; undefined: any. */
export function handlerMethod(handler: ts.Expression | undefined): string | undefined {
  const fn = handler && unwrap(handler);
  if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return undefined;
  if (!ts.isBlock(fn.body)) {
    // `method === 'POST' ? route.fulfill(…) : route.continue()`
    const c = unwrap(fn.body);
    if (!ts.isConditionalExpression(c)) return undefined;
    const eq = methodCompared(c.condition, EQUAL);
    if (eq && passesOn(c.whenFalse)) return eq;
    const ne = methodCompared(c.condition, UNEQUAL);
    return ne && passesOn(c.whenTrue) ? ne : undefined;
  }
  // `if (method !== 'POST') return route.fallback();` (or `{ await route.continue(); return; }`) first
  const first = fn.body.statements[0];
  if (!first || !ts.isIfStatement(first) || first.elseStatement) return undefined;
  const ne = methodCompared(first.expression, UNEQUAL);
  return ne && passesOn(first.thenStatement) && returns(first.thenStatement) ? ne : undefined;
}

/** `X.method() !== 'POST'` (either side): the method, upper-cased. */
function methodCompared(e: ts.Expression, ops: Set<ts.SyntaxKind>): string | undefined {
  const b = unwrap(e);
  if (!ts.isBinaryExpression(b) || !ops.has(b.operatorToken.kind)) return undefined;
  const [l, r] = [unwrap(b.left), unwrap(b.right)];
  const isMethod = (x: ts.Expression) => ts.isCallExpression(x) && !x.arguments.length && ts.isPropertyAccessExpression(x.expression) && x.expression.name.text === 'method';
  const lit = isMethod(l) ? r : isMethod(r) ? l : undefined;
  return lit && ts.isStringLiteralLike(lit) ? lit.text.toUpperCase() : undefined;
}

/** Does this code pass the request on (`route.continue()`, `route.fallback()`)? */
function passesOn(n: ts.Node): boolean {
  let found = false;
  const visit = (x: ts.Node): void => {
    if (ts.isCallExpression(x) && ts.isPropertyAccessExpression(x.expression) && PASSES_ON.has(x.expression.name.text)) found = true;
    if (!found && !ts.isFunctionLike(x)) ts.forEachChild(x, visit);
  };
  visit(n);
  return found;
}

/** Does this statement end the handler (a `return`, or a block that ends with one)? */
function returns(s: ts.Statement): boolean {
  if (ts.isReturnStatement(s)) return true;
  return ts.isBlock(s) && !!s.statements.length && ts.isReturnStatement(s.statements[s.statements.length - 1]);
}
