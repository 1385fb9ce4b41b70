// --fix and the config's `legacyBases` (PRODUCT.md, "Hosts"). A base URL known as the legacy host's
// only by the v1 paths it served would look fine once --fix moved them; so the fix records its name
// in the config, and scans keep reporting it until a person points it at the base host and removes
// the entry. A base with no name to record (a literal, an object's property) is listed in the fix's
// summary as left for a person.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ConfigLocation } from '../config.js';
import { lineCol } from '../core/lines.js';
import { writeWhole } from '../core/write-whole.js';
import type { Config, FileResult, Finding, RecordedBases } from '../types.js';
import { addLegacyBases, recordedNames } from './config-entry.js';

/** The base URL findings of an analysis. */
export const baseFindings = (results: FileResult[]): Finding[] => results.flatMap((r) => r.findings.filter((f) => f.ruleId === 'legacy-base-url'));

/** The findings that name a base known as legacy only by the v1 paths it serves (base findings, and those paths' own). */
export const v1PathBases = (results: FileResult[]): Finding[] => results.flatMap((r) => r.findings.filter((f) => f.legacyBase?.by === 'v1-paths'));

/** The names to record: bases named before the fix as legacy only by their v1 paths, not yet in the config. */
export function namesToRecord(before: Finding[], config: Config): string[] {
  const have = new Set(config.legacyBases ?? []);
  const names = before.filter((f) => f.legacyBase?.by === 'v1-paths' && f.legacyBase.name).map((f) => f.legacyBase!.name!);
  return [...new Set(names)].filter((n) => !have.has(n)).sort();
}

/**
 * Adds the names to the config file's `legacyBases` (the file it read, or a new
 * migrate-check.config.json, only inside the paths `given`), each name once: the names the file gives already are left out, and
 * nothing is written when none is left. In a dry run nothing is written. The write is atomic (a
 * temporary file beside it, then a rename); a failure is told, not thrown: the fix is done by then.
 */
export function recordLegacyBases(at: ConfigLocation, names: string[], dryRun: boolean, given: string[]): RecordedBases | undefined {
  // no config was read and a new one would go outside the paths given (`--fix proj` run from the
  // folder above): nothing is written outside them (PRODUCT.md, "Reliability"); the summary says what to add
  if (!at.found && !given.some((p) => inside(path.dirname(at.file), p))) {
    const entry = `"legacyBases": [${names.map((n) => JSON.stringify(n)).join(', ')}]`;
    return { names, file: at.file, key: at.key, created: false, written: false, error: `no config file was read, and a new one here would lie outside the paths given, where \`--fix\` writes nothing: add ${entry} to the project's migrate-check.config.json by hand` };
  }
  let text: string | undefined;
  if (at.found) {
    try {
      text = readFileSync(at.file, 'utf8');
    } catch (err) {
      return { names, file: at.file, key: at.key, created: false, written: false, error: `cannot read it (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
    }
  }
  const fresh = text === undefined ? names : names.filter((n) => !recordedNames(text!.replace(/^\ufeff/, ''), at.key).includes(n));
  if (!fresh.length) return undefined;
  const next = text === undefined ? `{\n  "legacyBases": [${fresh.map((n) => JSON.stringify(n)).join(', ')}]\n}\n` : addLegacyBases(text, fresh, at.key);
  const base: RecordedBases = { names: fresh, file: at.file, key: at.key, created: text === undefined, written: false };
  if (next === undefined) return { ...base, error: 'it holds no config object to add the key to' };
  if (dryRun) return base;
  try {
    writeWhole(at.file, next, { fsync: true, keepMode: true });
  } catch (err) {
    return { ...base, error: `cannot write it (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  return { ...base, written: true };
}

/**
 * The base URLs reported before the fix that a scan after it no longer reports (a base with no
 * name to record): left for a person all the same, at their place in the text after the fix (the
 * fix never edits a base; an edit before it on the same line may move it).
 */
export function basesLeftUnreported(before: Finding[], after: FileResult[], texts: Map<string, string>): Finding[] {
  const still = new Set(baseFindings(after).map((f) => `${f.file}\0${f.oldText}`));
  const out: Finding[] = [];
  for (const f of before) {
    if (still.has(`${f.file}\0${f.oldText}`)) continue;
    const text = texts.get(f.file);
    if (text === undefined || f.oldText === undefined || text.slice(f.start, f.end) === f.oldText) {
      out.push(f);
      continue;
    }
    // the nearest place the base's text is found again
    let best = -1;
    for (let i = text.indexOf(f.oldText); i >= 0; i = text.indexOf(f.oldText, i + 1)) if (best < 0 || Math.abs(i - f.start) < Math.abs(best - f.start)) best = i;
    if (best < 0) continue; // the fix changed it after all: not left as it was
    const a = lineCol(text, best);
    const b = lineCol(text, best + f.oldText.length);
    out.push({ ...f, start: best, end: best + f.oldText.length, line: a.line, column: a.column, endLine: b.line, endColumn: b.column });
  }
  return out;
}

/** Is the folder `dir` the path `p` or inside it? */
const inside = (dir: string, p: string): boolean => {
  const rel = path.relative(p, dir);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};
