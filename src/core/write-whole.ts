// A file written whole or not at all: the text goes to a new temporary file beside it, which is
// then renamed over it, so a reader at the same moment sees the old file or the new one, never
// half of one. Synchronous (nothing of the process runs between the write and the rename); no
// fsync: the two files that use it (the cache, the run-time hook's report) are rebuilt when lost.
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';

export function writeWhole(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(tmp, text, { flag: 'wx' });
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
