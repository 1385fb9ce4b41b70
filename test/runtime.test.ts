// The run-time hook (migrate-check/register) on a hand-written client app (fixtures/runtime/app)
// that talks to a loopback server: what it reports, where, and that the app runs as without it;
// and as a client's vitest setup file (fixtures/runtime/vitest-client).
// Uses the built hook in dist/ (npm run build first).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, tempCopy, tempDir } from './helpers.js';
import { checkRequest } from '../src/runtime/check.js';
import { classify, settingsFrom } from '../src/runtime/classify.js';

const APP = path.join(ROOT, 'fixtures', 'runtime', 'app');
const ESM = path.join(ROOT, 'dist', 'src', 'runtime', 'register.js');
const CJS = path.join(ROOT, 'dist', 'src', 'runtime', 'register.cjs');

function run(script: string, flags: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [...flags, script], { cwd: APP, encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Message {
  ruleId: string;
  line: number;
  column: number;
  message: string;
  count: number;
  runtime: { method: string; url: string; via?: string };
}

function reports(dir: string): { filePath: string; messages: Message[] }[][] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
}

/** `file:line rule ×count (via)`, one per message, sorted. */
function lines(report: { filePath: string; messages: Message[] }[]): string[] {
  return report
    .flatMap((r) => r.messages.map((m) => `${path.relative(APP, r.filePath)}:${m.line} ${m.ruleId} x${m.count}${m.runtime.via ? ` via ${m.runtime.via}` : ''}`))
    .sort();
}

// written by hand from app.mjs: each request's call site and the rules it breaks
const EXPECTED = [
  'app.mjs:15 unmapped-2023-01-path x1', // send('/2023-01/rates'): a body that is not JSON
  'app.mjs:15 unmapped-2023-01-path x1', // send('/2023-01/shipments'): a body over the cap
  'app.mjs:28 courier-accounts-path x2', // the path built from settings.json, sent twice
  'app.mjs:34 label-entry-field x1 via shipping-sdk',
  'app.mjs:34 labels-path x1 via shipping-sdk',
  'app.mjs:39 v1-pickup-field x1', // courier_id
  'app.mjs:39 v1-pickup-field x1', // preferred_date
  'app.mjs:39 v1-pickup-field x1', // pickup.preferred_min_time
  'app.mjs:39 v1-pickup-field x1', // pickup.preferred_max_time
  'app.mjs:39 v1-pickup-nested-object x1',
  'app.mjs:39 v1-pickup-time-value x1',
  'app.mjs:39 v1-pickup-time-value x1',
  'app.mjs:39 v1-pickups-path x1',
  'app.mjs:46 webhook-event-renamed x1',
  'app.mjs:46 webhook-version x1',
  'app.mjs:46 webhooks-path x1',
  'app.mjs:55 courier-selection x1', // courier_selection sent to /2024-09/shipments
  'app.mjs:55 courier-selection x1', // its selected_courier_id
  'app.mjs:80 labels-path x1', // the stream body: its path alone
];

describe('migrate-check/register on the fixture app', () => {
  const plain = run('app.mjs', []);

  it('runs the app the same with and without the hook', () => {
    expect(plain.code).toBe(0);
    expect(plain.stderr).toBe('');
    expect(plain.stdout.split('\n')).toHaveLength(12); // 11 responses
    for (const flags of [['--import', ESM], ['--require', CJS]]) {
      const dir = tempDir('mc-runtime-');
      const hooked = run('app.mjs', flags, { MIGRATE_CHECK_RUNTIME_DIR: dir });
      expect(hooked.code).toBe(0);
      expect(hooked.stdout).toBe(plain.stdout);
      const [report, ...more] = reports(dir);
      expect(more).toHaveLength(0);
      expect(lines(report)).toEqual(EXPECTED);
      // the stream and the body over the cap: one line each, nothing else
      expect(hooked.stderr.trim().split('\n').map((l) => l.replace(/http:\/\/127\.0\.0\.1:\d+/, 'URL'))).toEqual([
        'migrate-check/register: the body of POST URL/2023-01/shipments is over 1 MiB: its path was checked, its body was not',
        'migrate-check/register: the body of POST URL/2023-01/labels is a stream given to fetch: its path was checked, its body was not (the hook never reads a stream it would take from the client)',
      ]);
    }
  });

  it('words a finding as the static rule does, plus "seen at run time" and the URL', () => {
    const dir = tempDir('mc-runtime-');
    run('app.mjs', ['--import', ESM], { MIGRATE_CHECK_RUNTIME_DIR: dir });
    const [report] = reports(dir);
    const all = report.flatMap((r) => r.messages.map((m) => ({ ...m, file: r.filePath })));
    const path2023 = all.find((m) => m.ruleId === 'courier-accounts-path')!;
    expect(path2023.file).toBe(path.join(APP, 'app.mjs'));
    expect(path2023.column).toBe(25);
    expect(path2023.message).toMatch(
      /^`\/2023-01\/courier_accounts\/ca_7` \(GET \/2023-01\/courier_accounts\/\{courier_account_id\}\) is 2023-01; 2024-09 uses `\/2024-09\/couriers\/\{courier_id\}`; `--fix` rewrites it where a scan finds it in the code\. Seen at run time: GET http:\/\/127\.0\.0\.1:\d+\/2023-01\/courier_accounts\/ca_7\.$/,
    );
    const sdk = all.find((m) => m.ruleId === 'labels-path' && m.runtime.via)!;
    expect(sdk.message).toMatch(/Seen at run time: POST http:\/\/127\.0\.0\.1:\d+\/2023-01\/labels, sent from inside shipping-sdk\.$/);
    // nothing about the 2024-09 pickup, nor another vendor's /v1/pickups
    expect(all.filter((m) => /\/2024-09\/pickups|\/v1\/pickups/.test(m.runtime.url) && !m.runtime.url.includes('/pickup/v1/'))).toEqual([]);
  });

  it('never fails the app: a report it cannot write is one stderr line', () => {
    const blocker = path.join(tempDir('mc-runtime-'), 'a-file');
    writeFileSync(blocker, '');
    const hooked = run('app.mjs', ['--import', ESM], { MIGRATE_CHECK_RUNTIME_DIR: blocker });
    expect(hooked.code).toBe(0);
    expect(hooked.stdout).toBe(plain.stdout);
    expect(hooked.stderr.split('\n').filter((l) => l.includes('cannot write the report'))).toHaveLength(1);
  });

  it('with hosts configured, checks only requests to those hosts', () => {
    const dir = tempDir('mc-runtime-');
    const config = path.join(tempDir('mc-runtime-'), 'migrate-check.config.json');
    writeFileSync(config, JSON.stringify({ baseUrl: 'https://api.shipping.example', legacyBaseUrl: 'https://legacy.shipping.example' }));
    const hooked = run('app.mjs', ['--import', ESM], { MIGRATE_CHECK_RUNTIME_DIR: dir, MIGRATE_CHECK_CONFIG: config });
    expect(hooked.stdout).toBe(plain.stdout);
    expect(reports(dir)).toEqual([[]]);
  });

  it('reads the config\'s paths: an entry for the method sent gives the path its 2024-09 form', () => {
    const dir = tempDir('mc-runtime-');
    const config = path.join(tempDir('mc-runtime-'), 'migrate-check.config.json');
    // the app POSTs to both: the shipments entry applies, the rates entry (GET) does not
    writeFileSync(config, JSON.stringify({ paths: { 'POST /2023-01/shipments': 'POST /2024-09/shipments', 'GET /2023-01/rates': 'GET /2024-09/rates' } }));
    const hooked = run('app.mjs', ['--import', ESM], { MIGRATE_CHECK_RUNTIME_DIR: dir, MIGRATE_CHECK_CONFIG: config });
    expect(hooked.stdout).toBe(plain.stdout);
    const [report] = reports(dir);
    expect(lines(report)).toEqual(EXPECTED);
    const said = (p: string) => report.flatMap((r) => r.messages).find((m) => m.runtime.url.endsWith(p))!.message.replace(/http:\/\/127\.0\.0\.1:\d+/, 'URL');
    expect(said('/2023-01/shipments')).toBe(
      "`/2023-01/shipments` is a 2023-01 path the spec does not map; the config's `paths` gives it the 2024-09 form `/2024-09/shipments`; `--fix` rewrites it where a scan finds it in the code. Seen at run time: POST URL/2023-01/shipments.",
    );
    expect(said('/2023-01/rates')).toBe(
      '`/2023-01/rates` is a 2023-01 path the spec does not map; `--fix --unsafe` moves it to `/2024-09/rates` (assumed: check the 2024-09 reference), plain `--fix` leaves it. Seen at run time: POST URL/2023-01/rates.',
    );
  });

  it('writes one report per process and per worker thread', () => {
    const dir = tempDir('mc-runtime-');
    const r = run('processes.mjs', [], { MIGRATE_CHECK_RUNTIME_DIR: dir, NODE_OPTIONS: `--import ${ESM}` });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean).map((l) => l.split(' ')[0]).sort()).toEqual(['child', 'main', 'worker']);
    const all = reports(dir);
    expect(all).toHaveLength(3);
    for (const report of all) expect(report.flatMap((x) => x.messages.map((m) => m.ruleId))).toEqual(['labels-path']);
  });
});

/** A loopback stand-in for the service: answers `METHOD PATH BODY` and keeps each such line. */
async function echoServer(): Promise<{ base: string; received: string[]; close(): void }> {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
      if (body.length > 64 * 1024) req.destroy();
    });
    req.on('end', () => {
      const line = `${req.method} ${req.url} ${body}`;
      received.push(line);
      res.end(line);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, close: () => server.close() };
}

/** Runs node with these arguments without blocking this process (the echo server answers meanwhile); killed after a minute. */
function runNode(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env, timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('migrate-check/register as a vitest setup file', () => {
  // vitest ends a fork with SIGTERM and a thread with terminate(): no exit handler runs in either
  it.each(['forks', 'threads'])("reports the client test's old request at its line, nothing for its 2024-09 one, and the run passes (pool %s)", async (pool) => {
    // the client project, with `migrate-check` (this repository) and vitest in its node_modules
    const project = tempCopy(path.join(ROOT, 'fixtures', 'runtime', 'vitest-client'), 'mc-vitest-client-');
    mkdirSync(path.join(project, 'node_modules'));
    symlinkSync(ROOT, path.join(project, 'node_modules', 'migrate-check'), 'dir');
    symlinkSync(path.join(ROOT, 'node_modules', 'vitest'), path.join(project, 'node_modules', 'vitest'), 'dir');
    const dir = tempDir('mc-runtime-');
    const server = await echoServer();
    // the outer run's own VITEST_* variables are not the client's
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
    const run = await runNode([path.join(project, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--pool', pool], project, {
      ...env,
      NO_COLOR: '1',
      SHIPPING_API_URL: server.base,
      MIGRATE_CHECK_RUNTIME_DIR: dir,
    }).finally(() => server.close());
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Tests\s+2 passed \(2\)/);
    expect(run.stderr).not.toContain('migrate-check/register');
    // both requests reached the service as the client sent them
    expect(server.received.sort()).toEqual([
      'POST /2023-01/labels {"shipments":[{"service_shipment_id":"shp_1","courier_id":"cs_1"}]}',
      'POST /2024-09/batches/labels {"shipments":[{"service_shipment_id":"shp_2","courier_service_id":"cs_2"}]}',
    ]);
    // one report per worker the run started: their union, as `file:line:column rule xcount METHOD path`
    const all = reports(dir);
    expect(all.length).toBeGreaterThan(0);
    const union = all
      .flat()
      .flatMap((r) => r.messages.map((m) => `${path.relative(project, r.filePath)}:${m.line}:${m.column} ${m.ruleId} x${m.count} ${m.runtime.method} ${new URL(m.runtime.url).pathname}`))
      .sort();
    // written by hand from test/labels.test.mjs: its line 12 (the 2023-01 fetch) only; line 18 (2024-09) has none
    expect(union).toEqual([
      'test/labels.test.mjs:12:21 label-entry-field x1 POST /2023-01/labels',
      'test/labels.test.mjs:12:21 labels-path x1 POST /2023-01/labels',
    ]);
  });
});

describe('migrate-check merge with run-time reports', () => {
  it('joins a static report and a run-time folder; html shows both; --exit-code fails on errors', () => {
    const dir = tempDir('mc-runtime-');
    run('app.mjs', ['--import', ESM], { MIGRATE_CHECK_RUNTIME_DIR: dir });
    const work = tempDir('mc-runtime-');
    const scan = runCli(['--reporter', 'json', '--no-progress', '-o', path.join(work, 'static.json'), '.'], APP);
    expect(scan.code).toBe(1);
    const merged = runCli(['merge', path.join(work, 'static.json'), dir, '--exit-code', '-o', path.join(work, 'all.json')], APP);
    expect(merged.code).toBe(1);
    const app = (JSON.parse(readFileSync(path.join(work, 'all.json'), 'utf8')) as { filePath: string; messages: Message[]; errorCount: number }[]).find((r) => r.filePath === path.join(APP, 'app.mjs'))!;
    const runtime = app.messages.filter((m) => m.runtime);
    expect(runtime).toHaveLength(EXPECTED.length);
    expect(app.messages.length).toBeGreaterThan(runtime.length);
    expect(app.errorCount).toBe(app.messages.length);
    const html = runCli(['merge', path.join(work, 'static.json'), dir, '--reporter', 'html', '-o', path.join(work, 'page.html')], APP);
    expect(html.code).toBe(0);
    const page = readFileSync(path.join(work, 'page.html'), 'utf8');
    expect(page.match(/data-runtime="\d+"/g)).toHaveLength(EXPECTED.length);
    expect(page).toContain('data-runtime="2"');
  });
});

describe('run-time checks (pure)', () => {
  const none = settingsFrom({ rules: {} });
  const check = (url: string, body?: unknown) => {
    const u = new URL(url);
    const req = classify(u, none);
    return req ? checkRequest(req, body, undefined, u.origin).map((d) => d.ruleId) : null;
  };

  it('decides by the path shape when no hosts are configured', () => {
    expect(check('https://x.example/api/v1/pickups', { courier_id: 'a', preferred_date: 'b' })).toBeNull();
    expect(check('https://x.example/2024-09/couriers/c_1')).toEqual([]);
    expect(check('https://x.example/2024-09/couriers/c_1/estimated_delivery_dates')).toEqual(['estimated-delivery-dates-path']);
    expect(check('https://x.example/rate/v1/quotes')).toEqual(['v1-unmapped-path']);
    expect(check('https://x.example/2024-09/webhooks', { version: '2023-01', event_types: ['courier_state_changed'] })).toEqual(['webhook-version']);
    expect(check('https://x.example/2024-09/batches/labels', { shipments: [{ courier_id: 'a', service_shipment_id: 'b' }] })).toEqual(['label-entry-field']);
  });

  it('keeps a key that a 2024-09 name beside it shows is already migrated', () => {
    expect(check('https://x.example/2023-01/shipments', { courier_id: 'c', courier_service_id: 's' })).toEqual(['unmapped-2023-01-path']);
    expect(check('https://x.example/2023-01/shipments', { courier_account_id: 'c', courier_id: 's' })).toEqual(['unmapped-2023-01-path', 'courier-naming', 'courier-naming']);
  });

  it('a paths entry with a method applies to a request with that method, one without to any', () => {
    const settings = settingsFrom({ rules: {}, paths: { 'PUT /2023-01/shipments/{id}': 'PUT /2024-09/shipments/{id}/details', '/2023-01/rates': '/2024-09/rates/quotes' } });
    const u = new URL('https://x.example/2023-01/shipments/s_1');
    expect(classify(u, settings, 'PUT')!.match.configured).toBe(true);
    expect(classify(u, settings, 'PUT')!.match.newPath).toEqual(['/2024-09/shipments/s_1/details']);
    expect(classify(u, settings, 'GET')!.match.configured).toBeUndefined();
    expect(classify(u, settings)!.match.configured).toBeUndefined();
    const rates = new URL('https://x.example/2023-01/rates');
    expect(classify(rates, settings, 'POST')!.match.newPath).toEqual(['/2024-09/rates/quotes']);
    expect(classify(rates, settings)!.match.configured).toBe(true);
  });

  it('with hosts configured, a legacy host serving a 2024-09 path is the base URL finding', () => {
    const settings = settingsFrom({ rules: {}, baseUrl: 'https://api.example', legacyBaseUrl: 'https://legacy.example/api' });
    const u = new URL('https://legacy.example/api/2024-09/pickups');
    const req = classify(u, settings)!;
    expect(checkRequest(req, undefined, settings.baseUrl, u.origin).map((d) => d.ruleId)).toEqual(['legacy-base-url']);
    expect(classify(new URL('https://other.example/2023-01/labels'), settings)).toBeUndefined();
  });
});
