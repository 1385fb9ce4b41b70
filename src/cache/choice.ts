// `--cache`: what a run reads besides the source texts, none of it a file with a key of its own.
// The choice of the files to parse reads tsconfig files (their `paths` aliases) and package.json
// files (their `name`) to decide which importers are drawn in (src/pipeline/alias-stems.ts): a
// tsconfig added, linked, edited or deleted can change the choice with every source file as it
// was. The cache keeps the files the choice read or looked for, and a digest of their texts and of
// where the walk saw a tsconfig.json; a run whose digest differs chooses again (analyze.ts). The
// analysis asks whether a folder holds a package.json (the project a file belongs to), a
// pnpm-workspace.yaml (the workspace packages an import may name) or an OpenAPI Generator manifest
// (generated code): the cache keeps a digest of where those are, and a run whose digest differs
// believes nothing of it.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MARKERS } from '../pipeline/discover.js';
import type { ListedFolders } from '../types.js';
import { sha1 } from '../core/hash.js';

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

/**
 * The digest of the presence of what the analysis asks of the disk besides the texts (the walk's
 * MARKERS): a folder's package.json (the project a file belongs to), pnpm-workspace.yaml (a
 * workspace) and OpenAPI Generator's `.openapi-generator/FILES` (a generated folder), in every
 * folder the walk saw and in those above the given paths. None of them is a source file with a key;
 * one added or deleted changes results with every key as it was. Undefined when the walk's view is
 * not known (the cache is then not believed).
 */
export function markersDigest(folders: ListedFolders | undefined, unlisted: string[]): string | undefined {
  if (!folders) return undefined;
  const manifest = (dir: string) => existsSync(path.join(dir, 'FILES'));
  const seen = [...folders.markers].sort().map((m) => (path.basename(m) === '.openapi-generator' ? `${m}\t${manifest(m)}` : m));
  // (the same names above the paths as in the walk's folders)
  const above = unlisted.map((d) => [d, ...[...MARKERS].map((name) => (name === '.openapi-generator' ? manifest(path.join(d, name)) : existsSync(path.join(d, name))))].join('\t'));
  return sha1(JSON.stringify([seen, above]));
}
