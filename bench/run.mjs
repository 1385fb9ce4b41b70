#!/usr/bin/env node
// `npm run bench`: how fast migrate-check scans and fixes a large client monorepo, beside ast-grep
// and ESLint doing comparable detection on the same tree. Prints figures; asserts nothing (the
// targets are printed beside them for reading, never turned into an exit status).
//
//   npm run bench                                  10,000 files, then 20,000; 9 repetitions each
//   npm run bench -- --files 2000 --reps 3         a quick run (2,000, then 4,000 files)
//
// Options:
//   --files N            size of the first tree (default 10000)
//   --growth-files M     size of the second tree, for the growth figure (default 2 x --files);
//   --no-growth          skip the second tree
//   --reps N             timed repetitions of each command (default 9), alternating between tools
//   --growth-reps N      repetitions on the second tree (default: --reps)
//   --eslint-reps N      ESLint is timed in the first N repetitions only (default 2): it is 40-60
//                        times slower than the others, and its ratio needs no more
//   --tools LIST         comma-separated subset of scan,scan-1t,scan-workers,fix,floor,cached,cached-10,
//                        ast-grep,eslint (default all); scan is the default run (on 2+ cores a reader
//                        thread reads and text-tests the files while the main thread parses); scan-1t is
//                        all one thread; cached is `--cache` with nothing changed since the last run;
//                        cached-10 is `--cache` after 10 files were edited (on a copy of the tree: 5 of
//                        them modules other files import, a line added to each before every run);
//                        scan-workers has its analysis forced onto two worker threads; floor is what
//                        no scan can go under: Node, the compiler's load and the parse of the files
//                        the scan parses, nothing else (bench/floor.mjs)
//   --no-lsp             skip the language server's latency on the first tree
//   --no-runtime         skip the run-time hook's overhead per request (bench/runtime-overhead.mjs)
//   --seed S             generator seed (default 1)
//   --json FILE          also write every figure there (default .bench/results.json)
//
// Build the CLI first (`npm run build`): the bench runs bin/migrate-check.js, i.e. dist/ (from its
// bundle, dist/cli.bundle.cjs, when that is as new as the modules: src/core/bundle-loader.ts).
// The comparison tools live in bench/tools (their own package and lock file, since the main
// package's TypeScript 7 is outside @typescript-eslint/parser's peer range); they are installed
// on first use with `npm ci --prefix bench/tools`. Trees are generated into .bench/ (gitignored)
// and reused while the generator, seed and size are unchanged.

import { execFileSync, spawn } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateTree, git } from './generate.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..');
const TOOLS = path.join(HERE, 'tools');
const WORK = path.join(REPO, '.bench');
const CLI = path.join(REPO, 'bin', 'migrate-check.js');

// ---------------------------------------------------------------- options

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  if (i < 0) return dflt;
  const v = argv[i + 1];
  if (v === undefined || v.startsWith('--')) fail(`${name} needs a value`);
  return v;
};
const num = (name, dflt) => {
  const v = opt(name, undefined);
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) fail(`${name} takes a positive whole number`);
  return n;
};
function fail(msg) {
  process.stderr.write(`bench: ${msg}\n`);
  process.exit(2);
}
if (argv.includes('--help') || argv.includes('-h')) {
  // the comment at the top, down to the notes on building
  const lines = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n');
  const head = lines.slice(1, lines.findIndex((l) => l.startsWith('// Build the CLI first')) - 1);
  process.stdout.write(head.map((l) => l.replace(/^\/\/ ?/, '')).join('\n') + '\n');
  process.exit(0);
}
const FILES = num('--files', 10000);
const GROWTH = argv.includes('--no-growth') ? 0 : num('--growth-files', FILES * 2);
const REPS = num('--reps', 9);
const GROWTH_REPS = num('--growth-reps', REPS);
const ESLINT_REPS = num('--eslint-reps', 2);
const SEED = num('--seed', 1);
const TOOLS_ALL = ['scan', 'scan-1t', 'scan-workers', 'fix', 'floor', 'cached', 'cached-10', 'ast-grep', 'eslint'];
const TOOL_LIST = opt('--tools', TOOLS_ALL.join(',')).split(',').map((s) => s.trim());
for (const t of TOOL_LIST) if (!TOOLS_ALL.includes(t)) fail(`unknown tool in --tools: ${t}`);
const JSON_OUT = path.resolve(opt('--json', path.join(WORK, 'results.json')));

const log = (s = '') => process.stdout.write(s + '\n');
const note = (s) => process.stderr.write(`bench: ${s}\n`);

// ---------------------------------------------------------------- preconditions

if (!existsSync(path.join(REPO, 'dist', 'src', 'cli.js'))) fail('the CLI is not built: run `npm run build` first');
{
  const built = statSync(path.join(REPO, 'dist', 'src', 'cli.js')).mtimeMs;
  const newer = execFileSync('find', [path.join(REPO, 'src'), '-name', '*.ts', '-newermt', new Date(built).toISOString()], { encoding: 'utf8' }).trim();
  if (newer) note(`src/ has changes newer than dist/ (e.g. ${path.relative(REPO, newer.split('\n')[0])}); the bench measures dist/ as built`);
  // a bundle older than the modules is not used (the command then loads each module): measured as such, and said
  const { BUNDLE_FILE, staleModule } = await import(pathToFileURL(path.join(REPO, 'dist', 'src', 'core', 'bundle-loader.js')).href);
  const bundle = path.join(REPO, 'dist', BUNDLE_FILE);
  if (!existsSync(bundle)) note('dist/ has no bundle of the modules (tsc alone was run): the command loads each module; `npm run build` makes it');
  else {
    const table = (await import('node:vm')).runInThisContext(readFileSync(bundle, 'latin1'));
    const stale = staleModule(path.join(REPO, 'dist'), table, statSync(bundle).mtimeMs);
    if (stale) note(`the bundle of the modules is not used (${stale}): the command loads each module; \`npm run build\` makes it anew`);
  }
}

function ensureTools() {
  if (existsSync(path.join(TOOLS, 'node_modules', 'eslint')) && existsSync(path.join(TOOLS, 'node_modules', '@ast-grep', 'cli'))) return;
  note('installing the comparison tools: npm ci --prefix bench/tools');
  execFileSync('npm', ['ci', '--prefix', TOOLS, '--no-audit', '--no-fund'], { stdio: ['ignore', 'inherit', 'inherit'] });
}

/**
 * The ast-grep binary. @ast-grep/cli's own `ast-grep` is a node shim that a postinstall script
 * replaces with the native binary; npm here runs no install scripts, so the shim would stay and add
 * a node start-up to every run. The native binary ships in the platform package (an optional
 * dependency), and is used directly.
 */
function astGrepBinary() {
  const req = createRequire(path.join(TOOLS, 'package.json'));
  try {
    const { resolveBinaryPath } = req('@ast-grep/cli/postinstall.js');
    const p = resolveBinaryPath();
    if (p && existsSync(p)) return p;
  } catch {
    /* fall through */
  }
  const arch = process.arch;
  for (const pkg of [`@ast-grep/cli-${process.platform}-${arch}-gnu`, `@ast-grep/cli-${process.platform}-${arch}`, `@ast-grep/cli-${process.platform}-${arch}-msvc`]) {
    try {
      const dir = path.dirname(req.resolve(`${pkg}/package.json`));
      const bin = path.join(dir, process.platform === 'win32' ? 'ast-grep.exe' : 'ast-grep');
      if (existsSync(bin)) return bin;
    } catch {
      /* next */
    }
  }
  return path.join(TOOLS, 'node_modules', '.bin', 'ast-grep');
}

// ---------------------------------------------------------------- running and measuring

const GNU_TIME = (() => {
  if (!existsSync('/usr/bin/time')) return null;
  try {
    execFileSync('/usr/bin/time', ['-v', '-o', '/dev/null', 'true'], { stdio: 'ignore' });
    return '/usr/bin/time';
  } catch {
    return null;
  }
})();

let runCounter = 0;

/**
 * Run a command, stdout and stderr to files; returns wall time (ms), peak RSS (bytes), CPU seconds,
 * exit code and the output file names. Peak memory from `/usr/bin/time -v` when present; else
 * from a preload hook in node children (process.resourceUsage().maxRSS) and from /proc/<pid>/status
 * (VmHWM, sampled) for a native child.
 */
function run(cmd, args, { cwd, node = false, env: extraEnv = {} }) {
  const id = ++runCounter;
  const dir = path.join(WORK, 'runs');
  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, `${id}.out`);
  const err = path.join(dir, `${id}.err`);
  const timeFile = path.join(dir, `${id}.time`);
  const outFd = openSync(out, 'w');
  const errFd = openSync(err, 'w');
  let file = cmd;
  let fullArgs = args;
  const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...extraEnv };
  delete env.DEBUG;
  if (GNU_TIME) {
    file = GNU_TIME;
    fullArgs = ['-v', '-o', timeFile, cmd, ...args];
  } else if (node) {
    fullArgs = ['--import', pathToFileURL(path.join(HERE, 'rss-hook.mjs')).href, ...args];
    env.BENCH_RSS_FILE = timeFile;
  }
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(file, fullArgs, { cwd, env, stdio: ['ignore', outFd, errFd] });
    let hwm = 0;
    let timer;
    if (!GNU_TIME && !node && process.platform === 'linux') {
      timer = setInterval(() => {
        try {
          const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
          if (m) hwm = Math.max(hwm, Number(m[1]) * 1024);
        } catch {
          /* gone */
        }
      }, 10);
    }
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const wall = performance.now() - t0;
      if (timer) clearInterval(timer);
      closeSync(outFd);
      closeSync(errFd);
      let rss = hwm || null;
      let cpu = null;
      try {
        const t = readFileSync(timeFile, 'utf8');
        if (GNU_TIME) {
          const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(t);
          if (m) rss = Number(m[1]) * 1024;
          const u = /User time \(seconds\): ([\d.]+)/.exec(t);
          const s = /System time \(seconds\): ([\d.]+)/.exec(t);
          if (u && s) cpu = Number(u[1]) + Number(s[1]);
          const ex = /Exit status: (\d+)/.exec(t);
          if (ex) code = Number(ex[1]);
        } else {
          const j = JSON.parse(t);
          rss = j.maxRSS;
          cpu = j.user + j.system;
        }
      } catch {
        /* missing figure */
      }
      resolve({ wall, rss, cpu, code, signal, out, err });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// ---------------------------------------------------------------- the tools

function commands(tree, astGrep, parsedList, edited) {
  const eslint = path.join(TOOLS, 'node_modules', 'eslint', 'bin', 'eslint.js');
  const cached = (dir, cache) => [CLI, '--cache', '--cache-location', cache, '--reporter', 'json', '--no-progress', dir];
  return {
    scan: { label: 'migrate-check scan', cmd: process.execPath, args: [CLI, '--reporter', 'json', '--no-progress', tree], cwd: tree, node: true, ok: [0, 1] },
    'scan-1t': { label: 'migrate-check scan, one thread', cmd: process.execPath, args: [CLI, '--reporter', 'json', '--no-progress', tree], cwd: tree, node: true, ok: [0, 1], env: { MIGRATE_CHECK_WORKERS: '0', MIGRATE_CHECK_READ_AHEAD: '0' } },
    'scan-workers': { label: 'migrate-check scan, 2 workers', cmd: process.execPath, args: [CLI, '--reporter', 'json', '--no-progress', tree], cwd: tree, node: true, ok: [0, 1], env: { MIGRATE_CHECK_WORKERS: '2' } },
    // (the unified diff a user reads: the count of files it touches is printed beside the summary)
    fix: { label: 'migrate-check --fix --dry-run', cmd: process.execPath, args: [CLI, '--fix', '--dry-run', '--no-progress', tree], cwd: tree, node: true, ok: [0, 1] },
    cached: { label: 'migrate-check --cache, no change', cmd: process.execPath, args: cached(tree, `${tree}.cache`), cwd: tree, node: true, ok: [0, 1] },
    'cached-10': { label: 'migrate-check --cache, 10 edited', cmd: process.execPath, args: cached(edited.tree, `${edited.tree}.cache`), cwd: edited.tree, node: true, ok: [0, 1], before: edited.edit },
    floor: { label: 'floor (compiler + parse only)', cmd: process.execPath, args: [path.join(HERE, 'floor.mjs'), parsedList], cwd: tree, node: true, ok: [0] },
    'ast-grep': { label: 'ast-grep scan', cmd: astGrep, args: ['scan', '--rule', path.join(TOOLS, 'ast-grep-rules.yml'), '--json=stream', '--color', 'never', tree], cwd: tree, node: false, ok: [0, 1] },
    eslint: { label: 'eslint (no-restricted-syntax)', cmd: process.execPath, args: [eslint, '--config', path.join(TOOLS, 'eslint.config.mjs'), '--format', 'json', '--no-inline-config', '--no-warn-ignored', '.'], cwd: tree, node: true, ok: [0, 1] },
  };
}

/** Files (relative to the tree) that each tool's output flags. */
function flagged(tool, res, tree) {
  const rel = (f) => path.relative(tree, path.resolve(tree, f)).split(path.sep).join('/');
  const text = readFileSync(res.out, 'utf8');
  const set = new Set();
  if (tool === 'scan' || tool === 'eslint') {
    for (const f of JSON.parse(text)) if (f.messages.length) set.add(rel(f.filePath));
  } else if (tool === 'ast-grep') {
    for (const line of text.split('\n')) if (line.trim()) set.add(rel(JSON.parse(line).file));
  }
  return set;
}

function checkRun(tool, spec, res) {
  if (res.signal || !spec.ok.includes(res.code)) {
    const err = readFileSync(res.err, 'utf8').trim().split('\n').slice(-8).join('\n');
    fail(`${spec.label} failed (exit ${res.code ?? res.signal}):\n${err}`);
  }
}

// ---------------------------------------------------------------- one tree

/**
 * The files a scan of the tree parses on their own text (the text test's candidates, from the
 * built modules the CLI runs), written one a line for bench/floor.mjs; returns how many. The
 * modules the analysis then draws in through imports are left out: the floor stays a floor.
 */
async function writeParsedList(tree, out) {
  const mod = (rel) => import(pathToFileURL(path.join(REPO, 'dist', 'src', rel)).href);
  const [{ loadConfig, hostsOf }, { discoverFiles }, { testTexts }, { MODULE_EXTENSIONS }] = await Promise.all([
    mod('config.js'),
    mod('pipeline/discover.js'),
    mod('pipeline/prefilter.js'),
    mod('analysis/units.js'),
  ]);
  const config = loadConfig({ cwd: tree });
  const { candidates } = testTexts(discoverFiles(['.'], tree, config.ignorePatterns), { maxFileSize: config.maxFileSize, hosts: hostsOf(config) });
  const modules = candidates.map((c) => c.file).filter((f) => MODULE_EXTENSIONS.includes(path.extname(f).toLowerCase()));
  writeFileSync(out, modules.join('\n') + '\n');
  return modules.length;
}

async function benchTree(files, reps) {
  mkdirSync(WORK, { recursive: true });
  const tree = path.join(WORK, `tree-${files}`);
  const manifest = generateTree({ files, out: tree, seed: SEED, log: note });
  const parsedList = path.join(WORK, `tree-${files}.parsed.txt`);
  const parsedFiles = await writeParsedList(tree, parsedList);
  const tools = TOOL_LIST;
  const edited = tools.includes('cached-10') ? editedCopy(tree) : {};
  const cmds = commands(tree, astGrepBinary(), parsedList, edited);
  rmSync(`${tree}.cache`, { force: true });

  // a first, untimed pass: warms the page cache and each tool, and gives the outputs compared below
  note(`${files} files: warm-up pass (${tools.join(', ')})`);
  const first = {};
  for (const t of tools) {
    const res = await run(cmds[t].cmd, cmds[t].args, cmds[t]);
    checkRun(t, cmds[t], res);
    first[t] = res;
  }
  const info = { files, legacy: manifest.entries.filter((e) => e.legacy).length, parsedFiles };
  // the cached run's report is the scan's, byte for byte (the same tree, the same paths)
  if (first.scan && first.cached) info.cachedSameReport = readFileSync(first.scan.out, 'utf8') === readFileSync(first.cached.out, 'utf8');
  if (first['cached-10']) info.edited = edited.pick();
  const sets = {};
  for (const t of ['scan', 'ast-grep', 'eslint']) if (first[t]) sets[t] = flagged(t, first[t], tree);
  if (first.scan) {
    const out = JSON.parse(readFileSync(first.scan.out, 'utf8'));
    info.reported = out.length;
    info.findings = out.reduce((n, f) => n + f.messages.length, 0);
    info.fatal = out.filter((f) => f.fatalErrorCount).length;
  }
  if (first.fix) {
    const diff = readFileSync(first.fix.out, 'utf8');
    info.fixDiffFiles = (diff.match(/^\+\+\+ /gm) ?? []).length;
    info.fixSummary = readFileSync(first.fix.err, 'utf8').trim().split('\n')[0];
    info.treeCleanAfterDryRun = git(tree, 'status', '--porcelain').trim() === '';
  }

  // timed repetitions, alternating: rep k runs the tools in an order rotated by k
  const times = Object.fromEntries(tools.map((t) => [t, []]));
  for (let k = 0; k < reps; k++) {
    const order = tools.map((_, j) => tools[(j + k) % tools.length]);
    for (const t of order) {
      if (t === 'eslint' && k >= ESLINT_REPS) continue;
      cmds[t].before?.(k);
      const res = await run(cmds[t].cmd, cmds[t].args, cmds[t]);
      checkRun(t, cmds[t], res);
      times[t].push(res);
      for (const f of [res.out, res.err]) rmSync(f, { force: true });
    }
    note(`${files} files: repetition ${k + 1}/${reps}: ` + tools.filter((t) => times[t][k]).map((t) => `${t} ${(times[t][k].wall / 1000).toFixed(2)} s`).join(', '));
  }
  const stats = {};
  for (const t of tools) {
    const walls = times[t].map((r) => r.wall);
    const rss = times[t].map((r) => r.rss).filter((x) => x != null);
    const cpu = times[t].map((r) => r.cpu).filter((x) => x != null);
    stats[t] = {
      label: cmds[t].label,
      median: median(walls),
      min: Math.min(...walls),
      max: Math.max(...walls),
      walls,
      cpu: cpu.length ? median(cpu) : null,
      peakRss: rss.length ? Math.max(...rss) : null,
      filesPerSecond: files / (median(walls) / 1000),
    };
  }
  return { tree, info, stats, sets, manifest };
}

/**
 * A copy of the tree for the cached-10 row (its own cache: the cached row's must see no change),
 * and the edit made before each of its runs: a line added to 10 files, 5 of them modules that other
 * files of the analysed graph import, 5 files the analysis never parses, picked from the cache its
 * warm-up run wrote.
 */
function editedCopy(tree) {
  const copy = `${tree}-edited`;
  rmSync(copy, { recursive: true, force: true });
  rmSync(`${copy}.cache`, { force: true });
  // without its history (a copy of .git races git's own housekeeping), but a repository of its own:
  // the .gitignore files above it (this checkout's ignores .bench/) must not apply
  cpSync(tree, copy, { recursive: true, filter: (src) => path.basename(src) !== '.git' });
  git(copy, 'init', '-q');
  let chosen;
  const pick = () => {
    if (chosen) return chosen.map((c) => path.relative(copy, c.file));
    // the cache file's third line holds every file's entry (src/cache/store.ts)
    const files = JSON.parse(readFileSync(`${copy}.cache`, 'utf8').split('\n')[2]).files;
    const imported = new Set();
    for (const [file, e] of Object.entries(files)) for (const l of e.links ?? []) if (l !== file && files[l]) imported.add(l);
    const outside = Object.keys(files).filter((f) => files[f].part === undefined && !files[f].unreadable);
    const spread = (list, n) => Array.from({ length: Math.min(n, list.length) }, (_, i) => list[Math.floor((i * list.length) / n)]);
    chosen = [...spread([...imported].sort(), 5), ...spread(outside.sort(), 10 - Math.min(5, imported.size))].map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    if (chosen.length < 10) fail(`cached-10: found ${chosen.length} files to edit in ${copy}.cache, not 10`);
    return chosen.map((c) => path.relative(copy, c.file));
  };
  const edit = (k) => {
    pick();
    for (const c of chosen) writeFileSync(c.file, `${c.text}// bench edit ${k}\n`);
  };
  return { tree: copy, edit, pick };
}

// ---------------------------------------------------------------- printing

const sec = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mib = (b) => (b == null ? 'n/a' : `${(b / 1024 / 1024).toFixed(0)} MiB`);
const ratio = (a, b) => (a && b ? `${(a / b).toFixed(2)}x` : 'n/a');
const int = (n) => n.toLocaleString('en-US');

function printTree(r, reps) {
  const { info, stats } = r;
  log('');
  const eslintReps = stats.eslint ? `; ESLint ${stats.eslint.walls.length}` : '';
  log(`== ${int(info.files)} files (${int(info.legacy)} old-API by construction), ${reps} repetitions${eslintReps}, median wall time ==`);
  if (info.findings !== undefined) log(`migrate-check: ${int(info.findings)} findings in ${int(r.sets.scan.size)} files; ${info.fatal} unreadable/unparsable`);
  if (info.fixSummary) log(`fix --dry-run: ${info.fixSummary.replace(/^migrate-check /, '')} (diff touches ${info.fixDiffFiles} files; tree unchanged afterwards: ${info.treeCleanAfterDryRun ? 'yes' : 'NO'})`);
  log('');
  log(`${'command'.padEnd(32)}${'median'.padStart(9)}${'min'.padStart(9)}${'max'.padStart(9)}${'cpu'.padStart(9)}${'files/s'.padStart(10)}${'peak RSS'.padStart(11)}`);
  for (const s of Object.values(stats)) {
    log(`${s.label.padEnd(32)}${sec(s.median).padStart(9)}${sec(s.min).padStart(9)}${sec(s.max).padStart(9)}${(s.cpu == null ? 'n/a' : `${s.cpu.toFixed(2)} s`).padStart(9)}${int(Math.round(s.filesPerSecond)).padStart(10)}${mib(s.peakRss).padStart(11)}`);
  }
  log('');
  log('ratios (median wall time)                         figure   target');
  const row = (label, value, target) => log(`  ${label.padEnd(48)}${value.padStart(7)}   ${target}`);
  // issue 25's targets (issue 6 had asked for a third of ast-grep, under the floor on these machines)
  if (stats.scan && stats['ast-grep']) row('migrate-check scan / ast-grep', ratio(stats.scan.median, stats['ast-grep'].median), '<= 0.5x');
  if (stats.floor && stats['ast-grep']) row(`floor / ast-grep (${int(info.parsedFiles)} files parsed)`, ratio(stats.floor.median, stats['ast-grep'].median), '(no scan goes under it)');
  if (stats.scan && stats.floor) row('migrate-check scan / floor', ratio(stats.scan.median, stats.floor.median), '<= 1.6x');
  if (stats.scan && stats.eslint) row('eslint / migrate-check scan (speed-up)', ratio(stats.eslint.median, stats.scan.median), '>= 30x');
  if (stats.scan && stats['scan-1t']) row('scan (default) / scan in one thread', ratio(stats.scan.median, stats['scan-1t'].median), '(< 1 where the reader thread pays)');
  if (stats.scan && stats['scan-workers']) row('scan with 2 workers / scan (default)', ratio(stats['scan-workers'].median, stats.scan.median), '(< 1 where workers pay)');
  if (stats.scan && stats.cached) row('--cache, nothing changed / scan', ratio(stats.cached.median, stats.scan.median), '<= 0.25x');
  if (stats['ast-grep'] && stats.cached) row('--cache, nothing changed / ast-grep', ratio(stats.cached.median, stats['ast-grep'].median), '<= 0.2x');
  if (stats.scan && stats['cached-10']) row('--cache, 10 files edited / scan', ratio(stats['cached-10'].median, stats.scan.median), '<= 0.6x');
  if (info.cachedSameReport !== undefined) log(`  --cache's report the same as the scan's, byte for byte: ${info.cachedSameReport ? 'yes' : 'NO'}`);
  if (info.edited) log(`  the 10 files edited before each cached-10 run: ${info.edited.join(', ')}`);
  if (stats.scan && stats.fix) row('migrate-check fix --dry-run / scan', ratio(stats.fix.median, stats.scan.median), '<= 1.5x');
  if (stats.scan) row('migrate-check scan peak RSS', mib(stats.scan.peakRss), '< 1024 MiB');
  if (stats.fix) row('migrate-check fix --dry-run peak RSS', mib(stats.fix.peakRss), '< 1024 MiB');
}

function printGrowth(a, b) {
  log('');
  log(`== growth: ${int(b.info.files)} files against ${int(a.info.files)} (median wall time, peak RSS) ==`);
  for (const t of Object.keys(a.stats)) {
    if (!b.stats[t]) continue;
    const target = t === 'scan' || t === 'fix' ? '   (target <= 2.2x)' : '';
    log(`  ${a.stats[t].label.padEnd(32)} time ${ratio(b.stats[t].median, a.stats[t].median).padStart(6)}   memory ${ratio(b.stats[t].peakRss, a.stats[t].peakRss).padStart(6)}${target}`);
  }
}

function printRecall(r) {
  const { sets, manifest } = r;
  const kind = new Map(manifest.entries.map((e) => [e.rel, e]));
  const describe = (f) => {
    const e = kind.get(f);
    return e ? `${e.kind}${e.legacy ? ', old-API' : ', look-alike or ordinary'}` : 'not in the manifest';
  };
  log('');
  log(`== recall (${int(r.info.files)}-file tree) ==`);
  const truth = new Set(manifest.entries.filter((e) => e.legacy).map((e) => e.rel));
  const compare = (name, other) => {
    const missed = [...other].filter((f) => !sets.scan.has(f)).sort();
    const caught = other.size - missed.length;
    log(`files ${name} flags: ${int(other.size)}; flagged by migrate-check too: ${int(caught)} (recall vs ${name} ${other.size ? ((100 * caught) / other.size).toFixed(1) : '100.0'}%)`);
    const real = missed.filter((f) => truth.has(f));
    const other_ = missed.filter((f) => !truth.has(f));
    if (real.length) {
      log(`  missed by migrate-check, old-API by construction (${real.length}):`);
      for (const f of real.slice(0, 40)) log(`    ${f}  [${describe(f)}]`);
      if (real.length > 40) log(`    ... and ${real.length - 40} more`);
    }
    if (other_.length) {
      log(`  flagged by ${name} only, not old-API by construction (${other_.length}; look-alikes migrate-check rightly leaves):`);
      for (const f of other_.slice(0, 10)) log(`    ${f}  [${describe(f)}]`);
      if (other_.length > 10) log(`    ... and ${other_.length - 10} more`);
    }
  };
  if (sets['ast-grep'] && sets.scan) compare('ast-grep', sets['ast-grep']);
  if (sets.eslint && sets.scan) compare('eslint', sets.eslint);
  if (sets.scan) {
    const missed = [...truth].filter((f) => !sets.scan.has(f)).sort();
    const extra = [...sets.scan].filter((f) => !truth.has(f)).sort();
    log(`old-API files by construction: ${int(truth.size)}; migrate-check flags ${int(truth.size - missed.length)} of them (${((100 * (truth.size - missed.length)) / Math.max(1, truth.size)).toFixed(1)}%) and ${extra.length} other files`);
    for (const f of missed.slice(0, 20)) log(`    missed: ${f}  [${describe(f)}]`);
    for (const f of extra.slice(0, 20)) log(`    extra:  ${f}  [${describe(f)}]`);
  }
}

// ---------------------------------------------------------------- main

ensureTools();
rmSync(path.join(WORK, 'runs'), { recursive: true, force: true });
log(`migrate-check bench: node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), ${mib(os.totalmem())} RAM; peak memory from ${GNU_TIME ? '/usr/bin/time -v' : 'process.resourceUsage() / VmHWM'}`);
log(`ast-grep ${execFileSync(astGrepBinary(), ['--version'], { encoding: 'utf8' }).trim().replace(/^ast-grep /, '')} (${path.relative(REPO, astGrepBinary())}; uses every core), eslint ${JSON.parse(readFileSync(path.join(TOOLS, 'node_modules', 'eslint', 'package.json'), 'utf8')).version} + @typescript-eslint/parser ${JSON.parse(readFileSync(path.join(TOOLS, 'node_modules', '@typescript-eslint', 'parser', 'package.json'), 'utf8')).version} (one thread), migrate-check from dist/ (by default a reader thread beside the main one on 2+ cores, worker threads from 3 cores)`);
const results = [];
const a = await benchTree(FILES, REPS);
results.push(a);
printTree(a, REPS);
let b;
if (GROWTH) {
  b = await benchTree(GROWTH, GROWTH_REPS);
  results.push(b);
  printTree(b, GROWTH_REPS);
  printGrowth(a, b);
}
printRecall(a);
if (!argv.includes('--no-lsp')) {
  // the language server on the first tree: an old-API file opened, then typed into
  const legacy = a.manifest.entries.filter((e) => e.legacy).map((e) => e.rel).sort()[0];
  if (legacy) {
    log('');
    log(`== language server (${int(a.info.files)}-file workspace, ${legacy} opened) ==`);
    const out = execFileSync(process.execPath, [path.join(HERE, 'lsp-latency.mjs'), a.tree, legacy, '--runs', '20'], { encoding: 'utf8' });
    log(out.trimEnd());
    log('  targets: first diagnostics < 1 s after start-up; keystroke re-check < 100 ms');
  }
}
if (!argv.includes('--no-runtime')) {
  log('');
  log('== run-time hook (migrate-check/register) ==');
  log(execFileSync(process.execPath, [path.join(HERE, 'runtime-overhead.mjs')], { encoding: 'utf8' }).trimEnd());
}
mkdirSync(path.dirname(JSON_OUT), { recursive: true });
writeFileSync(
  JSON_OUT,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      reps: { first: REPS, growth: GROWTH_REPS, eslint: ESLINT_REPS },
      trees: results.map((r) => ({ files: r.info.files, info: r.info, stats: r.stats, flagged: Object.fromEntries(Object.entries(r.sets).map(([k, v]) => [k, v.size])) })),
    },
    null,
    2,
  ) + '\n',
);
log('');
log(`figures written to ${path.relative(process.cwd(), JSON_OUT)}`);
