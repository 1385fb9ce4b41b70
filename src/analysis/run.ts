// The analysis proper, over the files that passed the text test: parse, detect, suppress, level.
// The analysis' one entry for the plumbing in front of it (src/pipeline/). Loaded only when a file
// needs parsing (it brings the TypeScript compiler), in the main thread for a small run or in each
// worker of a large one (src/pipeline/worker-thread.ts).

import path from 'node:path';
import { Analyzer } from './detect.js';
import { applySuppressions, scriptRanges } from './suppress.js';
import { lineCol, MODULE_EXTENSIONS, nestingDepth, parseErrors, parseModule, scriptKindFor, UnitStore, type Unit } from './units.js';
import type ts from '../core/ts.cjs';
import { COMPONENT_EXTS } from '../core/extensions.js';
import { sortFindings } from '../core/order.js';
import { namesOf } from '../cache/names.js';
import type { Config, FileResult, Finding } from '../types.js';

export interface CandidateJob {
  /** the files that passed the text test, with the text read */
  candidates: { file: string; text: string }[];
  /** every file asked about: findings are reported for these only */
  given: string[] | Set<string>;
  config: Config;
  overlays?: Map<string, string>;
  root?: string;
  /** files parsed while the others were being read (src/pipeline/reader.ts); this thread only */
  preparsed?: Map<string, ts.SourceFile>;
  /** report `namesOutside` (a part of a run cut into parts: src/pipeline/workers.ts) */
  namesOutside?: boolean;
}

export interface CandidateResult {
  /** the results of the files that have something to say (findings, suppressed ones, or fatal) */
  results: FileResult[];
  parsed: number;
  /** the names whose calls were looked for over every unit (a wrapper's callers) and the files looking, for `--cache` */
  callsLookedUp?: { name: string; from: string[] }[];
  /**
   * With `namesOutside` asked: every name the modules parsed besides the candidates (imports, and
   * what the analysis resolved) call or declare, read from their texts (names.ts, a superset). A
   * part that looked for the calls of one of them goes with this part: what the analysis counts
   * of a name over the units parsed (a wrapper's callers, its namesakes) must be what one thread counts.
   */
  namesOutside?: string[];
}

/**
 * Parse a module ahead of its analysis (src/pipeline/reader.ts), and walk it (the walk every
 * unit goes through: nesting, parent links, the checks' index); the UnitStore takes the result
 * when the text is still the same. Components and files the parser cannot take are left for the
 * analysis, which reports them.
 */
export function parseAhead(file: string, text: string): ts.SourceFile | undefined {
  if (!MODULE_EXTENSIONS.includes(path.extname(file).toLowerCase())) return undefined;
  try {
    const sf = parseModule(file, text, scriptKindFor(file));
    nestingDepth(sf);
    return sf;
  } catch {
    return undefined;
  }
}

export async function analyzeCandidates(job: CandidateJob): Promise<CandidateResult> {
  const { config, candidates } = job;
  const given = job.given instanceof Set ? job.given : new Set(job.given);
  const results = new Map<string, FileResult>();
  for (const c of candidates) results.set(c.file, { file: c.file, findings: [], suppressed: [] });
  const overlays = new Map(job.overlays ?? []);
  const componentUnits = new Map<string, Unit[]>();
  for (const c of candidates) overlays.set(c.file, c.text!);
  const comps = candidates.filter((c) => COMPONENT_EXTS.includes(path.extname(c.file).toLowerCase()));
  if (comps.length) {
    const { componentUnitsFor } = await import('./component-units.js');
    for (const c of comps) {
      const r = await componentUnitsFor(c.file, c.text!);
      if ('fatal' in r) results.set(c.file, { file: c.file, findings: [], suppressed: [], fatal: { file: c.file, ...r.fatal } });
      else componentUnits.set(c.file, r.units);
    }
  }
  const store = new UnitStore(overlays, componentUnits, config.maxFileSize, job.root, job.preparsed);
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
  const analyzer = new Analyzer(store, { config, given, root: job.root });
  const findings = analyzer.run(units);
  const byFile = new Map<string, Finding[]>();
  for (const f of findings) {
    if (!byFile.has(f.file)) byFile.set(f.file, []);
    byFile.get(f.file)!.push(f);
  }
  for (const [file, list] of byFile) {
    // findings are reported for the files asked about; a module they import is read, not reported
    if (!given.has(file)) continue;
    const text = store.text(file) ?? '';
    const fileUnits = store.get(file);
    const { kept, suppressed } = applySuppressions(text, list, (start, end, rules) => unusedFinding(file, text, start, end, rules), scriptRanges(text, fileUnits));
    const levelled = applyLevels(kept, config);
    if (results.get(file)?.fatal) continue;
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
  const changed = [...results.values()].filter((r) => r.fatal || r.findings.length || r.suppressed.length);
  const outside = job.namesOutside ? namesOutside(store, candidates) : undefined;
  return { results: changed, parsed: store.parsedCount + componentUnits.size, callsLookedUp: analyzer.callsLookedUp, ...(outside ? { namesOutside: outside } : {}) };
}

/** What the modules parsed besides the candidates call or declare (CandidateResult.namesOutside). */
function namesOutside(store: UnitStore, candidates: CandidateJob['candidates']): string[] {
  const asked = new Set(candidates.map((c) => c.file));
  const out = new Set<string>();
  for (const file of new Set(store.all().map((u) => u.file))) {
    if (asked.has(file)) continue;
    const n = namesOf(store.text(file) ?? '');
    for (const name of n.calls) out.add(name);
    for (const name of n.declares) out.add(name);
  }
  return [...out].sort();
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
