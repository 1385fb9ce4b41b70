// Hand-built results for the html reporter's tests: a small, realistic monorepo (the screenshot in
// docs/ is drawn from it) and a generator of large ones.
import path from 'node:path';
import type { FileResult, Finding, FixKind, Severity } from '../../../src/types.js';
import type { TrendPoint } from '../../../src/trend.js';

export const CWD = '/repo/shop';

interface Spec {
  /** the text the finding covers, and which occurrence of it (0-based) */
  at: string;
  nth?: number;
  rule: string;
  message: string;
  severity?: Severity;
  fix?: FixKind;
  oldText?: string;
  newText?: string;
}

/** A finding at the nth occurrence of `at` in `source`, with its line and column worked out. */
export function findingAt(file: string, source: string, spec: Spec): Finding {
  let start = -1;
  for (let k = 0; k <= (spec.nth ?? 0); k++) {
    start = source.indexOf(spec.at, start + 1);
    if (start < 0) throw new Error(`test data: "${spec.at}" not found in ${file}`);
  }
  const end = start + spec.at.length;
  const pos = (offset: number): [number, number] => {
    const before = source.slice(0, offset).split('\n');
    return [before.length, before[before.length - 1].length + 1];
  };
  const [line, column] = pos(start);
  const [endLine, endColumn] = pos(end);
  const fixKind = spec.fix ?? 'safe';
  return {
    ruleId: spec.rule,
    severity: spec.severity ?? 'error',
    message: spec.message,
    file,
    line,
    column,
    endLine,
    endColumn,
    start,
    end,
    fixKind,
    changeKind: 'endpoint-moved',
    oldText: spec.oldText,
    newText: spec.newText,
  };
}

export function fileResult(rel: string, source: string, specs: Spec[]): FileResult {
  const file = path.join(CWD, rel);
  return { file, source, findings: specs.map((s) => findingAt(file, source, s)), suppressed: [] };
}

const pickups = `import { http } from '../http';
import type { Slot } from './types';

export async function listSlots(courierId: string, originId: string): Promise<Slot[]> {
  const res = await http.get(\`\${LEGACY}/pickup/v1/pickup_slots/\${courierId}?origin_address_id=\${originId}\`);
  return res.data.slots;
}

export async function bookPickup(order: Order) {
  return http.post(\`\${LEGACY}/pickup/v1/pickups\`, {
    courier_id: order.courierServiceId,
    preferred_date: order.day,
    preferred_min_time: '2024-10-01T09:00',
    preferred_max_time: order.until,
    service_shipment_ids: order.shipments,
  });
}

export async function handOver(shipmentId: string) {
  // no counterpart in 2024-09: ask the courier team
  return http.post(\`\${LEGACY}/pickup/v1/direct_handover\`, { shipment_id: shipmentId });
}
`;

const labels = `import { api } from './api';

export function printLabels(entries: LabelEntry[]) {
  return api.post('/2023-01/labels', {
    labels: entries.map((e) => ({ service_shipment_id: e.id, courier_id: e.courierId })),
  });
}
`;

const couriers = `import axios from 'axios';

const client = axios.create({ baseURL: 'https://api.example-shipping.test/2023-01' });

export async function courierAccount(id: string) {
  const { data } = await client.get(\`/courier_accounts/\${id}\`);
  return { accountId: data.courier_account_id, name: data.name };
}

export async function deliveryDates(courierId: string) {
  return client.get(\`/couriers/\${courierId}/estimated_delivery_dates\`);
}
`;

const webhooks = `export const subscription = {
  url: 'https://shop.example.test/hooks/shipping',
  version: '2023-01',
  event_types: ['shipment_status_changed', 'courier_account_state_changed'],
};

export function handle(event: { type: string }) {
  if (event.type === 'courier_account_state_changed') {
    refreshCouriers();
  }
}
`;

const rates = `import { request } from '../lib/request';

export async function quote(parcel: Parcel, courierId: string) {
  const body = { parcel, courier_id: courierId };
  return request('/rate/v1/quotes', body);
}
`;

const mobile = `const LEGACY_BASE = process.env.LEGACY_SHIPPING_URL ?? 'https://legacy.example-shipping.test';

export async function track(code: string) {
  return fetch(\`\${LEGACY_BASE}/track/v1/trackings/\${code}\`);
}
`;

/** The realistic sample: five folders in three top-level ones, sixteen rules, errors and warnings, fixes by --fix and by hand. */
export function sampleResults(): FileResult[] {
  return [
    fileResult('packages/checkout/src/pickups.ts', pickups, [
      { at: '/pickup/v1/pickup_slots/${courierId}', rule: 'v1-pickup-slots-path', message: 'GET /pickup/v1/pickup_slots/{courier_id} is GET /2024-09/courier_services/{courier_service_id}/pickup_slots in 2024-09', oldText: '/pickup/v1/pickup_slots/${courierId}', newText: '/2024-09/courier_services/${courierId}/pickup_slots' },
      { at: '/pickup/v1/pickups', rule: 'v1-pickups-path', message: 'POST /pickup/v1/pickups is POST /2024-09/pickups in 2024-09', oldText: '/pickup/v1/pickups', newText: '/2024-09/pickups' },
      { at: 'courier_id', rule: 'v1-pickup-field', message: 'v1 pickup field courier_id is courier_service_id in 2024-09', oldText: 'courier_id', newText: 'courier_service_id' },
      { at: 'preferred_date', rule: 'v1-pickup-field', message: 'v1 pickup field preferred_date is selected_date in 2024-09', oldText: 'preferred_date', newText: 'selected_date' },
      { at: "preferred_min_time: '2024-10-01T09:00'", rule: 'v1-pickup-time-value', message: "preferred_min_time is selected_from_time, and its value '2024-10-01T09:00' is '09:00' (local HH:MM) in 2024-09" },
      { at: 'preferred_max_time: order.until', rule: 'v1-pickup-time-value', message: 'preferred_max_time is selected_to_time in 2024-09; its value is an expression: check that it yields HH:MM local time', fix: 'none', severity: 'warning' },
      { at: '/pickup/v1/direct_handover', rule: 'v1-direct-handover', message: 'POST /pickup/v1/direct_handover has no counterpart in 2024-09: agree on a replacement with the courier team', fix: 'none' },
    ]),
    fileResult('packages/checkout/src/labels.ts', labels, [
      { at: '/2023-01/labels', rule: 'labels-path', message: 'POST /2023-01/labels is POST /2024-09/batches/labels in 2024-09', oldText: '/2023-01/labels', newText: '/2024-09/batches/labels' },
      { at: 'courier_id', rule: 'label-entry-field', message: 'in a label entry, courier_id is courier_service_id in 2024-09' },
    ]),
    fileResult('packages/admin/src/couriers.ts', couriers, [
      { at: "'https://api.example-shipping.test/2023-01'", rule: 'versioned-base-url', message: "baseURL carries the version 2023-01: it moves to /2024-09 with the paths sent through it" },
      { at: '/courier_accounts/${id}', rule: 'courier-accounts-path', message: 'GET /2023-01/courier_accounts/{courier_account_id} is GET /2024-09/couriers/{courier_id} in 2024-09' },
      { at: 'courier_account_id', rule: 'courier-naming', message: 'courier_account_id is courier_id in 2024-09' },
      { at: '/couriers/${courierId}/estimated_delivery_dates', rule: 'estimated-delivery-dates-path', message: 'GET /2023-01/couriers/{courier_id}/estimated_delivery_dates is GET /2024-09/courier_services/{courier_service_id}/estimated_delivery_dates' },
    ]),
    fileResult('services/webhooks/register.ts', webhooks, [
      { at: "version: '2023-01'", rule: 'webhook-version', message: "webhook version '2023-01' is '2024-09'" },
      { at: "'courier_account_state_changed'", rule: 'webhook-event-renamed', message: 'event courier_account_state_changed is courier_state_changed in 2024-09' },
      { at: "'courier_account_state_changed'", nth: 1, rule: 'webhook-event-renamed', message: 'event courier_account_state_changed is courier_state_changed in 2024-09' },
    ]),
    fileResult('services/rates/quote.ts', rates, [
      { at: 'courier_id', rule: 'ambiguous-courier-id', severity: 'warning', fix: 'none', message: 'courier_id in no known request context: a courier service in v1 and 2023-01 (courier_service_id in 2024-09), a courier in 2024-09; check which it names' },
      { at: '/rate/v1/quotes', rule: 'v1-unmapped-path', fix: 'none', message: '/rate/v1/quotes is a legacy v1 path the spec gives no 2024-09 form for: look up the rates endpoint of 2024-09' },
    ]),
    fileResult('apps/mobile/src/track.ts', mobile, [
      { at: 'process.env.LEGACY_SHIPPING_URL', rule: 'legacy-base-url', fix: 'none', message: 'LEGACY_SHIPPING_URL is the legacy host; 2024-09 paths are served by the base host only' },
      { at: '/track/v1/trackings/${code}', rule: 'v1-unmapped-path', fix: 'none', message: '/track/v1/trackings/{code} is a legacy v1 path the spec gives no 2024-09 form for' },
    ]),
    { file: path.join(CWD, 'packages/checkout/src/index.ts'), source: "export * from './pickups';\n", findings: [], suppressed: [] },
  ];
}

/** Three runs of the sample's project, the last being the sample itself (18 errors, 2 warnings, 14 fixable, 6 files). */
export function sampleTrend(): TrendPoint[] {
  return [
    { date: '2024-09-02T08:15:00.000Z', commit: '4b1e0c2f9a8d7e6c5b4a39281706f5e4d3c2b1a0', errors: 61, warnings: 9, fixable: 48, files: 17, rules: {}, folders: {} },
    { date: '2024-09-16T08:15:00.000Z', commit: '9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d', errors: 38, warnings: 5, fixable: 27, files: 11, rules: {}, folders: {} },
    { date: '2024-10-01T08:15:00.000Z', commit: 'e1f2a3b4c5d6e7f8091a2b3c4d5e6f7081928374', errors: 18, warnings: 2, fixable: 14, files: 6, rules: {}, folders: {} },
  ];
}

/**
 * A large run: `folders` folders of `filesPer` files of `findingsPer` findings each, every file
 * 120 lines long with findings spread through it.
 */
export function bigResults(folders: number, filesPer: number, findingsPer: number): FileResult[] {
  const out: FileResult[] = [];
  const lines: string[] = [];
  for (let i = 1; i <= 120; i++) {
    lines.push(
      i % 11 === 0
        ? `  const r${i} = await http.post(\`\${LEGACY}/pickup/v1/pickups\`, { courier_id: order.courier, preferred_date: order.day });`
        : `  const value${i} = compute(${i}, options.flag${i % 7}); // line ${i} of the synthetic file`,
    );
  }
  const source = `${lines.join('\n')}\n`;
  for (let d = 0; d < folders; d++) {
    for (let f = 0; f < filesPer; f++) {
      const file = path.join(CWD, `packages/pkg-${String(d).padStart(3, '0')}/src/module-${f}.ts`);
      const findings: Finding[] = [];
      for (let k = 0; k < findingsPer; k++) {
        const line = 11 * ((k % 10) + 1);
        findings.push({
          ruleId: k % 3 === 0 ? 'v1-pickups-path' : k % 3 === 1 ? 'v1-pickup-field' : 'ambiguous-courier-id',
          severity: k % 3 === 2 ? 'warning' : 'error',
          message: 'POST /pickup/v1/pickups is POST /2024-09/pickups in 2024-09',
          file,
          line,
          column: 40,
          endLine: line,
          endColumn: 58,
          start: 0,
          end: 0,
          fixKind: k % 3 === 2 ? 'none' : 'safe',
          changeKind: 'endpoint-moved',
        });
      }
      out.push({ file, source, findings, suppressed: [] });
    }
  }
  return out;
}
