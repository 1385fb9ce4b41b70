// The method a path held in a constant is sent with, where the config's `paths` maps that path for
// a method only (`"POST /2023-01/rates": …`). The method cannot be seen where the path is written
// (`const RATES = '/2023-01/rates'`, an endpoint map's `{ rates: '/2023-01/rates' }`), so every read
// of the constant in the project is looked at: when each is a request showing the same method, the
// constant is sent with that method only, and the entry applies to it. Otherwise the reason it does
// not (a read that is no request the check sees, one sent with another method) is kept as data for
// the message.

import { configuredMethods, findPaths } from '../../core/paths.js';
import ts from '../../core/ts.cjs';
import type { AnalysisState } from '../state.js';
import { lineOf, type Unit } from '../units.js';
import { readsOfConstant } from './constant-reads.js';
import { methodAt } from './method.js';

/** The method every read of a constant shows, or why there is none (`apart`: a read the entry cannot cover, with its place). */
export interface ConstantMethod {
  method?: string;
  /** the reads show another method than the entry's (`GET`, with their places) */
  other?: { method: string; at: string; besideEntry: boolean };
  /** a read whose method cannot be seen, with what it is and its place */
  unseen?: string;
}

const memo = new WeakMap<ts.Node, ConstantMethod>();

/** The path's own text as a `paths` key would write it (each hole a parameter, a leading `/`). */
const asKey = (path: string): string => (path.startsWith('/') ? '' : '/') + path.replace(/[\uE000-\uF8FF]+/gu, '{param}');

/** Strip the wrappers a value may sit in where it is declared (`'…' as const`, parentheses). */
function outer(n: ts.Node): ts.Node {
  while (n.parent && (ts.isParenthesizedExpression(n.parent) || ts.isAsExpression(n.parent) || ts.isSatisfiesExpression(n.parent))) n = n.parent;
  return n;
}

/**
 * The constant a path text is the value of: a top-level `const` (`const RATES = '…'`), or a member
 * of one, at any depth (`const Api = { shipping: { rates: '…' } }`): its declaration and the
 * member names from it to the text.
 */
function holderOf(e: ts.Expression): { decl: ts.VariableDeclaration & { name: ts.Identifier }; props: string[] } | undefined {
  const props: string[] = [];
  let at = outer(e);
  while (at.parent && ts.isPropertyAssignment(at.parent) && at.parent.initializer === at && ts.isObjectLiteralExpression(at.parent.parent)) {
    const name = at.parent.name;
    if (!ts.isIdentifier(name) && !ts.isStringLiteral(name)) return undefined;
    props.unshift(name.text);
    at = outer(at.parent.parent);
  }
  const decl = at.parent;
  if (!decl || !ts.isVariableDeclaration(decl) || decl.initializer !== at || !ts.isIdentifier(decl.name)) return undefined;
  const list = decl.parent;
  if (!ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const) || !ts.isVariableStatement(list.parent) || !ts.isSourceFile(list.parent.parent)) return undefined;
  return { decl: decl as ts.VariableDeclaration & { name: ts.Identifier }, props };
}

/**
 * The method the constant holding this path text is sent with, when the config's `paths` maps the
 * path for a method only; undefined when it does not (or the text is no constant's value).
 */
export function constantMethod(acc: AnalysisState, unit: Unit, e: ts.Expression, text: string): ConstantMethod | undefined {
  if (memo.has(e)) return memo.get(e);
  let out: ConstantMethod | undefined;
  const holder = findPaths(text).some((m) => configuredMethods(asKey(m.path)).length) ? holderOf(e) : undefined;
  if (holder) out = readsOf(acc, unit, holder.decl, holder.props, findPaths(text).flatMap((m) => configuredMethods(asKey(m.path))));
  memo.set(e, out!);
  return out;
}

function readsOf(acc: AnalysisState, unit: Unit, decl: ts.VariableDeclaration & { name: ts.Identifier }, props: string[], entries: string[]): ConstantMethod {
  const name = decl.name.text;
  const shown = [name, ...props].join('.');
  const place = (u: Unit, n: ts.Node) => acc.placeOf(u.file, lineOf(u, n), unit.file);
  const methods = new Map<string, string>();
  let unseen: string | undefined;
  const see = (u: Unit, id: ts.Identifier): void => {
    // the member read (`Api.shipping.rates`); another member of the map is another path
    let use: ts.Node = id;
    for (const prop of props) {
      const p = outer(use).parent;
      const member = p && ts.isPropertyAccessExpression(p) && p.expression === outer(use) ? p.name.text : p && ts.isElementAccessExpression(p) && p.expression === outer(use) && ts.isStringLiteralLike(p.argumentExpression) ? p.argumentExpression.text : undefined;
      if (member === undefined) {
        unseen ??= `\`${name}\` is used whole at ${place(u, id)}`;
        return;
      }
      if (member !== prop) return;
      use = p!;
    }
    // the URL it is joined into (`${base}${Api.rates}`, `base + RATES`)
    while (use.parent && (ts.isParenthesizedExpression(use.parent) || ts.isAsExpression(use.parent) || (ts.isBinaryExpression(use.parent) && use.parent.operatorToken.kind === ts.SyntaxKind.PlusToken) || ts.isTemplateSpan(use.parent) || ts.isTemplateExpression(use.parent))) use = use.parent;
    const method = methodAt(use);
    if (!method) unseen ??= `\`${shown}\` is read at ${place(u, id)}, where no request shows the method it is sent with`;
    else if (!methods.has(method)) methods.set(method, place(u, id));
  };
  const all = readsOfConstant(acc, unit, decl);
  if ('unseen' in all) return { unseen: all.unseen };
  for (const r of all.reads) see(r.unit, r.id);
  if (unseen) return { unseen };
  // (one method for every read: the request's, whether an entry maps it or not)
  if (methods.size === 1) return { method: [...methods.keys()][0] };
  const other = [...methods].find(([m]) => !entries.includes(m));
  if (other) return { other: { method: other[0], at: other[1], besideEntry: [...methods.keys()].some((m) => entries.includes(m)) } };
  return {};
}
