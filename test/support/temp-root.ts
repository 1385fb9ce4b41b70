// Vitest global setup: every temp folder the tests make (os.tmpdir() in the test processes and in
// the CLIs they spawn) goes under one folder for the run, removed when the run ends, so a test
// run leaves nothing behind in the system's temp folder however a test file ends.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(path.join(os.tmpdir(), 'migrate-check-tests-'));
  // open to others as the system's temp folder is: some tests run the CLI as another user
  chmodSync(root, 0o755);
  const before = { TMPDIR: process.env.TMPDIR, TMP: process.env.TMP, TEMP: process.env.TEMP };
  // os.tmpdir() reads TMPDIR on POSIX and TMP/TEMP on Windows; the test processes inherit them
  process.env.TMPDIR = process.env.TMP = process.env.TEMP = root;
  return () => {
    for (const [k, v] of Object.entries(before)) if (v === undefined) delete process.env[k];
    else process.env[k] = v;
    rmSync(root, { recursive: true, force: true });
  };
}
