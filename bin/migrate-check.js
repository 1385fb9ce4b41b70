#!/usr/bin/env node
// The installed command: runs the built CLI (dist/ is built by `npm run build` and shipped in the package).
// `lsp` goes straight to the language server's entry, skipping the command line's own modules.
const argv = process.argv.slice(2);
const entry = argv[0] === 'lsp' ? '../dist/src/editor/main.js' : '../dist/src/cli.js';
import(entry).then((m) => m.main(argv)).catch((err) => {
  process.stderr.write(`migrate-check: ${err && err.code === 'ERR_MODULE_NOT_FOUND' ? 'not built: run `npm run build` first' : err}\n`);
  process.exitCode = 2;
});
