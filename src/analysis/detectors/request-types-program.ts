// The program a request type check runs on: the few units that can declare or use a request type
// with an old key (PRODUCT.md asks for no whole-program type check), over the units already parsed,
// with the project's own module resolution and a small library of its own (node_modules stay out).

import ts from '../../core/ts.cjs';
import { renamesIn, type ContextKind } from '../../core/keys.js';
import { treeIndex, type Unit, type UnitStore } from '../units.js';
import { IMPORT_SPECIFIER } from '../resolve.js';
import { MINI_LIB, MINI_LIB_NAME } from './request-types-lib.js';
import { SCHEMA_MODULES, schemaModuleText } from './request-types-schemas.js';
import { schemaNames, schemaShape } from './schema-libraries.js';

let miniLib: ts.SourceFile | undefined;
/** the schema libraries' typings, parsed once (request-types-schemas.ts) */
const schemaFiles = new Map<string, ts.SourceFile>();

/**
 * Every key some request context renames, and the v1 nested `pickup` (reported in a pickup request
 * type, also once the request is on 2024-09): a type member can only matter if it has one of these names.
 */
function renamedKeys(): Set<string> {
  const all: ContextKind[] = ['pickup-v1', 'label-entry-2023-01', 'body-2023-01', 'courier-block-2023-01'];
  const out = new Set<string>(['courier_selection', 'pickup']);
  for (const c of all) for (const k of renamesIn(c).keys()) out.add(k);
  return out;
}

/**
 * Could this text declare a request type member that changes: one with a renamed key, or a webhook
 * request's `version` typed '2023-01' (written there, or in a type it names: `version: ApiVersion`).
 */
const mayDeclare = (text: string, keys: Set<string>): boolean => [...keys].some((k) => text.includes(k)) || (text.includes('version') && (text.includes('2023-01') || NAMED_VERSION.test(text)));

/** a member `version` typed by a named type (`version: ApiVersion`), which may be '2023-01' where it is declared */
const NAMED_VERSION = /\bversion\??\s*:\s*(?!string\b|number\b|any\b|unknown\b)[A-Za-z_$][\w$.]*\s*[;,}\n]/;

/** The type members with a renamed key (or a typed `version`, see mayDeclare) a unit declares, by the name of the type holding each. */
function declaredShapes(u: Unit, keys: Set<string>): Set<string> | undefined {
  const text = u.sf.text;
  if (!mayDeclare(text, keys)) return undefined;
  const oldVersion = text.includes('2023-01');
  let found = false;
  const names = new Set<string>();
  for (const n of treeIndex(u.sf).members) {
    if (!n.name || !(ts.isIdentifier(n.name) || ts.isStringLiteral(n.name))) continue;
    const typedVersion = n.name.text === 'version' && n.type !== undefined && ((oldVersion && text.slice(n.type.pos, n.type.end).includes('2023-01')) || ts.isTypeReferenceNode(n.type));
    if (!keys.has(n.name.text) && !typedVersion) continue;
    found = true;
    let p: ts.Node | undefined = n.parent;
    while (p && !((ts.isInterfaceDeclaration(p) || ts.isTypeAliasDeclaration(p) || ts.isClassDeclaration(p)) && p.name)) p = p.parent;
    if (p) names.add((p as ts.InterfaceDeclaration).name.text);
  }
  // a schema's keys (`z.object({ courier_id: z.string() })`): the type inferred from it is named by the module's aliases
  // (`type PickupBody = z.infer<typeof pickupSchema>`), and by the schema itself
  for (const o of treeIndex(u.sf).objects) {
    if (!o.properties.some((p) => p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && keys.has(p.name.text)) || !schemaShape(o)) continue;
    found = true;
    for (const n of schemaNames(o).names) names.add(n);
    for (const st of u.sf.statements) if (ts.isTypeAliasDeclaration(st)) names.add(st.name.text);
  }
  // a JSDoc type's properties (`@typedef {Object} Pickup` with `@property {string} courier_id`), in a script checked by its JSDoc
  if (text.includes('@prop'))
    for (const m of text.matchAll(JSDOC_PROPERTY))
      if (keys.has(m[1])) {
        found = true;
        for (const t of text.matchAll(JSDOC_TYPEDEF)) names.add(t[1]);
      }
  // a JSDoc type literal (`@typedef {{ courier_id: string }} Pickup`, `@type {{ courier_id: string }}`): its members are in a comment
  if (text.includes('{{'))
    for (const m of text.matchAll(JSDOC_TYPE_LITERAL)) {
      const members = new Set([...m[1].matchAll(LITERAL_MEMBER)].map((x) => x[1]));
      if (![...members].some((k) => keys.has(k))) continue;
      found = true;
      if (m[2]) names.add(m[2]);
    }
  // keys a mapped type gives (`Record<'courier_id' | …, string>`, `{ [K in …]: … }`), written in
  // its key list or in a union of keys declared apart
  if ([...keys].some((k) => text.includes(`'${k}'`) || text.includes(`"${k}"`)))
    for (const m of text.matchAll(MAPPED_KEYS)) {
      found = true;
      if (m[1]) names.add(m[1]);
    }
  return found ? names : undefined;
}

const JSDOC_PROPERTY = /@(?:property|prop)\s*\{[^}]*\}\s*\[?([A-Za-z_$][\w$]*)/g;
const JSDOC_TYPEDEF = /@typedef\s*\{[^}]*\}\s*([A-Za-z_$][\w$]*)/g;
/** a JSDoc tag's type literal, to the first `}}` (a nested literal's own members are read too), and the typedef's name */
const JSDOC_TYPE_LITERAL = /@(?:typedef|type|param|returns?|property|prop)\s*\{\{([^]*?)\}\}(?:\s*([A-Za-z_$][\w$]*))?/g;
/** a member of a type literal: its name (quoted or not) before an optional `?` and the `:` */
const LITERAL_MEMBER = /['"]?([A-Za-z_$][\w$]*)['"]?\s*\??\s*:/g;

/** A `Record<…>` or a mapped type, with the alias it is declared as (if it is). */
const MAPPED_KEYS = /(?:\btype\s+([A-Za-z_$][\w$]*)\s*(?:<[^=]*>)?\s*=\s*)?(?:\bRecord\s*<|\[\s*[A-Za-z_$][\w$]*\s+in\s+)/g;

/**
 * The units a checker needs (PRODUCT.md asks for no whole-program type check). A body can only be
 * typed by a shape its own module or the modules it imports (directly or not) declare, or one
 * declared globally; so the roots are the units holding a body whose import closure declares a
 * type member with an old key (any body when such a type is global), and to them are added the
 * units that name one of those types or a name it goes by (they may use its members), and those
 * that write an old key and reach such a type through their imports (a read of what a function
 * returns: no name of the type in them). Empty: nothing to rename.
 */
export function involvedUnits(store: UnitStore, shaped: { unit: Unit }[], foreign?: (node: ts.ObjectLiteralExpression) => boolean, foreignValues?: { unit: Unit }[]): Unit[] {
  const keys = renamedKeys();
  const declares = new Map<string, Set<string> | undefined>();
  /** the renamed keys the declaring modules write (`pickup` is never renamed at a use) */
  const usedKeys = new Set<string>();
  let global = false;
  const typeNames = new Set<string>();
  const declaring = (file: string): boolean => {
    if (!declares.has(file)) {
      let names: Set<string> | undefined;
      const text = store.text(file) ?? '';
      const units = mayDeclare(text, keys) ? store.get(file) : [];
      for (const u of units) {
        const found = declaredShapes(u, keys);
        if (!found) continue;
        for (const k of keys) if (k !== 'pickup' && text.includes(k)) usedKeys.add(k);
        names ??= new Set();
        for (const n of found) {
          names.add(n);
          typeNames.add(n);
        }
        // a script (no import or export) or an ambient declaration is seen by every module
        if (!ts.isExternalModule(u.sf) || /\bdeclare\s+(?:global|module)\b/.test(u.sf.text)) global = true;
      }
      declares.set(file, names);
    }
    return declares.get(file) !== undefined;
  };
  const edges = new Map<string, string[]>();
  const importsOf = (file: string): string[] => {
    let out = edges.get(file);
    if (!out) {
      out = [];
      for (const m of (store.text(file) ?? '').matchAll(IMPORT_SPECIFIER)) {
        const target = store.resolve(file, m[1]);
        if (target && target !== file) out.push(target);
      }
      edges.set(file, out);
    }
    return out;
  };
  const closureDeclares = (file: string): boolean => {
    const seen = new Set([file]);
    const queue = [file];
    let hit = false;
    while (queue.length) {
      const f = queue.pop()!;
      if (declaring(f)) hit = true;
      for (const t of importsOf(f)) if (!seen.has(t)) (seen.add(t), queue.push(t));
    }
    return hit;
  };
  /**
   * Does this module's import closure declare such a type? Each answer is kept, and a closure that
   * does not is none of its modules' either (the walk stops at the first module known to).
   */
  const reach = new Map<string, boolean>();
  const reaches = (file: string): boolean => {
    const known = reach.get(file);
    if (known !== undefined) return known;
    const seen = new Set([file]);
    const queue = [file];
    while (queue.length) {
      const f = queue.pop()!;
      if (reach.get(f) || declaring(f)) return (reach.set(file, true), true);
      for (const t of importsOf(f)) if (!seen.has(t) && reach.get(t) !== false) (seen.add(t), queue.push(t));
    }
    for (const f of seen) reach.set(f, false);
    return false;
  };
  const shapedUnits = [...new Set(shaped.map((s) => s.unit))];
  const roots = shapedUnits.filter((u) => closureDeclares(u.file));
  // global shapes are found in units outside any closure too
  for (const u of store.all()) declaring(u.file);
  if (global) roots.splice(0, roots.length, ...shapedUnits);
  if (!roots.length) return [];
  const out = new Set<Unit>(roots);
  for (const [file, names] of declares) if (names) for (const u of store.get(file)) out.add(u);
  // (by the names they go by elsewhere too: `export type { PickupRequest as Pickup }`, `type Pickup = PickupRequest`)
  const aliases = typeNames.size ? relatedNames(store, typeNames, false) : undefined;
  const nameRe = aliases && namesTest(aliases);
  for (const u of store.all()) if (!out.has(u) && nameRe?.test(u.sf.text)) out.add(u);
  // and the modules that read an old key and reach such a type through their imports without naming
  // it (`toBody(c, d).courier_id`, toBody returning it; a barrel's `export type { PickupRequest as
  // Pickup }`): the checker ties those reads to the member, renamed with it. (A use the fix edits
  // writes the key: a module that does not write one has nothing to rename.)
  const readsKey = (text: string) => [...usedKeys].some((k) => text.includes(k));
  for (const u of store.all()) if (!out.has(u) && readsKey(u.sf.text) && (global || reaches(u.file))) out.add(u);
  // and the routes that receive a body importing one of those modules (`@Body() dto: CreateLabelsDto`, a type
  // nesting the shape): a type of what the project's own route receives stays (request-types-stay.ts)
  const files = new Set([...out].map((u) => u.file));
  for (const u of store.all()) if (!out.has(u) && RECEIVES.test(u.sf.text) && importsOf(u.file).some((f) => files.has(f))) out.add(u);
  // and the units holding another vendor's body with an old key (a shape it shares is not renamed),
  // where they name such a type or one that extends it (no other type can give that body its keys)
  const vendorKey = (o: ts.ObjectLiteralExpression) => foreign!(o) && o.properties.some((p) => !!p.name && ts.isIdentifier(p.name) && keys.has(p.name.text));
  const related = aliases && namesTest(relatedNames(store, aliases, true));
  if (foreign && related) for (const u of store.all()) if (!out.has(u) && related.test(u.sf.text) && treeIndex(u.sf).objects.some(vendorKey)) out.add(u);
  for (const v of foreignValues ?? []) out.add(v.unit);
  return [...out];
}

const RECEIVES = /@Body\s*\(|\breq\.body\b|\b(?:req|request)\.json\s*\(/;

/**
 * These type names and the names the same types go by elsewhere (two steps): a re-export or import
 * under another name (`export type { PickupRequest as Pickup }`), an alias that writes them
 * (`type Pickup = PickupRequest`, `Partial<PickupRequest>`), and with `heirs` the interfaces and
 * classes that extend them. Read from the text of the modules that name them.
 */
function relatedNames(store: UnitStore, names: Set<string>, heirs: boolean): Set<string> {
  const all = new Set(names);
  let fresh = names;
  for (let round = 0; round < 2 && fresh.size; round++) {
    const alt = `(?:${[...fresh].join('|')})`;
    const named = namesTest(fresh);
    const patterns = [new RegExp(`\\btype\\s+(${IDENT})\\s*(?:<[^=]*?>)?\\s*=${SAME_STATEMENT}\\b${alt}\\b`, 'g')];
    if (heirs) patterns.push(new RegExp(`\\b(?:interface|class)\\s+(${IDENT})[^{]*?\\bextends\\b[^{]*?\\b${alt}\\b`, 'g'));
    const renamed = new RegExp(`(?:^|[\\s,{])(?:type\\s+)?${alt}\\s+as\\s+(${IDENT})`, 'g');
    const found = new Set<string>();
    const add = (n: string) => !all.has(n) && (all.add(n), found.add(n));
    for (const u of store.all()) {
      const text = u.sf.text;
      if (!named.test(text)) continue;
      for (const re of patterns) for (const m of text.matchAll(re)) add(m[1]);
      if (text.includes(' as ')) for (const list of text.matchAll(NAMED_LIST)) for (const m of list[1].matchAll(renamed)) add(m[1]);
    }
    fresh = found;
  }
  return all;
}

const IDENT = '[A-Za-z_$][\\w$]*';
/** the rest of a statement, lazily: not past a `;` nor into a line that starts another declaration */
const SAME_STATEMENT = '(?:(?!\\n\\s*(?:export|import|const|let|var|function|class|interface|type|declare)\\b)[^;])*?';
/** the braced list of an import or export (`export type { PickupRequest as Pickup } from './pickup'`) */
const NAMED_LIST = /\b(?:import|export)\s+(?:type\s+)?\{([^}]*)\}/g;
const namesTest = (names: Set<string>) => new RegExp(`\\b(?:${[...names].join('|')})\\b`);

export function buildProgram(store: UnitStore, units: Unit[]): { program: ts.Program; unitOf: Map<ts.SourceFile, Unit> } {
  const byName = new Map<string, Unit>();
  const unitOf = new Map<ts.SourceFile, Unit>();
  for (const u of units) {
    byName.set(u.sf.fileName, u);
    unitOf.set(u.sf, u);
  }
  const options: ts.CompilerOptions = {
    allowJs: true,
    checkJs: false,
    noLib: false,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    jsx: ts.JsxEmit.Preserve,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.Latest,
    allowImportingTsExtensions: true,
  };
  const inNodeModules = (f: string) => f.includes('/node_modules/') || f.includes('\\node_modules\\');
  const host: ts.CompilerHost = {
    getSourceFile: (fileName) => {
      if (fileName === MINI_LIB_NAME) return (miniLib ??= ts.createSourceFile(MINI_LIB_NAME, MINI_LIB, ts.ScriptTarget.Latest, true));
      const schemas = schemaModuleText(fileName);
      if (schemas !== undefined) {
        if (!schemaFiles.has(fileName)) schemaFiles.set(fileName, ts.createSourceFile(fileName, schemas, ts.ScriptTarget.Latest, true));
        return schemaFiles.get(fileName);
      }
      const hit = byName.get(fileName);
      if (hit) return hit.sf;
      if (inNodeModules(fileName)) return undefined;
      const u = store.get(fileName)[0];
      if (u) {
        byName.set(fileName, u);
        unitOf.set(u.sf, u);
      }
      return u?.sf;
    },
    getDefaultLibFileName: () => MINI_LIB_NAME,
    writeFile: () => {},
    getCurrentDirectory: () => process.cwd(),
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (f) => f === MINI_LIB_NAME || schemaModuleText(f) !== undefined || (!inNodeModules(f) && (byName.has(f) || store.text(f) !== undefined)),
    readFile: (f) => (f === MINI_LIB_NAME ? MINI_LIB : (schemaModuleText(f) ?? (inNodeModules(f) ? undefined : store.text(f)))),
    // imports resolve as the analysis resolves them (the project's workspace packages included), the compiler's way after that
    resolveModuleNames: (names, containingFile) =>
      names.map((name) => {
        const own = store.resolve(containingFile, name);
        const extension = own && MODULE_EXTENSIONS.find((e) => own.endsWith(e));
        // a schema library no file of the project's own stands for: the typings it is given here
        const schemas = SCHEMA_MODULES.get(name);
        if (schemas && !(own && extension && !inNodeModules(own))) return { resolvedFileName: schemas.file, extension: ts.Extension.Dts, isExternalLibraryImport: false };
        if (own && extension) return { resolvedFileName: own, extension: extension as ts.Extension, isExternalLibraryImport: false };
        return ts.resolveModuleName(name, containingFile, options, host).resolvedModule;
      }),
  };
  const program = ts.createProgram({ rootNames: units.map((u) => u.sf.fileName), options, host });
  return { program, unitOf };
}

/** The extensions the compiler knows a resolved module by, longest first. */
const MODULE_EXTENSIONS = ['.d.mts', '.d.cts', '.d.ts', '.mts', '.cts', '.tsx', '.ts', '.mjs', '.cjs', '.jsx', '.js'];
