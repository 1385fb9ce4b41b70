// TanStack Query's mutations: `useMutation({ mutationFn: (body) => api.post(…, { json: body }) })`
// returns an object whose `mutate(x)` and `mutateAsync(x)` call `mutationFn(x)`. The library is
// no module of the project, so its callback has no caller by name: the arguments of those calls
// are what the callback's first parameter takes, as a wrapper's callers' arguments are. Where the
// mutation is handed on in a way this does not follow, the body may be in either version.

import ts from '../../core/ts.cjs';
import { propName } from '../bindings.js';
import { lastName } from '../syntax.js';
import type { AnalysisState } from '../state.js';
import type { Unit } from '../units.js';
import { identifiers } from './identifiers.js';
import { callersOf, functionName, type FunctionNode } from './callers.js';
import { enclosingFunction, outermost, usesOf } from './uses.js';

/** The hooks that make a mutation from its options (React, Vue; Svelte's and Solid's `createMutation`). */
const HOOKS = new Set(['useMutation', 'createMutation']);
/** The mutation's methods that call `mutationFn` with their first argument. */
const MUTATE = new Set(['mutate', 'mutateAsync']);

export interface MutationArgs {
  /** the arguments of the `mutate(…)` calls, for the callback's first parameter */
  args: { unit: Unit; expr: ts.Expression }[];
  /** why some call cannot be followed (the mutation handed on): the body may be in either version */
  unseen?: string;
}

/** The hook call a function is written as the `mutationFn` of (`useMutation({ mutationFn: (b) => … })`, v4's `useMutation((b) => …)`). */
function hookOf(fn: ts.Node): ts.CallExpression | undefined {
  let at: ts.Node = fn;
  while (at.parent && ts.isParenthesizedExpression(at.parent)) at = at.parent;
  const p = at.parent;
  if (p && ts.isPropertyAssignment(p) && p.initializer === at && propName(p.name) === 'mutationFn') return hookGiven(p.parent);
  if (ts.isMethodDeclaration(fn) && propName(fn.name) === 'mutationFn') return hookGiven(fn.parent);
  return p && ts.isCallExpression(p) ? hookGiven(at) : undefined;
}

/** The mutation hook call this argument (its options, or v4's callback) is given to. */
function hookGiven(arg: ts.Node): ts.CallExpression | undefined {
  const call = arg.parent;
  if (!call || !ts.isCallExpression(call) || !call.arguments.includes(arg as ts.Expression)) return undefined;
  return HOOKS.has(lastName(call.expression)) ? call : undefined;
}

/** The hook calls a function of the project is given to by its name (`useMutation({ mutationFn: createLabels })`). */
function hooksNaming(acc: AnalysisState, fn: ts.SignatureDeclaration): { unit: Unit; call: ts.CallExpression }[] {
  const name = functionName(fn);
  if (!name) return [];
  const out: { unit: Unit; call: ts.CallExpression }[] = [];
  for (const u of acc.store.all()) {
    if (!u.sf.text.includes('mutationFn') || !u.sf.text.includes(name)) continue;
    for (const id of identifiers(acc, u, name)) {
      const p = id.parent;
      const given = (ts.isPropertyAssignment(p) && p.initializer === id && propName(p.name) === 'mutationFn') || (ts.isShorthandPropertyAssignment(p) && name === 'mutationFn');
      const hook = given ? hookGiven(p.parent) : undefined;
      if (hook && acc.ev.functionOf(u, id)?.node === fn) out.push({ unit: u, call: hook });
    }
  }
  return out;
}

/**
 * The values a mutation callback's parameter takes: the first argument of each `mutate(…)` call
 * of the mutation its hook returns. Undefined where the function is given to no mutation hook.
 */
export function mutationArgs(acc: AnalysisState, unit: Unit, fn: ts.SignatureDeclaration, index: number): MutationArgs | undefined {
  const own = hookOf(fn);
  const hooks = own ? [{ unit, call: own }] : hooksNaming(acc, fn);
  if (!hooks.length) return undefined;
  const out: MutationArgs = { args: [] };
  // (mutationFn's second parameter is the library's context, never a `mutate` argument)
  if (index === 0) for (const h of hooks) follow(acc, h.unit, h.call, out, 0);
  return out;
}

const handedOn = (unit: Unit, n: ts.Node) => {
  const text = n.getText(unit.sf).replace(/\s+/g, ' ');
  return `the mutation that sends it is handed on (\`${text.length > 60 ? text.slice(0, 57) + '…' : text}\`) where the check does not follow its \`mutate(…)\` calls, so the body they pass may be in either version: move the request and its body together by hand`;
};

/** Where the mutation `e` evaluates to goes: its `mutate(…)` calls' arguments, or why one is not followed. */
function follow(acc: AnalysisState, unit: Unit, e: ts.Expression, out: MutationArgs, depth: number): void {
  if (depth > 4 || out.unseen) return;
  const at = outermost(e);
  const p = at.parent;
  if (!p || ts.isExpressionStatement(p)) return;
  // `mutation.mutate(x)`; another member (`mutation.isPending`) sends nothing
  if (ts.isPropertyAccessExpression(p) && p.expression === at) {
    if (!MUTATE.has(p.name.text)) return;
    const call = p.parent;
    if (ts.isCallExpression(call) && call.expression === p) mutateCall(unit, call, out);
    else out.unseen = handedOn(unit, p);
    return;
  }
  if (ts.isVariableDeclaration(p) && p.initializer === at) {
    if (ts.isIdentifier(p.name)) {
      for (const n of usesOf(acc, unit, p, p.name)) follow(acc, unit, n, out, depth + 1);
      return;
    }
    if (!ts.isObjectBindingPattern(p.name)) {
      out.unseen = handedOn(unit, p);
      return;
    }
    // `const { mutate, isPending } = useMutation(…)`
    for (const el of p.name.elements) {
      const key = el.dotDotDotToken ? undefined : propName(el.propertyName ?? el.name);
      if (key === undefined || !ts.isIdentifier(el.name)) {
        if (el.dotDotDotToken || !ts.isIdentifier(el.name)) out.unseen = handedOn(unit, el);
        continue;
      }
      if (!MUTATE.has(key)) continue;
      for (const n of usesOf(acc, unit, el, el.name)) {
        const call = n.parent;
        if (ts.isCallExpression(call) && call.expression === n) mutateCall(unit, call, out);
        else out.unseen ??= handedOn(unit, call);
      }
    }
    return;
  }
  // a hook of the project that returns the mutation (`useCreateLabels = () => useMutation(…)`): its callers'
  const fn = ts.isReturnStatement(p) ? enclosingFunction(p) : (ts.isArrowFunction(p) && p.body === at ? p : undefined);
  if (fn && functionName(fn)) {
    for (const c of callersOf(acc, fn as FunctionNode)) follow(acc, c.unit, c.call, out, depth + 1);
    return;
  }
  out.unseen = handedOn(unit, p);
}

function mutateCall(unit: Unit, call: ts.CallExpression, out: MutationArgs): void {
  const a = call.arguments[0];
  if (a && ts.isSpreadElement(a)) out.unseen ??= handedOn(unit, call);
  else if (a) out.args.push({ unit, expr: a });
}
