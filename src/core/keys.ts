// The key mapper: in a request context, what an object key becomes in 2024-09, and the value
// forms that change with it. Pure functions over names and strings, fed by the catalogue.

import { getRule, loadCatalogue, type Rule } from '../catalogue/index.js';

/** Request contexts: what kind of object a body (or a part of one) is. */
export type ContextKind =
  | 'pickup-v1'
  | 'labels-2023-01'
  | 'label-entry-2023-01'
  | 'body-2023-01'
  | 'courier-block-2023-01'
  | 'webhook-2023-01'
  | 'pickup-2024-09'
  | 'body-2024-09'
  /** a body sent to a 2024-09 shipment or rate path that still gives the 2023-01 `courier_selection` block */
  | 'half-2024-09'
  /** a batch label body sent to /2024-09/batches/labels (its entries may still say `courier_id`) */
  | 'labels-2024-09'
  | 'body-v1'
  | 'foreign';

export interface KeyChange {
  rule: Rule;
  from: string;
  to: string;
}

/** The renames that apply at the top level of an object in this context (all at once, never chained). */
export function renamesIn(context: ContextKind): Map<string, KeyChange> {
  const out = new Map<string, KeyChange>();
  const add = (ruleId: string, map: Record<string, string> | undefined) => {
    const rule = getRule(ruleId);
    if (!rule || !map) return;
    for (const [from, to] of Object.entries(map)) out.set(from, { rule, from, to });
  };
  switch (context) {
    case 'pickup-v1':
      add('v1-pickup-field', getRule('v1-pickup-field')?.renames);
      break;
    case 'label-entry-2023-01':
      add('label-entry-field', getRule('label-entry-field')?.renames);
      break;
    case 'body-2023-01':
      add('courier-naming', getRule('courier-naming')?.renames);
      add('courier-selection', getRule('courier-selection')?.block);
      break;
    case 'courier-block-2023-01':
      add('courier-selection', getRule('courier-selection')?.renames);
      break;
    case 'half-2024-09':
      add('courier-selection', getRule('courier-selection')?.block);
      break;
    case 'pickup-2024-09': {
      // in a body sent to /2024-09/pickups, `courier_id` is the old name of `courier_service_id`
      const to = getRule('v1-pickup-field')?.renames?.courier_id;
      if (to) add('v1-pickup-field', { courier_id: to });
      break;
    }
    default:
      break;
  }
  return out;
}

/** Every key some context renames (`courier_id`, `preferred_date`, `courier_selection`, …). */
export function renamedKeys(): Set<string> {
  const contexts: ContextKind[] = ['pickup-v1', 'label-entry-2023-01', 'body-2023-01', 'courier-block-2023-01', 'half-2024-09', 'pickup-2024-09'];
  return new Set(contexts.flatMap((c) => [...renamesIn(c).keys()]));
}

/** How a message names an object of this context ("`courier_id` in a v1 pickup body is …"). */
export function contextLabel(ctx: ContextKind): string {
  switch (ctx) {
    case 'pickup-v1':
      return 'a v1 pickup body';
    case 'label-entry-2023-01':
      return 'a 2023-01 label entry';
    case 'courier-block-2023-01':
      return 'the 2023-01 `courier_selection` block';
    case 'body-2023-01':
      return 'a 2023-01 request body';
    case 'half-2024-09':
      return 'a body sent to a 2024-09 path (half migrated)';
    case 'pickup-2024-09':
      return 'a body sent to /2024-09/pickups (half migrated)';
    default:
      return 'this request body';
  }
}

/** The context of the value of a key inside an object of the given context. */
export function childContext(context: ContextKind, key: string): ContextKind | 'label-entries' | undefined {
  if ((context === 'labels-2023-01' || context === 'labels-2024-09') && key === 'shipments') return 'label-entries';
  if ((context === 'body-2023-01' || context === 'labels-2023-01' || context === 'half-2024-09') && key === 'courier_selection') return 'courier-block-2023-01';
  return undefined;
}

export const V1_PICKUP_FIELDS = ['courier_id', 'preferred_date', 'preferred_min_time', 'preferred_max_time', 'service_shipment_ids'];
/** The v1 pickup fields 2024-09 has no field of that name for (`courier_id` and `service_shipment_ids` it has, in other bodies or as they are). */
export const V1_ONLY_PICKUP_FIELDS = ['preferred_date', 'preferred_min_time', 'preferred_max_time'];

/**
 * The context an object's own keys give it when no endpoint is visible (PRODUCT.md, "What it
 * detects"): two or more v1 pickup fields make a v1 pickup body; `service_shipment_id` beside
 * `courier_id` a 2023-01 label entry; `courier_selection` a 2023-01 shipment or rate body;
 * `event_types` beside `version` a webhook body.
 */
export function contextFromKeys(keys: Set<string>, nestedPickupKeys?: Set<string>): ContextKind | undefined {
  let pickupFields = V1_PICKUP_FIELDS.filter((k) => keys.has(k)).length;
  let v1Only = V1_ONLY_PICKUP_FIELDS.some((k) => keys.has(k));
  if (nestedPickupKeys) {
    const inner = V1_PICKUP_FIELDS.filter((k) => nestedPickupKeys.has(k)).length;
    if (inner >= 2) {
      pickupFields += inner;
      v1Only = v1Only || V1_ONLY_PICKUP_FIELDS.some((k) => nestedPickupKeys.has(k)) || nestedPickupKeys.has('courier_id');
    }
  }
  if (pickupFields >= 2 && (v1Only || (keys.has('courier_id') && keys.has('service_shipment_ids')))) return 'pickup-v1';
  if (keys.has('service_shipment_id') && keys.has('courier_id')) return 'label-entry-2023-01';
  if (keys.has('courier_selection')) return 'body-2023-01';
  if (keys.has('event_types') && keys.has('version')) return 'webhook-2023-01';
  if (keys.has('time_slot_id') || (keys.has('selected_from_time') && keys.has('selected_to_time'))) return 'pickup-2024-09';
  return undefined;
}

/** v1 `YYYY-MM-DDTHH:MM` -> 2024-09 `HH:MM`, or null when the value is not of the v1 form. */
export function convertPickupTime(value: string): { day: string; time: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value);
  return m ? { day: m[1], time: m[2] } : null;
}

/** The keys a pickup body gives its day by: the date (a half-migrated body's `selected_date` too), then the window times. */
export const DAY_KEYS = ['preferred_date', 'selected_date', 'preferred_min_time', 'preferred_max_time'];

/** A key a v1 pickup body gives its day by (`preferred_date`, a window time), with its text where it is a literal. */
export interface DayGiven {
  key: string;
  text?: string;
}

/** Why a window time's day cannot be dropped: the words of its finding. */
export interface DayLoss {
  text: string;
  effect: string;
  todo: string;
}

/**
 * Why dropping the day of a window time written on `day` would change the pickup (undefined: it
 * would not). 2024-09 takes the day from `selected_date`, the v1 `preferred_date` renamed: so the
 * body must give a `preferred_date` (one that is no literal does not block), a literal one on the
 * same day; without a literal one, the other end of the window, where it is a literal, on the same day. A body that
 * gives none keeps its day only in the times: it is held, the day is not guessed.
 */
export function dayLost(day: string, given: DayGiven[]): DayLoss | undefined {
  const isDate = (g: DayGiven) => DAY_KEYS.indexOf(g.key) < 2;
  const date = given.find((g) => isDate(g) && g.text !== undefined);
  if (date) return date.text === day ? undefined : { text: `whose day differs from \`preferred_date\` (${date.text})`, effect: 'move the window', todo: 'decide which day is meant' };
  // no literal day to compare with: the two ends of the window must share theirs
  const other = given.map((g) => (!isDate(g) && g.text !== undefined ? convertPickupTime(g.text)?.day : undefined)).find((d) => d !== undefined && d !== day);
  if (other) return { text: `on ${day}, while the other end of the window is on ${other}`, effect: 'reverse or shorten the window', todo: 'a 2024-09 window lies within one day (`selected_date`): decide which window is meant' };
  if (!given.some(isDate)) return { text: 'in a body that gives no `preferred_date`', effect: 'leave the pickup without a day (no `selected_date` to take it from)', todo: 'give the pickup day as `preferred_date` in the body, then run `--fix` again' };
  return undefined;
}

export const isHHMM = (v: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);

export const OLD_EVENT = () => loadCatalogue().rules.find((r) => r.changeKind === 'event-renamed')!;

/**
 * The names only 2024-09 gives: keys of its bodies, and the renamed event (a value in an event
 * list). A request that gives one (or a webhook `version: '2024-09'`) already sends a body in
 * 2024-09 form, at least in part. One list for the static check of a call's text and the run-time
 * check of a sent body.
 */
export const NEW_ONLY_KEYS: readonly string[] = ['courier_settings', 'courier_service_id', 'allow_fallback'];
export const newOnlyEvent = (): string => OLD_EVENT().new ?? '';

let newOnlyText: RegExp | undefined;
/** Does this source text (a call with its body) give a name only 2024-09 gives? */
export function givesNewOnlyName(text: string): boolean {
  newOnlyText ??= new RegExp(`\\b(?:${[...NEW_ONLY_KEYS, newOnlyEvent()].filter(Boolean).join('|')})\\b|\\bversion\\s*:\\s*['"\`]2024-09['"\`]`);
  return newOnlyText.test(text);
}
