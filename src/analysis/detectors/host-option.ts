// A URL given in parts: `{ hostname: 'legacy.example.com', path: '/pickup/v1/pickups' }`, the
// options of Node's `http.request` and of the clients that copy them. The host written beside a
// path is that path's host, as the origin of a full URL is.

import { type PathMatch, originOf } from '../../core/paths.js';
import ts from '../../core/ts.cjs';
import { envName, findProperty, propertyValue, unwrap } from '../evaluate.js';
import type { AnalysisState } from '../state.js';
import { reportLegacyBase } from './legacy-base.js';
import type { Unit } from '../units.js';

export interface HostBeside {
  /** The `hostname`/`host` property's value as written. */
  node: ts.Expression;
  unit: Unit;
  /** Its text, where it is a string written right there (`--fix` can rewrite it in place). */
  literal?: string;
  /** The origin it names (`https://` assumed, or the options' `protocol`), where its text is known. */
  origin?: string;
  /** A name that marks it as the legacy host's: a constant or an environment variable with LEGACY in it. */
  legacyName?: string;
  /** The environment variable it reads, if it is one. */
  env?: string;
  /** Where a host not written here is defined: a constant's name, else the expression itself. */
  defined: { unit: Unit; node: ts.Node };
  /** Options that also give a `port` or a `protocol`: a host rewrite alone would not move the request. */
  more: boolean;
}

const HOST_KEYS = ['hostname', 'host'];

/** The host given beside a path in the same options object, where the path is that object's `path`. */
export function hostBeside(acc: AnalysisState, unit: Unit, path: ts.Expression): HostBeside | undefined {
  let at: ts.Node = path;
  while (at.parent && ts.isParenthesizedExpression(at.parent)) at = at.parent;
  const prop = at.parent;
  if (!prop || !ts.isPropertyAssignment(prop) || prop.initializer !== at || !ts.isObjectLiteralExpression(prop.parent)) return;
  if (!(ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) || prop.name.text !== 'path') return;
  const obj = prop.parent;
  const hostProp = HOST_KEYS.map((k) => findProperty(obj, k)).find(Boolean);
  const node = propertyValue(hostProp);
  if (!node) return;
  const more = !!findProperty(obj, 'port') || !!findProperty(obj, 'protocol');
  const v = unwrap(node);
  if (ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v)) return { node: v, unit, literal: v.text, origin: originOf(`https://${v.text}`), more, defined: { unit, node: v } };
  const pieces = acc.pieces(unit, node);
  const known = pieces.every((p) => p.t === 'lit');
  const text = known ? pieces.map((p) => (p.t === 'lit' ? p.text : '')).join('') : undefined;
  const env = pieces.map((p) => (p.t === 'hole' ? p.env : undefined)).find(Boolean) ?? envName(v);
  const name = ts.isIdentifier(v) ? v.text : ts.isPropertyAccessExpression(v) ? v.name.text : undefined;
  const legacyName = [name, env].find((n) => !!n && /legacy/i.test(n));
  const decl = ts.isIdentifier(v) ? acc.bindings.resolve(unit, v) : undefined;
  const value = decl && acc.ev.valueOf(decl);
  return { node, unit, origin: text ? originOf(`https://${text}`) : undefined, legacyName, env, more, defined: value ? { unit: value.unit, node: value.name } : { unit, node } };
}

/**
 * A host beside a path, on the legacy host, where no edit of the path's can move it: a constant or
 * an environment variable (in front of a v1 path that moves, or of a 2024-09 path), or a host
 * written beside a 2024-09 path. Reported where it is defined, as a base URL is.
 */
export function checkHost(acc: AnalysisState, unit: Unit, path: ts.Expression, m: PathMatch, shown: string): void {
  const moving = m.version === 'v1' && m.rule?.endpoint?.new != null;
  if (!moving && m.version !== '2024-09') return;
  const beside = hostBeside(acc, unit, path);
  if (!beside || (beside.literal && moving)) return; // a host written beside a moving path moves with it (paths.ts)
  const byValue = !!acc.hosts.legacy && beside.origin === acc.hosts.legacy;
  if (!byValue && !beside.legacyName) return;
  const v = unwrap(beside.node);
  const name = beside.env ?? (ts.isIdentifier(v) ? v.text : undefined);
  const label = beside.env ?? beside.literal ?? beside.node.getText(unit.sf);
  reportLegacyBase(acc, { ...beside.defined, label, host: !beside.env, env: !!beside.env }, name, byValue ? 'value' : 'name', moving, shown);
}

/** The host of the configured base URL where it is a bare origin a `hostname` can name; else why not. */
export function baseHostname(baseUrl: string): { host: string } | { why: string } {
  const u = new URL(baseUrl);
  if (u.pathname.replace(/\/+$/, '') !== '') return { why: `the base URL (${baseUrl}) has a path of its own, which a \`hostname\` cannot carry` };
  if (u.port) return { why: `the base URL (${baseUrl}) has a port of its own` };
  return { host: u.hostname };
}

/** A base a path is joined to where it is written: `new URL(path, BASE)`, `url.resolve(BASE, path)`, `u.pathname = path` with `u = new URL(BASE)`. */
export interface JoinedBase {
  node: ts.Expression;
  /** its origin, where its text is known */
  origin?: string;
  /** written right there as a string (a constant's or a variable's base is reported where it is defined: legacy-base.ts) */
  written: boolean;
  /** the literal's text, where it holds an origin and nothing more (`--fix` can rewrite it) */
  literal?: string;
}

export function joinedBase(acc: AnalysisState, unit: Unit, path: ts.Expression): JoinedBase | undefined {
  let at: ts.Node = path;
  while (at.parent && ts.isParenthesizedExpression(at.parent)) at = at.parent;
  const p = at.parent;
  let base: ts.Expression | undefined;
  if (p && ts.isNewExpression(p) && ts.isIdentifier(p.expression) && p.expression.text === 'URL' && p.arguments?.[0] === at) base = p.arguments[1];
  else if (p && ts.isCallExpression(p) && p.arguments[1] === at && (ts.isPropertyAccessExpression(p.expression) ? p.expression.name.text : ts.isIdentifier(p.expression) ? p.expression.text : '') === 'resolve') base = p.arguments[0];
  else if (p && ts.isBinaryExpression(p) && p.right === at && p.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(p.left) && p.left.name.text === 'pathname' && ts.isIdentifier(p.left.expression)) {
    const d = acc.bindings.resolve(unit, p.left.expression);
    const init = d?.kind === 'var' && d.init ? unwrap(d.init) : undefined;
    if (init && ts.isNewExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'URL' && init.arguments?.length === 1) base = init.arguments[0];
  }
  if (!base) return undefined;
  const pieces = acc.pieces(unit, base);
  const text = pieces.every((x) => x.t === 'lit') ? pieces.map((x) => (x.t === 'lit' ? x.text : '')).join('') : undefined;
  const v = unwrap(base);
  const written = ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v);
  const own = written && /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+\/?$/i.test(v.text) ? v.text : undefined;
  return { node: v, origin: text ? originOf(text) : undefined, written, literal: own };
}
