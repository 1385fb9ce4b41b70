// Source units (a module, or one script part of a component), parsed on demand with the
// TypeScript compiler that ts-morph bundles, and the module resolution between them.

import ts from '../core/ts.cjs';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { COMPONENT_EXTS } from '../core/extensions.js';
import { IMPORT_SPECIFIER, probeModule, resolveSpecifier, type TsPaths } from './resolve.js';
import { TsconfigReader } from './tsconfig.js';
import { WorkspaceReader } from './workspaces.js';

export interface Unit {
  /** absolute path of the file */
  file: string;
  /** the whole file's text (for a component: the component) */
  fileText: string;
  /** offset of this unit's text inside the file (0 for a module) */
  offset: number;
  sf: ts.SourceFile;
}

/** The line (1-based, in the file: a component's script part counts from the component's top) a node starts on. */
export function lineOf(unit: Unit, n: ts.Node): number {
  const line = unit.sf.getLineAndCharacterOfPosition(n.getStart(unit.sf)).line + 1;
  return unit.offset ? unit.fileText.slice(0, unit.offset).split('\n').length - 1 + line : line;
}

const EXT_KIND: Record<string, ts.ScriptKind> = {
  '.ts': ts.ScriptKind.TS,
  '.mts': ts.ScriptKind.TS,
  '.cts': ts.ScriptKind.TS,
  '.tsx': ts.ScriptKind.TSX,
  '.js': ts.ScriptKind.JSX,
  '.jsx': ts.ScriptKind.JSX,
  '.mjs': ts.ScriptKind.JSX,
  '.cjs': ts.ScriptKind.JSX,
};

export const MODULE_EXTENSIONS = Object.keys(EXT_KIND);

/** How a module or a component's script part is parsed (`jsx`: a part that may hold JSX, as Vue's `lang="tsx"`). */
export function scriptKindFor(file: string, lang?: 'ts' | 'js', jsx?: boolean): ts.ScriptKind {
  if (lang) return lang === 'ts' ? (jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS) : ts.ScriptKind.JSX;
  return EXT_KIND[path.extname(file).toLowerCase()] ?? ts.ScriptKind.TS;
}

/**
 * Parse text as a module; `parseDiagnostics` says whether it parsed cleanly. The nodes' parent
 * links are not set here: `tooDeep` sets them in the walk it makes anyway (the compiler's own
 * pass would be one more walk of every tree), and every unit goes through it before analysis.
 */
export function parseModule(file: string, text: string, kind: ts.ScriptKind): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
}

/**
 * The deepest nesting the analysis takes. The TypeScript parser itself gives up (stack overflow)
 * a little above 600 levels of nested calls, and the analysis' recursive walks at about 2,200
 * levels of the chains the parser does build (`a + b + …`, `.then().then()…`, `a ? b : …`);
 * a file nested deeper than this is reported and skipped, never a crash.
 */
export const MAX_NESTING = 1000;

type Linked = ts.Node & { parent: ts.Node; jsDoc?: ts.Node[] };

/**
 * The nodes the checks look at, in document order (the order a recursive walk meets them), so
 * that each check goes down its own list instead of walking the whole tree again.
 */
export interface TreeIndex {
  /** string literals, templates and `+` expressions, except those inside imports, exports and literal types */
  strings: ts.Expression[];
  calls: ts.CallExpression[];
  /** `new C(…)` */
  news: ts.NewExpression[];
  objects: ts.ObjectLiteralExpression[];
  /** property signatures and declarations (the members of a request type) */
  members: (ts.PropertySignature | ts.PropertyDeclaration)[];
  /** string literal types and template literal types (a path may be written as a type), except those inside imports and exports */
  types: (ts.LiteralTypeNode | ts.TemplateLiteralTypeNode)[];
}

/** What the walk found, by tree: it is made once per tree. */
const walks = new WeakMap<ts.Node, { depth: number; index: TreeIndex }>();

/** Subtrees whose strings are module names or types, never URLs. */
const NOT_URL_STRINGS = new Set([ts.SyntaxKind.ImportDeclaration, ts.SyntaxKind.ExportDeclaration, ts.SyntaxKind.ImportType, ts.SyntaxKind.ExternalModuleReference, ts.SyntaxKind.LiteralType]);

/**
 * One walk of a syntax tree (an explicit stack: no recursion however deep the tree): how deep it
 * goes, and its index. It sets each node's parent link on the way, JSDoc included, as the
 * compiler's `setParentNodes` does.
 */
function walkSyntax(sf: ts.Node): { depth: number; index: TreeIndex } {
  const index: TreeIndex = { strings: [], calls: [], news: [], objects: [], members: [], types: [] };
  let max = 0;
  const nodes: ts.Node[] = [sf];
  // per entry of `nodes`: its depth, negated inside a subtree whose strings are not URLs
  const depths: number[] = [1];
  while (nodes.length) {
    const n = nodes.pop()!;
    const signed = depths.pop()!;
    const d = signed < 0 ? -signed : signed;
    if (d > max) max = d;
    const docs = (n as Linked).jsDoc;
    if (docs) for (const doc of docs) linkDoc(doc, n);
    switch (n.kind) {
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      case ts.SyntaxKind.TemplateExpression:
        if (signed > 0) index.strings.push(n as ts.Expression);
        break;
      case ts.SyntaxKind.BinaryExpression:
        if (signed > 0 && (n as ts.BinaryExpression).operatorToken.kind === ts.SyntaxKind.PlusToken) index.strings.push(n as ts.Expression);
        break;
      case ts.SyntaxKind.CallExpression:
        index.calls.push(n as ts.CallExpression);
        break;
      case ts.SyntaxKind.NewExpression:
        index.news.push(n as ts.NewExpression);
        break;
      case ts.SyntaxKind.ObjectLiteralExpression:
        index.objects.push(n as ts.ObjectLiteralExpression);
        break;
      case ts.SyntaxKind.PropertySignature:
      case ts.SyntaxKind.PropertyDeclaration:
        index.members.push(n as ts.PropertySignature | ts.PropertyDeclaration);
        break;
      case ts.SyntaxKind.LiteralType:
      case ts.SyntaxKind.TemplateLiteralType:
        // (a literal type's own strings are left out of `strings` below; an import type's argument is a module name)
        if (signed > 0 && n.parent?.kind !== ts.SyntaxKind.ImportType) index.types.push(n as ts.LiteralTypeNode | ts.TemplateLiteralTypeNode);
        break;
    }
    const child = signed < 0 || NOT_URL_STRINGS.has(n.kind) ? -(d + 1) : d + 1;
    const first = nodes.length;
    ts.forEachChild(n, (c) => {
      (c as Linked).parent = n;
      nodes.push(c);
      depths.push(child);
    });
    // the children were pushed in order; the first must come off the stack first
    for (let i = first, j = nodes.length - 1; i < j; i++, j--) {
      const t = nodes[i];
      nodes[i] = nodes[j];
      nodes[j] = t;
    }
  }
  const walk = { depth: max, index };
  walks.set(sf, walk);
  return walk;
}

/**
 * How deep a syntax tree goes. The walk behind it (made once per tree) also sets the parent links
 * and makes the tree's index; a file parsed ahead is walked then (src/analysis/run.ts).
 */
export function nestingDepth(sf: ts.Node): number {
  return (walks.get(sf) ?? walkSyntax(sf)).depth;
}

/**
 * A component's text outside the given script parts (each blanked with spaces, so offsets and
 * lengths stay); undefined for a module.
 */
export function markupOf(unit: Unit, scripts: readonly Unit[]): string | undefined {
  if (!COMPONENT_EXTS.includes(path.extname(unit.file).toLowerCase())) return undefined;
  let out = unit.fileText;
  for (const u of scripts) out = out.slice(0, u.offset) + ' '.repeat(u.sf.text.length) + out.slice(u.offset + u.sf.text.length);
  return out;
}

/** The index of a parsed tree (made by the walk every unit goes through, `tooDeep`). */
export function treeIndex(sf: ts.SourceFile): TreeIndex {
  return (walks.get(sf) ?? walkSyntax(sf)).index;
}

/** A JSDoc comment's nodes (shallow trees, not counted in the nesting). */
function linkDoc(doc: ts.Node, parent: ts.Node): void {
  (doc as Linked).parent = parent;
  ts.forEachChild(doc, (c) => linkDoc(c, doc));
}

/** Why a parsed file is too deep to analyse (undefined when it is not). */
export function tooDeep(sf: ts.SourceFile): string | undefined {
  const d = nestingDepth(sf);
  return d > MAX_NESTING ? `skipped: the code is nested ${d} levels deep, over the limit of ${MAX_NESTING}` : undefined;
}

/** The message for a parser that ran out of stack. */
export const TOO_DEEP_TO_PARSE = 'skipped: the code is nested too deeply to parse (the parser ran out of stack)';

export function parseErrors(sf: ts.SourceFile): ts.DiagnosticWithLocation[] {
  return ((sf as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? []).filter(
    (d) => d.category === ts.DiagnosticCategory.Error,
  );
}

/** Reads files (editor buffers first), parses them once, and resolves imports between them. */
export class UnitStore {
  private units = new Map<string, Unit[]>();
  private texts = new Map<string, string | null>();
  private tsconfigs = new TsconfigReader((dir) => this.inside(dir));
  private workspaces = new WorkspaceReader((dir) => this.inside(dir));
  /** files parsed but nested too deeply to analyse (or to parse), with why; they have no units */
  readonly skipped = new Map<string, string>();
  parsedCount = 0;

  constructor(
    private readonly overlays: Map<string, string> = new Map(),
    /** component units prepared before analysis (script parts with their offsets) */
    readonly componentUnits: Map<string, Unit[]> = new Map(),
    private readonly maxFileSize = 4 * 1024 * 1024,
    /** when set, nothing outside this folder (its real path) is read, whatever imports say */
    private readonly root?: string,
    /** modules parsed ahead (src/pipeline/reader.ts), taken when their text is the one read here */
    private readonly preparsed?: Map<string, ts.SourceFile>,
  ) {}

  /** Is the file inside the root (after following links)? */
  inside(file: string): boolean {
    if (!this.root) return true;
    let real = file;
    try {
      real = realpathSync(file);
    } catch {
      real = file;
    }
    const rel = path.relative(this.root, real);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  }

  text(file: string): string | undefined {
    if (this.overlays.has(file)) return this.overlays.get(file);
    if (this.texts.has(file)) return this.texts.get(file) ?? undefined;
    let t: string | null = null;
    try {
      if (!this.inside(file)) throw new Error('outside the root');
      const st = statSync(file);
      if (st.isFile() && st.size <= this.maxFileSize) t = readFileSync(file, 'utf8');
    } catch {
      t = null;
    }
    this.texts.set(file, t);
    return t ?? undefined;
  }

  setText(file: string, text: string): void {
    this.texts.set(file, text);
  }

  /** The units of a file: one for a module, one per script part for a component. */
  get(file: string): Unit[] {
    const hit = this.units.get(file) ?? this.componentUnits.get(file);
    if (hit) return hit;
    if (!MODULE_EXTENSIONS.includes(path.extname(file).toLowerCase())) return [];
    const text = this.text(file);
    if (text === undefined) return [];
    let sf: ts.SourceFile;
    try {
      const ahead = this.preparsed?.get(file);
      sf = ahead && ahead.text === text ? ahead : parseModule(file, text, scriptKindFor(file));
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      this.skipped.set(file, TOO_DEEP_TO_PARSE);
      this.units.set(file, []);
      return [];
    }
    this.parsedCount++;
    const deep = tooDeep(sf);
    if (deep) {
      this.skipped.set(file, deep);
      this.units.set(file, []);
      return [];
    }
    const list = [{ file, fileText: text, offset: 0, sf }];
    this.units.set(file, list);
    return list;
  }

  private allUnits?: { size: number; list: Unit[] };

  /** All units parsed so far (the same array until another file is parsed: callers do not change it). */
  all(): Unit[] {
    // (asked for again and again while the checks run: made anew only when a file was parsed since)
    const size = this.units.size + this.componentUnits.size;
    if (this.allUnits?.size === size) return this.allUnits.list;
    const list = [...this.units.values(), ...this.componentUnits.values()].flat();
    this.allUnits = { size, list };
    return list;
  }

  /** The `paths` and `baseUrl` that apply in a folder (tsconfig.ts: `extends` followed; a file that cannot be read sets none). */
  private tsPaths(fromDir: string): TsPaths | null {
    const found = this.tsconfigs.pathsFor(fromDir);
    return found === 'bad' ? null : found;
  }

  /** Resolve an import specifier to a file of the project (relative, a workspace package, or through tsconfig paths). */
  /** Does this file import `target` (a static or dynamic import, a re-export, a `require`), its specifiers resolved as the analysis resolves them? `text`: the part of it to look in (its whole text by default). */
  imports(file: string, target: string, text = this.text(file)): boolean {
    for (const m of (text ?? '').matchAll(IMPORT_SPECIFIER)) if (this.resolve(file, m[1]) === target) return true;
    return false;
  }

  resolve(fromFile: string, spec: string): string | undefined {
    // (one answer a folder and specifier: the files and configs it probes stay as they are during a run)
    const key = `${path.dirname(fromFile)}\0${spec}`;
    const known = this.resolved.get(key);
    if (known !== undefined) return known ?? undefined;
    const found = this.resolveNow(fromFile, spec);
    this.resolved.set(key, found ?? null);
    return found;
  }

  private readonly resolved = new Map<string, string | null>();

  private resolveNow(fromFile: string, spec: string): string | undefined {
    const isFile = (f: string) => {
      if (this.overlays.has(f) || this.componentUnits.has(f)) return true;
      try {
        // (no exception for a path that is not there: most probes are not, and a throw costs)
        return this.inside(f) && !!statSync(f, { throwIfNoEntry: false })?.isFile();
      } catch {
        return false;
      }
    };
    const asWritten = (f: string, ext: string) => MODULE_EXTENSIONS.includes(ext) || this.componentUnits.has(f);
    const cfg = spec.startsWith('.') || spec.startsWith('/') ? null : this.tsPaths(path.dirname(fromFile));
    const ws = spec.startsWith('.') || spec.startsWith('/') ? null : this.workspaces.workspaceFor(path.dirname(fromFile));
    return resolveSpecifier(fromFile, spec, cfg, (base) => probeModule(base, isFile, asWritten), ws);
  }
}

export { lineCol, lineStarts } from '../core/lines.js';
