// Settle, for event types (detectors/event-types.ts): an event type, the values the type checker
// checks against it and the webhook requests whose event list it types move to 2024-09 together or
// stay together. Renamed alone, the type would reject the values left with the old name (an option
// list, a handler's comparison), and a value renamed alone would no longer fit its type.

import type { Finding } from '../types.js';
import type { AnalysisState, EventTypeGroup } from './state.js';

/**
 * Hold every part of a group one part of which stays (its own finding says why), and tie to
 * `--unsafe` every part of a group one part of which moves only on that assumption. True when a
 * part was held: the requests it belongs to are then held again.
 */
export function settleEventTypes(acc: AnalysisState): boolean {
  let changed = false;
  for (const g of acc.eventTypeGroups) {
    const staying = g.members.find((f) => f.fixKind === 'none');
    if (g.stays || staying) {
      for (const f of g.members) {
        if (f.fixKind === 'none') continue;
        acc.hold(f, 'event-type', g.stays ?? whyHeld(acc, g, staying!, f));
        acc.holdsRequest.add(f);
        changed = true;
      }
      continue;
    }
    if (g.members.some((f) => f.fixKind === 'unsafe'))
      for (const f of g.members) if (f.fixKind === 'safe') acc.assume(f, 'event-type', `the event type ${g.shown} and every value the type checker checks against it`);
  }
  return changed;
}

/** Why `f` stays with the part of its group that stays. */
function whyHeld(acc: AnalysisState, g: EventTypeGroup, staying: Finding, f: Finding): string {
  const at = acc.placeOf(staying.file, staying.line, f.file);
  // (the webhook requests are named only where the type types the event list of one)
  const requests = g.members.some((m) => m.changeKind === 'endpoint-moved') ? ' and the webhook requests whose event list it types' : '';
  if (staying === g.type) {
    const own = staying.heldBecause?.code === 'generated' ? ' (its file is generated: regenerate it for 2024-09)' : '';
    return `the event type ${g.shown} stays${own}, and the values the type checker checks against it${requests} move with it: once it moves, \`--fix\` renames this too`;
  }
  return `\`${staying.oldText}\` (${staying.ruleId}, ${at}) stays as it is, and the event type ${g.shown}, the values the type checker checks against it${requests} move together: once it moves, \`--fix\` renames this too`;
}
