// ESLint-shaped results (a `--reporter json` report, a run-time hook's report, or a merge of them)
// read back into the finding model, for the html page of `migrate-check merge --reporter html`.
// Each file's text is read from disk when it is there, for the lines around its findings.
import { readFileSync } from 'node:fs';
import { getRule } from '../catalogue/index.js';
import type { FileResult, Finding } from '../types.js';
import type { EslintMessage, EslintResult } from './json.js';

function finding(file: string, m: EslintMessage): Finding {
  return {
    ruleId: m.ruleId ?? 'fatal',
    severity: m.severity === 2 ? 'error' : 'warning',
    message: m.message,
    file,
    line: m.line,
    column: m.column,
    endLine: m.endLine ?? m.line,
    endColumn: m.endColumn ?? m.column,
    start: 0,
    end: 0,
    fixKind: m.fix ? 'safe' : m.suggestions?.length ? 'unsafe' : 'none',
    changeKind: (m.ruleId && getRule(m.ruleId)?.changeKind) || 'check',
    ...(m.runtime ? { runtime: { ...m.runtime, count: m.count ?? 1 } } : {}),
  };
}

export function fromEslint(results: EslintResult[]): FileResult[] {
  return results.map((r) => {
    let source: string | undefined;
    try {
      source = readFileSync(r.filePath, 'utf8');
    } catch {
      source = undefined;
    }
    const fatal = r.messages.find((m) => m.fatal);
    return {
      file: r.filePath,
      findings: r.messages.filter((m) => !m.fatal).map((m) => finding(r.filePath, m)),
      suppressed: (r.suppressedMessages ?? []).map((m) => finding(r.filePath, m)),
      ...(fatal ? { fatal: { file: r.filePath, message: fatal.message, line: fatal.line, column: fatal.column } } : {}),
      source,
    };
  });
}
