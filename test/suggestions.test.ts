// A request only `--fix --unsafe` moves (a 2023-01 path the spec does not map, with its body), as
// the json reporter offers it: one ESLint suggestion per finding, holding the request's edits in
// that file as one range, named for the request and its assumption. Through the built CLI
// (`npm run build` first) on test/data/assumed.
//
// src/client.ts sends the body src/bodies.ts builds to `/2023-01/shipments` (one request, two
// files), a mapped path (a safe fix), and a request to `/2023-01/rates` with its body inline; src/rates.ts holds a request --unsafe does not move either (a computed key in its body)
// and a path sent without a body (`/2023-01/couriers?active=true`).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, tempCopy, tempTree } from './helpers.js';

const FIXTURE = path.join(ROOT, 'test', 'data', 'assumed');

interface Suggestion {
  desc: string;
  fix: { range: [number, number]; text: string };
}
interface Message {
  ruleId: string;
  line: number;
  column: number;
  fix?: unknown;
  suggestions?: Suggestion[];
}

function report(): { filePath: string; messages: Message[] }[] {
  const r = runCli(['--reporter', 'json', '--no-progress', '.'], FIXTURE);
  expect(r.code, r.stderr).toBe(1);
  return JSON.parse(r.stdout);
}

const source = (rel: string) => readFileSync(path.join(FIXTURE, rel), 'utf8');

/** The range from the start of `from` to the end of `to` in a fixture file. */
function span(rel: string, from: string, to: string): [number, number] {
  const text = source(rel);
  const start = text.indexOf(from);
  const end = text.indexOf(to, start) + to.length;
  expect(start).toBeGreaterThanOrEqual(0);
  return [start, end];
}

/** Apply ESLint fixes (disjoint ranges of one text), the last first. */
const apply = (text: string, fixes: Suggestion['fix'][]) =>
  [...fixes].sort((a, b) => b.range[0] - a.range[0]).reduce((t, f) => t.slice(0, f.range[0]) + f.text + t.slice(f.range[1]), text);

const SHIPMENTS =
  'Move the request `/2023-01/shipments` → `/2024-09/shipments` (src/client.ts:4) to 2024-09 as a whole, as `--fix --unsafe` does; this rests on an assumption (the spec gives the path no 2024-09 form): check it in the 2024-09 reference';

describe('json suggestions: a held request, one request at a time', () => {
  const results = report();
  const byFile = (rel: string) => results.find((r) => r.filePath === path.join(FIXTURE, rel))!.messages;

  it('every finding of the request carries the request\'s edits in its file, as one suggestion', () => {
    const body: Suggestion = {
      desc: `${SHIPMENTS}; the request has edits in src/client.ts too: apply them with this one`,
      fix: { range: span('src/bodies.ts', 'courier_selection', 'allow_courier_fallback'), text: "courier_settings: { courier_service_id: 'c1', allow_fallback" },
    };
    expect(byFile('src/bodies.ts').map((m) => [m.ruleId, m.line, m.column, m.fix, m.suggestions])).toEqual([
      ['courier-selection', 4, 5, undefined, [body]],
      ['courier-selection', 4, 26, undefined, [body]],
      ['courier-selection', 4, 53, undefined, [body]],
    ]);
    const rates: Suggestion = {
      desc: 'Move the request `/2023-01/rates` → `/2024-09/rates` (src/client.ts:10) to 2024-09 as a whole, as `--fix --unsafe` does; this rests on an assumption (the spec gives the path no 2024-09 form): check it in the 2024-09 reference',
      fix: {
        range: span('src/client.ts', "/2023-01/rates', { method: 'POST', body: JSON.stringify({ order_id: id, courier_selection", 'allow_courier_fallback'),
        text: "/2024-09/rates', { method: 'POST', body: JSON.stringify({ order_id: id, courier_settings: { allow_fallback",
      },
    };
    expect(byFile('src/client.ts').map((m) => [m.ruleId, m.line, m.fix, m.suggestions])).toEqual([
      [
        'unmapped-2023-01-path',
        4,
        undefined,
        [
          {
            desc: `${SHIPMENTS}; the request has edits in src/bodies.ts too: apply them with this one`,
            fix: { range: span('src/client.ts', '/2023-01/shipments', '/2023-01/shipments'), text: '/2024-09/shipments' },
          },
        ],
      ],
      // a mapped path: a safe fix, no suggestion
      ['courier-accounts-path', 8, { range: span('src/client.ts', '/2023-01/courier_accounts', '${id}'), text: '/2024-09/couriers/${id}' }, undefined],
      // a request in one file: its path and body as one replacement, on each of its findings
      ['unmapped-2023-01-path', 10, undefined, [rates]],
      ['courier-selection', 10, undefined, [rates]],
      ['courier-selection', 10, undefined, [rates]],
    ]);
  });

  it('a request --unsafe does not move either gets none; a path sent alone is its own request', () => {
    expect(byFile('src/rates.ts').map((m) => [m.ruleId, m.line, m.suggestions])).toEqual([
      ['unmapped-2023-01-path', 5, undefined],
      ['courier-selection', 5, undefined],
      [
        'unmapped-2023-01-path',
        7,
        [
          {
            desc: 'Move the request `/2023-01/couriers` → `/2024-09/courier_services` (src/rates.ts:7) to 2024-09 as a whole, as `--fix --unsafe` does; this rests on an assumption (the spec gives the path no 2024-09 form): check it in the 2024-09 reference',
            fix: { range: span('src/rates.ts', '/2023-01/couriers', '/2023-01/couriers'), text: '/2024-09/courier_services' },
          },
        ],
      ],
    ]);
  });

  it('the requests\' suggestions, applied in each file with the safe fixes, give what --fix --unsafe writes', () => {
    const dir = tempCopy(FIXTURE, 'mc-assumed-');
    try {
      const r = runCli(['--fix', '--unsafe', '--allow-dirty', '--no-progress', 'src/client.ts', 'src/bodies.ts'], dir);
      expect([0, 1], r.stderr).toContain(r.code);
      for (const rel of ['src/client.ts', 'src/bodies.ts']) {
        const messages = byFile(rel);
        // one suggestion per request (the first finding's), and the safe fixes
        const requests = new Map(messages.flatMap((m) => (m.suggestions ? [[m.suggestions[0].desc, m.suggestions[0].fix] as const] : [])));
        const fixes = [...requests.values(), ...messages.flatMap((m) => (m.fix ? [m.fix as Suggestion['fix']] : []))];
        expect(apply(source(rel), fixes)).toBe(readFileSync(path.join(dir, rel), 'utf8'));
      }
      expect(readFileSync(path.join(dir, 'src/bodies.ts'), 'utf8')).toContain("courier_settings: { courier_service_id: 'c1', allow_fallback: true }");
      expect(readFileSync(path.join(dir, 'src/client.ts'), 'utf8')).toContain("fetch('https://api.example.com/2024-09/shipments'");
      expect(readFileSync(path.join(dir, 'src/client.ts'), 'utf8')).toContain("fetch('/2024-09/rates', { method: 'POST', body: JSON.stringify({ order_id: id, courier_settings: { allow_fallback: false } }) })");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a finding a comment suppresses stays part of its request: the suggestion still moves path and body together', () => {
    const text = [
      'export const ship = () =>',
      '  // migrate-check-disable-next-line unmapped-2023-01-path -- asking the vendor',
      "  fetch('/2023-01/shipments', { method: 'POST', body: JSON.stringify({ courier_selection: { allow_courier_fallback: true } }) });",
      '',
    ].join('\n');
    const dir = tempTree({ 'package.json': '{ "type": "module" }', 'src/ship.ts': text });
    try {
      const r = runCli(['--reporter', 'json', '--no-progress', '.'], dir);
      expect(r.code, r.stderr).toBe(1);
      const [file] = JSON.parse(r.stdout) as { messages: Message[]; suppressedMessages: Message[] }[];
      const start = text.indexOf('/2023-01/shipments');
      const end = text.indexOf('allow_courier_fallback') + 'allow_courier_fallback'.length;
      const fix = { range: [start, end], text: "/2024-09/shipments', { method: 'POST', body: JSON.stringify({ courier_settings: { allow_fallback" };
      expect(file.suppressedMessages.map((m) => [m.ruleId, m.suggestions?.map((x) => x.fix)])).toEqual([['unmapped-2023-01-path', [fix]]]);
      expect(file.messages.map((m) => [m.ruleId, m.suggestions?.map((x) => x.fix)])).toEqual([
        ['courier-selection', [fix]],
        ['courier-selection', [fix]],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
