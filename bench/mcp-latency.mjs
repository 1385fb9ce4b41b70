#!/usr/bin/env node
// Latency of `check` through the MCP server, as an agent sees it: the built server is spawned over
// stdio with the SDK's client, on a small temporary tree (a git project of a few dozen files, a
// few of them legacy). Prints the server start, the first (cold) check and the warm checks after it.
//
//   npm run build && node bench/mcp-latency.mjs [--files N] [--runs N]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const nFiles = arg('--files', 40);
const runs = arg('--runs', 10);

const tmp = mkdtempSync(path.join(os.tmpdir(), 'mc-mcp-bench-'));
const root = path.join(tmp, 'project');
for (let i = 0; i < nFiles; i++) {
  const dir = path.join(root, 'src', `mod${i % 5}`);
  mkdirSync(dir, { recursive: true });
  const legacy = i % 4 === 0;
  const text = legacy
    ? `import axios from 'axios';\n\nexport const labels${i} = (ids: string[], svc: string) =>\n  axios.post('/2023-01/labels', { shipments: ids.map((id) => ({ service_shipment_id: id, courier_id: svc })) });\n\nexport const slots${i} = (base: string, id: string) => fetch(\`\${base}/pickup/v1/pickup_slots/\${id}\`);\n`
    : `export function add${i}(a: number, b: number): number {\n  return a + b + ${i};\n}\n\nexport const name${i} = 'module ${i}';\n`;
  writeFileSync(path.join(dir, `file${i}.ts`), text);
}
const git = (...a) => execFileSync('git', ['-c', 'user.email=b@example.com', '-c', 'user.name=bench', '-c', 'commit.gpgsign=false', ...a], { cwd: root });
git('init', '-q');
git('add', '.');
git('commit', '-q', '-m', 'bench tree');

const ms = (t) => `${t.toFixed(1)} ms`;
const t0 = performance.now();
const transport = new StdioClientTransport({ command: process.execPath, args: [path.join(repo, 'bin', 'migrate-check.js'), 'mcp', '--root', root], stderr: 'ignore' });
const client = new Client({ name: 'mcp-latency', version: '0.0.0' });
try {
  await client.connect(transport);
  const started = performance.now() - t0;
  const check = async () => {
    const s = performance.now();
    const r = await client.callTool({ name: 'check', arguments: {} });
    if (r.isError) throw new Error(r.content?.[0]?.text);
    return { t: performance.now() - s, r };
  };
  const cold = await check();
  const warm = [];
  for (let i = 0; i < runs; i++) warm.push((await check()).t);
  const sorted = [...warm].sort((a, b) => a - b);
  const s = cold.r.structuredContent;
  console.log(`tree: ${nFiles} files, ${s.errorCount} errors, ${s.warningCount} warnings found`);
  console.log(`server start (spawn to initialized): ${ms(started)}`);
  console.log(`cold check (first call):             ${ms(cold.t)}`);
  console.log(`warm check (second call):            ${ms(warm[0])}`);
  console.log(`warm check median of ${runs}:           ${ms(sorted[Math.floor(sorted.length / 2)])} (min ${ms(sorted[0])}, max ${ms(sorted[sorted.length - 1])})`);
} finally {
  await client.close();
  rmSync(tmp, { recursive: true, force: true });
}
