// Nest's HTTP module: the base URL an injected `HttpService` sends through is the one registered by
// the Nest module that provides the class (`@Module({ imports: [HttpModule.register({ baseURL })],
// providers: [ThatService] })`), or by a test's `Test.createTestingModule({ … })`. Where the check
// cannot tell which registration a class gets, the base is unknown, never guessed.

import ts from '../../core/ts.cjs';
import { type Piece, findProperty, propertyValue, unwrap } from '../evaluate.js';
import type { ClassNode } from '../class-view.js';
import type { AnalysisState } from '../state.js';
import { treeIndex, type Unit } from '../units.js';

const BASE_KEYS = ['baseURL', 'prefixUrl', 'baseUrl', 'prefixURL'];

/**
 * What an `HttpService` sends through: a base, `'none'` (Nest's plain `HttpModule`, or a
 * registration without a base), or `'unknown'` (a base the check cannot see, or cannot tell
 * between several registrations).
 */
export type NestBase = { base: Piece[]; at: ts.CallExpression } | 'none' | 'unknown';

/** A module's metadata object: `@Module({ … })` or `Test.createTestingModule({ … })`. */
interface Metadata {
  unit: Unit;
  node: ts.ObjectLiteralExpression;
}

/** The base of the `HttpService` a class of the project is injected with (`cls`: the class, in `unit`). */
export function nestBase(acc: AnalysisState, cls: ClassNode | undefined): NestBase {
  const registrations: ts.CallExpression[] = [];
  const metadata: Metadata[] = [];
  const units = new Map<ts.CallExpression, Unit>();
  for (const u of acc.store.all()) {
    if (!u.sf.text.includes('Module')) continue;
    for (const call of treeIndex(u.sf).calls) {
      const c = unwrap(call.expression);
      if (isRegistration(call)) {
        registrations.push(call);
        units.set(call, u);
      } else if ((ts.isIdentifier(c) && c.text === 'Module' && ts.isDecorator(call.parent)) || (ts.isPropertyAccessExpression(c) && c.name.text === 'createTestingModule')) {
        const obj = call.arguments[0] && acc.ev.objectOf(u, call.arguments[0]);
        if (obj) metadata.push({ unit: obj.unit, node: obj.node });
      }
    }
  }
  if (!registrations.length) return 'none';
  const registered = (call: ts.CallExpression): NestBase => baseOf(acc, units.get(call)!, call);
  // (where no module the check sees provides the class, the project's one registration, if it has one)
  const fallback = (): NestBase => (registrations.length === 1 ? registered(registrations[0]) : 'unknown');
  const providing = cls ? metadata.filter((m) => provides(acc, m, cls)) : [];
  if (!providing.length) return fallback();
  const bases = providing.map((m) => httpOf(acc, m, registered, fallback));
  const first = bases[0];
  // several modules providing the class: the same registration in each, or the base is unknown
  return bases.every((b) => b === first || (typeof b !== 'string' && typeof first !== 'string' && b.at === first.at)) ? first : 'unknown';
}

/** `HttpModule.register(…)`, `HttpModule.registerAsync(…)`. */
function isRegistration(call: ts.CallExpression): boolean {
  const c = unwrap(call.expression);
  return ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.expression) && c.expression.text === 'HttpModule' && c.name.text.startsWith('register');
}

/** The base a registration gives: `register({ baseURL })`; one it cannot read (`registerAsync` with a factory) is unknown. */
function baseOf(acc: AnalysisState, unit: Unit, call: ts.CallExpression): NestBase {
  const c = unwrap(call.expression) as ts.PropertyAccessExpression;
  const cfg = c.name.text === 'register' && call.arguments[0] ? acc.ev.objectOf(unit, call.arguments[0]) : undefined;
  if (!cfg) return 'unknown';
  if (cfg.node.properties.some((p) => ts.isSpreadAssignment(p))) return 'unknown';
  const value = propertyValue(BASE_KEYS.map((k) => findProperty(cfg.node, k)).find(Boolean));
  return value ? { base: acc.pieces(cfg.unit, value), at: call } : 'none';
}

/** The elements of an array a metadata key gives (`imports: […]`), or undefined where it is not written out. */
function listOf(m: Metadata, key: string): ts.Expression[] | undefined {
  const v = propertyValue(findProperty(m.node, key));
  if (!v) return [];
  const list = unwrap(v);
  if (!ts.isArrayLiteralExpression(list) || list.elements.some(ts.isSpreadElement)) return undefined;
  return list.elements.map((e) => unwrap(e));
}

/** Does a module's `providers` name the class (itself, or `{ provide: …, useClass: TheClass }`)? */
function provides(acc: AnalysisState, m: Metadata, cls: ClassNode): boolean {
  const isClass = (e: ts.Expression | undefined): boolean => {
    const v = e && unwrap(e);
    const d = v && ts.isIdentifier(v) ? acc.bindings.resolve(m.unit, v) : undefined;
    return d?.kind === 'class' && d.node === cls;
  };
  return (listOf(m, 'providers') ?? []).some((e) => isClass(e) || (ts.isObjectLiteralExpression(e) && isClass(propertyValue(findProperty(e, 'useClass')))));
}

/**
 * The `HttpService` a module's providers get: from the `HttpModule` its `imports` register (or name
 * plainly, with no base), else from a module it imports that exports `HttpModule`; several, or
 * imports the check cannot read, make it unknown.
 */
function httpOf(acc: AnalysisState, m: Metadata, registered: (call: ts.CallExpression) => NestBase, fallback: () => NestBase): NestBase {
  const imports = listOf(m, 'imports');
  if (!imports) return 'unknown';
  const found: NestBase[] = [];
  const own = (list: ts.Expression[]) => {
    for (const e of list) {
      if (ts.isCallExpression(e) && isRegistration(e)) found.push(registered(e));
      else if (ts.isIdentifier(e) && e.text === 'HttpModule') found.push('none');
    }
  };
  own(imports);
  if (!found.length) {
    // (one step on: a shared module that registers `HttpModule` and exports it)
    for (const e of imports) {
      const d = ts.isIdentifier(e) ? acc.bindings.resolve(m.unit, e) : undefined;
      if (d?.kind !== 'class') continue;
      const meta = moduleMetadata(acc, d.unit, d.node);
      const exported = meta && listOf(meta, 'exports');
      if (!meta || !exported?.some((x) => (ts.isIdentifier(x) && x.text === 'HttpModule') || (ts.isCallExpression(x) && isRegistration(x)))) continue;
      const theirs = listOf(meta, 'imports');
      if (!theirs) return 'unknown';
      own(theirs);
    }
  }
  if (!found.length) return fallback();
  return found.length === 1 ? found[0] : 'unknown';
}

/** The metadata of a class decorated `@Module({ … })`. */
function moduleMetadata(acc: AnalysisState, unit: Unit, cls: ts.ClassDeclaration): Metadata | undefined {
  for (const dec of ts.getDecorators(cls) ?? []) {
    const call = dec.expression;
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== 'Module' || !call.arguments[0]) continue;
    const obj = acc.ev.objectOf(unit, call.arguments[0]);
    if (obj) return { unit: obj.unit, node: obj.node };
  }
  return undefined;
}
