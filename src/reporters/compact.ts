// `--reporter compact`: `path:line:col: severity message [rule]`, one line each, for problem matchers.
import type { FileResult } from '../types.js';
import { oneLineText, relPath, sortResults, type ReporterMeta } from './shared.js';

export function compact(results: FileResult[], meta: ReporterMeta): string {
  const lines: string[] = [];
  for (const r of sortResults(results)) {
    const file = relPath(r.file, meta.cwd);
    if (r.fatal) lines.push(`${file}:${r.fatal.line}:${r.fatal.column}: error ${oneLineText(r.fatal.message)} [fatal]`);
    for (const f of r.findings) {
      lines.push(`${file}:${f.line}:${f.column}: ${f.severity} ${oneLineText(f.message)} [${f.ruleId}]`);
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
