// A baseline for gradual adoption, like ESLint's suppressions file: the error findings a codebase
// already has, counted per file and rule, are hidden so CI fails only on new ones.
//
// File format (keys sorted): { "<repo-relative posix path>": { "<ruleId>": { "count": N } } }
//
// As in ESLint, only findings at error severity are counted and hidden (warnings never fail a run).
// For a file and rule with K error findings now and a baseline count N: K <= N hides all K; K > N
// reports all K, since which of them are the new ones cannot be pinpointed.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { parseJsonText, readTextFile } from './config.js';
import { UsageError } from './errors.js';
import type { FileResult, Finding } from './types.js';
import { compareStrings } from './core/order.js';
import { relPath } from './reporters/shared.js';

export type Baseline = Record<string, Record<string, { count: number }>>;

export interface BaselineOutcome {
  results: FileResult[];
  /** baseline entries larger than what is found now: `count` is by how much the entry can shrink */
  unmatched: { file: string; ruleId: string; count: number }[];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Checks a parsed baseline; the label names the file in the one-line error. */
export function validateBaseline(value: unknown, label: string): Baseline {
  if (!isPlainObject(value)) throw new UsageError(`${label}: a baseline must be a JSON object of files`);
  for (const [file, rules] of Object.entries(value)) {
    if (!isPlainObject(rules)) throw new UsageError(`${label}: ${JSON.stringify(file)} must be an object of rule ids`);
    for (const [ruleId, entry] of Object.entries(rules)) {
      const where = `${label}: ${JSON.stringify(file)} ${JSON.stringify(ruleId)}`;
      if (!isPlainObject(entry) || Object.keys(entry).some((k) => k !== 'count')) {
        throw new UsageError(`${where} must be { "count": N }`);
      }
      const count = entry.count;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
        throw new UsageError(`${where}: count must be a positive integer, got ${JSON.stringify(count)}`);
      }
    }
  }
  return value as Baseline;
}

/** Reads and checks a baseline file; a missing, unreadable or malformed file is a UsageError. */
export function readBaseline(file: string): Baseline {
  return validateBaseline(parseJsonText(readTextFile(file, 'baseline file'), file), file);
}

function sortedBaseline(b: Baseline): Baseline {
  const out: Baseline = {};
  for (const file of Object.keys(b).sort(compareStrings)) {
    const rules: Record<string, { count: number }> = {};
    for (const id of Object.keys(b[file]).sort(compareStrings)) {
      if (b[file][id].count > 0) rules[id] = { count: b[file][id].count };
    }
    if (Object.keys(rules).length) out[file] = rules;
  }
  return out;
}

function errorCounts(findings: Finding[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const f of findings) if (f.severity === 'error') counts.set(f.ruleId, (counts.get(f.ruleId) ?? 0) + 1);
  return counts;
}

/** The baseline of the current results: error findings per file and rule (suppressed ones excluded). */
export function buildBaseline(results: FileResult[], cwd: string): Baseline {
  const b: Baseline = {};
  for (const r of results) {
    const counts = errorCounts(r.findings);
    if (counts.size === 0) continue;
    const rel = relPath(r.file, cwd);
    const rules = (b[rel] ??= {});
    for (const [id, n] of counts) rules[id] = { count: (rules[id]?.count ?? 0) + n };
  }
  return sortedBaseline(b);
}

/**
 * The baseline a run writes when one is already there: this run's counts for the files it scanned
 * (`scanned`, absolute paths), the old entries for every other file (another shard's, a file
 * outside the paths given), so that `--update-baseline --shard 1/4` does not forget the others.
 */
export function updatedBaseline(fresh: Baseline, old: Baseline, scanned: Iterable<string>, cwd: string): Baseline {
  const here = new Set([...scanned].map((f) => relPath(f, cwd)));
  const out: Baseline = { ...fresh };
  for (const [rel, rules] of Object.entries(old)) if (!here.has(rel) && !Object.prototype.hasOwnProperty.call(fresh, rel)) out[rel] = rules;
  return sortedBaseline(out);
}

/**
 * Hides the findings the baseline accounts for. Only files scanned this run are judged: those in
 * `results`, plus `scannedFiles` (absolute paths) when the caller knows of scanned files that have no
 * FileResult. An entry for a file not scanned (another shard, a narrower path) is neither used nor
 * unmatched, and neither is one for a file that could not be analysed (fatal).
 */
export function applyBaseline(
  results: FileResult[],
  baseline: Baseline,
  cwd: string,
  scannedFiles: Iterable<string> = [],
): BaselineOutcome {
  const unmatched: BaselineOutcome['unmatched'] = [];
  const entryFor = (rel: string) => (Object.prototype.hasOwnProperty.call(baseline, rel) ? baseline[rel] : undefined);
  const seen = new Set<string>();
  const out = results.map((r) => {
    const rel = relPath(r.file, cwd);
    seen.add(rel);
    const entry = entryFor(rel);
    if (!entry || r.fatal) return r;
    const counts = errorCounts(r.findings);
    const hidden = new Set<string>();
    for (const ruleId of Object.keys(entry)) {
      const allowed = entry[ruleId].count;
      const found = counts.get(ruleId) ?? 0;
      if (found <= allowed) hidden.add(ruleId);
      if (found < allowed) unmatched.push({ file: rel, ruleId, count: allowed - found });
    }
    if (hidden.size === 0) return r;
    return { ...r, findings: r.findings.filter((f) => !(f.severity === 'error' && hidden.has(f.ruleId))) };
  });
  for (const file of scannedFiles) {
    const rel = relPath(file, cwd);
    if (seen.has(rel)) continue;
    seen.add(rel);
    for (const [ruleId, { count }] of Object.entries(entryFor(rel) ?? {})) unmatched.push({ file: rel, ruleId, count });
  }
  unmatched.sort((a, b) => compareStrings(a.file, b.file) || compareStrings(a.ruleId, b.ruleId));
  return { results: out, unmatched };
}

/** Writes the baseline atomically, keys sorted, two-space indented, with a final newline. */
export function writeBaseline(file: string, baseline: Baseline): void {
  try {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    writeFileAtomic.sync(file, `${JSON.stringify(sortedBaseline(baseline), null, 2)}\n`);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot write baseline file ${file}: ${code ?? (err as Error).message.split('\n')[0]}`);
  }
}
