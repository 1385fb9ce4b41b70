// The names an import through a tsconfig `paths` alias ends with, for the text test's choice of
// files (prefilter.ts): a caller importing a wrapper as `@acme/shipping` (Nx's tsconfig.base.json)
// names neither the wrapper's file nor its folder, so the module stems alone never drew it in.

import path from 'node:path';
import { aliasesOf, type TsPaths } from '../analysis/resolve.js';
import { TsconfigReader, type ListedFolders } from '../analysis/tsconfig.js';

/**
 * For a module, the last part of each alias the tsconfig files of `importers` (and its own) map to
 * it (`shipping` for `@acme/shipping`): a superset test, the analysis resolves each import exactly.
 * The tsconfig files are read once, when a module is first asked about (`folders`: what the walk saw
 * of the folders, which spares looking for a tsconfig.json on the disk in each).
 */
export function aliasStems(importers: { file: string }[], folders?: ListedFolders): (file: string) => string[] {
  let configs: Set<TsPaths> | undefined;
  const reader = new TsconfigReader(undefined, folders);
  const add = (dir: string) => {
    const cfg = reader.pathsFor(dir);
    if (cfg && cfg !== 'bad' && cfg.paths.length) configs!.add(cfg);
  };
  return (file) => {
    if (!configs) {
      configs = new Set();
      for (const dir of new Set(importers.map((i) => path.dirname(i.file)))) add(dir);
    }
    add(path.dirname(file));
    const stems = new Set<string>();
    for (const cfg of configs)
      for (const alias of aliasesOf(file, cfg)) {
        // the regex of prefilter.ts importOf starts a stem at a word boundary
        const last = alias.slice(alias.lastIndexOf('/') + 1).replace(/^\W+/, '');
        if (last) stems.add(last);
      }
    return [...stems];
  };
}
