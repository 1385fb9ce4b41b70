// What marks a file as generated or vendored, never edited by `--fix`: the config's `generated`
// globs (files the project holds as generated, matched as gitignore patterns like ignorePatterns,
// relative to the folder of the config file that gave them), the file's header, or a folder a
// generator writes into the project.

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Ignore } from 'ignore';
import { generatedHeader } from '../core/generated.js';
import { newIgnore } from '../core/require.js';

export class GeneratedGlobs {
  private readonly ig?: Ignore;

  constructor(
    globs: string[] | undefined,
    private readonly root: string | undefined,
  ) {
    if (globs?.length && root) this.ig = newIgnore().add(globs);
  }

  /** The glob that marks this file (an absolute path) as generated; undefined when none does. */
  match(file: string): string | undefined {
    if (!this.ig || !this.root) return undefined;
    const rel = path.relative(this.root, file);
    if (!rel || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return undefined;
    const t = this.ig.test(rel.split(path.sep).join('/'));
    return t.ignored ? (t.rule?.pattern ?? 'a `generated` glob') : undefined;
  }
}

/** Which files are generated, asked of each file once a run. */
export class GeneratedFiles {
  private readonly globs: GeneratedGlobs;
  private readonly memo = new Map<string, string>();
  private readonly generatorDirs = new Map<string, boolean>();

  constructor(globs: string[] | undefined, root: string | undefined) {
    this.globs = new GeneratedGlobs(globs, root);
  }

  /**
   * What marks a file as generated or vendored: a `generated` glob of the config, its header
   * (`@generated`, `Code generated … DO NOT EDIT`, a comment saying a tool generated it:
   * core/generated.ts), or a folder a generator writes into the project (the `api` package's
   * `.api/`, OpenAPI Generator's output). Undefined: the project's own code.
   */
  of(file: string, text: () => string | undefined): string | undefined {
    // the config's `generated` globs, before what the file says of itself
    const glob = this.globs.match(file);
    if (glob) return `matched by \`${glob}\` in the config's \`generated\``;
    let known = this.memo.get(file);
    if (known === undefined) {
      const head = (text() ?? '').slice(0, 4096);
      known = file.split(path.sep).includes('.api') ? 'a package written into the `.api/` folder' : (generatedHeader(head) ?? (this.generatorOutput(path.dirname(file)) ? 'a folder OpenAPI Generator wrote: its `.openapi-generator/FILES` manifest is beside it' : ''));
      this.memo.set(file, known);
    }
    return known || undefined;
  }

  /** Is this folder, or one above it (four levels at most), the output of OpenAPI Generator (it writes `.openapi-generator/FILES` there)? */
  private generatorOutput(dir: string, depth = 0): boolean {
    let hit = this.generatorDirs.get(dir);
    if (hit === undefined) {
      hit = existsSync(path.join(dir, '.openapi-generator', 'FILES'));
      const up = path.dirname(dir);
      if (!hit && depth < 4 && up !== dir) hit = this.generatorOutput(up, depth + 1);
      this.generatorDirs.set(dir, hit);
    }
    return hit;
  }
}
