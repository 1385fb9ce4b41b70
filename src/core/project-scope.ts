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

/** Is this file test code (a test, a spec, or a module under a test or mock folder)? */
export function isTestFile(file: string): boolean {
  // (from the project's folder: where the project itself lies says nothing)
  const scope = projectScope(file);
  const f = (scope ? path.relative(scope, file) : file).replace(/\\/g, '/');
  return /(?:^|\/)(?:tests?|__tests__|specs?|e2e|__mocks__|mocks?|fakes?|stubs?|fixtures?)\//i.test(f) || /\.(?:test|spec|e2e|cy)\.[cm]?[jt]sx?$/i.test(f) || /(?:^|[/._-])(?:fake|mock|stub)[^/]*$/i.test(f);
}
