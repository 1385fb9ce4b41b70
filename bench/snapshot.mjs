#!/usr/bin/env node
// Proof that a refactor changed no behaviour: a snapshot of what a build of migrate-check prints
// (the JSON report, the SARIF report and the `--fix --dry-run` diff, each with its exit code and
// stderr) for every fixture project and for the bench's generated trees, in each thread mode; and a
// byte-for-byte comparison of two snapshots. Take one snapshot of the build before the change and
// one after (this same script can run any checkout's build), then compare them.
//
//   node bench/snapshot.mjs --cli PATH/TO/bin/migrate-check.js --out DIR [--trees 10000,20000]
//                           [--only projects|trees] [--seed 1] [--work DIR]
//   node bench/snapshot.mjs --compare DIR_A DIR_B
//
// Targets: `project-<name>` for each fixtures/projects/<name>/before (of this script's checkout),
// copied with its expect.json `config` written as migrate-check.config.json, then committed to a
// fresh git repository (--fix refuses a dirty tree); `tree-<N>` for the tree of N files that
// bench/generate.mjs makes (seed 1 by default). Modes: `one-thread` (MIGRATE_CHECK_WORKERS=0
// MIGRATE_CHECK_READ_AHEAD=0), `reader-thread` (MIGRATE_CHECK_WORKERS=0 MIGRATE_CHECK_READ_AHEAD=1),
// `workers` (MIGRATE_CHECK_WORKERS=2; the reader thread left to its default). Every other
// MIGRATE_CHECK_* variable is removed from the CLI's environment, and NO_COLOR=1 is set.
//
// Writes DIR/<target>/<mode>/<kind>.out (stdout), .code (exit status) and .stderr, for the kinds
// `json`, `sarif` and `fix-dry-run`; prints `sha256  path` for each file (also kept in
// DIR/SHA256SUMS, for `sha256sum -c`) and a summary; DIR/meta.json says what was run (neither is
// compared). A target's folder is cleared before it is written; other targets in DIR are kept.
//
// The reports hold absolute paths, so every input sits at a fixed place, the same for every
// checkout: under --work (default <os.tmpdir()>/migrate-check-snapshot), `project/` (removed and
// made again for each project) and `tree-<N>/` (generated once, reused while the generator, seed and
// size are unchanged). Two snapshots compare equal only if taken with the same --work; one
// snapshot runs at a time there (a lock file says so).

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTree } from './generate.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..');
const PROJECTS = path.join(REPO, 'fixtures', 'projects');

const MODES = {
  'one-thread': { MIGRATE_CHECK_WORKERS: '0', MIGRATE_CHECK_READ_AHEAD: '0' },
  'reader-thread': { MIGRATE_CHECK_WORKERS: '0', MIGRATE_CHECK_READ_AHEAD: '1' },
  workers: { MIGRATE_CHECK_WORKERS: '2' },
};
const KINDS = {
  json: ['--reporter', 'json', '--no-progress', '.'],
  sarif: ['--reporter', 'sarif', '--no-progress', '.'],
  'fix-dry-run': ['--fix', '--dry-run', '--no-progress', '.'],
};
/** Files in a snapshot folder that describe it and are not compared. */
const NOT_COMPARED = new Set(['meta.json', 'SHA256SUMS']);

// ---------------------------------------------------------------- options

const argv = process.argv.slice(2);
function fail(msg) {
  process.stderr.write(`snapshot: ${msg}\n`);
  process.exit(2);
}
const note = (s) => process.stderr.write(`snapshot: ${s}\n`);
function opt(name, dflt) {
  const i = argv.indexOf(name);
  if (i < 0) return dflt;
  const v = argv[i + 1];
  if (v === undefined || v.startsWith('--')) fail(`${name} needs a value`);
  return v;
}
const KNOWN = new Set(['--cli', '--out', '--trees', '--only', '--seed', '--work', '--compare', '--help', '-h']);
for (const a of argv) if (a.startsWith('-') && !KNOWN.has(a)) fail(`unknown option ${a} (see --help)`);

if (argv.includes('--help') || argv.includes('-h')) {
  const lines = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n');
  process.stdout.write(lines.slice(1, lines.findIndex((l, i) => i > 0 && !l.startsWith('//'))).map((l) => l.replace(/^\/\/ ?/, '')).join('\n') + '\n');
  process.exit(0);
}

// ---------------------------------------------------------------- files and hashes

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The compared files under a snapshot folder, relative with '/', sorted. */
function snapshotFiles(dir, base = dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...snapshotFiles(p, base));
    else if (dir !== base || !NOT_COMPARED.has(e.name)) out.push(path.relative(base, p).split(path.sep).join('/'));
  }
  return out.sort();
}

// ---------------------------------------------------------------- --compare

function firstDifference(a, b) {
  const la = readFileSync(a, 'utf8').split('\n');
  const lb = readFileSync(b, 'utf8').split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++) if (la[i] !== lb[i]) return i + 1;
  return 0;
}

function compare(a, b) {
  for (const d of [a, b]) if (!existsSync(d) || !statSync(d).isDirectory()) fail(`not a folder: ${d}`);
  const fa = snapshotFiles(a);
  const fb = snapshotFiles(b);
  if (!fa.length || !fb.length) fail(`no snapshot files in ${!fa.length ? a : b}`);
  const inA = new Set(fa);
  const inB = new Set(fb);
  const lines = [];
  for (const f of [...new Set([...fa, ...fb])].sort()) {
    if (!inB.has(f)) lines.push(`only in ${a}: ${f}`);
    else if (!inA.has(f)) lines.push(`only in ${b}: ${f}`);
    else if (sha256(path.join(a, f)) !== sha256(path.join(b, f))) lines.push(`differs: ${f} (first at line ${firstDifference(path.join(a, f), path.join(b, f))})`);
  }
  const meta = (d) => (existsSync(path.join(d, 'meta.json')) ? JSON.parse(readFileSync(path.join(d, 'meta.json'), 'utf8')) : {});
  const [ma, mb] = [meta(a), meta(b)];
  if (ma.work && mb.work && ma.work !== mb.work) note(`the snapshots were taken with different --work folders (${ma.work}, ${mb.work}): their absolute paths differ`);
  if (lines.length) {
    process.stdout.write(lines.join('\n') + `\n${lines.length} of ${new Set([...fa, ...fb]).size} files differ\n`);
    process.exit(1);
  }
  process.stdout.write(`identical: ${fa.length} files\n`);
  process.exit(0);
}

if (argv.includes('--compare')) {
  const i = argv.indexOf('--compare');
  const [a, b] = argv.slice(i + 1, i + 3);
  if (!a || !b || a.startsWith('--') || b.startsWith('--')) fail('--compare takes two snapshot folders');
  compare(path.resolve(a), path.resolve(b));
}

// ---------------------------------------------------------------- taking a snapshot

const cliOpt = opt('--cli', undefined);
const outOpt = opt('--out', undefined);
if (!cliOpt || !outOpt) fail('usage: node bench/snapshot.mjs --cli PATH/TO/bin/migrate-check.js --out DIR [--trees 10000,20000] [--only projects|trees] (or --compare DIR_A DIR_B; --help)');
const CLI = path.resolve(cliOpt);
if (!existsSync(CLI)) fail(`no such file: ${CLI}`);
const OUT = path.resolve(outOpt);
const ONLY = opt('--only', undefined);
if (ONLY !== undefined && ONLY !== 'projects' && ONLY !== 'trees') fail('--only takes projects or trees');
const TREES = opt('--trees', '10000,20000')
  .split(',')
  .filter((s) => s.trim())
  .map((s) => {
    const n = Number(s.trim());
    if (!Number.isInteger(n) || n <= 0) fail(`--trees takes positive whole numbers, comma-separated: ${s}`);
    return n;
  });
const SEED = Number(opt('--seed', '1'));
if (!Number.isInteger(SEED) || SEED <= 0) fail('--seed takes a positive whole number');
const WORK = path.resolve(opt('--work', path.join(os.tmpdir(), 'migrate-check-snapshot')));
if (OUT === WORK || OUT.startsWith(WORK + path.sep) || WORK.startsWith(OUT + path.sep)) fail('--out and --work must not hold one another');

/** The CLI's environment: ours without any MIGRATE_CHECK_* setting or colour, plus the mode's. */
function cliEnv(mode) {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('MIGRATE_CHECK_')) delete env[k];
  for (const k of ['FORCE_COLOR', 'DEBUG', 'GITHUB_STEP_SUMMARY']) delete env[k];
  return { ...env, NO_COLOR: '1', ...MODES[mode] };
}

/** git with a fixed identity and dates, and no user settings that could sign or hook. */
function git(cwd, ...args) {
  const r = spawnSync('git', ['-c', 'user.email=snapshot@example.test', '-c', 'user.name=snapshot', '-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_DATE: '2024-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2024-01-01T00:00:00Z' },
  });
  if (r.status !== 0) fail(`git ${args.join(' ')} failed in ${cwd}: ${(r.stderr || '').trim()}`);
  return r.stdout;
}

/** A fixture project at WORK/project: its before/, its config, committed. */
function prepareProject(name) {
  const dir = path.join(WORK, 'project');
  rmSync(dir, { recursive: true, force: true });
  cpSync(path.join(PROJECTS, name, 'before'), dir, { recursive: true });
  const expectFile = path.join(PROJECTS, name, 'expect.json');
  const config = existsSync(expectFile) ? JSON.parse(readFileSync(expectFile, 'utf8')).config : undefined;
  if (config) writeFileSync(path.join(dir, 'migrate-check.config.json'), JSON.stringify(config, null, 2));
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'snapshot');
  return dir;
}

/** One CLI run: stdout, stderr and exit status into DIR/<target>/<mode>/<kind>.* */
function runOne(cwd, target, mode, kind) {
  const dir = path.join(OUT, target, mode);
  mkdirSync(dir, { recursive: true });
  const base = path.join(dir, kind);
  const outFd = openSync(`${base}.out`, 'w');
  const errFd = openSync(`${base}.stderr`, 'w');
  const r = spawnSync(process.execPath, [CLI, ...KINDS[kind]], { cwd, env: cliEnv(mode), stdio: ['ignore', outFd, errFd] });
  closeSync(outFd);
  closeSync(errFd);
  if (r.error) fail(`could not run ${CLI}: ${r.error.message}`);
  const code = r.status ?? `signal ${r.signal}`;
  writeFileSync(`${base}.code`, `${code}\n`);
  return code;
}

const written = [];
const problems = [];

function snapshotTarget(target, cwd) {
  rmSync(path.join(OUT, target), { recursive: true, force: true });
  const t0 = performance.now();
  const codes = [];
  for (const mode of Object.keys(MODES)) {
    for (const kind of Object.keys(KINDS)) {
      const code = runOne(cwd, target, mode, kind);
      codes.push(code);
      if (code !== 0 && code !== 1) problems.push(`${target}/${mode}/${kind}: exit ${code} (see its .stderr)`);
      if (kind === 'fix-dry-run' && git(cwd, 'status', '--porcelain').trim()) problems.push(`${target}/${mode}/${kind}: the tree changed under --fix --dry-run`);
      for (const ext of ['out', 'code', 'stderr']) {
        const rel = `${target}/${mode}/${kind}.${ext}`;
        const line = `${sha256(path.join(OUT, rel))}  ${rel}`;
        written.push(line);
        process.stdout.write(line + '\n');
      }
    }
  }
  note(`${target}: ${codes.length} runs in ${((performance.now() - t0) / 1000).toFixed(1)} s (exit codes ${[...new Set(codes)].join(', ')})`);
}

// one snapshot at a time under WORK: its fixed paths are shared
mkdirSync(WORK, { recursive: true });
const LOCK = path.join(WORK, 'lock');
if (existsSync(LOCK)) {
  const pid = Number(readFileSync(LOCK, 'utf8'));
  let alive = false;
  try {
    process.kill(pid, 0);
    alive = true;
  } catch {
    /* stale */
  }
  if (alive) fail(`another snapshot is running under ${WORK} (pid ${pid})`);
}
writeFileSync(LOCK, String(process.pid));
process.on('exit', () => rmSync(LOCK, { force: true }));

const started = performance.now();
mkdirSync(OUT, { recursive: true });
const projects = ONLY === 'trees' ? [] : readdirSync(PROJECTS).filter((d) => existsSync(path.join(PROJECTS, d, 'before'))).sort();
for (const name of projects) snapshotTarget(`project-${name}`, prepareProject(name));
rmSync(path.join(WORK, 'project'), { recursive: true, force: true });
for (const files of ONLY === 'projects' ? [] : TREES) {
  const tree = path.join(WORK, `tree-${files}`);
  generateTree({ files, out: tree, seed: SEED, log: note });
  snapshotTarget(`tree-${files}`, tree);
}

// the sums over every target in OUT (this run's and any kept from before)
const all = snapshotFiles(OUT);
writeFileSync(path.join(OUT, 'SHA256SUMS'), all.map((f) => `${sha256(path.join(OUT, f))}  ${f}\n`).join(''));
const wall = (performance.now() - started) / 1000;
const head = spawnSync('git', ['-C', path.dirname(CLI), 'rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout.trim() || null;
const dirty = head ? spawnSync('git', ['-C', path.dirname(CLI), 'status', '--porcelain'], { encoding: 'utf8' }).stdout.trim() !== '' : null;
writeFileSync(
  path.join(OUT, 'meta.json'),
  JSON.stringify({ cli: CLI, cliCommit: head, cliCheckoutDirty: dirty, node: process.version, cores: os.availableParallelism(), work: WORK, seed: SEED, projects, trees: ONLY === 'projects' ? [] : TREES, modes: MODES, kinds: KINDS, files: written.length, wallSeconds: Math.round(wall) }, null, 2) + '\n',
);
process.stdout.write(`${written.length} files written (${written.length / 27} targets x 3 modes x 3 outputs x out/code/stderr) in ${wall.toFixed(1)} s; ${all.length} files in ${OUT} (sums in SHA256SUMS)\n`);
if (problems.length) {
  process.stdout.write(`problems:\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
  process.exit(1);
}
