// Reading tsconfig.json for the `paths` and `baseUrl` an import may go through: the nearest one at or
// above a folder, JSON with comments and trailing commas, without the compiler (the cutting of a
// large run into parts reads it before any worker has loaded one).

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { tsPathsOf, type TsPaths } from './resolve.js';
import type { ListedFolders } from '../types.js';

/** The tsconfig.json files of a run, read once per folder. */
export class TsconfigReader {
  private cache = new Map<string, TsPaths | null | 'bad'>();

  /**
   * `inside`: the run's root wall (src/core/wall.ts); a folder outside it has no tsconfig.
   * `folders`: what the walk saw of the folders. `reads`: told of each file read or looked for on the disk.
   */
  constructor(
    private readonly inside: (dir: string) => boolean = () => true,
    private readonly folders?: ListedFolders,
    private readonly reads?: Set<string>,
  ) {}

  /**
   * The `paths` and `baseUrl` that apply in a folder: null when the nearest tsconfig.json sets
   * neither (or there is none, or it lies outside the root); 'bad' when it cannot be read.
   */
  pathsFor(dir: string): TsPaths | null | 'bad' {
    const cached = this.cache.get(dir);
    if (cached !== undefined) return cached;
    let result: TsPaths | null | 'bad' = null;
    // (the path is made only where it is looked at: a run asks of 2,000 folders, most of them listed by its walk)
    const file = () => {
      const f = path.join(dir, 'tsconfig.json');
      this.reads?.add(f);
      return f;
    };
    if (!this.inside(dir)) result = null;
    else if (this.folders?.listed.has(dir) ? this.folders.tsconfig.has(dir) : existsSync(file())) {
      try {
        result = readConfig(file(), 0, this.reads);
      } catch {
        result = 'bad';
      }
    } else {
      const up = path.dirname(dir);
      result = up !== dir ? this.pathsFor(up) : null;
    }
    this.cache.set(dir, result);
    return result;
  }
}

interface Config {
  extends?: string | string[];
  compilerOptions?: { baseUrl?: string; paths?: Record<string, string[]> };
}

/**
 * The `paths` and `baseUrl` a tsconfig file sets, or inherits through `extends` (a file path, as
 * Nuxt's `{ "extends": "./.nuxt/tsconfig.json" }`; a package's config sets no aliases of the
 * project). Paths written without a `baseUrl` are relative to the file that writes them.
 */
function readConfig(file: string, depth: number, reads: Set<string> | undefined): TsPaths | null {
  const json = JSON.parse(stripJsonComments(readFileSync(file, 'utf8'))) as Config;
  const dir = path.dirname(file);
  let inherited: TsPaths | null = null;
  const bases = Array.isArray(json.extends) ? json.extends : json.extends ? [json.extends] : [];
  for (const b of bases) {
    if (typeof b !== 'string' || !(b.startsWith('.') || b.startsWith('/')) || depth > 4) continue;
    const target = [path.resolve(dir, b), path.resolve(dir, `${b}.json`), path.resolve(dir, b, 'tsconfig.json')].find((f) => (reads?.add(f), existsSync(f) && !f.endsWith(path.sep)));
    // (a base that cannot be read adds nothing: the file's own options still count)
    let base: TsPaths | null = null;
    try {
      base = target ? readConfig(target, depth + 1, reads) : null;
    } catch {
      base = null;
    }
    if (base) inherited = base;
  }
  const co = json.compilerOptions ?? {};
  const baseUrl = co.baseUrl !== undefined ? path.resolve(dir, co.baseUrl) : undefined;
  if (co.paths) return tsPathsOf(dir, { ...co, baseUrl: baseUrl ?? inherited?.baseUrl ?? dir });
  if (baseUrl) return { baseUrl, paths: inherited?.paths ?? [] };
  return inherited;
}

/** tsconfig.json is JSON with comments and trailing commas. */
function stripJsonComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else {
      out += c;
      i++;
    }
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}
