// One request of the service's, checked as the static rules check the code that sends it: its
// path (core/paths.ts decided which endpoint it is), then its JSON body in that endpoint's request
// context (core/keys.ts: the renames by context, the v1 pickup fields, the time forms, the event).
// Pure: a request in, the findings' rule ids and sentences out.
import { getRule, type Rule } from '../catalogue/index.js';
import { childContext, convertPickupTime, DAY_KEYS, dayLost, isHHMM, NEW_ONLY_KEYS, newOnlyEvent, OLD_EVENT, renamesIn, V1_ONLY_PICKUP_FIELDS, type ContextKind } from '../core/keys.js';
import type { PathMatch, PathToken } from '../core/paths.js';
import type { ServiceRequest } from './classify.js';
import * as words from './wording.js';

export interface Decision {
  ruleId: string;
  text: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const shownTokens = (tokens: PathToken[] | undefined): string => (tokens ?? []).map((t) => (typeof t === 'string' ? t : '…')).join('');

function sends2024Body(body: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (Array.isArray(body)) return body.some((x) => x === newOnlyEvent() || sends2024Body(x, depth + 1));
  if (!isObject(body)) return false;
  for (const [k, v] of Object.entries(body)) {
    if (NEW_ONLY_KEYS.includes(k) || (k === 'version' && v === '2024-09')) return true;
    if (sends2024Body(v, depth + 1)) return true;
  }
  return false;
}

export function checkRequest(req: ServiceRequest, body: unknown, baseUrl: string | undefined, origin: string): Decision[] {
  const out: Decision[] = [];
  const m: PathMatch = req.match;
  let context = m.bodyContext as ContextKind | undefined;
  if (m.version === '2024-09') {
    if (m.half && m.rule) out.push({ ruleId: m.rule.id, text: words.halfPathText(m.rule, req.path, shownTokens(m.newPath)) });
    const legacy = getRule('legacy-base-url');
    if (req.legacyHost && legacy) out.push({ ruleId: legacy.id, text: words.legacyHostText(legacy, origin, req.path, baseUrl) });
  } else if (m.rule) {
    const newPath = m.versionOnly ? undefined : m.newPath ? shownTokens(m.newPath) : undefined;
    out.push({ ruleId: m.rule.id, text: words.pathText({ rule: m.rule, shown: req.path, version: m.version, newPath, sends2024Body: sends2024Body(body), configured: m.configured }) });
  }
  if (body === undefined || !context) return out;
  if (context === 'body-2024-09') context = 'half-2024-09';
  const labels2024 = req.path.replace(/\/+$/, '') === '/2024-09/batches/labels';
  for (const obj of Array.isArray(body) ? body : [body]) if (isObject(obj)) checkBody(obj, context, labels2024, out);
  return out;
}

function checkBody(obj: Json, ctx: ContextKind, labels2024: boolean, out: Decision[]): void {
  switch (ctx) {
    case 'pickup-2024-09':
      if (V1_ONLY_PICKUP_FIELDS.some((k) => k in obj) || isObject(obj.pickup)) return checkObject(obj, 'pickup-v1', out);
      // in a body sent to /2024-09/pickups, `courier_id` is the old name of `courier_service_id`
      if ('courier_id' in obj) rename(out, 'v1-pickup-field', 'courier_id', 'pickup-2024-09');
      return check2024Pickup(obj, out);
    case 'webhook-2023-01':
    case 'labels-2024-09':
    case 'half-2024-09':
      if (isObject(obj.courier_selection)) {
        rename(out, 'courier-selection', 'courier_selection', 'half-2024-09', getRule('courier-selection')?.block);
        checkObject(obj.courier_selection, 'courier-block-2023-01', out);
      }
      if (labels2024 && Array.isArray(obj.shipments))
        for (const e of obj.shipments) if (isObject(e) && 'courier_id' in e) rename(out, 'label-entry-field', 'courier_id', 'label-entry-2023-01');
      if (obj.version === '2023-01' && (ctx === 'webhook-2023-01' || 'event_types' in obj)) push(out, 'webhook-version', words.webhookVersionText);
      events(obj, out);
      return;
    case 'labels-2023-01':
    case 'body-2023-01':
    case 'pickup-v1':
    case 'label-entry-2023-01':
    case 'courier-block-2023-01':
      checkObject(obj, ctx, out);
      events(obj, out);
      return;
    default:
      return;
  }
}

function push(out: Decision[], ruleId: string, text: (rule: Rule) => string): void {
  const rule = getRule(ruleId);
  if (rule) out.push({ ruleId, text: text(rule) });
}

function rename(out: Decision[], ruleId: string, from: string, ctx: ContextKind, map?: Record<string, string>): void {
  const rule = getRule(ruleId);
  const to = (map ?? rule?.renames)?.[from];
  if (rule && to) out.push({ ruleId, text: words.renameText(rule, from, to, ctx) });
}

/** An object in an old request context: each old key, then what its value holds. */
function checkObject(obj: Json, ctx: ContextKind, out: Decision[], outer?: Json): void {
  const renames = renamesIn(ctx);
  const keys = Object.keys(obj);
  // an object that already gives a name only 2024-09 has is migrated there: a key that is both an
  // old name and another rename's new name (`courier_id` beside `courier_service_id`) stays
  const targets = new Set([...renames.values()].map((c) => c.to));
  const migrated = keys.some((k) => targets.has(k) && !renames.has(k));
  for (const key of keys) {
    const value = obj[key];
    const change = renames.get(key);
    if (change && !(migrated && targets.has(key))) out.push({ ruleId: change.rule.id, text: words.renameText(change.rule, key, change.to, ctx) });
    if (ctx === 'pickup-v1' && (key === 'preferred_min_time' || key === 'preferred_max_time') && typeof value === 'string') pickupTime(key, value, obj, outer, out);
    if (ctx === 'pickup-v1' && key === 'pickup' && isObject(value) && !outer) {
      const conflict = Object.keys(value).find((k) => k in obj && JSON.stringify(obj[k]) !== JSON.stringify(value[k]));
      push(out, 'v1-pickup-nested-object', (rule) => words.nestedText(rule, conflict));
      checkObject(value, 'pickup-v1', out, obj);
      continue;
    }
    const child = childContext(ctx, key);
    if (child === 'label-entries' && Array.isArray(value)) {
      for (const e of value) if (isObject(e)) checkObject(e, 'label-entry-2023-01', out);
    } else if (child && child !== 'label-entries' && isObject(value)) checkObject(value, child, out);
  }
}

function pickupTime(name: string, value: string, body: Json, outer: Json | undefined, out: Decision[]): void {
  const conv = convertPickupTime(value);
  if (!conv) return;
  // the keys the body, the body it is nested in and its nested object give the pickup day by
  const given = [body, outer, isObject(body.pickup) ? body.pickup : undefined].flatMap((o) =>
    DAY_KEYS.filter((k) => o && k in o).map((key) => ({ key, text: typeof o![key] === 'string' ? (o![key] as string) : undefined })),
  );
  const why = dayLost(conv.day, given);
  if (why) push(out, 'v1-pickup-time-value', (rule) => words.timeDayText(rule, name, value, why));
  else push(out, 'v1-pickup-time-value', (rule) => words.timeText(rule, name, value, conv.time));
}

/** The 2024-09 pickup checks: one time source, and `HH:MM` window times. */
function check2024Pickup(obj: Json, out: Decision[]): void {
  const from = 'selected_from_time' in obj;
  const to = 'selected_to_time' in obj;
  if ('time_slot_id' in obj && (from || to)) push(out, 'pickup-time-source', () => words.TIME_SOURCE_TEXT);
  for (const name of ['selected_from_time', 'selected_to_time']) {
    if (!(name in obj)) continue;
    const v = obj[name];
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    if (typeof v !== 'string' || !isHHMM(v)) push(out, 'pickup-time-format', () => words.timeFormatText(name, text));
  }
}

/** The event list a body subscribes to. */
function events(obj: Json, out: Decision[]): void {
  const ev = OLD_EVENT();
  if (Array.isArray(obj.event_types) && obj.event_types.includes(ev.old)) push(out, ev.id, words.eventText);
}

