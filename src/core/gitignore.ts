// .gitignore as discovery reads it (src/pipeline/discover.ts) and as the language server decides
// one file at a time that the same walk would skip it (src/editor/ignore.ts): the folders never
// entered, the rules of the git top and of every folder down to a root, each scoped to its folder.

import type { Ignore } from 'ignore';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { newIgnore } from './require.js';

/** Folders never entered, wherever they are below a given folder. */
export const ALWAYS_IGNORED_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', '.git']);

export const toPosix = (p: string) => p.split(path.sep).join('/');

/**
 * .gitignore-style rules, and whether any can match a file: a rule written with a trailing `/`
 * matches folders only, and folders are tested as the walk enters them, so when every rule is
 * such (`node_modules/`, `dist/`) the files need no test of their own.
 */
export class RuleSet {
  // (the package is loaded with the first rule set: a cached run whose kept walk holds makes none)
  readonly ig: Ignore = newIgnore();
  filesToo = false;

  add(lines: string[]): void {
    this.ig.add(lines);
    if (!this.filesToo && lines.some((l) => !isFolderRule(l))) this.filesToo = true;
  }
}

const isFolderRule = (line: string) => {
  const t = line.trim();
  return t === '' || t.startsWith('#') || t.endsWith('/');
};

/**
 * The folders from the git top (the nearest folder above with a `.git`) down to a root, the root
 * last; the root alone outside a git work tree.
 */
export function gitChain(root: string): string[] {
  let dir = root;
  const chain: string[] = [];
  for (;;) {
    chain.push(dir);
    if (existsSync(path.join(dir, '.git'))) break;
    const parent = path.dirname(dir);
    if (parent === dir) {
      chain.length = 1;
      break;
    }
    dir = parent;
  }
  return chain.reverse();
}

/** The .gitignore rules that apply under a root (the root's and its parents' up to the git top). */
export function gitignoreFor(root: string): { rules: RuleSet; top: string } {
  const rules = new RuleSet();
  // .gitignore files below the root are read as a walk enters their folders
  const chain = gitChain(root);
  const top = chain[0];
  for (const d of chain) {
    const f = path.join(d, '.gitignore');
    if (!existsSync(f)) continue;
    const rel = toPosix(path.relative(top, d));
    const lines = readFileSync(f, 'utf8').split(/\r?\n/);
    rules.add(rel ? lines.map((l) => scopeRule(l, rel)) : lines);
  }
  return { rules, top };
}

/** A .gitignore rule of a sub-folder, rewritten relative to the top (`rel` is the sub-folder from there). */
export function scopeRule(line: string, rel: string): string {
  const t = line.trim();
  if (!t || t.startsWith('#')) return t;
  const neg = t.startsWith('!');
  const body = neg ? t.slice(1) : t;
  const anchored = body.replace(/\/$/, '').includes('/');
  const joined = anchored ? `${rel}/${body.replace(/^\//, '')}` : `${rel}/**/${body}`;
  return (neg ? '!' : '') + joined;
}
