// `--reporter stylish` (the default): findings grouped by file, aligned in columns, with a summary.
import { picocolors } from '../core/require.js';
import type { FileResult } from '../types.js';
import { oneLineText, pluralize, relPath, sortResults, totals, type ReporterMeta } from './shared.js';

interface Row {
  line: string;
  column: string;
  severity: 'error' | 'warning';
  message: string;
  ruleId: string;
}

export function stylish(results: FileResult[], meta: ReporterMeta): string {
  const c = picocolors().createColors(meta.color);
  const blocks: string[] = [];
  for (const r of sortResults(results)) {
    const rows: Row[] = [];
    if (r.fatal) {
      rows.push({ line: String(r.fatal.line), column: String(r.fatal.column), severity: 'error', message: oneLineText(r.fatal.message), ruleId: '' });
    }
    for (const f of r.findings) {
      rows.push({ line: String(f.line), column: String(f.column), severity: f.severity, message: oneLineText(f.message), ruleId: f.ruleId });
    }
    if (rows.length === 0) continue;
    const width = (key: keyof Row) => Math.max(...rows.map((row) => row[key].length));
    const [lw, cw, sw, mw] = [width('line'), width('column'), width('severity'), width('message')];
    const lines = rows.map((row) => {
      const pos = c.dim(`${row.line.padStart(lw)}:${row.column}`) + ' '.repeat(cw - row.column.length);
      const sevText = row.severity === 'error' ? c.red(row.severity) : c.yellow(row.severity);
      const sev = sevText + ' '.repeat(sw - row.severity.length);
      const cells = [pos, sev];
      if (row.ruleId) cells.push(row.message + ' '.repeat(mw - row.message.length), c.dim(row.ruleId));
      else cells.push(row.message);
      return `  ${cells.join('  ')}`;
    });
    blocks.push([c.underline(relPath(r.file, meta.cwd)), ...lines].join('\n'));
  }
  if (blocks.length === 0) return '';
  const t = totals(results);
  const paint = (s: string) => (t.errors > 0 ? c.red(c.bold(s)) : c.yellow(c.bold(s)));
  const summary = [
    paint(`\u2716 ${pluralize('problem', t.errors + t.warnings)} (${pluralize('error', t.errors)}, ${pluralize('warning', t.warnings)})`),
  ];
  if (t.fixableErrors + t.fixableWarnings > 0) {
    summary.push(
      paint(
        `  ${pluralize('error', t.fixableErrors)} and ${pluralize('warning', t.fixableWarnings)} potentially fixable with the \`--fix\` option.`,
      ),
    );
  }
  return `${blocks.join('\n\n')}\n\n${summary.join('\n')}\n`;
}
