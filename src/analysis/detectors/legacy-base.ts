// Base URLs on the legacy host: a constant or an environment variable in front of a path that
// moves to 2024-09 (or of a 2024-09 path), reported where it is defined (PRODUCT.md, "Hosts").

import { type PathMatch, originOf } from '../../core/paths.js';
import ts from '../../core/ts.cjs';
import { type Piece, envName, findProperty, isEnvObject, knownText, propertyValue, unwrap } from '../evaluate.js';
import { note, says } from '../findings.js';
import type { Finding, LegacyBase } from '../../types.js';
import type { AnalysisState } from '../state.js';
import type { Unit } from '../units.js';
import { constructorArgument, superArgument, thisMember } from './callers.js';
import { BASE_OPTION, type Virtual, displayPath } from './path-text.js';
import { replacedEnvironments } from './replaced-environments.js';

/**
 * Is one branch of a base's value (`a ?? b`, `a || b`, `c ? a : b`) the legacy host: a literal on
 * the configured `legacyBaseUrl`, or an environment variable with LEGACY in its name? With the
 * unit it is written in, a parameter's or a destructured name's default is one branch too.
 */
function legacyBranch(acc: AnalysisState, e: ts.Expression, depth = 0, unit?: Unit): boolean {
  if (depth > 8) return false;
  const v = unwrap(e);
  if (ts.isConditionalExpression(v)) return legacyBranch(acc, v.whenTrue, depth + 1, unit) || legacyBranch(acc, v.whenFalse, depth + 1, unit);
  if (ts.isBinaryExpression(v) && (v.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || v.operatorToken.kind === ts.SyntaxKind.BarBarToken))
    return legacyBranch(acc, v.left, depth + 1, unit) || legacyBranch(acc, v.right, depth + 1, unit);
  const fallback = unit && ts.isIdentifier(v) ? defaultOf(acc, unit, v) : undefined;
  if (fallback && legacyBranch(acc, fallback.expr, depth + 1, fallback.unit)) return true;
  if (ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v)) return !!acc.hosts.legacy && originOf(v.text) === acc.hosts.legacy;
  // a configuration read by its key (`config.get('SHIPPING_LEGACY_URL')`, `getEnv('LEGACY_API')`)
  const key = ts.isCallExpression(v) && v.arguments[0] && ts.isStringLiteralLike(v.arguments[0]) ? v.arguments[0].text : undefined;
  if (key !== undefined) return /legacy/i.test(key);
  const env = envName(v);
  if (env) return /legacy/i.test(env);
  // a constant or a member named so (`legacy ? this.config.legacyBaseUrl : this.config.baseUrl`)
  const name = ts.isIdentifier(v) ? v.text : ts.isPropertyAccessExpression(v) ? v.name.text : undefined;
  return !!name && /legacy/i.test(name);
}

type Target = { unit: Unit; node: ts.Node; label: string; named: boolean; name?: string; value?: string; env?: boolean; declared?: ts.Expression; host?: boolean; span?: Span };
/** Where a base is reported, where that is only part of its node (the origin of a full URL). */
type Span = { start: number; end: number };

/**
 * The default a parameter or a destructured name falls back to (`base = 'https://legacy…'`,
 * `{ host = LEGACY_HOST } = {}`): what it holds wherever a caller gives nothing, one branch of its
 * value as `'https://legacy…'` is of `process.env.X ?? 'https://legacy…'`.
 */
function defaultOf(acc: AnalysisState, unit: Unit, id: ts.Identifier): { unit: Unit; expr: ts.Expression; name: ts.Identifier } | undefined {
  const decl = acc.bindings.resolve(unit, id);
  if (decl?.kind === 'param' && decl.node.initializer && ts.isIdentifier(decl.node.name)) return { unit: decl.unit, expr: decl.node.initializer, name: decl.node.name };
  if (decl?.kind === 'binding' && decl.node.initializer) return { unit: decl.unit, expr: decl.node.initializer, name: decl.name };
  return undefined;
}

/**
 * A base held in a parameter or a destructured name with a default: reported at the name, where the
 * default is written (an empty default, `prefix = ''`, is no base, as an empty constant is none).
 */
function defaultTarget(acc: AnalysisState, unit: Unit, id: ts.Identifier): Target | undefined {
  const fallback = defaultOf(acc, unit, id);
  if (!fallback) return undefined;
  const text = knownText(acc.pieces(fallback.unit, fallback.expr));
  if (text === '') return undefined;
  return { unit: fallback.unit, node: fallback.name, label: id.text, named: true, value: text, declared: fallback.expr };
}

/**
 * A base held in a member (`this.legacyUrl`): the constant its class is constructed with, for a
 * constructor parameter property (`new Http(LEGACY_BASE)`); else the member itself, where it is
 * set from a legacy value (`config.get('SHIPPING_LEGACY_URL')`) or named so.
 */
function memberTarget(acc: AnalysisState, unit: Unit, pa: ts.PropertyAccessExpression): Target | undefined {
  // an options object the class is constructed with (`this.opts.baseUrl` with `new Http({ baseUrl: LEGACY })`)
  const holder = unwrap(pa.expression);
  if (ts.isPropertyAccessExpression(holder) && holder.expression.kind === ts.SyntaxKind.ThisKeyword) {
    const given = constructorArgument(acc, unit, holder) ?? superArgument(acc, holder);
    const opts = given && acc.ev.objectOf(given.unit, given.expr);
    const value = opts && propertyValue(findProperty(opts.node, pa.name.text));
    const v = value && unwrap(value);
    if (v && ts.isIdentifier(v)) return constantTarget(acc, opts!.unit, v);
    if (v && (ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v))) return { unit: opts!.unit, node: v, label: v.text, named: false, value: v.text };
    // an environment variable read there, or a fallback on the legacy host (`process.env.SHIPPING_LEGACY_URL ?? 'https://legacy…'`)
    if (v && legacyBranch(acc, v, 0, opts!.unit)) {
      const env = envName(ts.isBinaryExpression(v) ? v.left : v);
      return env ? { unit: opts!.unit, node: v, label: env, named: true, env: true, declared: v } : { unit: opts!.unit, node: v, label: v.getText(opts!.unit.sf), named: true, declared: v };
    }
  }
  const onThis = pa.expression.kind === ts.SyntaxKind.ThisKeyword;
  const member = onThis ? thisMember(acc, unit, pa) : undefined;
  const given = onThis && !member ? constructorArgument(acc, unit, pa) : undefined;
  const id = given && unwrap(given.expr);
  const decl = id && ts.isIdentifier(id) ? acc.bindings.resolve(given!.unit, id) : undefined;
  // a literal every construction gives (`new ShippingClient('https://api…')`): known by its value
  if (id && (ts.isStringLiteral(id) || ts.isNoSubstitutionTemplateLiteral(id))) return { unit: given!.unit, node: id, label: id.text, named: false, value: id.text };
  const value = decl && acc.ev.valueOf(decl);
  if (value && id && ts.isIdentifier(id)) {
    const text = acc.pieces(value.unit, value.expr).map((p) => (p.t === 'lit' ? p.text : '')).join('');
    return { unit: value.unit, node: value.name, label: id.text, named: true, value: text || undefined, declared: value.expr };
  }
  // a member set from a config getter (`this.baseUrl = this.config.get('SHIPPING_BASE_URL', …)`): named by its key, where it is read
  const key = member && configKey(member.expr);
  if (key) return { unit: member!.unit, node: key.call, label: key.key, named: true, env: /^[A-Z][A-Z\d_]*$/.test(key.key), declared: member!.expr };
  // a member set from a parameter with a default (`constructor({ base = 'https://legacy…' } = {}) { this.base = base; }`): that default, where it is written
  const set = member && unwrap(member.expr);
  const fallback = set && ts.isIdentifier(set) ? defaultTarget(acc, member!.unit, set) : undefined;
  if (fallback) return fallback;
  if (/legacy/i.test(pa.name.text) || (member && legacyBranch(acc, member.expr, 0, member.unit)))
    return { unit: member?.unit ?? unit, node: member?.expr ?? pa, label: pa.getText(unit.sf), named: true, declared: member?.expr };
  return undefined;
}

/**
 * A base read from an environment file's key (`${environment.shippingUrl}/…`): the same key in the
 * files Angular's build swaps in for it (`environment.prod.ts`) is the base too, as some builds
 * send it. One on the legacy host is reported there; while the v1 path it serves moves, any one
 * not on the base or staging host is (`--fix` records the key's name, as for the file it replaces);
 * after, one whose name the config's `legacyBases` records.
 */
export function checkReplacedEnvironments(acc: AnalysisState, m: PathMatch, pieces: Piece[], vt: Virtual): void {
  const moving = m.version === 'v1' && m.rule?.endpoint?.new != null;
  if (!moving && m.version !== '2024-09') return;
  const first = pieces.slice(0, vt.owner[m.versionStart]).find((p) => p.via.length > 0);
  const via = first?.via[0];
  if (!via) return;
  const name = recordableName(via.label, via.name);
  const recorded = !!name && !!acc.options.config.legacyBases?.includes(name);
  const shown = displayPath(m.path, pieces, vt, m.start);
  for (const alt of replacedEnvironments(acc, via.unit, via.name.parent)) {
    const origin = originOf(alt.value);
    const target = { unit: alt.unit, node: alt.node, label: alt.label };
    if (acc.hosts.legacy && origin === acc.hosts.legacy) reportLegacyBase(acc, target, name, 'value', moving, shown);
    else if (origin && (origin === acc.hosts.base || origin === acc.hosts.staging)) continue;
    else if (moving) reportLegacyBase(acc, target, name, undefined, true, shown);
    else if (recorded) reportLegacyBase(acc, target, name, 'recorded', false, shown);
  }
}

/**
 * The name a `legacyBases` entry gives a base: a constant's, variable's or env var's, or a module
 * object's member (`environment.pickupApiUrl`); not a member of `this` nor a variable of a
 * function's own (`const base = legacy ? … : …` in a wrapper), which name nothing in another file.
 */
function recordableName(label: string, node: ts.Node, env = false): string | undefined {
  if (!/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(label) || label.startsWith('this.')) return undefined;
  return env || !functionLocal(node) ? label : undefined;
}

/** Is this the name of a variable declared inside a function (not at a module's top level), or of a parameter (destructured or not)? */
function functionLocal(node: ts.Node): boolean {
  if (!ts.isIdentifier(node)) return false;
  // (a destructured name: the declaration or parameter its pattern belongs to)
  let decl: ts.Node | undefined = node.parent;
  while (decl && ts.isBindingElement(decl)) decl = decl.parent?.parent;
  if (decl && ts.isParameter(decl)) return true;
  if (!decl || !ts.isVariableDeclaration(decl)) return false;
  for (let p: ts.Node | undefined = decl; p; p = p.parent) if (ts.isFunctionLike(p) || ts.isClassStaticBlockDeclaration(p)) return true;
  return false;
}

/** A constant holding the base, where it is defined; or a parameter or destructured name with a default, where that is written. */
function constantTarget(acc: AnalysisState, unit: Unit, id: ts.Identifier): Target | undefined {
  const decl = acc.bindings.resolve(unit, id);
  const value = decl?.kind === 'var' ? acc.ev.valueOf(decl) : undefined;
  return value ? { unit: value.unit, node: value.name, label: id.text, named: true, declared: value.expr } : defaultTarget(acc, unit, id);
}

/** Base URLs: a constant or an env var in front of a path (PRODUCT.md, "Hosts"). */
export function checkBase(acc: AnalysisState, m: PathMatch, pieces: Piece[], vt: Virtual, literalBase = false, pathFinding?: Finding): void {
  if (m.start === 0) return;
  const moving = m.version === 'v1' && m.rule?.endpoint?.new != null;
  if (!moving && m.version !== '2024-09') return;
  const basePieces = pieces.slice(0, vt.owner[m.start - 1] + 1);
  // the base as written: the outermost constant it came through that the path did not (in
  // `BASE + PICKUPS` each came through its own), else an env var read
  const startPiece = pieces[vt.owner[m.start]];
  const startVia = startPiece?.via ?? [];
  const shared = (p: Piece) => {
    let k = 0;
    while (k < p.via.length && k < startVia.length && p.via[k] === startVia[k]) k++;
    return k;
  };
  // `label` names the base in the message; `named`: it is a constant's or env var's name, whose
  // LEGACY marks the legacy host (a value is known only as the configured legacyBaseUrl)
  let target: Target | undefined;
  const firstVia = basePieces.find((p) => p.via.length > shared(p));
  if (firstVia) {
    let k = shared(firstVia);
    // a member of `this` set from a constant or a module object's member (`private shipBase =
    // environment.shipApiUrl`): the base is that name, where it is defined (a name `legacyBases` can record)
    while (k + 1 < firstVia.via.length && firstVia.via[k].label.startsWith('this.') && firstVia.via[k + 1].label !== BASE_OPTION) k++;
    const via = firstVia.via[k];
    const text = basePieces.filter((p) => p.via.includes(via)).map((p) => (p.t === 'lit' ? p.text : '')).join('');
    const envPiece = basePieces.find((p) => p.t === 'hole' && p.env && p.via.includes(via));
    target = { unit: via.unit, node: via.name, label: via.label, named: true, value: text || undefined, declared: via.value };
    // a member of `this` set from a config getter (`this.baseUrl = this.config.get('SHIPPING_BASE_URL', …)`): named by its key
    if (via.label === BASE_OPTION) {
      // an instance's baseURL option: named by the env var it reads, else shown by its value; a
      // member of `this` (`new URL(path, this.baseUrl)` in a wrapper) by what it is set or constructed with
      const only = basePieces.length === 1 && basePieces[0].t === 'hole' ? unwrap(basePieces[0].node as ts.Expression) : undefined;
      // (or a constant whose value is known only in part: `extra.legacyApiUrl ?? 'https://legacy…'`)
      const member = only && ts.isPropertyAccessExpression(only) ? memberTarget(acc, basePieces[0].unit, only) : only && ts.isIdentifier(only) ? constantTarget(acc, basePieces[0].unit, only) : undefined;
      if (envPiece && envPiece.t === 'hole') target = { unit: envPiece.unit, node: envPiece.node, label: envPiece.env!, named: true, env: true, value: text || undefined };
      else if (member) target = member;
      else target = { ...target, label: text || via.name.getText(via.unit.sf), named: false };
    } else if (envPiece && envPiece.t === 'hole' && isEnvObject(via.value, via.unit.sf)) {
      // `const { SHIP_URL } = process.env`: the variable itself, read where it is destructured
      target = { unit: via.unit, node: via.name, label: envPiece.env!, named: true, env: true };
    } else if (envPiece && envPiece.t === 'hole' && /legacy/i.test(envPiece.env!) && envPiece.env !== via.label) target = { ...target, name: via.label, label: `${via.label} (${envPiece.env})` };
  } else {
    const envPiece = [...basePieces].reverse().find((p) => p.t === 'hole' && p.env);
    const last = basePieces[basePieces.length - 1];
    if (envPiece && envPiece.t === 'hole') target = { unit: envPiece.unit, node: envPiece.node, label: envPiece.env!, named: true, env: true };
    else if (last?.t === 'hole' && ts.isIdentifier(last.node)) {
      // a constant whose value is known only by its branches (`c ? 'https://legacy…' : '…'`)
      const decl = acc.bindings.resolve(last.unit, last.node);
      const value = decl && acc.ev.valueOf(decl);
      if (value && (legacyBranch(acc, value.expr, 0, value.unit) || acc.options.config.legacyBases?.includes(last.node.text)))
        target = { unit: value.unit, node: value.name, label: last.node.text, named: true, declared: value.expr };
      // a parameter with a default (`function makeClient(base = 'https://legacy…')`): that default, where it is written
      else if (!value) target = defaultTarget(acc, last.unit, last.node);
    } else if (last?.t === 'hole' && ts.isPropertyAccessExpression(unwrap(last.node as ts.Expression))) {
      target = memberTarget(acc, last.unit, unwrap(last.node as ts.Expression) as ts.PropertyAccessExpression);
    } else if (literalBase && basePieces.length === 1 && basePieces[0].t === 'lit' && basePieces[0] !== startPiece) {
      // `new URL(path, 'https://…')`: the base is a literal of its own, reported where it is written
      const b = basePieces[0];
      target = { unit: b.unit, node: b.node, label: b.text, named: false, value: b.text };
    } else if (m.version === '2024-09' && m.origin && basePieces.length === 1 && basePieces[0] === startPiece && startPiece.t === 'lit') {
      // a 2024-09 path written on the host of its own full URL (`'https://legacy…/2024-09/pickups'`, a
      // hand migration that kept the host): no path of it moves, so the host is reported, where it is written
      target = { unit: startPiece.unit, node: startPiece.node, label: m.origin, named: false, value: m.origin, host: true, span: startPiece.exact ? { start: startPiece.pos + vt.offset[0], end: startPiece.pos + vt.offset[0] + m.origin.length } : undefined };
    } else if (m.version === '2024-09' && basePieces.length === 1 && basePieces[0].t === 'lit' && basePieces[0] !== startPiece) {
      // (or a literal of its own joined to it: `'https://legacy…' + '/2024-09/pickups'`)
      const b = basePieces[0];
      target = { unit: b.unit, node: b.node, label: b.text, named: false, value: b.text };
    }
  }
  if (!target) return;
  // the name a `legacyBases` entry gives the base (recordableName)
  const name = target.name ?? (target.named ? recordableName(target.label, target.node, target.env) : undefined);
  const recorded = !!name && !!acc.options.config.legacyBases?.includes(name);
  const origin = originOf(target.value);
  const by: LegacyBase['by'] | undefined =
    !!origin && origin === acc.hosts.legacy
      ? 'value'
      : (target.named && /legacy/i.test(target.label)) || (!!target.declared && legacyBranch(acc, target.declared, 0, target.unit))
        ? 'name'
        : recorded
          ? 'recorded'
          : undefined;
  // a base on the configured base or staging host already serves 2024-09: only its v1 paths move
  if (origin && (origin === acc.hosts.base || origin === acc.hosts.staging)) return;
  if (!moving && !by) return;
  if (m.version === '2024-09' && !by) return;
  // a v1 path's finding names the base it is sent through, known as legacy only by such paths:
  // `--fix` records it from there too when the base is defined outside the files it checks
  if (moving && !by && name && pathFinding) pathFinding.legacyBase = { name, by: 'v1-paths' };
  reportLegacyBase(acc, target, name, by, moving, displayPath(m.path, pieces, vt, m.start));
}

/**
 * Reports a base (or a host) on the legacy host, once, where it is defined: `moving`, it serves a
 * v1 path that moves (`shown`); else a 2024-09 path, known as legacy by `by`.
 */
export function reportLegacyBase(acc: AnalysisState, target: { unit: Unit; node: ts.Node; label: string; env?: boolean; host?: boolean; span?: Span }, name: string | undefined, by: LegacyBase['by'] | undefined, moving: boolean, shown: string): void {
  const start = target.span?.start ?? target.node.getStart(target.unit.sf);
  const key = `${target.unit.file}:${start}`;
  if (acc.reportedBases.has(key)) return;
  acc.reportedBases.add(key);
  const what = target.env ? `The environment variable ${target.label}` : `The ${target.host ? 'host' : 'base URL'} \`${target.label}\``;
  const host = `point it at the base host${acc.options.config.baseUrl ? ` (${acc.options.config.baseUrl})` : ''}`;
  const why = moving
    ? `serves a v1 path that moves to 2024-09 (\`${shown}\`), and 2024-09 is served only on the base host: ${host}`
    : by === 'recorded'
      ? `is the legacy host's, recorded by \`--fix\` in the config's \`legacyBases\` when it moved the v1 paths this base served, and serves a 2024-09 path (\`${shown}\`): ${host}, then remove \`${name}\` from \`legacyBases\``
      : `is the legacy host's and serves a 2024-09 path (\`${shown}\`): ${host}`;
  const f = acc.add('legacy-base-url', target.unit, start, target.span?.end ?? target.node.getEnd(), says(`${what} ${why}; `, note('none', 'the one-line change is yours')));
  if (f) f.legacyBase = { ...(name ? { name } : {}), by: by ?? 'v1-paths' };
}

/** A configuration read by its key (`config.get('SHIPPING_BASE_URL', fallback)`, `configService.getOrThrow('…')`), with the key. */
function configKey(e: ts.Expression): { call: ts.CallExpression; key: string } | undefined {
  const v = unwrap(e);
  const call = ts.isBinaryExpression(v) && (v.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || v.operatorToken.kind === ts.SyntaxKind.BarBarToken) ? unwrap(v.left) : v;
  if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression) || !CONFIG_GETTERS.has(call.expression.name.text)) return undefined;
  const arg = call.arguments[0];
  return arg && ts.isStringLiteralLike(arg) && /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(arg.text) ? { call, key: arg.text } : undefined;
}
const CONFIG_GETTERS = new Set(['get', 'getOrThrow']);
