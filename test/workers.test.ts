// Worker threads must not change a single result: every fixture project is scanned and fixed
// (dry run) with the analysis forced into two workers and with one thread, and the outputs are
// compared byte for byte (test/contract/ does the same with the contract examples). The parts
// they are cut into are checked by hand too.
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { partition } from '../src/pipeline/partition.js';
import { isDir, ROOT, runCli, tempDir, tempTree, walk, writeJson } from './helpers.js';
import { sameOnEveryThread } from './support/projects.js';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';

const projects = readdirSync(path.join(ROOT, 'fixtures', 'projects'))
  .map((p) => path.join(ROOT, 'fixtures', 'projects', p, 'before'))
  .filter(isDir);


/** Every file written to a new folder and handed to partition() as a candidate: each part's file names, the largest part first. */
function partNames(prefix: string, files: Record<string, string>): string[][] {
  const dir = tempDir(prefix);
  for (const [f, t] of Object.entries(files)) writeFileSync(path.join(dir, f), t);
  const cands = Object.entries(files).map(([f, text]) => ({ file: path.join(dir, f), text }));
  return partition(cands, 4)!.map((p) => p.map((c) => path.basename(c.file)).sort()).sort((x, y) => y.length - x.length);
}

describe('analysis in worker threads', () => {
  for (const dir of projects) {
    it(`gives the same json and the same --fix diff as one thread: ${path.relative(path.dirname(ROOT), dir)}`, () => sameOnEveryThread(dir));
  }

  it('all the projects side by side: parts on two workers, the same output as one thread', () => {
    const tree = tempDir('mc-workers-all-');
    for (const dir of projects) cpSync(dir, path.join(tree, path.basename(path.dirname(dir))), { recursive: true });
    const one = runCli(['--reporter', 'json', '--no-progress', '.'], tree, { MIGRATE_CHECK_WORKERS: '0', MIGRATE_CHECK_TRACE: '1' });
    const two = runCli(['--reporter', 'json', '--no-progress', '.'], tree, { MIGRATE_CHECK_WORKERS: '2', MIGRATE_CHECK_TRACE: '1' });
    expect(one.stderr).toMatch(/^migrate-check trace: \[\d+ ms\] \d+ files to parse, in this thread$/m);
    expect(two.stderr).toMatch(/^migrate-check trace: \[\d+ ms\] \d+ files to parse, in 2 parts on 2 worker threads$/m);
    expect(JSON.parse(one.stdout).filter((r: { messages: unknown[] }) => r.messages.length).length).toBeGreaterThan(15);
    expect(two.stdout).toBe(one.stdout);
    const fixOne = runCli(['--fix', '--dry-run', '--no-progress', '.'], tree, { MIGRATE_CHECK_WORKERS: '0' });
    const fixTwo = runCli(['--fix', '--dry-run', '--no-progress', '.'], tree, { MIGRATE_CHECK_WORKERS: '2' });
    expect(fixTwo.stdout).toBe(fixOne.stdout);
    expect(fixTwo.stderr).toBe(fixOne.stderr);
    const ahead = runCli(['--reporter', 'json', '--no-progress', '.'], tree, { MIGRATE_CHECK_WORKERS: '0', MIGRATE_CHECK_READ_AHEAD: '1', MIGRATE_CHECK_TRACE: '1' });
    expect(ahead.stdout).toBe(one.stdout);
    // the modules were parsed while the files were read (components are parsed by the analysis)
    expect(ahead.stderr).toMatch(/\(on a reader thread, [1-9]\d* parsed meanwhile\)$/m);
  });

  it('a tree of more than 2,000 files is read on a reader thread, started during the walk (two cores, no workers), with the same report', () => {
    const dir = tempDir('mc-big-tree-');
    for (let p = 0; p < 21; p++) {
      mkdirSync(path.join(dir, `pkg${p}`));
      for (let i = 0; i < 100; i++) writeFileSync(path.join(dir, `pkg${p}`, `m${i}.ts`), `export const n${i} = ${i};\n`);
    }
    writeFileSync(path.join(dir, 'pkg3', 'api.ts'), "export const url = '/pickup/v1/pickups';\n");
    const one = runCli(['--reporter', 'compact', '--no-progress', '.'], dir, { MIGRATE_CHECK_WORKERS: '0', MIGRATE_CHECK_READ_AHEAD: '0' });
    const big = runCli(['--reporter', 'compact', '--no-progress', '.'], dir, { MIGRATE_CHECK_WORKERS: '0', MIGRATE_CHECK_READ_AHEAD: undefined, MIGRATE_CHECK_TRACE: '1' });
    expect(one.stdout).toMatch(/^pkg3\/api\.ts:1:21: error /m);
    expect(big.stdout).toBe(one.stdout);
    expect(big.code).toBe(1);
    const onReader = /^migrate-check trace: \[\d+ ms\] a reader thread starts, to read the files$/m;
    if (availableParallelism() >= 2) {
      expect(big.stderr).toMatch(/^migrate-check trace: \[\d+ ms\] discovery: more than 2000 files after \d+ ms$/m);
      expect(big.stderr).toMatch(onReader);
      expect(big.stderr).toMatch(/^migrate-check trace: \[\d+ ms\] discovery: 2101 files in \d+ ms$/m);
    } else expect(big.stderr).not.toMatch(onReader);
    // a small tree is walked here, without a thread
    const small = runCli(['--reporter', 'compact', '--no-progress', 'pkg3'], dir, { MIGRATE_CHECK_WORKERS: '0', MIGRATE_CHECK_READ_AHEAD: undefined, MIGRATE_CHECK_TRACE: '1' });
    expect(small.stdout).toBe(one.stdout);
    expect(small.stderr).toMatch(/^migrate-check trace: \[\d+ ms\] discovery: 101 files in \d+ ms$/m);
    expect(small.stderr).not.toMatch(onReader);
    // a path that does not exist is the same one-line error, with a reader thread started or not
    for (const env of [{ MIGRATE_CHECK_READ_AHEAD: '1' }, { MIGRATE_CHECK_READ_AHEAD: '0' }]) {
      const r = runCli(['--no-progress', '.', 'nowhere'], dir, { MIGRATE_CHECK_WORKERS: '0', ...env });
      expect(r.stderr).toBe('migrate-check: no such file or folder: nowhere\n');
      expect(r.code).toBe(2);
    }
  });

  it('analyses again, as one, the parts tied by a name whose calls one of them looked for (a wrapper handed to its caller, a store called by name)', () => {
    // book.ts never imports client.ts, whose path its body goes to: the parts cut along the imports
    // split them, and the analysis of client.ts' part looks for `createPickup`'s callers
    const dir = tempTree({
      'src/client.ts': "import axios from 'axios';\nexport class Client {\n  createPickup(body: unknown) {\n    return axios.post('https://api.example.com/pickup/v1/pickups', body);\n  }\n}\n",
      'src/book.ts': "export function book(client: { createPickup(b: unknown): unknown }) {\n  return client.createPickup({ courier_id: 'dhl', preferred_date: '2025-03-04', service_shipment_ids: ['s1'] });\n}\n",
      'src/other.ts': "export const PATH = '/2023-01/labels';\n",
      // a copy of a Pinia store under the same name: QuickAdd.vue changes the body through `useLabels()`
      'store/labels.ts': "import { defineStore } from 'pinia';\nimport { reactive } from 'vue';\ntype Entry = { service_shipment_id: string; courier_id: string };\nexport const useLabels = defineStore('labels', () => {\n  const form = reactive({ shipments: [] as Entry[] });\n  function add(id: string, svc: string) {\n    form.shipments.push({ service_shipment_id: id, courier_id: svc });\n  }\n  const send = () => fetch('https://api.shipping.test/2023-01/labels', { method: 'POST', body: JSON.stringify(form) });\n  return { form, add, send };\n});\n",
      'store/QuickAdd.vue': "<script setup lang=\"ts\">\nconst labels = useLabels();\nfunction quickAdd(id: string) {\n  labels.form.shipments.push({ service_shipment_id: id, courier_id: 'dhl' });\n}\n</script>\n",
    });
    const one = runCli(['--reporter', 'json', '--no-progress', '.'], dir, { MIGRATE_CHECK_WORKERS: '0', MIGRATE_CHECK_READ_AHEAD: '0' });
    expect(one.stdout).toMatch(/book\.ts","messages":\[\{"ruleId":"v1-pickup-field","severity":2,"message":"[^"]*\(src\/client\.ts:4\)/);
    expect(one.stdout).toMatch(/labels\.ts","messages":\[[^\]]*used by a key that changes in QuickAdd\.vue/);
    for (const n of ['2', '3']) {
      const parts = runCli(['--reporter', 'json', '--no-progress', '.'], dir, { MIGRATE_CHECK_WORKERS: n, MIGRATE_CHECK_TRACE: '1' });
      expect(parts.stderr).toMatch(new RegExp(`files to parse, in ${n} parts on ${n} worker threads`));
      expect(parts.stderr).toMatch(/analysis: round 2, 1 group of parts tied by the names whose calls they looked for/);
      expect(parts.stdout).toBe(one.stdout);
    }
  });

  it("counts a wrapper's namesakes as one thread does: a function of its name in a module only another part imports", () => {
    // labels.ts' wrapper `createShipment` is looked for by name; caller.ts calls `client.createShipment(…)`,
    // which the check cannot resolve. mailer.ts (no candidate: nothing in it is old) declares another
    // `createShipment` and only track.ts, in another part, imports it: one thread counts two functions of
    // that name and holds the body; a part that did not parse mailer.ts must not count one and move it
    const dir = tempTree({
      'package.json': '{ "name": "ns", "version": "1.0.0", "type": "module" }\n',
      'src/a/labels.ts': "import axios from 'axios';\n\nexport function createShipment(body: unknown) {\n  return axios.post('https://api.shipping.example.com/2023-01/shipments', body);\n}\n",
      'src/a/caller.ts': "declare const client: any;\n\nexport function book() {\n  return client.createShipment({ courier_id: 'ups-ground', service_shipment_id: 'S1' });\n}\n",
      'src/b/mailer.ts':
        "export function createShipment(message: { to: string; courier_id: string }) {\n  return message.to + message.courier_id;\n}\n\nexport function notify(to: string) {\n  return createShipment({ to, courier_id: 'none' });\n}\n",
      'src/b/track.ts':
        "import axios from 'axios';\nimport { notify } from './mailer';\n\nexport function track(id: string) {\n  notify('ops@example.com');\n  return axios.get(`https://api.shipping.example.com/2023-01/trackings/${id}`);\n}\n",
    });
    const one = runCli(['--reporter', 'json', '--no-progress', '.'], dir, { MIGRATE_CHECK_WORKERS: '0', MIGRATE_CHECK_READ_AHEAD: '0' });
    expect(one.stdout).toMatch(/`client\.createShipment\(…\)` \(src\/a\/caller\.ts:4\) may call this function or another of the same name/);
    expect(one.stdout).toMatch(/caller\.ts","messages":\[\{"ruleId":"label-entry-field"/);
    const parts = runCli(['--reporter', 'json', '--no-progress', '.'], dir, { MIGRATE_CHECK_WORKERS: '2', MIGRATE_CHECK_TRACE: '1' });
    expect(parts.stderr).toMatch(/3 files to parse, in 2 parts on 2 worker threads/);
    expect(parts.stderr).toMatch(/analysis: round 2, 1 group of parts tied by the names whose calls they looked for/);
    expect(parts.stdout).toBe(one.stdout);
  });

  it('cuts the files along their imports: a module and its importers share a part', () => {
    const dir = tempDir('mc-parts-');
    mkdirSync(path.join(dir, 'a'));
    mkdirSync(path.join(dir, 'b'));
    mkdirSync(path.join(dir, 'c', 'src'), { recursive: true });
    const files: Record<string, string> = {
      'a/base.ts': "export const BASE = 'https://api.example.com/2023-01';\n",
      'a/labels.ts': "import { BASE } from './base';\nexport const u = `${BASE}/labels`;\n",
      'a/shipments.ts': "import { BASE } from './base.js';\nexport const s = BASE + '/shipments';\n",
      'b/pickup.ts': "export const p = '/pickup/v1/pickups';\n",
      'b/use.ts': "const { p } = require('./pickup');\n",
      'c/src/alias.ts': "import { BASE } from '@api/base';\n",
      'c/tsconfig.json': '{\n  // paths\n  "compilerOptions": { "baseUrl": ".", "paths": { "@api/*": ["../a/*"], }, },\n}\n',
    };
    for (const [f, t] of Object.entries(files)) writeFileSync(path.join(dir, f), t);
    const cands = Object.keys(files)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => ({ file: path.join(dir, f), text: files[f] }));
    const parts = partition(cands, 4)!;
    const names = parts.map((p) => p.map((c) => path.relative(dir, c.file)).sort());
    expect(names.sort((x, y) => y.length - x.length)).toEqual([['a/base.ts', 'a/labels.ts', 'a/shipments.ts', 'c/src/alias.ts'], ['b/pickup.ts', 'b/use.ts']]);
  });

  it('puts a TypeScript script that declares global types in the part of every file that names one', () => {
    const dir = tempDir('mc-parts-global-');
    const files: Record<string, string> = {
      'a.ts': "import { b } from './b';\nexport const a = b;\n",
      'b.ts': 'export const b = 1;\n',
      'c.ts': "export const c = (w: PickupWindow) => post('/pickup/v1/pickups', w);\n",
      'd.ts': "export const d = '/pickup/v1/pickups'; // PickupWindows is another name\n",
    };
    for (const [f, t] of Object.entries(files)) writeFileSync(path.join(dir, f), t);
    const cands = Object.entries(files).map(([f, text]) => ({ file: path.join(dir, f), text }));
    const names = (parts: { file: string }[][]) => parts.map((p) => p.map((c) => path.basename(c.file)).sort()).sort((x, y) => y.length - x.length || (x[0] < y[0] ? -1 : 1));
    for (const [name, text] of [
      ['global.d.ts', 'interface PickupWindow { courier_id: string; preferred_date: string }\n'],
      ['augment.ts', 'export {};\ndeclare global {\n  interface PickupWindow { courier_id: string }\n}\n'],
    ]) {
      const parts = partition([...cands, { file: path.join(dir, name), text }], 3)!;
      expect(names(parts)).toEqual([['a.ts', 'b.ts'], [name, 'c.ts'].sort(), ['d.ts']]);
    }
    // a script that declares no type (a CommonJS file in TypeScript) joins nothing
    const script = { file: path.join(dir, 'use.ts'), text: "const { b } = require('./b');\n" };
    expect(names(partition([...cands, script], 4)!)).toEqual([['a.ts', 'b.ts', 'use.ts'], ['c.ts'], ['d.ts']]);
  });

  it("puts a module that sets axios' default base URL in the part of every file that calls axios", () => {
    const files: Record<string, string> = {
      'setup.ts': "import axios from 'axios';\naxios.defaults.baseURL = 'https://api.example.com/2023-01';\n",
      'labels.ts': "import axios from 'axios';\nexport const l = () => axios.post('/labels', {});\n",
      'accounts.js': "const axios = require('axios');\nmodule.exports = (id) => axios.get(`/courier_accounts/${id}`);\n",
      'pickups.ts': "export const p = () => fetch('/pickup/v1/pickups');\n",
    };
    const names = partNames('mc-parts-', files);
    expect(names).toEqual([['accounts.js', 'labels.ts', 'setup.ts'], ['pickups.ts']]);
  });

  it("puts a handler of the old event in the part of every file that may register a webhook (the handler waits for them)", () => {
    const files: Record<string, string> = {
      'handler.ts': "export const on = (e: { type: string }) => e.type === 'courier_account_state_changed';\n",
      'register.ts': "export const r = () => fetch('/2023-01/webhooks', { method: 'POST', body: JSON.stringify(B) });\n",
      'body.js': "module.exports = { version: '2023-01', event_types: [] };\n",
      'labels.ts': "export const l = () => fetch('/2023-01/labels');\n",
    };
    const names = partNames('mc-parts-', files);
    expect(names).toEqual([['body.js', 'handler.ts', 'register.ts'], ['labels.ts']]);
  });

  it('gives up on parts (one thread) when a tsconfig cannot be read', () => {
    const dir = tempDir('mc-parts-bad-');
    writeFileSync(path.join(dir, 'tsconfig.json'), '{ "compilerOptions": { "paths": ');
    writeFileSync(path.join(dir, 'x.ts'), "import { a } from '@x/a';\n");
    writeJson(path.join(dir, 'y.json'), {});
    expect(partition([{ file: path.join(dir, 'x.ts'), text: "import { a } from '@x/a';\n" }], 2)).toBeUndefined();
  });

  it('runs an analysis sent to a thread that stopped or failed in this thread instead, to the same results', async () => {
    // (the built modules: the analysis thread's worker is a file beside them)
    const { runWhole } = await import('../dist/src/pipeline/workers.js');
    const { threadOf } = await import('../dist/src/pipeline/analysis-thread.js');
    const { analyzeCandidates } = await import('../dist/src/analysis/run.js');
    const { loadConfig } = await import('../dist/src/config.js');
    const dir = path.join(ROOT, 'fixtures', 'projects', 'legacy-client', 'before');
    const files = walk(dir).filter((f) => /\.[jt]s$/.test(f)).map((f) => path.join(dir, f));
    const job = { candidates: files.map((file) => ({ file, text: readFileSync(file, 'utf8') })), given: files, config: loadConfig({ cwd: dir }) };
    const here = await analyzeCandidates(job);
    expect(here.results.some((r) => r.findings.length)).toBe(true);
    const stopped = threadOf(new Worker('process.exit(3)', { eval: true }));
    // asked whether or not its end has been heard of yet, then again once it has
    expect(await runWhole(job, stopped)).toEqual(here);
    expect(stopped.failed?.message).toMatch(/stopped \(exit code 3\)/);
    expect(await runWhole(job, stopped)).toEqual(here);
    const failing = threadOf(new Worker("require('node:worker_threads').parentPort.once('message', () => { throw new Error('boom'); });", { eval: true }));
    expect(await runWhole(job, failing)).toEqual(here);
    expect(failing.failed?.message).toMatch(/boom/);
  });
});
