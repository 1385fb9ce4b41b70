// fix(): apply the findings' edits (safe ones; unsafe ones too with `unsafe`), in passes until
// nothing fixable is left, re-parse every result, then write atomically (or return a diff).

import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { getRule, manualSteps } from '../catalogue/index.js';
import { defaultConfig, locateConfig } from '../config.js';
import { SOURCE_EXTENSIONS } from '../core/extensions.js';
import { sortByFile } from '../core/order.js';
import { analyzeFiles, type Analysis } from '../pipeline/analyze.js';
import type { ReadAhead } from '../pipeline/reader.js';
import { analyzeRun } from '../pipeline/run.js';
import { startRun } from '../pipeline/start.js';
import type { OpenedCache } from '../cache/walk.js';
import type { FileChange, Finding, FixOptions, FixResult, TextEdit } from '../types.js';
import { assertClean } from './clean.js';
import { editsToApply } from './edits.js';
import { baseFindings, basesLeftUnreported, namesToRecord, recordLegacyBases, v1PathBases } from './legacy-bases.js';
import { applyTransforms } from './transforms.js';
import { reparseError } from './reparse.js';
import { writeFixed } from './write.js';

const MAX_PASSES = 5;

/** What the passes of --fix make of some files, in memory (nothing is written). */
export interface FixPasses {
  /** the analysis after the fix (what is left for a person) */
  analysis: Analysis;
  /** the texts before the fix of the files that changed */
  original: Map<string, string>;
  /** every file's text after the fix (the given overlays, plus the rewritten files) */
  texts: Map<string, string>;
  fixedCount: Map<string, number>;
  refused: FixResult['refused'];
  ambiguousBefore: Finding[];
  /** the base URL findings before the fix */
  basesBefore: Finding[];
  /** the findings before the fix that name a base known as legacy only by its v1 paths */
  v1BasesBefore: Finding[];
  /** the config the passes after the first analysed with: the given one, with the names the fix would record in `legacyBases` */
  passConfig: FixOptions['config'];
}

/**
 * The analysis again after a pass: only the files the first one parsed or reported can hold a
 * finding now (a rewrite removes old constructs, it never adds a text-test match to an untouched
 * file), so the rest of the tree is not read again; their results carry over.
 */
async function reanalyze(prev: Analysis, opts: { config: FixOptions['config']; overlays: Map<string, string>; root?: string }, restored: string[] = []): Promise<Analysis> {
  const subset = new Set(prev.candidates);
  for (const r of prev.results) if (r.findings.length || r.suppressed.length || opts.overlays.has(r.file)) subset.add(r.file);
  for (const r of prev.results) if (r.fatal) subset.delete(r.file);
  // files whose rewrite was refused are back to their old text: looked at again, whatever the last pass saw
  for (const f of restored) subset.add(f);
  const next = await analyzeFiles([...subset].sort(), { config: opts.config, overlays: opts.overlays, root: opts.root });
  const byFile = new Map(prev.results.map((r) => [r.file, r]));
  for (const r of next.results) byFile.set(r.file, r);
  return { results: sortByFile(byFile.values()), stats: prev.stats, candidates: next.candidates };
}

/**
 * The passes of --fix over files already discovered: analyse, choose the edits, run the
 * transforms, until nothing fixable is left (at most MAX_PASSES); then every rewritten text must
 * parse again. `overlays` are texts that take precedence over the disk (editor buffers). The
 * language server's "fix all" is this function over one buffer.
 */
export async function fixPasses(
  files: string[],
  opts: { config: FixOptions['config']; unsafe: boolean; overlays?: Map<string, string>; onProgress?: FixOptions['onProgress']; root?: string; ahead?: ReadAhead; cwd?: string; cache?: FixOptions['cache']; opened?: OpenedCache },
): Promise<FixPasses> {
  const { config } = opts;
  const overlays = new Map(opts.overlays ?? []);
  const original = new Map<string, string>();
  const fixedCount = new Map<string, number>();
  // the first analysis may come from the cache (`--cache`); the passes after it analyse what they rewrote
  let analysis = await analyzeRun(files, { config, overlays, onProgress: opts.onProgress, root: opts.root, ahead: opts.ahead, cwd: opts.cwd ?? process.cwd(), cache: opts.cache, opened: opts.opened });
  const ambiguousBefore = analysis.results.flatMap((r) => r.findings.filter((f) => f.ruleId === 'ambiguous-courier-id'));
  const basesBefore = baseFindings(analysis.results);
  const v1BasesBefore = v1PathBases(analysis.results);
  // a base known as legacy only by the v1 paths it served is recorded once they move: the fixed
  // texts are analysed as a later scan will see them, with its name recorded
  const toRecord = namesToRecord(v1BasesBefore, config);
  const passConfig = toRecord.length ? { ...config, legacyBases: [...(config.legacyBases ?? []), ...toRecord] } : config;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let changed = false;
    for (const r of analysis.results) {
      if (r.fatal || !r.source) continue;
      const chosen = editsToApply(r.findings, opts.unsafe);
      if (!chosen.edits.length) continue;
      const next = await applyTransforms(r.file, r.source, chosen.chosen, opts.unsafe);
      if (next === r.source) continue;
      if (!original.has(r.file)) original.set(r.file, r.source);
      overlays.set(r.file, next);
      // fixed: what the first analysis reported for --fix to fix (a finding whose edit another
      // one carries counts, as the reporters count it)
      if (!fixedCount.has(r.file)) fixedCount.set(r.file, r.findings.filter((f) => f.fixKind === 'safe' || (opts.unsafe && f.fixKind === 'unsafe')).length);
      changed = true;
    }
    if (!changed) break;
    analysis = await reanalyze(analysis, { config: passConfig, overlays, root: opts.root });
  }
  // every rewritten file must parse again; one that would not is left untouched. The last
  // analysis parsed the final text of each module it took (the text test may pass over a fixed
  // file): one it took without a fatal result parses.
  const refused: FixResult['refused'] = [];
  const parsedByLast = new Set(analysis.candidates);
  const fatalInLast = new Set(analysis.results.filter((r) => r.fatal).map((r) => r.file));
  for (const file of [...original.keys()]) {
    const after = overlays.get(file)!;
    const parsedClean = parsedByLast.has(file) && !fatalInLast.has(file) && SOURCE_EXTENSIONS.includes(path.extname(file).toLowerCase());
    const err = parsedClean ? undefined : await reparseError(file, after);
    if (err) {
      refused.push({ file, reason: err });
      // back to what it was: the caller's overlay (an editor buffer) or the disk
      const given = opts.overlays?.get(file);
      if (given !== undefined) overlays.set(file, given);
      else overlays.delete(file);
      original.delete(file);
    }
  }
  if (refused.length) analysis = await reanalyze(analysis, { config: passConfig, overlays, root: opts.root }, refused.map((r) => r.file));
  return { analysis, original, texts: overlays, fixedCount, refused, ambiguousBefore, basesBefore, v1BasesBefore, passConfig };
}

export async function fix(opts: FixOptions): Promise<FixResult> {
  const config = opts.config ?? defaultConfig();
  const run = await startRun({ ...opts, config });
  try {
    return await fixFiles(run.files, run.ahead, { ...opts, config }, run.cache);
  } finally {
    run.stop();
  }
}

/** The unified diff of the changes; the diff library is loaded only when there is one to show. */
async function diffOf(changes: FileChange[], cwd: string): Promise<string> {
  const { unifiedDiff } = await import('./diff.js');
  return changes.map((c) => unifiedDiff(path.relative(cwd, c.file), c.before, c.after)).join('');
}

/** fix() over the files of its run (`ahead`: the reader thread reading them). */
async function fixFiles(files: string[], ahead: ReadAhead | undefined, opts: FixOptions, opened?: OpenedCache): Promise<FixResult> {
  const { config } = opts;
  const { analysis, original, texts: overlays, fixedCount, refused, ambiguousBefore, basesBefore, v1BasesBefore, passConfig } = await fixPasses(files, {
    config,
    unsafe: opts.unsafe,
    overlays: opts.overlays,
    onProgress: opts.onProgress,
    root: opts.root,
    ahead,
    cwd: opts.cwd,
    cache: opts.cache,
    opened,
  });
  const changes: FileChange[] = [];
  for (const [file, before] of original) {
    const after = overlays.get(file)!;
    if (after !== before) changes.push({ file, before, after, fixed: fixedCount.get(file) ?? 0 });
  }
  changes.sort((a, b) => (a.file < b.file ? -1 : 1));
  const diff = changes.length ? await diffOf(changes, opts.cwd) : '';
  let interrupted: FixResult['interrupted'];
  let remaining = analysis;
  // bases known as legacy only by the v1 paths they served, recorded in the config's legacyBases
  // when the fix writes files (PRODUCT.md, "Hosts"); where the config lives
  const toRecord = changes.length ? namesToRecord(v1BasesBefore, config) : [];
  const configAt = toRecord.length ? locateConfig({ cwd: opts.cwd, configPath: opts.configPath }) : undefined;
  // only the files it would write must hold what is committed (an unrelated notes.md does not matter)
  if (!opts.dryRun && !opts.allowDirty) assertClean(opts.cwd, [...changes.map((c) => c.file), ...(configAt?.found ? [configAt.file] : [])]);
  if (!opts.dryRun) {
    opts.onWriting?.(true);
    try {
      for (const c of changes) {
        if (opts.signal?.aborted) {
          interrupted ??= { left: [] };
          interrupted.left.push(c.file);
          continue;
        }
        const reason = await writeFixed(c.file, c.before, c.after);
        if (reason) refused.push({ file: c.file, reason });
      }
    } finally {
      opts.onWriting?.(false);
    }
  }
  const written = changes.filter((c) => !refused.some((r) => r.file === c.file) && !interrupted?.left.includes(c.file));
  // the config is written once the fix wrote files (a dry run: it would be)
  const legacyBases = configAt && (opts.dryRun || written.length) ? recordLegacyBases(configAt, toRecord, opts.dryRun, givenFolders(opts)) : undefined;
  // what is left is what the disk holds: a file not written keeps its findings; a recorded base
  // is reported as a later scan reports it
  let after = overlays;
  if (!opts.dryRun && written.length < changes.length) {
    after = new Map(opts.overlays ?? []);
    for (const [file, text] of overlays) if (written.some((c) => c.file === file) && !opts.overlays?.has(file)) after.set(file, text);
  }
  const recorded = legacyBases?.names.length ? { ...config, legacyBases: [...(config.legacyBases ?? []), ...legacyBases.names] } : config;
  // the passes after the first analysed the fixed texts with the names to record already recorded
  // (a later scan reports those bases): again only when the disk or the config holds something else
  const sameNames = (recorded.legacyBases ?? []).join('\n') === (passConfig.legacyBases ?? []).join('\n');
  if (after !== overlays || !sameNames) remaining = await analyzeFiles(files, { config: recorded, overlays: after, root: opts.root });
  // the cache holds what the disk holds now: the files written are analysed again, with what they touch
  if (opts.cache && written.length) await analyzeRun(files, { config: recorded, cwd: opts.cwd, root: opts.root, cache: opts.cache, seen: opened });
  // the steps outside the code matter while the code calls an old version, or once the fix moved some of it
  const callsOld = remaining.results.some((r) => [...r.findings, ...r.suppressed].some((f) => getRule(f.ruleId)?.from !== 'any'));
  return {
    changes: written,
    remaining: { results: remaining.results, stats: remaining.stats, files },
    ambiguousBefore,
    refused,
    manualSteps: manualSteps(),
    manualStepsApply: written.length > 0 || callsOld,
    diff,
    ...(interrupted ? { interrupted } : {}),
    ...(legacyBases ? { legacyBases } : {}),
    basesLeft: basesLeftUnreported(basesBefore, remaining.results, after),
  };
}

export type { Finding, TextEdit };

/**
 * The folders a new config file may go in: the folders `--fix` was given (none: the cwd); files
 * given are some files of the project the cwd holds, whose config is the cwd's (a fix over
 * `src/pickups.ts` records there). A folder given inside the cwd (`--fix proj` from the folder
 * above it) is a project of its own: the cwd is outside it.
 */
function givenFolders(opts: Pick<FixOptions, 'paths' | 'cwd'>): string[] {
  return (opts.paths.length ? opts.paths : ['.']).map((p) => {
    const abs = path.resolve(opts.cwd, p);
    return existsSync(abs) && statSync(abs).isFile() ? path.resolve(opts.cwd) : abs;
  });
}
