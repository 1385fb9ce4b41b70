// The body a test double matches, read in a function: nock's body matcher
// (`.post(path, (body) => body.courier_id === 'cs1')`), msw's resolver (`const body = await
// request.json()`, v1's `req.body`), Playwright's route handler (`route.request().postDataJSON()`). The keys it reads are the request's body keys: renamed with
// the double's path when they are plain reads (`body.k`, `body['k']`, `const { k } = body`, a v1
// time compared with a literal, converted as the request's is), and where a read cannot be
// rewritten (a nested block read through, a time read any other way) the double is held whole,
// reported, so that a double never keeps one version's keys at the other version's path.

import { type ContextKind, childContext, contextLabel, convertPickupTime, renamesIn } from '../../core/keys.js';
import type { PathMatch } from '../../core/paths.js';
import ts from '../../core/ts.cjs';
import type { Finding, RequestContext } from '../../types.js';
import { unwrap } from '../evaluate.js';
import { note, says } from '../findings.js';
import type { UnitEdit } from '../render.js';
import type { AnalysisState } from '../state.js';
import type { Unit } from '../units.js';

const TIME_KEYS = new Set(['preferred_min_time', 'preferred_max_time']);
const EQUALITY = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);
const BY_HAND = 'rewrite the matcher by hand together with the request it doubles';

/**
 * Ties the keys a double's function reads from the body it matches to the double's path `key`
 * (one request for settle: they move with the path, or hold it). `firstParam`: the function's first
 * parameter is the body (nock), else the body is what `X.json()` gives or v1 msw's `req.body`.
 */
export function matcherReads(acc: AnalysisState, unit: Unit, matcher: ts.Expression, key: string, m: PathMatch, firstParam: boolean): void {
  const fn = unwrap(matcher);
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return;
  const ctx = m.bodyContext as ContextKind;
  const renames = renamesIn(ctx);
  if (!renames.size && ctx !== 'webhook-2023-01' && !childContext(ctx, 'shipments')) return;
  const info: RequestContext = { kind: ctx, by: 'endpoint', endpoint: m.rule?.endpoint ? `${m.rule.endpoint.method} ${m.rule.endpoint.old}` : m.path };
  const label = contextLabel(ctx);
  const body: Finding[] = [];
  const push = (f: Finding | undefined) => f && body.push(f);
  const left = (ruleId: string, at: ts.Node, name: string, what: string) => {
    const f = acc.add(ruleId, unit, at.getStart(unit.sf), at.getEnd(), says(`\`${name}\`, read from the body this test double matches (${label}), ${what}; `, note('none', BY_HAND)), { context: info });
    if (f) acc.holdsRequest.add(f);
    push(f);
  };
  const rename = (nameNode: ts.Node, from: string, to: string, shorthand: boolean) => {
    const raw = nameNode.getText(unit.sf);
    const start = nameNode.getStart(unit.sf);
    const edit: UnitEdit | undefined = shorthand
      ? { unit, start, end: nameNode.getEnd(), text: `${to}: ${from}` }
      : ts.isIdentifier(nameNode)
        ? { unit, start, end: nameNode.getEnd(), text: to }
        : raw.slice(1, -1) === from
          ? { unit, start: start + 1, end: nameNode.getEnd() - 1, text: to }
          : undefined;
    const change = renames.get(from)!;
    push(acc.add(change.rule.id, unit, start, nameNode.getEnd(), says(`\`${from}\`, read from the body this test double matches (${label}), is \`${to}\` in 2024-09; `, note(edit ? change.rule.fix : 'none', 'rename it by hand')), { edits: edit ? [edit] : undefined, context: info, fixDescription: `rename ${from} to ${to}`, newText: to }));
  };
  // a key that stays, holding objects whose own keys change (`shipments`' label entries): where the
  // function reads one of those old keys (`body.shipments.map((s) => s.courier_id)`), it reads them
  // where `--fix` does not follow, so the double is held whole
  const nestedRead = (k: string, nameNode: ts.Node) => {
    const child = childContext(ctx, k);
    const inner = child && [...renamesIn(child === 'label-entries' ? 'label-entry-2023-01' : child).values()];
    const hit = inner?.find((c) => new RegExp(`\\b${c.from}\\b`).test(fn.body.getText(unit.sf)));
    if (hit) left(hit.rule.id, nameNode, k, `holds objects whose \`${hit.from}\` is \`${hit.to}\` in 2024-09, read here where \`--fix\` does not follow them`);
  };
  // a key read from the body: `access` is the read (`body.k`), `nameNode` the key's name in it
  const readKey = (k: string, nameNode: ts.Node, access: ts.Expression) => {
    if (ctx === 'pickup-v1' && k === 'pickup') return left('v1-pickup-nested-object', nameNode, k, 'is the nested object 2024-09 no longer has (its fields move to the top level)');
    // a webhook's `version` compared with '2023-01': '2024-09' once the registration moves
    if (ctx === 'webhook-2023-01' && k === 'version') {
      const lit = comparedLiteral(climb(access));
      if (!lit) return left('webhook-version', nameNode, k, "is the registration's version, '2024-09' once it moves, and `--fix` cannot rewrite what it is compared with here");
      if (lit.text !== '2023-01') return;
      const start = lit.getStart(unit.sf);
      const edit = lit.getText(unit.sf).slice(1, -1) === lit.text ? { unit, start: start + 1, end: lit.getEnd() - 1, text: '2024-09' } : undefined;
      push(acc.add('webhook-version', unit, start, lit.getEnd(), says(`The webhook \`version\` this test double matches is compared with ${lit.getText(unit.sf)}; the 2024-09 registration sends \`'2024-09'\`; `, note(edit ? 'safe' : 'none', "write '2024-09' by hand")), { edits: edit ? [edit] : undefined, context: info, fixDescription: "write '2024-09'", newText: '2024-09' }));
      return;
    }
    const change = renames.get(k);
    if (!change) return nestedRead(k, nameNode);
    const outer = climb(access);
    const through = outer.parent && (ts.isPropertyAccessExpression(outer.parent) || ts.isElementAccessExpression(outer.parent)) && outer.parent.expression === outer;
    if (through && childContext(ctx, k)) return left(change.rule.id, nameNode, k, `is the block \`${change.to}\` in 2024-09, whose own keys change too`);
    if (ctx === 'pickup-v1' && TIME_KEYS.has(k)) {
      const lit = comparedLiteral(outer);
      const conv = lit && convertPickupTime(lit.text);
      if (!lit || !conv) return left(change.rule.id, nameNode, k, `is \`${change.to}\` in 2024-09, whose value changes form (\`YYYY-MM-DDTHH:MM\` to local \`HH:MM\`), and \`--fix\` cannot rewrite what it is compared with here`);
      rename(nameNode, k, change.to, false);
      const raw = lit.getText(unit.sf);
      const start = lit.getStart(unit.sf);
      const edit = raw.slice(1, -1) === lit.text ? { unit, start: start + 1, end: lit.getEnd() - 1, text: conv.time } : undefined;
      push(acc.add('v1-pickup-time-value', unit, start, lit.getEnd(), says(`\`${k}\` is compared with ${raw}, a v1 \`YYYY-MM-DDTHH:MM\` time; the 2024-09 request sends \`${conv.time}\` (local \`HH:MM\`, the day from \`selected_date\`); `, note(edit ? 'safe' : 'none', 'write the HH:MM time by hand')), { edits: edit ? [edit] : undefined, context: info, fixDescription: `write ${conv.time}`, newText: conv.time }));
      return;
    }
    rename(nameNode, k, change.to, false);
  };
  const readPattern = (p: ts.BindingPattern) => {
    if (!ts.isObjectBindingPattern(p)) return;
    for (const el of p.elements) {
      if (el.dotDotDotToken) continue;
      const nameNode = el.propertyName ?? el.name;
      const k = ts.isIdentifier(nameNode) || ts.isStringLiteral(nameNode) ? nameNode.text : undefined;
      if (k === undefined) continue;
      if (ctx === 'pickup-v1' && k === 'pickup') {
        left('v1-pickup-nested-object', nameNode, k, 'is the nested object 2024-09 no longer has (its fields move to the top level)');
        continue;
      }
      const change = renames.get(k);
      if (!change) {
        nestedRead(k, nameNode);
        continue;
      }
      if (!ts.isIdentifier(el.name) && childContext(ctx, k)) left(change.rule.id, nameNode, k, `is the block \`${change.to}\` in 2024-09, whose own keys change too`);
      else if (ctx === 'pickup-v1' && TIME_KEYS.has(k)) left(change.rule.id, nameNode, k, `is \`${change.to}\` in 2024-09, whose value changes form (\`YYYY-MM-DDTHH:MM\` to local \`HH:MM\`); \`--fix\` does not follow the value read here`);
      else rename(nameNode, k, change.to, !el.propertyName);
    }
  };
  for (const h of holders(fn, firstParam)) {
    if ('pattern' in h) readPattern(h.pattern);
    else for (const r of h.refs) {
      const outer = climb(r);
      const p = outer.parent;
      if (p && ts.isPropertyAccessExpression(p) && p.expression === outer) readKey(p.name.text, p.name, p);
      else if (p && ts.isElementAccessExpression(p) && p.expression === outer && ts.isStringLiteralLike(p.argumentExpression)) readKey(p.argumentExpression.text, p.argumentExpression, p);
    }
  }
  if (body.length) acc.requests.push({ pathKey: key, body, objects: [] });
}

/** The literal text a read is compared with for equality (`body.version === '2023-01'`), if it is one. */
function comparedLiteral(read: ts.Expression): ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | undefined {
  const cmp = read.parent && ts.isBinaryExpression(read.parent) && EQUALITY.has(read.parent.operatorToken.kind) ? read.parent : undefined;
  const other = cmp && unwrap(cmp.left === read ? cmp.right : cmp.left);
  return other && (ts.isStringLiteral(other) || ts.isNoSubstitutionTemplateLiteral(other)) ? other : undefined;
}

/** An expression with the parentheses, `!` and type assertions around it. */
function climb(e: ts.Expression): ts.Expression {
  let at: ts.Expression = e;
  while (at.parent && (ts.isParenthesizedExpression(at.parent) || ts.isNonNullExpression(at.parent) || ts.isAsExpression(at.parent) || ts.isAwaitExpression(at.parent))) at = at.parent;
  return at;
}

type Holder = { pattern: ts.BindingPattern } | { refs: ts.Expression[] };

/** Where the function holds the body: a destructuring of it, or the expressions whose value it is. */
function holders(fn: ts.ArrowFunction | ts.FunctionExpression, firstParam: boolean): Holder[] {
  const out: Holder[] = [];
  const byName = (name: string, decl: ts.Node) => out.push({ refs: identifiersIn(fn.body, name).filter((id) => id !== decl) });
  const held = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) byName(name.text, name);
    else out.push({ pattern: name });
  };
  const first = fn.parameters[0];
  if (firstParam) {
    if (first) held(first.name);
    return out;
  }
  // msw: `await request.json()` (the request destructured from the resolver's argument, or read from it);
  // Playwright: `route.request().postDataJSON()`
  const bodyCall = (n: ts.CallExpression, name: string) =>
    !n.arguments.length && (name === 'postDataJSON' || (name === 'json' && ts.isIdentifier(unwrap((n.expression as ts.PropertyAccessExpression).expression))));
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && bodyCall(n, n.expression.name.text)) {
      const outer = climb(n);
      if (ts.isVariableDeclaration(outer.parent) && outer.parent.initializer === outer) held(outer.parent.name);
      else out.push({ refs: [n] });
    }
    ts.forEachChild(n, visit);
  };
  visit(fn.body);
  // msw v1: `(req, res, ctx) => … req.body …`
  if (first && ts.isIdentifier(first.name)) {
    const refs = identifiersIn(fn.body, first.name.text)
      .map((id) => climb(id).parent)
      .filter((p): p is ts.PropertyAccessExpression => !!p && ts.isPropertyAccessExpression(p) && p.name.text === 'body');
    if (refs.length) out.push({ refs });
  }
  return out;
}

function identifiersIn(root: ts.Node, name: string): ts.Identifier[] {
  const out: ts.Identifier[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && n.text === name) {
      const p = n.parent;
      // a property's name (`x.body`, `{ body: … }`) is no reference to the variable
      if (!(p && ((ts.isPropertyAccessExpression(p) && p.name === n) || (ts.isPropertyAssignment(p) && p.name === n)))) out.push(n);
    }
    ts.forEachChild(n, visit);
  };
  visit(root);
  return out;
}
