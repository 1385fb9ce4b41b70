// Atomic writes: a temporary file beside the target, then a rename; the file mode is kept.
import writeFileAtomic from 'write-file-atomic';

export async function writeAtomic(file: string, text: string): Promise<void> {
  await writeFileAtomic(file, text, { encoding: 'utf8' });
}
