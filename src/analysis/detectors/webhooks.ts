// Webhooks: the `version` a webhook body names, and the old event name wherever it is sent or
// compared with a received event.

import { OLD_EVENT } from '../../core/keys.js';
import ts from '../../core/ts.cjs';
import type { RequestContext } from '../../types.js';
import { findProperty, type LitPiece, propertyValue, unwrap } from '../evaluate.js';
import { note, says } from '../findings.js';
import type { AnalysisState } from '../state.js';
import type { Unit } from '../units.js';

export function webhookVersion(acc: AnalysisState, unit: Unit, value: ts.Expression, info: RequestContext): void {
  const v = unwrap(value);
  if (!(ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v))) {
    // `version: WEBHOOK_VERSION`: a constant (here or imported) that holds '2023-01'
    const pieces = ts.isIdentifier(v) || ts.isPropertyAccessExpression(v) ? acc.pieces(unit, v) : [];
    if (!pieces.length || pieces.some((x) => x.t !== 'lit') || pieces.map((x) => (x as LitPiece).text).join('') !== '2023-01') return;
    const shown = v.getText(unit.sf);
    acc.add('webhook-version', unit, v.getStart(unit.sf), v.getEnd(), says(`The webhook \`version\` \`${shown}\` holds '2023-01'; a webhook for 2024-09 carries \`'2024-09'\`; `, note('none', `\`${shown}\` is set where it is defined and may serve more than this webhook: write '2024-09' here or there`)), { context: info });
    return;
  }
  if (v.text !== '2023-01') return;
  const raw = v.getText(unit.sf);
  const start = v.getStart(unit.sf);
  acc.add('webhook-version', unit, start, v.getEnd(), says(`The webhook \`version\` ${raw} names 2023-01; a webhook for 2024-09 carries \`'2024-09'\`; `, note('safe')), {
    edits: [{ unit, start: start + 1, end: v.getEnd() - 1, text: '2024-09' }],
    context: info,
    fixDescription: "write '2024-09'",
    newText: '2024-09',
  });
}

/**
 * Is this event name part of data that describes the 2023-01 version itself: inside an object
 * whose own `version` is '2023-01' (one branch per version of a schema), other than a webhook
 * body (a request's, or one known by its `event_types`), where the event is sent? 'object': it
 * is; a type (a type literal or interface whose own `version` is typed '2023-01'): it is unless
 * that type types a webhook request, which settle knows (the `version` literal, where the type's
 * request moves it); undefined: it is not.
 */
function describes2023(acc: AnalysisState, n: ts.Node): 'object' | { version: ts.StringLiteral } | undefined {
  for (let p: ts.Node | undefined = n.parent; p && !ts.isSourceFile(p); p = p.parent) {
    if (ts.isTypeLiteralNode(p) || ts.isInterfaceDeclaration(p)) {
      const version = typedVersion(p.members);
      if (version) return { version };
      continue;
    }
    if (!ts.isObjectLiteralExpression(p)) continue;
    const version = propertyValue(findProperty(p, 'version'));
    const v = version && unwrap(version);
    if (!v || !(ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v)) || v.text !== '2023-01') continue;
    if (acc.contexted.get(p) === 'webhook-2023-01' || findProperty(p, 'event_types')) continue;
    return 'object';
  }
  return undefined;
}

/** The literal of a `version: '2023-01'` member of a type, if it has one. */
function typedVersion(members: ts.NodeArray<ts.TypeElement>): ts.StringLiteral | undefined {
  for (const m of members) {
    if (!ts.isPropertySignature(m) || !m.name || !(ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) || m.name.text !== 'version') continue;
    const t = m.type;
    if (t && ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) && t.literal.text === '2023-01') return t.literal;
  }
  return undefined;
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

/** Is this node written in an object sent to another vendor's endpoint (its nearest object literal is)? */
function inForeignBody(acc: AnalysisState, n: ts.Node): boolean {
  for (let p = n.parent; p; p = p.parent) if (ts.isObjectLiteralExpression(p)) return acc.contexted.get(p) === 'foreign';
  return false;
}

export function scanEvents(acc: AnalysisState, unit: Unit): void {
  const ev = OLD_EVENT();
  if (!unit.sf.text.includes(ev.old)) return;
  const visit = (n: ts.Node): void => {
    if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && n.text === ev.old) {
      // an event named in a body sent to another vendor's endpoint is that vendor's event
      if (inForeignBody(acc, n)) return;
      const described = n.parent && (ts.isImportDeclaration(n.parent) || ts.isExportDeclaration(n.parent)) ? 'object' : describes2023(acc, n);
      if (described !== 'object') {
        const raw = n.getText(unit.sf);
        const start = n.getStart(unit.sf);
        const exact = raw.slice(1, -1) === n.text;
        const f = acc.add(ev.id, unit, start, n.getEnd(), says(`The event \`${ev.old}\` is \`${ev.new}\` in 2024-09; `, note('safe')), {
          edits: exact ? [{ unit, start: start + 1, end: n.getEnd() - 1, text: ev.new! }] : undefined,
          fixDescription: `write ${ev.new}`,
          newText: ev.new!,
        });
        if (f && described) acc.typedEvents.push({ finding: f, versionAt: `${unit.file}:${described.version.getStart(unit.sf) + unit.offset}` });
      }
      return;
    }
    if (ts.isIdentifier(n) && n.text === ev.old && n.parent && (ts.isPropertyAssignment(n.parent) || ts.isMethodDeclaration(n.parent) || ts.isPropertySignature(n.parent) || ts.isEnumMember(n.parent)) && n.parent.name === n) {
      const start = n.getStart(unit.sf);
      acc.add(ev.id, unit, start, n.getEnd(), says(`The event \`${ev.old}\` is \`${ev.new}\` in 2024-09; `, note('safe')), {
        edits: [{ unit, start, end: n.getEnd(), text: ev.new! }],
        fixDescription: `write ${ev.new}`,
        newText: ev.new!,
      });
    }
    ts.forEachChild(n, visit);
  };
  visit(unit.sf);
}
