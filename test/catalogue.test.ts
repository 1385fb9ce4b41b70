// The catalogue: generated files are fresh, every spec row and numbered rule is covered, every
// rule has fixtures, and every fixture folder names a rule.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generated } from '../src/catalogue/generate.js';
import { explainText, loadCatalogue } from '../src/catalogue/index.js';
import { ROOT, SHARED } from './helpers.js';

const cat = loadCatalogue();
const SPEC = path.join(SHARED, 'spec', 'api-migration.md');

function tableRows(md: string, heading: string): string[][] {
  const start = md.indexOf(heading);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  const lines = md.slice(start).split('\n').slice(1);
  let inTable = false;
  for (const l of lines) {
    if (l.startsWith('|')) {
      inTable = true;
      const cells = l.split('|').slice(1, -1).map((c) => c.trim());
      if (!cells.every((c) => /^-+$/.test(c))) rows.push(cells);
    } else if (inTable) break;
  }
  return rows.slice(1);
}

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

  it('every old-version endpoint of the spec is a rule with its 2024-09 form', () => {
    const md = readFileSync(SPEC, 'utf8');
    const rows = tableRows(md, '## Endpoints');
    const eps = cat.rules.filter((r) => r.endpoint).map((r) => r.endpoint!);
    const news = new Set(eps.map((e) => e.new).filter(Boolean));
    let old = 0;
    for (const [method, p, version] of rows) {
      const pathText = p.replace(/`/g, '');
      if (version === '2024-09') {
        expect(news.has(pathText), pathText).toBe(true);
        continue;
      }
      old++;
      const ep = eps.find((e) => e.old === pathText);
      expect(ep, pathText).toBeDefined();
      expect(ep!.method).toBe(method);
    }
    expect(old).toBe(7);
  });

  it('every field rename of the spec is in a rule', () => {
    const md = readFileSync(SPEC, 'utf8');
    const pairs = new Map<string, string>();
    for (const r of cat.rules) for (const [a, b] of Object.entries({ ...(r.renames ?? {}), ...(r.block ?? {}) })) pairs.set(`${r.context}:${a}`, b);
    const has = (from: string, to: string) => [...pairs.entries()].some(([k, v]) => k.endsWith(`:${from}`) && v === to);
    // naming table
    for (const [, a, b] of tableRows(md, 'Naming changes between versions')) {
      const from = /`([a-z_]+)`/.exec(a)![1];
      const to = /`([a-z_]+)`/.exec(b)![1];
      expect(has(from, to), `${from} -> ${to}`).toBe(true);
    }
    // pickup creation 2024-09: "Replaces v1 `x`"
    for (const [field, , , notes] of tableRows(md, '### Pickup creation request, 2024-09')) {
      const m = /Replaces v1 `([a-z_]+)`/.exec(notes);
      if (m) expect(has(m[1], field.replace(/`/g, '')), m[1]).toBe(true);
    }
    // batch label and shipment/rate blocks
    expect(has('courier_id', 'courier_service_id')).toBe(true);
    for (const [field, , notes] of tableRows(md, '### Shipment creation request')) {
      const m = /Replaces 2023-01 `(?:courier_selection\.)?([a-z_]+)`/.exec(notes);
      if (m) expect(has(m[1], field.replace(/`/g, '').split('.').pop()!), m[1]).toBe(true);
    }
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
