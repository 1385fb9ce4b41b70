// A file written whole or not at all: the text goes to a new temporary file beside it, which is
// then renamed over it, so a reader at the same moment sees the old file or the new one, never
// half of one; the temporary file is removed when the write fails. Synchronous (nothing of the
// process runs between the write and the rename). The cache and the run-time hook's report are
// rebuilt when lost, so they skip the fsync; a file the user keeps (the config `--fix` records
// bases in) asks for it, and keeps the mode the file had.
import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, fsyncSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';

export function writeWhole(file: string, text: string | (string | Uint8Array)[], opts: { fsync?: boolean; keepMode?: boolean } = {}): void {
  const mode = opts.keepMode ? statSync(file, { throwIfNoEntry: false })?.mode : undefined;
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const fd = openSync(tmp, 'wx');
    try {
      // (parts one after the other: a large text already in bytes is not joined to the rest first)
      for (const part of typeof text === 'string' ? [text] : text) writeAll(fd, part);
      // (the mode given to open() would be filtered by the umask)
      if (mode !== undefined) fchmodSync(fd, mode & 0o7777);
      if (opts.fsync) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (err) {
    try {
      rmSync(tmp, { force: true });
    } catch {
      /* the error that matters is the write's */
    }
    throw err;
  }
}

/** The whole of a text or its bytes, however many calls the file takes them in. */
function writeAll(fd: number, part: string | Uint8Array): void {
  let rest = typeof part === 'string' ? Buffer.from(part) : part;
  while (rest.length) rest = rest.subarray(writeSync(fd, rest));
}
