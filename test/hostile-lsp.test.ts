// The probe, language server side: the built `migrate-check lsp --stdio` as a real process, fed
// malformed and hostile messages kind by kind through a raw client (test/support/hostile.ts).
// After each kind: the server still answers within 10 s, still publishes the same diagnostics for
// the known file (ranges counted by hand below), read nothing outside the root (an fs spy loaded
// into the server), wrote nothing there, showed nothing from there, and kept to the protocol.
// Build first (`npm run build`).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkSession, expectError, KNOWN, makeTree, MARKER, RawLsp, snapshotOf, SPY, spyLines, Tally, ZERO, type Json, type Tree } from './support/hostile.js';

const uriOf = (file: string) => pathToFileURL(file).href;
const pos = (line: number, character: number) => ({ line, character });
const range = (l: number, c: number, el: number, ec: number) => ({ start: pos(l, c), end: pos(el, ec) });
// KNOWN, line 2: the path '/2023-01/labels' without its quotes at 72-87, `courier_id` at 147-157
const EXPECTED = [
  { code: 'labels-path', range: range(2, 72, 2, 87) },
  { code: 'label-entry-field', range: range(2, 147, 2, 157) },
];
const LEGACY = `export const SECRET = '${MARKER}';\nexport const send = () => fetch('/2023-01/labels', { method: 'POST' });\n`;

function initParams(tree: Tree) {
  return {
    processId: process.pid,
    rootUri: uriOf(tree.root),
    workspaceFolders: [{ uri: uriOf(tree.root), name: 'root' }],
    capabilities: { workspace: { configuration: true, workspaceFolders: true }, textDocument: { hover: { contentFormat: ['markdown'] } } },
  };
}

describe('migrate-check lsp against a hostile client', () => {
  let tree: Tree;
  let lsp: RawLsp;
  let outsideBefore: string;
  const tally = new Tally();
  const extra: RawLsp[] = [];
  let version = 1;
  /** uris the server must never publish diagnostics for */
  const walled = new Set<string>();
  let knownUri: string;
  let checkedUpTo = 0;
  /** the failures before the running test */
  let mark = 0;
  beforeEach(() => {
    mark = tally.failures.length;
  });

  async function start(): Promise<RawLsp> {
    const s = new RawLsp(tree);
    extra.push(s);
    const r = await s.request('initialize', initParams(tree));
    expect(r?.result?.capabilities?.hoverProvider, `initialize failed: ${JSON.stringify(r)} ${s.stderr}`).toBe(true);
    await s.notify('initialized', {});
    return s;
  }

  /** After a kind: alive, answering, the same findings, nothing outside read, written or shown, the protocol kept. */
  async function healthy(kind: string): Promise<void> {
    tally.kinds++;
    if (!tally.check(lsp.alive, 'crashes', `${kind}: the server exited (${lsp.exitCode}); stderr: ${lsp.stderr.slice(-500)}`)) lsp = await start();
    const hover = await lsp.request('textDocument/hover', { textDocument: { uri: knownUri }, position: pos(2, 75) });
    tally.check(!!hover, 'hangs', `${kind}: no answer to hover within 10 s`);
    version++;
    await lsp.notify('textDocument/didClose', { textDocument: { uri: knownUri } });
    await lsp.notify('textDocument/didOpen', { textDocument: { uri: knownUri, languageId: 'typescript', version, text: KNOWN } });
    const ds = await lsp.diagnostics(knownUri, version);
    if (tally.check(!!ds, 'hangs', `${kind}: no diagnostics for the known file within 10 s`)) {
      const brief = ds!.map((d: Json) => ({ code: d.code, range: d.range }));
      tally.check(JSON.stringify(brief) === JSON.stringify(EXPECTED), 'wrongAnswers', `${kind}: the known file's diagnostics: ${JSON.stringify(brief)}`);
    }
    checkedUpTo = checkSession(lsp, tally, kind, { tree, outsideBefore, spyFrom: checkedUpTo, walled });
    expect(tally.failures.slice(mark)).toEqual([]);
  }

  /** The request is answered (a result or an error), within 10 s. */
  async function expectAnswer(s: RawLsp, id: number, kind: string): Promise<Json | undefined> {
    const a = await s.answer(id);
    tally.check(!!a, 'hangs', `${kind}: no answer to request ${id}`);
    return a;
  }

  beforeAll(async () => {
    tree = makeTree();
    outsideBefore = snapshotOf(tree.outside);
    // the spy sees a read outside: the outside-read count can fail
    const control = spawnSync(process.execPath, ['--import', SPY, '-e', `import('node:fs').then((fs) => fs.readFileSync(${JSON.stringify(path.join(tree.root, 'src', 'escape.ts'))}))`], {
      env: { ...process.env, MC_SPY_WATCH: tree.outside, MC_SPY_LOG: tree.spyLog },
    });
    expect(control.status).toBe(0);
    expect([...new Set(spyLines(tree))]).toEqual([tree.secret]);
    writeFileSync(tree.spyLog, '');
    knownUri = uriOf(path.join(tree.root, 'src', 'labels.ts'));
    lsp = await start();
  });

  afterAll(() => {
    for (const s of extra) s.kill();
  });

  it('answers and checks before any hostile message', async () => {
    await healthy('baseline');
  });

  it('invalid JSON: -32700, with the id when the bytes show one', async () => {
    for (const body of ['{', 'not json at all', '\u0000\u0001\u0002', '', '{"jsonrpc":"2.0","id":71,"method":"textDocument/hover"']) await lsp.write(lsp.frame(body));
    await expectError(lsp, tally, 71, -32700, 'invalid JSON');
    await healthy('invalid JSON');
  });

  it('JSON that is not JSON-RPC: -32600 with the id; a batch is refused whole', async () => {
    const bodies = ['5', '"x"', 'null', '[]', '[{"jsonrpc":"2.0","id":72,"method":"shutdown"}]', '{"id":73,"method":"textDocument/hover"}', '{"jsonrpc":"1.0","id":74,"method":"x"}', '{"jsonrpc":"2.0","id":75,"method":5}', '{"jsonrpc":"2.0","id":76}', '{"jsonrpc":"2.0","id":{"a":1},"method":"x"}'];
    for (const b of bodies) await lsp.write(lsp.frame(b));
    for (const id of [73, 74, 75, 76]) await expectError(lsp, tally, id, -32600, 'not JSON-RPC');
    await lsp.settle();
    tally.check(!lsp.received.some((m) => m.id === 72), 'protocolViolations', 'not JSON-RPC: the shutdown inside a batch was run');
    await healthy('JSON that is not JSON-RPC');
  });

  it('unknown methods: -32601 for a request, a dropped notification is logged', async () => {
    for (const method of ['foo/bar', 'textDocument/diagnostic', 'workspace/executeCommand', '']) {
      const a = await lsp.request(method, {});
      tally.check(a?.error?.code === -32601, 'protocolViolations', `unknown method ${method}: ${JSON.stringify(a)}`);
    }
    const logs = lsp.logs().length;
    await lsp.notify('foo/bar', {});
    await lsp.notify('$/unknown', {});
    await lsp.waitFor(() => lsp.logs().slice(logs).some((l) => l.includes('foo/bar')), 5000);
    tally.check(lsp.logs().slice(logs).some((l) => l.includes('dropped foo/bar')), 'protocolViolations', 'unknown notification: no log line');
    await healthy('unknown methods');
  });

  it('wrong or missing params for every method: -32602 for requests; notifications dropped with a log line, nothing kept', async () => {
    const doc = { uri: knownUri };
    const bad: [string, unknown][] = [];
    for (const method of ['textDocument/codeAction', 'codeAction/resolve', 'textDocument/hover'])
      for (const p of [undefined, 5, 'x', [], {}, null]) bad.push([method, p]);
    bad.push(['textDocument/hover', { textDocument: doc, position: pos(-1, 0) }]);
    bad.push(['textDocument/hover', { textDocument: { uri: 5 }, position: pos(0, 0) }]);
    bad.push(['textDocument/codeAction', { textDocument: doc, range: range(0, 0, 0, 0), context: { diagnostics: 'x' } }]);
    bad.push(['textDocument/codeAction', { textDocument: doc, range: { start: pos(0, 0) }, context: { diagnostics: [] } }]);
    bad.push(['codeAction/resolve', { title: 5 }]);
    bad.push(['initialize', initParams(tree)]);
    for (const [method, params] of bad) {
      const a = await lsp.request(method, params);
      const want = method === 'initialize' ? -32600 : -32602;
      tally.check(a?.error?.code === want, 'protocolViolations', `${method} ${JSON.stringify(params)}: ${JSON.stringify(a)?.slice(0, 200)}`);
    }
    const notes: [string, unknown][] = [
      ['textDocument/didOpen', { textDocument: 5 }],
      ['textDocument/didOpen', { textDocument: { uri: 5, languageId: 'typescript', version: 1, text: KNOWN } }],
      ['textDocument/didOpen', { textDocument: { uri: knownUri, languageId: 'typescript', version: 'x', text: KNOWN } }],
      ['textDocument/didOpen', { textDocument: { uri: knownUri, languageId: 'typescript', version: 1, text: null } }],
      ['textDocument/didChange', { textDocument: { uri: knownUri, version: 99 }, contentChanges: [{ range: 5, text: 'x' }] }],
      ['textDocument/didChange', { textDocument: { uri: knownUri }, contentChanges: [] }],
      ['textDocument/didChange', 'x'],
      ['textDocument/didClose', { textDocument: 5 }],
      ['textDocument/didSave', {}],
      ['workspace/didChangeWatchedFiles', { changes: [{ uri: 5, type: 9 }] }],
      ['workspace/didChangeConfiguration', 5],
      ['workspace/didChangeWorkspaceFolders', { event: { added: 'x' } }],
      ['$/cancelRequest', { id: {} }],
      ['$/setTrace', { value: 'loud' }],
      ['window/workDoneProgress/cancel', {}],
      ['initialized', 'x'],
    ];
    const logs = lsp.logs().length;
    for (const [method, params] of notes) await lsp.notify(method, params);
    await lsp.waitFor(() => lsp.logs().length - logs >= notes.length, 5000);
    const lines = lsp.logs().slice(logs);
    for (const [method] of new Map(notes)) tally.check(lines.some((l) => l.includes(`dropped ${method}`) || l.includes('dropped a message')), 'protocolViolations', `${method}: no log line for a dropped notification`);
    await healthy('wrong or missing params');
  });

  it('20 MB messages: one under the limit is answered; one over it is refused with its id', async () => {
    const big = 'x'.repeat(20 * 1024 * 1024);
    const id = lsp.id();
    await lsp.send({ jsonrpc: '2.0', id, method: 'textDocument/hover', params: { textDocument: { uri: knownUri }, position: pos(2, 75), padding: big } });
    const a = await expectAnswer(lsp, id, '20 MB message');
    tally.check(String(a?.result?.contents?.value).includes('labels-path'), 'wrongAnswers', `20 MB hover: ${JSON.stringify(a)?.slice(0, 200)}`);
    await lsp.notify('workspace/didChangeConfiguration', { settings: { padding: big } });
    const over = 70 * 1000 * 1000;
    const head = `{"jsonrpc":"2.0","id":82,"method":"textDocument/hover","params":{"padding":"`;
    const body = Buffer.alloc(over, 'x');
    body.write(head, 0, 'latin1');
    await lsp.write(Buffer.concat([Buffer.from(`Content-Length: ${over}\r\n\r\n`), body]));
    await expectError(lsp, tally, 82, -32600, 'over the limit');
    await healthy('20 MB messages');
  });

  it('20 MB documents: one diagnostic saying it is over maxFileSize, before and after an edit', async () => {
    const uri = uriOf(path.join(tree.root, 'src', 'big.ts'));
    const text = "fetch('/2023-01/labels');\n".repeat(Math.ceil((20 * 1024 * 1024) / 26));
    await lsp.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: 1, text } });
    for (const v of [1, 2]) {
      if (v === 2) await lsp.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: range(0, 0, 0, 0), text: '// edited\n' }] });
      const ds = await lsp.diagnostics(uri, v, 30_000);
      tally.check(ds?.length === 1 && /over the limit of 4194304 \(maxFileSize\)/.test(ds[0].message), 'wrongAnswers', `20 MB document v${v}: ${JSON.stringify(ds)?.slice(0, 300)}`);
    }
    await lsp.notify('textDocument/didClose', { textDocument: { uri } });
    await healthy('20 MB documents');
  });

  it('100k-deep JSON: refused without a stack overflow', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    await lsp.write(lsp.frame(`{"jsonrpc":"2.0","id":83,"method":"textDocument/hover","params":{"textDocument":${deep}}}`));
    await lsp.write(lsp.frame(`{"jsonrpc":"2.0","method":"workspace/didChangeConfiguration","params":{"settings":${deep}}}`));
    await lsp.write(lsp.frame(deep));
    await expectError(lsp, tally, 83, -32602, '100k-deep JSON');
    await healthy('100k-deep JSON');
  });

  it('200 concurrent requests: every one answered once, with the hover of the finding', async () => {
    const ids = Array.from({ length: 200 }, () => lsp.id());
    await lsp.write(Buffer.concat(ids.map((id) => lsp.frame({ jsonrpc: '2.0', id, method: 'textDocument/hover', params: { textDocument: { uri: knownUri }, position: pos(2, 75) } }))));
    await lsp.waitFor(() => ids.every((id) => lsp.received.some((m) => m.id === id)), 30_000);
    for (const id of ids) {
      const a = lsp.received.find((m) => m.id === id);
      if (tally.check(!!a, 'hangs', `200 requests: no answer to ${id}`)) tally.check(String(a!.result?.contents?.value).includes('labels-path'), 'wrongAnswers', `200 requests: ${id} answered ${JSON.stringify(a).slice(0, 120)}`);
    }
    await healthy('200 concurrent requests');
  });

  it('binary garbage, framed and unframed', async () => {
    let seed = 26;
    const random = (n: number) => Buffer.from(Array.from({ length: n }, () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed & 0xff)));
    await lsp.write(random(65_536));
    await lsp.write(Buffer.concat([Buffer.from('Content-Length: 4096\r\n\r\n'), random(4096)]));
    await lsp.write(random(1000));
    await healthy('binary garbage');
  });

  describe('broken framing: the next Content-Length header is found and what can be answered is', () => {
    const hover = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'textDocument/hover', params: { textDocument: { uri: knownUri }, position: pos(2, 75) } });
    const cases: [string, (id: number) => string][] = [
      ['Content-Length too small', (id) => `Content-Length: ${Buffer.byteLength(hover(id)) - 10}\r\n\r\n${hover(id)}`],
      ['Content-Length too large', (id) => `Content-Length: ${Buffer.byteLength(hover(id)) + 50}\r\n\r\n${hover(id)}`],
      ['Content-Length not a number', (id) => `Content-Length: abc\r\n\r\n${hover(id)}`],
      ['Content-Length negative', (id) => `Content-Length: -5\r\n\r\n${hover(id)}`],
      ['Content-Length missing', (id) => `Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${hover(id)}`],
      ['unframed bytes', (id) => `${hover(id)}\r\n`],
    ];
    for (const [name, bytes] of cases)
      it(name, async () => {
        const id = lsp.id();
        await lsp.write(bytes(id));
        // the request itself is answered when its bytes are a whole message, else its id gets an error
        const a = await expectAnswer(lsp, id, name);
        tally.check(!!a && (String(a.result?.contents?.value).includes('labels-path') || a.error?.code === -32700), 'wrongAnswers', `${name}: ${JSON.stringify(a)?.slice(0, 200)}`);
        await healthy(name);
      });
  });

  describe('paths and uris outside the root', () => {
    const cases: [string, (t: Tree) => string[]][] = [
      ['..', (t) => [`${uriOf(t.root)}/src/../../outside/secret.ts`, `${uriOf(t.root)}/../outside/new.ts`]],
      ['%2e%2e', (t) => [`${uriOf(t.root)}/src/%2e%2e/%2E%2E/outside/secret.ts`]],
      ['symlinks', (t) => [uriOf(path.join(t.root, 'src', 'escape.ts')), uriOf(path.join(t.root, 'link-out', 'secret.ts'))]],
      ['file://localhost', (t) => [`file://localhost${t.secret}`]],
      ['/proc/self/root', (t) => [uriOf(`/proc/self/root${t.secret}`), uriOf(`/proc/self/root${path.join(t.root, 'src', 'labels.ts')}`)]],
    ];
    for (const [name, uris] of cases)
      it(`${name}: not checked, nothing read, hover and code actions empty`, async () => {
        for (const uri of uris(tree)) {
          walled.add(uri);
          await lsp.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: 1, text: LEGACY } });
          const h = await lsp.request('textDocument/hover', { textDocument: { uri }, position: pos(1, 35) });
          tally.check(!!h && h.result === null, 'outsidePathsAccepted', `${name}: hover on ${uri}: ${JSON.stringify(h)?.slice(0, 200)}`);
          const ca = await lsp.request('textDocument/codeAction', { textDocument: { uri }, range: range(1, 35, 1, 40), context: { diagnostics: [] } });
          tally.check(!!ca && Array.isArray(ca.result) && ca.result.length === 0, 'outsidePathsAccepted', `${name}: code actions on ${uri}: ${JSON.stringify(ca)?.slice(0, 200)}`);
          await lsp.notify('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 2 }] });
          await lsp.notify('textDocument/didSave', { textDocument: { uri } });
          await lsp.notify('textDocument/didClose', { textDocument: { uri } });
        }
        await healthy(`outside: ${name}`);
      });

    it('file://localhost naming a file inside the root is that file: the same findings', async () => {
      const uri = `file://localhost${path.join(tree.root, 'src', 'labels.ts')}`;
      await lsp.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: 1, text: KNOWN } });
      const ds = await lsp.diagnostics(uri, 1);
      tally.check(JSON.stringify(ds?.map((d: Json) => ({ code: d.code, range: d.range }))) === JSON.stringify(EXPECTED), 'wrongAnswers', `file://localhost inside: ${JSON.stringify(ds)?.slice(0, 200)}`);
      await lsp.notify('textDocument/didClose', { textDocument: { uri } });
      await healthy('file://localhost inside');
    });

    it('an import that leads outside the root is not followed', async () => {
      const uri = uriOf(path.join(tree.root, 'src', 'imports-out.ts'));
      await lsp.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: 1, text: "import axios from 'axios';\nimport { LABELS } from '../../outside/secret';\nexport const send = () => axios.post(LABELS, {});\n" } });
      const ds = await lsp.diagnostics(uri, 1);
      tally.check(Array.isArray(ds) && ds.length === 0, 'outsideReads', `an import out of the root: ${JSON.stringify(ds)?.slice(0, 200)}`);
      await lsp.notify('textDocument/didClose', { textDocument: { uri } });
      await healthy('import outside');
    });
  });

  it('keeps the counts at zero', () => {
    expect(tally.failures).toEqual([]);
    expect(tally.counts).toEqual(ZERO);
    expect(tally.kinds).toBe(23);
  });
});
