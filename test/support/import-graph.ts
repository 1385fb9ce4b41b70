// The import graph of the project's own sources, read with the compiler's pre-processor (static
// imports and re-exports, `import type`, `import('…')` in code and in types, `require`), each
// relative specifier resolved to the source file it names (`./x.js` is `./x.ts`, `./x.cjs` is
// `./x.cts`) and `#name` through package.json "imports". Used by test/structure.test.ts.
import { ts } from '@ts-morph/common';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface SourceGraph {
  /** the source files, relative to the root, posix separators, sorted */
  files: string[];
  /** file -> the project files it imports (same form) */
  imports: Map<string, string[]>;
  /** specifiers that look like the project's own (relative or `#…`) and name no source file */
  unresolved: { file: string; specifier: string }[];
}

const SOURCE = /\.(?:ts|cts|mts)$/;
const toPosix = (p: string) => p.split(path.sep).join('/');

function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...listSources(p));
    else if (e.isFile() && SOURCE.test(e.name)) out.push(p);
  }
  return out;
}

const isFile = (f: string) => existsSync(f) && statSync(f).isFile();

/** The source file behind an emitted path as an import writes it, if any. */
function sourceOf(base: string): string | undefined {
  const swaps: [RegExp, string[]][] = [
    [/\.js$/, ['.ts', '.d.ts']],
    [/\.cjs$/, ['.cts', '.d.cts']],
    [/\.mjs$/, ['.mts', '.d.mts']],
  ];
  for (const [re, exts] of swaps) if (re.test(base)) for (const e of exts) if (isFile(base.replace(re, e))) return base.replace(re, e);
  if (SOURCE.test(base) && isFile(base)) return base;
  for (const e of ['.ts', '.cts', '.mts', '/index.ts']) if (isFile(base + e)) return base + e;
  return undefined;
}

/** The import graph of every .ts/.cts/.mts file under the given folders of `root`. */
export function readImportGraph(root: string, folders: string[]): SourceGraph {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { imports?: Record<string, { default?: string }> };
  const files = folders.flatMap((f) => listSources(path.join(root, f))).sort();
  const imports = new Map<string, string[]>();
  const unresolved: SourceGraph['unresolved'] = [];
  for (const abs of files) {
    const rel = toPosix(path.relative(root, abs));
    const info = ts.preProcessFile(readFileSync(abs, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const ref of info.importedFiles) {
      const spec = ref.fileName;
      let target: string | undefined;
      if (spec.startsWith('.')) target = sourceOf(path.resolve(path.dirname(abs), spec));
      else if (spec.startsWith('#')) {
        // package.json "imports" point at the build (dist/...): the source beside it
        const emitted = pkg.imports?.[spec]?.default;
        target = emitted ? sourceOf(path.resolve(root, emitted.replace(/^\.\/dist\//, './'))) : undefined;
      } else continue;
      if (target) targets.add(toPosix(path.relative(root, target)));
      else unresolved.push({ file: rel, specifier: spec });
    }
    imports.set(rel, [...targets].sort());
  }
  return { files: files.map((f) => toPosix(path.relative(root, f))), imports, unresolved };
}

/**
 * The import cycles: each strongly connected set of files (Tarjan's algorithm) of two or more, or a
 * file that imports itself, sorted, with one closed path through it to show.
 */
export function importCycles(graph: SourceGraph): { files: string[]; path: string[] }[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.imports.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.imports.get(v) ?? []).includes(v)) found.push(scc.sort());
    }
  };
  for (const f of graph.files) if (!index.has(f)) visit(f);
  return found.map((files) => ({ files, path: closedPath(graph, files) }));
}

/** A shortest way from the first file of a cycle back to itself, inside the cycle. */
function closedPath(graph: SourceGraph, files: string[]): string[] {
  const inside = new Set(files);
  const start = files[0];
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.imports.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const way = [v];
        while (way[0] !== start) way.unshift(from.get(way[0])!);
        return [...way, start];
      }
      if (!from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}
