// `--cache` through the command: a run where nothing changed takes every result from the cache and
// loads no compiler; a cache file that is corrupt, truncated, another tool's or of an older format is
// ignored and written again; two runs at once leave a whole cache; --fix reads it and leaves it
// holding the fixed files; --cache-location takes a file or a folder; --cache-strategy content sees
// through a changed modification time. (That the reports stay those of a cold run after any edit is
// test/cache-property.test.ts.)
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, gitInit, ROOT, runCli, tempCopy, tempTree } from './helpers.js';
import { cachedRunAhead } from '../src/cache/location.js';

const PROJECT = path.join(ROOT, 'fixtures', 'projects', 'legacy-client', 'before');
const JSON_ARGS = ['-r', 'json', '--no-progress', '.'];
const TRACE = { MIGRATE_CHECK_TRACE: '1' };

/** The trace line of a cached run: how many candidates it analysed again, of how many. */
function reanalysed(stderr: string): { used: boolean; again: number; of: number } {
  const m = /cache: (read|none to use); \d+ files changed, added, deleted or moved in the graph; (\d+) of (\d+) candidates analysed again/.exec(stderr);
  if (!m) throw new Error(`no cache line in:\n${stderr}`);
  return { used: m[1] === 'read', again: Number(m[2]), of: Number(m[3]) };
}

/** A cache file's lines: its meta, the quick part (results and graph), the rest of the entries, the walk (or null); then what follows them (the report kept, or nothing). */
function cacheLines(text: string): [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>, Record<string, unknown> | null, string] {
  const lines = text.split('\n');
  expect(lines.length).toBeGreaterThanOrEqual(5);
  return [JSON.parse(lines[0]), JSON.parse(lines[1]), JSON.parse(lines[2]), JSON.parse(lines[3]), lines.slice(4).join('\n')];
}

/** A cache file's text with its line `n` (0: the meta, 2: the rest of the entries) changed (its checksum left as it was). */
function lineChanged(text: string, n: number, change: (line: string) => string): string {
  const lines = text.split('\n');
  lines[n] = change(lines[n]);
  return lines.join('\n');
}

/** A cache file's text with its header changed (the header is a JSON text inside its first line). */
function withHeader(text: string, change: (header: string) => string): string {
  const [meta, ...rest] = text.split('\n');
  const c = JSON.parse(meta);
  const header = change(c.header);
  expect(header).not.toBe(c.header);
  return [JSON.stringify({ ...c, header }), ...rest].join('\n');
}

/** A cache file's text with its line `n` (1: the quick part, 2: the rest) changed, and that line's checksum made right again. */
function mended(text: string, n: 1 | 2, change: (line: string) => string): string {
  const lines = text.split('\n');
  const changed = change(lines[n]);
  expect(changed).not.toBe(lines[n]);
  const sum = createHash('sha1').update(`${changed}\n`).digest('hex');
  lines[n] = changed;
  lines[0] = JSON.stringify({ ...JSON.parse(lines[0]), [n === 1 ? 'quickSum' : 'fullSum']: sum });
  return lines.join('\n');
}

const isOurs = (file: string) => {
  const [meta, , full] = cacheLines(readFileSync(file, 'utf8'));
  return meta.format === 'migrate-check-cache' && typeof full.files === 'object' && Object.keys(full.files as object).length > 0;
};

describe('--cache', () => {
  it('takes everything from the cache when nothing changed, without loading the compiler', () => {
    const dir = tempCopy(PROJECT);
    const cold = runCli(JSON_ARGS, dir);
    const first = runCli(['--cache', ...JSON_ARGS], dir, TRACE);
    expect(first.stdout).toBe(cold.stdout);
    expect(first.code).toBe(cold.code);
    expect(reanalysed(first.stderr)).toEqual({ used: false, again: 7, of: 7 });
    const second = runCli(['--cache', ...JSON_ARGS], dir, TRACE);
    expect(second.stdout).toBe(cold.stdout);
    expect(second.code).toBe(cold.code);
    expect(reanalysed(second.stderr)).toEqual({ used: true, again: 0, of: 7 });
    expect(second.stderr).not.toMatch(/compiler loaded|files parsed/);
    expect(isOurs(path.join(dir, '.migrate-check-cache'))).toBe(true);
  });

  it('analyses again the files an edit touches, with the modules tied to them, and no others', () => {
    const dir = tempCopy(PROJECT);
    runCli(['--cache', ...JSON_ARGS], dir);
    // webhooks.ts stands alone; endpoints.ts is imported by the modules that send its paths
    const file = path.join(dir, 'src', 'webhooks.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('2023-01', '2024-09'));
    const after = runCli(['--cache', ...JSON_ARGS], dir, TRACE);
    expect(after.stdout).toBe(runCli(JSON_ARGS, dir).stdout);
    const r = reanalysed(after.stderr);
    expect(r.again).toBeGreaterThan(0);
    expect(r.again).toBeLessThan(r.of);
  });

  it('ties a wrapper filling its body with its parameters to the modules importing it, not to namesakes elsewhere', () => {
    // each package has its own bookPickup, whose body members are its parameters: the callers that
    // fill them import it, so an edit in one package analyses that package's two modules again,
    // nothing of the other
    const pickups = "export async function bookPickup(id: string, ids: string[]) {\n  return fetch('https://legacy.example.com/pickup/v1/pickups', { method: 'POST', body: JSON.stringify({ courier_id: id, service_shipment_ids: ids }) });\n}\n";
    const page = "import { bookPickup } from './pickups';\nexport const book = () => bookPickup('dhl', ['s1']);\n";
    const dir = tempTree({
      'package.json': '{ "name": "mono", "private": true, "workspaces": ["packages/*"] }\n',
      'packages/a/package.json': '{ "name": "a" }\n',
      'packages/a/src/pickups.ts': pickups,
      'packages/a/src/page.ts': page,
      'packages/b/package.json': '{ "name": "b" }\n',
      'packages/b/src/pickups.ts': pickups,
      'packages/b/src/page.ts': page,
    });
    runCli(['--cache', ...JSON_ARGS], dir);
    const file = path.join(dir, 'packages/b/src/pickups.ts');
    writeFileSync(file, `${readFileSync(file, 'utf8')}// touched\n`);
    const after = runCli(['--cache', ...JSON_ARGS], dir, TRACE);
    expect(after.stdout).toBe(runCli(JSON_ARGS, dir).stdout);
    expect(reanalysed(after.stderr)).toEqual({ used: true, again: 2, of: 4 });
  });

  it('keeps requests of one monorepo apart when they send the same old path; a fake server in test code ties to its own', () => {
    // `.post(` is a request in src/, a fake server's route only in test code: the two label modules
    // share no component, the pickup module goes with the fake server doubling its path
    const send = (p: string, body: string) => `import axios from 'axios';\nexport const send = () => axios.post('https://api.example.com${p}', ${body});\n`;
    const dir = tempTree({
      'package.json': '{ "name": "mono", "private": true, "workspaces": ["packages/*"] }\n',
      'packages/a/package.json': '{ "name": "a" }\n',
      'packages/a/src/labels.ts': send('/2023-01/labels', "{ shipments: [{ courier_id: 'dhl' }] }"),
      'packages/b/package.json': '{ "name": "b" }\n',
      'packages/b/src/labels.ts': send('/2023-01/labels', "{ shipments: [{ courier_id: 'ups' }] }"),
      'packages/c/package.json': '{ "name": "c" }\n',
      'packages/c/src/pickups.ts': send('/pickup/v1/pickups', "{ courier_id: 'dhl', service_shipment_ids: ['s1'] }"),
      'packages/c/test/fake-server.test.ts': "import express from 'express';\nconst app = express();\napp.post('/pickup/v1/pickups', (req, res) => res.json({ id: req.body.courier_id }));\n",
    });
    runCli(['--cache', ...JSON_ARGS], dir);
    const touch = (file: string) => writeFileSync(path.join(dir, file), `${readFileSync(path.join(dir, file), 'utf8')}// touched\n`);
    touch('packages/a/src/labels.ts');
    let after = runCli(['--cache', ...JSON_ARGS], dir, TRACE);
    expect(after.stdout).toBe(runCli(JSON_ARGS, dir).stdout);
    expect(reanalysed(after.stderr)).toEqual({ used: true, again: 1, of: 4 });
    touch('packages/c/src/pickups.ts');
    after = runCli(['--cache', ...JSON_ARGS], dir, TRACE);
    expect(after.stdout).toBe(runCli(JSON_ARGS, dir).stdout);
    expect(reanalysed(after.stderr)).toEqual({ used: true, again: 2, of: 4 });
  });

  it('ties a wrapper to its callers by name, where no import ties them', () => {
    // book.ts is handed the client: it never imports client.ts, whose path its body goes to
    const dir = tempTree({
      'src/client.ts': "import axios from 'axios';\nexport class Client {\n  createPickup(body: unknown) {\n    return axios.post('https://api.example.com/pickup/v1/pickups', body);\n  }\n}\n",
      'src/book.ts': "export function book(client: { createPickup(b: unknown): unknown }) {\n  return client.createPickup({ courier_id: 'dhl', preferred_date: '2025-03-04', service_shipment_ids: ['s1'] });\n}\n",
      'src/other.ts': "export const PATH = '/2023-01/labels';\n",
    });
    const before = runCli(['--cache', ...JSON_ARGS], dir);
    expect(before.stdout).toMatch(/book\.ts","messages":\[\{"ruleId":"v1-pickup-field"/);
    // the wrapper now sends to the 2024-09 path: the caller's body findings change with it
    const client = path.join(dir, 'src', 'client.ts');
    writeFileSync(client, readFileSync(client, 'utf8').replace('https://api.example.com/pickup/v1/pickups', '/2024-09/pickups'));
    const cold = runCli(JSON_ARGS, dir);
    expect(cold.stdout).not.toBe(before.stdout);
    const after = runCli(['--cache', ...JSON_ARGS], dir, TRACE);
    expect(after.stdout).toBe(cold.stdout);
    // client.ts no longer passes the text test; book.ts is analysed again, other.ts (tied to neither) is not
    expect(reanalysed(after.stderr)).toEqual({ used: true, again: 1, of: 2 });
  });

  it('ties a test double to a v1 prefix constant of its project, where no import ties them', () => {
    // the nock doubles POST /pickup/v1/pickups; once the request is gone, only endpoints.js' prefix
    // constant has that path (held), so the double is held with it, in a cached run as in a cold one
    const dir = tempTree({
      'package.json': '{ "name": "p" }\n',
      'lib/endpoints.js': "const PREFIX = '/pickup/v1';\nexports.pickups = process.env.SHIPPING_LEGACY_URL + PREFIX + '/pickups';\n",
      'lib/api.js': "const request = require('request');\nexports.apiCall = (method, path, body, cb) => request({ method, url: 'https://legacy.ship.test' + path, json: body }, cb);\n",
      'services/pickups.js': "const { apiCall } = require('../lib/api');\nexports.schedule = (id, ids, cb) => apiCall('POST', '/pickup/v1/pickups', { courier_id: id, service_shipment_ids: ids }, cb);\n",
      'test/pickups.test.js': "const nock = require('nock');\nit('books', () => {\n  nock('https://legacy.ship.test').post('/pickup/v1/pickups', { courier_id: 'svc_1', service_shipment_ids: ['s1'] }).reply(201, {});\n});\n",
    });
    runCli(['--cache', ...JSON_ARGS], dir);
    rmSync(path.join(dir, 'services', 'pickups.js'));
    writeFileSync(path.join(dir, 'lib', 'api.js'), readFileSync(path.join(dir, 'lib', 'api.js'), 'utf8') + '// touched\n');
    const cold = runCli(JSON_ARGS, dir);
    expect(cold.stdout).toMatch(/pickups\.test\.js","messages":\[[^\]]*left for a person/);
    expect(runCli(['--cache', ...JSON_ARGS], dir).stdout).toBe(cold.stdout);
  });

  it('ties a store handing out its body to the files that call the store by name, where no import ties them', () => {
    // QuickAdd.vue changes `form.shipments` through `useLabels()`: a store copied under the same name
    // (labels-copy.ts) may be the one it calls, so the copy's request is held as the original's is
    const dir = tempCopy(path.join(ROOT, 'fixtures', 'projects', 'pinia-label-store', 'before'));
    runCli(['--cache', ...JSON_ARGS], dir);
    const store = path.join(dir, 'src', 'stores', 'labels.ts');
    writeFileSync(store.replace(/\.ts$/, '-copy.ts'), readFileSync(store, 'utf8'));
    const cold = runCli(JSON_ARGS, dir);
    expect(cold.stdout).toMatch(/labels-copy\.ts","messages":\[[^\]]*returned by `useLabels`\) and used by a key that changes in QuickAdd\.vue/);
    expect(runCli(['--cache', ...JSON_ARGS], dir).stdout).toBe(cold.stdout);
  });

  it('sees a change of where an import leads when no source file changed (a tsconfig path)', () => {
    const tsconfig = (to: string) => JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@api/*': [`${to}/*`] } } });
    const dir = tempTree({
      'tsconfig.json': tsconfig('src/old'),
      'src/old/paths.ts': "export const LABELS = 'https://api.example.com/2023-01/labels';\n",
      'src/new/paths.ts': "export const LABELS = 'https://api.example.com/2024-09/batches/labels';\n",
      'src/send.ts': "import axios from 'axios';\nimport { LABELS } from '@api/paths';\nexport const send = () => axios.post(LABELS, { labels: [{ courier_id: 'dhl' }] });\n",
    });
    const before = runCli(['--cache', ...JSON_ARGS], dir);
    expect(before.stdout).toMatch(/send\.ts","messages":\[\{"ruleId"/);
    // the same sources; the alias now leads to the 2024-09 paths, and send.ts has nothing left
    writeFileSync(path.join(dir, 'tsconfig.json'), tsconfig('src/new'));
    const cold = runCli(JSON_ARGS, dir);
    expect(cold.stdout).toMatch(/send\.ts","messages":\[\]/);
    const after = runCli(['--cache', ...JSON_ARGS], dir, TRACE);
    expect(after.stdout).toBe(cold.stdout);
    expect(reanalysed(after.stderr).again).toBeGreaterThan(0);
  });

  it('loads the compiler on a worker thread from the first change it sees in the import graph, to the report one thread gives', () => {
    const THREAD = { ...TRACE, MIGRATE_CHECK_WORKERS: '2' };
    const ONE = { ...TRACE, MIGRATE_CHECK_WORKERS: '0' };
    const lineOf = (stderr: string, re: RegExp) => stderr.split('\n').findIndex((l) => re.test(l));
    const [a, b] = [tempCopy(PROJECT), tempCopy(PROJECT)];
    for (const dir of [a, b]) {
      writeFileSync(path.join(dir, 'src', 'plain.ts'), 'export const answer = 42;\n');
      // the first run, with no cache to use, reads and analyses everything in this thread
      expect(runCli(['--cache', ...JSON_ARGS], dir, THREAD).stderr).toMatch(/files to parse, in this thread/);
      // endpoints.ts is in the graph (the modules that send its paths import it)
      const endpoints = path.join(dir, 'src', 'endpoints.ts');
      writeFileSync(endpoints, `${readFileSync(endpoints, 'utf8')}// touched\n`);
    }
    const ahead = runCli(['--cache', ...JSON_ARGS], a, THREAD);
    const here = runCli(['--cache', ...JSON_ARGS], b, ONE);
    const cold = runCli(JSON_ARGS, a).stdout;
    expect(ahead.stdout).toBe(cold);
    expect(here.stdout).toBe(runCli(JSON_ARGS, b).stdout);
    expect(here.stdout.replaceAll(b, a)).toBe(cold);
    // started before the other files were keyed, and given the analysis
    expect(lineOf(ahead.stderr, /a worker thread starts/)).toBeGreaterThan(-1);
    expect(lineOf(ahead.stderr, /a worker thread starts/)).toBeLessThan(lineOf(ahead.stderr, /cache: \d+ files keyed/));
    expect(ahead.stderr).toMatch(/files to parse, on the worker thread started ahead/);
    expect(reanalysed(ahead.stderr)).toEqual(reanalysed(here.stderr));
    expect(here.stderr).not.toMatch(/worker thread/);
    expect(here.stderr).toMatch(/files to parse, in this thread/);

    // a change to a file outside the graph: known once every key is, and nothing in it to analyse
    writeFileSync(path.join(a, 'src', 'plain.ts'), 'export const answer = 43;\n');
    const outside = runCli(['--cache', ...JSON_ARGS], a, THREAD);
    expect(outside.stdout).toBe(cold);
    expect(lineOf(outside.stderr, /a worker thread starts/)).toBeGreaterThan(lineOf(outside.stderr, /cache: \d+ files keyed/));
    expect(outside.stderr).not.toMatch(/files to parse/);
    // nothing changed: no thread
    const none = runCli(['--cache', ...JSON_ARGS], a, THREAD);
    expect(none.stdout).toBe(cold);
    expect(none.stderr).not.toMatch(/worker thread/);
  });

  const spoiled: [string, (text: string) => string][] = [
    ['corrupt (bytes that are not JSON)', () => '\u0000\u0001garbage{{{'],
    ['truncated', (text) => text.slice(0, Math.floor(text.length / 2))],
    ['another tool’s (ESLint’s cache)', () => JSON.stringify([{ '/x/a.js': '1' }, { size: 10, mtime: 1, hash: 'abc' }])],
    ['of an older format', (text) => text.replace(/"version":\d+/, '"version":0')],
    ['written by another build of the tool (its header differs)', (text) => withHeader(text, (h) => h.replace(/"[0-9a-f]{40}"/, `"${'0'.repeat(40)}"`))],
    ['written with another config (its header differs)', (text) => withHeader(text, (h) => h.replace('"ignorePatterns":[]', '"ignorePatterns":["x"]'))],
    ['spoiled in an entry (its checksum no longer right)', (text) => lineChanged(text, 2, (full) => full.replace(/"key":"[^"]*"/, '"key":7'))],
    ['well-formed with a result that is not (its checksum mended)', (text) => mended(text, 1, (quick) => quick.replace(/"line":\d+/, '"line":"7"'))],
    ['cut after its first line', (text) => text.slice(0, text.indexOf('\n') + 1)],
    ['holding keys of the graph that are not a list of names', (text) => text.replace(/"graphKeys":\[/, '"graphKeys":[7,')],
    ['holding a report whose counts are not numbers', (text) => lineChanged(text, 0, (meta) => meta.replace(/"errors":\d+/, '"errors":"1"'))],
    ['cut inside the report it keeps, the report\'s entry taken out', (text) => lineChanged(text, 0, (meta) => meta.replace(/,"report":\{[^}]*\}/, '')).slice(0, -10)],
  ];
  for (const [what, spoil] of spoiled) {
    it(`ignores a cache file that is ${what}, and writes it again`, () => {
      const dir = tempCopy(PROJECT);
      const cold = runCli(JSON_ARGS, dir);
      const file = path.join(dir, '.migrate-check-cache');
      runCli(['--cache', ...JSON_ARGS], dir);
      const good = readFileSync(file, 'utf8');
      const bad = spoil(good);
      expect(bad).not.toBe(good);
      writeFileSync(file, bad);
      const run = runCli(['--cache', ...JSON_ARGS], dir, TRACE);
      expect(run.stdout).toBe(cold.stdout);
      expect(run.code).toBe(cold.code);
      expect(reanalysed(run.stderr)).toEqual({ used: false, again: 7, of: 7 });
      expect(run.stderr).not.toMatch(/Error|at .*\.js:\d+/);
      expect(isOurs(file)).toBe(true);
      expect(reanalysed(runCli(['--cache', ...JSON_ARGS], dir, TRACE).stderr)).toEqual({ used: true, again: 0, of: 7 });
    });
  }

  it('finds a bad entry (its checksum mended) in the part it reads only after a change, and builds the cache again', () => {
    const dir = tempCopy(PROJECT);
    const file = path.join(dir, '.migrate-check-cache');
    runCli(['--cache', ...JSON_ARGS], dir);
    writeFileSync(file, mended(readFileSync(file, 'utf8'), 2, (full) => full.replace(/"key":"[^"]*"/, '"key":7')));
    // nothing changed: the quick part (results and graph) is all a run reads, and it is sound
    const quiet = runCli(['--cache', ...JSON_ARGS], dir, TRACE);
    expect(quiet.stdout).toBe(runCli(JSON_ARGS, dir).stdout);
    expect(reanalysed(quiet.stderr)).toEqual({ used: true, again: 0, of: 7 });
    // a change needs the rest, which is not believed: every candidate is analysed again
    const labels = path.join(dir, 'src', 'labels.ts');
    writeFileSync(labels, readFileSync(labels, 'utf8') + '\n// edited\n');
    const run = runCli(['--cache', ...JSON_ARGS], dir, TRACE);
    expect(run.stdout).toBe(runCli(JSON_ARGS, dir).stdout);
    expect(reanalysed(run.stderr)).toEqual({ used: false, again: 7, of: 7 });
    expect(run.stderr).not.toMatch(/Error|at .*\.js:\d+/);
    expect(reanalysed(runCli(['--cache', ...JSON_ARGS], dir, TRACE).stderr)).toEqual({ used: true, again: 0, of: 7 });
  });

  it('is left whole by two runs at once', async () => {
    const dir = tempCopy(PROJECT);
    const cold = runCli(JSON_ARGS, dir);
    const once = () =>
      new Promise<string>((resolve) => {
        const p = spawn(process.execPath, [BIN, '--cache', ...JSON_ARGS], { cwd: dir, env: { ...process.env, NO_COLOR: '1', CI: 'true' } });
        let out = '';
        p.stdout.on('data', (d) => (out += d));
        p.on('close', () => resolve(out));
      });
    for (let round = 0; round < 3; round++) {
      // an edit, then two runs that both find it changed and both write the cache
      const file = path.join(dir, 'src', 'labels.ts');
      writeFileSync(file, readFileSync(file, 'utf8') + `\n// round ${round}\n`);
      const expected = runCli(JSON_ARGS, dir).stdout;
      const [a, b] = await Promise.all([once(), once()]);
      expect(a).toBe(expected);
      expect(b).toBe(expected);
      expect(isOurs(path.join(dir, '.migrate-check-cache'))).toBe(true);
    }
    expect(cold.stdout).not.toBe('');
    // no temporary file is left beside it
    expect(readdirSync(dir).filter((f) => f.startsWith('.migrate-check-cache'))).toEqual(['.migrate-check-cache']);
    const after = runCli(['--cache', ...JSON_ARGS], dir, TRACE);
    expect(reanalysed(after.stderr)).toEqual({ used: true, again: 0, of: 7 });
  });

  it('is read by --fix and left holding the files it wrote', () => {
    const dir = tempCopy(PROJECT);
    gitInit(dir);
    runCli(['--cache', ...JSON_ARGS], dir);
    const fixed = runCli(['--fix', '--cache', '--no-progress', '.'], dir, TRACE);
    expect(fixed.stderr).toMatch(/cache: read; 0 files changed/);
    expect(fixed.stdout).toMatch(/files? changed/);
    const cold = runCli(JSON_ARGS, dir);
    const after = runCli(['--cache', ...JSON_ARGS], dir, TRACE);
    expect(after.stdout).toBe(cold.stdout);
    // the fixed files were analysed again by --fix itself: this run finds nothing changed
    expect(reanalysed(after.stderr).again).toBe(0);
  });

  it('--cache-location: a file, an existing folder, a path ending with a slash', () => {
    const dir = tempCopy(PROJECT);
    const cold = runCli(JSON_ARGS, dir).stdout;
    expect(runCli(['--cache', '--cache-location', 'tmp/my-cache.json', ...JSON_ARGS], dir).stdout).toBe(cold);
    expect(isOurs(path.join(dir, 'tmp', 'my-cache.json'))).toBe(true);
    mkdirSync(path.join(dir, 'caches'));
    expect(runCli(['--cache', '--cache-location', 'caches', ...JSON_ARGS], dir).stdout).toBe(cold);
    const inFolder = readdirSync(path.join(dir, 'caches'));
    expect(inFolder).toHaveLength(1);
    expect(inFolder[0]).toMatch(/^\.migrate-check-cache-[0-9a-f]{12}$/);
    expect(runCli(['--cache', '--cache-location', 'new-folder/', ...JSON_ARGS], dir).stdout).toBe(cold);
    expect(readdirSync(path.join(dir, 'new-folder'))).toEqual(inFolder);
    expect(existsSync(path.join(dir, '.migrate-check-cache'))).toBe(false);
  });

  it('tells a --cache run that will find its cache file from its raw arguments (bin/migrate-check.js keeps V8 defaults for it)', () => {
    const dir = tempCopy(PROJECT);
    mkdirSync(path.join(dir, 'caches'));
    const ahead = (...argv: string[]) => cachedRunAhead([...argv, ...JSON_ARGS], dir);
    expect(ahead('--cache')).toBe(false);
    expect(ahead('--cache', '--cache-location', 'caches')).toBe(false);
    runCli(['--cache', ...JSON_ARGS], dir);
    runCli(['--cache', '--cache-location', 'caches', ...JSON_ARGS], dir);
    runCli(['--cache', '--cache-location', 'tmp/my-cache.json', ...JSON_ARGS], dir);
    expect(ahead('--cache')).toBe(true);
    expect(ahead('--cache', '--cache-location', 'caches')).toBe(true);
    expect(ahead('--cache-location=caches/', '--cache')).toBe(true);
    expect(ahead('--cache', '--cache-location=tmp/my-cache.json')).toBe(true);
    expect(ahead('--cache', '--cache-location', 'tmp/other.json')).toBe(false);
    expect(ahead('--cache', '--cache-location', 'new-folder/')).toBe(false);
    // without --cache no cache is read, whatever is there
    expect(ahead()).toBe(false);
    expect(ahead('--cache-location', 'caches')).toBe(false);
  });

  it('--cache-strategy content: a new modification time alone changes nothing; metadata looks again', () => {
    const dir = tempCopy(PROJECT);
    const touchAll = () => {
      for (const f of readdirSync(path.join(dir, 'src'))) utimesSync(path.join(dir, 'src', f), new Date(2031, 0, 1), new Date(2031, 0, 1));
    };
    runCli(['--cache', '--cache-strategy', 'content', ...JSON_ARGS], dir);
    touchAll();
    expect(reanalysed(runCli(['--cache', '--cache-strategy', 'content', ...JSON_ARGS], dir, TRACE).stderr)).toEqual({ used: true, again: 0, of: 7 });
    // a cache of the other strategy is not used
    expect(reanalysed(runCli(['--cache', ...JSON_ARGS], dir, TRACE).stderr).used).toBe(false);
    utimesSync(path.join(dir, 'src', 'http.ts'), new Date(2032, 0, 1), new Date(2032, 0, 1));
    expect(reanalysed(runCli(['--cache', ...JSON_ARGS], dir, TRACE).stderr).again).toBeGreaterThan(0);
  });

  it('words a bad flag in one line (exit 2), and a cache it cannot write as a warning', () => {
    const dir = tempCopy(PROJECT);
    const bad = runCli(['--cache', '--cache-strategy', 'hash', '.'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('migrate-check: unknown cache strategy: hash (choose metadata or content)\n');
    const alone = runCli(['--cache-location', 'x', '.'], dir);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toBe('migrate-check: --cache-location goes with --cache\n');
    // the location is a file where a folder would have to be
    writeFileSync(path.join(dir, 'blocker'), '');
    const cold = runCli(JSON_ARGS, dir);
    const blocked = runCli(['--cache', '--cache-location', 'blocker/cache', ...JSON_ARGS], dir);
    expect(blocked.stdout).toBe(cold.stdout);
    expect(blocked.code).toBe(cold.code);
    expect(blocked.stderr).toMatch(/^migrate-check: cannot write the cache .*blocker\/cache \(E[A-Z]+\)\n$/);
  });
});
