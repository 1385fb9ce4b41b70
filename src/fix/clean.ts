// The guard of --fix: it writes over no uncommitted change. Apart from the fix engine so that a
// door can apply it before a preview (the MCP server does) without loading the engine.

import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors.js';

/**
 * Refuses uncommitted changes (modified, staged or untracked files) under the given paths, files
 * or folders, naming them: --fix passes the files it would write. No check outside a git work tree.
 */
export function assertClean(cwd: string, paths: string[]): void {
  if (!paths.length) return;
  const top = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd, encoding: 'utf8' });
  if (top.status !== 0) return;
  const root = realpathSync(top.stdout.trim());
  const st = spawnSync('git', ['status', '--porcelain', '-z', '--untracked-files=all'], { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20 });
  if (st.status !== 0) return;
  // entries `XY path`, a rename's or copy's old path in the entry after it
  const changed: string[] = [];
  const entries = st.stdout.split('\0');
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (e.length < 4) continue;
    changed.push(path.join(root, e.slice(3)));
    if (e[0] === 'R' || e[0] === 'C') i++;
  }
  const real = (p: string) => {
    try {
      return realpathSync(path.resolve(cwd, p));
    } catch {
      return path.resolve(cwd, p);
    }
  };
  const under = paths.map(real);
  const dirty = changed.filter((f) => under.some((p) => f === p || f.startsWith(p + path.sep)));
  if (!dirty.length) return;
  const shown = dirty.map((f) => path.relative(real('.'), f).split(path.sep).join('/'));
  const list = shown.length > 10 ? `${shown.slice(0, 10).join(', ')} and ${shown.length - 10} more` : shown.join(', ');
  throw new UsageError(`--fix refuses to write over uncommitted changes (${dirty.length === 1 ? '1 file' : `${dirty.length} files`}: ${list})`, 'commit or stash them first, or pass --allow-dirty');
}
