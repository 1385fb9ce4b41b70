// SWR's mutation key: `useSWRMutation('/2023-01/labels', sendLabels)` hands the key to the fetcher
// as its URL, and the fetcher sends what `trigger(arg)` is given as the body. The check does not
// follow the key into the fetcher, so the request's body (and the type it is written with) cannot
// be seen with the path: a key whose endpoint takes a body stays with it.

import ts from '../../core/ts.cjs';
import { outermost } from './uses.js';

/** The hook that makes a mutation from a key and a fetcher (`swr/mutation`). */
const MUTATION_HOOKS = new Set(['useSWRMutation']);

/** Is this expression the key given to SWR's mutation hook? The hook's name, where it is. */
export function swrMutationKey(e: ts.Expression): string | undefined {
  const at = outermost(e);
  const call = at.parent;
  if (!call || !ts.isCallExpression(call) || call.arguments[0] !== at) return undefined;
  const callee = call.expression;
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
  return name && MUTATION_HOOKS.has(name) ? name : undefined;
}
