// The config's `generated` globs: files the project holds as generated or vendored, matched as
// gitignore patterns (like ignorePatterns) relative to the folder of the config file that gave them.

import path from 'node:path';
import type { Ignore } from 'ignore';
import { newIgnore } from '../core/require.js';

export class GeneratedGlobs {
  private readonly ig?: Ignore;

  constructor(
    globs: string[] | undefined,
    private readonly root: string | undefined,
  ) {
    if (globs?.length && root) this.ig = newIgnore().add(globs);
  }

  /** The glob that marks this file (an absolute path) as generated; undefined when none does. */
  match(file: string): string | undefined {
    if (!this.ig || !this.root) return undefined;
    const rel = path.relative(this.root, file);
    if (!rel || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return undefined;
    const t = this.ig.test(rel.split(path.sep).join('/'));
    return t.ignored ? (t.rule?.pattern ?? 'a `generated` glob') : undefined;
  }
}
