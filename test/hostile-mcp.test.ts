// The probe, MCP server side: the built `migrate-check mcp --root DIR` as a real process, fed
// malformed and hostile messages kind by kind through a raw line client (test/support/hostile.ts).
// After each kind: ping is answered within 10 s, `check` reports the same findings for the known
// file (positions counted by hand below), nothing outside the root was read (an fs spy loaded into
// the server), written or shown, and the answers keep to JSON-RPC. Build first (`npm run build`).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkSession, expectError, HEALTH_MS, makeTree, RawMcp, snapshotOf, Tally, ZERO, type Json, type Tree } from './support/hostile.js';

// KNOWN (test/support/hostile.ts), line 3: '/2023-01/labels' at column 73, `courier_id` at column 148
const EXPECTED = [
  { ruleId: 'labels-path', line: 3, column: 73 },
  { ruleId: 'label-entry-field', line: 3, column: 148 },
];

describe('migrate-check mcp against a hostile client', () => {
  let tree: Tree;
  let mcp: RawMcp;
  let outsideBefore: string;
  const tally = new Tally();
  const started: RawMcp[] = [];
  let checkedUpTo = 0;
  let mark = 0;
  beforeEach(() => {
    mark = tally.failures.length;
  });

  async function start(): Promise<RawMcp> {
    const s = new RawMcp(tree);
    started.push(s);
    const r = await s.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '0' } });
    expect(r?.result?.serverInfo?.name, `initialize failed: ${JSON.stringify(r)} ${s.stderr}`).toBe('migrate-check');
    await s.notify('notifications/initialized');
    return s;
  }

  const call = (s: RawMcp, name: string, args: unknown, ms = HEALTH_MS) => s.request('tools/call', { name, arguments: args }, ms);
  const brief = (a: Json | undefined) => (a?.result?.structuredContent?.results ?? []).flatMap((r: Json) => r.messages.map((m: Json) => ({ ruleId: m.ruleId, line: m.line, column: m.column })));
  /** A refusal: a JSON-RPC error, or a tool result marked isError. */
  const refused = (a: Json | undefined) => !!a && (!!a.error || a.result?.isError === true);

  async function healthy(kind: string): Promise<void> {
    tally.kinds++;
    if (!tally.check(mcp.alive, 'crashes', `${kind}: the server exited (${mcp.exitCode}); stderr: ${mcp.stderr.slice(-500)}`)) mcp = await start();
    const ping = await mcp.request('ping');
    tally.check(!!ping && 'result' in ping, 'hangs', `${kind}: no answer to ping within 10 s`);
    const a = await call(mcp, 'check', { paths: ['src/labels.ts'] }, 30_000);
    if (tally.check(!!a, 'hangs', `${kind}: no answer to check`)) tally.check(JSON.stringify(brief(a)) === JSON.stringify(EXPECTED), 'wrongAnswers', `${kind}: check: ${JSON.stringify(a).slice(0, 300)}`);
    checkedUpTo = checkSession(mcp, tally, kind, { tree, outsideBefore, spyFrom: checkedUpTo });
    expect(tally.failures.slice(mark)).toEqual([]);
  }

  beforeAll(async () => {
    tree = makeTree();
    outsideBefore = snapshotOf(tree.outside);
    mcp = await start();
  });

  afterAll(() => {
    for (const s of started) s.kill();
  });

  it('answers and checks before any hostile message', async () => {
    await healthy('baseline');
  });

  it('invalid JSON: -32700, with the id when the line shows one', async () => {
    for (const line of ['{', 'not json', '{"jsonrpc":"2.0","id":71,"method":"ping"', '\u0000\u0001']) await mcp.write(`${line}\n`);
    await expectError(mcp, tally, 71, -32700, 'invalid JSON');
    await healthy('invalid JSON');
  });

  it('JSON that is not JSON-RPC: -32600 with the id', async () => {
    for (const line of ['5', '"x"', 'null', '[{"jsonrpc":"2.0","id":72,"method":"ping"}]', '{"id":73,"method":"ping"}', '{"jsonrpc":"1.0","id":74,"method":"ping"}', '{"jsonrpc":"2.0","id":75,"method":5}', '{"jsonrpc":"2.0","id":76}'])
      await mcp.write(`${line}\n`);
    for (const id of [73, 74, 75, 76]) await expectError(mcp, tally, id, -32600, 'not JSON-RPC');
    await mcp.settle();
    tally.check(!mcp.received.some((m) => m.id === 72), 'protocolViolations', 'a request inside a batch was answered');
    await healthy('JSON that is not JSON-RPC');
  });

  it('unknown methods: -32601', async () => {
    for (const method of ['foo/bar', 'resources/list', 'prompts/list', 'shutdown', '']) {
      const a = await mcp.request(method, {});
      tally.check(a?.error?.code === -32601, 'protocolViolations', `${method}: ${JSON.stringify(a)}`);
    }
    await mcp.notify('exit');
    await mcp.notify('foo/bar', {});
    await healthy('unknown methods');
  });

  it('params that are not an object, for every method: -32602 with the id', async () => {
    for (const method of ['ping', 'tools/call', 'tools/list', 'initialize', 'foo/bar'])
      for (const params of ['x', null, 5, [1], true]) {
        const a = await mcp.request(method, params);
        tally.check(a?.error?.code === -32602, 'protocolViolations', `${method} ${JSON.stringify(params)}: ${JSON.stringify(a)}`);
      }
    await healthy('params not an object');
  });

  it('wrong or missing arguments for every tool: refused (an error or isError), never answered as a success', async () => {
    const cases: [string, unknown][] = [
      ['check', { paths: 5 }],
      ['check', { paths: [5] }],
      ['check', { path: 'src' }],
      ['check', 'x'],
      ['fix', { dryRun: 'no' }],
      ['fix', { paths: 'src/labels.ts' }],
      ['fix', { unsafe: 1 }],
      ['explain', {}],
      ['explain', { ruleId: 5 }],
      ['explain', { ruleId: '' }],
      ['explain', { ruleId: 'no-such-rule' }],
      ['list_rules', { x: 1 }],
      ['no_such_tool', {}],
    ];
    for (const [name, args] of cases) tally.check(refused(await call(mcp, name, args)), 'protocolViolations', `tool ${name} ${JSON.stringify(args)} was not refused`);
    for (const params of [{}, { name: 5 }, { name: 'check', arguments: 'x' }]) tally.check(refused(await mcp.request('tools/call', params)), 'protocolViolations', `tools/call ${JSON.stringify(params)} was not refused`);
    await healthy('wrong or missing arguments');
  });

  it('20 MB messages: refused with the id (over the 10 MiB limit); a 5 MB argument is a tool error', async () => {
    const id = mcp.id();
    await mcp.write(`{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"explain","arguments":{"ruleId":"${'x'.repeat(20 * 1024 * 1024)}"}}}\n`);
    await expectError(mcp, tally, id, -32600, '20 MB message');
    tally.check(refused(await call(mcp, 'explain', { ruleId: 'y'.repeat(5 * 1024 * 1024) })), 'wrongAnswers', '5 MB ruleId was not refused');
    await healthy('20 MB messages');
  });

  it('20 MB files: reported as over maxFileSize, not analysed', async () => {
    writeFileSync(path.join(tree.root, 'src', 'huge.ts'), "fetch('/2023-01/labels');\n".repeat(Math.ceil((20 * 1024 * 1024) / 26)));
    const a = await call(mcp, 'check', { paths: ['src/huge.ts'] }, 30_000);
    const messages = a?.result?.structuredContent?.results?.[0]?.messages ?? [];
    tally.check(messages.length === 1 && /over the limit of 4194304 \(maxFileSize\)/.test(messages[0].message), 'wrongAnswers', `20 MB file: ${JSON.stringify(a)?.slice(0, 300)}`);
    await healthy('20 MB files');
  });

  it('100k-deep JSON: -32602 without a stack overflow', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    await mcp.write(`{"jsonrpc":"2.0","id":83,"method":"tools/call","params":{"name":"check","arguments":{"paths":${deep}}}}\n`);
    await mcp.write(`${deep}\n`);
    await expectError(mcp, tally, 83, -32602, '100k-deep JSON');
    await healthy('100k-deep JSON');
  });

  it('200 concurrent requests: every one answered once, with the same findings', async () => {
    const ids = Array.from({ length: 200 }, () => mcp.id());
    await mcp.write(ids.map((id) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'check', arguments: { paths: ['src/labels.ts'] } } }) + '\n').join(''));
    await mcp.waitFor(() => ids.every((id) => mcp.received.some((m) => m.id === id)), 60_000);
    for (const id of ids) {
      const a = mcp.received.find((m) => m.id === id);
      if (tally.check(!!a, 'hangs', `200 requests: no answer to ${id}`)) tally.check(JSON.stringify(brief(a)) === JSON.stringify(EXPECTED), 'wrongAnswers', `200 requests: ${id}`);
    }
    await healthy('200 concurrent requests');
  });

  it('binary garbage', async () => {
    let seed = 26;
    await mcp.write(Buffer.from(Array.from({ length: 65_536 }, () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed & 0xff))));
    await mcp.write('\n');
    await healthy('binary garbage');
  });

  it('broken lines: a message in pieces, two in one write, CRLF, blank lines', async () => {
    const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });
    const [a, b, c] = [mcp.id(), mcp.id(), mcp.id()];
    const first = ping(a);
    await mcp.write(first.slice(0, 10));
    await mcp.settle(100);
    await mcp.write(`${first.slice(10)}\n\n\r\n${ping(b)}\r\n${ping(c)}\n`);
    for (const id of [a, b, c]) tally.check(!!(await mcp.answer(id))?.result, 'hangs', `broken lines: ping ${id}`);
    await healthy('broken lines');
  });

  describe('paths outside the root: a tool error, nothing read or written', () => {
    const cases: [string, (t: Tree) => string[]][] = [
      ['..', (t) => ['../outside/secret.ts', 'src/../../outside', path.join(t.root, '..', 'outside', 'secret.ts')]],
      ['%2e%2e', () => ['%2e%2e/outside/secret.ts', 'src/%2E%2E/%2e%2e/outside']],
      ['symlinks', () => ['src/escape.ts', 'link-out/secret.ts', 'link-out']],
      ['file://localhost', (t) => [`file://localhost${t.secret}`, `file://${t.secret}`]],
      ['/proc/self/root', (t) => [`/proc/self/root${t.secret}`, `/proc/self/root${t.outside}`]],
    ];
    for (const [name, paths] of cases)
      it(name, async () => {
        for (const p of paths(tree))
          for (const [tool, args] of [
            ['check', { paths: [p] }],
            ['fix', { paths: [p], dryRun: false, allowDirty: true }],
          ] as const) {
            const a = await call(mcp, tool, args);
            tally.check(!!a && a.result?.isError === true, 'outsidePathsAccepted', `${tool} ${p}: ${JSON.stringify(a)?.slice(0, 200)}`);
          }
        await healthy(`outside: ${name}`);
      });
  });

  it('before initialize: a tool call is answered and the session still starts', async () => {
    const s = new RawMcp(tree);
    started.push(s);
    const early = await call(s, 'check', { paths: ['src/labels.ts'] }, 30_000);
    tally.check(!!early, 'hangs', 'a tool call before initialize was never answered');
    const init = await s.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'late', version: '0' } });
    tally.check(init?.result?.serverInfo?.name === 'migrate-check', 'wrongAnswers', `initialize after an early call: ${JSON.stringify(init)}`);
    s.proc.stdin!.end();
    tally.check((await Promise.race([s.exited, new Promise((r) => setTimeout(() => r('hung'), HEALTH_MS))])) === 0, 'hangs', 'did not exit when stdin closed');
    await healthy('before initialize');
  });

  it('the client goes away: stdin closed, idle or in the middle of a call, ends the process with 0 within 10 s', async () => {
    for (const busy of [false, true]) {
      const s = await start();
      if (busy) await s.send({ jsonrpc: '2.0', id: s.id(), method: 'tools/call', params: { name: 'check', arguments: {} } });
      s.proc.stdin!.end();
      const code = await Promise.race([s.exited, new Promise((r) => setTimeout(() => r('hung'), HEALTH_MS))]);
      tally.check(code === 0, 'hangs', `stdin closed (${busy ? 'busy' : 'idle'}): ${String(code)}`);
    }
    await healthy('client gone');
  });

  it('keeps the counts at zero', () => {
    expect(tally.failures).toEqual([]);
    expect(tally.counts).toEqual(ZERO);
    expect(tally.kinds).toBe(19);
  });
});
