// The reporters: each turns the sorted results into the text the CLI writes as it is (stdout or -o).
import type { FileResult } from '../types.js';
import { compact } from './compact.js';
import { github } from './github.js';
import { json } from './json.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';
import { oneLineText, pluralize, relPath, sortResults, totals, type Reporter, type ReporterMeta } from './shared.js';
import type { ReporterName } from './load.js';

export type { Reporter, ReporterMeta, ReporterName };

export const reporters: Record<ReporterName, Reporter> = { stylish, json, sarif, github, compact };

export { toEslintResults, type EslintResult, type EslintMessage } from './json.js';
export { totals, type Totals } from './shared.js';

function cell(s: string): string {
  return oneLineText(s)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|');
}

/**
 * A Markdown summary of every finding, for the CLI to append to $GITHUB_STEP_SUMMARY. The table stops
 * after `maxRows` rows (GitHub caps a step summary at 1 MiB) and says how many it left out.
 */
export function githubStepSummary(results: FileResult[], meta: ReporterMeta, maxRows = 1000): string {
  const t = totals(results);
  const out = ['## migrate-check', ''];
  if (t.errors + t.warnings === 0) {
    out.push('No problems found.');
    return `${out.join('\n')}\n`;
  }
  const fixable = t.fixableErrors + t.fixableWarnings;
  out.push(
    `${pluralize('problem', t.errors + t.warnings)} (${pluralize('error', t.errors)}, ${pluralize('warning', t.warnings)}) in ${pluralize('file', t.files)}; ${fixable} fixable with \`--fix\`.`,
    '',
    '| File | Line | Severity | Rule | Message |',
    '| --- | --- | --- | --- | --- |',
  );
  let rows = 0;
  let left = 0;
  for (const r of sortResults(results)) {
    const file = cell(relPath(r.file, meta.cwd));
    const entries = [
      ...(r.fatal ? [{ line: r.fatal.line, column: r.fatal.column, severity: 'error', ruleId: 'fatal', message: r.fatal.message }] : []),
      ...r.findings,
    ];
    for (const e of entries) {
      if (rows >= maxRows) {
        left++;
        continue;
      }
      rows++;
      out.push(`| ${file} | ${e.line}:${e.column} | ${e.severity} | ${cell(e.ruleId)} | ${cell(e.message)} |`);
    }
  }
  if (left > 0) out.push('', `… and ${left} more (see the full report).`);
  return `${out.join('\n')}\n`;
}
