// The subcommands' own command lines (merge, lsp, mcp): their usage texts, printed by `--help`
// and `migrate-check help NAME`, and the arguments of merge and mcp. (lsp's are read by
// src/editor/main.ts, the entry the installed command goes to straight for a server start.)

import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from './errors.js';

export const SUBCOMMANDS = ['merge', 'lsp', 'mcp'] as const;
export type Subcommand = (typeof SUBCOMMANDS)[number];

export const USAGE: Record<Subcommand, string> = {
  merge: `migrate-check merge REPORT|DIR... [--reporter json|html] [--exit-code] [-o FILE]

Joins reports into one: the reports of the shards of one scan (each job: migrate-check --shard i/n
-r json, or -r sarif), or the run-time hook's reports (a folder: every .json file in it). It reads
two reporters' output only, json reports (-r json) and SARIF logs (-r sarif), and cannot mix them.
It writes json reports joined into one json report (or, with --reporter html, the html page), and
SARIF logs into one SARIF log. For another reporter (stylish, compact, ...), scan without --shard.

Options:
  -r, --reporter json|html   what to write from json reports (default: json)
  --exit-code                exit 1 when the merged report holds an error, as a scan does
  -o, --output-file FILE     write the merged report to FILE, not to stdout
  -h, --help                 show this help
`,
  lsp: `migrate-check lsp [--stdio]

The language server, over stdio: diagnostics as you type, quick fixes, fix-all and hover, for
any LSP client (docs/editors.md has the set-ups for VS Code, Neovim and Helix).

Options:
  --stdio                  the transport, the only one (LSP clients pass it)
  --clientProcessId N      accepted, as LSP clients pass it
  -h, --help               show this help
`,
  mcp: `migrate-check mcp [--root DIR]

The MCP server for coding agents, over stdio: the tools check, fix, explain and list_rules
(docs/agents.md has the set-ups).

Options:
  --root DIR               the folder the tools work in; nothing outside it is read or written
                           (default: the current folder)
  -h, --help               show this help
`,
};

const isSubcommand = (name: string): name is Subcommand => (SUBCOMMANDS as readonly string[]).includes(name);

/** `--help` or `-h` among a subcommand's arguments. */
export const asksHelp = (args: string[]): boolean => args.includes('--help') || args.includes('-h');

/** `migrate-check help [NAME]`: the subcommand's usage, or undefined for the command's own help. */
export function helpTopic(args: string[]): string | undefined {
  if (!args.length) return undefined;
  const [name, ...extra] = args;
  if (!isSubcommand(name) || extra.length) throw new UsageError(`help: no help on ${args.join(' ')}`, `migrate-check help [${SUBCOMMANDS.join('|')}]`);
  return USAGE[name];
}

const MERGE_USAGE = 'migrate-check merge a.json b.json|DIR [--reporter json|html] [--exit-code] [-o merged.json]';

/**
 * `merge`'s arguments: the reports to join (a folder: every .json file in it, such as the run-time
 * hook's MIGRATE_CHECK_RUNTIME_DIR), `-o FILE` / `--output-file FILE` (or `=FILE`), `--reporter
 * json|html`, and `--exit-code` (exit 1 when the merged report holds an error, as a scan does).
 * Every report is read before the output is written, so the output may be one of them.
 */
export function mergeArgs(args: string[]): { inputs: string[]; outFile?: string; reporter: 'json' | 'html'; exitCode: boolean } {
  const inputs: string[] = [];
  let outFile: string | undefined;
  let reporter: 'json' | 'html' = 'json';
  let exitCode = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const eq = /^(-o|--output-file|-r|--reporter)=(.*)$/.exec(a);
    const name = eq ? eq[1] : a;
    if (['-o', '--output-file', '-r', '--reporter'].includes(name)) {
      const v = eq ? eq[2] : args[++i];
      if (!v || (!eq && v.startsWith('-'))) throw new UsageError(`${name} needs a value`, MERGE_USAGE);
      if (name === '-o' || name === '--output-file') outFile = v;
      else if (v === 'json' || v === 'html') reporter = v;
      else throw new UsageError(`merge writes json or html, not ${v}`, MERGE_USAGE);
    } else if (a === '--exit-code') exitCode = true;
    else if (a.startsWith('-') && a !== '-') throw new UsageError(`merge does not know ${a}`, MERGE_USAGE);
    else inputs.push(a);
  }
  if (!inputs.length) throw new UsageError('merge needs the report files to join', MERGE_USAGE);
  return { inputs, outFile, reporter, exitCode };
}

/** The files a merge input names: the file itself, or a folder's .json files in name order. */
export function mergeInputs(input: string): string[] {
  try {
    if (!statSync(input).isDirectory()) return [input];
    return readdirSync(input)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => path.join(input, f));
  } catch {
    throw new UsageError(`cannot read ${input}`);
  }
}

/** `mcp`'s arguments: `--root DIR` (or `--root=DIR`), nothing else. */
export function mcpArgs(args: string[]): { root?: string } {
  let root: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const eq = /^--root=(.*)$/.exec(a);
    if (a === '--root' || eq) {
      const v = eq ? eq[1] : args[++i];
      if (!v || (!eq && v.startsWith('-'))) throw new UsageError('mcp: --root needs a folder', 'migrate-check mcp [--root DIR]');
      root = v;
    } else throw new UsageError(`mcp: unknown argument ${a}`, 'usage: migrate-check mcp [--root DIR]; see migrate-check mcp --help');
  }
  return { root };
}
