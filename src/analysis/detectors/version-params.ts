// A version that reaches a URL through a parameter: a client factory building `${baseUrl}/${version}`
// from `createClient({ baseUrl, version })`, a wrapper `courierAccount(base, version, id)`. The
// old version is reported where it is written (a caller's argument, the parameter's default), with
// the rule of the path it forms, and left for a person: a parameter may be filled by several
// callers with different values, and `--fix` does not rewrite one blindly.

import { type PathMatch, findPaths } from '../../core/paths.js';
import ts from '../../core/ts.cjs';
import { type LitPiece, type Piece, findProperty, propertyValue, unwrap } from '../evaluate.js';
import { note, says } from '../findings.js';
import type { AnalysisState } from '../state.js';
import type { Unit } from '../units.js';
import { type Constructor, constructedClass, constructorOf, enclosingClass } from '../class-view.js';
import { type FunctionNode, callersOf, constructionsOf, instanceParameter, memberSet } from './callers.js';
import type { Virtual } from './path-text.js';

const VERSION = '2023-01';

/**
 * Where a URL's pieces name no path: a hole standing alone as a segment (`…/${version}/courier_accounts/…`)
 * that a 2023-01 path would fill. Each is noted, its parameter's values read once every unit is scanned.
 */
export function versionHoles(acc: AnalysisState, pieces: Piece[], vt: Virtual): void {
  for (let h = 1; h < vt.text.length - 1; h++) {
    const p = pieces[vt.owner[h]];
    if (p.t !== 'hole' || vt.text[h - 1] !== '/' || vt.text[h + 1] !== '/') continue;
    const m = findPaths(vt.text.slice(0, h) + VERSION + vt.text.slice(h + 1)).find((x) => x.versionStart === h && x.version === VERSION);
    if (m?.rule && m.rule.id !== 'versioned-base-url' && !acc.versionUses.some((u) => u.hole === p.node && u.match.rule === m.rule)) acc.versionUses.push({ unit: p.unit, hole: p.node, match: m });
  }
}

/**
 * A path matched where its version is a caller's literal given alone to a wrapper's parameter
 * (`courierAccount(base, '2023-01', id)` with `${base}/${version}/courier_accounts/${id}`): the
 * path's own text is the wrapper's, so no scan of a literal reports it.
 */
export function boundVersion(acc: AnalysisState, m: PathMatch, pieces: Piece[], vt: Virtual): void {
  const v = pieces[vt.owner[m.versionStart]];
  if (!m.rule || m.rule.id === 'versioned-base-url' || m.version !== VERSION || v?.t !== 'lit' || v.via.length > 0 || !v.exact) return;
  if (v.text.replace(/^\/+|\/+$/g, '') !== VERSION || !ts.isStringLiteralLike(v.node)) return;
  // (the path's text after the version is written elsewhere, in the wrapper)
  const next = m.versionStart + VERSION.length;
  if (next < m.end && pieces[vt.owner[next]] === v) return;
  if (!acc.versionUses.some((u) => u.lit?.node === v.node && u.match.rule === m.rule)) acc.versionUses.push({ unit: v.unit, lit: v, match: m });
}

/**
 * The parameter a hole reads: its function, index, the key it is taken by (`{ version }`,
 * `opts.version`) and its default. A constructor's parameter kept on the instance is read through
 * `this` (`this.opts.version` with `constructor(private readonly opts: Options)`, `this.version`):
 * its function is the constructor, whose callers are the class's constructions.
 */
function parameterOf(acc: AnalysisState, unit: Unit, e: ts.Expression): { unit: Unit; fn: ts.SignatureDeclaration; index: number; key?: string; init?: ts.Expression; name: string } | undefined {
  const x = unwrap(e);
  // `this.opts.version`: the key of the parameter's object; `this.version`: the parameter itself
  const owner = ts.isPropertyAccessExpression(x) ? unwrap(x.expression) : undefined;
  const keyed = !!owner && ts.isPropertyAccessExpression(owner);
  const kept = owner && (keyed ? instanceParameter(owner, x) : instanceParameter(x, x));
  if (kept) {
    const ctor = constructorOf(enclosingClass(x))!;
    const key = keyed ? (x as ts.PropertyAccessExpression).name.text : undefined;
    return { unit, fn: ctor, index: kept.index, key, init: keyed ? undefined : ctor.parameters[kept.index]?.initializer, name: x.getText(unit.sf) };
  }
  // `this.version` set in the constructor from an option, with a fallback: `this.version = opts.version ?? '2023-01'`
  const set = owner?.kind === ts.SyntaxKind.ThisKeyword ? optionKept(x as ts.PropertyAccessExpression) : undefined;
  if (set) return { unit, ...set, name: x.getText(unit.sf) };
  if (ts.isPropertyAccessExpression(x) && ts.isIdentifier(x.expression)) {
    const d = acc.bindings.resolve(unit, x.expression);
    return d?.kind === 'param' ? { unit: d.unit, fn: d.fn, index: d.index, key: x.name.text, name: x.getText(unit.sf) } : undefined;
  }
  if (!ts.isIdentifier(x)) return undefined;
  const d = acc.bindings.resolve(unit, x);
  if (d?.kind === 'param') return { unit: d.unit, fn: d.fn, index: d.index, init: d.node.initializer, name: x.text };
  if (d?.kind !== 'binding' || !d.node.parent || !ts.isObjectBindingPattern(d.node.parent)) return undefined;
  const param = d.node.parent.parent;
  if (!ts.isParameter(param) || !ts.isFunctionLike(param.parent)) return undefined;
  const fn = param.parent as ts.SignatureDeclaration;
  return { unit: d.unit, fn, index: fn.parameters.indexOf(param), key: d.prop, init: d.node.initializer, name: x.text };
}

/**
 * The constructor's parameter a member is set from, where the constructor sets it from a key of
 * it or with a fallback (`this.version = opts.version ?? '2023-01'`, `this.version = version || V`,
 * `constructor({ version = '2023-01' }) { this.version = version }`): its index, key and default.
 */
function optionKept(member: ts.PropertyAccessExpression): { fn: Constructor; index: number; key?: string; init?: ts.Expression } | undefined {
  const ctor = constructorOf(enclosingClass(member));
  const set = ctor && memberSet(ctor, member.name.text);
  if (!set) return undefined;
  let value = unwrap(set);
  let init: ts.Expression | undefined;
  if (ts.isBinaryExpression(value) && (value.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || value.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
    init = value.right;
    value = unwrap(value.left);
  }
  // `opts.version`, `version` (a parameter, or a key destructured from one)
  const keyed = ts.isPropertyAccessExpression(value) && ts.isIdentifier(value.expression);
  const id = keyed ? (value as ts.PropertyAccessExpression).expression : value;
  if (!ts.isIdentifier(id)) return undefined;
  for (const [index, p] of ctor!.parameters.entries()) {
    if (ts.isIdentifier(p.name) && p.name.text === id.text) return { fn: ctor!, index, key: keyed ? (value as ts.PropertyAccessExpression).name.text : undefined, init: init ?? (keyed ? undefined : p.initializer) };
    const el = ts.isObjectBindingPattern(p.name) && !keyed ? p.name.elements.find((e) => ts.isIdentifier(e.name) && e.name.text === id.text) : undefined;
    if (el) return { fn: ctor!, index, key: el.propertyName && ts.isIdentifier(el.propertyName) ? el.propertyName.text : id.text, init: init ?? el.initializer };
  }
  return undefined;
}

/** The literal an expression's value is, when it is the old version alone (`'2023-01'`, a constant holding it). */
function versionLiteral(acc: AnalysisState, unit: Unit, e: ts.Expression): LitPiece | undefined {
  const pieces = acc.ev.pieces(unit, e);
  const lit = pieces.length === 1 && pieces[0].t === 'lit' ? pieces[0] : undefined;
  return lit && lit.exact && lit.text.replace(/^\/+|\/+$/g, '') === VERSION ? lit : undefined;
}

/** Once every unit is scanned: each old version that reaches a URL through a parameter, reported where it is written. */
export function reportVersionParams(acc: AnalysisState): void {
  if (!acc.versionUses.length) return;
  // (a literal another check reports already is left to it)
  const taken = [...acc.findings.values()];
  const report = (lit: LitPiece, m: PathMatch, how: string) => {
    const s = lit.pos + lit.text.indexOf(VERSION) + lit.unit.offset;
    if (!taken.some((f) => f.file === lit.unit.file && f.start < s + VERSION.length && f.end > s)) reportAt(acc, lit, m, how);
  };
  for (const use of acc.versionUses) {
    if (use.lit) {
      report(use.lit, use.match, 'is the version segment of the URL the function it is passed to builds');
      continue;
    }
    const param = use.hole && parameterOf(acc, use.unit, use.hole);
    if (param) for (const x of parameterVersions(acc, param)) report(x.lit, use.match, x.how);
  }
}

type Param = NonNullable<ReturnType<typeof parameterOf>>;

/**
 * The old version literals a parameter may hold: what its callers pass for it (through a
 * parameter of their own, in turn: `createApi(version)` calling `createClient({ version })`), and
 * its default where a caller leaves it out or no caller is seen.
 */
function parameterVersions(acc: AnalysisState, param: Param, depth = 0): { lit: LitPiece; how: string }[] {
  const cls = constructedClass(param.fn);
  const fnName = cls ? cls.name?.text : param.fn.name && ts.isIdentifier(param.fn.name) ? param.fn.name.text : ts.isVariableDeclaration(param.fn.parent) && ts.isIdentifier(param.fn.parent.name) ? param.fn.parent.name.text : undefined;
  const of = `\`${param.name}\`${fnName ? ` of \`${fnName}\`` : ''}`;
  const values: { unit: Unit; expr: ts.Expression }[] = [];
  let defaulted = false;
  // (a constructor's callers: the class's constructions, `new ShippingClient({ version: '2023-01' })`)
  const sites = cls ? constructionsOf(acc, param.unit, cls) : callersOf(acc, param.fn as FunctionNode).map((c) => ({ unit: c.unit, args: c.call.arguments }));
  for (const c of sites) {
    const arg = c.args[param.index];
    if (arg && ts.isSpreadElement(arg)) continue;
    if (param.key === undefined) {
      if (arg) values.push({ unit: c.unit, expr: arg });
      else defaulted = true;
      continue;
    }
    const obj = arg ? acc.ev.objectOf(c.unit, arg) : undefined;
    const value = obj ? propertyValue(findProperty(obj.node, param.key)) : undefined;
    if (value) values.push({ unit: obj!.unit, expr: value });
    else if (obj || !arg) defaulted = true;
  }
  const out: { lit: LitPiece; how: string }[] = [];
  for (const v of values) {
    const lit = versionLiteral(acc, v.unit, v.expr);
    if (lit) out.push({ lit, how: `is given for ${of}, which is the version segment of a URL it builds` });
    const outer = !lit && depth < 3 ? parameterOf(acc, v.unit, v.expr) : undefined;
    if (outer && outer.fn !== param.fn) out.push(...parameterVersions(acc, outer, depth + 1));
  }
  // the default: what the parameter holds where a caller leaves it out (or where no caller is seen)
  const lit = param.init && (defaulted || !values.length) ? versionLiteral(acc, param.unit, param.init) : undefined;
  if (lit) out.push({ lit, how: `is the default of ${of}, which is the version segment of a URL it builds` });
  return out;
}

function reportAt(acc: AnalysisState, lit: LitPiece, m: PathMatch, how: string): void {
  const rule = m.rule!;
  const ep = rule.endpoint;
  const start = lit.pos + lit.text.indexOf(VERSION);
  const shown = ep ? `${ep.method} ${ep.old}` : m.path;
  const f = acc.add(rule.id, lit.unit, start, start + VERSION.length, says(`\`${VERSION}\` ${how} (\`${shown}\`, a 2023-01 path${m.newPath ? '' : ' with no 2024-09 form in the spec'}); `, note('none', 'the version reaches the path through a parameter, which callers may fill with other values and `--fix` does not rewrite: change it here with every path sent through it, each checked for its 2024-09 form, by hand')), {
    context: { kind: m.bodyContext ?? 'path', by: 'path', endpoint: ep ? `${ep.method} ${ep.old}` : undefined },
  });
  // (a test double of the request stays with it: settle-doubles.ts)
  if (f) acc.sentPaths.set(`${f.file}:${f.start}:${f.ruleId}`, { path: m.path, file: f.file });
}
