// The public API: check() finds, fix() rewrites. No printing, no exit codes: the CLI, the
// language server and the MCP server are three doors into these two functions.

import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadCatalogue } from './catalogue/index.js';
import { Analyzer } from './analysis/detect.js';
import { applySuppressions } from './analysis/suppress.js';
import { lineCol, parseErrors, UnitStore, type Unit } from './analysis/units.js';
import { discover, textSignal, COMPONENT_EXTS } from './files.js';
import type { CheckOptions, CheckResult, Config, FileResult, Finding } from './types.js';

export type { CheckOptions, CheckResult, Config, FileResult, Finding, FixOptions, FixResult } from './types.js';

export const DEFAULT_CONFIG: Config = { rules: {}, ignorePatterns: [], maxFileSize: 4 * 1024 * 1024 };

export interface Source {
  file: string;
  text?: string;
  fatal?: { message: string; line: number; column: number };
}

/** Read a file as the analysis sees it: editor buffer first, then the disk; bad files are fatal. */
export function readSource(file: string, overlays: Map<string, string> | undefined, maxFileSize: number): Source {
  const o = overlays?.get(file);
  if (o !== undefined) return { file, text: o };
  let size: number;
  try {
    size = statSync(file).size;
  } catch (err) {
    return { file, fatal: { message: `cannot read the file: ${(err as NodeJS.ErrnoException).code ?? String(err)}`, line: 1, column: 1 } };
  }
  if (size > maxFileSize) return { file, fatal: { message: `skipped: the file is ${size} bytes, over the limit of ${maxFileSize} (maxFileSize)`, line: 1, column: 1 } };
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch (err) {
    return { file, fatal: { message: `cannot read the file: ${(err as NodeJS.ErrnoException).code ?? String(err)}`, line: 1, column: 1 } };
  }
  if (buf.includes(0)) return { file, fatal: { message: 'skipped: a binary file (it holds NUL bytes)', line: 1, column: 1 } };
  const text = buf.toString('utf8');
  if (text.includes('\uFFFD') && !Buffer.from(text, 'utf8').equals(buf)) {
    const bad = text.indexOf('\uFFFD');
    const lc = lineCol(text, bad);
    return { file, fatal: { message: 'skipped: the file is not valid UTF-8', line: lc.line, column: lc.column } };
  }
  return { file, text };
}

export interface Analysis {
  results: FileResult[];
  stats: CheckResult['stats'];
}

/** Analyse a set of files (already discovered). */
export async function analyzeFiles(
  files: string[],
  opts: { config: Config; overlays?: Map<string, string>; onProgress?: (done: number, total: number) => void; root?: string },
): Promise<Analysis> {
  const { config } = opts;
  const hosts = [config.baseUrl, config.legacyBaseUrl, config.stagingUrl].filter((h): h is string => !!h);
  const results = new Map<string, FileResult>();
  const candidates: Source[] = [];
  const weak: Source[] = [];
  const importers: Source[] = [];
  let done = 0;
  for (const file of files) {
    const src = readSource(file, opts.overlays, config.maxFileSize);
    if (src.fatal) results.set(file, { file, findings: [], suppressed: [], fatal: { file, ...src.fatal } });
    else {
      results.set(file, { file, findings: [], suppressed: [] });
      // a suppression comment is looked at even in code already migrated (it may hide nothing now)
      const signal = src.text!.includes('migrate-check-disable') ? 'strong' : textSignal(src.text!, hosts);
      if (signal === 'strong') candidates.push(src);
      else {
        if (signal === 'weak') weak.push(src);
        if (/\bimport\b|\brequire\s*\(/.test(src.text!)) importers.push(src);
      }
    }
    opts.onProgress?.(++done, files.length);
  }
  // a file with only a word an old body shares with ordinary code is looked at when it imports a
  // module that passed the text test (the endpoint or base it sends to may be defined there)
  if (weak.length && candidates.length) {
    const importRe = importOf(candidates.map((c) => moduleStem(c.file)));
    for (const src of weak) if (importRe.test(src.text!)) candidates.push(src);
  }
  // a module that defines a versioned base ('…/2023-01'): every module importing it sends paths through it
  const baseStems = candidates.filter((c) => /\/2023-01\/?['"`]/.test(c.text!)).map((c) => moduleStem(c.file));
  if (baseStems.length) {
    const have = new Set(candidates.map((c) => c.file));
    const importRe = importOf(baseStems);
    for (const src of importers) if (!have.has(src.file) && importRe.test(src.text!)) candidates.push(src);
  }
  const overlays = new Map(opts.overlays ?? []);
  const componentUnits = new Map<string, Unit[]>();
  for (const c of candidates) overlays.set(c.file, c.text!);
  const comps = candidates.filter((c) => COMPONENT_EXTS.includes(path.extname(c.file).toLowerCase()));
  if (comps.length) {
    const { componentUnitsFor } = await import('./analysis/component-units.js');
    for (const c of comps) {
      const r = await componentUnitsFor(c.file, c.text!);
      if ('fatal' in r) results.set(c.file, { file: c.file, findings: [], suppressed: [], fatal: { file: c.file, ...r.fatal } });
      else componentUnits.set(c.file, r.units);
    }
  }
  const store = new UnitStore(overlays, componentUnits, config.maxFileSize, opts.root);
  const units: Unit[] = [];
  for (const c of candidates) {
    if (results.get(c.file)?.fatal) continue;
    const us = store.get(c.file);
    const skipped = store.skipped.get(c.file);
    if (skipped) {
      results.set(c.file, { file: c.file, findings: [], suppressed: [], fatal: { file: c.file, message: skipped, line: 1, column: 1 } });
      continue;
    }
    const errs = us.flatMap((u) => parseErrors(u.sf).map((d) => ({ u, d })));
    if (errs.length) {
      const { u, d } = errs[0];
      const lc = lineCol(u.fileText, u.offset + d.start);
      const msg = typeof d.messageText === 'string' ? d.messageText : d.messageText.messageText;
      results.set(c.file, { file: c.file, findings: [], suppressed: [], fatal: { file: c.file, message: `Parsing error: ${msg}`, line: lc.line, column: lc.column } });
      continue;
    }
    units.push(...us);
  }
  const analyzer = new Analyzer(store, { config });
  const findings = analyzer.run(units);
  const byFile = new Map<string, Finding[]>();
  for (const f of findings) {
    if (!byFile.has(f.file)) byFile.set(f.file, []);
    byFile.get(f.file)!.push(f);
  }
  for (const [file, list] of byFile) {
    // findings are reported for the files asked about; a module they import is read, not reported
    if (!results.has(file)) continue;
    const text = store.text(file) ?? '';
    const fileUnits = store.get(file);
    const ranges: [number, number][] = fileUnits.length && fileUnits[0].offset > 0 ? fileUnits.map((u) => [u.offset, u.offset + u.sf.text.length]) : [[0, text.length]];
    const { kept, suppressed } = applySuppressions(text, list, (start, end, rules) => unusedFinding(file, text, start, end, rules), ranges);
    const levelled = applyLevels(kept, config);
    const prev = results.get(file);
    if (prev?.fatal) continue;
    results.set(file, { file, findings: sortFindings(levelled), suppressed: sortFindings(suppressed), source: text });
  }
  // suppression comments in files without findings are unused too
  for (const u of units) {
    const r = results.get(u.file);
    if (!r || r.fatal || byFile.has(u.file) || !u.fileText.includes('migrate-check-')) continue;
    const { kept } = applySuppressions(u.fileText, [], (start, end, rules) => unusedFinding(u.file, u.fileText, start, end, rules), [[u.offset, u.offset + u.sf.text.length]]);
    const levelled = applyLevels(kept, config);
    if (levelled.length) results.set(u.file, { ...r, findings: sortFindings([...r.findings, ...levelled]), source: u.fileText });
  }
  const sorted = [...results.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { results: sorted, stats: { files: files.length, candidates: candidates.length, parsed: store.parsedCount + componentUnits.size } };
}

function moduleStem(file: string): string {
  const base = path.basename(file).replace(/\.[^.]+$/, '');
  return base === 'index' ? path.basename(path.dirname(file)) : base;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A module specifier (import, require, re-export) that ends in one of these module stems. */
function importOf(stems: string[]): RegExp {
  return new RegExp(`['"][^'"\\n]*\\b(?:${[...new Set(stems)].map(escapeRe).join('|')})(?:/index)?(?:\\.[cm]?[jt]sx?)?['"]`);
}

function unusedFinding(file: string, text: string, start: number, end: number, rules: string[]): Finding {
  const a = lineCol(text, start);
  const b = lineCol(text, end);
  return {
    ruleId: 'unused-suppression',
    severity: 'warning',
    message: `This suppression comment${rules.length ? ` (${rules.join(', ')})` : ''} hides no finding; remove it so that it cannot hide one later.`,
    file,
    line: a.line,
    column: a.column,
    endLine: b.line,
    endColumn: b.column,
    start,
    end,
    fixKind: 'none',
    changeKind: 'suppression',
  };
}

function applyLevels(findings: Finding[], config: Config): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    const level = config.rules[f.ruleId];
    if (level === 'off') continue;
    if (level === 'warn') out.push({ ...f, severity: 'warning' });
    else if (level === 'error') out.push({ ...f, severity: 'error' });
    else out.push(f);
  }
  return out;
}

export function sortFindings(list: Finding[]): Finding[] {
  return [...list].sort((a, b) => a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId));
}

/** Find every old-version construct under the given paths. */
export async function check(opts: CheckOptions): Promise<CheckResult> {
  const config = opts.config ?? DEFAULT_CONFIG;
  const files = await discover(opts.paths, opts.cwd, config.ignorePatterns);
  const { results, stats } = await analyzeFiles(files, { config, overlays: opts.overlays, onProgress: opts.onProgress, root: opts.root });
  return { results, stats };
}

export function manualSteps(): { id: string; title: string; text: string }[] {
  return loadCatalogue().manualSteps.map((s) => ({ id: s.id, title: s.title, text: s.text }));
}

export { fix } from './fix/index.js';
