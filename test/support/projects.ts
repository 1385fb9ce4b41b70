// Example projects run through the built CLI, for the fixture projects (fixtures/projects, in
// `npm test`) and the contract examples (../shared/examples, in `npm run test:contract`) alike:
// a folder of examples, each with before/, after/ and expect.json.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { gitInit, runCli, snapshot, tempCopy, walk } from '../helpers.js';

interface Expect {
  findings: { file: string; line: number }[];
  residual: { file: string; line: number }[];
  config?: unknown;
}

function lines(stdout: string, root: string): string[] {
  const data = JSON.parse(stdout) as { filePath: string; messages: { line: number; ruleId: string | null }[] }[];
  const out = new Set<string>();
  for (const f of data) for (const m of f.messages) if (m.ruleId) out.add(`${path.relative(root, f.filePath).split(path.sep).join('/')}:${m.line}`);
  return [...out].sort();
}

/** The examples in a folder: each subfolder with an expect.json and a before/. */
export function exampleDirs(base: string): string[] {
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .filter((d) => existsSync(path.join(base, d, 'expect.json')) && existsSync(path.join(base, d, 'before')))
    .sort();
}

/** Scan before/, fix a git copy, compare with after/ byte for byte, fix again (no change), scan the result against `residual`. */
export function runExample(base: string, name: string): void {
  const dir = path.join(base, name);
  const exp = JSON.parse(readFileSync(path.join(dir, 'expect.json'), 'utf8')) as Expect;
  const tmp = tempCopy(path.join(dir, 'before'), 'mc-example-');
  if (exp.config) writeFileSync(path.join(tmp, 'migrate-check.config.json'), JSON.stringify(exp.config, null, 2));
  gitInit(tmp);
  const scan = runCli(['--reporter', 'json', '--no-progress', '.'], tmp);
  expect(scan.stderr).toBe('');
  expect(lines(scan.stdout, tmp)).toEqual([...new Set(exp.findings.map((f) => `${f.file}:${f.line}`))].sort());
  expect(scan.code).toBe(exp.findings.length ? 1 : 0);

  const fix = runCli(['--fix', '--no-progress', '--reporter', 'json', '.'], tmp);
  expect([0, 1]).toContain(fix.code);
  const after = snapshot(tmp);
  const want = snapshot(path.join(dir, 'after'));
  for (const f of walk(path.join(dir, 'after'))) expect(`${f}\n${after[f]}`).toBe(`${f}\n${want[f]}`);

  const again = runCli(['--fix', '--allow-dirty', '--no-progress', '--reporter', 'json', '.'], tmp);
  expect([0, 1]).toContain(again.code);
  expect(snapshot(tmp)).toEqual(after);

  const rescan = runCli(['--reporter', 'json', '--no-progress', '.'], tmp);
  expect(lines(rescan.stdout, tmp)).toEqual([...new Set(exp.residual.map((f) => `${f.file}:${f.line}`))].sort());
}

/**
 * Worker threads and the reader thread must not change a single result: a project scanned and
 * fixed (dry run) with the analysis in two workers, on a reader thread, and in one thread gives
 * the same output byte for byte.
 */
export function sameOnEveryThread(dir: string): void {
  const one = runCli(['--reporter', 'json', '--no-progress', '.'], dir, { MIGRATE_CHECK_WORKERS: '0', MIGRATE_CHECK_READ_AHEAD: '0' });
  const two = runCli(['--reporter', 'json', '--no-progress', '.'], dir, { MIGRATE_CHECK_WORKERS: '2', MIGRATE_CHECK_TRACE: '1' });
  expect(one.code).toBe(1);
  expect(two.stderr).toMatch(/^migrate-check trace: \[\d+ ms\] \d+ files to parse, in (this thread|2 parts on 2 worker threads)$/m);
  expect(two.stderr.replace(/^migrate-check trace: .*\n/gm, '')).toBe(one.stderr);
  expect(two.stdout).toBe(one.stdout);
  const fixOne = runCli(['--fix', '--dry-run', '--no-progress', '.'], dir, { MIGRATE_CHECK_WORKERS: '0', MIGRATE_CHECK_READ_AHEAD: '0' });
  const fixTwo = runCli(['--fix', '--dry-run', '--no-progress', '.'], dir, { MIGRATE_CHECK_WORKERS: '2' });
  // a diff wherever the scan offers a fix (a project whose requests are all held has none)
  const fixable = (JSON.parse(one.stdout) as { messages: { fix?: unknown }[] }[]).some((f) => f.messages.some((m) => m.fix));
  if (fixable) expect(fixOne.stdout).toMatch(/^--- /m);
  else expect(fixOne.stdout).toBe('');
  expect(fixTwo.stdout).toBe(fixOne.stdout);
  expect(fixTwo.code).toBe(fixOne.code);
  // files read on a reader thread while this one parses: the same again
  const ahead = runCli(['--reporter', 'json', '--no-progress', '.'], dir, { MIGRATE_CHECK_WORKERS: '0', MIGRATE_CHECK_READ_AHEAD: '1', MIGRATE_CHECK_TRACE: '1' });
  expect(ahead.stderr).toMatch(/^migrate-check trace: \[\d+ ms\] a reader thread starts, to read the files$/m);
  expect(ahead.stderr).toMatch(/^migrate-check trace: \[\d+ ms\] text test: \d+ files read, \d+ to parse, in \d+ ms \(on a reader thread, \d+ parsed meanwhile\)$/m);
  expect(ahead.stdout).toBe(one.stdout);
  const fixAhead = runCli(['--fix', '--dry-run', '--no-progress', '.'], dir, { MIGRATE_CHECK_WORKERS: '0', MIGRATE_CHECK_READ_AHEAD: '1' });
  expect(fixAhead.stdout).toBe(fixOne.stdout);
}
