// What RTK Query calls an endpoint's `query` with. `createApi({ endpoints: (builder) => ({
// schedulePickup: builder.mutation({ query: (body) => ({ url, method: 'POST', body }) }) }) })`
// makes `useSchedulePickupMutation`, whose trigger (`const [schedule] = useSchedulePickupMutation()`)
// calls `query` with its first argument, as `api.endpoints.schedulePickup.initiate(x)` does; a
// query's hook (`useGetPickupQuery(x)`) is given it at once. The library is no module of the
// project, so `query` has no caller by name: those arguments are what its parameter takes, as a
// wrapper's callers' arguments are. Where the API or a hook is handed on in a way this does not
// follow, the body may be in either version.

import ts from '../../core/ts.cjs';
import { propName } from '../bindings.js';
import { unwrap } from '../evaluate.js';
import type { AnalysisState } from '../state.js';
import type { Unit } from '../units.js';
import { callersOf, functionName, type FunctionNode } from './callers.js';
import type { MutationArgs } from './react-query.js';
import { enclosingFunction, outermost, restParameter, usesAnywhere, usesOf } from './uses.js';

/** The builder's methods that define an endpoint. */
export const ENDPOINT_KINDS = new Set(['query', 'mutation', 'infiniteQuery']);

/** The `createApi(…)` or `api.injectEndpoints(…)` call whose `endpoints` builds this endpoint. */
export function endpointsOwner(n: ts.Node): ts.CallExpression | undefined {
  for (let p = n.parent; p; p = p.parent) {
    if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'endpoints') {
      const call = p.parent?.parent;
      return call && ts.isCallExpression(call) ? call : undefined;
    }
    if (ts.isSourceFile(p)) return undefined;
  }
  return undefined;
}

/** An endpoint whose `query` is a given function: the builder's call, its kind, its name and the API it is part of. */
interface Endpoint {
  call: ts.CallExpression;
  kind: string;
  /** the key it is defined under (undefined: not written as one) */
  name?: string;
  owner: ts.CallExpression;
}

/** The endpoint a function is the `query` of (`builder.mutation({ query: (body) => … })`), if it is one. */
function endpointOfQuery(fn: ts.Node): Endpoint | undefined {
  const at = outermost(fn);
  const prop = ts.isMethodDeclaration(fn) ? fn : at.parent && ts.isPropertyAssignment(at.parent) && at.parent.initializer === at ? at.parent : undefined;
  if (!prop || propName(prop.name) !== 'query' || !ts.isObjectLiteralExpression(prop.parent)) return undefined;
  const def = outermost(prop.parent);
  const call = def.parent;
  if (!call || !ts.isCallExpression(call) || call.arguments[0] !== def) return undefined;
  const callee = unwrap(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !ENDPOINT_KINDS.has(callee.name.text)) return undefined;
  const owner = endpointsOwner(call);
  if (!owner) return undefined;
  const key = outermost(call).parent;
  const name = key && ts.isPropertyAssignment(key) ? propName(key.name) : undefined;
  return { call, kind: callee.name.text, name, owner };
}

/**
 * The type an endpoint's `query` parameter takes from the builder (`builder.mutation<Pickup,
 * PickupArgs>`), when the parameter is written without one of its own: the body's request type,
 * where the body is that parameter.
 */
export function queryArgType(acc: AnalysisState, unit: Unit, e: ts.Expression): ts.TypeNode | undefined {
  if (!ts.isIdentifier(e)) return undefined;
  // (or the rest of it, `({ orderId, ...body }) =>`: the keys taken out are no old ones, restParameter)
  const named = acc.bindings.resolve(unit, e);
  const d = (named && restParameter(named)) ?? named;
  if (d?.kind !== 'param' || d.index !== 0 || d.node.type) return undefined;
  const ep = endpointOfQuery(d.fn);
  return ep?.call.typeArguments?.[1];
}

/** The hooks RTK Query makes for an endpoint, each with what takes the argument: the hook's call, or the trigger it returns. */
function hooksOf(kind: string, name: string): Map<string, 'call' | 'trigger'> {
  const cap = name[0].toUpperCase() + name.slice(1);
  if (kind === 'mutation') return new Map([[`use${cap}Mutation`, 'trigger']]);
  if (kind === 'infiniteQuery') return new Map(['', 'State', 'Subscription'].map((s) => [`use${cap}InfiniteQuery${s}`, 'call']));
  return new Map([
    [`use${cap}Query`, 'call'],
    [`use${cap}QueryState`, 'call'],
    [`use${cap}QuerySubscription`, 'call'],
    [`useLazy${cap}Query`, 'trigger'],
    [`useLazy${cap}QuerySubscription`, 'trigger'],
  ]);
}

/** The methods of `api.endpoints.<name>`: what takes the argument; those that send nothing are left out, anything else is not followed. */
const ENDPOINT_METHODS = new Map<string, 'call' | 'trigger'>([
  ['initiate', 'call'],
  ['select', 'call'],
  ['useQuery', 'call'],
  ['useQueryState', 'call'],
  ['useQuerySubscription', 'call'],
  ['useInfiniteQuery', 'call'],
  ['useMutation', 'trigger'],
  ['useLazyQuery', 'trigger'],
  ['useLazyQuerySubscription', 'trigger'],
]);
const ENDPOINT_QUIET = new Set(['matchFulfilled', 'matchPending', 'matchRejected', 'name', 'Types']);
/** `api.util`'s methods that name an endpoint and take its argument (the cache entries they touch are keyed by it). */
const UTIL_WITH_ARG = new Set(['prefetch', 'updateQueryData', 'upsertQueryData', 'patchQueryData']);
/** React's hooks whose last argument lists what they depend on (a trigger named there is not handed on). */
const DEPENDENCY_HOOKS = new Set(['useCallback', 'useEffect', 'useMemo', 'useLayoutEffect', 'useInsertionEffect', 'useImperativeHandle']);

/**
 * The values an RTK Query endpoint's `query` parameter takes: the argument of each call of the
 * endpoint's hooks, triggers and `initiate`. Undefined where the function is no endpoint's `query`.
 */
export function endpointArgs(acc: AnalysisState, unit: Unit, fn: ts.SignatureDeclaration, index: number): MutationArgs | undefined {
  const ep = endpointOfQuery(fn);
  if (!ep) return undefined;
  const out: MutationArgs = { args: [] };
  // (the library calls `query` with one argument)
  if (index !== 0) return out;
  const holder = outermost(ep.owner).parent;
  if (ep.name === undefined || !holder || !ts.isVariableDeclaration(holder) || !ts.isIdentifier(holder.name)) {
    out.unseen = `the endpoint is not defined under a name in an API held in a variable, so the check cannot find the hooks that call it, and the body they pass may be in either version: move the request and its body together by hand`;
    return out;
  }
  // the modules using the API's hooks are read with it only where it is a candidate (the text test
  // draws in the importers of a module making an API): one read only for an import drew none
  if (!acc.candidates.has(unit.file)) {
    out.unseen = `the API is defined in a module the check reads only for an import, so it does not read every module calling the endpoint's hooks, and the body they pass may be in either version: move the request and its body together by hand`;
    return out;
  }
  const f = new Follower(acc, ep.name, hooksOf(ep.kind, ep.name), out);
  for (const { unit: u, use } of usesAnywhere(acc, holder.name, (d) => d.kind === 'var' && d.node === holder)) {
    // (`export default api` is followed from the modules importing it; `{ api }` hands it on)
    if (ts.isShorthandPropertyAssignment(use.parent)) f.handedOn(u, use.parent);
    else if (!ts.isExportAssignment(use.parent)) f.api(u, use, 0);
  }
  return out;
}

/** Follows an API's uses to the arguments its endpoint's hooks are called with. */
class Follower {
  constructor(
    private readonly acc: AnalysisState,
    private readonly name: string,
    private readonly hooks: Map<string, 'call' | 'trigger'>,
    private readonly out: MutationArgs,
  ) {}

  handedOn(unit: Unit, n: ts.Node): void {
    const text = n.getText(unit.sf).replace(/\s+/g, ' ');
    this.out.unseen ??= `the API or the hook that sends it is handed on (\`${text.length > 60 ? text.slice(0, 57) + '…' : text}\`) where the check does not follow the calls of the endpoint \`${this.name}\`, so the body they pass may be in either version: move the request and its body together by hand`;
  }

  /** A use of the API (`e` evaluates to it). */
  api(unit: Unit, e: ts.Expression, depth: number): void {
    const at = outermost(e);
    const p = at.parent;
    if (ts.isPropertyAccessExpression(p) && p.expression === at) {
      const member = p.name.text;
      const hook = this.hooks.get(member);
      if (hook) this.hook(unit, p, hook, depth);
      else if (member === 'endpoints') this.endpoints(unit, p);
      else if (member === 'util') this.util(unit, p);
      else if (member === 'usePrefetch') {
        const call = outermost(p).parent;
        if (ts.isCallExpression(call) && this.names(call.arguments[0])) this.handedOn(unit, call);
      } else if (member === 'injectEndpoints' || member === 'enhanceEndpoints') {
        // the API they give back has this endpoint's hooks too
        const call = outermost(p).parent;
        if (ts.isCallExpression(call) && depth < 4) this.api(unit, call, depth + 1);
      }
      // (another endpoint's hook, the reducer, the middleware: nothing of this endpoint)
      return;
    }
    // `<ApiProvider api={api}>` gives the hooks their store; it calls no endpoint
    if (ts.isJsxExpression(p) && ts.isJsxAttribute(p.parent) && ts.isIdentifier(p.parent.name) && p.parent.name.text === 'api') return;
    if (ts.isVariableDeclaration(p) && p.initializer === at) {
      if (ts.isIdentifier(p.name)) {
        // (an alias, or the API `injectEndpoints` gives back, used in other modules too)
        if (depth < 4) for (const { unit: u, use } of usesAnywhere(this.acc, p.name, (d) => d.kind === 'var' && d.node === p)) this.api(u, use, depth + 1);
        return;
      }
      if (!ts.isObjectBindingPattern(p.name)) return this.handedOn(unit, p);
      // `export const { useSchedulePickupMutation } = api`
      for (const el of p.name.elements) {
        const key = el.dotDotDotToken ? undefined : propName(el.propertyName ?? el.name);
        if (key === undefined) return this.handedOn(unit, el);
        const hook = this.hooks.get(key);
        if (!hook && key !== 'endpoints' && key !== 'util') continue;
        if (!ts.isIdentifier(el.name)) return this.handedOn(unit, el);
        for (const { unit: u, use: id } of usesAnywhere(this.acc, el.name, (d) => d.kind === 'binding' && d.node === el)) {
          if (hook) this.hook(u, id, hook, depth);
          else {
            const q = outermost(id).parent;
            if (!ts.isPropertyAccessExpression(q)) this.handedOn(u, q);
            else if (key === 'endpoints') this.endpoint(u, q);
            else this.util(u, id);
          }
        }
      }
      return;
    }
    this.handedOn(unit, p);
  }

  /** `api.endpoints` (`e`): this endpoint's entry. */
  private endpoints(unit: Unit, e: ts.Expression): void {
    const p = outermost(e).parent;
    if (ts.isPropertyAccessExpression(p)) {
      if (p.name.text === this.name) this.endpointMember(unit, p);
    } else this.handedOn(unit, p);
  }

  /** `endpoints.<name>` written on a name destructured from the API (`e` is that access). */
  private endpoint(unit: Unit, e: ts.PropertyAccessExpression): void {
    if (e.name.text === this.name) this.endpointMember(unit, e);
  }

  /** `api.endpoints.<name>` (`e`): its method. */
  private endpointMember(unit: Unit, e: ts.Expression): void {
    const p = outermost(e).parent;
    if (!ts.isPropertyAccessExpression(p)) return this.handedOn(unit, p);
    const how = ENDPOINT_METHODS.get(p.name.text);
    if (how) this.hook(unit, p, how, 0);
    else if (!ENDPOINT_QUIET.has(p.name.text)) this.handedOn(unit, p);
  }

  /** `api.util` (`e`): a method naming this endpoint with an argument. */
  private util(unit: Unit, e: ts.Expression): void {
    const p = outermost(e).parent;
    if (!ts.isPropertyAccessExpression(p)) return this.handedOn(unit, p);
    const call = outermost(p).parent;
    if (!ts.isCallExpression(call) || call.expression !== outermost(p)) return;
    const first = call.arguments[0];
    if (!first || (ts.isStringLiteralLike(first) && first.text !== this.name)) return;
    if (!this.names(first) || !UTIL_WITH_ARG.has(p.name.text)) {
      // (an endpoint named by what the check cannot read may be this one)
      if (!ts.isStringLiteralLike(first) && UTIL_WITH_ARG.has(p.name.text)) this.handedOn(unit, call);
      return;
    }
    this.argument(unit, call, 1);
  }

  /** Does this argument name the endpoint (`'schedulePickup'`)? */
  private names(a: ts.Expression | undefined): boolean {
    return !!a && ts.isStringLiteralLike(a) && a.text === this.name;
  }

  /** A hook (`e`: the hook itself, called or not): its call's argument, or its trigger's calls'. */
  private hook(unit: Unit, e: ts.Expression, how: 'call' | 'trigger', depth: number): void {
    const at = outermost(e);
    const call = at.parent;
    if (!ts.isCallExpression(call) || call.expression !== at) return this.handedOn(unit, call);
    if (how === 'call') this.argument(unit, call, 0);
    else this.tuple(unit, call, depth);
  }

  /** A call's argument at `i`, as a value the endpoint's `query` takes. */
  private argument(unit: Unit, call: ts.CallExpression, i: number): void {
    const a = call.arguments[i];
    if (call.arguments.slice(0, i + 1).some((x) => ts.isSpreadElement(x))) this.handedOn(unit, call);
    else if (a) this.out.args.push({ unit, expr: a });
  }

  /** What a trigger hook returns (`[trigger, state]`, `e`): the trigger's calls. */
  private tuple(unit: Unit, e: ts.Expression, depth: number): void {
    if (depth > 4) return this.handedOn(unit, e);
    const at = outermost(e);
    const p = at.parent;
    if (ts.isVariableDeclaration(p) && p.initializer === at) {
      if (ts.isArrayBindingPattern(p.name)) {
        const first = p.name.elements[0];
        if (!first || ts.isOmittedExpression(first)) return;
        if (first.dotDotDotToken || !ts.isIdentifier(first.name)) return this.handedOn(unit, first);
        for (const n of usesOf(this.acc, unit, first, first.name)) this.trigger(unit, n);
        return;
      }
      if (ts.isIdentifier(p.name)) {
        // `const m = useXMutation(); m[0](x)`
        for (const n of usesOf(this.acc, unit, p, p.name)) {
          const q = outermost(n).parent;
          if (ts.isElementAccessExpression(q) && ts.isNumericLiteral(q.argumentExpression)) {
            if (q.argumentExpression.text === '0') this.trigger(unit, q);
          } else this.handedOn(unit, q);
        }
        return;
      }
      return this.handedOn(unit, p);
    }
    // a hook of the project that returns it (`useSchedule = () => useSchedulePickupMutation()`): its callers'
    const fn = ts.isReturnStatement(p) ? enclosingFunction(p) : ts.isArrowFunction(p) && p.body === at ? p : undefined;
    // (one the check finds no call of may be called where it does not read: held)
    const callers = fn && functionName(fn) ? callersOf(this.acc, fn as FunctionNode) : [];
    if (callers.length) for (const c of callers) this.tuple(c.unit, c.call, depth + 1);
    else this.handedOn(unit, p);
  }

  /** A trigger (`e`): the first argument of each call. */
  private trigger(unit: Unit, e: ts.Expression): void {
    const at = outermost(e);
    const p = at.parent;
    if (ts.isCallExpression(p) && p.expression === at) return this.argument(unit, p, 0);
    // named among a React hook's dependencies (`useCallback(() => schedule(x), [schedule])`)
    const deps = ts.isArrayLiteralExpression(p) ? p.parent : undefined;
    if (deps && ts.isCallExpression(deps) && deps.arguments[deps.arguments.length - 1] === p && DEPENDENCY_HOOKS.has(calleeName(deps))) return;
    this.handedOn(unit, p);
  }
}

const calleeName = (call: ts.CallExpression): string => {
  const c = unwrap(call.expression);
  return ts.isIdentifier(c) ? c.text : ts.isPropertyAccessExpression(c) ? c.name.text : '';
};
