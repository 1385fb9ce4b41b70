// A path written in an entry of an endpoint map (`const ENDPOINTS = { labels: '/2023-01/labels' }`,
// `const routes = { createPickup: { method: 'POST', url: '/pickup/v1/pickups' } }`). The requests
// that send it are tied to it where the map is read by its keys (`ENDPOINTS.labels`,
// `ENDPOINTS['labels']`, `const { labels } = ENDPOINTS`). A read by a key the check cannot see
// (`ENDPOINTS[key]` in a wrapper) or a use of the object the entry sits in as a whole
// (`call(routes.createPickup, body)`, `Object.values(ENDPOINTS)`) sends the path with a request
// the check does not tie to it, and so with a body it does not move: the path stays with it.

import ts from '../../core/ts.cjs';
import { propName } from '../bindings.js';
import { knownText } from '../evaluate.js';
import type { AnalysisState } from '../state.js';
import { lineOf, type Unit } from '../units.js';
import { readsOfConstant } from './constant-reads.js';
import { outermost } from './uses.js';

/**
 * Why the path in this map entry cannot move on its own (the first read of the map that reaches
 * the entry in a way the check does not follow), worded for a finding in `unit`'s file; undefined
 * where `e` is no entry of a module's constant map, or every read is followed.
 */
export function mapEntryUnseen(acc: AnalysisState, unit: Unit, e: ts.Expression): string | undefined {
  const keys: string[] = [];
  let at: ts.Node = outermost(e);
  while (at.parent && ts.isPropertyAssignment(at.parent) && at.parent.initializer === at && ts.isObjectLiteralExpression(at.parent.parent)) {
    const key = propName(at.parent.name);
    if (key === undefined) return undefined;
    keys.unshift(key);
    at = outermost(at.parent.parent);
  }
  const decl = at.parent;
  if (!keys.length || !decl || !ts.isVariableDeclaration(decl) || decl.initializer !== at || !ts.isIdentifier(decl.name)) return undefined;
  // (a map local to a function: its reads are beside it, and were never looked at as a module's)
  const statement = decl.parent?.parent;
  if (!statement || !ts.isVariableStatement(statement) || !ts.isSourceFile(statement.parent)) return undefined;
  const name = decl.name.text;
  // (the modules importing one that exports an old path are parsed: the text test draws them in)
  const found = readsOfConstant(acc, unit, decl as ts.VariableDeclaration & { name: ts.Identifier }, unit.file, true);
  // (a map exported in a way whose reads elsewhere are not listed here, `export = paths`, a default
  // export: its entries are followed where the analysis reads them, as before)
  if ('unseen' in found) return undefined;
  const place = (u: Unit, n: ts.Node) => acc.placeOf(u.file, lineOf(u, n), unit.file);
  for (const { unit: u, id } of found.reads) {
    // (`keyof typeof ENDPOINTS`: a type, no read)
    if (ts.findAncestor(id, ts.isTypeNode)) continue;
    let node: ts.Node = id;
    for (let i = 0; i < keys.length; i++) {
      const inner = outermost(node);
      const p = inner.parent;
      if (ts.isPropertyAccessExpression(p) && p.expression === inner) {
        if (p.name.text !== keys[i]) break;
        node = p;
      } else if (ts.isElementAccessExpression(p) && p.expression === inner) {
        const key = staticKey(acc, u, p.argumentExpression);
        if (key === undefined) return `\`${name}\` is read by a key the check cannot see (\`${p.getText(u.sf)}\`, ${place(u, p)})`;
        if (key !== keys[i]) break;
        node = p;
      } else if (ts.isVariableDeclaration(p) && p.initializer === inner && ts.isObjectBindingPattern(p.name)) {
        // destructured: the name bound to the entry itself is followed as any constant; a rest, or a deeper object, is not
        const el = p.name.elements.find((x) => x.dotDotDotToken || (propName(x.propertyName ?? x.name) === keys[i] && (i < keys.length - 1 || !ts.isIdentifier(x.name))));
        if (el) return `\`${name}\` is destructured at ${place(u, p)} in a way the check does not follow to its requests`;
        break;
      } else {
        const shown = inner.getText(u.sf);
        return `\`${shown}\` is used whole at ${place(u, inner)}, where the check cannot see which of its entries a request sends`;
      }
    }
  }
  return undefined;
}

/** The key an element access reads where it is known as the code is written (`['labels']`, `[LABELS_KEY]` a constant). */
function staticKey(acc: AnalysisState, unit: Unit, arg: ts.Expression): string | undefined {
  if (ts.isStringLiteralLike(arg) || ts.isNumericLiteral(arg)) return arg.text;
  return knownText(acc.pieces(unit, arg));
}
