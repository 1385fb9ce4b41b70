// The literal type '2023-01' a webhook request type's `version` is typed by: written in the member
// (`version: '2023-01'`), or in a type alias the member names (`version: ApiVersion` with `type
// ApiVersion = '2023-01'`). A body fixed to '2024-09' no longer fits it, so it moves with the body
// (request-types.ts); an alias that also types anything but such members stays, with the requests.

import ts from '../../core/ts.cjs';
import { lineOf, type Unit, type UnitStore } from '../units.js';
import { attempt, reads, typeNodesWritten } from './type-ties.js';

const OLD = '2023-01';

type Member = ts.PropertySignature | ts.PropertyDeclaration;
/** what a named type may type without holding it (`version` members, the annotation of a versioned base's constant): a declaration's own type */
type Typed = { type?: ts.TypeNode };

/**
 * The literal that gives a `version` member '2023-01', where its type takes '2023-01' and not
 * '2024-09': the member's own, else one in the types it names (the first, a few steps deep).
 */
export function versionLiteral(checker: ts.TypeChecker, d: Member): ts.StringLiteral | undefined {
  if (!d.type) return undefined;
  const t = attempt(() => checker.getTypeAtLocation(d.type!));
  const values = t ? (t.isUnion() ? t.types : [t]).map((x) => (x.isStringLiteral() ? x.value : undefined)) : [];
  if (!values.includes(OLD) || values.includes('2024-09')) return undefined;
  for (const n of typeNodesWritten(checker, [d.type])) if (ts.isLiteralTypeNode(n) && ts.isStringLiteral(n.literal) && n.literal.text === OLD) return n.literal;
  return undefined;
}

/** The type alias a literal is written in, where it is not the member's own type: its name. */
export function namedIn(literal: ts.StringLiteral, members: Typed[]): ts.TypeAliasDeclaration | ts.InterfaceDeclaration | undefined {
  if (members.some((d) => within(literal, d.type))) return undefined;
  for (let p: ts.Node | undefined = literal.parent; p && !ts.isSourceFile(p); p = p.parent) if (ts.isTypeAliasDeclaration(p) || ts.isInterfaceDeclaration(p)) return p;
  return undefined;
}

/**
 * Where a named type is used other than as the type of these members (another member, a variable,
 * a parameter, another type), which '2024-09' would not fit: the first such place (file:line); a
 * module outside the checked ones that imports it and writes its name is one too (its file). An interface is
 * never moved for one member (its file).
 */
export function namedElsewhere(checker: ts.TypeChecker, store: UnitStore, unitOf: Map<ts.SourceFile, Unit>, named: ts.TypeAliasDeclaration | ts.InterfaceDeclaration, members: Typed[]): string | undefined {
  if (ts.isInterfaceDeclaration(named)) return baseName(named.getSourceFile().fileName);
  const units = [...new Set(unitOf.values())];
  const word = new RegExp(`\\b${named.name.text.replace(/\$/g, '\\$')}\\b`);
  // (a module can name it only where it imports the alias's module: a namesake elsewhere is another type, and --cache ties importers only)
  const home = unitOf.get(named.getSourceFile())?.file;
  for (const u of store.all()) if (!unitOf.has(u.sf) && word.test(u.sf.text) && (!home || store.imports(u.file, home, u.sf.text))) return baseName(u.file);
  for (const r of reads(checker, units, named.name)) {
    const ref = r.parent;
    if (ref && ts.isTypeReferenceNode(ref) && members.some((d) => within(ref, d.type))) continue;
    const unit = unitOf.get(r.getSourceFile());
    return unit ? `${baseName(unit.file)}:${lineOf(unit, r)}` : baseName(r.getSourceFile().fileName);
  }
  return undefined;
}

const baseName = (file: string) => file.split(/[\\/]/).pop();
const within = (n: ts.Node, outer: ts.Node | undefined) => !!outer && outer.getSourceFile() === n.getSourceFile() && outer.pos <= n.pos && n.end <= outer.end;
