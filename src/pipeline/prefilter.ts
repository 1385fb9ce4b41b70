// The text pre-filter, run on every file before any parse: the cheap test of each text
// (textSignal), and the choice of the files to parse (testTexts): those that pass on their own,
// and those they draw in through their imports. No compiler here (the reader thread runs this too:
// src/pipeline/reader-thread.ts).

import path from 'node:path';
import { IMPORT_SPECIFIER } from '../analysis/resolve.js';
import { stemReader, type StemReader } from './alias-stems.js';
import type { ListedFolders } from '../types.js';
import { loadCatalogue } from '../catalogue/index.js';
import { setsClientDefaults } from '../core/axios-defaults.js';
import { environmentFolder } from '../core/environments.js';
import { OLD_EXPORT } from '../core/path-shape.js';
import { globalTypeNames, namesOldEvent } from './partition.js';
import { readSource, type Source } from './read.js';
import type { Config } from '../types.js';

/**
 * The text test, run on every file before any parse. `strong`: the text names something only the
 * service's old (or checked 2024-09) API has, so it is parsed. `weak`: it holds a word an old body
 * or path shares with ordinary code (`courier_id`, `preferred_date`, `'/v1/...'`, `'2023-01'`); it
 * is parsed only when it imports a module that passed as `strong` (the path or base it sends to may
 * live there). `null`: nothing to look at.
 */
export type TextSignal = 'strong' | 'weak' | null;

let family: { strong: RegExp; anchors: RegExp; joined: RegExp } | undefined;
/** Built once from the catalogue's v1 families (`pickup/v1/...`). */
function families(): { strong: RegExp; anchors: RegExp; joined: RegExp } {
  if (family) return family;
  const list = (loadCatalogue().rules.find((r) => r.id === 'v1-unmapped-path')?.families ?? []).join('|');
  // a path half migrated by hand: a 2023-01 endpoint whose resource 2024-09 renames, written with
  // the 2024-09 version (`/2024-09/labels`, `/2024-09/couriers/${id}/estimated_delivery_dates`)
  const shape = (p: string) => p.split('/').slice(2).map((x) => (x.startsWith('{') ? '{}' : x)).join('/');
  const half = loadCatalogue()
    .rules.filter((r) => r.from === '2023-01' && r.endpoint?.new && shape(r.endpoint.old) !== shape(r.endpoint.new))
    .map((r) => shape(r.endpoint!.old).replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\}/g, '[^/\'"`\\s]+'));
  family = {
    // the family before `/v1`, or a base that ends in a family (its `/v1/...` path sits elsewhere);
    // a 2024-09 pickup time that is not a literal `'HH:MM'` (the checks look at it)
    strong: new RegExp(
      `(?:${list})/v1\\b|/(?:${list})['"\`]|/2023-01\\b|2023-01/|courier_account|courier_selection|selected_courier_id|allow_courier_fallback|time_slot_id|selected_(?:from|to)_time\\b(?!\\s*:\\s*(['"\`])\\d\\d:\\d\\d\\1)${half.length ? `|/2024-09/(?:${half.join('|')})(?![\\w-])` : ''}`,
    ),
    // every match of `strong` and of WEAK below holds one of these plain pieces; a text without
    // any is passed over at the cost of one quick search (most files of a tree are such texts)
    anchors: new RegExp(`v1|2023-01|2024-09|courier_|selected_|time_slot_id|preferred_|/(?:${list})['"\`]`),
    // a path joined from an array's elements, its version an element of its own (`[BASE, 'pickup',
    // 'v1', 'pickup_slots', id].join('/')`, `[base, '2023-01', 'labels'].join('/')`): no slash
    // stands in the text between the family and `v1`, or before `2023-01` (asked where `.join(` is)
    joined: new RegExp(`['"\`]/?(?:(?:${list})/?['"\`]\\s*,\\s*['"\`]/?v1|2023-01)/?['"\`]\\s*,`),
  };
  return family;
}
const WEAK = /courier_id|preferred_(?:date|min_time|max_time)|\/v1\b|2023-01(?![-\d])|\/2024-09\b|2024-09\//;
const NEAR_PAIR = /courier_id[^]{0,300}service_shipment_ids|service_shipment_ids[^]{0,300}courier_id/;
const PICKUP_FIELD = /courier_id|preferred_(?:date|min_time|max_time)|service_shipment_ids/g;

/**
 * A base named as the legacy host's (`process.env.SHIPPING_LEGACY_URL`, `LEGACY_API_BASE`,
 * `legacyBaseUrl`): the 2024-09 paths the modules importing it send through it still go to the
 * legacy host, so it is parsed, and draws them in (a plain search screens the other texts).
 */
const LEGACY_BASE_NAME = /\b(?:process\.env\.\w*legacy\w*|\w*legacy\w*(?:url|host|base|api|origin|endpoint)\w*)\b/i;
const namesLegacyBase = (text: string): boolean => (text.includes('egacy') || text.includes('EGACY')) && LEGACY_BASE_NAME.test(text);

export function textSignal(text: string, hosts: string[] = [], file?: string): TextSignal {
  // a suppression comment is looked at even in code already migrated (it may hide nothing now)
  if (text.includes('migrate-check-disable')) return 'strong';
  // an Angular environment file that gives a URL: a base its build swaps in for another's (analysis/detectors/replaced-environments.ts)
  if (file !== undefined && environmentFolder(file) !== undefined && text.includes('://')) return 'strong';
  const { strong, anchors, joined } = families();
  if (!anchors.test(text)) return hosts.some((h) => h && text.includes(h)) || namesLegacyBase(text) ? 'strong' : null;
  if (strong.test(text) || (text.includes('.join(') && joined.test(text))) return 'strong';
  if (hosts.some((h) => h && text.includes(h))) return 'strong';
  const weak = WEAK.exec(text);
  if (!weak) return namesLegacyBase(text) ? 'strong' : null;
  // a version string beside a webhook or a `version` key: the webhook registration's version
  if (/2023-01(?![-\d])/.test(text) && /version|webhook/i.test(text)) return 'strong';
  // a 2024-09 webhook registration: the `version` it sends must be 2024-09 too, and may come from a
  // caller in another module (`registerHook({ url, version: '2023-01' })`)
  if (/\/2024-09\/webhooks\b/.test(text)) return 'strong';
  // an exported request type that still gives a v1-only pickup field: the modules importing it may
  // send its values to a 2024-09 path they import from yet another module (a half-migrated request)
  if (exportsOldType(text)) return 'strong';
  // a base ending in 2024-09: a relative path sent through it may form a half-migrated path
  // (`/labels` as `/2024-09/labels`), so it is parsed and draws in the modules importing it
  if (VERSIONED_BASE.test(text)) return 'strong';
  // a 2024-09 path beside a legacy name: a 2024-09 call still sent to the legacy host
  if (/\/2024-09\b|2024-09\//.test(text) && /legacy/i.test(text)) return 'strong';
  // a v1 path beside a legacy name: `${LEGACY_PICKUP_BASE}/v1/...`
  if (/\/v1\b/.test(text) && /legacy/i.test(text)) return 'strong';
  // a v1-only pickup field (or the nested `pickup` object) beside the 2024-09 pickups path: a half-migrated body
  if (/2024-09\/pickups\b/.test(text) && /preferred_(?:date|min_time|max_time)|\bpickup['"]?\s*:/.test(text)) return 'strong';
  // two distinct v1 pickup fields (or a label entry's pair): a body recognisable by its keys alone
  const fields = new Set(text.match(PICKUP_FIELD) ?? []);
  if (fields.size >= 2 && [...fields].some((f) => f.startsWith('preferred_'))) return 'strong';
  // courier_id beside a label entry's shipment, or near a pickup's shipment list (one object)
  if (fields.has('courier_id') && (/service_shipment_id\b/.test(text) || NEAR_PAIR.test(text))) return 'strong';
  // an old key declared where every module may see it (a script's type, `declare module './types' { … }`,
  // `declare global`), imported by none: the type checker of the request types must see it
  if (file !== undefined && globalTypeNames(file, text).length) return 'strong';
  return 'weak';
}

/** What the text test makes of a list of files. */
export interface TextTested {
  /** the files that cannot be read (too large, binary, not UTF-8, …), with why */
  fatal: Source[];
  /** the files to parse, in the order the analysis takes them: strong ones, then those they draw in */
  candidates: Source[];
}

/**
 * Read every file and run the text test on it. `onStrong` hears of each file that passes on its
 * own, as soon as it is read (a caller may start parsing it); the files that only pass through
 * their imports are added at the end.
 */
export function testTexts(
  files: string[],
  o: { maxFileSize: number; hosts: string[]; legacy?: string[]; overlays?: Map<string, string>; folders?: ListedFolders; onStrong?: (src: Source) => void; onProgress?: (done: number, total: number) => void },
): TextTested {
  const fatal: Source[] = [];
  const candidates: Source[] = [];
  const weak: { file: string; text: string }[] = [];
  // every other file that imports something, with only its module specifiers kept: holding the
  // texts of most of a tree until the end cost more in garbage collection than the test itself
  const importers: Importer[] = [];
  let done = 0;
  for (const file of files) {
    const src = readSource(file, o.overlays, o.maxFileSize);
    if (src.fatal) fatal.push(src);
    else {
      const signal = textSignal(src.text!, o.hosts, file);
      if (signal === 'strong') {
        candidates.push(src);
        o.onStrong?.(src);
      } else {
        if (signal === 'weak') weak.push({ file, text: src.text! });
        const specifiers = moduleSpecifiers(src.text!);
        if (specifiers) importers.push({ file, specifiers, setsDefaults: setsClientDefaults(src.text!) });
      }
    }
    o.onProgress?.(++done, files.length);
  }
  const drawn = drawIn(candidates, weak, importers, (file) => readSource(file, o.overlays, o.maxFileSize), { folders: o.folders, legacy: o.legacy });
  candidates.push(...(drawn.candidates as Source[]));
  fatal.push(...drawn.fatal);
  return { fatal, candidates };
}

/** A file that passed the text test, as drawIn needs it: its text, or what was kept of it. */
export interface Passed {
  file: string;
  text?: string;
  /** without the text: it names a versioned base ('…/2023-01'), it sets axios' defaults, its importers are drawn in (drawsImporters) */
  versionedBase?: boolean;
  setsDefaults?: boolean;
  wrapper?: boolean;
}

/** A file that imports something and did not pass on its own: its module specifiers. */
export interface Importer {
  file: string;
  specifiers: string;
  setsDefaults: boolean;
}

/**
 * The files the ones that passed the text test draw in: `strong` passed on their own (in file
 * order), `weak` hold only a shared word (`imports`: whether it imports a strong one, when that is
 * known already), `importers` are the other files that import something. `read` reads a file drawn
 * in through its imports. The answer lists the files to add to the candidates, in the order the
 * analysis takes them, those drawn in that could not be read, and the weak files that import a
 * strong one. `o.folders`: what the walk saw of the folders (the tsconfig files are found from it);
 * `o.reader` and `o.weak`: the stem reader and weakStems() when the caller has them already;
 * `o.legacy`: what names the legacy host (config.ts legacyHostsOf).
 */
export function drawIn(
  strong: Passed[],
  weak: (Passed & { imports?: boolean })[],
  importers: Importer[],
  read: (file: string) => Source,
  o: { folders?: ListedFolders; reader?: StemReader; weak?: string[]; legacy?: string[] } = {},
): { candidates: Passed[]; fatal: Source[]; weakIn: string[] } {
  const added: Passed[] = [];
  const fatal: Source[] = [];
  const weakIn: string[] = [];
  const passed: Passed[] = [...strong];
  const reader = o.reader ?? stemReader(importers, { folders: o.folders });
  // a file with only a word an old body shares with ordinary code is looked at when it imports a
  // module that passed the text test (the endpoint or base it sends to may be defined there)
  if (weak.length && strong.length) {
    const importRe = importOf(o.weak ?? weakStems(strong, importers, reader));
    for (const src of weak)
      if (src.imports ?? importRe.test(src.text!)) {
        added.push(src);
        passed.push(src);
        weakIn.push(src.file);
      }
  }
  const have = new Set(passed.map((c) => c.file));
  const drawFrom = (stems: string[]) => {
    const drawn: Importer[] = [];
    // a module drawn in that re-exports (a barrel, `export * from './http'`): its importers use what it re-exports
    for (let round = 0; stems.length && round < 4; round++) {
      const importRe = importOf(stems);
      stems = [];
      for (const imp of importers) {
        if (have.has(imp.file) || !importRe.test(imp.specifiers)) continue;
        have.add(imp.file);
        drawn.push(imp);
        // read again: a handful of files, where keeping every text would have cost the whole tree's
        const src = read(imp.file);
        if (src.fatal) fatal.push(src);
        else {
          added.push(src);
          passed.push(src);
          if (REEXPORT.test(src.text!)) stems.push(...moduleStems(imp.file, reader));
        }
      }
    }
    return drawn;
  };
  // a module that defines a versioned base ('…/2023-01'): every module importing it sends paths
  // through it; and where that base is axios' default, every module importing axios does
  const bases = passed.filter((c) => (c.text !== undefined ? VERSIONED_BASE.test(c.text) : c.versionedBase));
  if (bases.length) {
    const defaults = bases.some((c) => (c.text !== undefined ? setsClientDefaults(c.text) : c.setsDefaults));
    const before = added.length;
    const drawn = drawFrom([...bases.flatMap((c) => moduleStems(c.file, reader)), ...(defaults ? ['axios'] : [])]);
    // a module drawn in that hands the base on under a name of its own (Angular's
    // `export const SHIPPING_API = new InjectionToken(…, { factory: () => environment.shippingApi })`,
    // a config object built with it): the modules importing it send through the base too
    let handing = added.slice(before).filter((c) => c.text !== undefined && HANDS_ON.test(c.text));
    for (let round = 0; handing.length && round < 3; round++) {
      const from = added.length;
      drawFrom(handing.flatMap((c) => moduleStems(c.file, reader)));
      handing = added.slice(from).filter((c) => c.text !== undefined && HANDS_ON.test(c.text));
    }
    // `axios.defaults.baseURL = API` with the versioned API imported from the module drawn in above
    if (!defaults && drawn.some((d) => d.setsDefaults)) drawFrom(['axios']);
  }
  // a module that sends requests and exports functions (a wrapper, a service class, an object of
  // client functions): the modules importing it may be its callers, whose arguments are the
  // requests' paths and bodies; a module that exports an old path or version (`LABELS_PATH`,
  // `API_VERSION`): the modules importing it may send to it, with bodies of their own
  // and a wrapper drawn in that way is one in turn (a client module built with the version a
  // config module exports, `ky.create({ prefixUrl: `${cfg.baseUrl}/${cfg.apiVersion}` })`, is
  // drawn in by the config; the modules sending through it, by the client)
  let wrappers = passed.filter((c) => (c.text !== undefined ? drawsImporters(c.text, o.legacy) : c.wrapper));
  for (let round = 0; wrappers.length && round < 4; round++) {
    const before = added.length;
    drawFrom(wrappers.flatMap((c) => moduleStems(c.file, reader)));
    wrappers = added.slice(before).filter((c) => c.text !== undefined && drawsImporters(c.text, o.legacy));
  }
  return { candidates: added, fatal, weakIn };
}

/** The module names of the files that passed on their own. */
function strongStems(strong: { file: string }[], reader: StemReader): string[] {
  return [...new Set(strong.flatMap((c) => moduleStems(c.file, reader)))];
}

/**
 * The module names a weak file's imports are tested against (what decides whether it passes): the
 * strong files', and those of the index files importing one, which may re-export it (a barrel's
 * `export { batch as firstBatch } from './body'`, imported as its folder, its package or `./index`).
 */
export function weakStems(strong: { file: string }[], importers: Importer[], reader = stemReader(importers)): string[] {
  const own = strongStems(strong, reader);
  if (!own.length) return own;
  const re = importOf(own);
  const barrels = importers.filter((i) => INDEX_FILE.test(path.basename(i.file)) && re.test(i.specifiers));
  if (!barrels.length) return own;
  return [...new Set([...own, ...barrels.flatMap((b) => moduleStems(b.file, reader)), 'index'])];
}
const INDEX_FILE = /^index\.[cm]?[jt]sx?$/;

/** A base ending in a version (`'https://…/2023-01'`, `'/2024-09'`, `\`/2024-09${path}\``): the modules importing it send paths through it. */
export const VERSIONED_BASE = /\/(?:2023-01|2024-09)\/?(?:['"`]|\$\{)/;
const SENDS = /\b(?:fetch|axios|got|ky|superagent|request)\s*[.(]|\.(?:post|put|patch|request)\s*\(/;
const REEXPORT = /\bexport\s*(?:\*|\{[^}]*\})\s*from\b/;
const EXPORTS = /\bexport\b|\bmodule\.exports\b|\bexports\./;
/** A module that exports a value made with what it imports: an injection token, a config object or a client (a base handed on). */
const HANDS_ON = /\bexport\s+(?:const|default)\b[^;]*?(?:new\s+InjectionToken\b|\$\{|\.create\s*\(|\bfactory\s*:)/;

/** A module that makes an RTK Query API (its importers call the hooks it exports). */
const RTK_API = /\b(?:createApi|injectEndpoints|enhanceEndpoints)\s*\(/;
/** A hook RTK Query generates for an endpoint, called (`useSchedulePickupMutation()`, `useLazyGetPickupQuery()`), or TanStack Query's mutation hook (`useMutation(…)`, `createMutation(…)`). */
const GENERATED_HOOK = /\b(?:use[A-Z]\w*(?:Mutation|Query)|useMutation|createMutation)\s*\(/;
/** A custom hook the module exports (`export function usePickupScheduler`, `export const useSchedule =`). */
const EXPORTED_HOOK = /\bexport\s+(?:default\s+)?(?:(?:async\s+)?function\s*\*?\s*|const\s+|let\s+)use[A-Z]/;

/**
 * Must the modules importing this one be analysed with it? It sends requests and exports functions
 * (a wrapper, a service class, client functions), it exports an old path or version, it names the
 * old event (`export const COURIER_EVENT = 'courier_account_state_changed'`: the modules importing
 * it compare it with a received event's type or send it, and the constant is a finding only where
 * such a read is seen), it writes an old body's keys (OLD_BODY_KEY), it makes an RTK Query API, or it exports a custom hook made with a
 * generated RTK Query hook or TanStack's `useMutation` (its importers call the hooks, the trigger
 * or the `mutate` it hands on), or it names the legacy host (`legacy`: config.ts legacyHostsOf) or a
 * base named as the legacy host's: its importers may send through it paths that name nothing old
 * (`cfg.host + cfg.pickupsPath`, both read from it, once `--fix` moved the path).
 */
export function drawsImporters(text: string, legacy: string[] = []): boolean {
  return (
    EXPORTS.test(text) &&
    (SENDS.test(text) || OLD_EXPORT.test(text) || namesOldEvent(text) || OLD_BODY_KEY.test(text) || RTK_API.test(text) || (GENERATED_HOOK.test(text) && EXPORTED_HOOK.test(text)) || legacy.some((h) => text.includes(h)) || namesLegacyBase(text))
  );
}

/** An exported type or interface. */
const TYPE_EXPORT = /\bexport\s+(?:declare\s+)?(?:interface|type)\s/;
/** A name only an old request gives, declared as a type's member (`preferred_date: string`, `courier_selection?: {`). */
const OLD_ONLY = 'preferred_(?:date|min_time|max_time)|courier_selection|selected_courier_id|allow_courier_fallback';
const OLD_MEMBER = new RegExp(`\\b(?:${OLD_ONLY})['"]?\\??\\s*:`);

/**
 * Does this module export a request type that still gives an old name? Its importers may send
 * values of it (`(req: PickupReq) => fetch(PICKUPS, { body: JSON.stringify(req) })`), with the path
 * imported from a third module: they are analysed with it, or the request is never seen.
 */
function exportsOldType(text: string): boolean {
  return TYPE_EXPORT.test(text) && OLD_MEMBER.test(text);
}

/**
 * A key only an old body or request type writes (`courier_id: …` in a builder or a body constant the
 * module exports, `preferred_date?: string` in a request type): the modules importing it may hand
 * that object to a call that is no request (an SDK, a database), which holds the request it is sent
 * with, or send values of the type (`(req: PickupReq) => fetch(PICKUPS, { body: JSON.stringify(req) })`
 * with the path imported from a third module), a request seen only with them.
 */
const OLD_BODY_KEY = new RegExp(`\\b(?:courier_id|${OLD_ONLY})['"]?\\??\\s*:`);

/**
 * The module specifiers a text names, each still quoted, a line each (`importOf` reads them as it
 * reads a whole text); empty when it imports nothing. The answer is a fresh string: a piece cut
 * from the text, or pieces added together, would hold the whole text in memory.
 */
export function moduleSpecifiers(text: string): string {
  // joined after an empty first element: a join of two or more copies them into a new string,
  // where a join of one gives that piece back
  const lines = [''];
  // each match ends with the specifier and its quotes
  for (const m of text.matchAll(IMPORT_SPECIFIER)) lines.push(m[0].slice(m[0].length - m[1].length - 2));
  return lines.length > 1 ? lines.join('\n') : '';
}

/**
 * The names an import of this module ends with: its file name, its folder's for an index file, for
 * the index of a package (in its folder or its `src/`) the last part of the package's name (a
 * workspace package imported as `@shop/shipping-sdk`), and the last part of each tsconfig alias
 * naming it (`aliases`: `@acme/shipping`).
 */
function moduleStems(file: string, reader: StemReader): string[] {
  const base = path.basename(file).replace(/\.[^.]+$/, '');
  if (base !== 'index') return [base, ...reader.aliases(file)];
  let dir = path.dirname(file);
  const stems = [path.basename(dir)];
  if (path.basename(dir) === 'src') dir = path.dirname(dir);
  const name = reader.packageName(dir);
  if (name) stems.push(name.slice(name.lastIndexOf('/') + 1));
  return [...stems, ...reader.aliases(file)];
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A module specifier (import, require, re-export) that ends in one of these module stems. */
function importOf(stems: string[]): RegExp {
  return new RegExp(`['"][^'"\\n]*\\b(?:${[...new Set(stems)].map(escapeRe).join('|')})(?:/index)?(?:\\.[cm]?[jt]sx?)?['"]`);
}

