// What a test reads of the body a double catches, by an old key, where `--fix` does not rename it:
// `expect(req.body.shipments[0].courier_id)` in a Cypress intercept, `sent.shipments[0].courier_id`
// after an msw handler stored the body, `JSON.parse(init.body).courier_id` from a fetch mock's
// calls, `expect.stringContaining('"courier_id"')`. Moved with its request, the double would catch a
// body the test no longer reads right (settle-doubles.ts holds both).

import { type ContextKind, childContext, renamesIn } from '../../core/keys.js';
import ts from '../../core/ts.cjs';
import type { AnalysisState } from '../state.js';
import { lineOf } from '../units.js';

const TEST_BLOCKS = new Set(['it', 'test', 'beforeEach', 'beforeAll', 'afterEach']);
/** the version a 2023-01 body carries (a webhook's `version`), where a test expects it */
const OLD_VERSION = '2023-01';

/**
 * The first read of a key the requests' bodies rename that no edit of `--fix` covers (its line and
 * key), in the test a double is set up in (the `it(…)`/`test(…)` block around it), or in the
 * double itself where it is set up outside one (a shared handler, a fake server's route).
 */
export function oldKeyRead(acc: AnalysisState, d: { file: string; start: number; end: number }, kinds: ContextKind[]): { line: number; key: string } | undefined {
  const file = d.file;
  // (the body's own keys, and those of the objects it nests: a label request's entries, a shipment's courier block)
  const all = new Set<ContextKind>(kinds);
  for (const k of kinds) if (k === 'labels-2023-01') all.add('label-entry-2023-01');
  for (const k of [...all]) for (const key of ['courier_selection']) { const c = childContext(k, key); if (c && c !== 'label-entries') all.add(c); }
  const keys = new Set([...all].flatMap((k) => [...renamesIn(k).keys()]));
  const edited: { start: number; end: number }[] = [];
  for (const f of acc.findings.values()) if (f.file === file && f.fixKind !== 'none') for (const e of f.edits ?? []) edited.push(e);
  for (const unit of acc.store.get(file)) {
    if (![...keys, OLD_VERSION].some((k) => unit.sf.text.includes(k))) continue;
    let found: { line: number; key: string } | undefined;
    // (the smallest node holding the double's call, then the test block around it)
    let scope: ts.Node | undefined;
    const locate = (n: ts.Node): void => {
      if (n.getStart(unit.sf) + unit.offset <= d.start && n.getEnd() + unit.offset >= d.end) {
        scope = n;
        ts.forEachChild(n, locate);
      }
    };
    locate(unit.sf);
    let inTest = false;
    for (let at = scope; at; at = at.parent)
      if (isTestBlock(at)) {
        [scope, inTest] = [at, true];
        break;
      }
    if (!scope || ts.isSourceFile(scope)) continue;
    // a double set up outside a test that keeps what it catches in a variable of the module
    // (`seen.push(await request.json())`): the tests that read that variable read the body too
    const kept = inTest ? new Set<string>() : keptIn(scope);
    const scopes: ts.Node[] = [scope];
    if (kept.size) {
      const tests = (n: ts.Node): void => {
        if (isTestBlock(n)) {
          if (mentions(n, kept)) scopes.push(n);
        } else ts.forEachChild(n, tests);
      };
      tests(unit.sf);
    }
    // (where the key itself is written: an edit renaming it there covers the read)
    const covered = (n: ts.Node, key: string) => {
      const at = n.getStart(unit.sf) + unit.offset + Math.max(0, n.getText(unit.sf).indexOf(key));
      return edited.some((e) => e.start <= at && at < e.end);
    };
    const visit = (n: ts.Node): void => {
      if (found) return;
      let key: string | undefined;
      let at: ts.Node = n;
      // a read: `x.courier_id`, `x['courier_id']`, `{ courier_id } = x`; a text a matcher looks for (`'"courier_id":"svc"'`)
      if (ts.isPropertyAccessExpression(n) && keys.has(n.name.text)) [key, at] = [n.name.text, n.name];
      else if (ts.isElementAccessExpression(n) && ts.isStringLiteralLike(n.argumentExpression) && keys.has(n.argumentExpression.text)) [key, at] = [n.argumentExpression.text, n.argumentExpression];
      else if (ts.isBindingElement(n) && ts.isObjectBindingPattern(n.parent)) {
        const name = n.propertyName ?? n.name;
        if (keys.has(name.getText(unit.sf))) [key, at] = [name.getText(unit.sf), name];
      } else if (ts.isStringLiteralLike(n) && ts.isCallExpression(n.parent)) key = [...keys].find((k) => n.text.includes(`"${k}"`) || n.text === k);
      // a key of what the test expects the body to be (`expect(sent).toEqual({ shipments: [{ courier_id }] })`)
      else if ((ts.isPropertyAssignment(n) || ts.isShorthandPropertyAssignment(n)) && keys.has(n.name.getText(unit.sf)) && expected(n)) [key, at] = [n.name.getText(unit.sf), n.name];
      // the 2023-01 version the test expects the body to carry (`toMatchObject({ version: '2023-01' })`)
      else if (ts.isPropertyAssignment(n) && ts.isStringLiteralLike(n.initializer) && n.initializer.text === OLD_VERSION && expected(n)) [key, at] = [`${n.name.getText(unit.sf)}: '${OLD_VERSION}'`, n.initializer];
      if (key && !covered(at, key.endsWith(`'${OLD_VERSION}'`) ? OLD_VERSION : key)) found = { line: lineOf(unit, n), key };
      else ts.forEachChild(n, visit);
    };
    for (const at of scopes) visit(at);
    if (found) return found;
  }
  return undefined;
}

const MATCHERS = new Set(['toEqual', 'toStrictEqual', 'toMatchObject', 'objectContaining', 'eql', 'deep', 'include']);

/** Is this key written in what a matcher compares a value with (`toEqual({ … })`, `expect.objectContaining({ … })`)? */
function expected(n: ts.Node): boolean {
  for (let at: ts.Node | undefined = n.parent; at && !ts.isStatement(at); at = at.parent)
    if (ts.isCallExpression(at) && ts.isPropertyAccessExpression(at.expression) && MATCHERS.has(at.expression.name.text)) return true;
  return false;
}

function isTestBlock(n: ts.Node): n is ts.CallExpression {
  return ts.isCallExpression(n) && ts.isIdentifier(n.expression) && TEST_BLOCKS.has(n.expression.text);
}

/** The names of variables a double's handler keeps what it catches in: `seen.push(…)`, `last = …`, `captured.body = …`. */
function keptIn(handler: ts.Node): Set<string> {
  const out = new Set<string>();
  const root = (e: ts.Expression): string | undefined => {
    while (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) e = e.expression;
    return ts.isIdentifier(e) ? e.text : undefined;
  };
  const visit = (n: ts.Node): void => {
    let name: string | undefined;
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ['push', 'unshift', 'set', 'add'].includes(n.expression.name.text)) name = root(n.expression.expression);
    else if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) name = root(n.left);
    if (name) out.add(name);
    ts.forEachChild(n, visit);
  };
  visit(handler);
  return out;
}

/** Does a node read any of these names? */
function mentions(n: ts.Node, names: Set<string>): boolean {
  let hit = false;
  const visit = (m: ts.Node): void => {
    if (hit) return;
    if (ts.isIdentifier(m) && names.has(m.text)) hit = true;
    else ts.forEachChild(m, visit);
  };
  visit(n);
  return hit;
}
