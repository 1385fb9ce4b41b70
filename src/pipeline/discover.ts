// File discovery: a walk of the given folders that honours .gitignore and the ignore patterns.

import { readdirSync, readFileSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { ALL_EXTENSIONS } from '../core/extensions.js';
import { ALWAYS_IGNORED_DIRS, gitignoreFor, RuleSet, scopeRule, toPosix } from '../core/gitignore.js';
import { UsageError } from '../errors.js';
import { msSince, now, trace } from '../core/trace.js';
import type { ListedFolders } from '../types.js';

function realOf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/**
 * A path below a given folder (`rel`, from that folder) as the ignore patterns see it: from the
 * working folder, or undefined when it is not inside the working folder (no pattern applies).
 */
function fromWorkingFolder(root: string, cwd: string): (rel: string) => string | undefined {
  const inside = (rel: string) => !rel.startsWith('..') && !path.isAbsolute(rel);
  const down = toPosix(path.relative(cwd, root));
  if (inside(down)) return (rel) => (down ? (rel ? `${down}/${rel}` : down) : rel);
  // the working folder is below the given one: only what lies inside it is matched
  const up = toPosix(path.relative(root, cwd));
  if (inside(up)) return (rel) => (rel === up ? '' : rel.startsWith(`${up}/`) ? rel.slice(up.length + 1) : undefined);
  return () => undefined;
}

/**
 * Every source file under the given paths, sorted, honouring .gitignore and ignore patterns.
 * `onLarge` is called once, as soon as more than `large` files are found, and the walk goes on (a
 * run starts its reader thread then, which gets going while the rest of the tree is walked:
 * src/pipeline/start.ts); `onUnreadable` hears of each folder that cannot be read.
 */
export function discoverFiles(
  paths: string[],
  cwd: string,
  ignorePatterns: string[],
  o: WalkHooks & { large?: number; onLarge?: () => void } = {},
): string[] {
  // by real path: a file reached twice (two paths given, or a link given beside its target) is listed once
  const out = new Map<string, string>();
  let user: RuleSet | undefined;
  if (ignorePatterns.length) (user = new RuleSet()).add(ignorePatterns);
  const started = now();
  let told = !o.onLarge;
  const add = (key: string, file: string) => {
    if (out.has(key)) return;
    out.set(key, file);
    if (!told && out.size > (o.large ?? 0)) {
      told = true;
      trace(`discovery: more than ${o.large ?? 0} files after ${msSince(started)} ms`);
      o.onLarge!();
    }
  };
  for (const p of paths.length ? paths : ['.']) {
    const abs = path.resolve(cwd, p);
    let st;
    try {
      st = statSync(abs);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') throw new UsageError(`no such file or folder: ${p}`);
      throw new UsageError(`cannot read ${p}: ${code === 'ELOOP' ? 'a loop of symbolic links' : code === 'EACCES' ? 'permission denied' : (code ?? String(err))}`);
    }
    const real = realOf(abs);
    if (st.isFile()) {
      // a file given by name is read whatever .gitignore says, but only a kind of file the tool reads
      if (!ALL_EXTENSIONS.includes(path.extname(abs).toLowerCase())) throw new UsageError(`${p} is not a file migrate-check reads`, `it reads ${ALL_EXTENSIONS.join(' ')}`);
      add(real, abs);
      continue;
    }
    if (!st.isDirectory()) throw new UsageError(`${p} is neither a file nor a folder`);
    const { rules: gitignore, top } = gitignoreFor(abs);
    const fromTop = toPosix(path.relative(top, abs));
    const relCwd = fromWorkingFolder(abs, cwd);
    // a given folder that .gitignore or the ignore patterns exclude (or one of its parents) is skipped whole
    const rootFromCwd = relCwd('');
    if ((fromTop && gitignore.ig.ignores(`${fromTop}/`)) || (user && rootFromCwd && user.ig.ignores(`${rootFromCwd}/`))) continue;
    walkTree(abs, {
      gitignore,
      relTop: (rel) => (fromTop ? (rel ? `${fromTop}/${rel}` : fromTop) : rel),
      user,
      relCwd,
      // links below a given folder are not followed, so its real path plus the relative one
      // is the file's real path
      found: (file, rel) => add(real === abs ? file : path.join(real, rel), file),
      hooks: o,
    });
  }
  const files = [...out.values()].sort();
  trace(`discovery: ${files.length} files in ${msSince(started)} ms`);
  return files;
}

/** The names whose presence in a folder the analysis asks about (ListedFolders `markers`). */
export const MARKERS = new Set(['package.json', '.openapi-generator', 'pnpm-workspace.yaml']);

/**
 * What a walk saw of its folders, for the tsconfig look-ups of the text test (analysis/tsconfig.ts
 * ListedFolders): `hook` is the walk's `onListed`. The markers are gathered only when asked for
 * (`--cache` keeps them; a plain scan's walk has no use for them).
 */
export function listedFolders(o: { markers?: boolean } = {}): { folders: ListedFolders; hook: NonNullable<WalkHooks['onListed']> } {
  const folders: ListedFolders = { listed: new Set(), tsconfig: new Set(), links: new Set(), markers: new Set() };
  const hook = (dir: string, entries: Dirent[]) => {
    let config: Dirent | undefined;
    for (const e of entries) {
      if (e.name === 'tsconfig.json') config = e;
      else if (o.markers && MARKERS.has(e.name)) folders.markers.add(path.join(dir, e.name));
    }
    // (a link of that name: whether it leads to a file is asked of the disk)
    if (config?.isSymbolicLink()) return void folders.links.add(dir);
    folders.listed.add(dir);
    if (config) folders.tsconfig.add(dir);
  };
  return { folders, hook };
}

/** What a walk tells as it goes (the cache keeps a walk: src/cache/walk.ts). */
export interface WalkHooks {
  /** each folder that cannot be read */
  onUnreadable?: (folder: string, code: string) => void;
  /** each folder, just before it is listed */
  onFolder?: (dir: string) => void;
  /** each folder listed, with its entries */
  onListed?: (dir: string, entries: Dirent[]) => void;
  /** each .gitignore read below a given folder, just before it is read */
  onGitignore?: (file: string) => void;
}

const SOURCE_NAME = /\.(?:jsx?|tsx?|mjs|cjs|mts|cts|vue|svelte|astro)$/;

/** Do the ignore patterns exclude this folder or file (`rel` from the given folder)? */
function userIgnores(o: { user?: RuleSet; relCwd: (rel: string) => string | undefined }, rel: string, folder: boolean): boolean {
  if (!o.user || (!folder && !o.user.filesToo)) return false;
  const r = o.relCwd(rel);
  return !!r && o.user.ig.ignores(folder ? `${r}/` : r);
}

/**
 * One folder tree, depth first with an explicit stack: folders that are always skipped or that
 * .gitignore or the ignore patterns exclude are never entered (git cannot re-include a file below
 * an excluded folder either); a folder's own .gitignore applies from that folder down; symbolic
 * links are neither followed nor listed; a folder that cannot be read is passed over, and told to
 * `onUnreadable` (the command line reports it).
 */
function walkTree(
  root: string,
  o: {
    gitignore: RuleSet;
    relTop: (rel: string) => string;
    user?: RuleSet;
    relCwd: (rel: string) => string | undefined;
    found: (file: string, rel: string) => void;
    hooks: WalkHooks;
  },
): void {
  const stack: [string, string][] = [[root, '']];
  while (stack.length) {
    const [dir, rel] = stack.pop()!;
    let entries: Dirent[];
    o.hooks.onFolder?.(dir);
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      o.hooks.onUnreadable?.(dir, (err as NodeJS.ErrnoException).code ?? 'error');
      continue;
    }
    o.hooks.onListed?.(dir, entries);
    if (rel && entries.some((e) => e.name === '.gitignore' && e.isFile())) {
      try {
        const scope = o.relTop(rel);
        const file = path.join(dir, '.gitignore');
        o.hooks.onGitignore?.(file);
        o.gitignore.add(readFileSync(file, 'utf8').split(/\r?\n/).map((l) => scopeRule(l, scope)));
      } catch {
        // an unreadable .gitignore adds no rules
      }
    }
    const join = (name: string) => (rel ? `${rel}/${name}` : name);
    // `dir` is resolved (no `..`, no doubled separator): a plain join is enough
    const inDir = dir.endsWith(path.sep) ? dir : dir + path.sep;
    for (const e of entries) {
      const name = e.name;
      if (e.isDirectory()) {
        if (ALWAYS_IGNORED_DIRS.has(name)) continue;
        const r = join(name);
        if (o.gitignore.ig.ignores(`${o.relTop(r)}/`) || userIgnores(o, r, true)) continue;
        stack.push([inDir + name, r]);
      } else if (e.isFile() && SOURCE_NAME.test(name)) {
        const r = join(name);
        if ((o.gitignore.filesToo && o.gitignore.ig.ignores(o.relTop(r))) || userIgnores(o, r, false)) continue;
        o.found(inDir + name, r);
      }
    }
  }
}
