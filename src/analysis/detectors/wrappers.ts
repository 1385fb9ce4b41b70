// Wrappers followed to their callers: a function or method that passes a parameter on as a
// request's URL (`post(path, body) { return http.post(BASE + path, body) }`), or the request's
// whole options (`send(options) { return axios.request(options) }`), is a request at each call
// site, with the path, body and options that call site passes. Each call site is its own request:
// its endpoint is the wrapper's URL with the caller's argument in place of the parameter, and its
// body the caller's argument for the body parameter.

import ts from '../../core/ts.cjs';
import { type Piece, findProperty, propertyValue, unwrap } from '../evaluate.js';
import { enclosingClass } from '../class-view.js';
import type { AnalysisState, SentRequest } from '../state.js';
import { treeIndex, type Unit } from '../units.js';
import { bodyValue, builtObject, isOptionsObject, objects } from './body-objects.js';
import { helperParameterSeen } from './path-helpers.js';
import { type Called, type FunctionNode, calledFunction, callersOf, callsNamed, constructionOf, constructionsOf, functionName, instanceClass, instanceParameter, parameterIndex } from './callers.js';
import { BASE_OPTION, joinBase } from './path-text.js';
import { bodyTransform } from './body-transforms.js';
import { BODY_METHODS, FETCH_LIKE, NO_BODY_METHODS, applyBody, baseFor, endpointOfPieces, isRequest, methodOf, requestOptions, sentThroughBase, sentThroughPieces, endpointOf } from './requests.js';
import { readSending } from './double-clients.js';

/** A request a wrapper makes with one of its parameters. */
type Site =
  /** the URL is built with a parameter (`BASE + path`); the body is `body` (options or data, as the request takes it) */
  | { kind: 'url'; unit: Unit; call: ts.CallExpression; callee: ts.Expression; url: ts.Expression; urlUnit: Unit; method: string; body?: { unit: Unit; arg: ts.Expression; maybeData: boolean; direct: boolean } }
  /** the request's whole options object is a parameter (`axios.request(options)`, `axios(options)`) */
  | { kind: 'options'; unit: Unit; call: ts.CallExpression; callee: ts.Expression; index: number };

const CONFIG_BODY_KEYS = ['data', 'json', 'body', 'form'];
const BASE_KEYS = ['baseURL', 'prefixUrl'];
const sitesMemo = new WeakMap<AnalysisState, Map<ts.Node, Site[]>>();

/** The requests a function makes with its parameters (none: it is no wrapper). */
export function requestSites(acc: AnalysisState, fn: Called): Site[] {
  let memo = sitesMemo.get(acc);
  if (!memo) sitesMemo.set(acc, (memo = new Map()));
  let sites = memo.get(fn.node);
  if (sites) return sites;
  memo.set(fn.node, (sites = []));
  const body = fn.node.body;
  if (!body) return sites;
  const { unit } = fn;
  // the calls of the body: a run of the unit's calls, which are in document order
  const calls = treeIndex(unit.sf).calls;
  let lo = 0;
  for (let hi = calls.length; lo < hi; ) {
    const mid = (lo + hi) >> 1;
    if (calls[mid].pos < body.pos) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < calls.length && calls[i].pos < body.end; i++) {
    const call = calls[i];
    if (call.end > body.end) continue;
    const callee = unwrap(call.expression);
    if (!isRequest(callee)) continue;
    const site = siteOf(acc, unit, fn.node, call, callee);
    if (site) sites.push(site);
  }
  return sites;
}

function siteOf(acc: AnalysisState, unit: Unit, fn: FunctionNode, call: ts.CallExpression, callee: ts.Expression): Site | undefined {
  const args = call.arguments;
  if (!args[0] || args.some((a) => ts.isSpreadElement(a))) return undefined;
  const method = methodOf(callee);
  // the caller builds the whole options: `axios.request(options)`, `axios(options)`
  const whole = parameterIndex(acc, unit, args[0], fn);
  if (whole >= 0 && (method === 'request' || ts.isIdentifier(callee)) && args.length === 1) return { kind: 'options', unit, call, callee, index: whole };
  // the options written in the wrapper, their URL built with a parameter: `axios({ url: BASE + path, data: body })`
  const cfg = acc.ev.objectOf(unit, args[0]);
  if (cfg) {
    const url = propertyValue(findProperty(cfg.node, 'url') ?? findProperty(cfg.node, 'uri'));
    if (!url || !usesParameter(acc, cfg.unit, url, fn)) return undefined;
    const data = bodyValue(cfg.node, CONFIG_BODY_KEYS);
    return { kind: 'url', unit, call, callee, url, urlUnit: cfg.unit, method, body: data && { unit: cfg.unit, arg: data, maybeData: false, direct: true } };
  }
  for (let i = 0; i < Math.min(args.length, 3); i++) {
    const a = unwrap(args[i]);
    if (ts.isObjectLiteralExpression(a) || ts.isArrowFunction(a) || ts.isFunctionExpression(a)) continue;
    const next = args[i + 1];
    const isFetch = FETCH_LIKE.has(method);
    if (!usesParameter(acc, unit, args[i], fn)) {
      if (!acc.pieces(unit, args[i]).some((p) => p.t === 'lit' && p.text.includes('/'))) continue;
      // a URL written in the wrapper itself (`http.post('/2023-01/labels', body)`): its body parameter
      // is followed by name (body-objects.ts); another vendor's URL is followed here, as its module
      // may be read only for the import (it names no service path, so its own requests are not scanned)
      const foreign = !NO_BODY_METHODS.has(method) && !!next && i === 0 && endpointOf(acc, unit, args[i]).foreign;
      return foreign ? { kind: 'url', unit, call, callee, url: args[i], urlUnit: unit, method, body: { unit, arg: next, maybeData: !isFetch, direct: false } } : undefined;
    }
    // (superagent's verb names the URL, a later call of its chain the body: `request.post(url).set(…).send(body)`)
    const sent = !next && BODY_METHODS.has(method) ? chainedBody(call) : undefined;
    const body = next && !NO_BODY_METHODS.has(method) ? { unit, arg: next, maybeData: !isFetch, direct: false } : sent && { unit, arg: sent, maybeData: false, direct: true };
    return { kind: 'url', unit, call, callee, url: args[i], urlUnit: unit, method, body };
  }
  return undefined;
}

/** The body a chain sends after the call that names its URL (superagent's `.send(body)`, further along the chain). */
function chainedBody(call: ts.CallExpression): ts.Expression | undefined {
  let e: ts.Node = call;
  for (let depth = 0; depth < 30; depth++) {
    const access = e.parent;
    const next = access?.parent;
    if (!access || !ts.isPropertyAccessExpression(access) || access.expression !== e || !next || !ts.isCallExpression(next) || next.expression !== access) return undefined;
    const a = next.arguments[0];
    if (access.name.text === 'send') return a && !ts.isSpreadElement(a) ? a : undefined;
    e = next;
  }
  return undefined;
}

/** Does this URL expression hold one of the function's parameters (directly, or through a local constant)? */
function usesParameter(acc: AnalysisState, unit: Unit, e: ts.Expression, fn: FunctionNode): boolean {
  return acc.pieces(unit, e).some((p) => p.t === 'hole' && (parameterIndex(acc, p.unit, p.node, fn) >= 0 || !!instanceParameter(p.node, fn)));
}

/** Follow the calls of each unit that call a wrapper: each is a request of its own. */
export function followWrappers(acc: AnalysisState, unit: Unit): void {
  for (const call of treeIndex(unit.sf).calls) {
    if (acc.followedCalls.has(call) || call.arguments.length === 0) continue;
    const fn = calledFunction(acc, unit, call.expression);
    if (fn && followCall(acc, unit, call, fn)) continue;
    followBuiltOptions(acc, unit, call);
  }
}

/**
 * A request whose options a builder returns (`axios.request(options('/2023-01/labels', body))`,
 * `axios(buildConfig(path, body))`): the builder's URL and body with this call's arguments.
 */
function followBuiltOptions(acc: AnalysisState, unit: Unit, call: ts.CallExpression): void {
  const callee = unwrap(call.expression);
  const arg = call.arguments[0];
  if (!isRequest(callee) || call.arguments.length !== 1 || ts.isSpreadElement(arg)) return;
  const built = builtObject(acc, unit, arg);
  if (!built) return;
  const url = propertyValue(findProperty(built.node, 'url') ?? findProperty(built.node, 'uri'));
  if (!url) return;
  const data = bodyValue(built.node, CONFIG_BODY_KEYS);
  const method = methodOf(callee);
  acc.followedCalls.add(call);
  const site: Extract<Site, { kind: 'url' }> = { kind: 'url', unit, call, callee, url, urlUnit: built.unit, method, body: data && { unit: built.unit, arg: data, maybeData: false, direct: true } };
  const outer = acc.boundCall;
  acc.boundCall = { fn: built.fn.node, unit, call: built.call };
  try {
    followUrl(acc, unit, built.call, built.fn, site);
  } finally {
    acc.boundCall = outer;
  }
}

/**
 * Once every unit is scanned: the wrappers that join a versioned base with a path parameter are
 * followed to every caller the project has (also in modules read only for their imports), and
 * when each caller was followed, the parameter no longer holds the base (each caller's path does,
 * or moves with it).
 */
export function followRest(acc: AnalysisState): void {
  for (const g of acc.baseGroups.values()) {
    g.unseen = g.unseen.filter((u) => {
      // (a caller's own use whose path cannot be seen stays)
      if (!u.hole || !ts.isIdentifier(u.hole) || (ts.isCallExpression(u.node) && acc.followedCalls.has(u.node))) return true;
      // a path helper's own template, every use of the helper a call read with its path (path-helpers.ts)
      if (helperParameterSeen(acc, u.hole, u.unit, u.node)) return false;
      const decl = acc.bindings.resolve(u.unit, u.hole);
      if (decl?.kind !== 'param') return true;
      const fn = { unit: decl.unit, node: decl.fn as FunctionNode };
      if (!requestSites(acc, fn).length) return true;
      // (following a caller may read another module, which may call the wrapper too)
      let callers = callersOf(acc, fn.node);
      for (let round = 0; round < 4; round++) {
        const left = callers.filter((c) => !acc.followedCalls.has(c.call));
        if (!left.length) break;
        for (const c of left) followCall(acc, c.unit, c.call, fn);
        callers = callersOf(acc, fn.node);
      }
      // (a call of the name the check cannot resolve, `get(…)` with `const { get } = await import('./http')`, may be this wrapper's)
      const name = functionName(fn.node);
      const unresolved = !!name && callsNamed(acc, name).some((c) => ts.isIdentifier(unwrap(c.call.expression)) && !calledFunction(acc, c.unit, c.call.expression));
      return callers.length === 0 || unresolved || !callers.every((c) => acc.followedCalls.has(c.call));
    });
  }
}

/** One call of a wrapper: the requests the wrapper makes, with this call's arguments. */
export function followCall(acc: AnalysisState, unit: Unit, call: ts.CallExpression, fn: Called): boolean {
  const sites = requestSites(acc, fn);
  if (!sites.length) return false;
  acc.followedCalls.add(call);
  const outer = acc.boundCall;
  acc.boundCall = { fn: fn.node, unit, call };
  try {
    for (const site of sites) {
      if (site.kind === 'options') followOptions(acc, unit, call, fn, site);
      else followUrl(acc, unit, call, fn, site);
    }
  } finally {
    acc.boundCall = outer;
  }
  return true;
}

/** The caller builds the whole options object (`send({ method: 'POST', url, data })`). */
function followOptions(acc: AnalysisState, unit: Unit, call: ts.CallExpression, fn: Called, site: Extract<Site, { kind: 'options' }>): void {
  const arg = call.arguments[site.index];
  const cfg = arg && !ts.isSpreadElement(arg) ? acc.ev.objectOf(unit, arg) : undefined;
  if (!cfg) {
    // `get(url) { return fetch(url) }`: the one argument is the URL, not the options
    const callee = site.callee;
    const method = methodOf(callee);
    followUrl(acc, unit, call, fn, { kind: 'url', unit: site.unit, call: site.call, callee, url: site.call.arguments[0], urlUnit: site.unit, method });
    return;
  }
  const url = propertyValue(findProperty(cfg.node, 'url') ?? findProperty(cfg.node, 'uri'));
  if (!url) return;
  const base = baseFor(acc, site.unit, site.callee, cfg.unit, url, [{ obj: cfg, keys: BASE_KEYS }]);
  const ep = endpointOf(acc, cfg.unit, url, base);
  if (base && ep.match) sentThroughBase(acc, cfg.unit, base, url, call);
  const body = bodyValue(cfg.node, CONFIG_BODY_KEYS);
  if (ep.url && body) applyBody(acc, cfg.unit, body, ep, false, true, bodyTransform(acc, site.unit, site.callee, [{ obj: cfg }]));
}

/** The wrapper builds the URL with a parameter: this call's argument takes its place. */
function followUrl(acc: AnalysisState, unit: Unit, call: ts.CallExpression, fn: Called, site: Extract<Site, { kind: 'url' }>): void {
  const env = new Map<string, Piece[]>();
  const own = new Set<Piece>();
  fn.node.parameters.forEach((p, i) => {
    const a = call.arguments[i];
    if (!ts.isIdentifier(p.name) || !a || call.arguments.slice(0, i + 1).some((x) => ts.isSpreadElement(x))) return;
    const pieces = acc.ev.pieces(unit, a);
    env.set(p.name.text, pieces);
    for (const x of pieces) own.add(x);
  });
  // a wrapper made by a factory (`createHttp(baseURL)` returning `{ post: (path, body) => fetch(baseURL + path, …) }`):
  // the factory's parameters are what the instance this call goes through was made with
  const made = factoryCall(acc, unit, call, fn);
  if (made)
    made.fn.parameters.forEach((p, i) => {
      const a = made.call.arguments[i];
      if (ts.isIdentifier(p.name) && !env.has(p.name.text) && a && !made.call.arguments.slice(0, i + 1).some((x) => ts.isSpreadElement(x))) env.set(p.name.text, acc.ev.pieces(made.unit, a));
    });
  // a method of a class whose instances are made with their URL (`new Endpoint('/pickup/v1/pickups')`,
  // `send(body) { return http.post(this.path, body) }`): what the instance this call goes through was made with
  const built = constructionOf(acc, unit, call, fn.node);
  for (const p of acc.ev.pieces(site.urlUnit, site.url)) {
    const member = p.t === 'hole' ? instanceParameter(p.node, fn.node) : undefined;
    if (!member) continue;
    const a = built?.args[member.index];
    if (a && !built!.args.slice(0, member.index + 1).some((x) => ts.isSpreadElement(x))) env.set(`this.${member.name}`, acc.ev.pieces(built!.unit, a));
    else unboundInstance(acc, fn, member.index, call.getText(unit.sf));
  }
  // an inherited method reading a member the subclass sets (`protected readonly baseUrl = 'https://…'`
  // over an abstract one the base class reads as `this.baseUrl`), called on the subclass's instance
  // (`this.post(path, body)` in it, or `new Labels().post(…)`): the subclass's value
  const callee = unwrap(call.expression);
  const receiver = ts.isPropertyAccessExpression(callee) ? (callee.expression.kind === ts.SyntaxKind.ThisKeyword ? { unit, cls: enclosingClass(callee) } : instanceClass(acc, unit, callee.expression)) : undefined;
  if (receiver?.cls && receiver.cls !== enclosingClass(fn.node))
    for (const p of acc.ev.pieces(site.urlUnit, site.url, env)) {
      const read = p.t === 'hole' ? unwrap(p.node) : undefined;
      if (!read || !ts.isPropertyAccessExpression(read) || read.expression.kind !== ts.SyntaxKind.ThisKeyword || env.has(`this.${read.name.text}`)) continue;
      const field = !ts.isClassLike(receiver.cls) ? undefined : receiver.cls.members.find((m): m is ts.PropertyDeclaration => ts.isPropertyDeclaration(m) && ts.isIdentifier(m.name) && m.name.text === read.name.text && !!m.initializer && !m.modifiers?.some((x) => x.kind === ts.SyntaxKind.StaticKeyword));
      if (field) env.set(`this.${read.name.text}`, acc.ev.pieces(receiver.unit, field.initializer!, new Map(), 0, [{ unit: receiver.unit, name: field.name, label: `this.${read.name.text}`, value: field.initializer! }]));
    }
  // what the wrapper writes around the caller's path comes through it, as a base does
  const url = acc.ev.pieces(site.urlUnit, site.url, env).map((p): Piece => (own.has(p) || p.via.length ? p : { ...p, via: [{ unit: p.unit, name: p.node, label: BASE_OPTION, value: p.node as ts.Expression }] }));
  const instance = baseFor(acc, site.unit, site.callee, site.urlUnit, site.url, requestOptions(acc, site.unit, site.method, site.call.arguments));
  const first = url[0];
  const base = instance && !(first?.t === 'lit' && /^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(first.text)) ? instance : undefined;
  const pieces = base ? joinBase(base, url) : url;
  const ownAt = pieces.findIndex((p) => own.has(p));
  // (the wrapper's request a direct call of the global `fetch`: double-clients.ts)
  const ep = readSending(acc, site.unit, site.callee, () => {
    const whole = endpointOfPieces(acc, unit, pieces, ownAt < 0 ? pieces.length : ownAt);
    // a caller's URL that names its own host before the path (`${OTHER}/2023-01/labels`): the path as the caller writes it
    if (whole.match || whole.foreign || ownAt <= 0) return whole;
    const alone = endpointOfPieces(acc, unit, pieces.filter((p) => own.has(p)), 0);
    return alone.match ? alone : whole;
  });
  // a versioned base in the wrapper: the caller's path is one of its group (or, unseen, holds it)
  sentThroughPieces(acc, unit, pieces, ownAt < 0 ? pieces.length : ownAt, call);
  if (!ep.url || !site.body) return;
  // the body: this call's argument where the wrapper passes its parameter on as it is
  const k = parameterIndex(acc, site.body.unit, site.body.arg, fn.node);
  // (a client that rewrites the body on its way out: the request is held whole)
  const transformed = bodyTransform(acc, site.unit, site.callee, requestOptions(acc, site.unit, site.method, site.call.arguments));
  if (k >= 0) {
    const a = call.arguments[k];
    if (a && !ts.isSpreadElement(a)) applyBody(acc, unit, a, ep, site.body.maybeData, site.body.direct, transformed);
    return;
  }
  const before = acc.requests.length;
  applyBody(acc, site.body.unit, site.body.arg, ep, site.body.maybeData, site.body.direct, transformed);
  if (acc.requests.length > before) unfollowedBody(acc, unit, call, fn, site.body, acc.requests[acc.requests.length - 1]);
}

/**
 * A call of a method whose URL an instance is made with, through an instance the check cannot tie
 * to its construction (`ep.send(body)` with `ep` a parameter): the body it sends cannot be tied to
 * a path, so the path every construction of the class gives is held.
 */
function unboundInstance(acc: AnalysisState, fn: Called, index: number, shown: string): void {
  const cls = enclosingClass(fn.node);
  if (!cls) return;
  for (const c of constructionsOf(acc, fn.unit, cls)) {
    const a = c.args[index];
    if (!a || ts.isSpreadElement(a)) continue;
    const ep = endpointOf(acc, c.unit, a);
    if (!ep.match?.rule || ep.foreign) continue;
    const unseen = `\`${shown.length > 60 ? shown.slice(0, 57) + '…' : shown}\` sends a body through an instance of \`${cls.name?.text ?? 'the class'}\` the check cannot tie to the construction that gives its path, so the body may go to this path: move the path and the bodies sent to it together by hand`;
    acc.requests.push({ pathKey: ep.pathKey, oldPath: ep.match.path, body: [], objects: [], unseen });
  }
}

/**
 * The factory call that made the instance a call goes through (`legacyHttp.post(…)` with
 * `legacyHttp = createHttp(LEGACY)`), where the wrapper called is written inside that factory.
 */
function factoryCall(acc: AnalysisState, unit: Unit, call: ts.CallExpression, fn: Called): { unit: Unit; fn: ts.SignatureDeclaration; call: ts.CallExpression } | undefined {
  const callee = unwrap(call.expression);
  const recv = ts.isPropertyAccessExpression(callee) ? unwrap(callee.expression) : undefined;
  if (!recv || !ts.isIdentifier(recv)) return undefined;
  const decl = acc.bindings.resolve(unit, recv);
  const v = decl && acc.ev.valueOf(decl);
  const made = v && unwrap(v.expr);
  if (!v || !made || !ts.isCallExpression(made)) return undefined;
  const factory = acc.ev.functionOf(v.unit, made.expression);
  const inside = factory && factory.node.getSourceFile() === fn.node.getSourceFile() && factory.node.pos <= fn.node.pos && fn.node.end <= factory.node.end && factory.node !== fn.node;
  return inside ? { unit: v.unit, fn: factory.node, call: made } : undefined;
}

/**
 * The wrapper builds its body from a parameter in a way the check does not follow (`transform(body)`):
 * when the object this call passes for it is not among the body's objects, the request cannot
 * be seen whole and is held (its path would otherwise move without the body).
 */
function unfollowedBody(acc: AnalysisState, unit: Unit, call: ts.CallExpression, fn: Called, body: { unit: Unit; arg: ts.Expression }, request: SentRequest): void {
  if (request.unseen) return;
  const tied = new Set(request.objects.map((o) => o.node));
  const used = new Set<number>();
  const visit = (n: ts.Node) => {
    if (ts.isIdentifier(n)) {
      // (a member that is no body, read from the caller's options: `options.headers`, `opts.signal`)
      const member = n.parent && ts.isPropertyAccessExpression(n.parent) && n.parent.expression === n ? n.parent.name.text : undefined;
      const k = parameterIndex(acc, body.unit, n, fn.node);
      if (k >= 0 && (member === undefined || CONFIG_BODY_KEYS.includes(member))) used.add(k);
    }
    ts.forEachChild(n, visit);
  };
  visit(body.arg);
  // a parameter spread into the request's options (`{ ...init, headers }`): the caller's options, whose body is followed as the request's
  const spreadIn = new Set<number>();
  const opts = unwrap(body.arg);
  if (ts.isObjectLiteralExpression(opts))
    for (const p of opts.properties) if (ts.isSpreadAssignment(p)) spreadIn.add(parameterIndex(acc, body.unit, p.expression, fn.node));
  for (const k of used) {
    const a = call.arguments[k];
    if (!a || ts.isSpreadElement(a)) continue;
    const sent = objects(acc, unit, a);
    if (spreadIn.has(k) && sent.every((o) => isOptionsObject(o.node))) continue;
    if (sent.length && !sent.some((o) => tied.has(o.node))) {
      const name = fn.node.parameters[k]?.name.getText(fn.unit.sf) ?? 'its parameter';
      request.unseen = `the body passed for \`${name}\` goes into the request in a way the check cannot follow, so it may be in either version: move the request and its body together by hand`;
      return;
    }
  }
}
