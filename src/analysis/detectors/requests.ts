// Requests: the calls that send a URL (fetch, axios, got, ky, request, superagent, a client
// instance), the endpoint each names, the base it goes through, and the body tied to it.

import type { ContextKind } from '../../core/keys.js';
import { type PathMatch, findPaths, originOf } from '../../core/paths.js';
import ts from '../../core/ts.cjs';
import type { Finding } from '../../types.js';
import { type Piece, findProperty, propertyValue, unwrap } from '../evaluate.js';
import type { AnalysisState, Span } from '../state.js';
import { lineCol, lineOf, type Unit, treeIndex } from '../units.js';
import { tieBody } from './bodies.js';
import { bodyValue } from './body-objects.js';
import { bodyTransform } from './body-transforms.js';
import { noteSentVia, readSending } from './double-clients.js';
import { instanceBase } from './instance-base.js';
import { checkBase } from './legacy-base.js';
import { joinBase, pathStart, virtualText } from './path-text.js';
import { groupMember, memberSpan, unseenAfterBase } from './versioned-base.js';
import { halfThroughBase } from './half-base.js';
import { methodAt } from './method.js';
import { boundVersion, versionHoles } from './version-params.js';

/** An options object a request may give its own base in, and the keys that give it (`baseURL`, `prefixUrl`). */
export interface RequestOption {
  obj?: { unit: Unit; node: ts.ObjectLiteralExpression };
  keys: string[];
}

export const NO_BODY_METHODS = new Set(['get', 'delete', 'del', 'head', 'options']);

export const BODY_METHODS = new Set(['post', 'put', 'patch']);

/** Calls taking `(url, options)` whose options give the body under a key (`body`), never the body itself. */
export const FETCH_LIKE = new Set(['fetch', '$fetch', 'ofetch', 'useFetch', 'useLazyFetch']);

/** HTTP methods of a client instance (and axios' form helpers), whose first argument is the URL. */
export const REQUEST_METHODS = new Set(['get', 'delete', 'head', 'options', 'post', 'put', 'patch', 'request', 'postform', 'putform', 'patchform']);

/** Is this callee a request: an HTTP method of a client (`api.get`), or a client called itself (`api(…)`)? */
export function isRequest(callee: ts.Expression): boolean {
  return ts.isIdentifier(callee) || (ts.isPropertyAccessExpression(callee) && REQUEST_METHODS.has(callee.name.text.toLowerCase()));
}

/** The method a request is made with (`post` of `api.post`), or the function called itself (`fetch`). */
export function methodOf(callee: ts.Expression): string {
  return ts.isPropertyAccessExpression(callee) ? callee.name.text.toLowerCase() : ts.isIdentifier(callee) ? callee.text : '';
}

export function scanCalls(acc: AnalysisState, unit: Unit): void {
  for (const call of treeIndex(unit.sf).calls) scanCall(acc, unit, call);
}

/** The endpoint a URL expression names: a service match, another vendor's, or unknown. */
export function endpointOf(acc: AnalysisState, unit: Unit, e: ts.Expression, base?: Piece[]): Endpoint {
  return endpointOfOwn(acc, unit, acc.pieces(unit, e), base);
}

/**
 * The endpoints a URL expression may name: one per branch where the path is chosen at run time
 * (`batch ? '/2024-09/batches/labels' : '/2023-01/labels'`, written in the call or in a constant
 * it joins), else its one endpoint. The body goes to each.
 */
export function endpointsOf(acc: AnalysisState, unit: Unit, e: ts.Expression, base?: Piece[]): Endpoint[] {
  const v = unwrap(e);
  if (ts.isConditionalExpression(v)) return [v.whenTrue, v.whenFalse].map((b) => endpointOf(acc, unit, b, base));
  const spans = ts.isTemplateExpression(v) ? v.templateSpans.map((t) => t.expression) : [];
  for (const x of spans) {
    const id = unwrap(x);
    const decl = ts.isIdentifier(id) ? acc.bindings.resolve(unit, id) : undefined;
    const value = decl?.kind === 'var' && decl.init ? unwrap(decl.init) : undefined;
    if (!value || !ts.isConditionalExpression(value)) continue;
    return [value.whenTrue, value.whenFalse].map((b) => endpointOfOwn(acc, unit, acc.ev.pieces(unit, v, new Map([[(id as ts.Identifier).text, acc.ev.pieces(decl!.unit, b)]])), base));
  }
  return [endpointOf(acc, unit, e, base)];
}

function endpointOfOwn(acc: AnalysisState, unit: Unit, own: Piece[], base?: Piece[]): Endpoint {
  if (!base) return endpointOfPieces(acc, unit, own, 0);
  const joined = endpointOfPieces(acc, unit, joinBase(base, own), base.length);
  if (joined.match || joined.foreign) return joined;
  // a base in front of the version (a proxy's `/shipping`, a gateway's `/api`): the request's own
  // path is the service's path, as its text scan reports it, and its body goes with it
  const alone = endpointOfPieces(acc, unit, own, 0);
  return alone.match ? alone : joined;
}

export interface Endpoint {
  match?: PathMatch;
  foreign: boolean;
  url: boolean;
  pathKey?: string;
}

/**
 * The endpoint a URL's pieces name (`baseLength`: how many of them, first, come through a base,
 * checked for the host it names; 0: none).
 */
export function endpointOfPieces(acc: AnalysisState, unit: Unit, pieces: Piece[], baseLength: number): Endpoint {
  const base = baseLength > 0;
  const vt = virtualText(pieces);
  const text = vt.text;
  const looksUrl = /^(?:[a-z][a-z0-9+.-]*:\/\/|\/|[\ue000-\uf8ff]\/|[\ue000-\uf8ff]?[a-z0-9_-]+\/)/i.test(text) && !/\s/.test(text.trim());
  // (a pseudo-scheme an interceptor replaces, `shipping:/…`, or a scope, `@shipping/…`, starts one
  // when the service's path follows it)
  const prefixed = !looksUrl && /^(?:[a-z][a-z0-9+.-]*:\/|@[a-z0-9][\w.-]*\/)/.test(text) && !/\s/.test(text.trim());
  if (!looksUrl && !prefixed) return { foreign: false, url: false };
  const matches = findPaths(text);
  if (prefixed && !matches.length) return { foreign: false, url: false };
  // (a version segment given through a parameter: reported where the version is written, version-params.ts)
  if (!matches.length) versionHoles(acc, pieces, vt);
  if (matches.length) {
    if (base) for (const m of matches) checkBase(acc, m, pieces, vt);
    const m = matches[matches.length - 1];
    boundVersion(acc, m, pieces, vt);
    // (a base read from the environment with another vendor's host as its fallback is that vendor's)
    const first = pieces[0];
    // (a local one, `http://localhost:4010`, says nothing: it may be a mock of the service)
    const fallbackOrigin = first?.t === 'hole' && first.fallback ? /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+/i.exec(first.fallback)?.[0] : undefined;
    const local = !!fallbackOrigin && /\/\/(?:localhost|127\.|0\.0\.0\.0|\[::1\]|[^/:]+\.(?:local|localhost|internal))(?:[:/]|$)/i.test(fallbackOrigin);
    const fallbackHost = m.origin === undefined && vt.owner[m.start] > 0 && fallbackOrigin && !local ? acc.otherHost(originOf(fallbackOrigin)) : undefined;
    if (m.version !== 'v1' && (acc.otherHost(m.origin) || fallbackHost)) {
      // a relative path sent through a base on another vendor's host (`axios.create({ baseURL:
      // 'https://api.parcelhub.io' })`, a wrapper's `${VENDOR_URL}${path}`) is that vendor's path:
      // the finding its own text made (paths.ts, which cannot see the base) is withdrawn
      const own = pieces[vt.owner[m.versionStart]];
      if (base && m.rule && own?.t === 'lit' && own.via.length === 0) acc.findings.delete(`${own.unit.file}:${pathStart(m, own, vt) + own.unit.offset}:${m.rule.id}`);
      return { foreign: true, url: true };
    }
    if (m.rule && m.rule.id !== 'versioned-base-url') acc.oldCallers.add(unit.file);
    const vPiece = pieces[vt.owner[m.versionStart]];
    let pathKey = m.rule && vPiece?.t === 'lit' ? `${vPiece.unit.file}:${pathStart(m, vPiece, vt) + vPiece.unit.offset}:${m.rule.id}` : undefined;
    // a path sent through a versioned base (or a base ending with a v1 family prefix): its finding is where its own text is written
    const v1Base = m.version === 'v1' && !m.versionOnly && vt.owner[m.versionStart] < baseLength;
    // (as is a half-migrated path formed through a 2024-09 base: half-base.ts)
    const halfBase = !!m.half && vt.owner[m.versionStart] < baseLength;
    if (m.rule && m.rule.id !== 'versioned-base-url' && (m.version === '2023-01' || v1Base || halfBase) && vPiece?.t === 'lit' && vPiece.via.length > 0) {
      let depth = vPiece.via.length;
      for (let i = vt.owner[m.start]; i <= vt.owner[Math.max(m.start, m.end - 1)]; i++) {
        const p = pieces[i];
        let k = 0;
        while (k < p.via.length && k < vPiece.via.length && p.via[k] === vPiece.via[k]) k++;
        depth = Math.min(depth, k);
      }
      const span = memberSpan(acc, m, pieces, vt, depth);
      if (span && typeof span !== 'string') pathKey = `${span.firstOwn.unit.file}:${span.start + span.firstOwn.unit.offset}:${m.rule.id}`;
    }
    if (pathKey && m.rule && m.rule.id !== 'versioned-base-url') {
      acc.requestPaths.add(pathKey);
      noteSentVia(acc, pathKey);
    }
    return { match: m, foreign: false, url: true, pathKey };
  }
  const origin = /^([a-z][a-z0-9+.-]*:\/\/[^/?#\s\ue000-\uf8ff]+)/i.exec(text)?.[1];
  if (origin) {
    const o = originOf(origin);
    // another vendor's host is known only when the service's hosts are configured
    const configured = [acc.hosts.base, acc.hosts.legacy, acc.hosts.staging].filter(Boolean);
    const service = !!o && configured.includes(o);
    if (configured.length > 0) return { foreign: !service, url: true };
  }
  const path = text.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s\ue000-\uf8ff]+/i, '').replace(/^[\ue000-\uf8ff]+/, '');
  if (/^\/?(?:v\d+|api)\//i.test(path)) return { foreign: true, url: true };
  return { foreign: false, url: true };
}

/**
 * The base URL a call's URL is sent through: its client instance's, unless the URL names its own
 * host (`https://…`, `//…`), which the client sends as it is.
 */
export function baseFor(acc: AnalysisState, unit: Unit, callee: ts.Expression, urlUnit: Unit, url: ts.Expression, options: RequestOption[] = []): Piece[] | undefined {
  const base = requestBase(acc, options) ?? instanceBase(acc, unit, callee);
  if (!base) return undefined;
  const pieces = acc.pieces(urlUnit, url);
  const first = pieces[0];
  if (first?.t === 'lit' && /^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(first.text)) return undefined;
  // a relative path sent through a base the check cannot tell: a test double of it stays (settle-doubles.ts)
  if (base === 'unknown') {
    const at = url.getStart(urlUnit.sf) + urlUnit.offset;
    acc.unknownBaseRequests.push({ path: virtualText(pieces).text, method: methodAt(url), file: urlUnit.file, line: lineCol(urlUnit.fileText, at).line });
    return undefined;
  }
  return base;
}

/**
 * A request's own base (axios' `baseURL` in its config, got's and ky's `prefixUrl` in their
 * options): the first of these options objects that gives one of its keys. It overrides the
 * instance's.
 */
export function requestBase(acc: AnalysisState, options: RequestOption[]): Piece[] | undefined {
  for (const { obj, keys } of options) {
    if (!obj) continue;
    for (const k of keys) {
      const value = propertyValue(findProperty(obj.node, k));
      if (value) return acc.pieces(obj.unit, value);
    }
  }
  return undefined;
}

/**
 * A relative path sent through a versioned base: a member of the base's group. `use`: the
 * request (a call of an HTTP method or of the instance itself), whose path, when it cannot be
 * seen, holds the base.
 */
export function sentThroughBase(acc: AnalysisState, unit: Unit, base: Piece[], url: ts.Expression, use?: ts.Node): void {
  sentThroughPieces(acc, unit, joinBase(base, acc.pieces(unit, url)), base.length, use, methodAt(url), url);
}

/** The same, for a URL's pieces whose first `baseLength` come through the base (`method`: the request's, where the call shows it). */
export function sentThroughPieces(acc: AnalysisState, unit: Unit, pieces: Piece[], baseLength: number, use?: ts.Node, method?: string, url?: ts.Node): void {
  const vt = virtualText(pieces);
  for (const m of findPaths(vt.text, { method })) {
    const vPiece = pieces[vt.owner[m.versionStart]];
    // the version segment must lie in the base (a path constant holding '/2023-01/…' is no member of it)
    if (vt.owner[m.versionStart] >= baseLength) continue;
    if (m.rule && vPiece && vPiece.t === 'lit' && vPiece.via.length > 0 && m.rule.id !== 'versioned-base-url') groupMember(acc, unit, m, pieces, vt, vPiece, use, true, url);
    // (through a 2024-09 base: the half-migrated path it forms, `/labels` as `/2024-09/labels`)
    if (m.half && vPiece?.t === 'lit' && vPiece.via.length > 0) halfThroughBase(acc, m, pieces, vt, vPiece);
  }
  if (use) unseenAfterBase(acc, unit, use, pieces, vt, baseLength);
}

/**
 * The options objects of a request whose URL comes first, where it may give its own base:
 * axios' config is the third argument of post/put/patch and the second of the others (and of
 * a call of axios or an instance itself); got's and ky's options, with `prefixUrl`, the second.
 */
export function requestOptions(acc: AnalysisState, unit: Unit, method: string, args: ts.NodeArray<ts.Expression>): RequestOption[] {
  const at = (i: number) => (args[i] && !ts.isSpreadElement(args[i]) ? acc.ev.objectOf(unit, args[i]) : undefined);
  if (BODY_METHODS.has(method)) return [{ obj: at(2), keys: ['baseURL', 'prefixUrl'] }, { obj: at(1), keys: ['prefixUrl'] }];
  return [{ obj: at(1), keys: ['baseURL', 'prefixUrl'] }];
}

export function scanCall(acc: AnalysisState, unit: Unit, call: ts.CallExpression): void {
  // a call of a client's own wrapper, already followed into it (detectors/wrappers.ts)
  if (acc.followedCalls.has(call)) return;
  const callee = unwrap(call.expression);
  const method = methodOf(callee);
  const args = call.arguments;

  // a request built by a chain of calls (superagent's `.send(body)`, wretch's `.url(path).post(body)`)
  if (chainedRequest(acc, unit, call)) return;

  // config-object form: axios({ url, data }), request({ url, json }), got({ url, json })
  if (args.length >= 1) {
    const cfg = acc.ev.objectOf(unit, args[0]);
    if (cfg) {
      const url = propertyValue(findProperty(cfg.node, 'url') ?? findProperty(cfg.node, 'uri'));
      if (url) {
        const base = baseFor(acc, unit, callee, cfg.unit, url, [{ obj: cfg, keys: ['baseURL', 'prefixUrl'] }]);
        const ep = endpointOf(acc, cfg.unit, url, base);
        if (base && ep.match) sentThroughBase(acc, cfg.unit, base, url, isRequest(callee) ? call : undefined);
        if (ep.url) {
          const body = bodyValue(cfg.node, ['data', 'json', 'body', 'form']);
          if (body) applyBody(acc, cfg.unit, body, ep, false, true, bodyTransform(acc, unit, callee, [{ obj: cfg }]));
          return;
        }
      }
    }
  }

  // the URL among the first arguments
  for (let i = 0; i < Math.min(args.length, 3); i++) {
    const a = unwrap(args[i]);
    // a URL given by a getter (`useFetch(() => \`/pickup/v1/pickup_slots/${id.value}\`, opts)`): what it returns
    const url = i === 0 && FETCH_LIKE.has(method) && ts.isArrowFunction(a) && !ts.isBlock(a.body) ? a.body : args[i];
    if (url === args[i] && (ts.isObjectLiteralExpression(a) || ts.isArrowFunction(a) || ts.isFunctionExpression(a))) continue;
    const base = i === 0 ? baseFor(acc, unit, callee, unit, url, requestOptions(acc, unit, method, args)) : undefined;
    // (a direct call of the global `fetch` is one a spy on a client's method cannot see: double-clients.ts)
    const eps = i === 0 ? readSending(acc, unit, callee, () => endpointsOf(acc, unit, url, base)) : endpointsOf(acc, unit, url, base);
    if (!eps.some((ep) => ep.url)) continue;
    if (base && eps.some((ep) => ep.match)) sentThroughBase(acc, unit, base, url, isRequest(callee) ? call : undefined);
    const next = args[i + 1];
    if (!next) return;
    if (NO_BODY_METHODS.has(method)) return;
    const isFetch = FETCH_LIKE.has(method);
    const transformed = bodyTransform(acc, unit, callee, requestOptions(acc, unit, method, args));
    for (const ep of eps) if (ep.url) applyBody(acc, unit, next, ep, !isFetch, false, transformed);
    return;
  }
}

/** A part of a chained request: the code it is written in and where (a chain's start may be held in a constant of another module). */
interface ChainPart {
  unit: Unit;
  expr: ts.Expression;
}

/**
 * A request built by a chain of calls: superagent's `agent.post(url).set(…).send(body)`, wretch's
 * `wretch(host).url(path).post(body)` (or `.json(body).post()`, `.post(body, path)`), the chain's
 * start possibly held in a constant (`shipping.url(path)` with `shipping = wretch(ROOT).auth(…)`).
 * Its URL is the last path the chain names, sent through what the parts before it join into (the
 * host its start is made with); its body is the one the chain gives, tied to that endpoint as any
 * request's is. Returns whether the call is such a request's last call.
 */
function chainedRequest(acc: AnalysisState, unit: Unit, call: ts.CallExpression): boolean {
  const callee = unwrap(call.expression);
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const method = callee.name.text.toLowerCase();
  const superagent = method === 'send';
  if (!superagent && !REQUEST_METHODS.has(method)) return false;
  const urls: ChainPart[] = [];
  let body: ChainPart | undefined = superagent && call.arguments[0] ? { unit, expr: call.arguments[0] } : undefined;
  // wretch's own verbs: `post(body?, url?)`, `get(url?)`; superagent's `post(url)` comes before its `send`
  if (!superagent && BODY_METHODS.has(method)) {
    if (call.arguments[1]) urls.push({ unit, expr: call.arguments[1] });
    if (call.arguments[0]) body = { unit, expr: call.arguments[0] };
  } else if (!superagent && call.arguments[0]) urls.push({ unit, expr: call.arguments[0] });
  let chained = false;
  let replaced = false;
  let at: ChainPart = { unit, expr: unwrap(callee.expression) };
  for (let depth = 0; depth < 30; depth++) {
    const e = at.expr;
    if (ts.isIdentifier(e)) {
      // (a chain's start kept in a constant, here or in another module)
      const d = acc.bindings.resolve(at.unit, e);
      const v = d?.kind === 'var' && acc.ev.valueOf(d);
      if (!v) break;
      at = { unit: v.unit, expr: unwrap(v.expr) };
      continue;
    }
    if (!ts.isCallExpression(e)) break;
    const c = unwrap(e.expression);
    const a = e.arguments[0] && !ts.isSpreadElement(e.arguments[0]) ? e.arguments[0] : undefined;
    if (ts.isIdentifier(c)) {
      // the chain's start: `wretch(host)`
      const d = acc.bindings.resolve(at.unit, c);
      if (d?.kind === 'expr' ? /^wretch(?:\/|$)/.test(d.label) : !d && c.text === 'wretch') {
        chained = true;
        if (a && !replaced) urls.unshift({ unit: at.unit, expr: a });
      }
      break;
    }
    if (!ts.isPropertyAccessExpression(c)) break;
    const name = c.name.text.toLowerCase();
    // superagent: the verb that names the URL, before the `send` that gives the body
    if (superagent && BODY_METHODS.has(name) && a) {
      urls.unshift({ unit: at.unit, expr: a });
      chained = true;
      break;
    }
    if (name === 'url' && a) {
      chained = true;
      if (!replaced) urls.unshift({ unit: at.unit, expr: a });
      // (`.url(path, true)` replaces what the chain had before it)
      if (e.arguments[1]?.kind === ts.SyntaxKind.TrueKeyword) replaced = true;
    } else if (CHAIN_BODY_METHODS.has(name) && a && !body) body = { unit: at.unit, expr: a };
    at = { unit: at.unit, expr: unwrap(c.expression) };
  }
  if (!chained || !urls.length) return false;
  const own = urls[urls.length - 1];
  const base = urls.slice(0, -1).reduce<Piece[] | undefined>((b, p) => (b ? joinBase(b, acc.pieces(p.unit, p.expr)) : acc.pieces(p.unit, p.expr)), undefined);
  const ep = endpointOf(acc, own.unit, own.expr, base);
  if (base && ep.match) sentThroughBase(acc, own.unit, base, own.expr, call);
  if (ep.url && body && (superagent || BODY_METHODS.has(method))) applyBody(acc, body.unit, body.expr, ep, false, true);
  return true;
}

/** The calls of a chained request that give its body (superagent's `send`, wretch's `json`, `body`, `formData`, `formUrl`). */
const CHAIN_BODY_METHODS = new Set(['send', 'json', 'body', 'formdata', 'formurl']);

/**
 * Tie the body (or an options object holding it) to the endpoint's context. `direct`: the
 * argument is the body itself (`.send(body)`, the `json`/`data` of a config object), not an
 * options object to look into. `transformed`: why the body the client sends is not this one (its
 * client rewrites it on the way out, body-transforms.ts): the request is held whole.
 */
export function applyBody(acc: AnalysisState, unit: Unit, arg: ts.Expression, ep: Endpoint, maybeData: boolean, direct = false, transformed?: string): void {
  // an old v1 path that takes no body of its own in the catalogue (direct handover): what it sends
  // is a v1 body that stays with it
  const ctx: ContextKind | undefined = ep.foreign ? 'foreign' : ((ep.match?.bodyContext ?? (ep.match?.rule && ep.match.version === 'v1' ? 'body-v1' : undefined)) as ContextKind | undefined);
  if (!ctx) return;
  const outer = acc.collecting;
  const outerObjects = acc.bodyObjects;
  const outerUnseen = acc.unseenInBody;
  const body: Finding[] = (acc.collecting = []);
  const objects: Span[] = (acc.bodyObjects = []);
  acc.unseenInBody = undefined;
  let unseen: string | undefined;
  let inBody: string | undefined;
  try {
    unseen = tieBody(acc, unit, arg, ep, ctx, maybeData, direct);
  } finally {
    inBody = acc.unseenInBody;
    acc.unseenInBody = outerUnseen;
    acc.collecting = outer;
    acc.bodyObjects = outerObjects;
    outer?.push(...body);
    outerObjects?.push(...objects);
  }
  const oldPath = ep.match?.rule ? ep.match.path : undefined;
  if (ctx !== 'foreign') acc.requests.push({ pathKey: ep.pathKey, oldPath, body, objects, unseen: transformed ?? inBody ?? (objects.length ? undefined : unseen), sentAt: { file: unit.file, line: lineOf(unit, arg) } });
}
