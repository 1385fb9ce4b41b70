// Loads the generated rule catalogue (rules/catalogue.json) once per process.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { didYouMean, nearest } from '../suggest.js';
import type { ChangeKind, FixKind, Severity } from '../types.js';

export interface EndpointData {
  method: string;
  /** old path template, `{name}` for parameters */
  old: string;
  /** 2024-09 path template, or null when there is no counterpart */
  new: string | null;
  params?: Record<string, string>;
  query?: string[];
  /** the request context of the body sent to this endpoint */
  body?: string;
}

export interface Rule {
  id: string;
  /** the version pair the rule comes from: 'v1', '2023-01', or 'any' for cross-version checks */
  from: 'v1' | '2023-01' | 'any';
  severity: Severity;
  fix: FixKind;
  changeKind: ChangeKind;
  /** the spec section(s) the rule comes from */
  section: string;
  summary: string;
  explain: string;
  old: string;
  new: string | null;
  endpoint?: EndpointData;
  /** field renames in the rule's request context */
  renames?: Record<string, string>;
  context?: string;
  families?: string[];
  resourceRenames?: Record<string, string>;
  block?: Record<string, string>;
  fields?: string[];
  unchanged?: string[];
  key?: string;
}

export interface ManualStep {
  id: string;
  title: string;
  section: string;
  text: string;
}

export interface Catalogue {
  version: string;
  rules: Rule[];
  manualSteps: ManualStep[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** the package root: dist/src/catalogue -> ../../.., src/catalogue -> ../.. */
export function packageRoot(): string {
  let dir = here;
  for (let i = 0; i < 5; i++) {
    try {
      readFileSync(path.join(dir, 'package.json'));
      return dir;
    } catch {
      dir = path.dirname(dir);
    }
  }
  return path.resolve(here, '..', '..');
}

/** The tool's version, from its package.json ('0.0.0' when it cannot be read). */
export function toolVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

let cached: Catalogue | undefined;
let byId: Map<string, Rule> | undefined;

export function loadCatalogue(): Catalogue {
  if (!cached) {
    const file = path.join(packageRoot(), 'rules', 'catalogue.json');
    cached = JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
  }
  return cached;
}

export function getRule(id: string): Rule | undefined {
  if (!byId) byId = new Map(loadCatalogue().rules.map((r) => [r.id, r]));
  return byId.get(id);
}

/** The three rule ids closest to an unknown one, however far (for "did you mean" hints). */
export function nearestRuleIds(id: string, max = 3): string[] {
  return nearest(id, loadCatalogue().rules.map((r) => r.id), max, Infinity);
}

/** The error for a rule id the catalogue does not have; `where` names where it was given. */
export function unknownRule(id: string, where: string): UsageError {
  return new UsageError(`${where}unknown rule "${id}"`, didYouMean(nearestRuleIds(id)));
}

/** The text `--explain RULE` prints (also the LSP hover and the MCP explain tool). */
export function explainText(rule: Rule): string {
  const fix =
    rule.fix === 'safe'
      ? 'yes: `--fix` applies it'
      : rule.fix === 'unsafe'
        ? 'only with `--fix --unsafe` (the fix rests on an assumption)'
        : 'no: left for a person';
  const lines = [
    `${rule.id} (${rule.severity})`,
    '',
    rule.summary,
    '',
    `Old form:  ${rule.old}`,
    `New form:  ${rule.new ?? 'none in 2024-09'}`,
  ];
  if (rule.endpoint) lines.push(`Endpoint:  ${rule.endpoint.method} ${rule.endpoint.old} -> ${rule.endpoint.new ?? '(no counterpart)'}`);
  if (rule.renames) lines.push(`Renames:   ${Object.entries(rule.renames).map(([a, b]) => `${a} -> ${b}`).join(', ')}`);
  if (rule.block) lines.push(`Block:     ${Object.entries(rule.block).map(([a, b]) => `${a} -> ${b}`).join(', ')}`);
  lines.push(`Fixable:   ${fix}`, `Spec:      ${rule.section}`, '', rule.explain);
  return lines.join('\n');
}

/** The steps no code change covers (fix() returns them; the CLI prints them after --fix). */
export function manualSteps(): { id: string; title: string; text: string }[] {
  return loadCatalogue().manualSteps.map((s) => ({ id: s.id, title: s.title, text: s.text }));
}
