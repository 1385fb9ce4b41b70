// File discovery (fast-glob, .gitignore, ignore patterns) and the cheap text test that decides
// which files are worth parsing.

import fg from 'fast-glob';
import ignore, { type Ignore } from 'ignore';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from './errors.js';

export const SOURCE_EXTENSIONS = ['.js', '.jsx', '.ts', '.tsx', '.mjs', '.cjs', '.mts', '.cts'];
export const COMPONENT_EXTS = ['.vue', '.svelte', '.astro'];
export const ALL_EXTENSIONS = [...SOURCE_EXTENSIONS, ...COMPONENT_EXTS];
const ALWAYS_IGNORED = ['**/node_modules/**', '**/dist/**', '**/build/**', '**/coverage/**', '**/.git/**'];

const toPosix = (p: string) => p.split(path.sep).join('/');

/** The .gitignore rules that apply under a root (the root's and its parents' up to the git top). */
function gitignoreFor(root: string): Ignore {
  const ig = ignore();
  // .gitignore files below the root are read as fast-glob lists them (see discover)
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
  const top = chain[chain.length - 1];
  for (const d of chain.reverse()) {
    const f = path.join(d, '.gitignore');
    if (!existsSync(f)) continue;
    const rel = toPosix(path.relative(top, d));
    const lines = readFileSync(f, 'utf8').split(/\r?\n/);
    ig.add(rel ? lines.map((l) => prefixRule(l, rel)) : lines);
  }
  (ig as Ignore & { __top?: string }).__top = top;
  return ig;
}

function prefixRule(line: string, rel: string): string {
  const t = line.trim();
  if (!t || t.startsWith('#')) return t;
  const neg = t.startsWith('!');
  const body = neg ? t.slice(1) : t;
  const anchored = body.replace(/\/$/, '').includes('/');
  const joined = anchored ? `${rel}/${body.replace(/^\//, '')}` : `${rel}/**/${body}`;
  return (neg ? '!' : '') + joined;
}

/** Every source file under the given paths, sorted, honouring .gitignore and ignore patterns. */
export async function discover(paths: string[], cwd: string, ignorePatterns: string[]): Promise<string[]> {
  const out = new Set<string>();
  const user = ignore().add(ignorePatterns);
  for (const p of paths.length ? paths : ['.']) {
    const abs = path.resolve(cwd, p);
    let st;
    try {
      st = statSync(abs);
    } catch {
      throw new UsageError(`no such file or folder: ${p}`);
    }
    if (st.isFile()) {
      if (ALL_EXTENSIONS.includes(path.extname(abs).toLowerCase())) out.add(abs);
      continue;
    }
    const ig = gitignoreFor(abs);
    const top = (ig as Ignore & { __top?: string }).__top ?? abs;
    const entries = await fg(['**/*.{js,jsx,ts,tsx,mjs,cjs,mts,cts,vue,svelte,astro}', '**/.gitignore'], {
      cwd: abs,
      absolute: true,
      dot: true,
      followSymbolicLinks: false,
      onlyFiles: true,
      ignore: ALWAYS_IGNORED,
      suppressErrors: true,
    });
    // nested .gitignore files
    for (const g of entries.filter((e) => path.basename(e) === '.gitignore' && path.dirname(e) !== abs)) {
      const rel = toPosix(path.relative(top, path.dirname(g)));
      ig.add(readFileSync(g, 'utf8').split(/\r?\n/).map((l) => prefixRule(l, rel)));
    }
    for (const f of entries) {
      if (path.basename(f) === '.gitignore') continue;
      if (f.endsWith('.d.ts') || f.endsWith('.d.mts') || f.endsWith('.d.cts')) continue;
      const relTop = toPosix(path.relative(top, f));
      const relCwd = toPosix(path.relative(cwd, f));
      if (relTop && !relTop.startsWith('..') && ig.ignores(relTop)) continue;
      if (relCwd && !relCwd.startsWith('..') && user.ignores(relCwd)) continue;
      out.add(f);
    }
  }
  return [...out].sort();
}

/** Could this text hold an old construct (or a 2024-09 one that a check looks at)? */
const TEXT_TEST = /\/v1\b|2023-01|2024-09|courier_id|courier_account|preferred_(?:date|min_time|max_time)|courier_selection|selected_courier_id|allow_courier_fallback|_state_changed|selected_(?:from|to)_time|time_slot_id/;

export function couldHoldOldCode(text: string, hosts: string[] = []): boolean {
  if (TEXT_TEST.test(text)) return true;
  return hosts.some((h) => h && text.includes(h));
}
