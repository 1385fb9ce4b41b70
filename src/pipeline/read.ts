// Reading a file as the analysis sees it (an editor buffer first, then the disk, within the size
// limit), or why it cannot be read. No compiler here (the reader thread runs this too).

import { isUtf8 } from 'node:buffer';
import { closeSync, constants, openSync, readSync, statSync } from 'node:fs';
import { lineCol } from '../core/lines.js';

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
