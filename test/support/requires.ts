// What some tests need from outside the repository: a program on the PATH, or the contract
// examples beside the clone. Present, the tests run. Missing on a developer's machine, they do
// not run, and the run says so in one line naming them and what installs it. Missing in CI (CI
// set, as .ci/run's machine has it), they run and fail: CI must never pass them silently.
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/** The first of these programs found on the PATH (an executable file), as a full path. */
export function onPath(names: readonly string[], searchPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        accessSync(file, constants.X_OK);
        if (statSync(file).isFile()) return file;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/** CI as the usual runners set it (`CI=true`, `CI=1`); unset, empty, `false` or `0` is not CI. */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = (env.CI ?? '').trim().toLowerCase();
  return v !== '' && v !== 'false' && v !== '0';
}

/**
 * Whether the tests that need something missing are to be left out: true only outside CI, and
 * then one line on stderr says which tests did not run and how to get what they need. In CI the
 * answer is false, and the tests run and fail on what is missing.
 */
export function leaveOut(present: boolean, tests: string, missing: string, remedy: string): boolean {
  if (present || inCi()) return false;
  process.stderr.write(`migrate-check tests: not run: ${tests}: ${missing}; ${remedy}\n`);
  return true;
}
