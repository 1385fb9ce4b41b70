// How an import specifier names a file of the project: relative paths, the project's own workspace
// packages, and tsconfig `paths` and `baseUrl` (other packages are not followed). Pure path logic with the file test passed in, shared by
// the analysis's UnitStore and by the cutting of a large run into parts (which has no compiler).

import path from 'node:path';
import { type Workspace, workspaceCandidates } from './workspaces.js';

/** Every module specifier a text may import (static, dynamic, require, `import('…')` types): a superset. */
export const IMPORT_SPECIFIER = /\b(?:from|import|require)\s*\(?\s*['"]([^'"\n]+)['"]/g;

export interface TsPaths {
  /** `compilerOptions.baseUrl`, resolved (the tsconfig's folder when it gives none) */
  baseUrl: string;
  paths: [string, string[]][];
}

/** The tsconfig's `paths` and `baseUrl`, or null when it sets neither. */
export function tsPathsOf(dir: string, compilerOptions: { baseUrl?: string; paths?: Record<string, string[]> } | undefined): TsPaths | null {
  const co = compilerOptions ?? {};
  if (!co.paths && !co.baseUrl) return null;
  return { baseUrl: path.resolve(dir, co.baseUrl ?? '.'), paths: Object.entries(co.paths ?? {}) };
}

/** The file a specifier names from `fromFile`, tried through `probe` (see probeModule); `ws`: the workspace `fromFile` lies in. */
export function resolveSpecifier(fromFile: string, spec: string, cfg: TsPaths | null, probe: (base: string) => string | undefined, ws: Workspace | null = null): string | undefined {
  if (spec.startsWith('.') || spec.startsWith('/')) return probe(path.resolve(path.dirname(fromFile), spec));
  const inWorkspace = workspaceCandidates(ws, spec);
  if (inWorkspace) {
    for (const c of inWorkspace) {
      const hit = probe(c);
      if (hit) return hit;
    }
    return undefined;
  }
  if (!cfg) return undefined;
  for (const [pattern, targets] of cfg.paths) {
    const star = pattern.indexOf('*');
    let rest: string | undefined;
    if (star < 0) rest = pattern === spec ? '' : undefined;
    else if (spec.startsWith(pattern.slice(0, star)) && spec.endsWith(pattern.slice(star + 1))) rest = spec.slice(star, spec.length - (pattern.length - star - 1));
    if (rest === undefined) continue;
    for (const t of targets) {
      const hit = probe(path.resolve(cfg.baseUrl, t.replace('*', rest)));
      if (hit) return hit;
    }
  }
  if (cfg.paths.length === 0 || !spec.startsWith('@')) return probe(path.resolve(cfg.baseUrl, spec));
  return undefined;
}

/**
 * The file behind a path as an import writes it: the path itself when `asWritten` takes it, else
 * with a module extension (ESM TypeScript imports name the emitted `.js`), else its index file.
 */
export function probeModule(base: string, isFile: (f: string) => boolean, asWritten: (f: string, ext: string) => boolean): string | undefined {
  const ext = path.extname(base);
  if (ext && isFile(base) && asWritten(base, ext)) return base;
  const stem = ['.js', '.jsx', '.mjs', '.cjs'].includes(ext) ? base.slice(0, -ext.length) : base;
  // a declaration file (`api.d.ts`) where no module of that name is: its types may shape a request
  for (const e of ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.d.mts', '.d.cts', '.js', '.jsx', '.mjs', '.cjs']) if (isFile(stem + e)) return stem + e;
  for (const e of ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs']) if (isFile(path.join(base, 'index' + e))) return path.join(base, 'index' + e);
  return undefined;
}

/**
 * The specifiers `cfg.paths` maps to a file (resolveSpecifier's alias step turned around): for
 * `"@acme/shipping": ["./libs/shipping/src/index.ts"]`, or a `*` pattern whose target holds the
 * file, the barrel `libs/shipping/src/index.ts` is `@acme/shipping`. A target may name the file, the file
 * without its extension, or an index file's folder.
 */
export function aliasesOf(file: string, cfg: TsPaths): string[] {
  const stem = file.replace(/(?:\.d)?\.[cm]?[jt]sx?$/, '');
  const forms = [file, stem, ...(path.basename(stem) === 'index' ? [path.dirname(file)] : [])];
  const out = new Set<string>();
  for (const [pattern, targets] of cfg.paths) {
    const star = pattern.indexOf('*');
    for (const t of targets) {
      const full = path.resolve(cfg.baseUrl, t);
      const at = full.indexOf('*');
      for (const f of forms) {
        if (star < 0 || at < 0) {
          if (star < 0 && at < 0 && f === full) out.add(pattern);
          continue;
        }
        const pre = full.slice(0, at);
        const post = full.slice(at + 1);
        if (f.length > pre.length + post.length && f.startsWith(pre) && f.endsWith(post)) out.add(pattern.replace('*', f.slice(pre.length, f.length - post.length)));
      }
    }
  }
  return [...out];
}
