// The command line's options, read with yargs. A plain run (no --help, no --version, nothing
// yargs would complain about) is read with yargs-parser alone, the parser yargs itself runs, with
// the same options: it loads in a fraction of the time yargs takes (about 60 ms of every start).
// Anything else goes to yargs, which prints the help and the version and words every error.
// test/args.test.ts checks that both give the same answer.

import { readFileSync } from 'node:fs';
import { UsageError } from './errors.js';

export const REPORTERS = ['stylish', 'json', 'sarif', 'github', 'compact', 'html'];

export interface ScanArgs {
  paths: string[];
  fix: boolean;
  unsafe: boolean;
  dryRun: boolean;
  reporter: string;
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
}

interface OptionSpec {
  type: 'boolean' | 'string' | 'number';
  alias?: string;
  array?: true;
  default?: unknown;
  describe: string;
}

const OPTIONS: Record<string, OptionSpec> = {
  fix: { type: 'boolean', default: false, describe: 'apply the fixes the spec defines, in place' },
  unsafe: { type: 'boolean', default: false, describe: 'with --fix: also apply fixes that rest on an assumption' },
  'dry-run': { type: 'boolean', default: false, describe: 'with --fix: print a unified diff, write nothing' },
  reporter: { alias: 'r', type: 'string', default: 'stylish', describe: REPORTERS.join(' | ') },
  trend: { type: 'string', describe: 'with html: append this run to FILE (JSON lines) and chart them all' },
  'output-file': { alias: 'o', type: 'string', describe: 'write the report there instead of stdout' },
  config: { alias: 'c', type: 'string', describe: 'config file (default: migrate-check.config.json, else package.json "migrate-check")' },
  'ignore-pattern': { type: 'string', array: true, default: [], describe: 'repeatable; .gitignore is honoured' },
  rule: { type: 'string', array: true, default: [], describe: 'ID=off|warn|error, repeatable' },
  'max-warnings': { type: 'number', describe: 'exit 1 when warnings exceed N' },
  quiet: { type: 'boolean', default: false, describe: 'report errors only' },
  'allow-dirty': { type: 'boolean', default: false, describe: 'let --fix touch a git tree with uncommitted changes' },
  'list-rules': { type: 'boolean', default: false, describe: 'print the rule catalogue' },
  explain: { type: 'string', describe: 'print one rule: old form, new form, spec section, fixable or not' },
  progress: { type: 'boolean', default: true, describe: 'a progress bar on a TTY (stderr); --no-progress turns it off' },
  baseline: { type: 'string', describe: 'report only findings not in this baseline file' },
  'update-baseline': { type: 'boolean', default: false, describe: 'write the baseline file (--baseline FILE, default migrate-check-baseline.json)' },
  shard: { type: 'string', describe: 'i/n: scan only this shard of the files' },
  'max-file-size': { type: 'number', describe: 'files larger than this many bytes are reported and skipped (default 4194304; config maxFileSize)' },
};

const USAGE =
  "$0 [paths..]\n\nFind (and with --fix rewrite) uses of the shipping API's legacy v1 and 2023-01 versions; the target is 2024-09.\nSubcommands: lsp (language server), mcp (MCP server for coding agents), merge (join sharded reports).";

// what yargs hands its parser for a command without commands of its own
const PARSER_CONFIGURATION = { 'parse-positional-numbers': false };

export function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    return pkg.version as string;
  } catch {
    return '0.0.0';
  }
}

function toScanArgs(p: Record<string, unknown>): ScanArgs {
  return {
    paths: ((p._ as unknown[]) ?? []).map(String),
    fix: !!p.fix,
    unsafe: !!p.unsafe,
    dryRun: !!p['dry-run'],
    reporter: String(p.reporter),
    outputFile: p['output-file'] as string | undefined,
    config: p.config as string | undefined,
    ignorePattern: (p['ignore-pattern'] as string[]) ?? [],
    rule: (p.rule as string[]) ?? [],
    maxWarnings: p['max-warnings'] as number | undefined,
    quiet: !!p.quiet,
    allowDirty: !!p['allow-dirty'],
    listRules: !!p['list-rules'],
    explain: p.explain as string | undefined,
    progress: p.progress !== false,
    trend: p.trend as string | undefined,
    baseline: p.baseline as string | undefined,
    updateBaseline: !!p['update-baseline'],
    shard: p.shard as string | undefined,
    maxFileSize: p['max-file-size'] as number | undefined,
  };
}

const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * A plain run's options read without yargs; undefined when yargs must answer (help, version, an
 * option it does not know, anything the parser flags).
 */
export async function quickArgs(argv: string[]): Promise<ScanArgs | undefined> {
  const { default: parser } = await import('yargs-parser');
  const opts = {
    alias: {} as Record<string, string[]>,
    array: [] as string[],
    boolean: [] as string[],
    string: [] as string[],
    number: [] as string[],
    default: {} as Record<string, unknown>,
    configuration: PARSER_CONFIGURATION,
  };
  const known = new Set(['_', '$0']);
  for (const [name, o] of Object.entries(OPTIONS)) {
    // yargs takes `--maxWarnings` for `--max-warnings`; its parser alone needs to be told
    const aliases = [...(o.alias ? [o.alias] : []), ...(camel(name) !== name ? [camel(name)] : [])];
    if (aliases.length) opts.alias[name] = aliases;
    if (o.array) opts.array.push(name);
    opts[o.type].push(name);
    if ('default' in o) opts.default[name] = o.default;
    for (const k of [name, camel(name), ...(o.alias ? [o.alias] : [])]) known.add(k);
  }
  const parsed = parser.detailed(argv, opts);
  if (parsed.error) return undefined;
  if (Object.keys(parsed.argv).some((k) => !known.has(k))) return undefined;
  return toScanArgs(parsed.argv as Record<string, unknown>);
}

/** The options as yargs reads them; 'done' when it printed the help or the version. */
export async function yargsArgs(argv: string[]): Promise<ScanArgs | 'done'> {
  const { default: yargs } = await import('yargs');
  let failure: string | undefined;
  // paths stay as written: yargs would read a folder named `0x10` as the number 16
  let y = yargs(argv).scriptName('migrate-check').usage(USAGE).parserConfiguration(PARSER_CONFIGURATION);
  for (const [name, o] of Object.entries(OPTIONS)) y = y.option(name, { ...o });
  const parsed = await y
    .strictOptions()
    .help()
    .alias('help', 'h')
    .version(version())
    .exitProcess(false)
    .fail((msg, err) => {
      failure = err ? err.message : msg;
    })
    .parse();
  if (failure) throw new UsageError(failure.split('\n')[0], 'see migrate-check --help');
  if (parsed.help || parsed.version === true) return 'done';
  if (argv.includes('--help') || argv.includes('-h') || argv.includes('--version')) return 'done';
  return toScanArgs(parsed as unknown as Record<string, unknown>);
}

/** The options of a run: quickly when they are plain, else through yargs. */
export async function readArgs(argv: string[]): Promise<ScanArgs | 'done'> {
  // the version alone is answered without loading yargs (a tenth of a second)
  if (argv.length === 1 && argv[0] === '--version') {
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
    byName.set(name, [name, o]);
    byName.set(camel(name), [name, o]);
    if (o.alias) byName.set(o.alias, [name, o]);
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
