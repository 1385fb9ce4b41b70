// The probe, language server lifecycle: messages before `initialize`, and `shutdown` and `exit` in
// every order, each on its own `migrate-check lsp --stdio` process (built first: `npm run build`).
// The protocol: before initialize a request gets -32002 and a notification is dropped (nothing
// published); after shutdown a request gets -32600; exit ends the process with 0 after shutdown,
// 1 without; a client that closes stdin ends it the same way.
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_MS, KNOWN, makeTree, RawLsp, spyLines, type Json, type Tree } from './support/hostile.js';

const uriOf = (file: string) => pathToFileURL(file).href;

describe('migrate-check lsp: lifecycle against a hostile client', () => {
  let tree: Tree;
  const started: RawLsp[] = [];
  const spawnLsp = () => {
    const s = new RawLsp(tree);
    started.push(s);
    return s;
  };
  const init = (root: string) => ({ processId: process.pid, rootUri: uriOf(root), capabilities: {} });
  const known = () => uriOf(path.join(tree.root, 'src', 'labels.ts'));
  const open = (s: RawLsp, version: number) => s.notify('textDocument/didOpen', { textDocument: { uri: known(), languageId: 'typescript', version, text: KNOWN } });
  const hover = (s: RawLsp) => s.request('textDocument/hover', { textDocument: { uri: known() }, position: { line: 2, character: 75 } });
  const published = (s: RawLsp) => s.received.filter((m) => m.method === 'textDocument/publishDiagnostics');
  const exitCode = (s: RawLsp) => Promise.race([s.exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), HEALTH_MS))]);

  beforeAll(() => {
    tree = makeTree();
  });

  afterAll(() => {
    for (const s of started) s.kill();
    // no case reads outside the root either
    expect(spyLines(tree)).toEqual([]);
  });

  it('before initialize: requests get -32002, notifications are dropped, a bad initialize is refused and a good one still works', async () => {
    const s = spawnLsp();
    for (const method of ['textDocument/hover', 'textDocument/codeAction', 'shutdown', 'foo/bar']) {
      const a = await s.request(method, method === 'shutdown' ? undefined : {});
      expect(a?.error?.code, `${method}: ${JSON.stringify(a)}`).toBe(-32002);
    }
    await open(s, 1);
    for (const params of ['x', { capabilities: null }, { capabilities: {}, rootUri: 5 }, { capabilities: { textDocument: { hover: { contentFormat: 5 } } } }]) {
      const a = await s.request('initialize', params);
      expect(a?.error?.code, `initialize ${JSON.stringify(params)}: ${JSON.stringify(a)}`).toBe(-32602);
    }
    expect((await hover(s))?.error?.code).toBe(-32002);
    const initAnswer = await s.request('initialize', init(tree.root));
    expect(initAnswer?.result?.capabilities?.hoverProvider).toBe(true);
    // nothing was published for the document opened too early, before or after the answer
    expect(published(s)).toEqual([]);
    await s.notify('initialized', {});
    await open(s, 2);
    expect(await s.diagnostics(known(), 2)).toHaveLength(2);
    expect(published(s).every((m: Json) => m.params.version === 2)).toBe(true);
    // a second initialize is refused; the session goes on
    expect((await s.request('initialize', init(tree.root)))?.error?.code).toBe(-32600);
    expect((await hover(s))?.result?.contents?.value).toContain('labels-path');
    expect(s.badOutput).toEqual([]);
  });

  it('shutdown then exit: requests after shutdown get -32600, nothing more is published, exit code 0', async () => {
    const s = spawnLsp();
    await s.request('initialize', init(tree.root));
    await s.notify('initialized', {});
    expect((await s.request('shutdown'))?.result).toBeNull();
    const count = published(s).length;
    await open(s, 1);
    for (const method of ['textDocument/hover', 'shutdown', 'initialize', 'foo/bar']) {
      const a = await s.request(method, method === 'shutdown' ? undefined : {});
      expect(a?.error?.code, `${method} after shutdown: ${JSON.stringify(a)}`).toBe(-32600);
    }
    expect(published(s)).toHaveLength(count);
    await s.notify('exit');
    expect(await exitCode(s)).toBe(0);
  });

  const orders: [string, (s: RawLsp) => Promise<void>, number][] = [
    ['exit without shutdown', async (s) => void (await s.notify('exit')), 1],
    ['exit before initialize', async () => undefined, 1],
    ['shutdown before initialize (refused), then exit', async (s) => void (await s.request('shutdown')), 1],
    ['shutdown, then stdin closed without exit', async (s) => void (await s.request('shutdown')), 0],
    ['stdin closed without shutdown', async () => undefined, 1],
    ['exit twice after shutdown', async (s) => void (await s.request('shutdown')), 0],
  ];
  for (const [name, before, code] of orders)
    it(`${name}: exit code ${code}, within 10 s`, async () => {
      const s = spawnLsp();
      if (!name.includes('before initialize')) {
        await s.request('initialize', init(tree.root));
        await s.notify('initialized', {});
      }
      await before(s);
      if (name.includes('stdin closed')) s.proc.stdin!.end();
      else {
        await s.notify('exit');
        if (name.includes('twice')) await s.notify('exit');
      }
      expect(await exitCode(s)).toBe(code);
      expect(s.badOutput).toEqual([]);
    });
});
