// The project a file belongs to, for ties between files that no import shows (a test double and
// the requests it doubles): the outermost folder above it with a package.json (a monorepo's root,
// whose workspaces are one project); '' when none has one (every file is one project).

import { existsSync } from 'node:fs';
import path from 'node:path';

const memo = new Map<string, string>();

export function projectScope(file: string): string {
  return scopeOf(path.dirname(file));
}

function scopeOf(dir: string): string {
  const known = memo.get(dir);
  if (known !== undefined) return known;
  const up = path.dirname(dir);
  const above = up === dir ? '' : scopeOf(up);
  const scope = above || (existsSync(path.join(dir, 'package.json')) ? dir : '');
  memo.set(dir, scope);
  return scope;
}

/** Is the file inside the scope (`''`: every file)? */
export const inScope = (scope: string, file: string): boolean => !scope || file.startsWith(scope + path.sep);
