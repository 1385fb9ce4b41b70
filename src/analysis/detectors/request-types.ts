// Request shapes: TypeScript interfaces and type aliases that type a request body. Their old
// properties are reported (and renamed) where they are declared, and so is every use the type
// checker ties to them (property accesses, destructuring, other object literals of the type).
// A checker is built only when a body with renamed keys was found in a TypeScript unit, over the
// units already parsed (node_modules stay out of it).

import ts from '../../core/ts.cjs';
import { TS_FILE } from '../../core/extensions.js';
import { V1_ONLY_PICKUP_FIELDS, childContext, renamesIn, type ContextKind, type KeyChange } from '../../core/keys.js';
import type { FixKind, RequestContext } from '../../types.js';
import { note, says, type Words } from '../findings.js';
import type { UnitEdit } from '../render.js';
import type { Unit, UnitStore } from '../units.js';
import { MINI_LIB_NAME } from './request-types-lib.js';
import { buildProgram, involvedUnits } from './request-types-program.js';
import { markStaying } from './request-types-stay.js';
import { assignedTime } from './request-types-times.js';
import { keyofOwners } from './request-types-keyof.js';
import { namedElsewhere, namedIn, versionLiteral } from './request-types-version.js';
import { parsedWhy, schemaMember, schemaNames } from './schema-libraries.js';

export interface Shaped {
  unit: Unit;
  /** the body, or the type written for it where the checker cannot see it typed (an RTK Query builder's argument type) */
  node: ts.Expression | ts.TypeNode;
  ctx: ContextKind;
  info: RequestContext;
  /** the findings of the request this body is sent with: the type's findings join them (a request moves with the type that types it) */
  owner?: unknown[];
}

export interface ShapeReporter {
  add(
    ruleId: string,
    unit: Unit,
    start: number,
    end: number,
    message: string | Words,
    opts?: { edits?: UnitEdit[]; context?: RequestContext; fixDescription?: string; newText?: string; fixKind?: FixKind },
  ): unknown;
  /** Is this object literal a body sent to another vendor's endpoint? */
  foreignObject?(node: ts.ObjectLiteralExpression): boolean;
  /** Is it a body no request in the project shows (known by its keys, and left)? */
  unsentObject?(node: ts.ObjectLiteralExpression): boolean;
  /** Is this node inside the call that sets up a test double (an msw handler and its resolver)? */
  insideDouble?(unit: Unit, node: ts.Node): boolean;
  /** names sent as another vendor's body */
  readonly foreignValues?: { unit: Unit; node: ts.Identifier }[];
  /** findings left for a person that hold their whole request */
  readonly holdsRequest?: Set<unknown>;
}

interface Renamed {
  change: KeyChange;
  typeName: string;
  /** what declares it: a request type, or a schema (`zod schema`) whose object literal writes the key */
  what?: string;
  info: RequestContext;
  /** the requests whose bodies the member types (their findings lists) */
  owners: Set<unknown[]>;
  /** why it stays, with its requests: it also types a key of another vendor's body, or of a body that is left */
  stays?: string;
}


// (a member written in a schema's object literal, `z.object({ courier_id: z.string() })`, is one too:
// the type inferred from the schema gives it that key as its declaration)
const isUserMember = (d: ts.Declaration) => ts.isPropertySignature(d) || ts.isPropertyDeclaration(d) || (ts.isJSDocPropertyTag(d) && ts.isIdentifier(d.name)) || schemaMember(d);

type VersionMember = ts.PropertySignature | ts.PropertyDeclaration;
/** A webhook request type's `version` member typed '2023-01': the literal that writes it, and the requests it types. */
interface OldVersion {
  literal: ts.StringLiteral;
  info: RequestContext;
  typeName: string;
  owners: Set<unknown[]>;
}

/** A unit whose types can type a body: TypeScript, or a script that writes JSDoc types. */
const typedUnit = (u: Unit) => TS_FILE.test(u.sf.fileName) || (/@(?:typedef|type|param|returns?)\b/.test(u.sf.text) && u.sf.text.includes('/**'));

/** Report and rename the request shapes behind the given bodies, and the uses tied to them. */
export function renameShapes(store: UnitStore, shaped: Shaped[], reporter: ShapeReporter): void {
  if (!shaped.some((s) => typedUnit(s.unit))) return;
  const involved = involvedUnits(store, shaped, reporter.foreignObject?.bind(reporter), reporter.foreignValues);
  if (!involved.length) return;
  const { program, unitOf } = buildProgram(store, involved);
  const checker = program.getTypeChecker();
  // by declaration: a property seen through a mapped type (`Partial<T>`, `Pick<T, K>`), a union or
  // an intersection is another symbol than the member itself, but it keeps the member's declarations
  const renamed = new Map<ts.Declaration, Renamed>();
  const seen = new Set<string>();
  /** webhook request types' `version` members typed '2023-01': the member, and the literal to rewrite when its own type writes it */
  const versions = new Map<VersionMember, OldVersion>();
  // each request walks its own types (a type shared by two requests belongs to both)
  const ownerIds = new Map<unknown[] | undefined, number>();
  let owner: unknown[] | undefined;
  const addOwner = (owners: Set<unknown[]>) => {
    if (owner) owners.add(owner);
  };
  /**
   * Keys a mapped type gives (`Record<'courier_id' | …, string>`, `{ [K in …]: … }`): the property
   * has no declaration to rename, only the literal in the key list (mappedKeyLiterals).
   */
  const mapped = new Map<ts.Symbol, Renamed & { at: Shaped; alias?: ts.Node }>();
  /**
   * members named `pickup` of a pickup request type: reported, never rewritten; the type is part of
   * each request it types, which is held with it (moved, the request would keep a v1-only member)
   */
  const nestedPickups = new Map<ts.Declaration, { info: RequestContext; typeName: string; owners: Set<unknown[]> }>();
  let current: Shaped | undefined;
  const mappedKey = (prop: ts.Symbol, type: ts.Type, change: KeyChange | undefined, info: RequestContext): void => {
    if (!change || prop.declarations?.length || !current) return;
    let r = mapped.get(prop);
    if (!r) {
      const own = type.aliasSymbol && !type.aliasTypeArguments ? type.aliasSymbol.declarations?.find(ts.isTypeAliasDeclaration) : undefined;
      const typeName = own ? own.name.text : checker.typeToString(type);
      mapped.set(prop, (r = { change, typeName, info, owners: new Set(), at: current, alias: own && unitOf.has(own.getSourceFile()) ? own.name : undefined }));
    }
    addOwner(r.owners);
  };

  /**
   * Why the members of a schema stay: it also parses data read at run time (zod.ts parsedWhy), it
   * or a schema it is nested in (`held`, given down to the types of its members).
   */
  const schemaHeld = (d: ts.Declaration, held: string | undefined): string | undefined => {
    if (held || !schemaMember(d)) return held;
    const { names, library } = schemaNames(d);
    for (const n of names) {
      const why = parsedWhy(store, n, library);
      if (why) return why;
    }
    return undefined;
  };
  const visitType = (type: ts.Type, ctx: ContextKind, info: RequestContext, depth: number, held?: string): void => {
    if (depth > 6) return;
    if (type.isUnion() || type.isIntersection()) {
      for (const t of type.types) visitType(t, ctx, info, depth + 1, held);
      return;
    }
    // a type of a 2024-09 pickup that still gives a v1-only field (`preferred_date`) is half
    // migrated: its v1 names are renamed, as those of such a body are (bodies.ts)
    if (ctx === 'pickup-2024-09' && type.getProperties().some((p) => V1_ONLY_PICKUP_FIELDS.includes(p.name))) ctx = 'pickup-v1';
    const key = `${(type as unknown as { id: number }).id}:${ctx}:${ownerIds.get(owner)}`;
    if (seen.has(key)) return;
    seen.add(key);
    const renames = renamesIn(ctx);
    for (const prop of type.getProperties()) {
      const decls = (prop.declarations ?? []).filter(isUserMember);
      if (!decls.length) {
        mappedKey(prop, type, renames.get(prop.name), info);
        continue;
      }
      if (ctx === 'webhook-2023-01' && prop.name === 'version') for (const d of decls) oldVersionMember(d as ts.PropertySignature | ts.PropertyDeclaration, info);
      // a pickup request type that gives the v1 nested `pickup` object (2024-09 has none)
      if ((ctx === 'pickup-v1' || ctx === 'pickup-2024-09') && prop.name === 'pickup')
        for (const d of decls) {
          let n = nestedPickups.get(d);
          if (!n) nestedPickups.set(d, (n = { info, typeName: typeLabel(d), owners: new Set() }));
          addOwner(n.owners);
        }
      const change = renames.get(prop.name);
      const known = decls.map((d) => renamed.get(d)).find((r) => r !== undefined);
      const stays = schemaHeld(decls[0], held);
      if (known) addOwner(known.owners);
      else if (change) {
        const r: Renamed = { change, typeName: typeLabel(decls[0]), what: schemaMember(decls[0]) ? `${schemaNames(decls[0]).library} schema` : undefined, info, owners: new Set(), stays };
        addOwner(r.owners);
        for (const d of decls) renamed.set(d, r);
      }
      visitChild(checker.getTypeOfSymbol(prop), ctx, prop.name, info, depth, stays);
    }
  };
  /** Report a finding of a type member or a use of it, as part of every request the member types. */
  const report = (owners: Set<unknown[]>, ...args: Parameters<ShapeReporter['add']>): unknown => {
    const f = reporter.add(...args);
    if (f) for (const o of owners) if (!o.includes(f)) o.push(f);
    return f;
  };
  /**
   * A webhook request type's `version` that takes '2023-01' (and not '2024-09'): a body fixed to
   * '2024-09' would no longer fit it. The literal that writes it, in the member's own type or in a
   * type alias it names (`version: ApiVersion`), is rewritten with the body (as the event names of
   * a union are); an alias that also types something else stays, and the requests with it.
   */
  const oldVersionMember = (d: VersionMember, info: RequestContext): void => {
    const had = versions.get(d);
    if (had) return addOwner(had.owners);
    const literal = versionLiteral(checker, d);
    if (literal) {
      const owners = new Set<unknown[]>();
      addOwner(owners);
      versions.set(d, { literal, info, typeName: typeLabel(d), owners });
    }
  };
  /** The type of a field whose own context is known (`shipments` of a label request: its entries). */
  const visitChild = (fieldType: ts.Type, ctx: ContextKind, name: string, info: RequestContext, depth: number, held?: string): void => {
    const child = childContext(ctx, name);
    if (!child) return;
    const t = checker.getNonNullableType(fieldType);
    if (child === 'label-entries') {
      const el = checker.getIndexTypeOfType(t, ts.IndexKind.Number);
      if (el) visitType(checker.getNonNullableType(el), 'label-entry-2023-01', info, depth + 1, held);
    } else visitType(t, child, info, depth + 1, held);
  };

  for (const s of shaped) {
    // a body outside the program has no request shape in its imports (involvedUnits)
    if (!unitOf.has(s.unit.sf)) continue;
    owner = s.owner;
    current = s;
    if (!ownerIds.has(owner)) ownerIds.set(owner, ownerIds.size);
    let type: ts.Type | undefined;
    try {
      type = ts.isObjectLiteralExpression(s.node) ? checker.getContextualType(s.node) : checker.getTypeAtLocation(s.node);
    } catch {
      type = undefined;
    }
    if (type) visitType(checker.getNonNullableType(type), s.ctx, s.info, 0);
    // an untyped literal whose fields hold typed values (`{ shipments: entries }`, entries: LabelEntry[])
    if (ts.isObjectLiteralExpression(s.node))
      for (const p of s.node.properties) {
        const name = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
        const value = ts.isPropertyAssignment(p) ? p.initializer : ts.isShorthandPropertyAssignment(p) ? p.name : undefined;
        if (name === undefined || !value || !childContext(s.ctx, name)) continue;
        try {
          visitChild(checker.getTypeAtLocation(value), s.ctx, name, s.info, 0);
        } catch {
          // a value the checker cannot type is no shape
        }
      }
  }
  // (one finding for each literal: an alias may type the `version` of several request types)
  const byLiteral = new Map<ts.StringLiteral, [VersionMember, OldVersion][]>();
  for (const [d, v] of versions) byLiteral.set(v.literal, [...(byLiteral.get(v.literal) ?? []), [d, v]]);
  for (const [lit, list] of byLiteral) {
    const unit = unitOf.get(lit.getSourceFile());
    if (!unit || lit.getText(unit.sf).slice(1, -1) !== '2023-01') continue;
    const members = list.map(([d]) => d);
    const v = list[0][1];
    const owners = new Set(list.flatMap(([, x]) => [...x.owners]));
    const named = namedIn(lit, members);
    const start = lit.getStart(unit.sf);
    const what = `The webhook \`version\` of the request type \`${v.typeName}\` is '2023-01'${named ? ` (\`${named.name.text}\`)` : ''}; a webhook for 2024-09 carries \`'2024-09'\`; `;
    const elsewhere = named && namedElsewhere(checker, store, unitOf, named, members);
    if (elsewhere) {
      report(owners, 'webhook-version', unit, start, lit.getEnd(), says(what, note('none', `\`${named!.name.text}\` also types more than a webhook's \`version\` (${elsewhere}), which '2024-09' would not fit: give the webhook's version a type of its own, then move it with the request`)), { context: { ...v.info, by: 'type' } });
      continue;
    }
    report(owners, 'webhook-version', unit, start, lit.getEnd(), says(what, note('safe'), ' with the body.'), {
      edits: [{ unit, start: start + 1, end: lit.getEnd() - 1, text: '2024-09' }],
      context: { ...v.info, by: 'type' },
      fixDescription: "write '2024-09'",
      newText: '2024-09',
    });
  }
  for (const [d, v] of nestedPickups) {
    const unit = unitOf.get(d.getSourceFile());
    const n = (d as ts.PropertySignature).name;
    if (!unit || !n) continue;
    report(v.owners, 'v1-pickup-nested-object', unit, n.getStart(unit.sf), n.getEnd(), says(`The request type \`${v.typeName}\` gives the v1 nested \`pickup\` object, which 2024-09 does not have (its fields are at the top level); `, note('none', 'remove it from the type, and the fields it nests, by hand, then run `--fix` again: the requests it types wait for it')), { context: { ...v.info, by: 'type' } });
  }
  if (!renamed.size && !mapped.size) return;
  const names = new Set([...renamed.values(), ...mapped.values()].map((r) => r.change.from));
  const symOf = (s: ts.Symbol | undefined) => {
    if (!s) return undefined;
    const target = (s.flags & ts.SymbolFlags.Alias) !== 0 ? checker.getAliasedSymbol(s) : s;
    for (const d of target.declarations ?? []) {
      const r = renamed.get(d);
      if (r) return r;
    }
    return mapped.get(target);
  };
  markStaying({ checker, unitOf, names, symOf, all: [...renamed.values(), ...mapped.values()] }, reporter);

  // the declarations themselves
  for (const [d, r] of renamed) {
    const unit = unitOf.get(d.getSourceFile());
    const n = (d as ts.PropertySignature | ts.PropertyDeclaration | ts.JSDocPropertyTag | ts.PropertyAssignment).name;
    if (!unit || !n || ts.isQualifiedName(n) || ts.isComputedPropertyName(n)) continue;
    const start = n.getStart(unit.sf);
    const quoted = ts.isStringLiteral(n);
    // (a schema's shorthand key, `z.object({ courier_id })`, keeps its value under the new key)
    const text = ts.isShorthandPropertyAssignment(d) ? `${r.change.to}: ${r.change.from}` : r.change.to;
    report(r.owners, r.change.rule.id, unit, start, n.getEnd(), says(`\`${r.change.from}\` in the ${r.what ?? 'request type'} \`${r.typeName}\` is \`${r.change.to}\` in 2024-09 (and so at each use the type checker ties to it); `, r.stays ? note('none', r.stays) : note('safe', undefined, 'renames')), {
      edits: r.stays ? undefined : [{ unit, start: quoted ? start + 1 : start, end: quoted ? n.getEnd() - 1 : n.getEnd(), text }],
      context: { ...r.info, by: 'type' },
      fixDescription: `rename ${r.change.from} to ${r.change.to}`,
      newText: r.change.to,
    });
  }
  // the keys mapped types give: renamed in their key list where it is written once, else held
  const literals = mappedKeyLiterals(checker, unitOf, mapped);
  for (const [sym, r] of mapped) {
    const found = literals.get(r) ?? [];
    if (found.length !== 1) r.stays ??= found.length ? `the type's key list names it in ${found.length} places, and \`--fix\` cannot tell which the request needs: rename it there by hand, with the body` : `the type gives its keys through a mapped type (\`${r.typeName}\`) whose key list is written apart from it, where \`--fix\` does not follow: rename the key there by hand, with the body`;
    // where it is said: the key in the list, else the alias that names the type, else the body
    const at = found[0] ?? (r.alias ? { unit: unitOf.get(r.alias.getSourceFile())!, lit: undefined } : undefined);
    const unit = at?.unit ?? r.at.unit;
    const start = at?.lit ? at.lit.getStart(unit.sf) + 1 : (r.alias ?? r.at.node).getStart(unit.sf);
    const end = at?.lit ? at.lit.getEnd() - 1 : at ? r.alias!.getEnd() : r.at.node.getEnd();
    report(r.owners, r.change.rule.id, unit, start, end, says(`\`${r.change.from}\` in the request type \`${r.typeName}\` is \`${r.change.to}\` in 2024-09 (and so at each use the type checker ties to it); `, r.stays ? note('none', r.stays) : note('safe', undefined, 'renames')), {
      edits: r.stays ? undefined : [{ unit, start, end, text: r.change.to }],
      context: { ...r.info, by: 'type' },
      fixDescription: `rename ${r.change.from} to ${r.change.to}`,
      newText: r.change.to,
    });
    if (r.stays) mapped.delete(sym);
  }
  // the uses: property accesses, destructuring, object literal keys typed by the shape (none of a member that stays)
  for (const [d, r] of renamed) if (r.stays) renamed.delete(d);
  /**
   * The type whose key a string literal type names, when its place says it is one: the index of an
   * indexed access (`Req['courier_id']`), the keys of `Omit<Req, K>` or of `Exclude`/`Extract` of
   * `keyof Req`, or a type argument whose parameter is constrained by `keyof` (`Pick<Req, K>`, whose
   * `K extends keyof T`, or a generic of the client's own). Through unions and parentheses.
   */
  const keyOwner = (lit: ts.LiteralTypeNode): ts.TypeNode | undefined => {
    let at: ts.TypeNode = lit;
    while (at.parent && (ts.isUnionTypeNode(at.parent) || ts.isParenthesizedTypeNode(at.parent))) at = at.parent as ts.TypeNode;
    const ref = at.parent;
    if (!ref) return undefined;
    if (ts.isIndexedAccessTypeNode(ref)) return ref.indexType === at ? ref.objectType : undefined;
    if (!(ts.isTypeReferenceNode(ref) || ts.isExpressionWithTypeArguments(ref)) || !ref.typeArguments) return undefined;
    const args = ref.typeArguments;
    const i = args.indexOf(at);
    if (i < 0) return undefined;
    const keyofOf = (t: ts.TypeNode | undefined) => (t && ts.isTypeOperatorNode(t) && t.operator === ts.SyntaxKind.KeyOfKeyword ? t.type : undefined);
    const nameNode = ts.isTypeReferenceNode(ref) ? ref.typeName : ref.expression;
    let sym: ts.Symbol | undefined;
    try {
      sym = checker.getSymbolAtLocation(nameNode);
      if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
    } catch {
      return undefined;
    }
    const fromLib = (sym?.declarations ?? []).some((d) => d.getSourceFile().fileName === MINI_LIB_NAME);
    if (fromLib && sym!.name === 'Omit') return i === 1 ? args[0] : undefined;
    if (fromLib && (sym!.name === 'Exclude' || sym!.name === 'Extract')) return i === 1 ? keyofOf(args[0]) : undefined;
    const decl = sym?.declarations?.find((d): d is ts.TypeAliasDeclaration | ts.InterfaceDeclaration | ts.ClassDeclaration => ts.isTypeAliasDeclaration(d) || ts.isInterfaceDeclaration(d) || ts.isClassDeclaration(d));
    const params = decl?.typeParameters;
    const target = keyofOf(params?.[i]?.constraint);
    if (!params || !target) return undefined;
    // `K extends keyof T`: the argument given for T; `K extends keyof Req`: Req itself
    if (ts.isTypeReferenceNode(target) && ts.isIdentifier(target.typeName) && !target.typeArguments) {
      const j = params.findIndex((q) => q.name.text === (target.typeName as ts.Identifier).text);
      if (j >= 0) return args[j];
    }
    return target;
  };
  for (const unit of new Set(unitOf.values())) {
    if (![...names].some((n) => unit.sf.text.includes(n))) continue;
    const visit = (n: ts.Node): void => {
      // `body['courier_id']`, `Req['courier_selection']` and the keys `Pick<Req, 'courier_id'>`,
      // `Omit<Req, …>`, `Exclude<keyof Req, …>` name: the name inside the quotes
      if (ts.isStringLiteral(n) && names.has(n.text) && n.parent) {
        const p = n.parent;
        let r: Renamed | undefined;
        if (ts.isElementAccessExpression(p) && p.argumentExpression === n) r = symOf(checker.getSymbolAtLocation(n));
        else if (ts.isLiteralTypeNode(p)) {
          const owner = keyOwner(p);
          if (owner) r = symOf(checker.getTypeFromTypeNode(owner).getProperty(n.text));
        } else if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.InKeyword && p.left === n) {
          // a type guard: `'courier_id' in body`
          r = symOf(checker.getNonNullableType(checker.getTypeAtLocation(p.right)).getProperty(n.text));
        } else {
          // a value typed `keyof Req` (`const REQUIRED: (keyof Req)[] = ['courier_id', …]`, a parameter `k: keyof Req`,
          // `Array<keyof Req>`, an argument given for `k?: keyof Req`)
          for (const owner of keyofOwners(checker, n)) if ((r = symOf(owner.getProperty(n.text)))) break;
        }
        const raw = n.getText(unit.sf);
        if (r && raw.slice(1, -1) === n.text) {
          const start = n.getStart(unit.sf) + 1;
          report(r.owners, r.change.rule.id, unit, start, start + n.text.length, says(`\`${r.change.from}\` of the ${r.what ?? 'request type'} \`${r.typeName}\` is \`${r.change.to}\` in 2024-09; `, note('safe', undefined, 'renames')), {
            edits: [{ unit, start, end: start + n.text.length, text: r.change.to }],
            context: { ...r.info, by: 'type' },
            fixDescription: `rename ${r.change.from} to ${r.change.to}`,
            newText: r.change.to,
          });
        }
      }
      if (ts.isIdentifier(n) && names.has(n.text) && n.parent) {
        const p = n.parent;
        let r: Renamed | undefined;
        let edit: UnitEdit | undefined;
        const start = n.getStart(unit.sf);
        if (ts.isPropertyAccessExpression(p) && p.name === n) {
          r = symOf(checker.getSymbolAtLocation(n));
          if (r) edit = { unit, start, end: n.getEnd(), text: r.change.to };
          // a window time assigned to the member (`dto.preferred_min_time = …`): its value changes form with it
          const time = r && assignedTime(unit, p, r.change);
          if (time) {
            const f = report(r!.owners, 'v1-pickup-time-value', unit, time.start, time.end, time.message, { edits: time.edit && [time.edit], context: { ...r!.info, by: 'type' }, fixKind: time.edit ? 'safe' : 'none' });
            if (f && time.holds) reporter.holdsRequest?.add(f);
          }
        } else if (ts.isBindingElement(p) && ts.isObjectBindingPattern(p.parent)) {
          const isKey = p.propertyName === n || (!p.propertyName && p.name === n);
          if (isKey) {
            const t = checker.getTypeAtLocation(p.parent);
            r = symOf(t.getProperty(n.text));
            if (r) edit = p.propertyName ? { unit, start, end: n.getEnd(), text: r.change.to } : { unit, start, end: n.getEnd(), text: `${r.change.to}: ${n.text}` };
          }
        } else if ((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && p.name === n && ts.isObjectLiteralExpression(p.parent)) {
          const t = checker.getContextualType(p.parent);
          r = t ? symOf(t.getProperty(n.text)) : undefined;
          if (r) edit = ts.isShorthandPropertyAssignment(p) ? { unit, start, end: n.getEnd(), text: `${r.change.to}: ${n.text}` } : { unit, start, end: n.getEnd(), text: r.change.to };
        }
        if (r && edit)
          report(r.owners, r.change.rule.id, unit, start, n.getEnd(), says(`\`${r.change.from}\` of the ${r.what ?? 'request type'} \`${r.typeName}\` is \`${r.change.to}\` in 2024-09; `, note('safe', undefined, 'renames')), {
            edits: [edit],
            context: { ...r.info, by: 'type' },
            fixDescription: `rename ${r.change.from} to ${r.change.to}`,
            newText: r.change.to,
          });
      }
      ts.forEachChild(n, visit);
    };
    visit(unit.sf);
  }
}

/**
 * Where each mapped key is written: a string literal in the key list of a `Record<…>` (its first
 * type argument) or of a mapped type `{ [K in …]: … }`, through unions and parentheses, whose type
 * gives that very property.
 */
function mappedKeyLiterals<R>(checker: ts.TypeChecker, unitOf: Map<ts.SourceFile, Unit>, mapped: Map<ts.Symbol, R>): Map<R, { unit: Unit; lit: ts.StringLiteral }[]> {
  const out = new Map<R, { unit: Unit; lit: ts.StringLiteral }[]>();
  if (!mapped.size) return out;
  const keys = new Set([...mapped.keys()].map((s) => s.name));
  for (const unit of new Set(unitOf.values())) {
    if (![...keys].some((k) => unit.sf.text.includes(k))) continue;
    const visit = (n: ts.Node): void => {
      if (ts.isLiteralTypeNode(n) && ts.isStringLiteral(n.literal) && keys.has(n.literal.text)) {
        let at: ts.Node = n;
        while (at.parent && (ts.isUnionTypeNode(at.parent) || ts.isParenthesizedTypeNode(at.parent))) at = at.parent;
        const p = at.parent;
        let holder: ts.TypeNode | undefined;
        if (p && ts.isTypeReferenceNode(p) && p.typeArguments?.[0] === at) holder = p;
        else if (p && ts.isTypeParameterDeclaration(p) && p.constraint === at && ts.isMappedTypeNode(p.parent)) holder = p.parent;
        let r: R | undefined;
        try {
          const sym = holder && checker.getTypeFromTypeNode(holder).getProperty(n.literal.text);
          r = sym && mapped.get(sym);
        } catch {
          r = undefined;
        }
        if (r && n.literal.getText(unit.sf).slice(1, -1) === n.literal.text) {
          const list = out.get(r) ?? [];
          list.push({ unit, lit: n.literal });
          out.set(r, list);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(unit.sf);
  }
  return out;
}

function typeLabel(d: ts.Declaration): string {
  // a schema's key: the schema, by the constant that holds it (nested in place: the outer one)
  if (schemaMember(d)) return schemaNames(d).names[0] ?? 'type literal';
  let n: ts.Node | undefined = d.parent;
  while (n) {
    if ((ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n) || ts.isClassDeclaration(n)) && n.name) return n.name.text;
    if (ts.isJSDocTypedefTag(n) && n.name && ts.isIdentifier(n.name)) return n.name.text;
    n = n.parent;
  }
  return 'type literal';
}
