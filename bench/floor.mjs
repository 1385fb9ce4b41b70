#!/usr/bin/env node
// The floor under a migrate-check scan, timed by `npm run bench` as the tool `floor`: a Node
// process that loads the TypeScript compiler the analysis parses with (as the command loads it:
// from its file, with the command's V8 code cache) and parses the files a scan of the tree parses,
// and does nothing else: no walk, no reading or text-testing of the other files, no checks, no
// report. Whatever the rest of the scan costs comes on top of this, so a target below this figure
// cannot be met by a scan that parses with this compiler.
//
//   node bench/floor.mjs LIST     LIST: a file naming the files to parse, one a line
//
// Prints the number of files parsed. Build the CLI first (it loads dist/).

import { setFlagsFromString } from 'node:v8';

// the flag bin/migrate-check.js sets for a one-shot run: V8 takes a code cache only under the flags
// it was made with, and without the same flag the compiler would be compiled anew (and its cache
// written again)
setFlagsFromString('--interrupt-budget=1000000');
process.env.MIGRATE_CHECK_V8_FLAGS = 'budget';

const { readFileSync } = await import('node:fs');
const list = process.argv[2];
if (!list) {
  process.stderr.write('usage: node bench/floor.mjs LIST\n');
  process.exit(2);
}
const files = readFileSync(list, 'utf8').split('\n').filter(Boolean);
const texts = files.map((f) => readFileSync(f, 'utf8'));
const { parseModule, scriptKindFor } = await import('../dist/src/analysis/units.js');
let parsed = 0;
for (let i = 0; i < files.length; i++) if (parseModule(files[i], texts[i], scriptKindFor(files[i])).statements) parsed++;
process.stdout.write(`${parsed}\n`);
