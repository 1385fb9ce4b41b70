// Helpers shared by the reporters: what a reporter is, ordering, relative paths, counts and fix ranges.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { compareStrings } from '../core/order.js';
import type { FileResult, Finding, TextEdit } from '../types.js';

export interface ReporterMeta {
  /** paths in the output are relative to this folder (posix separators) */
  cwd: string;
  /** the tool's version (SARIF tool.driver.version) */
  version: string;
  /** ANSI colours (stylish only): stdout is a TTY and NO_COLOR is unset */
  color: boolean;
}

export type Reporter = (results: FileResult[], meta: ReporterMeta) => string;

/** The repo-relative path of a file, with `/` separators whatever the platform. */
export function relPath(file: string, cwd: string): string {
  // a file below cwd, written plainly (every file a walk finds), is cut from it: path.relative
  // resolves both paths each time, a cost a report of 10,000 files notices
  const prefix = cwd.endsWith(path.sep) ? cwd : cwd + path.sep;
  if (file.startsWith(prefix) && !PLAIN_UNSAFE.test(file.slice(prefix.length))) return path.sep === '/' ? file.slice(prefix.length) : file.slice(prefix.length).split(path.sep).join('/');
  const rel = path.relative(cwd, file);
  return (rel === '' ? path.basename(file) : rel).split(path.sep).join('/');
}

/** A rest of a path that path.relative would read differently: empty, `.` or `..` parts, doubled or trailing separators. */
const PLAIN_UNSAFE = /^$|(?:^|[\\/])\.{1,2}(?:[\\/]|$)|[\\/]{2}|[\\/]$/;

/**
 * The folder code scanning and workflow annotations resolve paths against: the git work tree
 * holding `cwd` (a job may run in a subfolder), else `cwd` itself.
 */
export function repoRoot(cwd: string): string {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return cwd;
  }
}


export function compareFindings(a: Finding, b: Finding): number {
  return a.line - b.line || a.column - b.column || compareStrings(a.ruleId, b.ruleId) || a.start - b.start;
}

/** Files by path, and each file's findings (and suppressed findings) by line, column, rule. */
export function sortResults(results: FileResult[]): FileResult[] {
  return [...results]
    .sort((a, b) => compareStrings(a.file, b.file))
    // (a file with nothing to order is kept as it is: most files of a large tree)
    .map((r) => (r.findings.length || r.suppressed.length ? { ...r, findings: [...r.findings].sort(compareFindings), suppressed: [...r.suppressed].sort(compareFindings) } : r));
}

/** A fix in ESLint's form: one range of the file and the text that replaces it. */
export interface RangeFix {
  range: [number, number];
  text: string;
}

/**
 * The finding's edits as one replacement, from the smallest start to the largest end, keeping the
 * original text between the edits. Undefined when the finding has no edits, when edits overlap, or
 * when the text between two separate edits is needed but the file's source is not available.
 */
export function mergedFix(finding: Finding, source: string | undefined): RangeFix | undefined {
  return mergedEdits(finding.edits ?? [], source);
}

/**
 * The edits in this file of the request a finding moves with only on an assumption
 * (`assumedRequest`): those of every finding of the file with the same request, as one replacement.
 */
export function requestFix(finding: Finding, inFile: Finding[], source: string | undefined): RangeFix | undefined {
  const id = finding.assumedRequest?.id;
  if (id === undefined) return undefined;
  return mergedEdits(inFile.filter((g) => g.assumedRequest?.id === id).flatMap((g) => g.edits ?? []), source);
}

function mergedEdits(list: TextEdit[], source: string | undefined): RangeFix | undefined {
  const edits = [...list].sort((a, b) => a.start - b.start || a.end - b.end);
  if (edits.length === 0) return undefined;
  let text = edits[0].text;
  for (let i = 1; i < edits.length; i++) {
    const prev = edits[i - 1];
    const cur = edits[i];
    if (cur.start < prev.end) return undefined;
    if (cur.start > prev.end) {
      if (source === undefined) return undefined;
      text += source.slice(prev.end, cur.start);
    }
    text += cur.text;
  }
  return { range: [edits[0].start, edits[edits.length - 1].end], text };
}

export interface Totals {
  /** findings at error severity, plus one per fatal file */
  errors: number;
  warnings: number;
  fatal: number;
  fixableErrors: number;
  fixableWarnings: number;
  /** files with at least one problem (finding or fatal) */
  files: number;
}

/** Counts of what is reported (suppressed findings are not counted). */
export function fileTotals(r: FileResult): Totals {
  const t: Totals = { errors: 0, warnings: 0, fatal: 0, fixableErrors: 0, fixableWarnings: 0, files: 0 };
  if (r.fatal) {
    t.errors++;
    t.fatal++;
  }
  for (const f of r.findings) {
    // what `--fix` fixes: a finding whose edit another one carries (a nested pickup's inner fields)
    // is fixed with it
    const fixable = f.fixKind === 'safe';
    if (f.severity === 'error') {
      t.errors++;
      if (fixable) t.fixableErrors++;
    } else {
      t.warnings++;
      if (fixable) t.fixableWarnings++;
    }
  }
  t.files = t.errors + t.warnings > 0 ? 1 : 0;
  return t;
}

export function totals(results: FileResult[]): Totals {
  const sum: Totals = { errors: 0, warnings: 0, fatal: 0, fixableErrors: 0, fixableWarnings: 0, files: 0 };
  for (const r of results) {
    const t = fileTotals(r);
    sum.errors += t.errors;
    sum.warnings += t.warnings;
    sum.fatal += t.fatal;
    sum.fixableErrors += t.fixableErrors;
    sum.fixableWarnings += t.fixableWarnings;
    sum.files += t.files;
  }
  return sum;
}

export function pluralize(word: string, n: number): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Messages are meant to be one line; reporters that are read line by line make sure of it. */
export function oneLineText(s: string): string {
  return s.replace(/\s*(?:\r\n|\r|\n)\s*/g, ' ');
}
