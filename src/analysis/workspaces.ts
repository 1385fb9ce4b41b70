// The project's own workspace packages (npm/yarn `workspaces`, pnpm-workspace.yaml): an import of
// one by its package name (`@shop/shipping-sdk`) is an import of the project's own code, followed
// like a relative one. Plain file reads, no compiler (the cutting of a large run into parts and the
// text test use it too).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ListedFolders } from '../types.js';

/** A workspace package: its folder and the entry its package.json names (undefined: index). */
export interface WorkspacePackage {
  dir: string;
  entries: string[];
}

/** Package name → package, for the workspace a folder lies in. */
export type Workspace = Map<string, WorkspacePackage>;

/** A JSON object file's value (a package.json), or undefined when it cannot be read as one. */
export function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The package globs of a workspace root: package.json `workspaces` (array or `{ packages }`), or
 * pnpm-workspace.yaml's `packages`. `present`: whether a file of the folder is there (the disk's
 * answer, or the walk's for a folder it listed).
 */
function workspaceGlobs(dir: string, present: (file: string) => boolean): string[] | undefined {
  const pkg = present(path.join(dir, 'package.json')) ? readJson(path.join(dir, 'package.json')) : undefined;
  const ws = pkg?.workspaces;
  const list = Array.isArray(ws) ? ws : ws && typeof ws === 'object' && Array.isArray((ws as { packages?: unknown }).packages) ? (ws as { packages: unknown[] }).packages : undefined;
  if (list) return list.filter((x): x is string => typeof x === 'string');
  const pnpm = path.join(dir, 'pnpm-workspace.yaml');
  if (!present(pnpm)) return undefined;
  try {
    const out: string[] = [];
    let inPackages = false;
    for (const line of readFileSync(pnpm, 'utf8').split(/\r?\n/)) {
      if (/^packages\s*:/.test(line)) inPackages = true;
      else if (/^\S/.test(line)) inPackages = false;
      else if (inPackages) {
        const m = /^\s*-\s*['"]?([^'"#]+?)['"]?\s*(?:#.*)?$/.exec(line);
        if (m) out.push(m[1]);
      }
    }
    return out;
  } catch {
    return undefined;
  }
}

/** The folders a workspace glob names (`packages/*`, `apps/**`, `tools/cli`); `!` globs exclude. */
function expand(root: string, globs: string[]): string[] {
  const include = new Set<string>();
  const dirsOf = (dir: string): string[] => {
    try {
      return readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && d.name !== 'node_modules' && !d.name.startsWith('.'))
        .map((d) => path.join(dir, d.name));
    } catch {
      return [];
    }
  };
  const walk = (dir: string, depth: number): string[] => (depth > 4 ? [] : dirsOf(dir).flatMap((d) => [d, ...walk(d, depth + 1)]));
  const matches = (g: string): string[] => {
    const clean = g.replace(/^\.\//, '').replace(/\/+$/, '');
    if (clean.endsWith('/**')) return walk(path.join(root, clean.slice(0, -3)), 0);
    if (clean.endsWith('/*')) return dirsOf(path.join(root, clean.slice(0, -2)));
    if (!clean.includes('*')) return [path.join(root, clean)];
    return [];
  };
  for (const g of globs) if (!g.startsWith('!')) for (const d of matches(g)) include.add(d);
  for (const g of globs) if (g.startsWith('!')) for (const d of matches(g.slice(1))) include.delete(d);
  return [...include];
}

/** The entry files a package.json names for its root import, most specific first. */
function entriesOf(pkg: Record<string, unknown>): string[] {
  const out: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object' && !Array.isArray(v)) for (const k of ['source', 'types', 'import', 'module', 'default', 'require', 'node']) add((v as Record<string, unknown>)[k]);
  };
  const exp = pkg.exports;
  if (typeof exp === 'string') add(exp);
  else if (exp && typeof exp === 'object' && !Array.isArray(exp)) add('.' in exp ? (exp as Record<string, unknown>)['.'] : exp);
  for (const k of ['source', 'module', 'main', 'types', 'typings']) add(pkg[k]);
  return [...new Set(out)];
}

/** The workspaces of a run, read once per folder. */
export class WorkspaceReader {
  private cache = new Map<string, Workspace | null>();

  /**
   * `inside`: the run's root wall; a folder outside it has no workspace. `folders`: what the walk saw
   * of the folders (its `markers` hold every package.json and pnpm-workspace.yaml of a folder it
   * listed): such a folder needs no look on the disk (a `--cache` run follows 300 folders' imports).
   */
  constructor(
    private readonly inside: (dir: string) => boolean = () => true,
    private readonly folders?: ListedFolders,
  ) {}

  /** The workspace a folder lies in (its nearest root that declares one), or null. */
  workspaceFor(dir: string): Workspace | null {
    const cached = this.cache.get(dir);
    if (cached !== undefined) return cached;
    let result: Workspace | null = null;
    if (this.inside(dir)) {
      const listed = this.folders?.listed.has(dir) ? this.folders.markers : undefined;
      const globs = workspaceGlobs(dir, (f) => (listed ? listed.has(f) : existsSync(f)));
      if (globs) result = this.read(dir, globs);
      else {
        const up = path.dirname(dir);
        result = up !== dir ? this.workspaceFor(up) : null;
      }
    }
    this.cache.set(dir, result);
    return result;
  }

  private read(root: string, globs: string[]): Workspace {
    const ws: Workspace = new Map();
    for (const dir of expand(root, globs)) {
      if (!this.inside(dir)) continue;
      const pkg = readJson(path.join(dir, 'package.json'));
      if (pkg && typeof pkg.name === 'string') ws.set(pkg.name, { dir, entries: entriesOf(pkg) });
    }
    return ws;
  }
}

/**
 * The paths to try for a specifier that names a workspace package (`@shop/sdk`, `@shop/sdk/labels`):
 * for the package itself, the entries its package.json names, each of those in a build folder
 * (`dist/`, `build/`, `lib/`, `out/`) also as its `src/` source, then `src/index` and `index`;
 * for a subpath, the subpath in the package and in its `src/`. Undefined: no workspace package.
 */
export function workspaceCandidates(ws: Workspace | null, spec: string): string[] | undefined {
  if (!ws) return undefined;
  for (const [name, pkg] of ws) {
    if (spec !== name && !spec.startsWith(name + '/')) continue;
    const sub = spec.slice(name.length + 1);
    if (sub) return [path.join(pkg.dir, sub), path.join(pkg.dir, 'src', sub)];
    const out: string[] = [];
    for (const e of pkg.entries) {
      const abs = path.resolve(pkg.dir, e);
      const rel = path.relative(pkg.dir, abs).split(path.sep);
      if (['dist', 'build', 'lib', 'out'].includes(rel[0]) && rel.length > 1) out.push(path.join(pkg.dir, 'src', ...rel.slice(1)).replace(/\.d\.ts$|\.[cm]?js$/, ''));
      out.push(abs);
    }
    out.push(path.join(pkg.dir, 'src', 'index'), path.join(pkg.dir, 'index'));
    return out;
  }
  return undefined;
}
