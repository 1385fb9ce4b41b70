// A transform runs alone, as jscodeshift users run codemods (`npx jscodeshift -t
// dist/transforms/<kind>.js <files>`): it asks the public check() for the file's findings and
// applies the edits of its own change kind only. Uses the build (npm test builds first).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempTree } from './helpers.js';

const JSCODESHIFT = path.join(ROOT, 'node_modules', 'jscodeshift', 'bin', 'jscodeshift.js');

function runAlone(kind: string, dir: string, file: string): string {
  const r = spawnSync(process.execPath, [JSCODESHIFT, '--no-babel', '-t', path.join(ROOT, 'dist', 'transforms', `${kind}.js`), file], { cwd: dir, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  // jscodeshift colours its summary where CI is set: the words, without the colour codes
  expect(r.stdout.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/^1 ok$/m);
  return readFileSync(path.join(dir, file), 'utf8');
}

describe('a transform run alone by jscodeshift', () => {
  it('applies its own change kind, then the next one its own', () => {
    const before = "export const book = () =>\n  fetch('/pickup/v1/pickups', { method: 'POST', body: JSON.stringify({ courier_id: 'c', preferred_date: '2024-01-01', service_shipment_ids: [] }) });\n";
    const dir = tempTree({ 'pickup.ts': before });
    // the path alone: the body keeps its v1 keys (a half-migrated request, which the next transform finishes)
    expect(runAlone('endpoint-moved', dir, 'pickup.ts')).toBe(
      "export const book = () =>\n  fetch('/2024-09/pickups', { method: 'POST', body: JSON.stringify({ courier_id: 'c', preferred_date: '2024-01-01', service_shipment_ids: [] }) });\n",
    );
    expect(runAlone('field-renamed', dir, 'pickup.ts')).toBe(
      "export const book = () =>\n  fetch('/2024-09/pickups', { method: 'POST', body: JSON.stringify({ courier_service_id: 'c', selected_date: '2024-01-01', service_shipment_ids: [] }) });\n",
    );
  });
});
