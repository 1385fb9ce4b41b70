// The contract examples (../shared/examples) through the built CLI: scan before/, fix a git copy,
// compare with after/ byte for byte, fix again (no change), scan the result against `residual`.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitInit, runCli, SHARED, snapshot, tempCopy, walk } from './helpers.js';

const EXAMPLES = path.join(SHARED, 'examples');
const PROJECTS = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'fixtures', 'projects');

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

function exampleDirs(base: string): string[] {
  if (!existsSync(base)) return [];
  return readdirSync(base).filter((d) => existsSync(path.join(base, d, 'expect.json')) && existsSync(path.join(base, d, 'before'))).sort();
}

function runExample(base: string, name: string) {
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

describe('contract examples (shared/examples)', () => {
  const names = exampleDirs(EXAMPLES);
  it('are present', () => expect(names.length).toBe(8));
  for (const name of names) it(name, () => runExample(EXAMPLES, name));
});

describe('fixture projects (fixtures/projects)', () => {
  for (const name of exampleDirs(PROJECTS)) it(name, () => runExample(PROJECTS, name));
});
