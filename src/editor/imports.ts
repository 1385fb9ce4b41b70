// A cheap text test for "does this open file import that one?", so that a change re-checks the
// changed file and the open files that import it, and nothing more. It reads import specifiers
// with a regular expression (static and dynamic imports, re-exports, require) and resolves
// relative ones the way bundlers and TypeScript do (extension optional, `.js` standing for
// `.ts`, a folder's index). A bare specifier (a path alias such as `@/api/endpoints`) counts when
// its last segment names the changed file: a spare re-check costs little, a missed one shows
// stale findings.

import path from 'node:path';
import { ALL_EXTENSIONS } from '../core/extensions.js';

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)(['"`])([^'"`\n\r]+)\1/g;
const RESOLVABLE_EXTS = [...ALL_EXTENSIONS];

function stripExt(p: string): string {
  const ext = path.extname(p);
  return RESOLVABLE_EXTS.includes(ext.toLowerCase()) ? p.slice(0, -ext.length) : p;
}

export function importSpecifiers(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(SPECIFIER)) out.push(m[2]);
  return out;
}

/** Does `importerText` (the text of the file at `importer`) import the file at `target`? */
export function importsFile(importer: string, importerText: string, target: string): boolean {
  if (importer === target) return false;
  const targetStem = stripExt(target);
  const targetBase = path.basename(targetStem);
  const isIndex = targetBase === 'index';
  for (const spec of importSpecifiers(importerText)) {
    if (spec.startsWith('.') || spec.startsWith('/')) {
      const resolved = spec.startsWith('/') ? spec : path.resolve(path.dirname(importer), spec);
      if (resolved === target || stripExt(resolved) === targetStem) return true;
      if (isIndex && path.join(resolved, 'index') === targetStem) return true;
    } else {
      const stem = path.posix.basename(stripExt(spec));
      if (stem === targetBase || (isIndex && stem === path.basename(path.dirname(target)))) return true;
    }
  }
  return false;
}
