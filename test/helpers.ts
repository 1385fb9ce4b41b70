// Shared test helpers: temp copies of fixture trees, the built CLI, and in-process runs.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = path.join(ROOT, 'bin', 'migrate-check.js');

export function tempCopy(src: string, prefix = 'mc-test-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cpSync(src, dir, { recursive: true });
  return dir;
}

export function tempDir(prefix = 'mc-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A temp folder holding these files (relative path -> text), folders made as needed. */
export function tempTree(files: Record<string, string>, prefix = 'mc-test-'): string {
  const dir = tempDir(prefix);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

export function runCli(args: string[], cwd: string, env: Record<string, string | undefined> = {}): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: 'true', ...env }, maxBuffer: 64 << 20 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  return r.stdout;
}

export function gitInit(cwd: string): void {
  git(cwd, 'init', '-q');
  git(cwd, 'add', '-A');
  git(cwd, '-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'init');
}

/** Every file under a folder, relative, sorted (no .git). */
export function walk(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === '.git') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p, base));
    else out.push(path.relative(base, p).split(path.sep).join('/'));
  }
  return out.sort();
}

export function snapshot(dir: string): Record<string, string> {
  const m: Record<string, string> = {};
  for (const f of walk(dir)) m[f] = readFileSync(path.join(dir, f), 'utf8');
  return m;
}

export function writeJson(file: string, value: unknown): void {
  writeFileSync(file, JSON.stringify(value, null, 2));
}

export const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/** The first fenced block of a language after a heading or phrase of a Markdown text (the docs' commands, run as written). */
export function blockAfter(md: string, marker: string, lang: string): string {
  const at = md.indexOf(marker);
  if (at < 0) throw new Error(`no "${marker}" in the text`);
  const open = md.indexOf('```' + lang + '\n', at);
  if (open < 0) throw new Error(`no ${lang} block after "${marker}"`);
  const start = open + lang.length + 4;
  return md.slice(start, md.indexOf('\n```', start) + 1);
}

/**
 * The seed of a property test's runs: the same every time unless PROPERTY_SEED says otherwise (a
 * number replays that seed; `random` draws a new one, which fast-check prints when a run fails), so
 * that `npm test` checks the same cases on every machine and a failure can be replayed at once.
 */
export function propertySeed(fixed: number): number | undefined {
  const setting = process.env.PROPERTY_SEED;
  if (setting === 'random') return undefined;
  return setting ? Number(setting) : fixed;
}
