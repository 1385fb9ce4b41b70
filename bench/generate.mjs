#!/usr/bin/env node
// A synthetic client monorepo for `npm run bench`: N TypeScript/TSX files in packages of about 200
// files each. About 2% of the files call the shipping service in an old form (v1 pickup bodies sent
// with fetch, axios, got and ky; 2023-01 labels with `.map` entries; courier_selection blocks;
// webhook registrations and handlers; endpoint constants imported from another module; request
// types); the rest is ordinary app code, some of it sharing words with the API (other vendors'
// `/v1/...` services, forms with `preferred_date`, reports for '2023-01', code already on 2024-09,
// warehouse models with `courier_id`).
//
// Deterministic: file i depends only on (seed, i), so the 20,000-file tree holds the 10,000-file
// tree's files unchanged (the larger tree has more packages, not different ones).
//
//   node bench/generate.mjs --files 2000 --out .bench/tree-2000 [--seed 1]
//
// Writes the tree, a git repository committed in it (so that `--fix` accepts it), and beside the
// tree `<out>.manifest.json`: every file with its kind and whether it is old-API code (the ground
// truth the recall figures use).

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FILES_PER_PACKAGE = 200;
export const LEGACY_SHARE = 0.02;

// ---------------------------------------------------------------- seeded randomness

function hash32(...parts) {
  const h = createHash('sha256').update(parts.join('\u0000')).digest();
  return h.readUInt32LE(0);
}

/** mulberry32 */
function rngFrom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    chance: (p) => next() < p,
  };
}

// ---------------------------------------------------------------- words

const ENTITIES = ['user', 'order', 'invoice', 'product', 'cart', 'customer', 'warehouse', 'ticket', 'account', 'team', 'project', 'payment', 'refund', 'coupon', 'review', 'supplier', 'category', 'session', 'message', 'notification', 'parcel', 'address', 'subscription', 'report', 'campaign', 'employee', 'shift', 'store', 'return', 'stock'];
const VERBS = ['load', 'save', 'sync', 'build', 'format', 'merge', 'group', 'filter', 'sort', 'compute', 'resolve', 'normalize', 'validate', 'summarize', 'prepare', 'export'];
const ADJ = ['Active', 'Pending', 'Recent', 'Archived', 'Selected', 'Visible', 'Paged', 'Grouped', 'Cached', 'Draft'];
const WIDGETS = ['List', 'Table', 'Card', 'Panel', 'Dialog', 'Form', 'Header', 'Badge', 'Summary', 'Row', 'Toolbar', 'Picker', 'Chart', 'Filter', 'Details'];
const PKG_NAMES = ['storefront', 'admin', 'checkout', 'warehouse-ui', 'billing', 'support', 'analytics', 'catalog', 'accounts', 'fulfilment', 'returns', 'marketing', 'mobile-web', 'partner-portal', 'shared-ui', 'notifications', 'search', 'pricing', 'inventory', 'onboarding'];
const VENDORS = [
  { name: 'payments', host: 'https://api.payments.test', paths: ['/v1/charges', '/v1/customers', '/v1/refunds', '/v1/payment_intents'] },
  { name: 'mailer', host: 'https://api.mailer.test', paths: ['/v1/messages', '/v1/templates', '/v1/suppressions'] },
  { name: 'crm', host: 'https://crm.example.test', paths: ['/api/v1/contacts', '/api/v1/deals', '/api/v1/notes'] },
  { name: 'freight', host: 'https://api.freightco.test', paths: ['/v1/pickups', '/v1/quotes', '/v1/bookings'] },
  { name: 'geo', host: 'https://geo.maps.test', paths: ['/v1/geocode', '/v1/timezone', '/v1/distance'] },
  { name: 'sms', host: 'https://sms.gateway.test', paths: ['/v1/send', '/v1/status'] },
];

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const camel = (s) => s.replace(/[-_](\w)/g, (_, c) => c.toUpperCase());
const pascal = (s) => cap(camel(s));

// ---------------------------------------------------------------- layout

/** The kinds of file, with their share among the ordinary slots of a package. */
const ORDINARY_KINDS = [
  ['component', 0.34],
  ['hook', 0.08],
  ['util', 0.14],
  ['service', 0.06],
  ['store', 0.06],
  ['types', 0.06],
  ['test', 0.10],
  // look-alikes: share a word with the API, must produce no finding
  ['vendor-service', 0.06],
  ['form-preferred-date', 0.025],
  ['report-months', 0.025],
  ['current-2024-09', 0.01],
  ['warehouse-model', 0.01],
];
const LEGACY_KINDS = ['v1-pickup-fetch', 'v1-pickup-axios-nested', 'v1-pickup-got', 'v1-pickup-ky', 'v1-slots-template', 'labels-2023-01-map', 'courier-selection-shipment', 'courier-selection-rates', 'webhook-registration', 'webhook-handler', 'endpoint-caller', 'request-types'];
const LOOKALIKE = new Set(['vendor-service', 'form-preferred-date', 'report-months', 'current-2024-09', 'warehouse-model', 'vendor-endpoints']);

/** Package p's name and whether its endpoints module holds the old shipping endpoints. */
function packageInfo(seed, p) {
  const r = rngFrom(hash32(seed, 'pkg', p));
  const base = PKG_NAMES[p % PKG_NAMES.length];
  const name = p < PKG_NAMES.length ? base : `${base}-${Math.floor(p / PKG_NAMES.length) + 1}`;
  return { name, legacyEndpoints: r.chance(0.3) };
}

/** What file i is: its path (relative to the tree), kind, and whether it is old-API code. */
export function fileSpec(seed, i) {
  const p = Math.floor(i / FILES_PER_PACKAGE);
  const slot = i % FILES_PER_PACKAGE;
  const pkg = packageInfo(seed, p);
  const r = rngFrom(hash32(seed, 'file', i));
  const dir = `packages/${pkg.name}/src`;
  // fixed slots every package has, which other files import
  if (slot === 0) return { i, pkg, rel: `${dir}/config/endpoints.ts`, kind: pkg.legacyEndpoints ? 'legacy-endpoints' : 'vendor-endpoints', legacy: pkg.legacyEndpoints };
  if (slot === 1) return { i, pkg, rel: `${dir}/utils/format.ts`, kind: 'util-format', legacy: false };
  if (slot === 2) return { i, pkg, rel: `${dir}/types/models.ts`, kind: 'models', legacy: false };
  if (slot === 3) return { i, pkg, rel: `${dir}/api/http.ts`, kind: 'http', legacy: false };
  let kind;
  if (r.chance(LEGACY_SHARE)) {
    kind = r.pick(LEGACY_KINDS);
    if (kind === 'endpoint-caller' && !pkg.legacyEndpoints) kind = r.pick(LEGACY_KINDS.filter((k) => k !== 'endpoint-caller'));
  } else {
    let x = r.next() * ORDINARY_KINDS.reduce((s, [, w]) => s + w, 0);
    kind = ORDINARY_KINDS[ORDINARY_KINDS.length - 1][0];
    for (const [k, w] of ORDINARY_KINDS) {
      if ((x -= w) < 0) {
        kind = k;
        break;
      }
    }
  }
  const entity = r.pick(ENTITIES);
  const area = {
    component: `components/${entity}`,
    hook: 'hooks',
    util: 'utils',
    service: 'services',
    store: 'store',
    types: 'types',
    test: '__tests__',
    'vendor-service': 'services/vendors',
    'form-preferred-date': `components/${entity}`,
    'report-months': 'reports',
    'current-2024-09': 'shipping',
    'warehouse-model': 'warehouse',
  }[kind] ?? 'shipping';
  const ext = ['component', 'form-preferred-date'].includes(kind) ? 'tsx' : kind === 'test' ? 'test.ts' : 'ts';
  const base = ['component', 'form-preferred-date'].includes(kind) ? `${pascal(entity)}${r.pick(WIDGETS)}${i}` : `${camel(entity)}${pascal(r.pick(VERBS))}${i}`;
  return { i, pkg, rel: `${dir}/${area}/${base}.${ext}`, kind, legacy: !LOOKALIKE.has(kind) && !ORDINARY_KINDS.some(([k]) => k === kind) };
}

// ---------------------------------------------------------------- shared filler

/** Ordinary helper functions, to give files a realistic length and variety. */
function filler(r, n) {
  const out = [];
  for (let k = 0; k < n; k++) {
    const e = r.pick(ENTITIES);
    const v = r.pick(VERBS);
    const fn = `${v}${pascal(e)}s${k}`;
    switch (r.int(0, 5)) {
      case 0:
        out.push(`export function ${fn}(rows: Array<{ id: string; ${e}Name: string; updatedAt: number }>, limit = ${r.int(5, 100)}) {
  const seen = new Set<string>();
  const result: typeof rows = [];
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    result.push({ ...row, ${e}Name: row.${e}Name.trim() });
    if (result.length >= limit) break;
  }
  return result.sort((a, b) => b.updatedAt - a.updatedAt);
}`);
        break;
      case 1:
        out.push(`export const ${fn} = (values: number[]): { total: number; average: number; max: number } => {
  const total = values.reduce((sum, x) => sum + x, 0);
  return { total, average: values.length ? total / values.length : 0, max: Math.max(${r.int(0, 9)}, ...values) };
};`);
        break;
      case 2:
        out.push(`export function ${fn}(input: Record<string, unknown>): string[] {
  const errors: string[] = [];
  if (typeof input.${e}Id !== 'string' || !input.${e}Id) errors.push('${e}Id is required');
  if (input.quantity !== undefined && Number(input.quantity) < ${r.int(0, 3)}) errors.push('quantity is too small');
  if (typeof input.note === 'string' && input.note.length > ${r.int(100, 2000)}) errors.push('note is too long');
  return errors;
}`);
        break;
      case 3:
        out.push(`export async function ${fn}<T>(task: () => Promise<T>, attempts = ${r.int(2, 5)}): Promise<T> {
  let last: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await task();
    } catch (err) {
      last = err;
      await new Promise((resolve) => setTimeout(resolve, ${r.int(50, 500)} * 2 ** attempt));
    }
  }
  throw last;
}`);
        break;
      case 4:
        out.push(`export class ${pascal(e)}Cache${k} {
  private entries = new Map<string, { value: unknown; expires: number }>();
  constructor(private readonly ttlMs = ${r.int(1, 60)} * 1000) {}
  get(key: string): unknown {
    const hit = this.entries.get(key);
    if (!hit || hit.expires < Date.now()) return undefined;
    return hit.value;
  }
  set(key: string, value: unknown): void {
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }
}`);
        break;
      default:
        out.push(`export const ${fn}Labels: Record<string, string> = {
  ${e}: '${cap(e)}',
  ${r.pick(ENTITIES)}: '${cap(r.pick(ENTITIES))}',
  status: 'Status',
  createdAt: 'Created',
};`);
    }
  }
  return out.join('\n\n');
}

// ---------------------------------------------------------------- ordinary kinds

function component(r, s) {
  const e = r.pick(ENTITIES);
  const Name = path.basename(s.rel, '.tsx');
  return `import React, { useMemo, useState } from 'react';
import { formatDate, formatMoney } from '../../utils/format';
import type { Entity } from '../../types/models';

export interface ${Name}Props {
  items: Entity[];
  title?: string;
  onSelect?: (id: string) => void;
}

export function ${Name}({ items, title = '${cap(e)}s', onSelect }: ${Name}Props) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const visible = useMemo(
    () => items.filter((it) => it.name.toLowerCase().includes(query.toLowerCase())).slice(page * ${r.int(10, 50)}, (page + 1) * ${r.int(10, 50)}),
    [items, query, page],
  );
  return (
    <section className="${e}-${r.pick(WIDGETS).toLowerCase()}">
      <h2>{title}</h2>
      <input value={query} onChange={(ev) => setQuery(ev.target.value)} placeholder="Search ${e}s" />
      <ul>
        {visible.map((it) => (
          <li key={it.id} onClick={() => onSelect?.(it.id)}>
            <strong>{it.name}</strong> <span>{formatDate(it.createdAt)}</span> <em>{formatMoney(it.amount)}</em>
          </li>
        ))}
      </ul>
      <button disabled={page === 0} onClick={() => setPage(page - 1)}>Previous</button>
      <button onClick={() => setPage(page + 1)}>Next</button>
    </section>
  );
}

${filler(r, r.int(0, 3))}
`;
}

function hook(r) {
  const e = r.pick(ENTITIES);
  return `import { useEffect, useState } from 'react';
import { http } from '../api/http';
import type { Entity } from '../types/models';

export function use${pascal(e)}s(filter: string) {
  const [data, setData] = useState<Entity[]>([]);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    let cancelled = false;
    http
      .get(\`/api/${e}s?filter=\${encodeURIComponent(filter)}\`)
      .then((res) => {
        if (!cancelled) setData(res.data);
      })
      .catch((err) => setError(err));
    return () => {
      cancelled = true;
    };
  }, [filter]);
  return { data, error, loading: !error && data.length === 0 };
}

${filler(r, r.int(1, 3))}
`;
}

function util(r) {
  return `import { formatDate } from './format';

${filler(r, r.int(2, 6))}

export const describeRange = (from: number, to: number) => \`\${formatDate(from)} – \${formatDate(to)}\`;
`;
}

function service(r) {
  const e = r.pick(ENTITIES);
  return `import { http } from '../api/http';
import type { Entity } from '../types/models';

export async function list${pascal(e)}s(page = 1): Promise<Entity[]> {
  const { data } = await http.get('/api/${e}s', { params: { page, per_page: ${r.int(10, 100)} } });
  return data.items;
}

export async function create${pascal(e)}(input: Partial<Entity>): Promise<Entity> {
  const { data } = await http.post('/api/${e}s', { ...input, source: '${r.pick(PKG_NAMES)}' });
  return data;
}

export async function remove${pascal(e)}(id: string): Promise<void> {
  await http.delete(\`/api/${e}s/\${id}\`);
}

${filler(r, r.int(1, 3))}
`;
}

function store(r) {
  const e = r.pick(ENTITIES);
  return `import type { Entity } from '../types/models';

export interface ${pascal(e)}State {
  byId: Record<string, Entity>;
  order: string[];
  status: 'idle' | 'loading' | 'failed';
}

export const initial${pascal(e)}State: ${pascal(e)}State = { byId: {}, order: [], status: 'idle' };

type Action =
  | { type: '${e}/loaded'; items: Entity[] }
  | { type: '${e}/removed'; id: string }
  | { type: '${e}/failed' };

export function ${camel(e)}Reducer(state = initial${pascal(e)}State, action: Action): ${pascal(e)}State {
  switch (action.type) {
    case '${e}/loaded':
      return {
        ...state,
        status: 'idle',
        byId: Object.fromEntries(action.items.map((it) => [it.id, it])),
        order: action.items.map((it) => it.id),
      };
    case '${e}/removed': {
      const { [action.id]: _gone, ...rest } = state.byId;
      return { ...state, byId: rest, order: state.order.filter((id) => id !== action.id) };
    }
    case '${e}/failed':
      return { ...state, status: 'failed' };
    default:
      return state;
  }
}

${filler(r, r.int(0, 2))}
`;
}

function types(r) {
  const lines = [];
  for (let k = 0; k < r.int(3, 7); k++) {
    const e = r.pick(ENTITIES);
    lines.push(`export interface ${pascal(e)}${r.pick(ADJ)}${k} {
  id: string;
  ${camel(e)}Name: string;
  status: '${r.pick(['open', 'active', 'new'])}' | '${r.pick(['closed', 'archived', 'done'])}';
  createdAt: number;
  tags?: string[];
  meta?: Record<string, string>;
}`);
  }
  return lines.join('\n\n') + `\n\nexport type Id = string;\n`;
}

function test(r) {
  const e = r.pick(ENTITIES);
  return `import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../utils/format';

describe('${e} formatting', () => {
  it('formats money', () => {
    expect(formatMoney(${r.int(1, 9999)})).toMatch(/\\d/);
  });
  it('formats dates', () => {
    expect(formatDate(Date.UTC(2024, ${r.int(0, 11)}, ${r.int(1, 28)}))).toContain('2024');
  });
  it.each([${r.int(0, 5)}, ${r.int(6, 10)}, ${r.int(11, 20)}])('keeps %i', (n) => {
    expect(n).toBeGreaterThanOrEqual(0);
  });
});
`;
}

// ---------------------------------------------------------------- look-alikes (no finding)

function vendorService(r) {
  const v = r.pick(VENDORS);
  const p1 = r.pick(v.paths);
  const p2 = r.pick(v.paths);
  const freightBody = v.name === 'freight' ? `{ courier_id: opts.carrierId, preferred_date: opts.date, reference: opts.ref }` : `{ reference: opts.ref, amount: opts.amount }`;
  return `import axios from 'axios';

const ${v.name} = axios.create({ baseURL: '${v.host}', timeout: ${r.int(2, 30)} * 1000 });

export interface ${pascal(v.name)}Options {
  ref: string;
  amount?: number;
  carrierId?: string;
  date?: string;
}

export async function call${pascal(v.name)}(opts: ${pascal(v.name)}Options) {
  const { data } = await ${v.name}.post('${p1}', ${freightBody});
  return data;
}

export async function get${pascal(v.name)}(id: string) {
  const res = await fetch(\`${v.host}${p2}/\${id}\`, { headers: { Authorization: \`Bearer \${process.env.${v.name.toUpperCase()}_TOKEN}\` } });
  return res.json();
}

${filler(r, r.int(0, 2))}
`;
}

function vendorEndpoints(r) {
  const v = r.pick(VENDORS);
  return `// Endpoints of the services this package calls.
export const ENDPOINTS = {
  ${v.name}: '${v.host}${v.paths[0]}',
  internal: '/api/v1/internal',
  health: '/healthz',
} as const;

export const TIMEOUT_MS = ${r.int(1000, 30000)};
`;
}

function formPreferredDate(r, s) {
  const Name = path.basename(s.rel, '.tsx');
  return `import React, { useState } from 'react';

interface DeliveryPreferences {
  preferred_date: string;
  preferred_slot: 'morning' | 'afternoon' | 'evening';
  notes: string;
}

export function ${Name}({ onSubmit }: { onSubmit: (p: DeliveryPreferences) => void }) {
  const [form, setForm] = useState<DeliveryPreferences>({ preferred_date: '', preferred_slot: 'morning', notes: '' });
  return (
    <form
      onSubmit={(ev) => {
        ev.preventDefault();
        onSubmit(form);
      }}
    >
      <label>
        Preferred date
        <input type="date" value={form.preferred_date} onChange={(ev) => setForm({ ...form, preferred_date: ev.target.value })} />
      </label>
      <select value={form.preferred_slot} onChange={(ev) => setForm({ ...form, preferred_slot: ev.target.value as DeliveryPreferences['preferred_slot'] })}>
        <option value="morning">Morning</option>
        <option value="afternoon">Afternoon</option>
        <option value="evening">Evening</option>
      </select>
      <textarea value={form.notes} onChange={(ev) => setForm({ ...form, notes: ev.target.value })} />
      <button type="submit">Save</button>
    </form>
  );
}

${filler(r, r.int(0, 2))}
`;
}

function reportMonths(r) {
  return `import { formatMoney } from '../utils/format';

export const MONTHS = ['2023-01', '2023-02', '2023-03', '2023-04', '2023-05', '2023-06'];

export function monthlyRevenue(rows: Array<{ month: string; amount: number }>, month = '2023-01') {
  const total = rows.filter((row) => row.month === month).reduce((sum, row) => sum + row.amount, 0);
  return { month, total: formatMoney(total), label: month === '2023-01' ? 'January 2023' : month };
}

export const reportTitle = (period: string) => \`Revenue report \${period} (from 2023-01)\`;

${filler(r, r.int(1, 3))}
`;
}

function current2024(r) {
  return `import { http } from '../api/http';

export async function courierDetails(courierId: string) {
  const { data } = await http.get(\`/2024-09/couriers/\${courierId}\`);
  return { courier_id: data.courier.id, name: data.courier.name };
}

export async function schedulePickup(serviceId: string, day: string, ids: string[]) {
  return http.post('/2024-09/pickups', {
    courier_service_id: serviceId,
    selected_date: day,
    selected_from_time: '${String(r.int(8, 11)).padStart(2, '0')}:00',
    selected_to_time: '${r.int(14, 18)}:00',
    service_shipment_ids: ids,
  });
}

${filler(r, r.int(0, 2))}
`;
}

function warehouseModel(r) {
  return `// Warehouse records: which courier collected which parcel.
export interface ParcelRecord {
  parcel_id: string;
  courier_id: string;
  collected_at: number;
}

export const byCourier = (rows: ParcelRecord[], courier_id: string) => rows.filter((row) => row.courier_id === courier_id);

export const toRecord = (parcel: string, courier: string): ParcelRecord => ({ parcel_id: parcel, courier_id: courier, collected_at: Date.now() });

${filler(r, r.int(0, 2))}
`;
}

// ---------------------------------------------------------------- fixed slots

function formatModule(r) {
  return `export const formatDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const formatMoney = (cents: number, currency = '${r.pick(['EUR', 'USD', 'GBP'])}') =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);

${filler(r, r.int(1, 3))}
`;
}

function models(r) {
  return `export interface Entity {
  id: string;
  name: string;
  amount: number;
  createdAt: number;
}

${types(r)}`;
}

function httpModule(r) {
  return `import axios from 'axios';

export const http = axios.create({ baseURL: process.env.API_URL ?? '/', timeout: ${r.int(5, 30)} * 1000 });
export const shipping = axios.create({ baseURL: process.env.SHIPPING_API });
`;
}

// ---------------------------------------------------------------- old-API kinds

const pad2 = (n) => String(n).padStart(2, '0');
const isoTime = (r, h) => `2025-${pad2(r.int(1, 12))}-${pad2(r.int(1, 28))}T${pad2(h)}:00`;

function legacyEndpoints(r) {
  return `// Endpoints of the shipping service.
export const SHIPPING_ENDPOINTS = {
  labels: '/2023-01/labels',
  pickups: '/pickup/v1/pickups',
  slots: (serviceId: string) => \`/pickup/v1/pickup_slots/\${serviceId}\`,
  account: (id: string) => \`/2023-01/courier_accounts/\${id}\`,
} as const;

export const TIMEOUT_MS = ${r.int(1000, 30000)};
`;
}

function v1PickupFetch(r) {
  return `const SHIPPING_LEGACY_URL = process.env.SHIPPING_LEGACY_URL ?? '';

export async function bookPickup(serviceId: string, day: string, shipmentIds: string[]) {
  const res = await fetch(\`\${SHIPPING_LEGACY_URL}/pickup/v1/pickups\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      courier_id: serviceId,
      preferred_date: day,
      preferred_min_time: '${isoTime(r, r.int(8, 11))}',
      preferred_max_time: '${isoTime(r, r.int(14, 18))}',
      service_shipment_ids: shipmentIds,
    }),
  });
  if (!res.ok) throw new Error(\`pickup failed: \${res.status}\`);
  return res.json();
}

${filler(r, r.int(0, 3))}
`;
}

function v1PickupAxiosNested(r) {
  return `import axios from 'axios';

export function schedulePickup(opts: { courierId: string; date: string; ids: string[] }) {
  return axios.post(process.env.SHIPPING_LEGACY_URL + '/pickup/v1/pickups', {
    pickup: {
      courier_id: opts.courierId,
      preferred_date: opts.date,
      service_shipment_ids: opts.ids,
    },
  });
}

${filler(r, r.int(0, 3))}
`;
}

function v1PickupGot(r) {
  return `import got from 'got';

export async function requestCollection(courier_id: string, preferred_date: string, from: string, ids: string[]) {
  return got
    .post(\`\${process.env.SHIPPING_LEGACY_URL}/pickup/v1/pickups\`, {
      json: { courier_id, preferred_date, preferred_min_time: from, preferred_max_time: '${isoTime(r, 17)}', service_shipment_ids: ids },
    })
    .json();
}

${filler(r, r.int(0, 3))}
`;
}

function v1PickupKy(r) {
  return `import ky from 'ky';

const legacy = ky.create({ prefixUrl: process.env.SHIPPING_LEGACY_URL });

export function pickupRequest(serviceId: string, day: string, ids: string[]) {
  return legacy.post('pickup/v1/pickups', { json: { courier_id: serviceId, preferred_date: day, service_shipment_ids: ids } }).json();
}

export function handedOver(ids: string[]) {
  return legacy.post('pickup/v1/direct_handover', { json: { service_shipment_ids: ids } }).json();
}

${filler(r, r.int(0, 3))}
`;
}

function v1Slots(r) {
  return `const LEGACY_SHIPPING = process.env.SHIPPING_LEGACY_URL;

export async function pickupSlots(serviceId: string, originId: string) {
  const res = await fetch(\`\${LEGACY_SHIPPING}/pickup/v1/pickup_slots/\${serviceId}?origin_address_id=\${originId}\`);
  const data = await res.json();
  return data.slots as Array<{ from: string; to: string }>;
}

${filler(r, r.int(0, 3))}
`;
}

function labels(r) {
  return `import { shipping } from '../api/http';

export async function printLabels(shipmentIds: string[], serviceId: string) {
  const payload = {
    shipments: shipmentIds.map((id) => ({
      service_shipment_id: id,
      courier_id: serviceId,
    })),
  };
  const { data } = await shipping.post('/2023-01/labels', payload);
  return data;
}

${filler(r, r.int(0, 3))}
`;
}

function courierSelectionShipment(r) {
  return `import axios from 'axios';

export async function createShipment(order: { serviceId?: string; incoterms: string }) {
  const { data } = await axios.post(\`\${process.env.SHIPPING_API}/2023-01/shipments\`, {
    incoterms: order.incoterms,
    insurance: { is_insured: ${r.pick(['true', 'false'])} },
    courier_selection: {
      selected_courier_id: order.serviceId,
      allow_courier_fallback: !order.serviceId,
      apply_shipping_rules: true,
    },
  });
  return data.shipment;
}

${filler(r, r.int(0, 3))}
`;
}

function courierSelectionRates(r) {
  return `export async function quote(country: string, weight: number) {
  const res = await fetch(\`\${process.env.SHIPPING_API}/2023-01/rates\`, {
    method: 'POST',
    body: JSON.stringify({
      destination_address: { country_alpha2: country },
      courier_selection: { show_courier_logo_url: true, apply_shipping_rules: ${r.pick(['true', 'false'])} },
      parcels: [{ items: [{ quantity: 1, declared_currency: 'EUR', origin_country_alpha2: 'DE' }], total_actual_weight: weight }],
    }),
  });
  return res.json();
}

${filler(r, r.int(0, 3))}
`;
}

function webhookRegistration(r) {
  return `import got from 'got';

export async function registerWebhook(target: string) {
  return got
    .post(\`\${process.env.SHIPPING_API}/2023-01/webhooks\`, {
      json: { endpoint: target, version: '2023-01', event_types: ['courier_account_state_changed', 'shipment.label.created'] },
    })
    .json();
}

${filler(r, r.int(0, 3))}
`;
}

function webhookHandler(r) {
  return `import type { Request, Response } from 'express';

export function onShippingEvent(req: Request, res: Response) {
  switch (req.body.event_type) {
    case 'courier_account_state_changed':
      refreshCourier(req.body.resource_id);
      break;
    default:
      break;
  }
  res.sendStatus(204);
}

function refreshCourier(id: string) {
  return id.length > ${r.int(0, 9)};
}

${filler(r, r.int(0, 3))}
`;
}

function endpointCaller(r) {
  return `import { shipping } from '../api/http';
import { SHIPPING_ENDPOINTS } from '../config/endpoints';

export async function labelsFor(ids: string[], serviceId: string) {
  const { data } = await shipping.post(SHIPPING_ENDPOINTS.labels, {
    shipments: ids.map((id) => ({ service_shipment_id: id, courier_id: serviceId })),
  });
  return data;
}

export async function slotsFor(serviceId: string) {
  const { data } = await shipping.get(SHIPPING_ENDPOINTS.slots(serviceId));
  return data;
}

${filler(r, r.int(0, 3))}
`;
}

function requestTypes(r) {
  return `export type CourierChoice = {
  selected_courier_id?: string;
  allow_courier_fallback: boolean;
  apply_shipping_rules?: boolean;
};

export interface ShipmentRequest {
  incoterms: string;
  courier_selection: CourierChoice;
}

export function buildShipment(serviceId: string | undefined): ShipmentRequest {
  return {
    incoterms: '${r.pick(['DDU', 'DDP'])}',
    courier_selection: { selected_courier_id: serviceId, allow_courier_fallback: !serviceId },
  };
}

export function usesFallback(req: ShipmentRequest): boolean {
  return req.courier_selection.allow_courier_fallback;
}

${filler(r, r.int(0, 3))}
`;
}

const RENDER = {
  component,
  hook,
  util,
  service,
  store,
  types,
  test,
  'vendor-service': vendorService,
  'vendor-endpoints': vendorEndpoints,
  'form-preferred-date': formPreferredDate,
  'report-months': reportMonths,
  'current-2024-09': current2024,
  'warehouse-model': warehouseModel,
  'util-format': formatModule,
  models,
  http: httpModule,
  'legacy-endpoints': legacyEndpoints,
  'v1-pickup-fetch': v1PickupFetch,
  'v1-pickup-axios-nested': v1PickupAxiosNested,
  'v1-pickup-got': v1PickupGot,
  'v1-pickup-ky': v1PickupKy,
  'v1-slots-template': v1Slots,
  'labels-2023-01-map': labels,
  'courier-selection-shipment': courierSelectionShipment,
  'courier-selection-rates': courierSelectionRates,
  'webhook-registration': webhookRegistration,
  'webhook-handler': webhookHandler,
  'endpoint-caller': endpointCaller,
  'request-types': requestTypes,
};

export function renderFile(seed, i) {
  const s = fileSpec(seed, i);
  const r = rngFrom(hash32(seed, 'body', i));
  return { ...s, text: RENDER[s.kind](r, s) };
}

// ---------------------------------------------------------------- the tree

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** Changes to this file change the trees it makes: the stamp holds its hash. */
export const GENERATOR_HASH = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url))).digest('hex').slice(0, 16);

export function git(cwd, ...args) {
  return execFileSync('git', ['-c', 'user.email=bench@example.com', '-c', 'user.name=bench', '-c', 'commit.gpgsign=false', '-c', 'core.autocrlf=false', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 }).toString();
}

/**
 * Make (or reuse) the tree of `files` files at `out`. Returns the manifest
 * `{ seed, files, generator, entries: [{ rel, kind, legacy }] }`.
 */
export function generateTree({ files, out, seed = 1, log = () => {} }) {
  const stampFile = `${out}.stamp.json`;
  const manifestFile = `${out}.manifest.json`;
  const stamp = { seed, files, generator: GENERATOR_HASH };
  if (existsSync(stampFile) && existsSync(manifestFile) && existsSync(path.join(out, '.git'))) {
    try {
      if (JSON.stringify(JSON.parse(readFileSync(stampFile, 'utf8'))) === JSON.stringify(stamp)) {
        log(`reusing ${path.relative(process.cwd(), out)} (same seed, size and generator)`);
        return JSON.parse(readFileSync(manifestFile, 'utf8'));
      }
    } catch {
      /* regenerate */
    }
  }
  const t0 = performance.now();
  rmSync(out, { recursive: true, force: true });
  rmSync(stampFile, { force: true });
  mkdirSync(out, { recursive: true });
  const entries = [];
  const packages = new Set();
  const dirs = new Set();
  for (let i = 0; i < files; i++) {
    const f = renderFile(seed, i);
    const abs = path.join(out, f.rel);
    const d = path.dirname(abs);
    if (!dirs.has(d)) {
      mkdirSync(d, { recursive: true });
      dirs.add(d);
    }
    writeFileSync(abs, f.text);
    entries.push({ rel: f.rel, kind: f.kind, legacy: f.legacy });
    packages.add(f.pkg.name);
  }
  writeFileSync(path.join(out, 'package.json'), JSON.stringify({ name: 'client-monorepo', private: true, workspaces: ['packages/*'] }, null, 2) + '\n');
  writeFileSync(path.join(out, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', strict: true } }, null, 2) + '\n');
  writeFileSync(path.join(out, '.gitignore'), 'node_modules/\ndist/\n');
  for (const p of packages) writeFileSync(path.join(out, 'packages', p, 'package.json'), JSON.stringify({ name: `@client/${p}`, version: '1.0.0', private: true }, null, 2) + '\n');
  const t1 = performance.now();
  git(out, 'init', '-q');
  git(out, 'add', '.');
  git(out, 'commit', '-q', '-m', `bench tree: ${files} files, seed ${seed}`);
  const t2 = performance.now();
  const manifest = { ...stamp, entries };
  writeFileSync(manifestFile, JSON.stringify(manifest));
  writeFileSync(stampFile, JSON.stringify(stamp));
  log(`generated ${files} files in ${packages.size} packages at ${path.relative(process.cwd(), out)} (${((t1 - t0) / 1000).toFixed(1)} s; git commit ${((t2 - t1) / 1000).toFixed(1)} s)`);
  return manifest;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name, dflt) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : dflt;
  };
  const files = Number(arg('--files', 10000));
  const seed = Number(arg('--seed', 1));
  const out = path.resolve(arg('--out', path.join(HERE, '..', '.bench', `tree-${files}`)));
  const m = generateTree({ files, out, seed, log: (s) => process.stderr.write(s + '\n') });
  const kinds = {};
  for (const e of m.entries) kinds[e.kind] = (kinds[e.kind] ?? 0) + 1;
  const legacy = m.entries.filter((e) => e.legacy).length;
  process.stdout.write(`${m.entries.length} files, ${legacy} old-API (${((100 * legacy) / m.entries.length).toFixed(2)}%)\n`);
  for (const [k, n] of Object.entries(kinds).sort((a, b) => b[1] - a[1])) process.stdout.write(`  ${k.padEnd(28)} ${n}\n`);
}
