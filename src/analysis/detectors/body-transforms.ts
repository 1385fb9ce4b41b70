// Bodies rewritten on their way out by the client that sends them: axios' `transformRequest` (in an
// instance's options, set on its defaults, or in a request's own config) and a request interceptor
// that gives the config another `data` (`cfg.data = snakecaseKeys(cfg.data)`). The keys the service
// receives are then not the ones written at the request (`{ courierId }` goes out as `courier_id`),
// so the check cannot tell the body's version and the request is held whole.

import ts from '../../core/ts.cjs';
import { findProperty, unwrap } from '../evaluate.js';
import type { AnalysisState } from '../state.js';
import { lineCol, treeIndex, type Unit } from '../units.js';
import { isAxios, packageDir } from './axios-defaults.js';
import { instanceCalled, instanceCreate } from './instance-base.js';

/** Where a client rewrites the bodies it sends, and how (shown in the hold's message). */
interface Transform {
  unit: Unit;
  node: ts.Node;
  /** the code that registers it, as the message names it */
  what: string;
  /** the client it is set on (`http`, `axios`) */
  target: ts.Expression;
}

/** An options object of a request, where it may give its own `transformRequest`. */
type Options = { obj?: { unit: Unit; node: ts.ObjectLiteralExpression } }[];

/**
 * Why the body a request sends through this callee cannot be followed to the service: the client
 * (the instance it calls, or axios itself) or the request's own options rewrite it on the way out.
 * An interceptor that only sets headers (an auth token) rewrites no body: such a client's requests move.
 */
export function bodyTransform(acc: AnalysisState, unit: Unit, callee: ts.Expression, options: Options = []): string | undefined {
  for (const { obj } of options) {
    const own = obj && findProperty(obj.node, 'transformRequest');
    if (own) return why(acc, { unit: obj.unit, node: own, what: '`transformRequest`', target: callee }, 'the `transformRequest` its own options give');
  }
  const inst = instanceCalled(callee);
  if (!inst) return undefined;
  const lib = ts.isIdentifier(inst) ? inst : undefined;
  // axios itself: what the request's module sets on it, or the module setting its defaults in the same package
  if (lib && isAxios(acc, unit, lib)) {
    const scope = packageDir(acc, unit.file);
    const units = [unit, ...acc.axiosDefaults.filter((d) => d.scope === scope).map((d) => d.unit)];
    for (const u of new Set(units)) for (const t of transformsIn(acc, u)) if (ts.isIdentifier(t.target) && isAxios(acc, u, t.target)) return why(acc, t, `the ${t.what} set on axios`);
    return undefined;
  }
  const made = instanceCreate(acc, unit, inst);
  if (!made) return undefined;
  const name = `\`${inst.getText(unit.sf).replace(/\s+/g, '')}\``;
  const cfg = acc.ev.objectOf(made.unit, made.call.arguments[0]);
  const option = cfg && findProperty(cfg.node, 'transformRequest');
  if (option) return why(acc, { unit: cfg.unit, node: option, what: '`transformRequest`', target: inst }, `the \`transformRequest\` ${name} is made with`);
  // what is set on it after it is made, where it is made or where a name leading to it is written
  for (const u of new Set([made.unit, ...made.trail]))
    for (const t of transformsIn(acc, u)) if (instanceCreate(acc, u, t.target)?.call === made.call) return why(acc, t, `the ${t.what} set on ${name}`);
  return undefined;
}

/** The hold's reason: what rewrites the body and where it is set (`what`: named as a message says it, `the request interceptor set on \`http\``). */
function why(acc: AnalysisState, t: Transform, what: string): string {
  const at = `${acc.shownFile(t.unit.file)}:${lineCol(t.unit.fileText, t.node.getStart(t.unit.sf) + t.unit.offset).line}`;
  return `the body is rewritten on its way out by ${what} (${at}), so the keys the service receives are not the ones written here and may be in either version: move the request and its body together by hand, with what the transform sends`;
}

/**
 * What a module sets on a client that rewrites its bodies: `X.interceptors.request.use(fn)` where
 * `fn` gives the config another `data`, and `X.defaults.transformRequest = …`.
 */
function transformsIn(acc: AnalysisState, unit: Unit): Transform[] {
  const out: Transform[] = [];
  const text = unit.sf.text;
  if (/\binterceptors\s*\.\s*request\b/.test(text))
    for (const call of treeIndex(unit.sf).calls) {
      const c = unwrap(call.expression);
      if (!ts.isPropertyAccessExpression(c) || c.name.text !== 'use') continue;
      const req = unwrap(c.expression);
      if (!ts.isPropertyAccessExpression(req) || req.name.text !== 'request') continue;
      const icpt = unwrap(req.expression);
      if (!ts.isPropertyAccessExpression(icpt) || icpt.name.text !== 'interceptors') continue;
      const fn = call.arguments[0];
      if (fn && !ts.isSpreadElement(fn) && rewritesData(acc, unit, fn)) out.push({ unit, node: call, what: 'request interceptor', target: unwrap(icpt.expression) });
    }
  if (/\bdefaults\s*\.\s*transformRequest\s*=/.test(text)) {
    const visit = (n: ts.Node): void => {
      if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
        const left = unwrap(n.left);
        const owner = ts.isPropertyAccessExpression(left) && left.name.text === 'transformRequest' ? unwrap(left.expression) : undefined;
        if (owner && ts.isPropertyAccessExpression(owner) && owner.name.text === 'defaults') out.push({ unit, node: n, what: '`transformRequest` default', target: unwrap(owner.expression) });
      }
      ts.forEachChild(n, visit);
    };
    visit(unit.sf);
  }
  return out;
}

/**
 * Does an interceptor give the config another body: assign its `data` (`cfg.data = …`,
 * `Object.assign(cfg, { data })`), return a config with a `data` of its own (`({ ...cfg, data: … })`),
 * or set its `transformRequest`? One the check cannot see into is taken to leave the body alone.
 */
function rewritesData(acc: AnalysisState, unit: Unit, e: ts.Expression): boolean {
  const v = unwrap(e);
  const fn = ts.isArrowFunction(v) || ts.isFunctionExpression(v) ? { unit, node: v } : ts.isIdentifier(v) ? acc.ev.functionOf(unit, v) : undefined;
  const body = fn && 'body' in fn.node ? fn.node.body : undefined;
  if (!fn || !body) return false;
  const bodyKey = (name: string) => name === 'data' || name === 'transformRequest';
  const keyOf = (n: ts.Expression): string | undefined => {
    const x = unwrap(n);
    if (ts.isPropertyAccessExpression(x)) return x.name.text;
    return ts.isElementAccessExpression(x) && ts.isStringLiteralLike(x.argumentExpression) ? x.argumentExpression.text : undefined;
  };
  const givesData = (o: ts.Expression | undefined): boolean => {
    const x = o && unwrap(o);
    return !!x && ts.isObjectLiteralExpression(x) && x.properties.some((p) => !!p.name && ts.isIdentifier(p.name) && bodyKey(p.name.text));
  };
  let found = givesData(ts.isBlock(body) ? undefined : (body as ts.Expression));
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isBinaryExpression(n) && n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && n.operatorToken.kind <= ts.SyntaxKind.LastAssignment && bodyKey(keyOf(n.left) ?? '')) found = true;
    else if (ts.isReturnStatement(n) && ts.findAncestor(n, ts.isFunctionLike) === fn.node && givesData(n.expression)) found = true;
    else if (ts.isCallExpression(n) && /^Object\.assign$/.test(n.expression.getText(fn.unit.sf)) && n.arguments.slice(1).some((a) => givesData(a))) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(body);
  return found;
}
