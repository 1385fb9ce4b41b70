// Webhooks: the `version` a webhook body names, and the old event name wherever it is sent or
// compared with a received event.

import { OLD_EVENT } from '../../core/keys.js';
import { commonJsExport, namespaceVisible } from '../bindings.js';
import ts from '../../core/ts.cjs';
import type { Finding, RequestContext } from '../../types.js';
import { envName, findProperty, isEnvObject, type LitPiece, propertyValue, unwrap } from '../evaluate.js';
import { note, says } from '../findings.js';
import type { AnalysisState, BaseGroup } from '../state.js';
import { configDefault, configRead } from '../syntax.js';
import { lineOf, treeIndex, type Unit } from '../units.js';
import { identifiers } from './identifiers.js';
import { readsOfConstant } from './constant-reads.js';
import { memberReads } from './member-reads.js';
import { describes2023 } from './describes-version.js';
import { besideWhy, newNameBeside } from './event-beside.js';
import { EVENT_KEY, keyofTyped, lookedUpByEventType } from './event-lookups.js';
import { shortText } from './path-text.js';
import { callerVersions } from './webhook-version-callers.js';
import { readAtRunTime } from './runtime-data.js';

/**
 * A webhook body's `version`, sent to an old path. Each branch it may take is checked (`a || b`,
 * `a ?? b`, `c ? a : b`): a '2023-01' written in one is this webhook's, and moves with it; but a
 * branch read at run time (an environment variable, a config value, incoming data) may hold
 * '2023-01' where the check cannot see it, so the request is held whole, its literal with it.
 */
export function webhookVersion(acc: AnalysisState, unit: Unit, value: ts.Expression, info: RequestContext): void {
  const leaves = branches(unwrap(value));
  const runtime = leaves.map((l) => runtimeRead(acc, unit, l)).find(Boolean);
  if (runtime && acc.collecting)
    acc.unseenInBody ??= `the webhook \`version\` is ${runtime}, which \`--fix\` cannot see and which may be '2023-01': set it to '2024-09' together with the path, by hand`;
  // a value the check cannot follow (a parameter's property its callers set, a function's result):
  // it may be '2023-01', and a webhook's version must be the version of its path
  const unfollowed = runtime ? undefined : leaves.find((l) => !literalValue(acc, unit, l));
  // (a parameter its callers fill: the '2023-01' they pass is reported where it is written)
  const passed = unfollowed && callerVersions(acc, unit, unfollowed, info);
  if (unfollowed && acc.collecting)
    acc.unseenInBody ??= `the webhook \`version\` is \`${shortText(unfollowed.getText(unit.sf))}\`, which the check cannot follow to a value and which may be '2023-01' (a webhook's \`version\` is the version of its path${passed ? `; '2023-01' is passed for it at ${passed}` : ''}): set it to '2024-09' together with the path, by hand`;
  for (const leaf of leaves) leafVersion(acc, unit, leaf, info, leaves.length > 1, runtime);
}

/** Does the check see the one text a `version` value holds (a literal, or a constant or template of literals)? */
function literalValue(acc: AnalysisState, unit: Unit, e: ts.Expression): boolean {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return true;
  const pieces = acc.pieces(unit, e);
  return pieces.length > 0 && pieces.every((x) => x.t === 'lit');
}

/**
 * The values an expression may take: each side of `a || b` and `a ?? b`, each result of `c ? a : b`,
 * a config read and the default it is given (`config.get('KEY', '2023-01')`).
 */
function branches(e: ts.Expression): ts.Expression[] {
  const fallback = configDefault(e);
  if (fallback) return [e, ...branches(unwrap(fallback))];
  if (ts.isBinaryExpression(e) && (e.operatorToken.kind === ts.SyntaxKind.BarBarToken || e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken))
    return [...branches(unwrap(e.left)), ...branches(unwrap(e.right))];
  if (ts.isConditionalExpression(e)) return [...branches(unwrap(e.whenTrue)), ...branches(unwrap(e.whenFalse))];
  return [e];
}

/**
 * How a value is read at run time, where the check cannot see what it holds (`read from the
 * environment variable \`X\``), also through a constant that holds it; undefined where it is not.
 */
function runtimeRead(acc: AnalysisState, unit: Unit, e: ts.Expression, depth = 0): string | undefined {
  const shown = (n: ts.Node) => shortText(n.getText(unit.sf));
  const env = envName(e);
  if (env) return `read from the environment variable \`${env}\``;
  if (configRead(e)) return `read from the config at run time (\`${shown(e)}\`)`;
  if (readAtRunTime(acc, unit, e)) return `data read at run time (\`${shown(e)}\`)`;
  if (!ts.isIdentifier(e) || depth > 3) return undefined;
  const d = acc.bindings.resolve(unit, e);
  // `const { WEBHOOK_VERSION } = process.env`
  if (d?.kind === 'binding' && d.from && isEnvObject(unwrap(d.from))) return `read from the environment variable \`${d.prop}\``;
  if (d?.kind !== 'var' || !d.init) return undefined;
  for (const l of branches(unwrap(d.init))) {
    const r = runtimeRead(acc, d.unit, l, depth + 1);
    if (r) return r;
  }
  return undefined;
}

/** One value a webhook `version` may take. `branch`: it is one of several; `runtime`: how another is read at run time. */
function leafVersion(acc: AnalysisState, unit: Unit, v: ts.Expression, info: RequestContext, branch: boolean, runtime: string | undefined): void {
  // what holds the literal: a branch read at run time beside it
  const held = runtime && `the value is ${runtime} first, whose deployed value \`--fix\` cannot see and which may be '2023-01' too: set it, this '2023-01' and the path to 2024-09 together`;
  if (!(ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v))) {
    // `version: WEBHOOK_VERSION`: a constant (here or imported) that holds '2023-01'
    const pieces = ts.isIdentifier(v) || ts.isPropertyAccessExpression(v) ? acc.pieces(unit, v) : [];
    if (!pieces.length || pieces.some((x) => x.t !== 'lit') || pieces.map((x) => (x as LitPiece).text).join('') !== '2023-01') return;
    const shown = v.getText(unit.sf);
    // a constant of this module only, read here alone: its literal is this webhook's, and moves with it
    const own = held ? undefined : ownConstant(acc, unit, v);
    if (own) {
      const start = own.getStart(unit.sf);
      acc.add('webhook-version', unit, v.getStart(unit.sf), v.getEnd(), says(`The webhook \`version\` \`${shown}\` holds '2023-01'; a webhook for 2024-09 carries \`'2024-09'\`; `, note('safe'), ` where \`${shown}\` is defined (line ${lineOf(unit, own)}), with the body.`), {
        edits: [{ unit, start: start + 1, end: own.getEnd() - 1, text: '2024-09' }],
        context: info,
        fixDescription: "write '2024-09'",
        newText: '2024-09',
      });
      return;
    }
    // the versioned base its paths are sent through (`/${API_VERSION}/webhooks`): it moves with them, or stays with them
    const base = held ? undefined : versionedBaseConstant(acc, unit, v);
    if (base) {
      // (held with the base, where settle-groups.ts finds it cannot move: the webhook's path and events then stay too)
      (base.group.versionReads ??= []).push({ unit, node: v, shown, context: info });
      acc.add('webhook-version', unit, v.getStart(unit.sf), v.getEnd(), says(`The webhook \`version\` \`${shown}\` holds '2023-01'; a webhook for 2024-09 carries \`'2024-09'\`; `, note('safe'), ` where \`${shown}\` is defined, with the paths sent through it.`), {
        // (its literal is rewritten by the base's own finding where it lies in another file)
        ...(base.unit.file === unit.file ? { edits: [{ unit: base.unit, start: base.lit.getStart(base.unit.sf) + 1, end: base.lit.getEnd() - 1, text: '2024-09' }] } : { fixKind: 'safe' as const }),
        context: info,
        fixDescription: "write '2024-09'",
        newText: '2024-09',
      });
      return;
    }
    // an exported constant (here or in another module) read by this webhook alone: it moves with it
    const shared = held ? undefined : exportedConstant(acc, unit, v);
    if (shared && 'lit' in shared) {
      const at = acc.placeOf(shared.unit.file, lineOf(shared.unit, shared.lit), unit.file);
      const start = shared.lit.getStart(shared.unit.sf);
      const edits = [{ unit: shared.unit, start: start + 1, end: shared.lit.getEnd() - 1, text: '2024-09' }];
      if (shared.unit.file === unit.file) {
        acc.add('webhook-version', unit, v.getStart(unit.sf), v.getEnd(), says(`The webhook \`version\` \`${shown}\` holds '2023-01'; a webhook for 2024-09 carries \`'2024-09'\`; `, note('safe'), ` where \`${shown}\` is defined (${at}), which only this webhook reads, with the body.`), { edits, context: info, fixDescription: "write '2024-09'", newText: '2024-09' });
        return;
      }
      // (the literal is rewritten by a finding of its own, in its own file, made with this body's: held with it, or moved with it)
      acc.add('webhook-version', unit, v.getStart(unit.sf), v.getEnd(), says(`The webhook \`version\` \`${shown}\` holds '2023-01'; a webhook for 2024-09 carries \`'2024-09'\`; `, note('safe'), ` where \`${shown}\` is defined (${at}), which only this webhook reads, with the body.`), { fixKind: 'safe', context: info, fixDescription: "write '2024-09'", newText: '2024-09' });
      acc.add('webhook-version', shared.unit, start, shared.lit.getEnd(), says(`\`${shown}\` holds '2023-01' and is read only as the \`version\` of the webhook at ${acc.placeOf(unit.file, lineOf(unit, v), shared.unit.file)}; a webhook for 2024-09 carries \`'2024-09'\`; `, note('safe'), ' with that webhook.'), { edits, context: info, fixDescription: "write '2024-09'", newText: '2024-09' });
      return;
    }
    const why = shared?.why ?? `\`${shown}\` is set where it is defined and may serve more than this webhook`;
    acc.add('webhook-version', unit, v.getStart(unit.sf), v.getEnd(), says(`The webhook \`version\` \`${shown}\` holds '2023-01'; a webhook for 2024-09 carries \`'2024-09'\`; `, note('none', held || `${why}: write '2024-09' here or there`)), { context: info });
    return;
  }
  if (v.text !== '2023-01') return;
  const raw = v.getText(unit.sf);
  const start = v.getStart(unit.sf);
  let at: ts.Node = v.parent;
  while (ts.isParenthesizedExpression(at)) at = at.parent;
  const what = !branch ? `The webhook \`version\` ${raw} names 2023-01` : `The webhook \`version\` ${ts.isConditionalExpression(at) ? 'may be' : 'falls back to'} ${raw}, which names 2023-01`;
  if (held) {
    acc.add('webhook-version', unit, start, v.getEnd(), says(`${what}; a webhook for 2024-09 carries \`'2024-09'\`; `, note('none', held)), { context: info });
    return;
  }
  acc.add('webhook-version', unit, start, v.getEnd(), says(`${what}; a webhook for 2024-09 carries \`'2024-09'\`; `, note('safe')), {
    edits: [{ unit, start: start + 1, end: v.getEnd() - 1, text: '2024-09' }],
    context: info,
    fixDescription: "write '2024-09'",
    newText: '2024-09',
  });
}

/**
 * The literal of a constant that is a versioned base (`export const API_VERSION = '2023-01'` in
 * front of `/${API_VERSION}/webhooks`): the base's group decides whether it moves, with its paths.
 */
function versionedBaseConstant(acc: AnalysisState, unit: Unit, ref: ts.Expression): { unit: Unit; lit: ts.StringLiteral; group: BaseGroup } | undefined {
  const d = acc.bindings.qualified(unit, ref);
  const lit = d?.kind === 'var' && d.init ? unwrap(d.init) : undefined;
  if (!lit || !ts.isStringLiteral(lit) || lit.getText(d!.unit.sf).slice(1, -1) !== '2023-01') return undefined;
  const g = acc.baseGroups.get(`${d!.unit.file}:${lit.getStart(d!.unit.sf) + 1}`);
  return g && g.members.length ? { unit: d!.unit, lit, group: g } : undefined;
}

/**
 * The literal of a constant of this module that no other module can read, read only at this one
 * place (`const WEBHOOK_VERSION = '2023-01'` used once; `Hook.VERSION` with `namespace Hook {
 * export const VERSION = '2023-01' }` not exported from the module): it serves nothing else.
 */
function ownConstant(acc: AnalysisState, unit: Unit, ref: ts.Expression): ts.StringLiteral | undefined {
  const d = acc.bindings.qualified(unit, ref);
  if (d?.kind !== 'var' || d.unit !== unit || !d.init) return undefined;
  const lit = unwrap(d.init);
  const statement = d.node.parent?.parent;
  if (!ts.isStringLiteral(lit) || !statement || !ts.isVariableStatement(statement) || !(d.node.parent.flags & ts.NodeFlags.Const)) return undefined;
  const exported = ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  // at the top level, not exported; in a namespace, exported from it (or not) where the namespace is not exported from the module
  const scope = statement.parent;
  const local = ts.isSourceFile(scope) ? !exported : ts.isModuleBlock(scope) && (!exported || !namespaceVisible(scope.parent));
  if (!local) return undefined;
  const read = ts.isPropertyAccessExpression(ref) ? ref.name : ref;
  // (namespaces may each have a `VERSION`: a name shown to be another's is no use of this one)
  const other = (n: ts.Identifier): boolean => {
    const p = n.parent;
    if (ts.isVariableDeclaration(p) && p.name === n) return true;
    const named = ts.isPropertyAccessExpression(p) && p.name === n ? acc.bindings.qualified(unit, p) : acc.bindings.resolve(unit, n);
    return !!named && (named.kind !== 'var' || named.node !== d.node);
  };
  const uses = identifiers(acc, unit, d.name.text).filter((n) => n !== d.name && !other(n));
  // (nor exported by name further down: `export { WEBHOOK_VERSION }`)
  return uses.length === 1 && uses[0] === read && lit.getText(unit.sf).slice(1, -1) === lit.text ? lit : undefined;
}

/**
 * The literal of an exported top-level constant (`export const SHIPPING_API_VERSION = '2023-01'`,
 * here or imported) when its one read in the run's files is this `version`; else why it serves
 * more (its other reads, or a read the check cannot see). Its module must be one the run checks,
 * or `--fix` could not write it.
 */
function exportedConstant(acc: AnalysisState, unit: Unit, ref: ts.Expression): { unit: Unit; lit: ts.StringLiteral } | { why: string } | undefined {
  if (!ts.isIdentifier(ref)) return undefined;
  const d = acc.bindings.resolve(unit, ref);
  if (d?.kind !== 'var' || !d.init || !ts.isIdentifier(d.node.name) || !(d.node.parent.flags & ts.NodeFlags.Const)) return undefined;
  const lit = unwrap(d.init);
  const statement = d.node.parent.parent;
  if (!ts.isStringLiteral(lit) || lit.getText(d.unit.sf).slice(1, -1) !== '2023-01' || !ts.isVariableStatement(statement) || !ts.isSourceFile(statement.parent)) return undefined;
  const name = d.node.name.text;
  const all = readsOfConstant(acc, d.unit, d.node as ts.VariableDeclaration & { name: ts.Identifier }, unit.file);
  if ('unseen' in all) return { why: `${all.unseen}, so it may serve more than this webhook` };
  const others = all.reads.filter((r) => r.id !== ref);
  if (others.length) {
    const shown = others.slice(0, 3).map((r) => acc.placeOf(r.unit.file, lineOf(r.unit, r.id), unit.file));
    return { why: `\`${name}\` is also read at ${shown.join(', ')}${others.length > 3 ? ` and ${others.length - 3} more places` : ''}, so it serves more than this webhook` };
  }
  if (all.reads.length !== 1) return undefined;
  if (acc.options.given && !acc.options.given.has(d.unit.file)) return { why: `\`${name}\` is defined in ${acc.shownFile(d.unit.file)}, which this run does not check (so \`--fix\` cannot write it)` };
  return { unit: d.unit, lit };
}

/**
 * Settle, after the request types are known: an event written in a type that describes 2023-01
 * is no finding, unless the type types a webhook request (its `version` then has a finding of its
 * own, and the event moves with it).
 */
export function settleTypedEvents(acc: AnalysisState): void {
  for (const { finding, versionAt } of acc.typedEvents) {
    const versionMoves = acc.findings.has(`${versionAt}:webhook-version`);
    if (!versionMoves) acc.findings.delete(`${finding.file}:${finding.start}:${finding.ruleId}`);
  }
}

/**
 * Is a string where PRODUCT.md makes an event name a finding: sent (an array, as in `event_types`
 * and the constants feeding it), compared with a received event (`===`, a `case`, `.includes(…)`,
 * `.has(…)`, a handler map's key, `.on('…')`), a type of event names, a constant or enum member
 * (read there), or the `type` of an event object a handler's test feeds it?
 */
function eventPlace(acc: AnalysisState, unit: Unit, n: ts.Node, depth = 0): boolean {
  let at: ts.Node = n;
  while (at.parent && (ts.isParenthesizedExpression(at.parent) || ts.isAsExpression(at.parent) || ts.isSatisfiesExpression(at.parent))) at = at.parent;
  const p = at.parent;
  if (!p) return false;
  if (ts.isArrayLiteralExpression(p) || ts.isCaseClause(p) || ts.isEnumMember(p) || ts.isComputedPropertyName(p)) return true;
  // a CommonJS export (`exports.COURIER_CHANGED = '…'`), a constant read where it is imported
  if (ts.isBinaryExpression(p) && p.right === at && p.operatorToken.kind === ts.SyntaxKind.EqualsToken && commonJsExport(p.left) !== undefined)
    return depth < 2 && constantRead(acc, unit, (p.left as ts.PropertyAccessExpression).name as ts.Identifier, depth);
  if (ts.isBinaryExpression(p)) return [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(p.operatorToken.kind);
  // a constant: where it is read says what it is (`if (e.type === EVENT)`, `event_types: [EVENT]`)
  if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return depth < 2 && constantRead(acc, unit, p.name, depth);
  if (ts.isPropertyAssignment(p)) {
    // a handler map's key (`{ courier_account_state_changed: onCourier }`), or a key of any map a
    // received event's type is looked up in (`EVENT_LABELS[evt.type]`); not a label's elsewhere
    if (p.name === at) return handlerValue(p.initializer) || lookedUpByEventType(acc, p.parent);
    const key = ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) ? p.name.text : '';
    if (EVENT_KEY.test(key)) return true;
    // a constant map of names (`EVENTS.courierAccount`), read where events are: the map by its
    // name, or this member wherever the map reaches (imported under any name, `require`d from a
    // module whose `module.exports` it is)
    if (depth >= 2) return false;
    let holder: ts.Node = p.parent.parent;
    // (`{ … } as const`, `{ … } satisfies Events`)
    while (holder && (ts.isParenthesizedExpression(holder) || ts.isAsExpression(holder) || ts.isSatisfiesExpression(holder))) holder = holder.parent;
    if (holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) && constantRead(acc, unit, holder.name, depth)) return true;
    return memberReads(acc, unit, p).some((r) => eventPlace(acc, r.unit, r.node, depth + 1) || eventList(r.node));
  }
  if (ts.isMethodDeclaration(p) && p.name === at) return true;
  if (ts.isCallExpression(p) && ts.isPropertyAccessExpression(p.expression)) return ['includes', 'has', 'indexOf', 'on', 'once', 'get'].includes(p.expression.name.text);
  return false;
}

/** Is a handler map's value a function (or a name of one)? */
function handlerValue(e: ts.Expression): boolean {
  const v = unwrap(e);
  return ts.isArrowFunction(v) || ts.isFunctionExpression(v) || ts.isIdentifier(v) || ts.isPropertyAccessExpression(v) || ts.isCallExpression(v);
}

/** Is a constant read somewhere an event name is a finding (in the modules that name it)? */
function constantRead(acc: AnalysisState, unit: Unit, name: ts.Identifier, depth: number): boolean {
  for (const u of acc.store.all()) {
    if (!u.sf.text.includes(name.text)) continue;
    for (const id of identifiers(acc, u, name.text)) {
      if (id === name) continue;
      // `EVENTS.courierAccount` read as a whole: the access is the read
      let read: ts.Node = id;
      // (`config.COURIER_CHANGED`, a module's export read through the module: the access is the read)
      if (id.parent && ts.isPropertyAccessExpression(id.parent) && (id.parent.expression === id || id.parent.name === id)) read = id.parent;
      if (eventPlace(acc, u, read, depth + 1) || eventList(read)) return true;
    }
  }
  return false;
}

/** Is this read part of an event list (`event_types: [A, B]`, `events: EVENTS`, `[...DEFAULT_EVENTS]`)? */
function eventList(n: ts.Node): boolean {
  const p = n.parent;
  if (!p) return false;
  if (ts.isSpreadElement(p) || ts.isArrayLiteralExpression(p)) return true;
  return ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && /event/i.test(p.name.text);
}

/** Does this module register another vendor's webhook for this event, and no webhook of the service's? */
export function vendorWebhookModule(acc: AnalysisState, unit: Unit, event: string): boolean {
  let vendor = false;
  for (const obj of treeIndex(unit.sf).objects) {
    if (!findProperty(obj, 'event_types')) continue;
    const ctx = acc.contexted.get(obj);
    if (ctx !== 'foreign') return false;
    if (obj.getText(unit.sf).includes(event)) vendor = true;
  }
  return vendor;
}

/** Is this node written in an object sent to another vendor's endpoint (its nearest object literal is)? */
export function inForeignBody(acc: AnalysisState, n: ts.Node): boolean {
  for (let p = n.parent; p; p = p.parent) if (ts.isObjectLiteralExpression(p)) return acc.contexted.get(p) === 'foreign';
  return false;
}

export function scanEvents(acc: AnalysisState, unit: Unit): void {
  const ev = OLD_EVENT();
  keepEventTemplates(acc, unit, ev.old);
  if (!unit.sf.text.includes(ev.old)) return;
  // a module that registers another vendor's webhook for the old name, and none of the service's:
  // the events it compares are that vendor's
  const vendorEvents = vendorWebhookModule(acc, unit, ev.old);
  const visit = (n: ts.Node): void => {
    // a key of an object whose keys some module makes a type of (`keyof typeof EVENT_LABELS`): a type of names, as a union is (event-types.ts decides it)
    if ((ts.isIdentifier(n) || ts.isStringLiteral(n)) && n.text === ev.old && n.parent && ts.isPropertyAssignment(n.parent) && n.parent.name === n && !vendorEvents && keyofTyped(acc, n.parent.parent)) acc.eventTypes.push({ unit, node: n });
    if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && n.text === ev.old) {
      // an event named in a body sent to another vendor's endpoint is that vendor's event; one
      // named elsewhere than where events are sent or compared (a log line, an analytics event,
      // a topic) is no webhook event at all
      if (inForeignBody(acc, n) || vendorEvents) return;
      // a type of names: an event type where it types an event list or a received event's type,
      // or (the checker tells, event-types.ts) where a value checked against it is an event name
      if (n.parent && ts.isLiteralTypeNode(n.parent)) {
        const described = describes2023(acc, n);
        if (described === 'object') return;
        const versionAt = described ? `${unit.file}:${described.version.getStart(unit.sf) + unit.offset}` : undefined;
        acc.eventTypes.push({ unit, node: n.parent, versionAt, finding: eventTypePlace(acc, unit, n.parent) ? reportEvent(acc, unit, n) : undefined });
        return;
      }
      if (eventPlace(acc, unit, n)) reportEvent(acc, unit, n);
      return;
    }
    if (ts.isIdentifier(n) && n.text === ev.old && n.parent && (ts.isPropertyAssignment(n.parent) || ts.isShorthandPropertyAssignment(n.parent) || ts.isMethodDeclaration(n.parent) || ts.isPropertySignature(n.parent) || ts.isEnumMember(n.parent)) && n.parent.name === n && !vendorEvents && !(ts.isPropertyAssignment(n.parent) && !handlerValue(n.parent.initializer) && !lookedUpByEventType(acc, n.parent.parent)))
      addEvent(acc, unit, n, '');
    ts.forEachChild(n, visit);
  };
  visit(unit.sf);
}

/**
 * The template literal types of a unit whose written parts could make the old event name
 * (`\`${'courier_account' | 'shipment'}_state_changed\``): the checker decides (event-types.ts).
 */
function keepEventTemplates(acc: AnalysisState, unit: Unit, old: string): void {
  if (!unit.sf.text.includes('${')) return;
  for (const n of treeIndex(unit.sf).types) {
    if (!ts.isTemplateLiteralTypeNode(n)) continue;
    const texts = [n.head.text, ...n.templateSpans.map((s) => s.literal.text)];
    if (old.startsWith(texts[0]) && old.endsWith(texts[texts.length - 1]) && texts.every((t) => old.includes(t))) acc.eventTemplates.push({ unit, node: n });
  }
}

/**
 * Report an old event name written as a string (a value, or a member of a type of names) or as a
 * map's key, unless it is data that describes 2023-01; `tied`: the words saying which event type it
 * is checked against.
 */
export function reportEvent(acc: AnalysisState, unit: Unit, n: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.Identifier, tied = ''): Finding | undefined {
  const described = n.parent && (ts.isImportDeclaration(n.parent) || ts.isExportDeclaration(n.parent)) ? 'object' : describes2023(acc, n);
  if (described === 'object') return undefined;
  const f = addEvent(acc, unit, n, tied);
  if (f && described) acc.typedEvents.push({ finding: f, versionAt: `${unit.file}:${described.version.getStart(unit.sf) + unit.offset}` });
  return f;
}

/**
 * The finding of an old event name (a string, or a member's name written as an identifier): renamed,
 * unless the 2024-09 name is written beside it (event-beside.ts), where it is left for a person.
 */
function addEvent(acc: AnalysisState, unit: Unit, n: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.Identifier, tied: string): Finding | undefined {
  const ev = OLD_EVENT();
  const start = n.getStart(unit.sf);
  const what = `The event \`${ev.old}\` is \`${ev.new}\` in 2024-09${tied}; `;
  const beside = newNameBeside(acc, unit, n);
  if (beside) return acc.add(ev.id, unit, start, n.getEnd(), says(what, note('none', besideWhy(acc, beside, unit))));
  // (a string is rewritten inside its quotes, where it is written without escapes; a shorthand
  // `{ courier_account_state_changed }` keeps its value: `{ courier_state_changed: courier_account_state_changed }`)
  const inner = ts.isIdentifier(n) ? { start, end: n.getEnd() } : n.getText(unit.sf).slice(1, -1) === n.text ? { start: start + 1, end: n.getEnd() - 1 } : undefined;
  const shorthand = n.parent && ts.isShorthandPropertyAssignment(n.parent);
  return acc.add(ev.id, unit, start, n.getEnd(), says(what, note('safe')), {
    edits: inner ? [{ unit, ...inner, text: shorthand ? `${ev.new}: ${n.text}` : ev.new! }] : undefined,
    fixDescription: `write ${ev.new}`,
    newText: ev.new!,
  });
}

/**
 * Is a literal type written where it types event names: a member that gives an event's name (a
 * webhook body's `event_types`, a received event's `type`), through unions, arrays and sets, or an
 * alias used there? An alias that types only other things (an analytics event's name) is not.
 */
function eventTypePlace(acc: AnalysisState, unit: Unit, node: ts.TypeNode, depth = 0): boolean {
  let at: ts.Node = node;
  for (let p = at.parent; p; p = at.parent) {
    const wraps = ts.isUnionTypeNode(p) || ts.isParenthesizedTypeNode(p) || ts.isArrayTypeNode(p) || ts.isTupleTypeNode(p) || ts.isRestTypeNode(p) || ts.isOptionalTypeNode(p) || (ts.isTypeOperatorNode(p) && p.operator === ts.SyntaxKind.ReadonlyKeyword);
    const collection = ts.isTypeReferenceNode(p) && ts.isIdentifier(p.typeName) && /^(?:Array|ReadonlyArray|Set|ReadonlySet)$/.test(p.typeName.text);
    if (!wraps && !collection) break;
    at = p;
  }
  const p = at.parent;
  if (!p) return false;
  if ((ts.isPropertySignature(p) || ts.isPropertyDeclaration(p)) && p.type === at) return (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && EVENT_KEY.test(p.name.text);
  // a generic's type argument (`EnvelopeOf<'…'>`, `BasePayload<'…', D>`): where the generic's
  // parameter types an event's name (`event_type: E`, `Extract<Envelope, { type: E }>`)
  if ((ts.isTypeReferenceNode(p) || ts.isExpressionWithTypeArguments(p)) && p.typeArguments?.includes(at as ts.TypeNode)) return depth <= 2 && eventParameter(acc, unit, p, p.typeArguments.indexOf(at as ts.TypeNode), depth);
  if (!ts.isTypeAliasDeclaration(p) || p.type !== at || depth > 2) return false;
  // where the alias is used, in the modules that name it
  for (const u of acc.store.all()) {
    if (!u.sf.text.includes(p.name.text)) continue;
    for (const id of identifiers(acc, u, p.name.text)) {
      const ref = id.parent;
      if (!ref || !ts.isTypeReferenceNode(ref) || ref.typeName !== id) continue;
      const d = acc.bindings.resolve(u, id);
      if (d?.kind === 'type' && d.node === p && eventTypePlace(acc, u, ref, depth + 1)) return true;
    }
  }
  return false;
}

/** Does the type parameter at `index` of the generic `ref` names type an event's name where the generic uses it? */
function eventParameter(acc: AnalysisState, unit: Unit, ref: ts.TypeReferenceNode | ts.ExpressionWithTypeArguments, index: number, depth: number): boolean {
  const name = ts.isTypeReferenceNode(ref) ? ref.typeName : ref.expression;
  if (!ts.isIdentifier(name)) return false;
  const d = acc.bindings.resolve(unit, name);
  const param = d?.kind === 'type' ? d.node.typeParameters?.[index] : undefined;
  if (!d || d.kind !== 'type' || !param) return false;
  const uses: ts.TypeReferenceNode[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName) && n.typeName.text === param.name.text && !n.typeArguments) uses.push(n);
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(d.node, (n) => n !== param && visit(n));
  return uses.some((u) => eventTypePlace(acc, d.unit, u, depth + 1));
}
