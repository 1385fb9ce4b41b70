#!/usr/bin/env node
// The installed command: runs the built CLI (dist/ is built by `npm run build` and shipped in the package).
import('../dist/src/cli.js').then((m) => m.main(process.argv.slice(2))).catch((err) => {
  process.stderr.write(`migrate-check: ${err && err.code === 'ERR_MODULE_NOT_FOUND' ? 'not built: run `npm run build` first' : err}\n`);
  process.exitCode = 2;
});
