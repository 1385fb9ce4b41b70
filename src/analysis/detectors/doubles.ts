// Test doubles: the calls that stand for a request in a test (msw's `http.post(url, resolver)`,
// nock's `nock(host).post(path, matcher)`, Cypress' `cy.intercept`, Playwright's
// `page.route(glob, handler)`, Angular's `httpMock.expectOne(url)`, axios-mock-adapter's
// `mock.onPost(url)`, fetch-mock's routes, a jest assertion on a spy). Their
// paths are found and reported as any string is (paths.ts); here each is recorded with the path
// and method it stands for, so that settle moves it only with the requests it doubles
// (settle-doubles.ts), and the keys a body matcher reads are tied to its path (double-matchers.ts).

import { mayDouble, URL_MATCHERS } from '../../core/path-shape.js';
import { isTestFile } from '../../core/project-scope.js';
import { findPaths } from '../../core/paths.js';
import ts from '../../core/ts.cjs';
import { findProperty, propertyValue, unwrap } from '../evaluate.js';
import type { Finding } from '../../types.js';
import type { AnalysisState, Double } from '../state.js';
import { lineOf, treeIndex, type Unit } from '../units.js';
import { spiedClient } from './double-clients.js';
import { matcherReads } from './double-matchers.js';
import { handlerMethod, usesPlaywright } from './playwright-route.js';
import { lastName } from '../syntax.js';
import { constantOfUnit, nockScope } from './instance-base.js';
import { joinBase, pathStart, virtualText } from './path-text.js';
import { regexDouble } from './regex-doubles.js';
import { memberKey } from './versioned-base.js';
import { VERBS } from './method.js';
import { routeHandler } from './server-routes.js';


/** A double as its call shows it: the URL or path it is given, its method (none: any), what reads the body it matches. */
interface Seen {
  kind: string;
  url: ts.Expression;
  method?: string;
  base?: ts.Expression;
  /** nock's body matcher function, msw's resolver (which may read the request's body) */
  matcher?: ts.Expression;
  /** the matcher's first parameter is the body (nock), not the request it is read from (msw) */
  firstParam?: boolean;
  /** an assertion on a spy of a client's method: the spied object's declared type (double-clients.ts) */
  spies?: string;
}

export function scanDoubles(acc: AnalysisState, unit: Unit): void {
  if (!mayDouble(unit.file, unit.sf.text)) return;
  const msw = mswNames(unit.sf);
  const playwright = usesPlaywright(unit.sf);
  for (const call of treeIndex(unit.sf).calls) {
    const recognised = recognise(acc, unit, call, msw, playwright);
    if (!recognised || !recognised.url) continue;
    // a predicate (`expectOne((r) => r.url.endsWith('/2023-01/labels'))`): each text it tests the request's URL against
    for (const found of isFunction(recognised.url) ? predicateTexts(recognised) : [recognised]) {
      // (an asymmetric matcher, `expect.stringContaining('/2023-01/labels')`: the text it matches)
      const seen = { ...found, url: matchedText(found.url) };
      const url = unwrap(seen.url);
      if (ts.isRegularExpressionLiteral(url)) regexDouble(acc, unit, url, seen, doublePlace(unit, call));
      if (ts.isRegularExpressionLiteral(url) || ts.isObjectLiteralExpression(url) || ts.isArrowFunction(url) || ts.isFunctionExpression(url)) continue;
      const base = seen.base ? acc.pieces(unit, seen.base) : undefined;
      const own = acc.pieces(unit, seen.url);
      // (a full URL given to a scope names its own host)
      const full = own[0]?.t === 'lit' && /^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(own[0].text);
      const pieces = base && !full ? joinBase(base, own) : own;
      const vt = virtualText(pieces);
      for (const m of findPaths(vt.text, { method: seen.method })) {
        if (!m.rule || m.rule.id === 'versioned-base-url') continue;
        const vPiece = pieces[vt.owner[m.versionStart]];
        if (vPiece?.t !== 'lit') continue;
        // a path given to a scope on a versioned host (`nock('…/2023-01').get('/courier_accounts/ca_1')`):
        // a member of the scope's base group, whose finding is at its own path
        const member = base && !full && !own.includes(vPiece) ? scopeMember(acc, unit, seen.url) : undefined;
        const key = member ?? `${vPiece.unit.file}:${pathStart(m, vPiece, vt) + vPiece.unit.offset}:${m.rule.id}`;
        if (!member && !acc.findings.has(key)) continue;
        acc.doubles.push({ key, path: m.path, method: seen.method, kind: seen.kind, ...doublePlace(unit, call), spies: seen.spies });
        if (seen.kind === 'Playwright route' || seen.kind === 'Cypress intercept') keepTrailingStar(acc.findings.get(key)!, unit, url);
        if (seen.matcher && m.bodyContext) matcherReads(acc, unit, seen.matcher, key, m, !!seen.firstParam);
      }
    }
  }
}

/** The key of the base group member a scope's path is (its own text written within `url`), if it is one. */
function scopeMember(acc: AnalysisState, unit: Unit, url: ts.Expression): string | undefined {
  const [from, to] = [url.getStart(unit.sf), url.getEnd()];
  for (const g of acc.baseGroups.values())
    for (const x of g.members) if (x.unit.file === unit.file && x.unit.offset === unit.offset && x.start >= from && x.start < to) return memberKey(acc, x);
  return undefined;
}

/**
 * The texts a predicate double tests a request against (Angular's `expectOne((r) => r.url.endsWith('…'))`),
 * each a double of the path it holds, with the method the predicate compares the request's to
 * (`r.method === 'POST'`; none: any).
 */
function predicateTexts(seen: Seen): Seen[] {
  const texts: ts.Expression[] = [];
  let method: string | undefined;
  const visit = (n: ts.Node): void => {
    if (ts.isBinaryExpression(n) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(n.operatorToken.kind)) {
      const [a, b] = [unwrap(n.left), unwrap(n.right)];
      const read = ts.isPropertyAccessExpression(a) && a.name.text === 'method' ? b : ts.isPropertyAccessExpression(b) && b.name.text === 'method' ? a : undefined;
      if (read && stringOf(read)) return void (method = stringOf(read)!.toUpperCase());
    }
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n)) return void texts.push(n);
    ts.forEachChild(n, visit);
  };
  visit(unwrap(seen.url));
  return texts.map((url) => ({ kind: seen.kind, url, method }));
}

/** A double's own place: the call, named by its method (`.get(` of a nock chain); its path may be written elsewhere. */
function doublePlace(unit: Unit, call: ts.CallExpression): Pick<Double, 'file' | 'line' | 'start' | 'end'> {
  const own = ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call;
  return { file: unit.file, line: lineOf(unit, own), start: call.getStart(unit.sf) + unit.offset, end: call.getEnd() + unit.offset };
}

/** The double a call sets up, if it is one. */
function recognise(acc: AnalysisState, unit: Unit, call: ts.CallExpression, msw: Set<string>, playwright: boolean): Seen | undefined {
  const callee = unwrap(call.expression);
  if (!ts.isPropertyAccessExpression(callee)) return undefined;
  const name = callee.name.text;
  const obj = unwrap(callee.expression);
  const args = call.arguments;
  const verb = VERBS.has(name.toLowerCase()) ? name.toUpperCase() : undefined;
  if (!args.length) return undefined;
  // msw: `http.post(url, resolver)` (and v1's `rest.post`), `http.all(url, resolver)`
  if (ts.isIdentifier(obj) && (msw.has(obj.text) || (['http', 'rest'].includes(obj.text) && isFunction(args[1]))) && (verb || name === 'all'))
    return { kind: 'msw handler', url: args[0], method: verb, matcher: args[1] };
  // a fake server's route in test code (`app.post('/2023-01/labels', (req, res) => …)`): its handler reads `req.body` (server-routes.ts)
  const handler = isTestFile(unit.file) ? routeHandler(call) : undefined;
  if (handler) return { kind: 'fake server route', url: args[0], method: verb, matcher: handler };
  // nock: `nock(host).post(path, bodyMatcher)`, `.intercept(path, 'POST', bodyMatcher)`
  const scope = nockScope(obj, constantOfUnit(acc, unit));
  if (scope) {
    if (verb) return { kind: 'nock interceptor', url: args[0], method: verb, base: scope, matcher: ['POST', 'PUT', 'PATCH'].includes(verb) ? args[1] : undefined, firstParam: true };
    if (name === 'intercept') return { kind: 'nock interceptor', url: args[0], method: stringOf(args[1])?.toUpperCase(), base: scope, matcher: args[2], firstParam: true };
    return undefined;
  }
  // Cypress: `cy.intercept(url)`, `cy.intercept('POST', url, …)`, `cy.intercept({ method, url }, …)`
  if (ts.isIdentifier(obj) && obj.text === 'cy' && name === 'intercept') {
    const method = stringOf(args[0]);
    if (method && VERBS.has(method.toLowerCase()) && args[1]) return { kind: 'Cypress intercept', url: args[1], method: method.toUpperCase() };
    return fromOptions('Cypress intercept', args[0]) ?? { kind: 'Cypress intercept', url: args[0] };
  }
  // Playwright: `page.route(url | glob, handler)`, `context.route(…)`, `page.unroute(url)`: any
  // method, unless the handler passes the others on (playwright-route.ts)
  if ((name === 'route' || name === 'unroute') && (playwright || /^(?:page|context|browserContext)$/i.test(lastName(obj))))
    return { kind: 'Playwright route', url: args[0], method: name === 'route' ? handlerMethod(args[1]) : undefined, matcher: args[1] };
  // Angular: `httpMock.expectOne(url)`, `.expectOne({ method, url })`, `.expectNone(…)`, `.match(…)`
  if (name === 'expectOne' || name === 'expectNone' || (name === 'match' && /mock|http|backend|controller/i.test(obj.getText(unit.sf)))) {
    return fromOptions('HttpTestingController expectation', args[0]) ?? (name === 'match' && !isFunction(args[0]) ? undefined : { kind: 'HttpTestingController expectation', url: args[0] });
  }
  // a test's assertion that a request was made: `expect(mockedAxios.post).toHaveBeenCalledWith(url, body)`,
  // `expect(fetch).toHaveBeenCalledWith(url, { method: 'POST' })`, `toHaveBeenNthCalledWith(n, url, …)`
  const asserted = /^(?:toHaveBeenCalledWith|toBeCalledWith|toHaveBeenLastCalledWith|lastCalledWith|toHaveBeenNthCalledWith|nthCalledWith)$/.test(name) ? calledSubject(obj) : undefined;
  if (asserted) {
    const at = /Nth/.test(name) ? 1 : 0;
    const subject = unwrap(asserted);
    const own = ts.isPropertyAccessExpression(subject) && VERBS.has(subject.name.text.toLowerCase()) ? subject.name.text.toUpperCase() : undefined;
    const options = args[at + 1] && unwrap(args[at + 1]);
    const given = options && ts.isObjectLiteralExpression(options) ? stringOf(propertyValue(findProperty(options, 'method'))) : undefined;
    return args[at] ? { kind: 'assertion of the request', url: args[at], method: own ?? given?.toUpperCase(), spies: spiedClient(acc, unit, asserted) } : undefined;
  }
  // in test code, an assertion on the URL a request went to (`expect(fetchMock.mock.calls[0][0]).toBe(url)`,
  // `expect(req.url()).toContain(path)`): moved alone, the test would no longer pass
  if (URL_MATCHERS.has(name) && calledSubject(obj) && isTestFile(unit.file)) return { kind: 'assertion of the URL sent', url: args[0] };
  // Playwright: `page.waitForRequest(url | glob)`, `waitForResponse(…)`
  if ((name === 'waitForRequest' || name === 'waitForResponse') && (playwright || /^(?:page|context|browserContext)$/i.test(lastName(obj))))
    return { kind: `Playwright ${name}`, url: args[0] };
  // axios-mock-adapter: `mock.onPost(url, body)`, `mock.onAny(url)`
  const on = /^on(Get|Post|Put|Patch|Delete|Head|Options|Any)$/.exec(name);
  if (on) return { kind: 'axios-mock-adapter handler', url: args[0], method: on[1] === 'Any' ? undefined : on[1].toUpperCase() };
  // fetch-mock: `fetchMock.post(url, response)`, `fetchMock.mock(url | { url, method }, response)`
  if (ts.isIdentifier(obj) && /^fetchMock/i.test(obj.text) && (verb || name === 'mock' || name === 'route'))
    return verb ? { kind: 'fetch-mock route', url: args[0], method: verb } : (fromOptions('fetch-mock route', args[0]) ?? { kind: 'fetch-mock route', url: args[0] });
  return undefined;
}

/** The text an asymmetric matcher of a test runner matches (`expect.stringContaining(t)`, `jasmine.stringMatching(t)`), else the expression itself. */
function matchedText(e: ts.Expression): ts.Expression {
  const call = unwrap(e);
  if (!ts.isCallExpression(call) || call.arguments.length !== 1 || !ts.isPropertyAccessExpression(call.expression)) return e;
  const owner = unwrap(call.expression.expression);
  return ts.isIdentifier(owner) && /^(?:expect|jasmine)$/.test(owner.text) && /^string(?:Containing|Matching)$/.test(call.expression.name.text) ? call.arguments[0] : e;
}

/** The value `expect(x)` is given, where the matcher is called on it (`expect(x).toHaveBeenCalledWith`, `expect(x).not…` aside). */
function calledSubject(obj: ts.Expression): ts.Expression | undefined {
  const e = unwrap(obj);
  return ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'expect' && e.arguments[0] ? e.arguments[0] : undefined;
}

/** A double given as an options object (`{ method: 'POST', url }`): its URL (`url` or `path`) and method. */
function fromOptions(kind: string, arg: ts.Expression): Seen | undefined {
  const o = unwrap(arg);
  if (!ts.isObjectLiteralExpression(o)) return undefined;
  const url = propertyValue(findProperty(o, 'url') ?? findProperty(o, 'path'));
  if (!url) return undefined;
  const method = stringOf(propertyValue(findProperty(o, 'method')));
  return { kind, url, method: method?.toUpperCase() };
}

function stringOf(e: ts.Expression | undefined): string | undefined {
  const v = e && unwrap(e);
  return v && (ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v)) ? v.text : undefined;
}

function isFunction(e: ts.Expression | undefined): boolean {
  const v = e && unwrap(e);
  return !!v && (ts.isArrowFunction(v) || ts.isFunctionExpression(v));
}

/** The names msw's `http` and `rest` are imported or required under in this module. */
function mswNames(sf: ts.SourceFile): Set<string> {
  const out = new Set<string>();
  const fromMsw = (spec: string) => spec === 'msw' || spec.startsWith('msw/');
  for (const s of sf.statements) {
    if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && fromMsw(s.moduleSpecifier.text)) {
      const named = s.importClause?.namedBindings;
      if (named && ts.isNamedImports(named))
        for (const el of named.elements) if (['http', 'rest'].includes((el.propertyName ?? el.name).text)) out.add(el.name.text);
    }
    if (ts.isVariableStatement(s))
      for (const d of s.declarationList.declarations) {
        const init = d.initializer && unwrap(d.initializer);
        const req = init && ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'require' ? stringOf(init.arguments[0]) : undefined;
        if (req && fromMsw(req) && ts.isObjectBindingPattern(d.name))
          for (const el of d.name.elements) {
            const prop = el.propertyName && ts.isIdentifier(el.propertyName) ? el.propertyName.text : ts.isIdentifier(el.name) ? el.name.text : '';
            if (['http', 'rest'].includes(prop) && ts.isIdentifier(el.name)) out.add(el.name.text);
          }
      }
  }
  return out;
}

// A glob matched against the whole URL (Playwright's route, Cypress' intercept): a last `*` also
// takes the query string (a route on `pickup_slots/*` matches `pickup_slots/slot_1?origin_address_id=…`).
// Where the path it ends moves so that it no longer ends with one (`courier_services/*/pickup_slots`),
// a `*` is kept at its end, or it would no longer match the request it doubles.
function keepTrailingStar(f: Finding, unit: Unit, url: ts.Expression): void {
  if (!(ts.isStringLiteral(url) || ts.isNoSubstitutionTemplateLiteral(url)) || !url.text.endsWith('*')) return;
  if (f.file !== unit.file) return;
  const end = url.getEnd() - 1 + unit.offset;
  for (const e of f.edits ?? []) if (e.end === end && !e.text.endsWith('*')) e.text += '*';
}
