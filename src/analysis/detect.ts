// The analysis of the parsed units, in three phases over one accumulator (state.ts):
//   collect  facts that span files and that detection reads (axios' default base per package);
//   detect   each detector over each unit (./detectors/: paths and bases in every string, the calls
//            of wrappers followed with their callers' arguments, requests and their bodies, Node's
//            https.request and what is written to it, objects known by their keys, event names;
//            then the wrappers joining a versioned base with a parameter, to every caller), then the request types
//            the bodies were typed with (types.ts, one checker over the units involved);
//   settle   once, the decisions that need every file (settle.ts, settle-groups.ts, settle-doubles.ts): versioned
//            bases and their paths, objects shared with another vendor or read by old keys,
//            generated code (never edited), requests moved whole or held whole, a handler's
//            event with the webhooks the project registers, an event type with the values checked
//            against it, a test double with the requests it doubles, the ambiguous `courier_id` of
//            files still old.
// Decisions about what is old and what replaces it come from core/ (fed by the catalogue).

import type { Finding } from '../types.js';
import { msSince, now, trace } from '../core/trace.js';
import { findAxiosDefaults } from './detectors/axios-defaults.js';
import { scanAmbiguous, scanObjectsByKeys } from './detectors/by-keys.js';
import { scanStrings } from './detectors/paths.js';
import { scanCalls } from './detectors/requests.js';
import { followRest, followWrappers } from './detectors/wrappers.js';
import { reportVersionParams } from './detectors/version-params.js';
import { scanNodeRequests } from './detectors/node-http.js';
import { scanXhrRequests } from './detectors/xhr.js';
import { markResponses } from './detectors/responses.js';
import { scanRtkEndpoints } from './detectors/rtk-query.js';
import { scanEvents, settleTypedEvents } from './detectors/webhooks.js';
import { holdMethodPaths } from './settle-methods.js';
import { holdBesideUnsent } from './settle-beside.js';
import { holdGenerated, holdKeptByUser, holdPathsBesideLeftBodies, holdRequests, holdTypedByGenerated, holdUnsent, settleMixed, settleReads } from './settle.js';
import { settleReceivedEvents } from './settle-events.js';
import { settleEventTypes } from './settle-event-types.js';
import { tieEventTypes } from './detectors/event-types.js';
import { tieEnumKeyedMaps } from './detectors/event-enum-maps.js';
import { tieMapKeyReads } from './detectors/event-map-reads.js';
import { holdDoubles } from './settle-doubles.js';
import { holdCallReads } from './settle-call-reads.js';
import { scanDoubles } from './detectors/doubles.js';
import { finishBaseGroups, reblockGroups } from './settle-groups.js';
import { groupAssumed } from './settle-assumed.js';
import { AnalysisState, type AnalyzerOptions } from './state.js';
import { renameShapes } from './detectors/request-types.js';
import { scanPathTypes } from './detectors/path-types.js';
import { scanPathKeyBodies } from './detectors/path-key-bodies.js';
import { tiePathTypes } from './detectors/path-type-ties.js';
import { holdPathTypes } from './settle-path-types.js';
import type { Unit, UnitStore } from './units.js';

export type { AnalyzerOptions } from './state.js';

/** The change kinds whose error marks a file as still calling an old version. */
const OLD_KINDS = ['endpoint-moved', 'field-renamed', 'nested-pickup', 'webhook-version'];

export class Analyzer {
  private readonly state: AnalysisState;

  constructor(store: UnitStore, options: AnalyzerOptions) {
    this.state = new AnalysisState(store, options);
  }

  /** The names whose calls the analysis looked for, wherever they are, and where from (AnalysisState.callsLookedUp). */
  get callsLookedUp(): { name: string; from: string[] }[] {
    return [...this.state.callsLookedUp].map(([name, from]) => ({ name, from: [...from].sort() }));
  }

  /** Analyse the units; returns every finding (not yet suppressed or levelled). */
  run(units: Unit[]): Finding[] {
    const a = this.state;
    for (const u of units) a.candidates.add(u.file);
    // collect
    const t0 = now();
    for (const u of units) findAxiosDefaults(a, u);
    // detect
    for (const u of units) scanStrings(a, u);
    for (const u of units) scanPathTypes(a, u);
    for (const u of units) scanPathKeyBodies(a, u);
    const t1 = now();
    for (const u of units) followWrappers(a, u);
    for (const u of units) scanCalls(a, u);
    for (const u of units) scanNodeRequests(a, u);
    for (const u of units) scanXhrRequests(a, u);
    for (const u of units) scanRtkEndpoints(a, u);
    followRest(a);
    reportVersionParams(a);
    for (const u of units) scanDoubles(a, u);
    for (const u of units) markResponses(a, u);
    const t2 = now();
    for (const u of units) scanObjectsByKeys(a, u);
    const t3 = now();
    for (const u of units) scanEvents(a, u);
    const t4 = now();
    if (a.shaped.length) renameShapes(a.store, a.shaped, a);
    const t5a = now();
    // the code each old path written as a literal type types (one more checker, only where there is such a type)
    tiePathTypes(a);
    const t5 = now();
    // settle
    settleTypedEvents(a);
    // the values the type checker checks against each old event name written as a type (one more checker, only where there is such a type)
    tieEventTypes(a);
    // the keys of a map over an enum of events, with the member that holds the old name
    tieEnumKeyedMaps(a);
    // the reads of an old-event key of a map (`handlers.courier_account_state_changed(…)`), with the key
    tieMapKeyReads(a);
    finishBaseGroups(a);
    settleMixed(a);
    settleReads(a);
    holdKeptByUser(a);
    holdGenerated(a);
    holdTypedByGenerated(a);
    holdUnsent(a);
    holdMethodPaths(a);
    holdPathsBesideLeftBodies(a);
    // a path held with its body holds its base, whose other paths hold their bodies in turn; a
    // literal type naming a path stays with the requests it types
    do holdRequests(a);
    while (reblockGroups(a) || holdPathTypes(a));
    // a path that would still move beside an object of its body's kind nothing ties to a request: held, with its body
    if (holdBesideUnsent(a))
      do holdRequests(a);
      while (reblockGroups(a) || holdPathTypes(a));
    // a test double moves only with the requests it doubles: the double of a held request is held, with what it matches
    while (holdDoubles(a) || holdCallReads(a))
      do holdRequests(a);
      while (reblockGroups(a) || holdPathTypes(a));
    // a constant of events that also types the handlers waiting for a webhook: held, with its registration (and its doubles)
    const rehold = () => {
      do {
        do holdRequests(a);
        while (reblockGroups(a) || holdPathTypes(a));
      } while (holdDoubles(a) || holdCallReads(a));
    };
    if (settleReceivedEvents(a)) rehold();
    // an event type, the values checked against it and the webhooks whose event list it types: held together, then the handlers waiting for those webhooks
    for (let round = 0; round < 4 && settleEventTypes(a); round++) {
      rehold();
      if (settleReceivedEvents(a)) rehold();
    }
    trace(`checks: strings ${Math.round(t1 - t0)} ms, calls ${Math.round(t2 - t1)}, objects ${Math.round(t3 - t2)}, events ${Math.round(t4 - t3)}, shapes ${Math.round(t5a - t4)}, path types ${Math.round(t5 - t5a)}, bases ${msSince(t5)}`);
    const oldFiles = new Set<string>();
    for (const f of a.findings.values()) if (f.severity === 'error' && OLD_KINDS.includes(f.changeKind)) oldFiles.add(f.file);
    for (const f of a.oldCallers) oldFiles.add(f);
    for (const u of units) if (oldFiles.has(u.file)) scanAmbiguous(a, u);
    // what is left to move only on an assumption, one request at a time (settle-assumed.ts)
    groupAssumed(a);
    return [...a.findings.values()];
  }
}
