// Request type members that stay as they are while the requests they type would move: a member
// that also types another vendor's body (a base interface both extend, a value sent to the
// vendor), or a body no request in the project shows, which is left. Renamed, that body would no
// longer fit its type; so the member stays, and with it every request it types.

import ts from '../../core/ts.cjs';
import type { KeyChange } from '../../core/keys.js';
import { lastName } from '../syntax.js';
import { keyofOwners } from './request-types-keyof.js';
import { lineOf, markupOf, treeIndex, type Unit } from '../units.js';

/** A renamed member, as far as this needs it. */
interface Member {
  change: KeyChange;
  typeName: string;
  /** why it stays (set here) */
  stays?: string;
}

interface Asker {
  foreignObject?(node: ts.ObjectLiteralExpression): boolean;
  unsentObject?(node: ts.ObjectLiteralExpression): boolean;
  insideDouble?(unit: Unit, node: ts.Node): boolean;
  readonly foreignValues?: { unit: Unit; node: ts.Identifier }[];
}

interface Program<M extends Member> {
  checker: ts.TypeChecker;
  unitOf: Map<ts.SourceFile, Unit>;
  /** the old keys renamed */
  names: Set<string>;
  /** the renamed member a property symbol stands for */
  symOf: (s: ts.Symbol | undefined) => M | undefined;
  all: M[];
}

const place = (unit: Unit, n: ts.Node) => `${unit.file.split(/[\\/]/).pop()}:${lineOf(unit, n)}`;
const vendorWhy = (at: string) => `the type also types a body sent to another vendor's endpoint (${at}), which takes its keys as they are: give the service's request a type of its own`;

/** Does a text name this type (`imported`: in an import)? A type literal has no name to find. */
function namesType(text: string, typeName: string, imported = false): boolean {
  if (typeName === 'type literal') return false;
  const name = `(?<![\\w$])${typeName.replace(/\$/g, '\\$')}(?![\\w$])`;
  return new RegExp(imported ? `\\bimport\\b[^;]*${name}[^;]*\\bfrom\\b` : name).test(text);
}

/** Members a component's markup reads by their old key, in a component whose script names their type. */
function markupReads<M extends Member>(unit: Unit, all: M[]): void {
  const markup = markupOf(unit, [unit]);
  if (!markup) return;
  const text = unit.fileText;
  for (const r of all) {
    if (!namesType(unit.sf.text, r.typeName)) continue;
    const read = new RegExp(`[\\w$\\]\\)]\\s*\\??\\.\\s*${r.change.from}(?![\\w$])`).exec(markup);
    if (read) r.stays ??= `the type also types a value a component's markup reads by its old key (${unit.file.split(/[\\/]/).pop()}:${text.slice(0, read.index).split('\n').length}), which \`--fix\` does not edit: rename that read with the type by hand`;
  }
}

/**
 * The calls whose first type argument types what the service sends back: axios' and Angular's
 * `get<T>`, `post<T>`…, ky's and got's `.json<T>()`, ofetch, TanStack Query's `useQuery<T>`. (A
 * function of the project's own is asked of its signature instead: its type parameter may type
 * the body it is given.)
 */
const RESPONSE_GENERICS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'request', 'json', '$fetch', 'ofetch', 'useQuery', 'useSuspenseQuery']);

/**
 * What a unit's code types besides requests. Responses: the first type argument of a library's
 * request call (RESPONSE_GENERICS), and the type a response's `json()` is cast to
 * (`(await res.json()) as T`). Bodies the project's own routes receive: a NestJS handler's `@Body()`
 * parameter, a request's body read with a type (`req.body as T`, `const dto: T = req.body`), what
 * a route handler's `request.json()` is cast to, and a Fastify route's `{ Body: T }`; none inside a
 * test double (an msw resolver reads the request it doubles the same ways, and moves with it).
 */
function typedElsewhere(
  checker: ts.TypeChecker,
  unit: Unit,
  ownFiles: Set<string>,
  insideDouble: (unit: Unit, node: ts.Node) => boolean,
): { responses: ts.TypeNode[]; received: ts.TypeNode[] } {
  const responses: ts.TypeNode[] = [];
  const received: ts.TypeNode[] = [];
  for (const call of treeIndex(unit.sf).calls) {
    const arg = call.typeArguments?.[0];
    if (!arg) continue;
    // a call given a function registers a handler (msw's `rest.post<Body>(path, resolver)`, Express's
    // `app.get(…)`): its type arguments type what the handler receives, not a response; Fastify's
    // `app.post<{ Body: T }>(path, handler)` gives the route's body type
    if (call.arguments.some((a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a))) {
      if (ts.isTypeLiteralNode(arg) && !insideDouble(unit, call))
        for (const m of arg.members) if (ts.isPropertySignature(m) && m.type && m.name && ts.isIdentifier(m.name) && m.name.text === 'Body') received.push(m.type);
      continue;
    }
    if (!RESPONSE_GENERICS.has(lastName(call.expression))) continue;
    // (a function of the project: its type parameter is a response's only when no parameter takes it)
    const decl = checker.getResolvedSignature(call)?.declaration;
    if (decl && ownFiles.has(decl.getSourceFile().fileName) && !returnsOnly(decl)) continue;
    responses.push(arg);
  }
  const text = unit.sf.text;
  if (!text.includes('Body(') && !text.includes('.body') && !text.includes('json(')) return { responses, received };
  const bodyRead = (e: ts.Expression): boolean => {
    const x = awaited(e);
    return ts.isPropertyAccessExpression(x) && x.name.text === 'body';
  };
  const visit = (n: ts.Node): void => {
    if (ts.isParameter(n) && n.type && ts.getDecorators(n)?.some((d) => ts.isCallExpression(d.expression) && lastName(d.expression.expression) === 'Body')) received.push(n.type);
    else if (ts.isAsExpression(n) || ts.isTypeAssertionExpression(n)) {
      const read = jsonRead(n.expression);
      if (read === 'response') responses.push(n.type);
      // (msw 1's resolvers read `req.body` too)
      else if ((read === 'request' || bodyRead(n.expression)) && !insideDouble(unit, n)) received.push(n.type);
    } else if (ts.isVariableDeclaration(n) && n.type && n.initializer && bodyRead(n.initializer) && !insideDouble(unit, n)) received.push(n.type);
    ts.forEachChild(n, visit);
  };
  visit(unit.sf);
  return { responses, received };
}

/** An expression with its parentheses and `await`s taken off. */
function awaited(e: ts.Expression): ts.Expression {
  let x = e;
  while (ts.isParenthesizedExpression(x) || ts.isAwaitExpression(x)) x = x.expression;
  return x;
}

/** Does a signature's first type parameter type its result alone (no parameter takes it)? */
function returnsOnly(decl: ts.SignatureDeclaration | ts.JSDocSignature): boolean {
  if (ts.isJSDocSignature(decl)) return false;
  const first = decl.typeParameters?.[0];
  if (!first) return false;
  const name = first.name.text;
  const named = (n: ts.Node): boolean => (ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName) && n.typeName.text === name) || !!ts.forEachChild(n, named);
  return !decl.parameters.some((p) => !!p.type && named(p.type));
}

/**
 * `res.json()`, `await res.json()`, `(await r.json())`: a response read, or with `request.json()`
 * and `req.json()` a handler reading the body it received (a route's own, or an msw resolver's).
 */
function jsonRead(e: ts.Expression): 'response' | 'request' | undefined {
  const x = awaited(e);
  if (!ts.isCallExpression(x) || lastName(x.expression) !== 'json') return undefined;
  const on = ts.isPropertyAccessExpression(x.expression) ? x.expression.expression : undefined;
  return on && ts.isIdentifier(on) && (on.text === 'request' || on.text === 'req') ? 'request' : 'response';
}

/** Sets `stays` on each member that must stay, with why. */
export function markStaying<M extends Member>(p: Program<M>, asker: Asker): void {
  const { checker, unitOf, names, symOf } = p;
  // a type that also types a response (`api.get<{ labels: LabelEntry[] }>(…)`): what the service
  // sends back keeps its keys whatever version the request is in, and `--fix` cannot tell its reads
  // (typed through a library's generics, which the check does not load) from the request's; so is
  // a type of what the project's own routes receive (`@Body() dto: CreatePickupDto`)
  const ownFiles = new Set([...unitOf.keys()].map((sf) => sf.fileName));
  for (const unit of new Set(unitOf.values())) {
    const { responses, received } = typedElsewhere(checker, unit, ownFiles, (u, n) => !!asker.insideDouble?.(u, n));
    for (const node of responses) {
      for (const r of membersReached(p, checker.getTypeFromTypeNode(node)))
        r.stays ??= `the type also types a response the service sends back (${place(unit, node)}), whose keys stay whatever version the request is in: give the request a type of its own, then migrate it`;
    }
    // (or a body the project's own route receives: its senders keep sending the old keys)
    for (const node of received) {
      for (const r of membersReached(p, checker.getTypeFromTypeNode(node)))
        r.stays ??= `the type also types a body this project's own route receives (${place(unit, node)}), whose senders keep its keys: give the request to the service a type of its own, then migrate it`;
    }
  }
  // a typed value sent to another vendor (`freight(body: FreightPickup)`)
  for (const v of asker.foreignValues ?? []) {
    if (!unitOf.has(v.unit.sf)) continue;
    // (each member its type reaches: `{ shipments }` with `shipments: LabelEntry[]` sends LabelEntry's keys too)
    for (const r of membersReached(p, checker.getTypeAtLocation(v.node))) r.stays ??= vendorWhy(place(v.unit, v.node));
  }
  // (a literal the checker types by inference, `ids.map((id) => ({ … }))` into a `LabelEntry[]`,
  // is tied to a type it names in its module and shares the old key with)
  // (or a type it names reaches the member through its own: `LabelBody` imported, whose `shipments` are `LabelEntry[]`)
  const reached = new Map<string, Set<M>>();
  const reachedIn = (unit: Unit, imported: boolean): Set<M> => {
    const k = `${unit.file}\0${imported}`;
    let r = reached.get(k);
    if (!r) reached.set(k, (r = reachedFrom(p, unit, imported)));
    return r;
  };
  const namedIn = (unit: Unit, key: string, imported: boolean): M | undefined =>
    p.all.find((r) => {
      if (r.change.from !== key) return false;
      return namesType(unit.sf.text, r.typeName, imported) || reachedIn(unit, imported).has(r);
    });
  // the types that extend a request type's base (`interface PickupRequest extends WithCourier`, or
  // `type PickupRequest = WithCourier & { … }`): each renamed member they inherit, with who and how
  const heirs = new Map<M, Map<string, Heir>>();
  for (const unit of new Set(unitOf.values())) {
    // a component's markup reads a typed value by an old key (`{pickup.preferred_date}`): `--fix`
    // edits only the script, so the type stays
    markupReads(unit, p.all);
    keyofReads(p, unit, place);
    inheritedBy(p, unit, heirs);
    entityColumns(p, unit, place);
    if (![...names].some((n) => unit.sf.text.includes(n))) continue;
    for (const obj of treeIndex(unit.sf).objects) {
      const vendor = !!asker.foreignObject?.(obj);
      if (!vendor && !asker.unsentObject?.(obj)) continue;
      const t = checker.getContextualType(obj);
      for (const prop of obj.properties) {
        const key = prop.name && ts.isIdentifier(prop.name) && names.has(prop.name.text) ? prop.name.text : undefined;
        // (the literal's own type, inferred from it, says nothing of the type it goes into; nor does
        // none at all, as where a package's generic would give it, in a module that imports the type)
        const untyped = !t || (t.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) !== 0;
        const inferred = untyped || t!.symbol?.declarations?.[0] === obj;
        const r = key && ((t && symOf(t.getProperty(key))) || (!vendor && inferred ? namedIn(unit, key, untyped) : undefined));
        if (!r) continue;
        const at = place(unit, prop);
        r.stays ??= vendor ? vendorWhy(at) : `the type also types a body the check cannot tie to a request it can see (${at}), which is left as it is: migrate that body with the request that sends it, then the type`;
      }
    }
  }
  // a member several types inherit (a request's type and a table row's both extend `WithCourier`): renamed, it renames theirs all
  for (const [r, named] of heirs) {
    if (named.size < 2) continue;
    const how = new Set(named.values());
    const verb = how.size > 1 ? 'extended by or intersected into' : how.has('extends') ? 'extended by' : 'intersected (`&`) into';
    r.stays ??= `the type it is declared in is ${verb} ${[...named.keys()].sort().map((n) => `\`${n}\``).join(', ')}, and renaming it renames the member of each: give the request a type of its own`;
  }
}

/**
 * A type's keys read through `keyof` where `--fix` does not rename them: a `Record` or a mapped
 * type over them (`Record<keyof PickupBody, string>`: its objects' keys, `errors.courier_id`), or a
 * generic given the type whose declaration takes `keyof` of it (react-hook-form's `useForm<T>()`
 * with `register(name: keyof T)`: `register('courier_id')`). The members stay, with the type.
 * (A string whose contextual type is `keyof` the type itself is renamed: request-types-keyof.ts.)
 */
function keyofReads<M extends Member>(p: Program<M>, unit: Unit, place: (u: Unit, n: ts.Node) => string): void {
  const { checker, names, symOf } = p;
  const stay = (t: ts.Type, at: ts.Node, how: string) => {
    for (const key of names) {
      const r = symOf(t.getProperty(key));
      if (r) r.stays ??= `the type's keys are also read through ${how} (${place(unit, at)}), where \`--fix\` does not rename them: rename those reads with the type by hand`;
    }
  };
  const visit = (n: ts.Node): void => {
    if (ts.isTypeOperatorNode(n) && n.operator === ts.SyntaxKind.KeyOfKeyword) {
      const owner = n.parent;
      const mapped = ts.isTypeParameterDeclaration(owner) && ts.isMappedTypeNode(owner.parent);
      const record = ts.isTypeReferenceNode(owner) && ts.isIdentifier(owner.typeName) && owner.typeName.text === 'Record';
      if (mapped || record) stay(checker.getTypeFromTypeNode(n.type), n, `\`${n.getText(unit.sf)}\``);
    } else if ((ts.isCallExpression(n) || ts.isNewExpression(n) || ts.isTypeReferenceNode(n)) && n.typeArguments?.length) {
      const decl = genericDeclaration(checker, n);
      // (the project's own generics: the standard library's, `Partial<T>`, `Pick<T, K>`, keep their members' links)
      const own = !!decl && [...p.unitOf.keys()].some((sf) => sf === decl.getSourceFile());
      if (own)
        decl!.typeParameters?.forEach((tp, i) => {
          const arg = n.typeArguments![i];
          if (arg && new RegExp(`\\bkeyof\\s+${tp.name.text}\\b`).test(decl!.getText())) stay(checker.getTypeFromTypeNode(arg), arg, `\`keyof ${tp.name.text}\` in what \`${n.getText(unit.sf).split('<')[0]}\` is given`);
        });
    }
    // a string naming an old key, given to a call or an index in a module that names the type
    // (`register('courier_id')`, `errors['courier_id']`): read by that key where no `keyof` the
    // check sees says whose key it is (a library's generic: its types are not loaded)
    else if (ts.isStringLiteral(n) && names.has(n.text) && (ts.isCallExpression(n.parent) || ts.isElementAccessExpression(n.parent)) && !keyofOwners(checker, n).length && !indexedMember(p, n)) {
      for (const r of p.all) if (r.change.from === n.text && new RegExp(`\\b${r.typeName}\\b`).test(unit.sf.text)) r.stays ??= `the type's key is also named as the text \`'${n.text}'\` (${place(unit, n)}), read by that name where \`--fix\` does not rename it: rename it with the type by hand`;
    }
    ts.forEachChild(n, visit);
  };
  visit(unit.sf);
}

/** `req['courier_selection']`: an index the checker resolves to a renamed member (renamed with it, request-types.ts). */
function indexedMember<M extends Member>(p: Program<M>, n: ts.StringLiteral): boolean {
  const access = n.parent;
  if (!ts.isElementAccessExpression(access) || access.argumentExpression !== n) return false;
  try {
    return !!p.symOf(p.checker.getTypeAtLocation(access.expression).getProperty(n.text));
  } catch {
    return false;
  }
}

/** An ORM's entity (`@Entity()`, `@Table()`, `@Schema()`) or a member mapped to a column (`@Column()`, `@Prop()`): a database's keys, not only a request's. */
const ENTITY = /^(?:Entity|Table|Schema|Model|ViewEntity)$/;
const COLUMN = /^(?:Column|PrimaryColumn|PrimaryGeneratedColumn|Prop|Property|Field)$/;
function entityColumns<M extends Member>(p: Program<M>, unit: Unit, place: (u: Unit, n: ts.Node) => string): void {
  if (!unit.sf.text.includes('@')) return;
  const named = (d: ts.Decorator) => lastName(ts.isCallExpression(d.expression) ? d.expression.expression : d.expression);
  const visit = (n: ts.Node): void => {
    if (ts.isClassDeclaration(n)) {
      const entity = ts.getDecorators(n)?.some((d) => ENTITY.test(named(d) ?? ''));
      for (const m of n.members) {
        if (!ts.isPropertyDeclaration(m) || !p.names.has(m.name.getText(unit.sf))) continue;
        if (!entity && !ts.getDecorators(m)?.some((d) => COLUMN.test(named(d) ?? ''))) continue;
        const r = p.symOf(p.checker.getSymbolAtLocation(m.name));
        if (r) r.stays ??= `the type is also a database entity's (${place(unit, m)}), whose column keeps its name: give the request a type of its own`;
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(unit.sf);
}

type Heir = 'extends' | 'intersection';

/**
 * Records, for each renamed member a type of this module inherits, that type's name and how: through
 * `extends`/`implements`, or as a part of an intersection it is declared as (`type CourierRef =
 * WithCourier & { … }`, also nested in it: `items: (WithCourier & { … })[]`). (An intersection
 * written in a signature is a use of the types it joins, as a parameter typed by one of them is.)
 */
function inheritedBy<M extends Member>(p: Program<M>, unit: Unit, heirs: Map<M, Map<string, Heir>>): void {
  const { checker, names, symOf } = p;
  const record = (base: ts.Node, heir: string, how: Heir) => {
    let t: ts.Type;
    try {
      t = checker.getTypeAtLocation(base);
    } catch {
      return;
    }
    for (const key of names) {
      const r = symOf(t.getProperty(key));
      if (r) (heirs.get(r) ?? heirs.set(r, new Map()).get(r)!).set(heir, how);
    }
  };
  const visit = (n: ts.Node, declared: string | undefined): void => {
    if ((ts.isInterfaceDeclaration(n) || ts.isClassDeclaration(n)) && n.name && n.heritageClauses) for (const clause of n.heritageClauses) for (const t of clause.types) record(t, n.name.text, 'extends');
    // (its own members, a type literal, are not inherited)
    if (declared && ts.isIntersectionTypeNode(n)) for (const t of n.types) if (!ts.isTypeLiteralNode(t)) record(t, declared, 'intersection');
    const named = ts.isTypeAliasDeclaration(n) || ts.isInterfaceDeclaration(n) ? n.name.text : ts.isFunctionLike(n) || ts.isBlock(n) ? undefined : declared;
    ts.forEachChild(n, (c) => visit(c, named));
  };
  if (unit.sf.text.includes('extends') || unit.sf.text.includes('implements') || unit.sf.text.includes('&')) visit(unit.sf, undefined);
}

/** The declaration of the generic a call, construction or type reference names (its type parameters). */
function genericDeclaration(checker: ts.TypeChecker, n: ts.CallExpression | ts.NewExpression | ts.TypeReferenceNode): (ts.Node & { typeParameters?: ts.NodeArray<ts.TypeParameterDeclaration> }) | undefined {
  try {
    if (!ts.isTypeReferenceNode(n)) return checker.getResolvedSignature(n)?.declaration as (ts.Node & { typeParameters?: ts.NodeArray<ts.TypeParameterDeclaration> }) | undefined;
    let sym = checker.getSymbolAtLocation(ts.isIdentifier(n.typeName) ? n.typeName : n.typeName.right);
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
    return sym?.declarations?.[0] as (ts.Node & { typeParameters?: ts.NodeArray<ts.TypeParameterDeclaration> }) | undefined;
  } catch {
    return undefined;
  }
}

/**
 * The renamed members that the types a module names (imports, or writes anywhere) reach through
 * their members, their arrays' elements, unions and intersections.
 */
function reachedFrom<M extends Member>(p: Program<M>, unit: Unit, imported: boolean): Set<M> {
  const { checker } = p;
  const out = new Set<M>();
  const visit = typeVisitor(p, out);
  const names: ts.Identifier[] = [];
  const walk = (n: ts.Node): void => {
    if (ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName)) names.push(n.typeName);
    ts.forEachChild(n, walk);
  };
  for (const st of unit.sf.statements) {
    if (!ts.isImportDeclaration(st) || !st.importClause) continue;
    const b = st.importClause.namedBindings;
    if (st.importClause.name) names.push(st.importClause.name);
    if (b && ts.isNamedImports(b)) for (const el of b.elements) names.push(el.name);
  }
  if (!imported) walk(unit.sf);
  for (const id of names) {
    let sym = checker.getSymbolAtLocation(id);
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
    if (sym && sym.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class)) visit(checker.getDeclaredTypeOfSymbol(sym), 0);
  }
  return out;
}

/** The renamed members a type reaches through its members, its arrays' elements, unions and intersections. */
function membersReached<M extends Member>(p: Program<M>, t: ts.Type): Set<M> {
  const out = new Set<M>();
  // (`res.json() as Promise<T>`: what the promise gives)
  typeVisitor(p, out)(p.checker.getAwaitedType(t) ?? t, 0);
  return out;
}

/** A walk of types that adds each renamed member it meets to `out` (each type once, five levels down at most). */
function typeVisitor<M extends Member>(p: Program<M>, out: Set<M>): (t: ts.Type, depth: number) => void {
  const { checker } = p;
  const seen = new Set<ts.Type>();
  const visit = (t: ts.Type, depth: number): void => {
    if (depth > 5 || seen.has(t)) return;
    seen.add(t);
    if (t.isUnionOrIntersection()) {
      for (const x of t.types) visit(x, depth + 1);
      return;
    }
    if (!(t.flags & ts.TypeFlags.Object) || t.getCallSignatures().length) return;
    if (checker.isArrayType(t) || checker.isTupleType(t)) {
      for (const x of checker.getTypeArguments(t as ts.TypeReference)) visit(x, depth + 1);
      return;
    }
    for (const prop of t.getProperties()) {
      const r = p.symOf(prop);
      if (r) out.add(r);
      visit(checker.getTypeOfSymbol(prop), depth + 1);
    }
  };
  return visit;
}
