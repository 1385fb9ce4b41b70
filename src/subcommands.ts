// The subcommands' own command lines (merge, lsp, mcp): their usage texts, printed by `--help`
// and `migrate-check help NAME`, and the arguments of merge and mcp. (lsp's are read by
// src/editor/main.ts, the entry the installed command goes to straight for a server start.)

import { UsageError } from './errors.js';

export const SUBCOMMANDS = ['merge', 'lsp', 'mcp'] as const;
export type Subcommand = (typeof SUBCOMMANDS)[number];

export const USAGE: Record<Subcommand, string> = {
  merge: `migrate-check merge REPORT... [-o FILE]

Joins the reports of the shards of one scan (each job: migrate-check --shard i/n -r json, or
-r sarif) into one report of the same kind. It reads and writes two reporters' output only:
json reports (-r json) join into one json report, SARIF logs (-r sarif) into one SARIF log; the
two cannot be mixed. For another reporter (stylish, html, ...), scan without --shard.

Options:
  -o, --output-file FILE   write the merged report to FILE, not to stdout
  -h, --help               show this help
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

/**
 * `merge`'s arguments: the reports to join, and `-o FILE` / `--output-file FILE` (or `=FILE`).
 * Every report is read before the output is written, so the output may be one of them.
 */
export function mergeArgs(args: string[]): { inputs: string[]; outFile?: string } {
  const usage = 'migrate-check merge a.json b.json [-o merged.json]';
  const inputs: string[] = [];
  let outFile: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const eq = /^(?:-o|--output-file)=(.*)$/.exec(a);
    if (a === '-o' || a === '--output-file' || eq) {
      const v = eq ? eq[1] : args[++i];
      if (!v || (!eq && v.startsWith('-'))) throw new UsageError(`${eq ? a.split('=')[0] : a} needs a value`, usage);
      outFile = v;
    } else if (/^(?:-r|-f|--reporter|--format)(?:=|$)/.test(a))
      throw new UsageError(`merge takes no ${a.split('=')[0]}: it writes the kind of report it reads (json or sarif)`, 'see migrate-check merge --help');
    else if (a.startsWith('-') && a !== '-') throw new UsageError(`merge does not know ${a}`, usage);
    else inputs.push(a);
  }
  if (!inputs.length) throw new UsageError('merge needs the report files to join', usage);
  return { inputs, outFile };
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
