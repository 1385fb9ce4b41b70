// The migration trend: one JSON line per run (`--trend FILE`), read back to draw the burndown.
//
// The file is append only: a run adds its line at the end and never rewrites what is there, so a
// damaged or foreign line stays in the file; reading skips it with a one-line warning.
import { execFileSync } from 'node:child_process';
import { appendFileSync, closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync } from 'node:fs';
import path from 'node:path';
import type { FileResult } from './types.js';

/** One run of the scan, as stored in the trend file (one JSON line). */
export interface TrendPoint {
  /** ISO 8601 date and time of the run */
  date: string;
  /** `git rev-parse HEAD` in the run's cwd, or null outside git */
  commit: string | null;
  /** findings at error severity */
  errors: number;
  /** findings at warning severity */
  warnings: number;
  /** findings that `--fix` applies (fixKind 'safe') */
  fixable: number;
  /** files with at least one finding */
  files: number;
  /** findings per rule id */
  rules: Record<string, number>;
  /** findings per folder (see folderOf) */
  folders: Record<string, number>;
}

/** A file's path relative to cwd, with `/` separators whatever the platform. */
export function relativePath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return (rel === '' ? path.basename(file) : rel).split(path.sep).join('/');
}

/**
 * The folder a file counts under on the page and in the trend: the first two levels of its
 * path relative to cwd (`packages/web/src/a.ts` -> `packages/web`), or its own folder when that is
 * shallower (`src/a.ts` -> `src`, `a.ts` -> `.`).
 */
export function folderOf(file: string, cwd: string): string {
  const parts = relativePath(file, cwd).split('/');
  parts.pop();
  return parts.length === 0 ? '.' : parts.slice(0, 2).join('/');
}

function sortedRecord(map: Map<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of [...map.keys()].sort()) out[key] = map.get(key)!;
  return out;
}

/** The trend point of one run's results. */
export function pointFromResults(results: FileResult[], cwd: string, date: string | Date, commit: string | null): TrendPoint {
  let errors = 0;
  let warnings = 0;
  let fixable = 0;
  let files = 0;
  const rules = new Map<string, number>();
  const folders = new Map<string, number>();
  for (const result of results) {
    if (result.findings.length === 0) continue;
    files++;
    const folder = folderOf(result.file, cwd);
    folders.set(folder, (folders.get(folder) ?? 0) + result.findings.length);
    for (const f of result.findings) {
      if (f.severity === 'error') errors++;
      else warnings++;
      if (f.fixKind === 'safe') fixable++;
      rules.set(f.ruleId, (rules.get(f.ruleId) ?? 0) + 1);
    }
  }
  return {
    date: typeof date === 'string' ? date : date.toISOString(),
    commit,
    errors,
    warnings,
    fixable,
    files,
    rules: sortedRecord(rules),
    folders: sortedRecord(folders),
  };
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function countRecord(v: unknown, name: string): Record<string, number> | string {
  if (v === undefined) return {};
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return `"${name}" is not an object`;
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(v)) {
    if (!isCount(n)) return `"${name}.${k}" is not a count`;
    out[k] = n;
  }
  return out;
}

/** A parsed JSON value as a trend point, or the reason it is not one. */
function asPoint(v: unknown): TrendPoint | string {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'not a JSON object';
  const o = v as Record<string, unknown>;
  if (typeof o.date !== 'string' || !Number.isFinite(Date.parse(o.date))) return 'no valid "date"';
  const commit = o.commit ?? null;
  if (commit !== null && typeof commit !== 'string') return '"commit" is neither a string nor null';
  for (const key of ['errors', 'warnings', 'fixable', 'files'] as const) {
    if (!isCount(o[key])) return `no valid "${key}" count`;
  }
  const rules = countRecord(o.rules, 'rules');
  if (typeof rules === 'string') return rules;
  const folders = countRecord(o.folders, 'folders');
  if (typeof folders === 'string') return folders;
  return {
    date: o.date,
    commit,
    errors: o.errors as number,
    warnings: o.warnings as number,
    fixable: o.fixable as number,
    files: o.files as number,
    rules,
    folders,
  };
}

/**
 * The runs stored in a trend file, in file order. A missing file is an empty trend. Blank lines
 * are ignored; a line that is not JSON, or not a trend point, is skipped and `warn` gets one line
 * naming the file and the line number. Other read errors (a folder, no permission) are thrown.
 */
export function readTrend(file: string, warn: (line: string) => void): TrendPoint[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const points: TrendPoint[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      warn(`migrate-check: ${file}:${i + 1}: skipped a trend line that is not valid JSON`);
      continue;
    }
    const point = asPoint(value);
    if (typeof point === 'string') {
      warn(`migrate-check: ${file}:${i + 1}: skipped a line that is not a migrate-check trend point (${point})`);
      continue;
    }
    points.push(point);
  }
  return points;
}

/** Whether a non-empty file's last byte is something other than a newline. */
function lacksFinalNewline(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return false;
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] !== 0x0a;
  } finally {
    closeSync(fd);
  }
}

/**
 * Appends one run to the trend file as one JSON line, creating the file and its folder when
 * missing. Nothing already in the file is changed; when its last line lacks a newline, one is
 * written first so the new line stays a line of its own.
 */
export function appendTrend(file: string, point: TrendPoint): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const line = JSON.stringify({
    date: point.date,
    commit: point.commit,
    errors: point.errors,
    warnings: point.warnings,
    fixable: point.fixable,
    files: point.files,
    rules: point.rules,
    folders: point.folders,
  });
  appendFileSync(file, `${lacksFinalNewline(file) ? '\n' : ''}${line}\n`, 'utf8');
}

/** The commit checked out in cwd (`git rev-parse HEAD`), or null outside git or before a first commit. */
export function gitCommit(cwd: string): string | null {
  try {
    const out = execFileSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    }).trim();
    return /^[0-9a-f]{40,64}$/.test(out) ? out : null;
  } catch {
    return null;
  }
}

/**
 * What `--trend FILE` does in one call: reads the runs stored so far (warning about damaged
 * lines), appends this run, and returns the series to draw, this run last.
 */
export function recordTrend(
  file: string,
  results: FileResult[],
  cwd: string,
  warn: (line: string) => void,
  now: Date = new Date(),
): TrendPoint[] {
  const before = readTrend(file, warn);
  const point = pointFromResults(results, cwd, now, gitCommit(cwd));
  appendTrend(file, point);
  return [...before, point];
}
