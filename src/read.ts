// Reading the files and the text test: which files are worth parsing. No compiler here (a reader
// thread runs this too: src/analysis/read-ahead.ts).

import { isUtf8 } from 'node:buffer';
import { closeSync, constants, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { lineCol } from './core/lines.js';
import { IMPORT_SPECIFIER } from './analysis/resolve.js';
import { textSignal } from './files.js';

export interface Source {
  file: string;
  text?: string;
  fatal?: { message: string; line: number; column: number };
}

/**
 * Read a file as the analysis sees it: editor buffer first, then the disk; bad files are fatal.
 * The bytes are read into one buffer kept for the whole run, never more than the size limit and
 * one byte: a file over the limit costs no more than reading that much (a 300 MB bundle in the
 * tree is not read whole), and the binary and UTF-8 checks run on the bytes before they become text.
 */
export function readSource(file: string, overlays: Map<string, string> | undefined, maxFileSize: number): Source {
  const o = overlays?.get(file);
  if (o !== undefined) return { file, text: o };
  const fatal = (message: string, line = 1, column = 1): Source => ({ file, fatal: { message, line, column } });
  let bytes: Buffer;
  try {
    bytes = readCapped(file, maxFileSize + 1);
  } catch (err) {
    return fatal(`cannot read the file: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  if (bytes.length > maxFileSize) return tooLarge(file, sizeOf(file) ?? bytes.length, maxFileSize);
  if (bytes.includes(0)) return fatal('skipped: a binary file (it holds NUL bytes)');
  const text = bytes.toString('utf8');
  if (!isUtf8(bytes)) {
    const lc = lineCol(text, text.indexOf('\uFFFD'));
    return fatal('skipped: the file is not valid UTF-8', lc.line, lc.column);
  }
  return { file, text };
}

// opened without blocking: a named pipe given as a file reads as empty instead of waiting for a writer
const READ_FLAGS = process.platform === 'win32' ? 'r' : constants.O_RDONLY | constants.O_NONBLOCK;
let shared = Buffer.allocUnsafe(64 * 1024);

/** Up to `cap` bytes of a file (a view into the shared buffer, valid until the next read). */
function readCapped(file: string, cap: number): Buffer {
  const fd = openSync(file, READ_FLAGS);
  try {
    let length = 0;
    for (;;) {
      if (length === shared.length) {
        if (length >= cap) break;
        const bigger = Buffer.allocUnsafe(Math.min(cap, shared.length * 2));
        shared.copy(bigger, 0, 0, length);
        shared = bigger;
      }
      const room = Math.min(shared.length, cap) - length;
      if (room <= 0) break;
      const n = readSync(fd, shared, length, room, null);
      length += n;
      // a short read of a regular file is its end
      if (n === 0 || n < room) break;
    }
    return shared.subarray(0, length);
  } finally {
    closeSync(fd);
  }
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
  // every other file that imports something, with only its module specifiers kept: holding the
  // texts of most of a tree until the end cost more in garbage collection than the test itself
  const importers: { file: string; specifiers: string; setsDefaults: boolean }[] = [];
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
        const specifiers = moduleSpecifiers(src.text!);
        if (specifiers) importers.push({ file, specifiers, setsDefaults: setsAxiosDefaults(src.text!) });
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
  // a module that defines a versioned base ('…/2023-01'): every module importing it sends paths
  // through it; and where that base is axios' default, every module importing axios does
  const bases = candidates.filter((c) => VERSIONED_BASE.test(c.text!));
  if (bases.length) {
    const have = new Set(candidates.map((c) => c.file));
    const drawIn = (stems: string[]) => {
      const importRe = importOf(stems);
      const drawn: typeof importers = [];
      for (const imp of importers) {
        if (have.has(imp.file) || !importRe.test(imp.specifiers)) continue;
        have.add(imp.file);
        drawn.push(imp);
        // read again: a handful of files, where keeping every text would have cost the whole tree's
        const src = readSource(imp.file, o.overlays, o.maxFileSize);
        if (src.fatal) fatal.push(src);
        else candidates.push(src);
      }
      return drawn;
    };
    const defaults = bases.some((c) => setsAxiosDefaults(c.text!));
    const drawn = drawIn([...bases.map((c) => moduleStem(c.file)), ...(defaults ? ['axios'] : [])]);
    // `axios.defaults.baseURL = API` with the versioned API imported from the module drawn in above
    if (!defaults && drawn.some((d) => d.setsDefaults)) drawIn(['axios']);
  }
  return { fatal, candidates };
}

const VERSIONED_BASE = /\/2023-01\/?['"`]/;

/** Does the text set axios' default base URL (`axios.defaults.baseURL = …`)? */
export function setsAxiosDefaults(text: string): boolean {
  return text.includes('baseURL') && /\bdefaults\s*(?:\.\s*baseURL\b|\[\s*['"`]baseURL['"`]\s*\])/.test(text);
}

/**
 * The module specifiers a text names, each still quoted, a line each (`importOf` reads them as it
 * reads a whole text); empty when it imports nothing. The answer is a fresh string: a piece cut
 * from the text, or pieces added together, would hold the whole text in memory.
 */
export function moduleSpecifiers(text: string): string {
  // joined after an empty first element: a join of two or more copies them into a new string,
  // where a join of one gives that piece back
  const lines = [''];
  // each match ends with the specifier and its quotes
  for (const m of text.matchAll(IMPORT_SPECIFIER)) lines.push(m[0].slice(m[0].length - m[1].length - 2));
  return lines.length > 1 ? lines.join('\n') : '';
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

