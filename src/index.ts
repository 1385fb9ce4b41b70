// The public API: check() finds, fix() rewrites. No printing, no exit codes: the CLI, the
// language server and the MCP server are three doors into these two functions.

import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadCatalogue } from './catalogue/index.js';
import { lineCol } from './core/lines.js';
import { analyzeInParts, prestart } from './analysis/parts.js';
import { discover, textSignal } from './files.js';
import { msSince, trace } from './core/trace.js';
import type { CheckOptions, CheckResult, Config, FileResult } from './types.js';

export type { CheckOptions, CheckResult, Config, FileResult, Finding, FixOptions, FixResult } from './types.js';

export const DEFAULT_CONFIG: Config = { rules: {}, ignorePatterns: [], maxFileSize: 4 * 1024 * 1024 };

export interface Source {
  file: string;
  text?: string;
  fatal?: { message: string; line: number; column: number };
}

/**
 * Read a file as the analysis sees it: editor buffer first, then the disk; bad files are fatal.
 * The common case is one call into Node's UTF-8 fast path (open, size, read and decode in native
 * code); the size limit, the binary test and the UTF-8 check run on what it returns, and only a
 * file that looks too large or holds U+FFFD is looked at again, byte by byte.
 */
export function readSource(file: string, overlays: Map<string, string> | undefined, maxFileSize: number): Source {
  const o = overlays?.get(file);
  if (o !== undefined) return { file, text: o };
  const fatal = (message: string, line = 1, column = 1): Source => ({ file, fatal: { message, line, column } });
  const cannot = (err: unknown) => fatal(`cannot read the file: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    // a file too large for one string: its size says why it is skipped
    const size = sizeOf(file);
    return size !== undefined && size > maxFileSize ? tooLarge(file, size, maxFileSize) : cannot(err);
  }
  // a UTF-8 byte is at most one UTF-16 unit and a unit at most three bytes
  if (text.length * 3 > maxFileSize) {
    const size = sizeOf(file) ?? Buffer.byteLength(text);
    if (size > maxFileSize) return tooLarge(file, size, maxFileSize);
  }
  if (text.includes('\0')) return fatal('skipped: a binary file (it holds NUL bytes)');
  if (text.includes('\uFFFD')) {
    let buf: Buffer;
    try {
      buf = readFileSync(file);
    } catch (err) {
      return cannot(err);
    }
    // U+FFFD written in the file is fine; one the decoder put in place of bad bytes is not
    if (!Buffer.from(text, 'utf8').equals(buf)) {
      const lc = lineCol(text, text.indexOf('\uFFFD'));
      return fatal('skipped: the file is not valid UTF-8', lc.line, lc.column);
    }
  }
  return { file, text };
}

function sizeOf(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch {
    return undefined;
  }
}

const tooLarge = (file: string, size: number, limit: number): Source => ({
  file,
  fatal: { message: `skipped: the file is ${size} bytes, over the limit of ${limit} (maxFileSize)`, line: 1, column: 1 },
});

export interface Analysis {
  results: FileResult[];
  stats: CheckResult['stats'];
  /** the files that passed the text test (and were parsed) */
  candidates: string[];
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
  // on a large tree the workers load the compiler while this thread reads and tests the files
  const pool = prestart(files.length);
  const started = performance.now();
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
  trace(`text test: ${files.length} files read, ${candidates.length} to parse, in ${msSince(started)} ms`);
  const analysed = await analyzeInParts({ candidates: candidates.map((c) => ({ file: c.file, text: c.text! })), given: files, config, overlays: opts.overlays, root: opts.root }, pool);
  for (const r of analysed.results) {
    // a file the text test already found unreadable keeps that result
    if (!results.get(r.file)?.fatal) results.set(r.file, r);
  }
  const sorted = [...results.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return {
    results: sorted,
    stats: { files: files.length, candidates: candidates.length, parsed: analysed.parsed },
    candidates: candidates.map((c) => c.file),
  };
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

export { sortFindings } from './analysis/sort.js';

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
