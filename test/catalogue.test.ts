// The catalogue: generated files are fresh, every endpoint, field rename and numbered rule of the
// migration spec is covered, every rule has fixtures, and every fixture folder names a rule. The
// spec's tables are written out by hand below (the spec itself is not part of this repository).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generated } from '../src/catalogue/generate.js';
import { explainText, loadCatalogue } from '../src/catalogue/index.js';
import { ROOT } from './helpers.js';

const cat = loadCatalogue();

// The spec's "Endpoints" table, the old-version rows, each with the 2024-09 path that replaces it
// (null: "Does not exist in 2024-09"), as the rows of the same resource pair them.
const SPEC_OLD_ENDPOINTS: [method: string, old: string, now: string | null][] = [
  ['GET', '/pickup/v1/pickup_slots/{courier_id}', '/2024-09/courier_services/{courier_service_id}/pickup_slots'],
  ['POST', '/pickup/v1/pickups', '/2024-09/pickups'],
  ['POST', '/pickup/v1/direct_handover', null],
  ['POST', '/2023-01/labels', '/2024-09/batches/labels'],
  ['GET', '/2023-01/courier_accounts/{courier_account_id}', '/2024-09/couriers/{courier_id}'],
  ['GET', '/2023-01/couriers/{courier_id}/estimated_delivery_dates', '/2024-09/courier_services/{courier_service_id}/estimated_delivery_dates'],
  ['POST', '/2023-01/webhooks', '/2024-09/webhooks'],
];

// The spec's field renames: "Naming changes between versions"; "Pickup creation request,
// 2024-09" ("Replaces v1 `x`"); "Batch label request (2024-09)"; "Shipment creation request"
// and "Rate request" ("Replaces 2023-01 `x`").
const SPEC_RENAMES: [from: string, to: string][] = [
  ['courier_account_id', 'courier_id'],
  ['courier_id', 'courier_service_id'],
  ['courier_selection', 'courier_settings'],
  ['preferred_date', 'selected_date'],
  ['preferred_min_time', 'selected_from_time'],
  ['preferred_max_time', 'selected_to_time'],
  ['selected_courier_id', 'courier_service_id'],
  ['allow_courier_fallback', 'allow_fallback'],
];

describe('catalogue', () => {
  it('rules/catalogue.json and rules/CATALOGUE.md are what the generator writes', () => {
    const g = generated(ROOT);
    expect(readFileSync(path.join(ROOT, 'rules', 'catalogue.json'), 'utf8')).toBe(g.json);
    expect(readFileSync(path.join(ROOT, 'rules', 'CATALOGUE.md'), 'utf8')).toBe(g.md);
  });

  it('every rule has an id, severity, message text, fix kind and spec section', () => {
    for (const r of cat.rules) {
      expect(r.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(['error', 'warning']).toContain(r.severity);
      expect(['safe', 'unsafe', 'none']).toContain(r.fix);
      expect(r.section.length).toBeGreaterThan(3);
      expect(r.summary.length).toBeGreaterThan(10);
      expect(explainText(r)).toContain(r.old);
    }
  });

  it('every old-version endpoint of the spec is a rule with its method and 2024-09 form', () => {
    const eps = cat.rules.filter((r) => r.endpoint).map((r) => r.endpoint!);
    expect(eps.map((e) => [e.method, e.old, e.new ?? null]).sort()).toEqual([...SPEC_OLD_ENDPOINTS].sort());
  });

  it('every field rename of the spec is in a rule', () => {
    const pairs = new Map<string, string>();
    for (const r of cat.rules) for (const [a, b] of Object.entries({ ...(r.renames ?? {}), ...(r.block ?? {}) })) pairs.set(`${r.context}:${a}`, b);
    const has = (from: string, to: string) => [...pairs.entries()].some(([k, v]) => k.endsWith(`:${from}`) && v === to);
    for (const [from, to] of SPEC_RENAMES) expect(has(from, to), `${from} -> ${to}`).toBe(true);
    // the label entry's courier_id, in the context of a 2023-01 label body
    expect(cat.rules.find((r) => r.id === 'label-entry-field')?.renames).toEqual({ courier_id: 'courier_service_id' });
    // value forms, removals, event, webhook version
    expect(cat.rules.find((r) => r.id === 'v1-pickup-time-value')?.new).toBe('HH:MM');
    expect(cat.rules.find((r) => r.id === 'v1-pickup-nested-object')?.key).toBe('pickup');
    expect(cat.rules.find((r) => r.changeKind === 'event-renamed')?.new).toBe('courier_state_changed');
    expect(cat.rules.find((r) => r.changeKind === 'webhook-version')?.new).toContain('2024-09');
    expect(cat.rules.find((r) => r.id === 'v1-pickup-slots-path')?.endpoint?.params).toEqual({ courier_id: 'courier_service_id' });
  });

  it('every numbered rule of the spec is cited by a rule or a manual step', () => {
    const cited = [...cat.rules.map((r) => r.section), ...cat.manualSteps.map((s) => s.section)].join(' | ');
    for (const n of [1, 2, 3]) expect(cited).toMatch(new RegExp(`Endpoints rule ${n}|Endpoints rules? [0-9, and]*${n}`));
    for (const n of [1, 2, 3, 4, 5, 6]) expect(cited, `Versioning rule ${n}`).toMatch(new RegExp(`Versioning rules? (?:[0-9]+ and )?${n}\\b|Versioning rules? ${n}\\b|Versioning rules ${n} and`));
    expect(cited).toMatch(/Authentication/);
    expect(cited).toMatch(/Events/);
    expect(cited).toMatch(/Pickup creation request, 2024-09 \(rule\)/);
    expect(cat.manualSteps.map((s) => s.id)).toEqual(expect.arrayContaining(['access-token', 'dashboard-webhooks']));
  });

  it('every rule has an invalid and a valid fixture case, and every fixture folder names a rule', () => {
    const dir = path.join(ROOT, 'fixtures', 'rules');
    const ids = new Set(cat.rules.map((r) => r.id));
    const folders = existsSync(dir) ? readdirSync(dir) : [];
    for (const f of folders) expect(ids.has(f), `fixtures/rules/${f} names no rule`).toBe(true);
    for (const r of cat.rules) {
      const cases = existsSync(path.join(dir, r.id)) ? readdirSync(path.join(dir, r.id)) : [];
      expect(cases.some((c) => c.startsWith('invalid-')), `${r.id} has no invalid case`).toBe(true);
      expect(cases.some((c) => c.startsWith('valid-')), `${r.id} has no valid case`).toBe(true);
      for (const c of cases) expect(c, `${r.id}/${c}`).toMatch(/^(valid|invalid)-[a-z0-9-]+$/);
    }
  });
});
