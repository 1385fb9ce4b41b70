// The entry of `migrate-check lsp`. bin/migrate-check.js comes here directly, without the
// command line's own modules (yargs, reporters): an editor waits on the server's start-up.

import module from 'node:module';
import { oneLine, UsageError } from '../errors.js';

/** stdio is the one transport; `--stdio` and `--clientProcessId N` are what LSP clients append. */
export function checkLspArgs(args: string[]): void {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--stdio' || /^--clientProcessId=\d+$/.test(a)) continue;
    if (a === '--clientProcessId' && /^\d+$/.test(args[i + 1] ?? '')) {
      i++;
      continue;
    }
    if (a === '--node-ipc' || a.startsWith('--socket') || a.startsWith('--pipe'))
      throw new UsageError(`lsp: ${a.split('=')[0]} is not supported`, 'the language server talks over stdio only: `migrate-check lsp --stdio`');
    throw new UsageError(`lsp: unknown argument ${a}`, 'usage: `migrate-check lsp [--stdio]`');
  }
}

/** argv as the command line has it: `lsp` first. */
export async function main(argv: string[]): Promise<void> {
  try {
    checkLspArgs(argv.slice(1));
  } catch (err) {
    process.stderr.write(`migrate-check: ${oneLine(err)}\n`);
    process.exitCode = 2;
    return;
  }
  // Node 22.1+ keeps V8's compiled code of the modules on disk, so the analysis's TypeScript
  // compiler (most of the start-up) compiles once; older Node has no such cache and skips this
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  const { startLanguageServer } = await import('./server.js');
  startLanguageServer();
}
