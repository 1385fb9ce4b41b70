// The text test (src/pipeline/prefilter.ts, textSignal) decides which files are parsed at all: a file it passes
// over is never looked at again, so every kind of old construct must pass it. Each case below is a
// line as client code writes it, with the answer the test must give (written from the spec's
// paths and fields, and from the two tiers the README describes).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { symlinkSync } from 'node:fs';
import { discoverFiles, listedFolders } from '../src/pipeline/discover.js';
import { TsconfigReader } from '../src/analysis/tsconfig.js';
import { moduleSpecifiers, testTexts, textSignal } from '../src/pipeline/prefilter.js';
import { tempTree } from './helpers.js';

const strong: [string, string][] = [
  ['a v1 path of each family', "fetch('/pickup/v1/pickups'); get('/rate/v1/rates'); x('/shipment/v1/a'); y('/label/v1/b'); z('/track/v1/c'); w('/reference/v1/d');"],
  ['a base ending in a family', "const PICKUP_BASE = 'https://legacy.example.com/pickup';"],
  ['a 2023-01 path', "axios.post(`/2023-01/labels`, body);"],
  ["a v1 path joined from an array's elements", "axios.get([BASE, 'pickup', 'v1', 'pickup_slots', id].join('/'))"],
  ["a 2023-01 path joined from an array's elements", "axios.post([base, '2023-01', 'labels'].join('/'), body)"],
  ['a base ending in 2023-01', "const API = 'https://api.example.com/2023-01/';"],
  ['a courier account path', "get('/couriers/courier_accounts')"],
  ['the courier selection block', '{ courier_selection: { show_courier_logo_url: true } }'],
  ['selected_courier_id', 'const b = { selected_courier_id: id };'],
  ['allow_courier_fallback', 'body.allow_courier_fallback = true;'],
  ['a v1 time slot', 'const p = { time_slot_id: slot };'],
  ['a 2024-09 pickup time that is not a literal', 'const p = { selected_from_time: from };'],
  ['a version beside a webhook', "register({ url, version: '2023-01' }); // webhook"],
  ['a 2024-09 path sent to the legacy host', "fetch(LEGACY_HOST + '/2024-09/pickups')"],
  ['a v1 path beside a legacy name', 'fetch(`${LEGACY_BASE}/v1/pickups`)'],
  ['two v1 pickup fields', '{ preferred_date: d, preferred_min_time: a }'],
  ['courier_id beside a label shipment', '{ service_shipment_id: s, courier_id: c }'],
  ['a v1-only pickup field sent to the 2024-09 pickups path', "axios.post('/2024-09/pickups', { selected_date: d, preferred_min_time: a })"],
  ['a suppression comment', '// migrate-check-disable-next-line labels-path'],
  ['a base named as the legacy host', 'const LEGACY_BASE = process.env.SHIPPING_LEGACY_URL;'],
  ['a legacy base in a config object', 'export default { legacyBaseUrl: env.OLD_HOST };'],
  ['a 2024-09 webhook registration (the version it sends may come from a caller)', "http.post('/2024-09/webhooks', { url, version: opts.version })"],
  ['the nested v1 pickup object sent to the 2024-09 pickups path', "axios.post('/2024-09/pickups', { selected_date: d, pickup: { service_shipment_ids: ids } })"],
  ['an exported request type that gives a v1-only pickup field', 'export interface PickupReq {\n  courier_service_id: string;\n  preferred_date: string;\n}'],
  ['a half-migrated path (2024-09 with the old resource)', "fetch('/2024-09/labels', { method: 'POST', body })"],
  ['a half-migrated path with a parameter', 'http.get(`/2024-09/couriers/${id}/estimated_delivery_dates`)'],
  ['a base ending in 2024-09 (a relative path sent through it may be half migrated)', "export const http = axios.create({ baseURL: 'https://api.example.com/2024-09' });"],
  ['a 2024-09 prefix joined with a path', 'fetch(`${BASE}/2024-09${path}`)'],
];

const weak: [string, string][] = [
  ['courier_id alone', 'const { courier_id } = row;'],
  ['preferred_date alone', "<input name='preferred_date' />"],
  ['a /v1 path of another API', "fetch('/api/v1/users')"],
  ["'2023-01' as a value", "const month = '2023-01';"],
  ['a 2024-09 path', "fetch('/2024-09/batches/labels')"],
];

const none: [string, string][] = [
  ['ordinary code', 'export const add = (a: number, b: number) => a + b;'],
  ['look-alike words', 'const courier = order.courier; const selected = true; const preferred = user.preferred;'],
  ['the word legacy, no base', '// legacy code: keep the old sort order\nconst legacyMode = flags.legacy;'],
  ['a date that is not a version', "const d = '2023-01-15';"],
  ['an empty file', ''],
];

describe('an Angular environment file', () => {
  it('that gives a URL is parsed: another build swaps it in for the base environment.ts gives', () => {
    const text = "export const environment = { production: true, shippingUrl: 'https://ship.example.com' };\n";
    expect(textSignal(text, [], path.join('src', 'environments', 'environment.prod.ts'))).toBe('strong');
    expect(textSignal(text, [], path.join('src', 'environments', 'environment.ts'))).toBe('strong');
    // another file with the same text, or an environment file without a URL, is not
    expect(textSignal(text, [], path.join('src', 'config.ts'))).toBe(null);
    expect(textSignal('export const environment = { production: true };\n', [], path.join('src', 'environments', 'environment.prod.ts'))).toBe(null);
  });
});

describe('the text test', () => {
  for (const [what, text] of strong) it(`passes on its own: ${what}`, () => expect(textSignal(text)).toBe('strong'));
  for (const [what, text] of weak) it(`holds a shared word: ${what}`, () => expect(textSignal(text)).toBe('weak'));
  for (const [what, text] of none) it(`passes over: ${what}`, () => expect(textSignal(text)).toBe(null));

  it('passes a file that names a configured host, whatever else it holds', () => {
    expect(textSignal("const base = 'https://legacy-shipping.example.com';", ['https://legacy-shipping.example.com'])).toBe('strong');
    expect(textSignal("const base = 'https://legacy-shipping.example.com';")).toBe(null);
  });
});

/** The files of a tree the text test passes on to parsing (names relative to the tree), with their texts. */
function tested(files: Record<string, string>, legacy: string[] = []): { file: string; text?: string }[] {
  const root = tempTree(files);
  const { fatal, candidates } = testTexts(Object.keys(files).map((f) => path.join(root, f)), { maxFileSize: 1_000_000, hosts: legacy, legacy });
  expect(fatal).toEqual([]);
  return candidates.map((c) => ({ file: path.relative(root, c.file).split(path.sep).join('/'), text: c.text }));
}

describe('modules drawn in through their imports', () => {
  it('lists the specifiers a module imports from, quoted as written, a line each', () => {
    const text = [
      "import axios from 'axios';",
      'import type { Body } from "./types.js";',
      "export * from '../api/index';",
      "import './polyfill';",
      "const legacy = require('../legacy/client');",
      "const lazy = await import('./lazy.ts');",
      "const label = 'from the store';",
    ].join('\n');
    expect(moduleSpecifiers(text)).toBe(['', "'axios'", '"./types.js"', "'../api/index'", "'./polyfill'", "'../legacy/client'", "'./lazy.ts'"].join('\n'));
    expect(moduleSpecifiers('export const add = (a: number, b: number) => a + b;')).toBe('');
  });

  it('draws in every module that imports a versioned base, with its text, and no module that only names it', () => {
    const files: Record<string, string> = {
      'api/base.ts': "export const API = 'https://api.example.com/2023-01/';\n",
      'orders/send.ts': "import { API } from '../api/base';\nexport const send = () => fetch(API + 'labels');\n",
      'orders/cjs.js': 'const { API } = require("../api/base.js");\nmodule.exports = () => fetch(API + "rates");\n',
      'orders/lazy.ts': "export const later = async () => (await import('../api/base')).API;\n",
      'orders/named.ts': "import { z } from 'zod';\nexport const where = '../api/base';\n",
      'orders/plain.ts': 'export const add = (a: number, b: number) => a + b;\n',
    };
    const candidates = tested(files);
    expect(candidates.map((c) => c.file)).toEqual(['api/base.ts', 'orders/send.ts', 'orders/cjs.js', 'orders/lazy.ts']);
    for (const c of candidates) expect(c.text).toBe(files[c.file]);
  });

  it('draws in the importers of a module exporting the legacy host, or a base named as its, though they name nothing old themselves', () => {
    const files: Record<string, string> = {
      'src/config.js': "module.exports = { host: 'https://legacy.shipping.example.com', pickupsPath: '/2024-09/pickups' };\n",
      'src/pickups.js': "const cfg = require('./config');\nexports.book = (id) => fetch(cfg.host + cfg.pickupsPath, { method: 'POST', body: JSON.stringify({ courier_service_id: id }) });\n",
      'src/env.js': 'export const SHIP = process.env.LEGACY_SHIPPING_URL;\n',
      'src/couriers.js': "import { SHIP } from './env';\nimport { COURIER } from './paths';\nexport const courier = (id) => fetch(SHIP + COURIER(id));\n",
      'src/other.js': "const cfg = require('./settings');\nexports.ping = () => fetch(cfg.host + '/ping');\n",
      'src/settings.js': "module.exports = { host: 'https://api.shipping.example.com' };\n",
    };
    expect(tested(files, ['https://legacy.shipping.example.com']).map((c) => c.file).sort()).toEqual(['src/config.js', 'src/couriers.js', 'src/env.js', 'src/pickups.js']);
  });

  it("draws in the callers of a module that sends requests and exports functions (a wrapper), through a barrel too, the importers of a module exporting an old path, and no importer of a module that exports neither", () => {
    const files: Record<string, string> = {
      'api/client.ts': "import axios from 'axios';\nconst http = axios.create({ baseURL: 'https://api.example.com' });\nexport const createLabels = (body: object) => http.post('/2023-01/labels', body);\n",
      'api/index.ts': "export * from './client';\n",
      'api/paths.ts': "export const LABELS = '/2023-01/labels';\n",
      'api/fields.ts': "export const ENTRY_KEYS = ['service_shipment_id', 'courier_id'];\n",
      'orders/batch.ts': "import { createLabels } from '../api/client';\nexport const batch = (ids: string[]) => createLabels({ shipments: ids });\n",
      'orders/barrel.ts': "import { createLabels } from '../api';\nexport const one = (id: string) => createLabels({ shipments: [id] });\n",
      // it may send to the path it imports, with a body of its own
      'orders/paths.ts': "import { LABELS } from '../api/paths';\nexport const shown = LABELS.length;\n",
      'orders/fields.ts': "import { ENTRY_KEYS } from '../api/fields';\nexport const count = ENTRY_KEYS.length;\n",
      'orders/plain.ts': 'export const add = (a: number, b: number) => a + b;\n',
    };
    expect(tested(files).map((c) => c.file).sort()).toEqual(['api/client.ts', 'api/fields.ts', 'api/index.ts', 'api/paths.ts', 'orders/barrel.ts', 'orders/batch.ts', 'orders/paths.ts']);
  });

  it('draws in the callers of a custom hook made with a generated RTK Query hook (they call the trigger it hands on), and not the parents of a component that only uses one', () => {
    const files: Record<string, string> = {
      'api/labelsApi.ts':
        "import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';\nexport const labelsApi = createApi({ baseQuery: fetchBaseQuery({ baseUrl: '/' }), endpoints: (b) => ({ createLabels: b.mutation({ query: (body) => ({ url: '/2023-01/labels', method: 'POST', body }) }) }) });\nexport const { useCreateLabelsMutation } = labelsApi;\n",
      'hooks/useLabels.ts': "import { useCreateLabelsMutation } from '../api/labelsApi';\nexport function useLabels() {\n  return useCreateLabelsMutation();\n}\n",
      'hooks/useReprint.ts': "import { useCreateLabelsMutation } from '../api/labelsApi';\nexport const useReprint = () => useCreateLabelsMutation();\n",
      'pages/Print.tsx': "import { useLabels } from '../hooks/useLabels';\nexport function Print({ body }: { body: object }) {\n  const [print] = useLabels();\n  return print(body);\n}\n",
      'pages/Reprint.tsx': "import { useReprint } from '../hooks/useReprint';\nexport const Reprint = ({ body }: { body: object }) => useReprint()[0](body);\n",
      'pages/Buy.tsx': "import { useCreateLabelsMutation } from '../api/labelsApi';\nexport function Buy() {\n  const [buy] = useCreateLabelsMutation();\n  return buy;\n}\n",
      'pages/Shop.tsx': "import { Buy } from './Buy';\nexport const Shop = () => Buy();\n",
    };
    expect(tested(files).map((c) => c.file).sort()).toEqual(['api/labelsApi.ts', 'hooks/useLabels.ts', 'hooks/useReprint.ts', 'pages/Buy.tsx', 'pages/Print.tsx', 'pages/Reprint.tsx']);
  });

  it("draws in the callers of a custom hook made with TanStack's useMutation around an imported request function (they call the mutate it hands on)", () => {
    const files: Record<string, string> = {
      'api/labels.ts': "import axios from 'axios';\nexport const createLabels = (body: object) => axios.post('/2023-01/labels', body);\n",
      'hooks/useCreateLabels.ts': "import { useMutation } from '@tanstack/react-query';\nimport { createLabels } from '../api/labels';\nexport const useCreateLabels = () => useMutation({ mutationFn: createLabels });\n",
      'pages/Buy.tsx': "import { useCreateLabels } from '../hooks/useCreateLabels';\nexport function Buy({ body }: { body: object }) {\n  const { mutate } = useCreateLabels();\n  return () => mutate(body);\n}\n",
      'pages/Shop.tsx': "import { Buy } from './Buy';\nexport const Shop = () => Buy({ body: {} });\n",
    };
    expect(tested(files).map((c) => c.file).sort()).toEqual(['api/labels.ts', 'hooks/useCreateLabels.ts', 'pages/Buy.tsx']);
  });
});

describe('the tsconfig files the text test finds from what the walk saw of the folders', () => {
  it('draws in the same importers through tsconfig `paths` aliases as a look on the disk, linked tsconfig.json files included', () => {
    // (the aliases name neither the module's file nor its folder: only a tsconfig ties an import to it)
    const aliasTo = (name: string) => JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { [name]: ['../../libs/shipping/src/index.ts'] } } });
    const dir = tempTree({
      'tsconfig.json': '{ "compilerOptions": { "strict": true } }',
      'libs/shipping/src/index.ts': "export const createLabel = (b: object) => fetch('/2023-01/labels', { method: 'POST', body: JSON.stringify(b) });\n",
      'apps/web/tsconfig.json': aliasTo('@acme/carrier'),
      'apps/web/src/page.ts': "import { createLabel } from '@acme/carrier';\ncreateLabel({ shipments: [] });\n",
      'configs/admin.json': aliasTo('@acme/courier'),
      'apps/admin/src/tool.ts': "import { createLabel } from '@acme/courier';\ncreateLabel({ shipments: [] });\n",
      'apps/broken/src/other.ts': "import { x } from '@acme/other';\nx();\n",
    });
    // the admin app's tsconfig.json is a link to a config of another name; the broken app's leads nowhere
    symlinkSync(path.join(dir, 'configs/admin.json'), path.join(dir, 'apps/admin/tsconfig.json'));
    symlinkSync(path.join(dir, 'configs/missing.json'), path.join(dir, 'apps/broken/tsconfig.json'));
    const seen = listedFolders();
    const files = discoverFiles(['.'], dir, [], { onListed: seen.hook });
    expect(seen.folders.tsconfig).toEqual(new Set([dir, path.join(dir, 'apps/web')]));
    expect(seen.folders.listed.has(path.join(dir, 'apps/admin'))).toBe(false);
    const names = (t: { candidates: { file: string }[] }) => t.candidates.map((c) => path.relative(dir, c.file)).sort();
    const withWalk = names(testTexts(files, { maxFileSize: 1 << 20, hosts: [], folders: seen.folders }));
    expect(withWalk).toEqual(['apps/admin/src/tool.ts', 'apps/web/src/page.ts', 'libs/shipping/src/index.ts']);
    expect(names(testTexts(files, { maxFileSize: 1 << 20, hosts: [] }))).toEqual(withWalk);
    // and each folder's answer is the disk's, the linked ones included
    const fromWalk = new TsconfigReader(undefined, seen.folders);
    const fromDisk = new TsconfigReader();
    for (const folder of [...seen.folders.listed, 'apps/admin', 'apps/broken', 'apps/broken/src'].map((f) => path.resolve(dir, f))) expect(fromWalk.pathsFor(folder), folder).toEqual(fromDisk.pathsFor(folder));
    // (a link that leads nowhere is no tsconfig: the folder above answers)
    expect(fromWalk.pathsFor(path.join(dir, 'apps/broken/src'))).toBeNull();
  });
});
