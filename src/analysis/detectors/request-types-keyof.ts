// A string that names a member of a request type through `keyof`: the types its contextual type is
// the keys of (`Array<keyof PickupRequest>`, `k?: keyof Req`, `type Key = keyof Req`), so that the
// string is renamed with the member (request-types.ts).

import ts from '../../core/ts.cjs';

/**
 * The types a string's contextual type is the keys of (`keyof Req`, written as such or through an
 * alias: `type Key = keyof Req`), where it is one: as the checker made it (a `keyof` it resolved
 * keeps what it was made from, also inside a union: `keyof Req | undefined`), else as written
 * where the value is declared.
 */
export function keyofOwners(checker: ts.TypeChecker, n: ts.StringLiteral): ts.Type[] {
  let t: ts.Type | undefined;
  try {
    t = checker.getContextualType(n);
  } catch {
    return [];
  }
  if (!t) return [];
  const made = keysMadeFrom(t);
  if (made.length) return made;
  const node = keyofOwner(checker, n, t);
  try {
    return node ? [checker.getTypeFromTypeNode(node)] : [];
  } catch {
    return [];
  }
}

/**
 * The types a union of names was made the keys of by the checker (`keyof Req` resolved to
 * `'courier_id' | …`): the union's origin, which the checker keeps for how it prints the type (an
 * internal of the TypeScript ts-morph bundles: where it is missing, nothing is found this way and
 * the type as written decides).
 */
function keysMadeFrom(t: ts.Type, depth = 0): ts.Type[] {
  const origin = (t as { origin?: ts.Type }).origin;
  if (!origin || depth > 3) return [];
  if (origin.flags & ts.TypeFlags.Index) {
    const of = (origin as { type?: ts.Type }).type;
    return of ? [of] : [];
  }
  if (origin.flags & ts.TypeFlags.Union) return (origin as ts.UnionType).types.flatMap((x) => keysMadeFrom(x, depth + 1));
  return [];
}

/** The type a string's contextual type `t` is the keys of, as written (an alias of `keyof Req`, or where the value is declared). */
function keyofOwner(checker: ts.TypeChecker, n: ts.StringLiteral, t: ts.Type): ts.TypeNode | undefined {
  const keyofOf = (node: ts.TypeNode | undefined, depth = 0): ts.TypeNode | undefined => {
    while (node && ts.isParenthesizedTypeNode(node)) node = node.type;
    if (node && ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.KeyOfKeyword) return node.type;
    // an alias of one (`type Key = keyof Req`)
    if (!node || !ts.isTypeReferenceNode(node) || node.typeArguments || depth > 2) return undefined;
    let sym: ts.Symbol | undefined;
    try {
      sym = checker.getSymbolAtLocation(node.typeName);
      if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
    } catch {
      return undefined;
    }
    const decl = sym?.declarations?.find(ts.isTypeAliasDeclaration);
    return decl ? keyofOf(decl.type, depth + 1) : undefined;
  };
  const alias = t?.aliasSymbol?.declarations?.find(ts.isTypeAliasDeclaration);
  if (alias) return keyofOf(alias.type);
  // written where the value is declared: an array of them, or one (`(keyof Req)[]`, `k: keyof Req`)
  let at: ts.Node = n;
  if (at.parent && ts.isArrayLiteralExpression(at.parent)) at = at.parent;
  const decl = at.parent;
  let type = decl && (ts.isVariableDeclaration(decl) || ts.isParameter(decl) || ts.isPropertyDeclaration(decl)) && decl.initializer === at ? decl.type : undefined;
  if (type && at !== n) type = ts.isArrayTypeNode(type) ? type.elementType : undefined;
  return keyofOf(type);
}
