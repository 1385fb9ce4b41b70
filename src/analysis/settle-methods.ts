// A path a class's method or getter returns (`protected path() { return '/2023-01/labels'; }`),
// where no request the check follows reads it: the method is one a subclass may override (or the
// request that calls it is built in a base class), so the check cannot see the request it goes
// into nor tie that request's body. Moved alone, it could take a 2023-01 body to a 2024-09 path:
// it is held, with why. (A method no subclass can override is followed into its requests:
// evaluate.ts, syntax.ts classMethod, and moves with their bodies.)

import ts from '../core/ts.cjs';
import type { AnalysisState } from './state.js';
import { unitHolding } from './settle.js';

export function holdMethodPaths(acc: AnalysisState): void {
  for (const [key, f] of acc.findings) {
    if (f.fixKind === 'none' || f.changeKind !== 'endpoint-moved' || acc.requestPaths.has(key)) continue;
    const unit = unitHolding(acc, f);
    const method = unit && returningMethod(unit.sf, f.start - unit.offset);
    if (!method) continue;
    const cls = method.parent as ts.ClassLikeDeclaration;
    const name = `${cls.name?.text ?? 'a class'}.${method.name.getText(unit.sf)}${ts.isGetAccessorDeclaration(method) ? '' : '()'}`;
    acc.hold(f, 'body-unseen', `it is returned by \`${name}\`, a class member the check does not follow into the request that sends it (a subclass may override it, or it is called from another class), so the body sent with it cannot be tied to it: moving the path alone could send a 2023-01 body to a 2024-09 path; migrate the request (path and body) by hand`);
  }
}

/** The class method or getter whose returned value holds the text at this offset (the text being all or part of what it returns). */
function returningMethod(sf: ts.SourceFile, at: number): ts.MethodDeclaration | ts.GetAccessorDeclaration | undefined {
  let n: ts.Node | undefined = innermost(sf, at);
  // up through the expression the text is part of (a template, a `+` chain, parentheses, `as const`)
  while (n && n.parent && (ts.isExpression(n.parent) || ts.isTemplateSpan(n.parent)) && !ts.isFunctionLike(n.parent)) n = n.parent;
  const ret = n?.parent;
  const fn = ret && ts.isReturnStatement(ret) ? enclosingFunction(ret) : undefined;
  return fn && (ts.isMethodDeclaration(fn) || ts.isGetAccessorDeclaration(fn)) && ts.isClassLike(fn.parent) ? fn : undefined;
}

function innermost(sf: ts.SourceFile, at: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (n: ts.Node): void => {
    if (at < n.getStart(sf) || at >= n.end) return;
    found = n;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

function enclosingFunction(n: ts.Node): ts.FunctionLikeDeclaration | undefined {
  for (let p = n.parent; p; p = p.parent) if (ts.isFunctionLike(p)) return p as ts.FunctionLikeDeclaration;
  return undefined;
}
