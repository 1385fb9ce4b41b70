#!/usr/bin/env node
// The installed command: runs the built CLI (dist/ is built by `npm run build` and shipped in the package).
// `lsp` goes straight to the language server's entry, skipping the command line's own modules.
import { setFlagsFromString } from 'node:v8';
import { fileURLToPath } from 'node:url';

const argv = process.argv.slice(2);
// `lsp --help` and `mcp --help` print their usage (src/cli.ts) and start nothing
const help = argv.includes('--help') || argv.includes('-h');
const server = (argv[0] === 'lsp' || argv[0] === 'mcp') && !help;
// A run of the command lasts about a second, and with V8's default budget its optimising compiler
// spends a quarter of the CPU time (on other threads, which compete with the reader thread on two
// cores) compiling code that has little left to run. A larger budget delays that until code has
// run longer: `npm run bench` measured 17-23% less CPU on a 10,000-file scan. The servers run for
// hours and keep the default, and so does a `--cache` run that finds its cache file: it mostly
// stats files and takes results from the cache, loops that the larger budget leaves slow for
// longer (about 10 ms of a 0.23 s run where nothing changed; no loss after 10 edits). Set before
// the command's own code runs.
// The command's modules come from their bundle (src/core/bundle-loader.ts: one script with a code
// cache, where Node would load two hundred ES modules) when it holds them as built; it is
// compiled before any flag is set, and `lsp` goes to the server's modules as they are.
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
// (V8's defaults until the flags are set below: the bundle's code cache is named by them)
delete process.env.MIGRATE_CHECK_V8_FLAGS;
const bundle = argv[0] === 'lsp' ? undefined : (await import('../dist/src/core/bundle-loader.js').catch(() => undefined))?.openBundle(dist);
const load = (rel) => (bundle ? bundle.load(rel) : import(`../dist/${rel}`));
const { cachedRunAhead } = server ? {} : await load('src/cache/location.js').catch(() => ({}));
const cached = !server && !help && !!cachedRunAhead?.(argv, process.cwd());
if (!server && !cached && !process.env.MIGRATE_CHECK_V8_DEFAULTS) {
  setFlagsFromString('--interrupt-budget=1000000');
  // the compiler's code cache is kept per set of flags (src/core/code-cache.cts): V8 takes one
  // only under the flags it was made with, and the servers' cache must not replace the command's
  process.env.MIGRATE_CHECK_V8_FLAGS = 'budget';
} else delete process.env.MIGRATE_CHECK_V8_FLAGS;
const entry = argv[0] === 'lsp' && !help ? import('../dist/src/editor/main.js') : load('src/cli.js');
// A one-shot run leaves once its output is flushed, without waiting for the reader thread and the
// heap to be torn down (about 40 ms on a 10,000-file scan); the servers end when their client goes.
const leave = () => process.stdout.write('', () => process.stderr.write('', () => process.exit()));
entry.then((m) => m.main(argv)).then(() => server || leave()).catch((err) => {
  process.stderr.write(`migrate-check: ${err && err.code === 'ERR_MODULE_NOT_FOUND' ? 'not built: run `npm run build` first' : err}\n`);
  process.exitCode = 2;
});
