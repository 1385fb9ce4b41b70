// Which files of a workspace folder the language server leaves alone: the same answer that
// discovery (src/pipeline/discover.ts) gives when the CLI scans the folder, decided for one file at
// a time (discovery walks a whole tree, which an editor cannot afford on every keystroke).
//
// The rules mirror discovery's (the .gitignore reading itself is src/core/gitignore.ts):
// - only the source and component extensions; `.d.ts`, `.d.mts`, `.d.cts` never;
// - node_modules, dist, build, coverage and .git folders below the root are skipped;
// - .gitignore files from the git top down to the file's folder (a folder outside git: the
//   root's own and those below it), each rule scoped to its folder;
// - the config's ignorePatterns, relative to the root.
// test/lsp.test.ts checks this against discoverFiles() on the same tree.

import type { Ignore } from 'ignore';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_EXTENSIONS } from '../core/extensions.js';
import { ALWAYS_IGNORED_DIRS, gitChain, scopeRule, toPosix } from '../core/gitignore.js';
import { newIgnore } from '../core/require.js';

export function isInside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export class IgnoreRules {
  private gitTop: string | undefined;
  /** the root's chain (git top down to the root), computed once */
  private chain: string[] | undefined;
  private readonly fileLines = new Map<string, string[] | null>();
  private readonly perDir = new Map<string, Ignore>();
  private user: Ignore;

  constructor(
    readonly root: string,
    ignorePatterns: string[],
  ) {
    this.user = newIgnore().add(ignorePatterns);
  }

  /** Forget what was read (a .gitignore changed, or the config's patterns did). */
  reset(ignorePatterns?: string[]): void {
    this.fileLines.clear();
    this.perDir.clear();
    this.chain = undefined;
    this.gitTop = undefined;
    if (ignorePatterns) this.user = newIgnore().add(ignorePatterns);
  }

  /** Would a scan of the root skip this file (or never read it: not a source file)? */
  ignores(file: string): boolean {
    const ext = path.extname(file).toLowerCase();
    if (!ALL_EXTENSIONS.includes(ext)) return true;
    if (/\.d\.[mc]?ts$/i.test(file)) return true;
    if (!isInside(this.root, file)) return false;
    const rel = toPosix(path.relative(this.root, file));
    const dirs = rel.split('/').slice(0, -1);
    if (dirs.some((d) => ALWAYS_IGNORED_DIRS.has(d))) return true;
    if (this.user.ignores(rel)) return true;
    const ig = this.forDir(path.dirname(file));
    const relTop = toPosix(path.relative(this.gitTop!, file));
    return !!relTop && !relTop.startsWith('..') && ig.ignores(relTop);
  }

  private lines(file: string): string[] | null {
    if (!this.fileLines.has(file)) {
      let lines: string[] | null = null;
      try {
        if (existsSync(file)) lines = readFileSync(file, 'utf8').split(/\r?\n/);
      } catch {
        lines = null;
      }
      this.fileLines.set(file, lines);
    }
    return this.fileLines.get(file)!;
  }

  private rootChain(): string[] {
    if (!this.chain) {
      this.chain = gitChain(this.root);
      this.gitTop = this.chain[0];
    }
    return this.chain;
  }

  private forDir(dir: string): Ignore {
    let ig = this.perDir.get(dir);
    if (ig) return ig;
    const chain = this.rootChain();
    const top = this.gitTop!;
    // the root's chain, then every folder between the root and this one
    const below: string[] = [];
    for (let d = dir; d !== this.root && isInside(this.root, d); d = path.dirname(d)) below.unshift(d);
    ig = newIgnore();
    for (const d of [...chain, ...below]) {
      const lines = this.lines(path.join(d, '.gitignore'));
      if (!lines) continue;
      const rel = toPosix(path.relative(top, d));
      ig.add(rel ? lines.map((l) => scopeRule(l, rel)) : lines);
    }
    this.perDir.set(dir, ig);
    return ig;
  }
}
