// Angular's environment files: `environments/environment.ts` and those a build swaps in for it
// (`environment.prod.ts`, `environment.staging.ts`…). What one says of a key, the others say in
// another build: the analysis reads them together (a part of a run, a component of the cache).

const ENVIRONMENT_FILE = /^(.*[\\/])environment(?:\.[\w-]+)?\.ts$/;

/** The folder of an environment file (with its separator), or undefined for any other file. */
export function environmentFolder(file: string): string | undefined {
  return ENVIRONMENT_FILE.exec(file)?.[1];
}

/** Pairs of environment files of one folder (each with the folder's first), for a union-find to join. */
export function environmentTies(files: Iterable<string>): [string, string][] {
  const first = new Map<string, string>();
  const ties: [string, string][] = [];
  for (const f of files) {
    const folder = environmentFolder(f);
    if (folder === undefined) continue;
    const head = first.get(folder);
    if (head === undefined) first.set(folder, f);
    else ties.push([head, f]);
  }
  return ties;
}
