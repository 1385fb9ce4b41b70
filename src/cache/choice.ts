// `--cache`: what the choice of the files to parse read besides the source texts. The tsconfig files
// (their `paths` aliases) and package.json files (their `name`) decide which importers are drawn in
// (src/pipeline/alias-stems.ts), and none of them is a source file with a key: a tsconfig added,
// linked, edited or deleted can change the choice with every source file as it was. The cache
// keeps the files the choice read or looked for, and a digest of their texts and of where the walk
// saw a tsconfig.json; a run whose digest differs chooses again (analyze.ts).

import { readFileSync } from 'node:fs';
import type { ListedFolders } from '../analysis/tsconfig.js';
import { sha1 } from './entry.js';

/** The digest of the files the choice read (each with its text now, null when it cannot be read) and of the folders the walk saw a tsconfig.json in. */
export function choiceDigest(folders: ListedFolders | undefined, files: string[]): string {
  const texts = files.map((f) => {
    try {
      return readFileSync(f, 'utf8');
    } catch {
      return null;
    }
  });
  const seen = folders ? [[...folders.tsconfig].sort(), [...folders.links].sort()] : null;
  return sha1(JSON.stringify([seen, files, texts]));
}
