// The command line's options, read with yargs. A plain run (no --help, no --version, nothing
// yargs would complain about) is read with yargs-parser alone, the parser yargs itself runs, with
// the same options: it loads in a fraction of the time yargs takes (about 60 ms of every start).
// Anything else goes to yargs, which prints the help and the version and words every error.
// test/args.test.ts checks that both give the same answer.

import { toolVersion } from './catalogue/index.js';
import { UsageError } from './errors.js';
import { didYouMean, nearest } from './suggest.js';

export const REPORTERS = ['stylish', 'json', 'sarif', 'github', 'compact', 'html'];

export interface ScanArgs {
  paths: string[];
  fix: boolean;
  unsafe: boolean;
  dryRun: boolean;
  reporter: string;
  /** -r/--reporter (or -f/--format) was given: with --fix --dry-run, the report is printed instead of the diff */
  reporterGiven: boolean;
  /** --color / --no-color; undefined: as picocolors decides (the terminal, NO_COLOR, FORCE_COLOR, CI) */
  color?: boolean;
  outputFile?: string;
  config?: string;
  ignorePattern: string[];
  rule: string[];
  maxWarnings?: number;
  quiet: boolean;
  allowDirty: boolean;
  listRules: boolean;
  explain?: string;
  progress: boolean;
  trend?: string;
  baseline?: string;
  updateBaseline: boolean;
  shard?: string;
  maxFileSize?: number;
  cache: boolean;
  cacheLocation?: string;
  cacheStrategy?: string;
}

interface OptionSpec {
  type: 'boolean' | 'string' | 'number';
  alias?: string[];
  default?: unknown;
  describe: string;
}

const OPTIONS: Record<string, OptionSpec> = {
  fix: { type: 'boolean', default: false, describe: 'apply the fixes the spec defines, in place' },
  unsafe: { type: 'boolean', default: false, describe: 'with --fix: also apply fixes that rest on an assumption' },
  'dry-run': { type: 'boolean', default: false, describe: 'with --fix: print a unified diff, write nothing' },
  'fix-dry-run': { type: 'boolean', default: false, describe: 'the same as --fix --dry-run' },
  reporter: { alias: ['r', 'f', 'format'], type: 'string', describe: `${REPORTERS.join(' | ')} (default: stylish)` },
  trend: { type: 'string', describe: 'with html: append this run to FILE (JSON lines) and chart them all' },
  'output-file': { alias: ['o'], type: 'string', describe: 'write the report to this file, not to stdout' },
  config: { alias: ['c'], type: 'string', describe: 'config file (default: migrate-check.config.json, else package.json "migrate-check")' },
  'ignore-pattern': { type: 'string', describe: 'a GLOB of files to skip; repeat the option for more (.gitignore is honoured)' },
  rule: { type: 'string', describe: 'ID=off|warn|error; repeat the option for more rules' },
  'max-warnings': { type: 'number', describe: 'exit 1 when warnings exceed N' },
  quiet: { type: 'boolean', default: false, describe: 'report errors only' },
  color: { type: 'boolean', describe: 'colour the output, or with --no-color not (by default on a terminal or in CI, never with NO_COLOR set, always with FORCE_COLOR)' },
  'allow-dirty': { type: 'boolean', default: false, describe: 'let --fix write files that have uncommitted changes' },
  'list-rules': { type: 'boolean', default: false, describe: 'print the rule catalogue' },
  explain: { type: 'string', describe: 'print one rule: old form, new form, spec section, fixable or not' },
  progress: { type: 'boolean', default: true, describe: 'a progress bar on a TTY (stderr); --no-progress turns it off' },
  baseline: { type: 'string', describe: 'report only findings not in this baseline file' },
  'update-baseline': { type: 'boolean', default: false, describe: 'write the baseline file (--baseline FILE, default migrate-check-baseline.json)' },
  shard: { type: 'string', describe: 'i/n: scan only this shard of the files' },
  'max-file-size': { type: 'number', describe: 'files larger than this many bytes are reported and skipped (default 4194304; config maxFileSize)' },
  cache: { type: 'boolean', default: false, describe: 'keep what each file gave in a cache file; the next run analyses again only what changed' },
  'cache-location': { type: 'string', describe: 'with --cache: the cache file, or a folder for it (default .migrate-check-cache)' },
  'cache-strategy': { type: 'string', describe: 'with --cache: metadata (size and modification time, the default) | content (a hash of the text: for CI after a fresh checkout)' },
};

const USAGE =
  "$0 [paths..]\n\nFind (and with --fix rewrite) uses of the shipping API's legacy v1 and 2023-01 versions; the target is 2024-09.\nSubcommands (each takes --help): merge (join the json or sarif reports of sharded runs), lsp (language server), mcp (MCP server for coding agents).";

// what yargs hands its parser for a command without commands of its own
const PARSER_CONFIGURATION = { 'parse-positional-numbers': false };

export const version = toolVersion;

/** A single-value option's value; given more than once, an error (only the repeatable ones repeat). */
function one<T>(p: Record<string, unknown>, name: string): T | undefined {
  const v = p[name];
  if (Array.isArray(v)) throw new UsageError(`--${name} takes one value, given ${v.length}: ${v.join(', ')}`, 'see migrate-check --help');
  return v as T | undefined;
}

/** A repeatable option's values, in order (--ignore-pattern and --rule, one value each time). */
const many = (p: Record<string, unknown>, name: string): string[] => [p[name] ?? []].flat().map(String);

function toScanArgs(p: Record<string, unknown>): ScanArgs {
  const fixDryRun = !!p['fix-dry-run'];
  const reporter = one<string>(p, 'reporter');
  return {
    paths: ((p._ as unknown[]) ?? []).map(String),
    fix: !!p.fix || fixDryRun,
    unsafe: !!p.unsafe,
    dryRun: !!p['dry-run'] || fixDryRun,
    reporter: reporter ?? 'stylish',
    reporterGiven: reporter !== undefined,
    color: p.color as boolean | undefined,
    outputFile: one(p, 'output-file'),
    config: one(p, 'config'),
    ignorePattern: many(p, 'ignore-pattern'),
    rule: many(p, 'rule'),
    maxWarnings: one(p, 'max-warnings'),
    quiet: !!p.quiet,
    allowDirty: !!p['allow-dirty'],
    listRules: !!p['list-rules'],
    explain: one(p, 'explain'),
    progress: p.progress !== false,
    trend: one(p, 'trend'),
    baseline: one(p, 'baseline'),
    updateBaseline: !!p['update-baseline'],
    shard: one(p, 'shard'),
    maxFileSize: one(p, 'max-file-size'),
    cache: !!p.cache,
    cacheLocation: one(p, 'cache-location'),
    cacheStrategy: one(p, 'cache-strategy'),
  };
}

const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The names an option is known by on the command line: its own, its camelCase form, its aliases. */
function namesOf(name: string, o: OptionSpec): string[] {
  return [name, ...(camel(name) !== name ? [camel(name)] : []), ...(o.alias ?? [])];
}

/**
 * The error for an option nobody knows (`--fixx`, `-x`), with the nearest known ones; undefined
 * when every option given is known. `keys` are the option names the parser read.
 */
function unknownOption(keys: string[], argv: string[]): UsageError | undefined {
  const known = new Set(['_', '$0', 'help', 'h', 'version', 'v']);
  for (const [name, o] of Object.entries(OPTIONS)) for (const k of namesOf(name, o)) known.add(k);
  // the parser adds a camelCase twin of a dashed name (`max-warningz`, `maxWarningz`): name the one written
  const unknown = keys.filter((k) => !known.has(k) && !keys.some((d) => d !== k && camel(d) === k));
  if (!unknown.length) return undefined;
  const key = unknown[0];
  const dashes = key.length === 1 ? '-' : '--';
  const negated = key.length > 1 && argv.some((a) => a === `--no-${key}` || a.startsWith(`--no-${key}=`));
  const written = `${dashes}${negated ? 'no-' : ''}${key}`;
  const longNames = [...Object.keys(OPTIONS), 'help', 'version'];
  const hint = key.length > 1 ? didYouMean(nearest(key, longNames).map((n) => `--${negated ? 'no-' : ''}${n}`)) : undefined;
  return new UsageError(`unknown option ${written}`, hint ?? 'see migrate-check --help');
}

/**
 * A plain run's options read without yargs; undefined when yargs must answer (help, version,
 * anything the parser flags). An option nobody knows is an error here, with a did-you-mean.
 */
export async function quickArgs(argv: string[]): Promise<ScanArgs | undefined> {
  const { default: parser } = await import('yargs-parser');
  const opts = {
    alias: {} as Record<string, string[]>,
    boolean: [] as string[],
    string: [] as string[],
    number: [] as string[],
    default: {} as Record<string, unknown>,
    configuration: PARSER_CONFIGURATION,
  };
  for (const [name, o] of Object.entries(OPTIONS)) {
    // yargs takes `--maxWarnings` for `--max-warnings`; its parser alone needs to be told
    const aliases = namesOf(name, o).slice(1);
    if (aliases.length) opts.alias[name] = aliases;
    opts[o.type].push(name);
    if ('default' in o) opts.default[name] = o.default;
  }
  const parsed = parser.detailed(argv, opts);
  if (parsed.error) return undefined;
  const keys = Object.keys(parsed.argv);
  const unknown = unknownOption(keys, argv);
  if (unknown) throw unknown;
  if (keys.some((k) => ['help', 'h', 'version', 'v'].includes(k))) return undefined;
  return toScanArgs(parsed.argv as Record<string, unknown>);
}

/** The options as yargs reads them; 'done' when it printed the help or the version. */
export async function yargsArgs(argv: string[]): Promise<ScanArgs | 'done'> {
  const { default: yargs } = await import('yargs');
  let failure: string | undefined;
  // paths stay as written: yargs would read a folder named `0x10` as the number 16
  let y = yargs(argv).scriptName('migrate-check').usage(USAGE).parserConfiguration(PARSER_CONFIGURATION);
  for (const [name, o] of Object.entries(OPTIONS)) y = y.option(name, { type: o.type, alias: o.alias, describe: o.describe, ...('default' in o ? { default: o.default } : {}) });
  const parsed = await y
    .strictOptions()
    .help()
    .alias('help', 'h')
    .version(version())
    .alias('version', 'v')
    .exitProcess(false)
    .fail((msg, err) => {
      failure = err ? err.message : msg;
    })
    .parse();
  if (failure) throw new UsageError(failure.split('\n')[0], 'see migrate-check --help');
  if (parsed.help || parsed.version === true) return 'done';
  if (['--help', '-h', '--version', '-v'].some((a) => argv.includes(a))) return 'done';
  return toScanArgs(parsed as unknown as Record<string, unknown>);
}

/** The options of a run: quickly when they are plain, else through yargs. */
export async function readArgs(argv: string[]): Promise<ScanArgs | 'done'> {
  // the version alone is answered without loading yargs (a tenth of a second)
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
    process.stdout.write(`${version()}\n`);
    return 'done';
  }
  const args = checkValues(argv);
  return (await quickArgs(args)) ?? yargsArgs(args);
}

/**
 * An option that takes a value but was given none (`--shard` last, `--shard=`, `--shard ""`, or
 * `-o --fix`) is an error, as is a value given to a switch (`--fix=yes`): the parser would
 * otherwise fall back to the default without a word, and in CI an empty `--shard "$SHARD"` would
 * make every job scan every file. Returns the arguments with a separate value that starts with a
 * dash and a digit (`--shard -1/4`, `--max-warnings -1`) joined to its option (`--shard=-1/4`):
 * the parsers would read it as short switches, and the option's own check words the error.
 */
export function checkValues(argv: string[]): string[] {
  const out = [...argv];
  const byName = new Map<string, [string, OptionSpec]>();
  for (const [name, o] of Object.entries(OPTIONS)) {
    for (const k of namesOf(name, o)) byName.set(k, [name, o]);
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') break;
    const m = /^--?([^=]+)(=([^]*))?$/.exec(a);
    if (!m || /^-\d/.test(a)) continue;
    const spec = byName.get(m[1]);
    if (!spec) continue;
    const [name, o] = spec;
    const shown = a.startsWith('--') ? `--${name}` : `-${m[1]}`;
    if (o.type === 'boolean') {
      if (m[2] !== undefined && !/^(?:true|false)$/.test(m[3])) throw new UsageError(`${shown} takes no value (given: ${m[3] || 'an empty one'})`, 'see migrate-check --help');
      continue;
    }
    const value = m[2] !== undefined ? m[3] : argv[i + 1];
    // a value that starts with a digit after its dash (`-1`, `-1/4`) is a value, which the option's own check then reads
    const missing = value === undefined || value === '' || (m[2] === undefined && value.startsWith('-') && !/^-\d/.test(value));
    if (missing) throw new UsageError(`${shown} needs a value`, 'see migrate-check --help');
    if (m[2] !== undefined) continue;
    if (value.startsWith('-')) {
      out[i] = `${a}=${value}`;
      out[i + 1] = '';
    }
    i++;
  }
  return out.filter((a, i) => a !== '' || argv[i] === '');
}
