// --fix and a git work tree (issue 24): only the files --fix would write must hold what is
// committed, and those that do not are named; the steps outside the code are shown when they apply.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { git, gitInit, runCli, tempTree } from './helpers.js';

const LABELS = "export const labels = () => fetch('/2023-01/labels', { method: 'POST' });\n";
const HOOKS = "export const hooks = () => fetch('/2023-01/webhooks', { method: 'POST' });\n";
const FIXED_LABELS = "export const labels = () => fetch('/2024-09/batches/labels', { method: 'POST' });\n";
const HANDOVER = "export const handover = () => fetch('/pickup/v1/direct_handover', { method: 'POST' });\n";
const STEPS = 'Steps no code change covers:';

describe('the dirty-tree guard of --fix', () => {
  it('ignores changes --fix would not write over, names those it would, and lets a second --fix run', () => {
    const dir = tempTree({ 'src/a.ts': LABELS, 'src/b.ts': HOOKS.replace('hooks', 'hooksOk').replace('2023-01', '2024-09') });
    gitInit(dir);
    // an unrelated untracked note, and an uncommitted edit to a file with nothing to fix
    writeFileSync(path.join(dir, 'notes.md'), '# my notes\n');
    writeFileSync(path.join(dir, 'src', 'b.ts'), readFileSync(path.join(dir, 'src', 'b.ts'), 'utf8') + '// edited\n');
    const first = runCli(['--fix'], dir);
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(/^migrate-check --fix: 1 file changed, 1 finding fixed, 0 left for a person\.$/m);
    expect(readFileSync(path.join(dir, 'src', 'a.ts'), 'utf8')).toBe(FIXED_LABELS);
    expect(first.code).toBe(0);
    // right after: src/a.ts is uncommitted now, but there is nothing left to write
    const second = runCli(['--fix'], dir);
    expect(second.stderr).toBe('');
    expect(second.stdout).toMatch(/^migrate-check --fix: 0 files changed, 0 findings fixed, 0 left for a person\.$/m);
    expect(second.code).toBe(0);
  });

  it('refuses when a file it would write is modified or untracked, naming exactly those, and writes nothing', () => {
    const dir = tempTree({ 'src/a.ts': LABELS, 'src/b.ts': HOOKS, 'src/clean.ts': HANDOVER });
    gitInit(dir);
    writeFileSync(path.join(dir, 'src', 'b.ts'), HOOKS + '// edited\n');
    writeFileSync(path.join(dir, 'src', 'new.ts'), LABELS);
    writeFileSync(path.join(dir, 'notes.md'), 'unrelated\n');
    const r = runCli(['--fix'], dir);
    expect(r.stderr).toBe('migrate-check: --fix refuses to write over uncommitted changes (2 files: src/b.ts, src/new.ts) (commit or stash them first, or pass --allow-dirty)\n');
    expect(r.code).toBe(2);
    expect(readFileSync(path.join(dir, 'src', 'a.ts'), 'utf8')).toBe(LABELS);
    // a staged change counts as uncommitted too
    git(dir, 'add', 'src/b.ts', 'src/new.ts');
    expect(runCli(['--fix'], dir).stderr).toContain('(2 files: src/b.ts, src/new.ts)');
    // run from a subfolder: the files are named from there
    expect(runCli(['--fix', '.'], path.join(dir, 'src')).stderr).toContain('(2 files: b.ts, new.ts)');
    // --allow-dirty writes them all
    const allowed = runCli(['--fix', '--allow-dirty'], dir);
    expect(allowed.stdout).toMatch(/^migrate-check --fix: 3 files changed, 3 findings fixed, 1 left for a person\.$/m);
    expect(allowed.code).toBe(1);
  });
});

describe('the steps no code change covers', () => {
  it('are left out when the code calls no old version and nothing changed', () => {
    const dir = tempTree({ 'src/a.ts': FIXED_LABELS });
    const r = runCli(['--fix'], dir);
    expect(r.stdout).toBe('migrate-check --fix: 0 files changed, 0 findings fixed, 0 left for a person.\n');
    expect(r.code).toBe(0);
  });

  it('are shown when the fix changed something', () => {
    const r = runCli(['--fix'], tempTree({ 'src/a.ts': LABELS }));
    expect(r.stdout).toMatch(/^migrate-check --fix: 1 file changed/m);
    expect(r.stdout).toContain(STEPS);
    expect(r.stdout).toContain('Create a 2024-09 access token');
  });

  it('are shown when nothing changed but the code still calls an old version', () => {
    const r = runCli(['--fix'], tempTree({ 'src/h.ts': HANDOVER }));
    expect(r.stdout).toMatch(/^migrate-check --fix: 0 files changed, 0 findings fixed, 1 left for a person\.$/m);
    expect(r.stdout).toContain(STEPS);
    expect(r.code).toBe(1);
  });
});
