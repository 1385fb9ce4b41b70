// Settle, for events received: the event name a handler compares with a received event's type
// arrives in the version of the webhook that delivers it. While a webhook the project registers
// stays on 2023-01, its events keep arriving as `courier_account_state_changed`: renaming the
// handler alone would stop it from ever matching. So a handler's event moves with the project's
// webhook registrations, or waits for them.

import { OLD_EVENT } from '../core/keys.js';
import ts from '../core/ts.cjs';
import type { Finding } from '../types.js';
import { bodyFindings, expectedFindings, findingIndex, findingsIn, unitHolding } from './settle.js';
import type { AnalysisState } from './state.js';
import { treeIndex } from './units.js';

const WEBHOOK_RULES = new Set(['webhook-version', 'webhook-event-renamed', 'webhooks-path']);

/** Is this finding part of a webhook registration (its path, its `version`, its event list)? */
function isWebhookPart(f: Finding): boolean {
  return WEBHOOK_RULES.has(f.ruleId) || (f.context?.kind.startsWith('webhook') ?? false);
}

/**
 * The findings of every webhook registration the project makes: the requests whose path is a
 * webhooks path or whose body is a webhook body, and the webhook bodies known only by their keys.
 */
function registrations(acc: AnalysisState): { parts: Finding[]; where: Map<Finding, Finding> } {
  const parts: Finding[] = [];
  // each part, and the finding that shows where its registration is made (its path, else the part)
  const where = new Map<Finding, Finding>();
  const expected = expectedFindings(acc);
  const index = findingIndex(acc);
  for (const r of acc.requests) {
    const path = r.pathKey ? acc.findings.get(r.pathKey) : undefined;
    const inBody = bodyFindings(acc, r, index);
    if (path?.ruleId !== 'webhooks-path' && !inBody.some((f) => f.ruleId === 'webhook-version' || f.context?.kind.startsWith('webhook'))) continue;
    for (const f of path ? [path, ...inBody] : inBody) {
      parts.push(f);
      where.set(f, path ?? f);
    }
  }
  // (a value a test expects registers nothing)
  for (const f of [...acc.unsent, ...findingsIn(acc, acc.unsentObjects.filter((o) => !acc.expectedValues.has(o.node)))]) {
    if (!isWebhookPart(f)) continue;
    parts.push(f);
    where.set(f, f);
  }
  for (const f of acc.findings.values())
    if (f.context?.by === 'keys' && f.context.kind.startsWith('webhook') && !where.has(f) && !expected.has(f)) {
      parts.push(f);
      where.set(f, f);
    }
  return { parts, where };
}

/**
 * The constant an event of a registration is written in, where the project also reads that
 * constant as a type (`typeof SUBSCRIBED[number]`), so that it types the events a handler compares.
 */
function constantTypingHandlers(acc: AnalysisState, f: Finding): string | undefined {
  const unit = unitHolding(acc, f);
  const lit = unit && treeIndex(unit.sf).strings.find((n) => n.getStart(unit.sf) + unit.offset === f.start);
  let n: ts.Node | undefined = lit;
  while (n?.parent && (ts.isArrayLiteralExpression(n.parent) || ts.isAsExpression(n.parent) || ts.isSatisfiesExpression(n.parent) || ts.isParenthesizedExpression(n.parent) || ts.isObjectLiteralExpression(n.parent) || ts.isPropertyAssignment(n.parent))) n = n.parent;
  const decl = n?.parent;
  if (!decl || !ts.isVariableDeclaration(decl) || decl.initializer !== n || !ts.isIdentifier(decl.name)) return undefined;
  const name = decl.name.text;
  const query = new RegExp(`\\btypeof\\s+${name.replace(/\$/g, '\\$')}\\b`);
  return acc.store.all().some((u) => query.test(u.sf.text)) ? name : undefined;
}

/**
 * An event name `--fix` would rename outside every webhook registration (a handler's comparison,
 * a list the received type is looked up in) waits while a registration stays on 2023-01, and
 * moves only with `--unsafe` while one moves only on that assumption; the other way round, a
 * registration waits while such a name stays with its event type (once registered for 2024-09,
 * its events would arrive under the new name, which that code never matches). True when it held
 * a part of a registration (a constant of events that also types the handlers that wait,
 * a registration waiting for a handler): the requests are then held again.
 */
export function settleReceivedEvents(acc: AnalysisState): boolean {
  const events = [...acc.findings.values()].filter((f) => f.ruleId === 'webhook-event-renamed');
  if (!events.length) return false;
  const { parts, where } = registrations(acc);
  if (!parts.length) return false;
  const inRegistration = new Set(parts);
  const outside = events.filter((f) => !inRegistration.has(f));
  // (a value held with its event type, not the type itself: a type alone matches no event; and not
  // a value the user keeps, a choice of theirs about that value only)
  const types = new Set(acc.eventTypeGroups.map((g) => g.type));
  const kept = outside.find((f) => f.heldBecause?.code === 'event-type' && !types.has(f));
  if (kept && holdForKept(acc, parts, kept)) return true;
  const handlers = outside.filter((f) => f.fixKind !== 'none');
  if (!handlers.length) return false;
  // the part that holds the registration (left for its own reason), else any part held with it
  const staying = parts.find((f) => isWebhookPart(f) && f.fixKind === 'none' && !f.heldBecause) ?? parts.find((f) => isWebhookPart(f) && f.fixKind === 'none');
  if (staying) {
    const at = where.get(staying) ?? staying;
    const why = `the webhook registered at ${acc.shownFile(at.file)}:${at.line} stays on 2023-01 for now (${staying.ruleId}), and its events keep arriving under the old name: rename this when that webhook moves to 2024-09`;
    for (const f of handlers) acc.hold(f, 'webhook-stays', why);
    // an event of a registration that moves, written in a constant that also types those handlers
    // (`typeof SUBSCRIBED`): renamed alone, the handlers' old names no longer type-check against it
    let more = false;
    for (const f of parts) {
      if (f.ruleId !== 'webhook-event-renamed' || f.fixKind === 'none') continue;
      const name = constantTypingHandlers(acc, f);
      if (!name) continue;
      acc.holdsRequest.add(f);
      acc.hold(f, 'webhook-stays', `the constant \`${name}\` it is written in also types the events a handler compares (\`typeof ${name}\`), which wait for the webhook registered at ${acc.shownFile(at.file)}:${at.line}: rename them together when that webhook moves to 2024-09`);
      more = true;
    }
    return more;
  }
  const assumed = parts.find((f) => isWebhookPart(f) && f.fixKind === 'unsafe');
  if (assumed) {
    const at = where.get(assumed) ?? assumed;
    for (const f of handlers) if (f.fixKind === 'safe') acc.assume(f, 'webhook', `the webhook registered at ${acc.shownFile(at.file)}:${at.line}, which moves to 2024-09 only with \`--unsafe\``);
  }
  return false;
}

/**
 * Hold every part of the project's webhook registrations that would move while `kept` (an old
 * event name outside them, held with its event type) stays; its requests are held with them
 * (holdRequests). True when a part was held.
 */
function holdForKept(acc: AnalysisState, parts: Finding[], kept: Finding): boolean {
  const moving = parts.filter((f) => f.fixKind !== 'none');
  if (!moving.length) return false;
  const ev = OLD_EVENT();
  const type = acc.eventTypeGroups.find((g) => g.members.includes(kept))?.shown;
  for (const f of moving) {
    const why = `\`'${ev.old}'\` at ${acc.placeOf(kept.file, kept.line, f.file)} keeps the old event name (the event type ${type ?? 'it is checked against'} stays): registered for 2024-09, this webhook's events would arrive as \`${ev.new}\`, which that code never matches; move the webhook with it`;
    acc.hold(f, 'handler-stays', why);
    acc.holdsRequest.add(f);
  }
  return true;
}
