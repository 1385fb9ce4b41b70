// `--reporter github`: GitHub Actions workflow commands, one per finding, shown as annotations.
import type { FileResult } from '../types.js';
import { relPath, repoRoot, sortResults, type ReporterMeta } from './shared.js';

/** The message part of a workflow command (after `::`). */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value of a workflow command (`file=...,title=...`). */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function command(
  level: 'error' | 'warning',
  props: [string, string | number][],
  message: string,
): string {
  const list = props.map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(',');
  return `::${level} ${list}::${escapeData(message)}`;
}

export function github(results: FileResult[], meta: ReporterMeta): string {
  const lines: string[] = [];
  // annotations name files from the repository's root (the workflow's workspace)
  const top = repoRoot(meta.cwd);
  for (const r of sortResults(results)) {
    const file = relPath(r.file, top);
    if (r.fatal) {
      lines.push(
        command('error', [['file', file], ['line', r.fatal.line], ['col', r.fatal.column], ['title', 'fatal']], r.fatal.message),
      );
    }
    for (const f of r.findings) {
      lines.push(
        command(
          f.severity,
          [
            ['file', file],
            ['line', f.line],
            ['col', f.column],
            ['endLine', f.endLine],
            ['endColumn', f.endColumn],
            ['title', f.ruleId],
          ],
          f.message,
        ),
      );
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
