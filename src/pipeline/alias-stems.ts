// What the text test's choice of files (prefilter.ts) reads besides the texts: the names an import
// through a tsconfig `paths` alias ends with (a caller importing a wrapper as `@acme/shipping`, from
// Nx's tsconfig.base.json, names neither the wrapper's file nor its folder, so the module stems
// alone never drew it in), and the `name` of a package.json (an index module is imported by its
// package's name). `--cache` keeps which of these files were read: a change to one can change
// the choice with no source file changed (src/cache/choice.ts).

import path from 'node:path';
import { aliasesOf, type TsPaths } from '../analysis/resolve.js';
import { TsconfigReader } from '../analysis/tsconfig.js';
import type { ListedFolders } from '../types.js';
import { readJson } from '../analysis/workspaces.js';

export interface StemReader {
  /**
   * For a module, the last part of each alias the tsconfig files of the importers (and its own)
   * map to it (`shipping` for `@acme/shipping`): a superset test, the analysis resolves each
   * import exactly. The tsconfig files are read once, when a module is first asked about.
   */
  aliases(file: string): string[];
  /** The `name` of a folder's package.json. */
  packageName(dir: string): string | undefined;
}

/**
 * `folders`: what the walk saw of the folders (it spares looking for a tsconfig.json on the disk in
 * each); `reads`: told of each config file read or looked for on the disk.
 */
export function stemReader(importers: { file: string }[], o: { folders?: ListedFolders; reads?: Set<string> } = {}): StemReader {
  let configs: Set<TsPaths> | undefined;
  const reader = new TsconfigReader(undefined, o.folders, o.reads);
  const add = (dir: string) => {
    const cfg = reader.pathsFor(dir);
    if (cfg && cfg !== 'bad' && cfg.paths.length) configs!.add(cfg);
  };
  const names = new Map<string, string | undefined>();
  return {
    aliases: (file) => {
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
    },
    packageName: (dir) => {
      if (!names.has(dir)) {
        const file = path.join(dir, 'package.json');
        o.reads?.add(file);
        const name = readJson(file)?.name;
        names.set(dir, typeof name === 'string' && name ? name : undefined);
      }
      return names.get(dir);
    },
  };
}
