// The order findings are reported in: line, column, rule.

import type { Finding } from '../types.js';

export function sortFindings(list: Finding[]): Finding[] {
  return [...list].sort((a, b) => a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId));
}
