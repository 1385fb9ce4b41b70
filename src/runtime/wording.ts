// The words of a run-time finding. The static rules build theirs inline in
// src/analysis/detect.ts; the sentences here are those same sentences, written for a request the
// hook saw (the values are the ones sent, not the code that wrote them). What differs is the fix
// note: the hook sees a request, not the code that builds it, so it says what a scan does with
// the code instead of promising an edit. The report adds "seen at run time" and the URL.
import { contextLabel, type ContextKind, type DayLoss } from '../core/keys.js';
import type { Rule } from '../catalogue/index.js';

/** The note that ends a sentence, as detect.ts's `fixNote` words it for a finding with no edit. */
export function fixNote(rule: Rule, manual?: string): string {
  if (rule.fix === 'none' || manual) return `left for a person: ${manual ?? 'no automatic fix'}`;
  return rule.fix === 'safe' ? '`--fix` rewrites it where a scan finds it in the code' : '`--fix --unsafe` rewrites it where a scan finds it in the code (an assumption: check it)';
}


export interface PathWords {
  rule: Rule;
  /** the path as sent */
  shown: string;
  version: 'v1' | '2023-01';
  /** the assumed or mapped 2024-09 path */
  newPath?: string;
  /** the body sent is already in 2024-09 form */
  sends2024Body?: boolean;
  /** the 2024-09 form comes from the config's `paths` */
  configured?: boolean;
}

export function pathText(w: PathWords): string {
  const { rule, shown } = w;
  const ep = rule.endpoint;
  if (w.configured)
    return `\`${shown}\` is ${w.version === 'v1' ? 'a legacy v1' : 'a 2023-01'} path the spec does not map; the config's \`paths\` gives it the 2024-09 form \`${w.newPath ?? ep?.new ?? '?'}\`${w.version === 'v1' ? ' on the base host' : ''}; ${fixNote(rule)}.`;
  switch (rule.id) {
    case 'versioned-base-url':
      return `The base URL carries the 2023-01 version (\`${shown}\`); every relative path sent through it is a 2023-01 path. Move it to /2024-09 with those paths (${fixNote(rule, 'check that each relative path has a 2024-09 form, then change the version here and the paths together')}).`;
    case 'v1-direct-handover':
      return `\`${shown}\` (v1 direct handover) has no counterpart in 2024-09; ${fixNote(rule, 'decide what replaces it and remove the call')}.`;
    case 'v1-unmapped-path':
      return `\`${shown}\` is a legacy v1 path that the spec gives no 2024-09 form for; ${fixNote(rule, 'look up the 2024-09 operation, move the call, and point it at the base host')}.`;
    case 'unmapped-2023-01-path':
      return w.sends2024Body
        ? `\`${shown}\` is a 2023-01 path the spec does not map, and the body sent to it is already in 2024-09 form: this request sends a 2024-09 body to a 2023-01 endpoint. Run \`--fix --unsafe\` to move it to \`${w.newPath}\` (assumed), or look up the 2024-09 path.`
        : `\`${shown}\` is a 2023-01 path the spec does not map; \`--fix --unsafe\` moves it to \`${w.newPath}\` (assumed: check the 2024-09 reference), plain \`--fix\` leaves it.`;
    default: {
      const where = ep ? `${ep.method} ${ep.old}` : shown;
      return `\`${shown}\` (${where}) is ${w.version === 'v1' ? 'legacy v1' : '2023-01'}; 2024-09 uses \`${ep?.new ?? '?'}\`${w.version === 'v1' ? ' on the base host' : ''}; ${fixNote(rule)}.`;
    }
  }
}

/** A 2024-09 path with an old resource (`/2024-09/labels`): PRODUCT.md's half-migrated path. */
export function halfPathText(rule: Rule, shown: string, newPath: string): string {
  return `\`${shown}\` is the 2024-09 version with the resource of ${rule.endpoint!.method} ${rule.endpoint!.old}, a half-migrated path; 2024-09 uses \`${newPath}\`; ${fixNote(rule)}.`;
}

export function legacyHostText(rule: Rule, origin: string, shown: string, baseUrl: string | undefined): string {
  return `The base URL \`${origin}\` is the legacy host's and serves a 2024-09 path (\`${shown}\`): point it at the base host${baseUrl ? ` (${baseUrl})` : ''}; ${fixNote(rule, 'the one-line change is yours')}.`;
}

export function renameText(rule: Rule, from: string, to: string, ctx: ContextKind): string {
  return `\`${from}\` in ${contextLabel(ctx)} is \`${to}\` in 2024-09; ${fixNote(rule)}.`;
}

export function timeText(rule: Rule, name: string, value: string, time: string): string {
  return `\`${name}\` '${value}' is a v1 \`YYYY-MM-DDTHH:MM\` time; 2024-09 takes \`${time}\` (local \`HH:MM\`, the day from \`selected_date\`); ${fixNote(rule)}.`;
}

export function timeDayText(rule: Rule, name: string, value: string, why: DayLoss): string {
  return `\`${name}\` is '${value}', a v1 \`YYYY-MM-DDTHH:MM\` time ${why.text}; 2024-09 takes \`HH:MM\` and the day from \`selected_date\`, so dropping the day would ${why.effect}; ${fixNote(rule, why.todo)}.`;
}

export function nestedText(rule: Rule, conflict: string | undefined): string {
  return conflict
    ? `The nested \`pickup\` object is absent from 2024-09, and it gives \`${conflict}\` a different value than the top level; ${fixNote(rule, 'decide which value is meant, then remove the nested object')}.`
    : `The nested \`pickup\` object is absent from 2024-09: its fields belong at the top level; ${fixNote(rule)}.`;
}

export function webhookVersionText(rule: Rule): string {
  return `The webhook \`version\` '2023-01' names 2023-01; a webhook for 2024-09 carries \`'2024-09'\`; ${fixNote(rule)}.`;
}

export function eventText(rule: Rule): string {
  return `The event \`${rule.old}\` is \`${rule.new}\` in 2024-09; ${fixNote(rule)}.`;
}

export const TIME_SOURCE_TEXT =
  'This 2024-09 pickup gives both `time_slot_id` and the `selected_from_time`/`selected_to_time` pair; 2024-09 takes one or the other, not both. Keep one (left for a person).';

export function timeFormatText(name: string, value: string): string {
  return `\`${name}\` is '${value}', not a local \`HH:MM\` time as 2024-09 requires (the day goes in \`selected_date\`); left for a person.`;
}
