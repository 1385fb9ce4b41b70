// Writing a fixed file: only over the very file that was read (a regular file, not a link, not
// another user's, with the same text on disk), atomically (a temporary file beside it, then a rename),
// with its mode (and, when run as root, its owner) kept. A temporary file never outlives the run.
import { randomBytes } from 'node:crypto';
import { unlinkSync } from 'node:fs';
import { lstat, open, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Temporary files written and not yet renamed: removed on exit whatever happens. */
const pending = new Set<string>();
let exitHook = false;

function removePending(): void {
  for (const tmp of pending) {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
  }
  pending.clear();
}

/** Why a file may not be written over (undefined when it may). */
async function refusal(file: string, expected: string): Promise<{ reason: string } | { st: Awaited<ReturnType<typeof lstat>> }> {
  let st;
  try {
    st = await lstat(file);
  } catch (err) {
    return { reason: `the file is gone or unreadable (${(err as NodeJS.ErrnoException).code ?? 'error'}); left as it is` };
  }
  if (st.isSymbolicLink()) return { reason: 'a symbolic link: --fix never writes through a link (fix the file it points to); left as it is' };
  if (!st.isFile()) return { reason: 'no longer a regular file; left as it is' };
  // like `sed -i`: a read-only file of one's own is replaced (its mode kept); another user's is not,
  // since the rename would make it ours
  const uid = process.getuid?.();
  if (uid !== undefined && uid !== 0 && Number(st.uid) !== uid) return { reason: "another user's file; left as it is" };
  let now: string;
  try {
    now = await readFile(file, 'utf8');
  } catch (err) {
    return { reason: `the file cannot be read again (${(err as NodeJS.ErrnoException).code ?? 'error'}); left as it is` };
  }
  if (now !== expected) return { reason: 'the file changed on disk while it was being fixed; left as it is' };
  return { st };
}

/**
 * Replace `file`, which must still hold `expected`, by `text`. Returns the reason when the file
 * is left as it is; throws only on an I/O error while writing (the file is then unchanged too).
 */
export async function writeFixed(file: string, expected: string, text: string): Promise<string | undefined> {
  const r = await refusal(file, expected);
  if ('reason' in r) return r.reason;
  const { st } = r;
  if (!exitHook) {
    process.on('exit', removePending);
    exitHook = true;
  }
  const mode = Number(st.mode) & 0o7777;
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.migrate-check-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  pending.add(tmp);
  let renamed = false;
  try {
    const fh = await open(tmp, 'wx', mode);
    try {
      await fh.writeFile(text, 'utf8');
      await fh.chmod(mode); // the mode given to open() is filtered by the umask
      if (process.getuid?.() === 0) await fh.chown(Number(st.uid), Number(st.gid)).catch(() => undefined);
      await fh.sync();
    } finally {
      await fh.close();
    }
    // a last look just before the rename: still the same file, untouched since it was compared
    const again = await lstat(file).catch(() => undefined);
    if (!again || again.isSymbolicLink() || again.ino !== st.ino || again.size !== st.size || again.mtimeMs !== st.mtimeMs)
      return 'the file changed on disk while it was being fixed; left as it is';
    await rename(tmp, file);
    renamed = true;
    return undefined;
  } finally {
    if (!renamed) await unlink(tmp).catch(() => undefined);
    pending.delete(tmp);
  }
}
