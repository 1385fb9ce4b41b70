// `migrate-check lsp`: a request only `--fix --unsafe` moves is offered as one quick fix that is
// not preferred, applying the whole request (its path in src/client.ts, its body in
// src/bodies.ts, a file not open); a safe fix stays preferred; "fix all" leaves the request.
// The built server (`npm run build` first), driven by the JSON-RPC client in lsp-client.ts, on a
// temporary copy of test/data/assumed.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, runCli, tempCopy } from './helpers.js';
import { applyLspEdits, editsFor, LspClient, range, uriOf, type CodeAction } from './lsp-client.js';

const FIXTURE = path.join(ROOT, 'test', 'data', 'assumed');
const quickFixes = (actions: CodeAction[] | null) => (actions ?? []).filter((a) => a.kind === 'quickfix');

/** What `migrate-check --fix [--unsafe]` writes for these files, on a fresh copy of the fixture. */
function fixedByCli(rels: string[], unsafe: boolean): Record<string, string> {
  const dir = tempCopy(FIXTURE, 'mc-lsp-assumed-fix-');
  try {
    const r = runCli(['--fix', ...(unsafe ? ['--unsafe'] : []), '--allow-dirty', '--no-progress', ...rels], dir);
    expect([0, 1], r.stderr).toContain(r.code);
    return Object.fromEntries(rels.map((rel) => [rel, readFileSync(path.join(dir, rel), 'utf8')]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('migrate-check lsp: a request that moves only on an assumption', () => {
  let root: string;
  let client: LspClient;

  beforeAll(async () => {
    expect(existsSync(path.join(ROOT, 'dist', 'src', 'editor', 'server.js')), 'run `npm run build` first').toBe(true);
    root = tempCopy(FIXTURE, 'mc-lsp-assumed-');
    client = await LspClient.start({ root, bin: BIN });
  });

  afterAll(async () => {
    // the server is shut down as an editor does: a notification still being written (didClose) is not cut off
    if (client) expect(await client.shutdown()).toBe(0);
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('one non-preferred quick fix for the whole request, across files; the safe fix preferred', async () => {
    const clientFile = path.join(root, 'src/client.ts');
    const bodiesFile = path.join(root, 'src/bodies.ts');
    const uri = client.open(clientFile);
    const ds = await client.diagnosticsAt(uri);
    // line 4: `  const res = await fetch('https://api.example.com/2023-01/shipments', …`
    // line 8: export const account = (id: string) => fetch(`/2023-01/courier_accounts/${id}`);
    // line 10: export const rate = (id: string) => fetch('/2023-01/rates', { …, courier_selection: { allow_courier_fallback: false } }) });
    expect(ds.map((d) => [d.code, d.range])).toEqual([
      ['unmapped-2023-01-path', range(3, 50, 3, 68)],
      ['courier-accounts-path', range(7, 46, 7, 72)], // `/2023-01/courier_accounts/`, up to the `${id}`
      ['unmapped-2023-01-path', range(9, 43, 9, 57)],
      ['courier-selection', range(9, 115, 9, 132)],
      ['courier-selection', range(9, 136, 9, 158)],
    ]);

    const onPath = quickFixes(await client.codeActions(uri, ds[0].range, [ds[0]]));
    expect(onPath.map((a) => [a.title, a.isPreferred])).toEqual([
      ['Move the request `/2023-01/shipments` → `/2024-09/shipments` (src/client.ts:4) to 2024-09 as a whole (2 files) (unsafe: rests on an assumption)', false],
    ]);
    // the body's file is not open: its edit names no version
    expect(onPath[0].edit?.documentChanges?.map((c) => c.textDocument)).toEqual([
      { uri, version: 1 },
      { uri: uriOf(bodiesFile), version: null },
    ]);

    // a request in one file, from a finding of its body
    const onBody = quickFixes(await client.codeActions(uri, ds[3].range, [ds[3]]));
    expect(onBody.map((a) => [a.title, a.isPreferred])).toEqual([
      ['Move the request `/2023-01/rates` → `/2024-09/rates` (src/client.ts:10) to 2024-09 as a whole (unsafe: rests on an assumption)', false],
    ]);
    expect(onBody[0].diagnostics?.map((d) => d.code)).toEqual(['unmapped-2023-01-path', 'courier-selection', 'courier-selection']);
    expect(applyLspEdits(readFileSync(clientFile, 'utf8'), editsFor(onBody[0].edit, uri))).toContain(
      "fetch('/2024-09/rates', { method: 'POST', body: JSON.stringify({ order_id: id, courier_settings: { allow_fallback: false } }) })",
    );

    const onSafe = quickFixes(await client.codeActions(uri, ds[1].range, [ds[1]]));
    expect(onSafe.map((a) => [a.title, a.isPreferred])).toEqual([['Fix courier-accounts-path: rewrite to /2024-09/couriers/…', true]]);

    // fix all is plain --fix: the safe path moves, the request stays
    const all = await client.codeActions(uri, range(0, 0, 0, 0), [], ['source.fixAll']);
    const plain = fixedByCli(['src/client.ts', 'src/bodies.ts'], false);
    expect(applyLspEdits(readFileSync(clientFile, 'utf8'), editsFor(all![0].edit, uri))).toBe(plain['src/client.ts']);
    expect(plain['src/client.ts']).toContain("'https://api.example.com/2023-01/shipments'");

    // the request's fix, then the safe one: what --fix --unsafe writes, in both files
    const unsafe = fixedByCli(['src/client.ts', 'src/bodies.ts'], true);
    const bodies = applyLspEdits(readFileSync(bodiesFile, 'utf8'), editsFor(onPath[0].edit, uriOf(bodiesFile)));
    expect(bodies).toBe(unsafe['src/bodies.ts']);
    expect(bodies).toContain("courier_settings: { courier_service_id: 'c1', allow_fallback: true }");
    client.applyEdit(uri, onPath[0].edit);
    const again = await client.diagnosticsAt(uri);
    expect(again.map((d) => d.code)).toEqual(['courier-accounts-path', 'unmapped-2023-01-path', 'courier-selection', 'courier-selection']);
    const safe = quickFixes(await client.codeActions(uri, again[0].range, [again[0]]));
    client.applyEdit(uri, safe[0].edit);
    const last = await client.diagnosticsAt(uri);
    const rates = quickFixes(await client.codeActions(uri, last[0].range, [last[0]]));
    expect(client.applyEdit(uri, rates[0].edit)).toBe(unsafe['src/client.ts']);
    expect(await client.diagnosticsAt(uri)).toEqual([]);
    client.close(uri);
  });
});
