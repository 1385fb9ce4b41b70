// Reading the files and the text test: which files are worth parsing. No compiler here (a reader
// thread runs this too: src/analysis/read-ahead.ts).

import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { lineCol } from './core/lines.js';
import { textSignal } from './files.js';

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

/** What the text test makes of a list of files. */
export interface TextTested {
  /** the files that cannot be read (too large, binary, not UTF-8, …), with why */
  fatal: Source[];
  /** the files to parse, in the order the analysis takes them: strong ones, then those they draw in */
  candidates: Source[];
}

/**
 * Read every file and run the text test on it. `onStrong` hears of each file that passes on its
 * own, as soon as it is read (a caller may start parsing it); the files that only pass through
 * their imports are added at the end.
 */
export function testTexts(
  files: string[],
  o: { maxFileSize: number; hosts: string[]; overlays?: Map<string, string>; onStrong?: (src: Source) => void; onProgress?: (done: number, total: number) => void },
): TextTested {
  const fatal: Source[] = [];
  const candidates: Source[] = [];
  const weak: Source[] = [];
  const importers: Source[] = [];
  let done = 0;
  for (const file of files) {
    const src = readSource(file, o.overlays, o.maxFileSize);
    if (src.fatal) fatal.push(src);
    else {
      const signal = textSignal(src.text!, o.hosts);
      if (signal === 'strong') {
        candidates.push(src);
        o.onStrong?.(src);
      } else {
        if (signal === 'weak') weak.push(src);
        if (/\bimport\b|\brequire\s*\(/.test(src.text!)) importers.push(src);
      }
    }
    o.onProgress?.(++done, files.length);
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
  return { fatal, candidates };
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

