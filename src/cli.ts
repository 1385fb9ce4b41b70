// The command line (its options: src/args.ts), and the one place that sets the exit code.

import { appendFileSync, existsSync, fstatSync, mkdirSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import path from 'node:path';
import { picocolors } from './core/require.js';
import { explainText, getRule, loadCatalogue, unknownRule } from './catalogue/index.js';
import { loadConfig } from './config.js';
import { oneLine, UsageError } from './errors.js';
import { readArgs, REPORTERS, version, type ScanArgs } from './args.js';
import { asksHelp, helpTopic, mcpArgs, mergeArgs, mergeInputs, USAGE } from './subcommands.js';
import type { EslintResult } from './reporters/index.js';
import { isReporterName, loadReporter } from './reporters/load.js';
import { filterQuiet } from './severity.js';
import type { CacheOptions, Config, FileResult, FixResult } from './types.js';
import { trace } from './core/trace.js';

function out(text: string | Uint8Array, file?: string, cwd = process.cwd()): void {
  if (file) {
    const abs = path.resolve(cwd, file);
    try {
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, text);
    } catch (err) {
      throw new UsageError(`cannot write the report to ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  } else if (text.length) toStdout(text);
}

/**
 * Standard output. A report sent to a file (`> report.json`) is written there with one call: Node's
 * stream for a file turns the text into a Buffer first, which took 17 ms for the 3 MB JSON report of
 * a 10,000-file tree (a twentieth of a cached run); a terminal or a pipe keeps Node's stream.
 */
function toStdout(text: string | Uint8Array): void {
  let file = false;
  try {
    file = fstatSync(1).isFile();
  } catch {
    /* no standard output to stat: Node's stream says what is wrong */
  }
  if (!file) {
    process.stdout.write(text);
    return;
  }
  // (a file takes the whole text in one call; should it take part, the rest follows as bytes)
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  for (let rest = bytes.subarray(writeSync(1, bytes)); rest.length; ) rest = rest.subarray(writeSync(1, rest));
}

function listRules(): string {
  const rules = loadCatalogue().rules;
  const w = Math.max(...rules.map((r) => r.id.length));
  const lines = rules.map((r) => `${r.id.padEnd(w)}  ${r.from.padEnd(7)}  ${r.severity.padEnd(7)}  ${('fix:' + r.fix).padEnd(10)}  ${r.summary}`);
  return `${'rule'.padEnd(w)}  from     severity fixable     summary\n${lines.join('\n')}\n`;
}

function explain(id: string): string {
  const rule = getRule(id);
  if (!rule) throw unknownRule(id, '--explain: ');
  return explainText(rule) + '\n';
}


async function progressBar(enabled: boolean): Promise<{ update: (done: number, total: number) => void; stop: () => void }> {
  if (!enabled || !process.stderr.isTTY || process.env.CI) return { update: () => {}, stop: () => {} };
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar({ stream: process.stderr, format: 'migrate-check [{bar}] {value}/{total} files', hideCursor: true, clearOnComplete: true }, cliProgress.Presets.shades_classic);
  let started = false;
  return {
    update: (done, total) => {
      if (total < 500) return;
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      if (done % 100 === 0 || done === total) bar.update(done);
    },
    stop: () => started && bar.stop(),
  };
}

/** --color / --no-color, else picocolors' own answer (a terminal, NO_COLOR, FORCE_COLOR, CI); never into a file unless asked. */
const colorOf = (args: ScanArgs): boolean => args.color ?? (!args.outputFile && picocolors().isColorSupported);

async function render(results: FileResult[], args: ScanArgs, cwd: string): Promise<string> {
  const meta = { cwd, version: version(), color: colorOf(args) };
  if (args.reporter === 'html') {
    const { renderHtml } = await import('./reporters/html.js');
    let trend;
    if (args.trend) {
      const { recordTrend } = await import('./trend.js');
      try {
        trend = recordTrend(path.resolve(cwd, args.trend), results, cwd, (line: string) => process.stderr.write(line + '\n'));
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        throw new UsageError(`cannot use the trend file ${args.trend} (${code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : (code ?? oneLine(err))})`);
      }
    }
    return renderHtml(results, { cwd, version: meta.version, trend });
  }
  if (!isReporterName(args.reporter)) throw new UsageError(`unknown reporter: ${args.reporter}`, `choose one of ${REPORTERS.join(', ')}`);
  return (await loadReporter(args.reporter))(results, meta);
}

/** The reporters a `--cache` run keeps the report of (see scan). */
const KEPT_REPORTERS = ['stylish', 'compact', 'json', 'sarif'];

function counts(results: FileResult[]): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const r of results) {
    if (r.fatal) errors++;
    for (const f of r.findings) f.severity === 'error' ? errors++ : warnings++;
  }
  return { errors, warnings };
}

function fixSummary(res: FixResult, cwd: string, dryRun: boolean): string {
  const rel = (f: string) => path.relative(cwd, f).split(path.sep).join('/');
  const fixed = res.changes.reduce((n, c) => n + c.fixed, 0);
  // what a scan reports after the fix, and the bases reported before it that a scan no longer does
  const left = [...res.remaining.results.flatMap((r) => r.findings), ...res.basesLeft].map((f) => ({ ...f, rel: rel(f.file) }));
  const lines: string[] = [];
  lines.push(`migrate-check --fix${dryRun ? ' --dry-run' : ''}: ${res.changes.length} file${res.changes.length === 1 ? '' : 's'} ${dryRun ? 'would change' : 'changed'}, ${fixed} finding${fixed === 1 ? '' : 's'} fixed, ${left.length} left for a person.`);
  for (const r of res.refused) lines.push(`  not written: ${rel(r.file)}: ${r.reason}`);
  const lb = res.legacyBases;
  if (lb) {
    const where = `${rel(lb.file)}${lb.key ? ` "${lb.key}"` : ''}${lb.created ? ` (a new file)` : ''}`;
    const names = lb.names.join(', ');
    const verb = lb.error ? 'could not record' : dryRun ? 'would record' : 'recorded';
    lines.push(
      `  ${verb} ${names} in the config's legacyBases, ${where}${lb.error ? `: ${lb.error}` : ''}: known as the legacy host's only by the v1 paths ${lb.names.length === 1 ? 'it' : 'they'} served, ${lb.names.length === 1 ? 'it is' : 'they are'} reported until pointed at the base host and removed from legacyBases.`,
    );
  }
  if (left.length) {
    lines.push('', 'Left for a person:');
    for (const f of left.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : a.line - b.line || a.column - b.column)))
      lines.push(`  ${f.rel}:${f.line}:${f.column}  ${f.ruleId}  ${f.message}`);
  }
  if (res.ambiguousBefore.length) {
    lines.push('', 'Review these `courier_id` warnings seen before the fix (a scan of 2024-09 code no longer reports them):');
    for (const f of res.ambiguousBefore) lines.push(`  ${rel(f.file)}:${f.line}:${f.column}  ${f.message}`);
  }
  if (res.manualStepsApply) {
    lines.push('', 'Steps no code change covers:');
    for (const s of res.manualSteps) lines.push(`  - ${s.title}: ${s.text}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * SIGINT and SIGTERM during --fix: before the writes start nothing is on disk yet, and the signal
 * ends the run at once as usual; while files are written (the only time a listener is installed)
 * the file in hand is finished (each write is a rename of a complete temporary file) and the rest
 * are left as they were. Exit status 128 + the signal's number.
 */
function interruptGuard(): { signal: AbortSignal; writing: (on: boolean) => void; release: () => void; received?: NodeJS.Signals } {
  const ac = new AbortController();
  const guard = {
    signal: ac.signal,
    writing: (on: boolean) => {
      guard.release();
      if (on) {
        process.on('SIGINT', onSignal);
        process.on('SIGTERM', onSignal);
      }
    },
    release: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
    received: undefined as NodeJS.Signals | undefined,
  };
  function onSignal(sig: NodeJS.Signals): void {
    guard.received ??= sig;
    ac.abort();
  }
  return guard;
}

async function scan(args: ScanArgs): Promise<number> {
  const cwd = process.cwd();
  if (args.listRules) {
    out(listRules());
    return 0;
  }
  if (args.explain) {
    out(explain(args.explain));
    return 0;
  }
  if (!REPORTERS.includes(args.reporter)) throw new UsageError(`unknown reporter: ${args.reporter}`, `choose one of ${REPORTERS.join(', ')}`);
  if (args.unsafe && !args.fix) throw new UsageError('--unsafe goes with --fix');
  if (args.dryRun && !args.fix) throw new UsageError('--dry-run goes with --fix');
  // a base URL and the paths sent through it move together, across files that land in different shards
  if (args.fix && args.shard) throw new UsageError('--shard splits a scan over CI jobs; --fix runs on the whole tree', 'a base URL and the paths sent through it move together, across files');
  if (args.dryRun && args.updateBaseline) throw new UsageError('--update-baseline writes a file; --dry-run writes none', 'run --update-baseline without --fix --dry-run');
  if (args.trend && args.reporter !== 'html') throw new UsageError('--trend goes with --reporter html');
  if (args.trend && args.dryRun) throw new UsageError('--trend records a run in its file; --dry-run writes nothing', 'run --trend on a scan');
  if (args.maxWarnings !== undefined && (!Number.isInteger(args.maxWarnings) || args.maxWarnings < -1)) throw new UsageError('--max-warnings takes a whole number');
  if (args.maxFileSize !== undefined && (!Number.isInteger(args.maxFileSize) || args.maxFileSize < 1)) throw new UsageError('--max-file-size takes a whole number of bytes, 1 or more');
  if ((args.cacheLocation !== undefined || args.cacheStrategy !== undefined) && !args.cache) throw new UsageError(`--${args.cacheLocation !== undefined ? 'cache-location' : 'cache-strategy'} goes with --cache`);
  if (args.cacheStrategy !== undefined && !['metadata', 'content'].includes(args.cacheStrategy)) throw new UsageError(`unknown cache strategy: ${args.cacheStrategy}`, 'choose metadata or content');
  const config: Config = loadConfig({ cwd, configPath: args.config, cliRules: args.rule, cliIgnore: args.ignorePattern });
  if (args.maxFileSize !== undefined) config.maxFileSize = args.maxFileSize;
  trace('options and config read');
  const paths = args.paths.length ? args.paths : ['.'];
  const bar = await progressBar(args.progress);
  let results: FileResult[];
  let summary = '';
  // --fix --dry-run: the diff is the output (stdout, or -o), the summary goes to stderr
  let diff: string | undefined;
  // folders the walk could not read: each a fatal problem of the run (it did not check what they hold)
  const unreadable: { folder: string; code: string }[] = [];
  const onUnreadable = (folder: string, code: string) => void unreadable.push({ folder, code });
  // the files this run checked (its shard of them): a baseline update keeps the others' entries
  let scanned: string[] = [];
  // a scan's report is kept in the cache with the results it shows, and a run where nothing changed
  // writes it out again (as a build cache replays a task's output): the reporters whose text is the
  // results', the options' and the tool's alone (not html's trend, github's step summary, a baseline)
  const keep = args.cache && !args.fix && !args.baseline && !args.updateBaseline && KEPT_REPORTERS.includes(args.reporter);
  const report: CacheOptions['report'] = keep
    ? {
        // (a folder the walk could not read is a finding of the command's, not of the cache's)
        key: () => (unreadable.length ? undefined : JSON.stringify({ reporter: args.reporter, color: colorOf(args), cwd, version: version(), quiet: !!args.quiet })),
        render: async (found) => {
          const shown = args.quiet ? filterQuiet(found) : found;
          return { text: await render(shown, args, cwd), ...counts(shown) };
        },
      }
    : undefined;
  const cache = args.cache ? { ...(await cacheOptions(args, cwd)), ...(report ? { report } : {}) } : undefined;
  try {
    // check() and fix() walk the paths (a large tree is read on a reader thread, started as soon as
    // the walk finds it large, while this thread loads the compiler and parses)
    if (args.fix) {
      const { fix } = await import('./index.js');
      const guard = args.dryRun ? undefined : interruptGuard();
      let res: FixResult;
      try {
        res = await fix({ paths, cwd, config, cache, unsafe: args.unsafe, dryRun: args.dryRun, allowDirty: args.allowDirty, onProgress: bar.update, onUnreadable, signal: guard?.signal, onWriting: guard?.writing, configPath: args.config });
      } finally {
        guard?.release();
      }
      scanned = res.remaining.files;
      bar.stop();
      if (res.interrupted && guard?.received) {
        process.stderr.write(`migrate-check: interrupted (${guard.received}): ${res.changes.length} file${res.changes.length === 1 ? '' : 's'} fixed, ${res.interrupted.left.length} left as ${res.interrupted.left.length === 1 ? 'it was' : 'they were'}\n`);
        return 128 + (osConstants.signals[guard.received] ?? 2);
      }
      results = res.remaining.results;
      summary = fixSummary(res, cwd, args.dryRun);
      if (args.dryRun) {
        diff = res.diff;
        // (as ESLint's --fix-dry-run: each file the fix would change carries the text it would write)
        const after = new Map(res.changes.map((c) => [c.file, c.after]));
        results = results.map((r) => (after.has(r.file) ? { ...r, output: after.get(r.file) } : r));
      }
    } else {
      const { check } = await import('./check.js');
      const checked = await check({ paths, cwd, config, cache, onProgress: bar.update, onUnreadable, shard: args.shard });
      bar.stop();
      if (checked.report) {
        trace(checked.report.replayed ? 'report written out as the cache kept it' : 'report rendered, and kept in the cache');
        out(checked.report.text, args.outputFile, cwd);
        return exitCodeOf(checked.report, args);
      }
      results = checked.results;
      scanned = checked.files;
    }
  } finally {
    bar.stop();
  }
  for (const u of unreadable)
    results.push({ file: u.folder, findings: [], suppressed: [], fatal: { file: u.folder, message: `cannot read the folder (${u.code}): the files in it were not checked`, line: 1, column: 1 } });
  if (args.baseline || args.updateBaseline) {
    const { readBaseline, buildBaseline, applyBaseline, updatedBaseline, writeBaseline } = await import('./baseline.js');
    const file = path.resolve(cwd, args.baseline ?? 'migrate-check-baseline.json');
    if (args.updateBaseline) {
      const fresh = buildBaseline(results, cwd);
      writeBaseline(file, existsSync(file) ? updatedBaseline(fresh, readBaseline(file), scanned, cwd) : fresh);
      process.stderr.write(`migrate-check: wrote the baseline ${path.relative(cwd, file)}\n`);
      return 0;
    }
    const applied = applyBaseline(results, readBaseline(file), cwd);
    results = applied.results;
    for (const u of applied.unmatched)
      process.stderr.write(`migrate-check: baseline entry ${u.file} ${u.ruleId} allows ${u.count} more than found now; run --update-baseline to shrink it\n`);
  }
  if (args.quiet) results = filterQuiet(results);
  if (diff !== undefined) {
    // a dry run: -o FILE takes the diff; stdout the report when a reporter was named, else the diff
    if (args.reporterGiven) {
      if (args.outputFile) out(diff, args.outputFile, cwd);
      out(await render(results, { ...args, outputFile: undefined }, cwd));
    } else out(diff, args.outputFile, cwd);
    process.stderr.write(summary);
    return exitCode(results, args);
  }
  const text = await render(results, args, cwd);
  trace('report rendered');
  out(text, args.outputFile, cwd);
  if (args.reporter === 'github' && process.env.GITHUB_STEP_SUMMARY) {
    try {
      appendFileSync(process.env.GITHUB_STEP_SUMMARY, (await import('./reporters/index.js')).githubStepSummary(results, { cwd, version: version(), color: false }));
    } catch {
      process.stderr.write('migrate-check: could not append to $GITHUB_STEP_SUMMARY\n');
    }
  }
  if (summary) (['stylish', 'compact'].includes(args.reporter) && !args.outputFile ? process.stdout : process.stderr).write((text ? '\n' : '') + summary);
  return exitCode(results, args);
}

/** --cache's options: the file (ESLint's way: a folder holds a file named after the working folder), the strategy. */
async function cacheOptions(args: ScanArgs, cwd: string): Promise<CacheOptions> {
  const { cacheFile } = await import('./cache/location.js');
  return {
    location: cacheFile(cwd, args.cacheLocation),
    strategy: args.cacheStrategy === 'content' ? 'content' : 'metadata',
    onWarning: (message) => process.stderr.write(`migrate-check: ${message}\n`),
  };
}

/** 1 when the findings fail the run (an error, a fatal file, more warnings than --max-warnings), else 0. */
const exitCode = (results: FileResult[], args: ScanArgs): number => exitCodeOf(counts(results), args);

function exitCodeOf(c: { errors: number; warnings: number }, args: ScanArgs): number {
  if (c.errors > 0) return 1;
  if (args.maxWarnings !== undefined && args.maxWarnings >= 0 && c.warnings > args.maxWarnings) {
    process.stderr.write(`migrate-check: ${c.warnings} warnings, more than --max-warnings ${args.maxWarnings}\n`);
    return 1;
  }
  return 0;
}

export async function main(argv: string[]): Promise<void> {
  trace('the command line starts');
  let code = 0;
  try {
    code = await run(argv);
  } catch (err) {
    process.stderr.write(`migrate-check: ${oneLine(err)}\n`);
    if (process.env.DEBUG && err instanceof Error && err.stack) process.stderr.write(err.stack + '\n');
    code = 2;
  }
  trace(`finished, exit code ${code}`);
  process.exitCode = code;
}

async function run(argv: string[]): Promise<number> {
  const first = argv[0];
  const rest = argv.slice(1);
  if (first === 'help') {
    const topic = helpTopic(rest);
    if (topic === undefined) await readArgs(['--help']);
    else out(topic);
    return 0;
  }
  if ((first === 'lsp' || first === 'mcp' || first === 'merge') && asksHelp(rest)) {
    out(USAGE[first]);
    return 0;
  }
  if (first === 'lsp') {
    // bin/migrate-check.js starts the server without this module; this path serves main(['lsp'])
    const { checkLspArgs } = await import('./editor/main.js');
    checkLspArgs(rest);
    const { startLanguageServer } = await import('./editor/server.js');
    startLanguageServer();
    return 0;
  }
  if (first === 'mcp') {
    const { root } = mcpArgs(rest);
    const { startMcpServer } = await import('./agents/server.js');
    await startMcpServer(path.resolve(process.cwd(), root ?? '.'));
    return 0;
  }
  if (first === 'merge') {
    const { inputs, outFile, reporter, exitCode } = mergeArgs(rest);
    const { merge } = await import('./merge.js');
    const files = inputs.flatMap(mergeInputs);
    if (!files.length) throw new UsageError(`no .json report in ${inputs.join(', ')}`);
    const texts = files.map((f) => {
      try {
        return readFileSync(f, 'utf8');
      } catch {
        throw new UsageError(`cannot read ${f}`);
      }
    });
    const merged = merge(texts, files);
    const results = merged.kind === 'json' ? (JSON.parse(merged.text) as EslintResult[]) : undefined;
    const kind = merged.kind === 'json' ? 'json report' : 'SARIF log';
    let written = kind;
    if (reporter === 'html') {
      if (!results) throw new UsageError('--reporter html needs json reports (SARIF logs merge to SARIF)');
      const [{ renderHtml }, { fromEslint }] = await Promise.all([import('./reporters/html.js'), import('./reporters/from-eslint.js')]);
      out(renderHtml(fromEslint(results), { cwd: process.cwd(), version: version() }), outFile);
      written = 'html page';
    } else out(merged.text, outFile);
    if (outFile) process.stderr.write(`migrate-check merge: wrote ${outFile}, one ${written} from ${files.length} ${kind}${files.length === 1 ? '' : 's'}\n`);
    return exitCode && results?.some((r) => r.errorCount > 0) ? 1 : 0;
  }
  const args = await readArgs(argv);
  return args === 'done' ? 0 : scan(args);
}
