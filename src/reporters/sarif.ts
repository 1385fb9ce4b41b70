// `--reporter sarif`: SARIF 2.1.0, one run, with the whole catalogue as tool.driver.rules.
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { explainText, loadCatalogue, type Rule } from '../catalogue/index.js';
import type { FileResult, Finding } from '../types.js';
import { compareFindings, mergedFix, relPath, repoRoot, sortResults, type ReporterMeta } from './shared.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export const INFORMATION_URI = 'https://www.npmjs.com/package/migrate-check';
/** The rule id of the result that stands for a file that could not be read or parsed. */
export const FATAL_RULE_ID = 'fatal';
/** The key of our partial fingerprint (versioned, so a change of recipe is a new key). */
export const FINGERPRINT_KEY = 'migrateCheck/v1';
const SRCROOT = '%SRCROOT%';

type Json = Record<string, unknown>;

/** A relative path as a URI reference: each segment percent-encoded. */
export function pathToUri(rel: string): string {
  return rel.split('/').map(encodeURIComponent).join('/');
}

/** `v1-pickups-path` -> `V1PickupsPath`: the readable name SARIF asks for. */
function ruleName(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

function fixText(rule: Rule): string {
  return rule.fix === 'safe'
    ? 'yes: `--fix` applies it'
    : rule.fix === 'unsafe'
      ? 'only with `--fix --unsafe` (the fix rests on an assumption)'
      : 'no: left for a person';
}

function helpMarkdown(rule: Rule): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const rows = [
    ['Old form', `\`${rule.old}\``],
    ['New form', rule.new === null ? 'none in 2024-09' : `\`${rule.new}\``],
    ['Fixable', fixText(rule)],
    ['Spec', rule.section],
  ];
  return [
    `**${rule.id}** (${rule.severity})`,
    '',
    rule.summary,
    '',
    '| | |',
    '| --- | --- |',
    ...rows.map(([k, v]) => `| ${k} | ${cell(v)} |`),
    '',
    rule.explain,
  ].join('\n');
}

function ruleDescriptor(rule: Rule): Json {
  return {
    id: rule.id,
    name: ruleName(rule.id),
    shortDescription: { text: rule.summary },
    fullDescription: { text: rule.explain },
    help: { text: explainText(rule), markdown: helpMarkdown(rule) },
    defaultConfiguration: { level: rule.severity === 'error' ? 'error' : 'warning' },
    properties: { fixKind: rule.fix, specSection: rule.section, tags: ['api-migration', rule.from] },
  };
}

function fatalDescriptor(): Json {
  return {
    id: FATAL_RULE_ID,
    name: 'FileNotAnalysed',
    shortDescription: { text: 'A file could not be read or parsed, so it was not checked.' },
    fullDescription: {
      text: 'The file is binary, too large, unreadable or does not parse; migrate-check skipped it. Old API usage in it is not reported until it can be analysed.',
    },
    help: {
      text: 'Fix the syntax error or the read problem named in the message, or exclude the file with --ignore-pattern.',
    },
    defaultConfiguration: { level: 'error' },
    properties: { fixKind: 'none', specSection: '(tool)' },
  };
}

/** The driver's rules: every catalogue rule, then the one for files that could not be analysed. */
export function sarifRules(): Json[] {
  return [...loadCatalogue().rules.map(ruleDescriptor), fatalDescriptor()];
}

function sha(s: string): string {
  return createHash('sha256').update(s).digest('hex').slice(0, 32);
}

/**
 * Fingerprints of a file's findings (reported and suppressed together, in order): rule id, path,
 * the trimmed text of the finding's line and how many earlier findings share all three, so a
 * finding keeps its fingerprint when lines above it are added or removed.
 */
function fingerprints(all: Finding[], rel: string, source: string | undefined): Map<Finding, string> {
  const seen = new Map<string, number>();
  const out = new Map<Finding, string>();
  const lines = source === undefined || all.length === 0 ? undefined : source.split(/\r\n|\r|\n/);
  for (const f of all) {
    const text = lines?.[f.line - 1];
    const line = text === undefined ? `@${f.line}:${f.column}` : text.trim();
    const key = `${f.ruleId}\0${rel}\0${line}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    out.set(f, `${sha(`${key}\0${n}`)}:${n + 1}`);
  }
  return out;
}

function artifactLocation(rel: string): Json {
  return { uri: pathToUri(rel), uriBaseId: SRCROOT };
}

export function sarif(results: FileResult[], meta: ReporterMeta): string {
  const rules = sarifRules();
  const index = new Map(rules.map((r, i) => [r.id as string, i]));
  const out: Json[] = [];
  const notifications: Json[] = [];
  // URIs from the repository's root, as code scanning reads them (not from a job's subfolder)
  const top = repoRoot(meta.cwd);
  for (const r of sortResults(results)) {
    const rel = relPath(r.file, top);
    if (r.fatal) {
      const region = { startLine: Math.max(1, r.fatal.line), startColumn: Math.max(1, r.fatal.column) };
      const location = { physicalLocation: { artifactLocation: artifactLocation(rel), region } };
      notifications.push({
        level: 'error',
        message: { text: `${rel}: ${r.fatal.message}` },
        locations: [location],
        associatedRule: { id: FATAL_RULE_ID, index: index.get(FATAL_RULE_ID) },
      });
      out.push({
        ruleId: FATAL_RULE_ID,
        ruleIndex: index.get(FATAL_RULE_ID),
        level: 'error',
        message: { text: r.fatal.message },
        locations: [location],
        partialFingerprints: { [FINGERPRINT_KEY]: `${sha(`${FATAL_RULE_ID}\0${rel}`)}:1` },
      });
    }
    const suppressed = new Set(r.suppressed);
    const all = [...r.findings, ...r.suppressed].sort(compareFindings);
    const prints = fingerprints(all, rel, r.source);
    for (const f of all) {
      const result: Json = { ruleId: f.ruleId };
      const ruleIndex = index.get(f.ruleId);
      if (ruleIndex !== undefined) result.ruleIndex = ruleIndex;
      result.level = f.severity === 'error' ? 'error' : 'warning';
      result.message = { text: f.message };
      result.locations = [
        {
          physicalLocation: {
            artifactLocation: artifactLocation(rel),
            region: { startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn },
          },
        },
      ];
      result.partialFingerprints = { [FINGERPRINT_KEY]: prints.get(f) };
      if (suppressed.has(f)) result.suppressions = [f.justification ? { kind: 'inSource', justification: f.justification } : { kind: 'inSource' }];
      const fix = f.fixKind === 'safe' ? mergedFix(f, r.source) : undefined;
      if (fix) {
        result.fixes = [
          {
            description: { text: f.fixDescription ?? 'apply the 2024-09 form' },
            artifactChanges: [
              {
                artifactLocation: artifactLocation(rel),
                replacements: [
                  {
                    deletedRegion: { charOffset: fix.range[0], charLength: fix.range[1] - fix.range[0] },
                    insertedContent: { text: fix.text },
                  },
                ],
              },
            ],
          },
        ];
      }
      out.push(result);
    }
  }
  const root = pathToFileURL(top).href;
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'migrate-check',
            version: meta.version,
            informationUri: INFORMATION_URI,
            rules,
          },
        },
        invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications }],
        originalUriBaseIds: { [SRCROOT]: { uri: root.endsWith('/') ? root : `${root}/` } },
        columnKind: 'utf16CodeUnits',
        results: out,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
