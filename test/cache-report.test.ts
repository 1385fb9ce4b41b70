// `--cache` keeps the command's report beside the results it shows, and a run where nothing changed
// writes that report out again, as the run that rendered it wrote it, instead of making results and
// rendering them. Every report here is compared with a cold run's, byte for byte, with its exit code
// and its stderr; the trace says which runs rendered and which wrote the kept report out.
import { spawnSync } from 'node:child_process';
import { chmodSync, lchownSync, lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, runCli, tempCopy, tempTree } from './helpers.js';

const PROJECT = path.join(ROOT, 'fixtures', 'projects', 'legacy-client', 'before');
const TRACE = { MIGRATE_CHECK_TRACE: '1' };
const KEPT = 'report written out as the cache kept it';
const RENDERED = 'report rendered, and kept in the cache';

/** A run's trace: whether it wrote out the kept report, rendered one and kept it, or neither (the command rendered it, keeping none). */
function how(stderr: string): 'kept' | 'rendered' | 'neither' {
  if (stderr.includes(KEPT)) return 'kept';
  return stderr.includes(RENDERED) ? 'rendered' : 'neither';
}

/** stderr without the trace's lines. */
const untraced = (stderr: string) => stderr.replace(/^migrate-check trace: .*\n/gm, '');

/** The cache file's meta (its first line). */
const metaOf = (dir: string, file = '.migrate-check-cache') => JSON.parse(readFileSync(path.join(dir, file), 'utf8').split('\n')[0]);

describe('--cache keeps the report', () => {
  for (const reporter of ['json', 'sarif', 'compact', 'stylish']) {
    it(`writes out the ${reporter} report it kept when nothing changed, as a cold run writes it`, () => {
      const dir = tempCopy(PROJECT);
      const args = ['-r', reporter, '--no-progress', '.'];
      const cold = runCli(args, dir);
      expect(cold.code).toBe(1);
      const first = runCli(['--cache', ...args], dir, TRACE);
      expect(how(first.stderr)).toBe('rendered');
      const second = runCli(['--cache', ...args], dir, TRACE);
      expect(how(second.stderr)).toBe('kept');
      for (const run of [first, second]) {
        expect(run.stdout).toBe(cold.stdout);
        expect(run.code).toBe(cold.code);
        expect(untraced(run.stderr)).toBe(cold.stderr);
      }
      expect(second.stderr).not.toMatch(/compiler loaded|files parsed/);
    });
  }

  it('renders again after an edit, for another reporter, colour or --quiet, and keeps the last one rendered', () => {
    const dir = tempCopy(PROJECT);
    const json = ['-r', 'json', '--no-progress', '.'];
    runCli(['--cache', ...json], dir);
    const runs: [string[], 'kept' | 'rendered'][] = [
      [json, 'kept'],
      [['-r', 'compact', '--no-progress', '.'], 'rendered'],
      [['-r', 'compact', '--no-progress', '.'], 'kept'],
      [['-r', 'compact', '--quiet', '--no-progress', '.'], 'rendered'],
      [['-r', 'compact', '--color', '--no-progress', '.'], 'rendered'],
      [['-r', 'compact', '--color', '--no-progress', '.'], 'kept'],
      [json, 'rendered'],
    ];
    for (const [args, expected] of runs) {
      const run = runCli(['--cache', ...args], dir, TRACE);
      expect(how(run.stderr), args.join(' ')).toBe(expected);
      const cold = runCli(args, dir);
      expect(run.stdout).toBe(cold.stdout);
      expect(run.code).toBe(cold.code);
    }
    const labels = path.join(dir, 'src', 'labels.ts');
    writeFileSync(labels, readFileSync(labels, 'utf8').replace("'/2023-01/labels'", "'/2024-09/batches/labels'"));
    const edited = runCli(['--cache', ...json], dir, TRACE);
    expect(how(edited.stderr)).toBe('rendered');
    expect(edited.stdout).toBe(runCli(json, dir).stdout);
    expect(how(runCli(['--cache', ...json], dir, TRACE).stderr)).toBe('kept');
  });

  it('gives the exit code and the --max-warnings message from the counts it kept', () => {
    // two warnings (2024-09 pickup times that are expressions), no error
    const dir = tempTree({
      'src/pickups.ts':
        "import axios from 'axios';\nconst hhmm = (iso: string) => iso.slice(11, 16);\nexport const book = (id: string, w: { start: string; end: string }, ids: string[]) =>\n  axios.post('https://api.example.com/2024-09/pickups', { courier_service_id: id, selected_date: w.start.slice(0, 10), selected_from_time: hhmm(w.start), selected_to_time: hhmm(w.end), service_shipment_ids: ids });\n",
    });
    for (const limit of ['1', '2']) {
      const args = ['-r', 'compact', '--max-warnings', limit, '--no-progress', '.'];
      const cold = runCli(args, dir);
      expect(cold.code).toBe(limit === '1' ? 1 : 0);
      runCli(['--cache', ...args], dir);
      const kept = runCli(['--cache', ...args], dir, TRACE);
      expect(how(kept.stderr)).toBe('kept');
      expect(kept.stdout).toBe(cold.stdout);
      expect(kept.code).toBe(cold.code);
      expect(untraced(kept.stderr)).toBe(cold.stderr);
    }
    expect(runCli(['-r', 'compact', '--max-warnings', '1', '.'], dir).stderr).toMatch(/2 warnings, more than --max-warnings 1/);
  });

  it('writes the kept report into the -o file', () => {
    const dir = tempCopy(PROJECT);
    const args = ['-r', 'sarif', '-o', 'out/report.sarif', '--no-progress', '.'];
    runCli(args, dir);
    const cold = readFileSync(path.join(dir, 'out', 'report.sarif'), 'utf8');
    runCli(['--cache', ...args], dir);
    writeFileSync(path.join(dir, 'out', 'report.sarif'), '');
    const kept = runCli(['--cache', ...args], dir, TRACE);
    expect(how(kept.stderr)).toBe('kept');
    expect(kept.stdout).toBe('');
    expect(readFileSync(path.join(dir, 'out', 'report.sarif'), 'utf8')).toBe(cold);
  });

  it('does not write out a kept report that is spoiled: renders it again, and keeps that', () => {
    const dir = tempCopy(PROJECT);
    const args = ['-r', 'json', '--no-progress', '.'];
    const cold = runCli(args, dir);
    runCli(['--cache', ...args], dir);
    const file = path.join(dir, '.migrate-check-cache');
    const text = readFileSync(file, 'utf8');
    // a byte of the report changed, its length kept: only its checksum can tell
    const at = text.lastIndexOf('"line":') + 7;
    const spoiled = text.slice(0, at) + (text[at] === '9' ? '8' : '9') + text.slice(at + 1);
    expect(spoiled).not.toBe(text);
    writeFileSync(file, spoiled);
    const run = runCli(['--cache', ...args], dir, TRACE);
    expect(how(run.stderr)).toBe('rendered');
    expect(run.stdout).toBe(cold.stdout);
    expect(how(runCli(['--cache', ...args], dir, TRACE).stderr)).toBe('kept');
  });

  it('writes out no kept report when a folder cannot be read: the command reports that folder', () => {
    // a folder of mode 000 (the command runs as an unprivileged user when the tests run as root);
    // it held no source file, so the files found, and their keys, stay the same
    const asRoot = process.getuid?.() === 0;
    const dir = tempTree({ 'src/hooks.ts': "export const w = () => fetch('/2023-01/webhooks', { method: 'POST' });\n", 'src/locked/notes.md': 'notes\n' });
    const give = (p: string) => {
      if (!asRoot) return;
      lchownSync(p, 65534, 65534);
      if (lstatSync(p).isDirectory()) for (const e of readdirSync(p)) give(path.join(p, e));
    };
    give(dir);
    const run = (args: string[]) => {
      const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: 'true', ...TRACE }, ...(asRoot ? { uid: 65534, gid: 65534 } : {}) });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    const args = ['-r', 'json', '--no-progress', '.'];
    run(['--cache', ...args]);
    expect(how(run(['--cache', ...args]).stderr)).toBe('kept');
    chmodSync(path.join(dir, 'src', 'locked'), 0o000);
    try {
      const cold = run(args);
      expect(cold.stdout).toMatch(/cannot read the folder \(EACCES\)/);
      const cached = run(['--cache', ...args]);
      expect(cached.stderr).toMatch(/0 files changed/);
      expect(how(cached.stderr)).toBe('neither');
      expect(cached.stdout).toBe(cold.stdout);
      expect(cached.code).toBe(cold.code);
    } finally {
      chmodSync(path.join(dir, 'src', 'locked'), 0o755);
    }
  });

  it('keeps none for html, github, a baseline or --fix', () => {
    const dir = tempCopy(PROJECT);
    for (const args of [['-r', 'html'], ['-r', 'github'], ['--baseline', 'none.json'], ['--fix', '--dry-run']]) {
      const run = runCli(['--cache', ...args, '--no-progress', '.'], dir, TRACE);
      expect(how(run.stderr), args.join(' ')).not.toBe('kept');
      expect(metaOf(dir).report, args.join(' ')).toBeUndefined();
    }
  });
});
