// Every other use of a versioned base. A base moves with every relative path sent through it, so
// each reference to what holds it (the constants its version comes through, the client instance
// made with it) must be one the check read as such a request. Any other (the instance handed to a
// function that sends with it, read through a namespace the check does not follow, exported under
// a CommonJS name, given a second `baseURL`, named in a component's markup) may send a path the
// check cannot see: it holds the base, with where it is.

import ts from '../../core/ts.cjs';
import type { Decl } from '../bindings.js';
import { unwrap } from '../evaluate.js';
import type { AnalysisState, BaseGroup } from '../state.js';
import type { Unit } from '../units.js';
import { type ClassNode, classParts, constructedClass, constructorOf, enclosingClass, isConstructorFunction } from '../class-view.js';
import { calledFunction } from './callers.js';
import { BASE_KEYS, isCreate } from './instance-base.js';
import { contains, declared, exported, keyRead } from './path-constants.js';
import { enclosingFunction, isReference, markupMentions, outermost, usesAnywhere } from './uses.js';
import { identifiers } from './identifiers.js';
import { unseenUse } from './versioned-base.js';

const BASE_OPTIONS = new Set(BASE_KEYS);
/** an instance's members a use may touch without sending anything (`http.interceptors.request.use(…)`, `http.defaults.headers`) */
const QUIET_MEMBERS = new Set(['interceptors', 'defaults']);

/** What holds a base: a variable (or an endpoint map's key), or a class's member (`this.http`). */
/** (`returns`: a factory of the project returning the instance, whose calls are where the instance goes) */
type Holder =
  | { kind: 'var'; unit: Unit; decl: ts.VariableDeclaration | ts.FunctionDeclaration | ts.BindingElement; name: ts.Identifier; key?: string; label: string; returns?: true }
  | { kind: 'member'; unit: Unit; cls: ClassNode; name: string; label: string };

/** Look once for the base's other uses; each one found holds it (BaseGroup.unseen). */
export function checkBaseUses(acc: AnalysisState, g: BaseGroup): void {
  if (g.usesChecked) return;
  g.usesChecked = true;
  const seen = new Set<ts.Node>();
  const holders: Holder[] = [];
  for (const v of g.vias) {
    const d = declared(v);
    if (d) holders.push({ kind: 'var', unit: d.unit, decl: d.decl, name: d.name, key: d.key, label: v.label });
  }
  // a base written in the instance's own options (`axios.create({ baseURL: 'https://…/2023-01' })`)
  const made = instanceOf(g.unit, g.literal);
  if (made) holders.push(made);
  const chain = new Set(holders.flatMap((h) => (h.kind === 'var' ? [h.decl] : [])));
  for (let i = 0; i < holders.length && i < 12; i++) {
    const h = holders[i];
    const key = h.kind === 'var' ? h.decl : h.cls;
    if (seen.has(key) && h.kind === 'var') continue;
    seen.add(key);
    for (const use of otherUses(acc, g, h, chain)) {
      if ('holder' in use) holders.push(use.holder);
      else unseenUse(acc, g, use.unit, use.node, use.why);
    }
  }
  // (past that many names, what the rest do with it is not looked at: it holds)
  if (holders.length > 12) unseenUse(acc, g, g.unit, g.literal, 'paths the check cannot see: the base is handed on under more names than the check follows');
}

type Found = { holder: Holder } | { unit: Unit; node: ts.Node; why: string };

/** The uses of a holder that are no request the group saw (or instances made with it, to look at in turn). */
function otherUses(acc: AnalysisState, g: BaseGroup, h: Holder, chain: Set<ts.Node>): Found[] {
  const out: Found[] = [];
  const label = `\`${h.label}\``;
  if (h.kind === 'var' && !ts.isBindingElement(h.decl) && exported({ unit: h.unit, decl: h.decl }) && !acc.importersRead(h.unit)) {
    out.push({ unit: h.unit, node: h.decl, why: `paths the check cannot see: ${label} is exported from a module whose importers the check does not all read` });
    return out;
  }
  // a component whose markup names the holder (`@click="api('/labels', …)"`): what it sends there is not read
  const isHolder = (d: Decl) => h.kind === 'var' && 'node' in d && d.node === h.decl;
  for (const u of h.kind === 'var' ? markupMentions(acc, h.name.text, isHolder) : [])
    out.push({ unit: h.unit, node: h.kind === 'var' ? h.name : (h.cls.name ?? h.cls), why: `paths the check cannot see: the markup of ${acc.shownFile(u.file)}, which the check does not read, uses ${label}` });
  // a name an importer destructures from the holder's module (`const { SHIPPING_API } = await import('./config')`,
  // `const { API } = config` with `import * as config`): a holder of its own; any other mention there is a use not followed
  const elsewhere = h.kind === 'var' && !ts.isBindingElement(h.decl) && ts.isSourceFile(h.decl.parent?.parent?.parent ?? h.decl.parent) ? destructuredElsewhere(acc, h) : { holders: [], uses: [] };
  for (const holder of elsewhere.holders) out.push({ holder });
  for (const use of [...usesOf(acc, h), ...elsewhere.uses]) {
    const { unit } = use;
    let { node } = use;
    // a factory's call is where the instance goes (`const http = makeHttp(…)`); the factory named other than in a call is a use
    if (h.kind === 'var' && h.returns) node = calledAt(node) ?? node;
    if (g.sends.some((s) => contains(s, node))) continue;
    // the instance made and called at once, with a URL the group read (`api(env)('/labels', …)`)
    const outer = node !== use.node ? calledAt(node) : undefined;
    if (outer && g.sends.some((s) => outer.arguments.some((a) => contains(a, s)))) continue;
    // (read where another holder of the same base is defined: `const API = ROOT`)
    if ([...chain].some((d) => d !== (h.kind === 'var' ? h.decl : undefined) && contains(d, node))) continue;
    if (exportOnly(node)) continue;
    const instance = instanceOf(unit, node) ?? (node !== use.node ? keptIn(unit, node) : undefined) ?? factoryOf(unit, node);
    if (instance) {
      out.push({ holder: instance });
      continue;
    }
    if (quietMember(node) || followedElsewhere(acc, unit, node) || harmless(node)) continue;
    const cjs = commonJsExport(node);
    if (cjs) {
      if (!acc.importersRead(unit)) out.push({ unit, node: around(node), why: `paths the check cannot see: ${label} is exported from a module whose importers the check does not all read` });
      else out.push(...requirers(acc, unit, cjs.name, h));
      continue;
    }
    const handed = handedOn(node) ?? defaultOf(node);
    if (handed && handedToSends(acc, g, unit, handed)) continue;
    out.push({ unit, node: around(node), why: handed ? `paths the check cannot see: ${label} is handed on there, and the check does not follow it to every request made with it` : `paths the check cannot see: ${label} is used there other than in a request it reads` });
  }
  return out;
}

/**
 * What other modules that import the holder's module (statically, `import()`, `require`) do with a
 * name like it that does not resolve to it: a binding destructured from the module (or a namespace of
 * it) is a holder in turn; a mention that resolves to nothing is a use the check cannot follow.
 */
function destructuredElsewhere(acc: AnalysisState, h: Extract<Holder, { kind: 'var' }>): { holders: Holder[]; uses: { unit: Unit; node: ts.Node }[] } {
  const holders: Holder[] = [];
  const uses: { unit: Unit; node: ts.Node }[] = [];
  const name = h.name.text;
  for (const u of acc.store.all()) {
    if (u.file === h.unit.file || !u.sf.text.includes(name)) continue;
    if (!acc.store.imports(u.file, h.unit.file, u.sf.text)) continue;
    for (const id of identifiers(acc, u, name)) {
      const el = id.parent;
      if (ts.isBindingElement(el) && (el.propertyName ?? el.name) === id && ts.isObjectBindingPattern(el.parent) && ts.isIdentifier(el.name)) {
        const d = acc.bindings.resolve(u, el.name);
        if (!d || !('node' in d) || d.node !== h.decl) holders.push({ kind: 'var', unit: u, decl: el, name: el.name, label: `${h.label} (as ${acc.shownFile(u.file)} has it)`, returns: h.returns });
        continue;
      }
      // `config.API` with `config = await import('./config')`: a use where no namespace import says whose it is
      if (ts.isPropertyAccessExpression(el) && el.name === id) {
        const obj = unwrap(el.expression);
        const d = ts.isIdentifier(obj) ? acc.bindings.resolve(u, obj) : undefined;
        // (a global's member of the same name, `process.env` beside a holder named `env`, is none)
        if ((d || !ts.isIdentifier(obj)) && d?.kind !== 'module') uses.push({ unit: u, node: el });
        continue;
      }
      if (isReference(id) && !acc.bindings.resolve(u, id)) uses.push({ unit: u, node: id });
    }
  }
  return { holders, uses };
}

/** The references to a holder: a variable's (an endpoint map's, its key read), or `this.x` in its class. */
function usesOf(acc: AnalysisState, h: Holder): { unit: Unit; node: ts.Node }[] {
  if (h.kind === 'member') {
    const out: { unit: Unit; node: ts.Node }[] = [];
    const visit = (n: ts.Node): void => {
      if (ts.isPropertyAccessExpression(n) && n.expression.kind === ts.SyntaxKind.ThisKeyword && n.name.text === h.name && enclosingClass(n) === h.cls && !assignedHere(n)) out.push({ unit: h.unit, node: n });
      ts.forEachChild(n, visit);
    };
    for (const part of classParts(h.cls)) visit(part);
    return out;
  }
  const uses = usesAnywhere(acc, h.name, (d) => (d.kind === 'var' || d.kind === 'func' || d.kind === 'binding') && d.node === h.decl);
  const out: { unit: Unit; node: ts.Node }[] = [];
  for (const { unit, use } of uses) {
    if (h.key === undefined) out.push({ unit, node: use });
    else {
      const read = keyRead(use, h.key);
      // (another key of the map: no read of the base); the whole map handed somewhere is a use
      if (read !== null) out.push({ unit, node: read ?? use });
    }
  }
  return out;
}

/** `this.http = axios.create(…)`: the member's own definition, no use of it. */
function assignedHere(n: ts.PropertyAccessExpression): boolean {
  const p = n.parent;
  return ts.isBinaryExpression(p) && p.left === n && p.operatorToken.kind === ts.SyntaxKind.EqualsToken;
}

/** The client instance a base option makes (`const http = axios.create({ baseURL: <node> })`, a class member set to one). */
function instanceOf(unit: Unit, node: ts.Node): Holder | undefined {
  let at = outermost(node);
  // (the base written in a template with the host: `baseURL: \`${HOST}/2023-01\``)
  while (at.parent && (ts.isTemplateSpan(at.parent) || ts.isTemplateExpression(at.parent) || (ts.isBinaryExpression(at.parent) && at.parent.operatorToken.kind === ts.SyntaxKind.PlusToken))) at = outermost(at.parent);
  const prop = at.parent;
  if (!prop || !ts.isPropertyAssignment(prop) || prop.initializer !== at || !BASE_OPTIONS.has(prop.name.getText(unit.sf).replace(/['"]/g, ''))) return undefined;
  const obj = prop.parent;
  const call = obj.parent;
  if (!ts.isCallExpression(call) || call.arguments[0] !== obj || !isCreate(call)) return undefined;
  return keptIn(unit, call) ?? factoryOf(unit, call);
}

/** The name a value is kept in: a variable it initialises, a class's member it sets. */
function keptIn(unit: Unit, value: ts.Node): Holder | undefined {
  const holder = outermost(value).parent;
  if (ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) && holder.initializer === outermost(value)) return { kind: 'var', unit, decl: holder, name: holder.name, label: holder.name.text };
  const cls = enclosingClass(value);
  if (cls && ts.isPropertyDeclaration(holder) && ts.isIdentifier(holder.name) && holder.initializer === outermost(value)) return { kind: 'member', unit, cls, name: holder.name.text, label: `this.${holder.name.text}` };
  if (cls && ts.isBinaryExpression(holder) && holder.right === outermost(value) && holder.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(holder.left) && holder.left.expression.kind === ts.SyntaxKind.ThisKeyword)
    return { kind: 'member', unit, cls, name: holder.left.name.text, label: `this.${holder.left.name.text}` };
  return undefined;
}

/**
 * The factory a value is returned from (`return axios.create({ … })`, `return instance`, an arrow's
 * body), when it is a named function (`function makeHttp`, `const makeHttp = () => …`): its calls
 * hold what it returns. A method or a nameless function is not followed (the return is a use).
 */
function factoryOf(unit: Unit, value: ts.Node): Holder | undefined {
  const at = outermost(value);
  const p = at.parent;
  const fn = ts.isReturnStatement(p) && p.expression === at ? enclosingFunction(p) : ts.isArrowFunction(p) && p.body === at ? p : undefined;
  if (fn && ts.isFunctionDeclaration(fn) && fn.name) return { kind: 'var', unit, decl: fn, name: fn.name, label: `${fn.name.text}()`, returns: true };
  const held = fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) ? outermost(fn).parent : undefined;
  if (held && ts.isVariableDeclaration(held) && ts.isIdentifier(held.name) && held.initializer === outermost(fn!)) return { kind: 'var', unit, decl: held, name: held.name, label: `${held.name.text}()`, returns: true };
  return undefined;
}

/** The call a reference is the callee of (`makeHttp` of `makeHttp(base)`). */
function calledAt(node: ts.Node): ts.CallExpression | undefined {
  const at = outermost(node);
  return ts.isCallExpression(at.parent) && at.parent.expression === at ? at.parent : undefined;
}

/** `export { http }`, `export default http`: the module's importers are looked at through usesAnywhere. */
function exportOnly(node: ts.Node): boolean {
  const p = node.parent;
  return !!p && (ts.isExportSpecifier(p) || ts.isExportAssignment(p));
}

/** `http.interceptors.request.use(…)`, `http.defaults.headers.common[…] = …`: no request, and no other base (`defaults.baseURL` is one). */
function quietMember(node: ts.Node): boolean {
  const p = outermost(node).parent;
  if (!ts.isPropertyAccessExpression(p) || p.expression !== outermost(node) || !QUIET_MEMBERS.has(p.name.text)) return false;
  const next = p.parent;
  return !(ts.isPropertyAccessExpression(next) && BASE_OPTIONS.has(next.name.text)) && !(ts.isElementAccessExpression(next) && ts.isStringLiteralLike(next.argumentExpression) && BASE_OPTIONS.has(next.argumentExpression.text));
}

/**
 * The instance (or constant) handed to a function or a class of the project whose every use of
 * that parameter is a request the group saw (`new LabelsApi(http)` with `this.http.post(…)` in
 * the class; `getAccount(http, id)` with `client.get(…)`).
 */
function handedToSends(acc: AnalysisState, g: BaseGroup, unit: Unit, handed: { call: ts.CallExpression | ts.NewExpression; index: number } | { fn: ts.SignatureDeclaration; index: number }): boolean {
  const { index } = handed;
  let fn: ts.SignatureDeclaration | undefined;
  let fnUnit = unit;
  if ('fn' in handed) fn = handed.fn;
  else if (handed.call.arguments!.slice(0, index + 1).some(ts.isSpreadElement)) return false;
  else if (ts.isNewExpression(handed.call)) {
    const call = handed.call;
    const c = unwrap(call.expression);
    const d = ts.isIdentifier(c) ? acc.bindings.resolve(unit, c) : undefined;
    // (a class, or a constructor function: class-view.ts)
    const cls: ClassNode | undefined = d?.kind === 'class' ? d.node : d?.kind === 'func' && isConstructorFunction(d.node) ? d.node : undefined;
    if (!d || !cls) return false;
    fn = constructorOf(cls);
    fnUnit = d.unit;
  } else {
    const called = calledFunction(acc, unit, handed.call.expression);
    if (!called) return false;
    fn = called.node as ts.SignatureDeclaration;
    fnUnit = called.unit;
  }
  const param = fn?.parameters[index];
  if (!fn || !param || !ts.isIdentifier(param.name)) return false;
  const name = param.name.text;
  const uses: ts.Node[] = [];
  const cls = fn && constructedClass(fn);
  // a constructor's parameter property, or a member it sets from the parameter: `this.<member>` in the class
  const members = new Set<string>();
  if (cls && ts.getModifiers(param)?.length) members.add(name);
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && n.text === name && n !== param.name) {
      const d = acc.bindings.resolve(fnUnit, n);
      if (d?.kind === 'param' && d.node === param) {
        const set = n.parent;
        if (cls && ts.isBinaryExpression(set) && set.right === n && ts.isPropertyAccessExpression(set.left) && set.left.expression.kind === ts.SyntaxKind.ThisKeyword) members.add(set.left.name.text);
        else uses.push(n);
      }
    }
    ts.forEachChild(n, visit);
  };
  const body = (fn as ts.FunctionLikeDeclaration).body;
  if (body) visit(body);
  if (cls) {
    const inClass = (n: ts.Node): void => {
      if (ts.isPropertyAccessExpression(n) && n.expression.kind === ts.SyntaxKind.ThisKeyword && members.has(n.name.text) && !assignedHere(n) && enclosingClass(n) === cls) uses.push(n);
      ts.forEachChild(n, inClass);
    };
    for (const part of classParts(cls)) inClass(part);
  }
  return uses.every((u) => g.sends.some((s) => contains(s, u)) || quietMember(u));
}

/**
 * A use another part of the check follows to every request made with it: the callee of a request
 * whose URL names its own host (`http.get('https://cdn…/logo.png')`: the base is not used), of a
 * call followed into a builder of its options (wrappers.ts), RTK Query's `fetchBaseQuery({ baseUrl })`
 * (rtk-query.ts reads every endpoint), an Angular `InjectionToken` (injection-tokens.ts), axios'
 * default (`axios.defaults.baseURL = API`, axios-defaults.ts), a webhook registration's `version`
 * the webhook checks report (webhooks.ts moves it with the registration or holds both).
 */
function followedElsewhere(acc: AnalysisState, unit: Unit, node: ts.Node): boolean {
  const at = outermost(node);
  const p = at.parent;
  // the callee's object: `http.get(…)`, or the instance called itself
  const call = ts.isPropertyAccessExpression(p) && p.expression === at ? p.parent : p;
  if (call && ts.isCallExpression(call) && (call.expression === p || call.expression === at)) {
    if (acc.followedCalls.has(call)) return true;
    const first = call.arguments[0] && unwrap(call.arguments[0]);
    if (first && ts.isStringLiteralLike(first) && /^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(first.text)) return true;
  }
  for (let n: ts.Node | undefined = p, i = 0; n && i < 6 && !ts.isStatement(n); n = n.parent, i++) {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'fetchBaseQuery') return true;
    if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'InjectionToken') return true;
  }
  if (ts.isBinaryExpression(p) && p.right === at && p.operatorToken.kind === ts.SyntaxKind.EqualsToken && /^axios\.defaults\.baseURL$/.test(p.left.getText(unit.sf).replace(/\s+/g, ''))) return true;
  if (ts.isPropertyAssignment(p) && p.initializer === at && p.name.getText(unit.sf) === 'version') {
    const start = at.getStart(unit.sf) + unit.offset;
    return [...acc.findings.values()].some((f) => f.file === unit.file && f.ruleId === 'webhook-version' && f.start <= start && f.end >= start);
  }
  return false;
}

/** A CommonJS export of a use: `exports.API = API`, `module.exports = { API }` (the name it goes by), `module.exports = client` (the module itself). */
function commonJsExport(node: ts.Node): { name?: string } | undefined {
  let at = outermost(node);
  let name: string | undefined;
  const prop = at.parent;
  if ((ts.isShorthandPropertyAssignment(prop) && prop.name === at) || (ts.isPropertyAssignment(prop) && prop.initializer === at)) {
    name = prop.name.getText();
    at = outermost(prop.parent);
  }
  const set = at.parent;
  if (!ts.isBinaryExpression(set) || set.right !== at || set.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return undefined;
  const target = set.left.getText().replace(/\s+/g, '');
  if (target === 'module.exports') return { name };
  const m = /^(?:module\.)?exports\.([\w$]+)$/.exec(target);
  return m && name === undefined ? { name: m[1] } : undefined;
}

/**
 * The modules requiring (or importing) a CommonJS module, each with what it binds (`const api =
 * require('./api')`, read as `api.API`; `const { API } = require('./api')`): holders of the base
 * in turn. A `require('./api').API` read in place is a use of its own.
 */
function requirers(acc: AnalysisState, home: Unit, name: string | undefined, h: Holder): Found[] {
  const out: Found[] = [];
  for (const u of acc.store.all()) {
    if (u.file === home.file || !/\brequire\s*\(|\bimport\b/.test(u.sf.text)) continue;
    const visit = (n: ts.Node): void => {
      const spec = ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'require' && n.arguments[0] && ts.isStringLiteralLike(n.arguments[0]) ? n.arguments[0].text : ts.isImportDeclaration(n) && ts.isStringLiteralLike(n.moduleSpecifier) ? n.moduleSpecifier.text : undefined;
      if (spec === undefined || acc.store.resolve(u.file, spec) !== home.file) return ts.forEachChild(n, visit);
      const bound = ts.isImportDeclaration(n) ? n.importClause : outermost(n).parent;
      const label = `${h.label} (as ${acc.shownFile(u.file)} has it)`;
      // an import of it: covered where each name it binds resolves to the holder (usesAnywhere found their uses)
      if (bound && ts.isImportClause(bound)) {
        if (!importResolves(acc, u, bound, name, h)) out.push({ unit: u, node: n, why: `paths the check cannot see: ${h.label} is imported there in a way the check does not follow` });
        return;
      }
      const returns = h.kind === 'var' ? h.returns : undefined;
      if (bound && ts.isVariableDeclaration(bound) && ts.isIdentifier(bound.name)) out.push({ holder: { kind: 'var', unit: u, decl: bound, name: bound.name, key: name, label, returns } });
      else if (bound && ts.isVariableDeclaration(bound) && ts.isObjectBindingPattern(bound.name) && name) {
        for (const el of bound.name.elements) if (ts.isIdentifier(el.name) && (el.propertyName ?? el.name).getText() === name) out.push({ holder: { kind: 'var', unit: u, decl: el, name: el.name, label, returns } });
      } else if (bound && ts.isPropertyAccessExpression(bound) && bound.name.text !== name) {
        // `require('./api').other`: no read of this name
      } else out.push({ unit: u, node: around(n), why: `paths the check cannot see: ${h.label} is read there from the module that exports it, in a way the check does not follow` });
    };
    visit(u.sf);
  }
  return out;
}

/** Does every name an import binds from the CommonJS module resolve to the holder (the default import, a named one, `ns.API`)? */
function importResolves(acc: AnalysisState, unit: Unit, clause: ts.ImportClause, name: string | undefined, h: Holder): boolean {
  if (h.kind !== 'var') return false;
  const names: ts.Identifier[] = [];
  if (clause.name) names.push(clause.name);
  const b = clause.namedBindings;
  if (b && ts.isNamedImports(b)) for (const el of b.elements) names.push(el.name);
  if (b && ts.isNamespaceImport(b)) {
    const m = acc.bindings.resolve(unit, b.name);
    const d = m?.kind === 'module' && name ? acc.bindings.exportOf(m.file, name) : undefined;
    if (!d || !('node' in d) || d.node !== h.decl) return false;
  }
  return names.every((n) => {
    const d = acc.bindings.resolve(unit, n);
    return !!d && 'node' in d && d.node === h.decl;
  });
}

/**
 * A use that sends nothing through the base: logged (`console.info('…', API)`), given to
 * axios-retry (it re-sends the same request). (A spy or an axios-mock-adapter on the instance is
 * not: the relative paths its test matches are no doubles the check moves, so it holds the base.)
 */
function harmless(node: ts.Node): boolean {
  const arg = outermost(node);
  const call = arg.parent;
  if (!call || !(ts.isCallExpression(call) || ts.isNewExpression(call)) || !call.arguments?.includes(arg as ts.Expression)) return false;
  const callee = call.expression.getText().replace(/\s+/g, '');
  return /^console\.\w+$/.test(callee) || /^axiosRetry$/.test(callee);
}

/** The instance given as a parameter's default (`constructor(private readonly http = api)`): handed to that function as its argument would be. */
function defaultOf(node: ts.Node): { fn: ts.SignatureDeclaration; index: number } | undefined {
  const at = outermost(node);
  const param = at.parent;
  if (!param || !ts.isParameter(param) || param.initializer !== at) return undefined;
  return { fn: param.parent, index: param.parent.parameters.indexOf(param) };
}

/** The call a use is an argument of (`getAccount(http, id)`, `new LabelsApi(http)`), with its place. */
function handedOn(node: ts.Node): { call: ts.CallExpression | ts.NewExpression; index: number } | undefined {
  const arg = outermost(node);
  const call = arg.parent;
  if (!call || !(ts.isCallExpression(call) || ts.isNewExpression(call))) return undefined;
  const index = call.arguments?.indexOf(arg as ts.Expression) ?? -1;
  return index < 0 ? undefined : { call, index };
}

/** What a use is shown as: the call, access or assignment it is part of, up to the function or statement around it. */
function around(node: ts.Node): ts.Node {
  let at: ts.Node = node;
  for (;;) {
    const p = at.parent;
    if (!p || ts.isStatement(p) || ts.isFunctionLike(p) || ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isSourceFile(p) || p.getText().length > 160) return at;
    at = p;
  }
}

