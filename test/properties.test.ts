// Property-based tests (fast-check) over the pure core: analysis and the passes of --fix, in
// memory (no disk). Random variations of legacy client code (quotes, spacing, comments,
// nesting, CRLF, a BOM, several calls in one file) must never make the engine throw; the fixed
// text must parse; fixing twice must equal fixing once; after a fix nothing fixable is left;
// comments, line endings and the BOM stay.
//
// Runs per property: PROPERTY_RUNS (default 100, a few seconds); `npm run test:properties:long`
// raises it and draws a new seed (PROPERTY_SEED: a number replays one, `random` draws one; by
// default the seed is fixed, so that every run of `npm test` checks the same cases).
import fc from 'fast-check';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { analyzeFiles, DEFAULT_CONFIG } from '../dist/src/index.js';
import { fixPasses } from '../dist/src/fix/index.js';
import { propertySeed } from './helpers.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);
const SEED = propertySeed(20_241_001);
const params = { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) };

// ------------------------------------------------------------------------------------ generators

/** Whitespace between tokens: nothing, spaces, tabs or a line break with indentation. */
const ws = fc.constantFrom('', ' ', '  ', '\t', '\n', '\n  ', ' \n    ');
const ws1 = fc.constantFrom(' ', '  ', '\t', '\n', '\n  ');
/** A comment between tokens; some mention old paths and fields (comments are not code). */
const commentText = fc.constantFrom('note', 'was /2023-01/webhooks', 'courier_id here', 'TODO: /pickup/v1/pickups', "it's fine", 'preferred_date');
const comment = fc.oneof(
  commentText.map((t) => `/* ${t} */`),
  commentText.map((t) => `// ${t}\n`),
);
/** Where a comment may go: maybe one, with whitespace. */
const gap = fc.tuple(ws, fc.option(comment, { nil: undefined, freq: 3 }), ws).map(([a, c, b]) => (c ? `${a}${c}${c.endsWith('\n') ? '' : ' '}${b}` : a + b));
const quote = fc.constantFrom("'", '"', '`');
const q = (s: string, qu: string) => `${qu}${s}${qu}`;
const ident = fc.constantFrom('id', 'shipmentId', 'x', 'courierAccountId', 'row.id');
const trailing = fc.constantFrom('', ',');

/** A URL expression that names an old path (what the spec maps). */
const oldUrl = fc.oneof(
  fc.tuple(quote, fc.constantFrom('/2023-01/webhooks', '2023-01/webhooks', '/2023-01/labels')).map(([qu, p]) => q(p, qu)),
  fc.tuple(ident, gap).map(([id, g]) => `\`/2023-01/courier_accounts/\${${g}${id}${g}}\``),
  // `+` chains with comments in their joints: the rewrite keeps each joint with its operand
  fc.tuple(ident, gap, gap).map(([id, g1, g2]) => `'/2023-01/couriers/' +${g1}${id}${g2}+ '/estimated_delivery_dates'`),
  fc.tuple(quote, ident, gap, gap).map(([qu, id, g1, g2]) => `${q('/2023-01/courier_accounts/', qu)}${g1}+${g2}${id}`),
  fc.tuple(quote, ident, gap, gap).map(([qu, id, g1, g2]) => `${q('/pickup/v1/pickup_slots/', qu)}${g1}+${g2}${id}`),
);

/** A webhook body in 2023-01 form. */
const webhookBody = fc.tuple(gap, gap, quote, quote, trailing, gap).map(
  ([g1, g2, q1, q2, t, g3]) => `{${g1}url,${g2}version: ${q('2023-01', q1)},${g3}event_types: [${q('courier_account_state_changed', q2)}]${t}${g1}}`,
);

/** A v1 pickup body (keys shorthand or explicit, times literal or not). */
const pickupBody = fc.tuple(fc.boolean(), fc.boolean(), gap, quote, trailing).map(
  ([short, literal, g, qu, t]) =>
    `{${g}${short ? 'courier_id' : 'courier_id: courierId'},${g}preferred_date: ${q('2025-03-04', qu)},${g}preferred_min_time: ${literal ? q('2025-03-04T09:00', qu) : 'windowStart'},${g}preferred_max_time: ${q('2025-03-04T17:00', qu)},${g}service_shipment_ids: ids${t}${g}}`,
);

/** A call that sends to an old endpoint. */
const call = fc.oneof(
  fc.tuple(oldUrl, gap).map(([u, g]) => `fetch(${g}${u}${g})`),
  fc.tuple(gap, webhookBody, gap).map(([g, b, g2]) => `got.post(${g}'/2023-01/webhooks',${g2}{ json: ${b} })`),
  fc.tuple(gap, webhookBody).map(([g, b]) => `axios.post(${g}"/2023-01/webhooks",${g}${b})`),
  fc.tuple(gap, pickupBody).map(([g, b]) => `api.post(${g}'/pickup/v1/pickups',${g}${b})`),
  fc.tuple(oldUrl, gap).map(([u, g]) => `axios.get(${u},${g}{ timeout: 5000 })`),
  fc.tuple(gap, fc.constantFrom("'", '"')).map(([g, qu]) => `(event.type ===${g}${q('courier_account_state_changed', qu)} ? handle(event) : null)`),
);

/** The call wrapped in a few levels of ordinary code. */
const wrapper = fc.constantFrom(
  (e: string) => `() => ${e}`,
  (e: string) => `async () => { return await (${e}); }`,
  (e: string) => `function () {\n  if (ready) {\n    return ${e};\n  }\n  return null;\n}`,
  (e: string) => `[${e}]`,
  (e: string) => `(${e})`,
  (e: string) => `{ run: () => ${e} }`,
  (e: string) => `(() => { try { return ${e}; } catch (err) { throw err; } })`,
);
const nested = fc.tuple(call, fc.array(wrapper, { maxLength: 4 })).map(([c, ws_]) => ws_.reduce((e, w) => w(e), c));

/** A whole module: a few statements, each exporting a nested call. */
const moduleText = fc
  .tuple(
    fc.array(fc.tuple(nested, gap, fc.constantFrom(';', '')), { minLength: 1, maxLength: 4 }),
    fc.option(comment, { nil: undefined }),
    fc.constantFrom("import axios from 'axios';\n", "import got from 'got';\n", ''),
  )
  .map(([stmts, head, imp]) => (head ? head + (head.endsWith('\n') ? '' : '\n') : '') + imp + stmts.map(([s, g, semi], i) => `export const v${i} =${g === '' ? ' ' : g}${s}${semi}\n`).join(''));

const variant = fc.record({
  text: moduleText,
  crlf: fc.boolean(),
  bom: fc.boolean(),
  ext: fc.constantFrom('.ts', '.js', '.tsx', '.mjs'),
});

interface Case {
  file: string;
  text: string;
  crlf: boolean;
  bom: boolean;
}

let n = 0;
const toCase = (v: { text: string; crlf: boolean; bom: boolean; ext: string }): Case => {
  let text = v.text;
  if (v.crlf) text = text.replace(/\n/g, '\r\n');
  if (v.bom) text = '\uFEFF' + text;
  return { file: `/virtual/prop/m${n++}${v.ext}`, text, crlf: v.crlf, bom: v.bom };
};
const cases = variant.map(toCase);

// ------------------------------------------------------------------------------------ helpers

async function fixText(file: string, text: string): Promise<string> {
  const r = await fixPasses([file], { config: DEFAULT_CONFIG, unsafe: false, overlays: new Map([[file, text]]) });
  return r.texts.get(file) ?? text;
}

function parseDiagnostics(file: string, text: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JSX;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const diags = (sf as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  return diags.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const comments = (text: string) => text.match(/\/\*[^*]*\*\/|\/\/[^\r\n]*/g) ?? [];

// ------------------------------------------------------------------------------------ properties

describe(`properties of the core (${RUNS} runs each)`, () => {
  it('the generated inputs are valid client code (else the properties below prove little)', () => {
    fc.assert(
      fc.property(cases, (c) => {
        expect(parseDiagnostics(c.file, c.text)).toEqual([]);
      }),
      params,
    );
  });

  it('analysis never throws and finds an old construct in every input', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const { results } = await analyzeFiles([c.file], { config: DEFAULT_CONFIG, overlays: new Map([[c.file, c.text]]) });
        expect(results[0].fatal).toBeUndefined();
        expect(results[0].findings.length).toBeGreaterThan(0);
      }),
      params,
    );
  });

  it('the fixed text parses again, and keeps its comments, line endings and BOM', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const out = await fixText(c.file, c.text);
        // what the scan offers to fix is fixed (so these properties are about rewritten texts)
        const { results } = await analyzeFiles([c.file], { config: DEFAULT_CONFIG, overlays: new Map([[c.file, c.text]]) });
        if (results[0].findings.some((f) => f.fixKind === 'safe' && f.edits?.length)) expect(out).not.toBe(c.text);
        expect(parseDiagnostics(c.file, out)).toEqual([]);
        expect(comments(out)).toEqual(comments(c.text));
        expect(out.startsWith('\uFEFF')).toBe(c.bom);
        if (c.crlf) expect(/(?<!\r)\n/.test(out)).toBe(false);
        else expect(out.includes('\r')).toBe(false);
      }),
      params,
    );
  });

  it('fixing twice equals fixing once, and a scan after the fix finds nothing fixable', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const once = await fixText(c.file, c.text);
        const twice = await fixText(c.file, once);
        expect(twice).toBe(once);
        const { results } = await analyzeFiles([c.file], { config: DEFAULT_CONFIG, overlays: new Map([[c.file, once]]) });
        const fixable = results[0].findings.filter((f) => f.fixKind === 'safe' && f.edits?.length);
        expect(fixable.map((f) => `${f.ruleId} ${f.oldText}`)).toEqual([]);
      }),
      params,
    );
  });
});
