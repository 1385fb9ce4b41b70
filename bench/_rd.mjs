import { readFileSync } from 'node:fs';
import { readSource } from '/work/main/dist/src/pipeline/read.js';
import { textSignal, moduleSpecifiers } from '/work/main/dist/src/pipeline/prefilter.js';
import { setsClientDefaults } from '/work/main/dist/src/core/axios-defaults.js';
const files = readFileSync('/tmp/files.txt','utf8').trim().split('\n');
console.log(files.length);
for (let rep = 0; rep < 3; rep++) {
let tr = 0, tt = 0, ts = 0, td=0; const texts = [];
let t = performance.now();
for (const f of files) texts.push(readSource(f, undefined, 1e6).text);
tr = performance.now() - t; t = performance.now();
let n = 0;
for (const x of texts) if (textSignal(x, ['https://api.shipping.example']) === 'strong') n++;
tt = performance.now() - t; t = performance.now();
for (const x of texts) moduleSpecifiers(x);
ts = performance.now() - t; t = performance.now();
for (const x of texts) setsClientDefaults(x);
td = performance.now() - t;
console.log({ tr, tt, ts, td, n });
}
