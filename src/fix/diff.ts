// Unified diffs that `git apply` accepts (a/ and b/ prefixes, posix paths).
import { createTwoFilesPatch } from 'diff';

export function unifiedDiff(relPath: string, before: string, after: string): string {
  const p = relPath.split('\\').join('/');
  const patch = createTwoFilesPatch(`a/${p}`, `b/${p}`, before, after, '', '', { context: 3 });
  // drop the "Index:"/"===" header lines the library adds, keep ---/+++ and hunks
  const lines = patch.split('\n');
  const start = lines.findIndex((l) => l.startsWith('--- '));
  const body = lines.slice(start).map((l) => (l.startsWith('--- ') || l.startsWith('+++ ') ? l.replace(/\t$/, '') : l));
  return `diff --git a/${p} b/${p}\n` + body.join('\n');
}
