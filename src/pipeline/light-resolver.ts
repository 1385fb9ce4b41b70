// Following import specifiers without the compiler, as the analysis follows them: the cutting of
// a large run into parts (partition.ts) and a --cache run's import graph (src/cache/graph.ts).

import { readFileSync, statSync } from 'node:fs';
import { probeModule, resolveSpecifier } from '../analysis/resolve.js';
import { TsconfigReader } from '../analysis/tsconfig.js';
import { WorkspaceReader } from '../analysis/workspaces.js';
import type { ListedFolders } from '../types.js';
import path from 'node:path';

/**
 * Follows import specifiers the way the analysis does (src/analysis/resolve.ts), without the
 * compiler. `undefined`: a package or nothing of the project; `null`: a tsconfig it cannot read
 * (src/analysis/tsconfig.ts), so the parts cannot be trusted.
 */
export class LightResolver {
  private files = new Map<string, boolean>();
  private tsconfigs: TsconfigReader;
  private workspaces: WorkspaceReader;

  /** `folders`: what the run's walk saw of the folders, when it gathered the markers (a `--cache` walk) */
  constructor(
    private readonly maxFileSize: number,
    private readonly inside: (file: string) => boolean,
    folders?: ListedFolders,
  ) {
    this.tsconfigs = new TsconfigReader(inside, folders);
    this.workspaces = new WorkspaceReader(inside, folders);
  }

  read(file: string): string | undefined {
    try {
      return this.inside(file) && statSync(file).size <= this.maxFileSize ? readFileSync(file, 'utf8') : undefined;
    } catch {
      return undefined;
    }
  }

  resolve(from: string, spec: string): string | undefined | null {
    const relative = spec.startsWith('.') || spec.startsWith('/');
    const cfg = relative ? null : this.tsconfigs.pathsFor(path.dirname(from));
    if (cfg === 'bad') return null;
    const ws = relative ? null : this.workspaces.workspaceFor(path.dirname(from));
    return resolveSpecifier(from, spec, cfg, (base) => probeModule(base, (f) => this.isFile(f), () => true), ws);
  }

  private isFile(f: string): boolean {
    let hit = this.files.get(f);
    if (hit === undefined) {
      try {
        // (no exception for a path that is not there: most probes are not, and a throw costs)
        hit = this.inside(f) && !!statSync(f, { throwIfNoEntry: false })?.isFile();
      } catch {
        hit = false;
      }
      this.files.set(f, hit);
    }
    return hit;
  }
}
