#!/usr/bin/env node
// The run-time hook's cost: 1,000 requests to a loopback server, sent one after another, in a
// process without the hook and in one with `--import migrate-check/register` (built, dist/),
// alternating, 5 runs each; prints the median time per request of each and the difference, and
// whether every response was the same with the hook as without (a hash of all of them). Half the
// requests are the service's in an old form (a path and a JSON body the hook checks and reports),
// half go to another path (the hook's URL test alone). Prints figures; asserts nothing.
//
//   node bench/runtime-overhead.mjs [--requests N] [--runs N]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const HOOK = path.join(HERE, '..', 'dist', 'src', 'runtime', 'register.js');
const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : dflt);

if (argv[0] === '--client') {
  // the measured process: a server and a client in one process, on 127.0.0.1 only
  const http = await import('node:http');
  const { createHash } = await import('node:crypto');
  const n = Number(argv[1]);
  const server = http.createServer((req, res) => {
    let size = 0;
    req.on('data', (c) => (size += c.length));
    req.on('end', () => res.end(`${req.method} ${req.url} ${size}`));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const base = `http://127.0.0.1:${server.address().port}`;
  const body = JSON.stringify({ shipments: [{ service_shipment_id: 's', courier_id: 'c' }] });
  const hash = createHash('sha256');
  const send = (p) =>
    new Promise((resolve, reject) => {
      const req = http.request(`${base}${p}`, { method: 'POST', agent }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end(body);
    });
  for (let i = 0; i < 50; i++) await send('/warm-up');
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) hash.update(await send(i % 2 ? '/2023-01/labels' : '/orders'));
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  agent.destroy();
  server.close();
  process.stdout.write(JSON.stringify({ ms, hash: hash.digest('hex') }));
  process.exit(0);
}

const N = opt('--requests', 1000);
const RUNS = opt('--runs', 5);
const dir = mkdtempSync(path.join(os.tmpdir(), 'mc-bench-runtime-'));
const once = (hooked) => {
  const args = [...(hooked ? ['--import', HOOK] : []), fileURLToPath(import.meta.url), '--client', String(N)];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, MIGRATE_CHECK_RUNTIME_DIR: dir } });
  if (r.status !== 0) throw new Error(`the client failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
};
const plain = [];
const hooked = [];
for (let i = 0; i < RUNS; i++) {
  plain.push(once(false));
  hooked.push(once(true));
}
rmSync(dir, { recursive: true, force: true });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const per = (runs) => median(runs.map((r) => r.ms)) / N;
const same = new Set([...plain, ...hooked].map((r) => r.hash)).size === 1;
const a = per(plain);
const b = per(hooked);
console.log(`${N} requests to a loopback server (half old-form requests the hook reports), median of ${RUNS} runs:`);
console.log(`  without the hook ${a.toFixed(3)} ms per request; with it ${b.toFixed(3)} ms; overhead ${(b - a).toFixed(3)} ms per request`);
console.log(`  responses the same with and without the hook: ${same ? 'yes' : 'NO'}`);
console.log('  target: overhead under 0.2 ms per request, no change to any response');
