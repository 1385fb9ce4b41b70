// `--reporter json`: the shape of ESLint's JSON formatter, so tools that read ESLint output read this.
import type { FileResult, Finding, RuntimeSeen } from '../types.js';
import { compareFindings, fileTotals, mergedFix, relPath, requestFix, sortResults, type RangeFix, type ReporterMeta } from './shared.js';

const UNSAFE_DESC = 'apply the 2024-09 form (rests on an assumption)';

export interface EslintSuggestion {
  desc: string;
  fix: RangeFix;
}

export interface EslintMessage {
  ruleId: string | null;
  fatal?: true;
  severity: 1 | 2;
  message: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  fix?: RangeFix;
  suggestions?: EslintSuggestion[];
  suppressions?: { kind: 'directive'; justification: string }[];
  /** a run-time finding (migrate-check/register): how many times it was seen */
  count?: number;
  runtime?: Omit<RuntimeSeen, 'count'>;
}

export interface EslintResult {
  filePath: string;
  messages: EslintMessage[];
  suppressedMessages: EslintMessage[];
  errorCount: number;
  fatalErrorCount: number;
  warningCount: number;
  fixableErrorCount: number;
  fixableWarningCount: number;
  /** `--fix --dry-run`: the text the fix would write (a file it would not change has none) */
  output?: string;
  usedDeprecatedRules: never[];
}

/**
 * The suggestion of a finding whose request moves only on an assumption: the request's edits in
 * this file, as one fix (ESLint's suggestion has one), named for the request and its assumption.
 */
function requestSuggestion(f: Finding, r: FileResult, cwd: string): EslintSuggestion | undefined {
  const req = f.assumedRequest!;
  // the whole request, a finding a comment suppresses included: its path without its body (or
  // the other way round) would send one version's body to the other version's path
  const fix = requestFix(f, r.findings.concat(r.suppressed), r.source);
  if (!fix) return undefined;
  const others = req.files.filter((x) => x !== r.file).map((x) => relPath(x, cwd));
  const rest = others.length ? `; the request has edits in ${others.join(', ')} too: apply them with this one` : '';
  return { desc: `Move the request ${req.label} to 2024-09 as a whole, as \`--fix --unsafe\` does; this rests on an assumption (the spec gives the path no 2024-09 form): check it in the 2024-09 reference${rest}`, fix };
}

function message(f: Finding, r: FileResult, cwd: string): EslintMessage {
  const source = r.source;
  const m: EslintMessage = {
    ruleId: f.ruleId,
    severity: f.severity === 'error' ? 2 : 1,
    message: f.message,
    line: f.line,
    column: f.column,
    endLine: f.endLine,
    endColumn: f.endColumn,
  };
  const fix = f.fixKind === 'none' ? undefined : mergedFix(f, source);
  if (fix && f.fixKind === 'safe') m.fix = fix;
  if (f.fixKind === 'unsafe') {
    const suggestion = f.assumedRequest ? requestSuggestion(f, r, cwd) : fix && { desc: f.fixDescription ?? UNSAFE_DESC, fix };
    if (suggestion) m.suggestions = [suggestion];
  }
  if (f.runtime) {
    const { count, ...seen } = f.runtime;
    m.count = count;
    m.runtime = seen;
  }
  return m;
}

/** One ESLint result per file given, in path order (the MCP server and merge reuse this). */
export function toEslintResults(results: FileResult[], cwd = process.cwd()): EslintResult[] {
  return sortResults(results).map((r) => eslintResult(r, cwd));
}

/** The ESLint result of one file (its findings in order: `sortResults`). */
function eslintResult(r: FileResult, cwd: string): EslintResult {
  const t = fileTotals(r);
  const messages: EslintMessage[] = [];
  if (r.fatal) {
    messages.push({ ruleId: null, fatal: true, severity: 2, message: r.fatal.message, line: r.fatal.line, column: r.fatal.column });
  }
  const findings = [...r.findings].sort(compareFindings).map((f) => message(f, r, cwd));
  messages.push(...findings);
  const suppressedMessages = [...r.suppressed].sort(compareFindings).map((f) => ({
    ...message(f, r, cwd),
    suppressions: [{ kind: 'directive' as const, justification: f.justification ?? '' }],
  }));
  return {
    filePath: r.file,
    messages,
    suppressedMessages,
    errorCount: t.errors,
    fatalErrorCount: t.fatal,
    warningCount: t.warnings,
    // as ESLint counts them: the messages that carry a `fix`
    fixableErrorCount: findings.filter((m) => m.fix && m.severity === 2).length,
    fixableWarningCount: findings.filter((m) => m.fix && m.severity === 1).length,
    ...(r.output !== undefined ? { output: r.output } : {}),
    usedDeprecatedRules: [],
  };
}

/** A file with nothing to say, after its path, as JSON.stringify writes its EslintResult. */
const NOTHING = ',"messages":[],"suppressedMessages":[],"errorCount":0,"fatalErrorCount":0,"warningCount":0,"fixableErrorCount":0,"fixableWarningCount":0,"usedDeprecatedRules":[]}';

/**
 * JSON.stringify(toEslintResults(…)), written file by file: most files of a large tree have
 * nothing to say, and their entry is one string (a report of 10,000 files was 30 ms, most of it
 * objects made to be turned into the same text).
 */
export function json(results: FileResult[], meta: ReporterMeta): string {
  const entries = sortResults(results).map((r) =>
    r.fatal || r.findings.length || r.suppressed.length || r.output !== undefined ? JSON.stringify(eslintResult(r, meta.cwd)) : `{"filePath":${JSON.stringify(r.file)}${NOTHING}`,
  );
  return `[${entries.join(',')}]\n`;
}
