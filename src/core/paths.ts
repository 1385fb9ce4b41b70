// The path matcher: which catalogue endpoint a URL text is, and what its 2024-09 form is.
// Pure functions over strings. A URL is given as a "virtual" text in which each part that is
// not known statically (a `${expr}`, a `+ variable`) is one private-use character (a hole).

import { loadCatalogue, type EndpointData, type Rule } from '../catalogue/index.js';

export const HOLE_BASE = 0xe000;
export const HOLE_MAX = 0xf8ff;
export const isHole = (ch: string | undefined): boolean =>
  ch !== undefined && ch.charCodeAt(0) >= HOLE_BASE && ch.charCodeAt(0) <= HOLE_MAX;
export const holeChar = (i: number): string => String.fromCharCode(HOLE_BASE + i);
export const holeIndex = (ch: string): number => ch.charCodeAt(0) - HOLE_BASE;

export type ApiVersion = 'v1' | '2023-01' | '2024-09';

/** One token of a path to write: literal text, or the hole with this index (kept as it is). */
export type PathToken = string | { hole: number };

export interface PathMatch {
  /** start of the path in the virtual text (its leading `/` when there is one) */
  start: number;
  /** end of the path (before `?`, `#` or the end of the text) */
  end: number;
  /** where the version segment starts (for v1: the family segment) */
  versionStart: number;
  version: ApiVersion;
  /** text before the path: '' | holes | an origin like 'https://host' */
  prefix: string;
  /** the origin when the path follows a literal `scheme://host` in the same text */
  origin?: string;
  /** the path text (virtual) */
  path: string;
  /** the catalogue rule the path falls under (undefined: a 2024-09 path) */
  rule?: Rule;
  /** true when the text ends before the endpoint's template does (e.g. a constant '/pickup/v1/pickup_slots/') */
  partial: boolean;
  /** the path is the version alone ('https://host/2023-01'): a versioned base */
  versionOnly: boolean;
  /** the 2024-09 path tokens, when the catalogue (or, for unsafe, the assumption) defines them */
  newPath?: PathToken[];
  /** the request context of a body sent here */
  bodyContext?: string;
  /** the 2024-09 form comes from the config's `paths`, not the catalogue */
  configured?: boolean;
  /** the v1 family or the first resource segment */
  resource?: string;
  /**
   * a 2024-09 path with a 2023-01 resource that 2024-09 has elsewhere (`/2024-09/labels`): `rule`
   * is the old endpoint's, `newPath` its 2024-09 form
   */
  half?: boolean;
}

/** What is known of the request a path is sent with: its HTTP method (upper case), when it can be seen. */
export interface PathOptions {
  method?: string;
}

const V1_FAMILY = () => (loadCatalogue().rules.find((r) => r.id === 'v1-unmapped-path')?.families ?? []);

function splitSegments(path: string): string[] {
  const p = path.startsWith('/') ? path.slice(1) : path;
  return p.split('/');
}

/**
 * A relative URL's own prefix before the service's path, resolved elsewhere: a pseudo-scheme an
 * interceptor replaces with the host (`shipping:`), a scope (`@shipping`), either followed by
 * folders, or folders alone (`/shipping-api`, a dev-server proxy's) when one of them names an API,
 * a proxy or the shipping service (`/audit/2023-01/…`, `/blog/2023-01/…` hold a month, not a version).
 */
const PSEUDO_SCHEME = /^(?:[a-z][a-z0-9+.-]*:|@[a-z0-9][\w.-]*)(?:\/[A-Za-z0-9][\w.-]*)*$/;
const FOLDERS = /^(?:\/[A-Za-z0-9][\w.-]*)+$/;
const PROXY_WORD = /^(?:api|apis|proxy|gateway|bff|ship|shipping)$/i;
const namesProxy = (prefix: string): boolean => prefix.split(/[/_.-]/).some((w) => PROXY_WORD.test(w));
/** A scheme and host, or a value the check cannot see, then folders whose own words name a proxy. */
const proxiedAfterHost = (prefix: string): boolean => {
  const m = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/?#\s\ue000-\uf8ff]+|[\ue000-\uf8ff]+)((?:\/[A-Za-z0-9][\w.-]*)+)$/i.exec(prefix);
  return !!m && namesProxy(m[1]);
};

/**
 * The spec's resources, whose paths alone may follow such a prefix: those of the catalogue's
 * endpoints (old and new), the 2023-01 names 2024-09 renames, the config's `paths`, and those the
 * spec names without showing their paths (shipment creation and rate requests).
 */
const UNSHOWN_RESOURCES = ['shipments', 'rates'];
let resourceNames: Set<string> | undefined;
let resourceNamesKey = '';
function knownResource(seg: string | undefined): boolean {
  if (!seg) return false;
  const key = configuredKey;
  if (!resourceNames || resourceNamesKey !== key) {
    const first = (p: string | null | undefined) => (p ? splitSegments(p)[1] : undefined);
    const rules = loadCatalogue().rules;
    const names = [...UNSHOWN_RESOURCES, ...rules.flatMap((r) => Object.keys(r.resourceRenames ?? {}))];
    for (const r of [...rules, ...configured['2023-01']]) if (r.endpoint) names.push(r.from === 'v1' ? '' : first(r.endpoint.old) ?? '', first(r.endpoint.new) ?? '');
    resourceNames = new Set(names.filter((n) => /^[A-Za-z_]/.test(n)));
    resourceNamesKey = key;
  }
  // a name a part given at run time follows at once (`couriers${query}`) is that name
  return resourceNames.has(seg.replace(/[\ue000-\uf8ff].*$/, ''));
}

/** Does the text before a path let it be an API path (start, a hole, a URL origin, or a relative URL's prefix)? */
function prefixKind(prefix: string): 'start' | 'hole' | 'origin' | 'prefixed' | null {
  if (prefix === '') return 'start';
  // msw's and Cypress' wildcards for any origin ('*/2023-01/…', '**/2023-01/…'): test doubles count as code
  if (prefix === '*' || prefix === '**') return 'hole';
  // a gateway's folder after a host or a value (`https://gw.test/shipping-api/…`, `${GATEWAY}/shipping-api/…`)
  if (proxiedAfterHost(prefix)) return 'prefixed';
  if (isHole(prefix[prefix.length - 1])) {
    // the text written between the holes can be a scheme or a host, never a path segment of its
    // own ('/statements/${id}/2023-01/…' is another path that holds a month, not a base + a path)
    const written = prefix.replace(/^(?:[a-z][a-z0-9+.-]*:)?\/\//i, '').replace(/:\/\//g, '').replace(/[\ue000-\uf8ff]/g, '');
    return written.includes('/') ? null : 'hole';
  }
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+$/i.test(prefix)) return 'origin';
  if (/^\/\/[^/?#\s]+$/.test(prefix)) return 'origin';
  if (PSEUDO_SCHEME.test(prefix) || (FOLDERS.test(prefix) && namesProxy(prefix))) return 'prefixed';
  return null;
}

function templateSegments(t: string): string[] {
  return splitSegments(t);
}

const isParam = (seg: string) => /^\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(seg);

/** Segment of a client path that can stand for a template parameter. */
const fillsParam = (seg: string) => seg.length > 0;

interface EndpointFit {
  rule: Rule;
  captures: Map<string, string>;
  partial: boolean;
}

function fitEndpoint(segs: string[], rule: Rule, textEnds: boolean): EndpointFit | null {
  const ep = rule.endpoint!;
  const tpl = templateSegments(ep.old);
  const captures = new Map<string, string>();
  const trimmed = segs.length > 1 && segs[segs.length - 1] === '' ? segs.slice(0, -1) : segs;
  for (let i = 0; i < tpl.length; i++) {
    const s = trimmed[i];
    if (s === undefined) {
      // the text stops just before the final parameter: a constant holding the start of the path
      // (with its trailing slash: '/2023-01/courier_accounts' alone is the list, not a prefix)
      return textEnds && segs[segs.length - 1] === '' && i === tpl.length - 1 && isParam(tpl[i]) ? { rule, captures, partial: true } : null;
    }
    if (isParam(tpl[i])) {
      if (!fillsParam(s)) return textEnds && i === tpl.length - 1 && i === trimmed.length - 1 ? { rule, captures, partial: true } : null;
      captures.set(tpl[i].slice(1, -1), s);
    } else if (s !== tpl[i]) return null;
  }
  if (trimmed.length !== tpl.length) return null;
  return { rule, captures, partial: false };
}

/** For a path cut before its final parameter: the new template's start, when it also ends with that parameter. */
function partialTemplate(ep: EndpointData, trailingSlash: boolean): PathToken[] | undefined {
  const segs = templateSegments(ep.new ?? '');
  if (!ep.new || !isParam(segs[segs.length - 1])) return undefined;
  return toTokens('/' + segs.slice(0, -1).join('/') + (trailingSlash ? '/' : ''));
}

/** The new path template filled with the captured segments (parameters keep their client text). */
function fillTemplate(ep: EndpointData, captures: Map<string, string>, trailingSlash: boolean): PathToken[] {
  const inverse = new Map(Object.entries(ep.params ?? {}).map(([o, n]) => [n, o]));
  const out: string[] = [];
  for (const seg of templateSegments(ep.new!)) {
    if (isParam(seg)) {
      const name = seg.slice(1, -1);
      const old = inverse.get(name) ?? name;
      out.push(captures.get(old) ?? seg);
    } else out.push(seg);
  }
  return toTokens('/' + out.join('/') + (trailingSlash ? '/' : ''));
}

/** Split a virtual text into literal strings and hole tokens. */
export function toTokens(text: string): PathToken[] {
  const out: PathToken[] = [];
  let buf = '';
  for (const ch of text) {
    if (isHole(ch)) {
      if (buf) out.push(buf);
      buf = '';
      out.push({ hole: holeIndex(ch) });
    } else buf += ch;
  }
  if (buf) out.push(buf);
  return out;
}

/** The assumed 2024-09 form of a 2023-01 path the spec does not map (used only by --unsafe). */
export function assumedPath(segs: string[], renames: Record<string, string>): string {
  // segs[0] is the version; a segment's name is renamed also where a `${…}` follows it at once
  // (`couriers${query}`), never inside another name
  const rest = segs.slice(1).map((s) => {
    const m = /^([^\ue000-\uf8ff]+)([\ue000-\uf8ff].*)?$/.exec(s);
    return m && renames[m[1]] !== undefined ? renames[m[1]] + (m[2] ?? '') : s;
  });
  return '/' + ['2024-09', ...rest].join('/');
}

function endOfPath(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '?' || ch === '#' || ch === ' ' || ch === '"' || ch === "'" || ch === '`' || ch === '\n') break;
    i++;
  }
  return i;
}

let pathStartRe: RegExp | undefined;

/**
 * Every API path in a virtual text. Another vendor's `/v1/pickups` or `/api/v1/...` is not one:
 * v1 paths must start with one of the service's families, versioned paths with the version,
 * each at the start of the text, right after a hole, right after a URL origin, or right after a
 * relative URL's prefix (`shipping:`, `/shipping-api`: a version then only before a resource of the service's).
 */
export function findPaths(text: string, opts: PathOptions = {}): PathMatch[] {
  // a run asks about the same few texts again and again (a thousand asks, a few dozen texts, on the
  // bench's tree): each answer is kept for the config's `paths` it was found with, and given out as
  // copies (a caller may keep or extend what it is given)
  const key = `${opts.method ?? ''} ${text}`;
  let found = foundPaths.get(key);
  if (!found) {
    if (foundPaths.size >= FOUND_PATHS_MAX) foundPaths.clear();
    foundPaths.set(key, (found = findPathsNow(text, opts)));
  }
  return found.map((m) => ({ ...m }));
}

/** findPaths' answers by method and text; emptied when the config's `paths` change (a server runs for hours: a bound on what it keeps). */
const foundPaths = new Map<string, PathMatch[]>();
const FOUND_PATHS_MAX = 20_000;

function findPathsNow(text: string, opts: PathOptions): PathMatch[] {
  const out: PathMatch[] = [];
  // one expression for the run (the catalogue is fixed once loaded); never re-entered, so its
  // lastIndex is simply reset
  const re = (pathStartRe ??= new RegExp(`(\\/?)(?:(${V1_FAMILY().join('|')})\\/v1|(2023-01|2024-09))(?=[\\/?#]|$)`, 'g'));
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index;
    const prefix = text.slice(0, start);
    const kind = prefixKind(prefix);
    if (!kind) continue;
    const hasSlash = m[1] === '/';
    if ((kind === 'origin' || kind === 'prefixed') && !hasSlash) continue;
    const end = endOfPath(text, start);
    const path = text.slice(start, end);
    const versionStart = start + m[1].length;
    const segs = splitSegments(path);
    const textEnds = end === text.length;
    const trailingSlash = segs.length > 1 && segs[segs.length - 1] === '';
    const base: Omit<PathMatch, 'version' | 'partial' | 'versionOnly'> = {
      start,
      end,
      versionStart,
      prefix,
      // (a gateway's folder after a full URL's host: that host is the origin, as for any full URL)
      origin: kind === 'origin' ? prefix : kind === 'prefixed' ? /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+/i.exec(prefix)?.[0] : undefined,
      path,
    };
    // after a relative URL's prefix, a version only when one of the service's resources follows
    if (kind === 'prefixed' && !m[2] && !knownResource(segs[1])) continue;
    if (m[2]) {
      const family = m[2];
      const match = matchV1(segs, textEnds, trailingSlash, opts.method);
      out.push({ ...base, version: 'v1', resource: family, ...match });
    } else {
      const version = m[3] as ApiVersion;
      const rest = segs.slice(1).filter((s, i, a) => !(i === a.length - 1 && s === ''));
      const versionOnly = rest.length === 0;
      // a bare '2023-01' with no slash and nothing around it is a month, not a path
      if (versionOnly && kind === 'start' && !hasSlash) continue;
      if (version === '2024-09') {
        const half = versionOnly ? undefined : halfMigrated(segs, textEnds, trailingSlash);
        if (half) out.push({ ...base, version, partial: false, versionOnly, resource: rest[0], ...half, half: true });
        else out.push({ ...base, version, partial: false, versionOnly, resource: rest[0], bodyContext: bodyContext2024(rest) });
        continue;
      }
      if (versionOnly) {
        out.push({ ...base, version, partial: false, versionOnly: true, rule: loadCatalogue().rules.find((r) => r.id === 'versioned-base-url') });
        continue;
      }
      // a resource segment must look like a name: '2023-01/15' is a date, not a path
      if (!/^[A-Za-z_]/.test(rest[0]) && !isHole(rest[0][0])) continue;
      out.push({ ...base, version, versionOnly: false, resource: rest[0], ...match2023(segs, textEnds, trailingSlash, opts.method) });
    }
    re.lastIndex = Math.max(re.lastIndex, end);
  }
  return out;
}

const endpointRulesMemo = new Map<string, Rule[]>();

function endpointRules(from: 'v1' | '2023-01'): Rule[] {
  let list = endpointRulesMemo.get(from);
  if (!list) endpointRulesMemo.set(from, (list = loadCatalogue().rules.filter((r) => r.from === from && r.endpoint)));
  return list;
}

/**
 * Is the request seen to be sent with another method than the spec's row (`GET /2023-01/labels`:
 * the spec maps only the POST that creates labels)? Then the row is not its form: the path is one
 * the spec does not map. A method that cannot be seen is taken to be the row's.
 */
const otherMethod = (ep: { method: string }, method: string | undefined): boolean => !!method && !!ep.method && method !== ep.method;

/**
 * Does the spec (or the config's `paths`) give some path of this v1 family a 2024-09 form? The
 * pickup family's paths map one by one; a family prefix alone (`/pickup/v1`) has no form of its own.
 */
export function familyMapped(family: string): boolean {
  const under = (r: Rule) => r.endpoint!.old.startsWith(`/${family}/v1/`) && !!r.endpoint!.new;
  return endpointRules('v1').some(under) || configured.v1.some(under);
}

function matchV1(segs: string[], textEnds: boolean, trailingSlash: boolean, method?: string): Pick<PathMatch, 'rule' | 'partial' | 'newPath' | 'bodyContext' | 'versionOnly' | 'configured'> {
  const own = configuredMatch(configured.v1, segs, textEnds, trailingSlash, 'body-v1', method);
  for (const rule of endpointRules('v1')) {
    const fit = fitEndpoint(segs, rule, textEnds);
    if (!fit) continue;
    const ep = rule.endpoint!;
    if (otherMethod(ep, method)) continue;
    return {
      rule,
      partial: fit.partial,
      versionOnly: false,
      newPath: ep.new ? (fit.partial ? partialTemplate(ep, trailingSlash) : fillTemplate(ep, fit.captures, trailingSlash)) : undefined,
      bodyContext: ep.body,
    };
  }
  if (own) return { ...own, versionOnly: false };
  const unmapped = loadCatalogue().rules.find((r) => r.id === 'v1-unmapped-path')!;
  // the family prefix alone, with or without its trailing slash ('/pickup/v1', '/pickup/v1/')
  return { rule: unmapped, partial: false, versionOnly: segs.length <= 3 && (segs[2] ?? '') === '', bodyContext: 'body-v1' };
}

function match2023(segs: string[], textEnds: boolean, trailingSlash: boolean, method?: string): Pick<PathMatch, 'rule' | 'partial' | 'newPath' | 'bodyContext' | 'configured'> {
  for (const rule of endpointRules('2023-01')) {
    const fit = fitEndpoint(segs, rule, textEnds);
    if (!fit) continue;
    const ep = rule.endpoint!;
    if (otherMethod(ep, method)) continue;
    return {
      rule,
      partial: fit.partial,
      newPath: ep.new ? (fit.partial ? partialTemplate(ep, trailingSlash) : fillTemplate(ep, fit.captures, trailingSlash)) : undefined,
      bodyContext: ep.body ?? 'body-2023-01',
    };
  }
  const own = configuredMatch(configured['2023-01'], segs, textEnds, trailingSlash, segs[1] === 'webhooks' ? 'webhook-2023-01' : 'body-2023-01', method);
  if (own) return own;
  const unmapped = loadCatalogue().rules.find((r) => r.id === 'unmapped-2023-01-path')!;
  return {
    rule: unmapped,
    partial: false,
    newPath: toTokens(assumedPath(segs.filter((s, i) => !(i === segs.length - 1 && s === '' && i > 0)), unmapped.resourceRenames ?? {}) + (trailingSlash ? '/' : '')),
    // a webhook's own path (`PATCH /2023-01/webhooks/{id}`): its body is a webhook's, whose
    // `version` moves with its event names (the body moves alone, as every unmapped path's does)
    bodyContext: segs[1] === 'webhooks' ? 'webhook-2023-01' : 'body-2023-01',
  };
}

/** One `paths` entry's side: an optional HTTP method and a path (`POST /2023-01/shipments`). */
export function parsePathEntry(text: string): { method?: string; path: string } | undefined {
  const m = /^\s*(?:(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+)?(\/\S*)\s*$/i.exec(text);
  return m ? { method: m[1]?.toUpperCase(), path: m[2] } : undefined;
}

/** The endpoints the config's `paths` gives a 2024-09 form, by the version of their old path. */
let configured: { v1: Rule[]; '2023-01': Rule[] } = { v1: [], '2023-01': [] };
let configuredKey = '{}';

/**
 * Take the config's `paths` (validated by config.ts): after the catalogue's own endpoints, an old
 * path that matches one of them has that 2024-09 form, under the unmapped path's rule. Called by
 * the analysis with each run's config; the same config again changes nothing.
 */
export function useConfiguredPaths(paths: Record<string, string> | undefined): void {
  const key = JSON.stringify(paths ?? {});
  if (key === configuredKey) return;
  configuredKey = key;
  configured = { v1: [], '2023-01': [] };
  foundPaths.clear();
  for (const [from, to] of Object.entries(paths ?? {})) {
    const o = parsePathEntry(from);
    const n = parsePathEntry(to);
    if (!o || !n) continue;
    const version = o.path.startsWith('/2023-01/') ? '2023-01' : 'v1';
    const base = loadCatalogue().rules.find((r) => r.id === (version === 'v1' ? 'v1-unmapped-path' : 'unmapped-2023-01-path'))!;
    configured[version].push({ ...base, fix: 'safe', endpoint: { method: o.method ?? n.method ?? '', old: o.path, new: n.path } });
  }
}

/**
 * The methods of the `paths` entries that name this path (written as a `paths` key: `{…}` for each
 * part given at run time) with a method: entries a path whose method cannot be seen does not fit.
 */
export function configuredMethods(path: string): string[] {
  // (a path written without its leading slash, as ky's prefixUrl wants it, is the same path)
  const norm = (p: string) => (p.startsWith('/') ? p : '/' + p).replace(/\{[^}]*\}/g, '{}');
  const want = norm(path);
  return [...configured.v1, ...configured['2023-01']].filter((r) => r.endpoint!.method && norm(r.endpoint!.old) === want).map((r) => r.endpoint!.method);
}

/**
 * The first `paths` entry the path fits. An entry that gives a method applies only to a request
 * sent with that method: a path whose method cannot be seen (`method` undefined) fits only the
 * entries that give none (which method it is sent with is not guessed).
 */
function configuredMatch(rules: Rule[], segs: string[], textEnds: boolean, trailingSlash: boolean, bodyContext: string, method: string | undefined): Pick<PathMatch, 'rule' | 'partial' | 'newPath' | 'bodyContext' | 'configured'> | undefined {
  for (const rule of rules) {
    const wants = rule.endpoint!.method;
    if (wants && wants !== method) continue;
    const fit = fitEndpoint(segs, rule, textEnds);
    if (!fit || fit.partial) continue;
    return { rule, partial: false, newPath: fillTemplate(rule.endpoint!, fit.captures, trailingSlash), bodyContext, configured: true };
  }
  return undefined;
}

/**
 * A path half migrated by hand: the 2024-09 version with the resource of a 2023-01 endpoint the
 * catalogue moves to another 2024-09 path (`/2024-09/labels`, `/2024-09/courier_accounts/{id}`);
 * the old endpoint's rule, its 2024-09 form and the context of its body. A path that is the same
 * in both versions (`/2024-09/webhooks`) is not one.
 */
function halfMigrated(segs: string[], textEnds: boolean, trailingSlash: boolean): Pick<PathMatch, 'rule' | 'newPath' | 'bodyContext'> | undefined {
  const as2023 = match2023(['2023-01', ...segs.slice(1)], textEnds, trailingSlash);
  const ep = as2023.rule?.endpoint;
  if (!ep?.new || as2023.partial || !as2023.newPath) return undefined;
  const shape = (p: string) => p.split('/').slice(2).map((s) => (s.startsWith('{') ? '{}' : s)).join('/');
  if (shape(ep.old) === shape(ep.new)) return undefined;
  return { rule: as2023.rule, newPath: as2023.newPath, bodyContext: as2023.bodyContext };
}

function bodyContext2024(rest: string[]): string {
  if (rest.length === 1 && rest[0] === 'pickups') return 'pickup-2024-09';
  if (rest.length === 2 && rest[0] === 'batches' && rest[1] === 'labels') return 'labels-2024-09';
  // a webhook's `version` is the version in its path (spec, Webhook request): a `'2023-01'` left
  // in a body sent to /2024-09/webhooks is still old, so the body is checked as a webhook body
  if (rest.length === 1 && rest[0] === 'webhooks') return 'webhook-2023-01';
  return 'body-2024-09';
}

/** Origin (scheme://host[:port]) of a URL, lower-cased; undefined when it is not a URL. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Where a version segment `2023-01` is followed at once by a hole (`${API}${path}`): a versioned
 * base joined with a path that cannot be seen. The version must start a path where findPaths
 * would take one (after a `/` that follows the start, a hole or a URL origin).
 */
export function versionsBeforeHole(text: string): number[] {
  const out: number[] = [];
  const re = /\/2023-01(?=[\ue000-\uf8ff])/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const kind = prefixKind(text.slice(0, m.index));
    if (kind && kind !== 'prefixed') out.push(m.index + 1);
  }
  return out;
}
