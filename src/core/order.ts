// The orders results are reported in: files by path (code units, the same on every machine), and
// a file's findings by line, column, rule.

import type { FileResult, Finding } from '../types.js';

/** Plain code-unit comparison: the same order on every machine and locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Results by file path (a new array). */
export function sortByFile(results: Iterable<FileResult>): FileResult[] {
  return [...results].sort((a, b) => compareStrings(a.file, b.file));
}

export function sortFindings(list: Finding[]): Finding[] {
  return [...list].sort((a, b) => a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId));
}
