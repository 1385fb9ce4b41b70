// Rule levels from the config and `--rule`, and `--quiet`: pure functions over the results.
import type { FileResult, Finding, RuleLevel } from './types.js';

function level(findings: Finding[], rules: Record<string, RuleLevel>): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    const l = Object.prototype.hasOwnProperty.call(rules, f.ruleId) ? rules[f.ruleId] : undefined;
    if (l === 'off') continue;
    if (l === 'warn') out.push(f.severity === 'warning' ? f : { ...f, severity: 'warning' });
    else if (l === 'error') out.push(f.severity === 'error' ? f : { ...f, severity: 'error' });
    else out.push(f);
  }
  return out;
}

/**
 * Applies the configured level of each rule: `off` drops its findings (suppressed ones too, as
 * ESLint does), `warn` and `error` set their severity; a rule not named keeps its default severity.
 * Fatal problems are not rules and are kept as they are.
 */
export function applyRuleLevels(results: FileResult[], rules: Record<string, RuleLevel>): FileResult[] {
  return results.map((r) => ({ ...r, findings: level(r.findings, rules), suppressed: level(r.suppressed, rules) }));
}

/** `--quiet`: errors only (fatal problems are errors and stay). */
export function filterQuiet(results: FileResult[]): FileResult[] {
  return results.map((r) => ({
    ...r,
    findings: r.findings.filter((f) => f.severity === 'error'),
    suppressed: r.suppressed.filter((f) => f.severity === 'error'),
  }));
}
