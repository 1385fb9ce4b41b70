// Request types are renamed through a type checker built over the units that can see them only
// (src/analysis/detectors/request-types.ts, involvedUnits): a body's import closure, types declared globally, and
// the units naming those types. These projects put each of those on a different side of a module
// boundary; the expected files are written by hand from spec rules 5 (2023-01 courier_selection →
// courier_settings, selected_courier_id → courier_service_id, allow_courier_fallback → allow_fallback).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempTree } from './helpers.js';

const project = (files: Record<string, string>) => tempTree(files, 'mc-types-');

const read = (dir: string, rel: string) => readFileSync(path.join(dir, rel), 'utf8');

describe('request types across modules', () => {
  it('renames a shape declared two imports away, re-exported, and its use in a module that only names the type', () => {
    const dir = project({
      'src/shapes/choice.ts': 'export type CourierChoice = {\n  selected_courier_id?: string;\n  allow_courier_fallback: boolean;\n};\n',
      'src/shapes/index.ts':
        "import type { CourierChoice } from './choice';\nexport * from './choice';\n\nexport interface ShipmentRequest {\n  incoterms: string;\n  courier_selection: CourierChoice;\n}\n",
      'src/build.ts':
        "import type { ShipmentRequest } from './shapes';\n\nexport function build(id: string): ShipmentRequest {\n  return { incoterms: 'DDU', courier_selection: { selected_courier_id: id, allow_courier_fallback: false } };\n}\n",
      'src/uses.ts': "import type { ShipmentRequest } from './shapes/index';\n\nexport const fallback = (r: ShipmentRequest) => r.courier_selection.allow_courier_fallback;\n",
      'src/unrelated.ts': '// the same key names in a type no request body is typed by\nexport interface Unrelated {\n  selected_courier_id: string;\n}\n',
      // the request (its path moved to 2024-09 by hand): a body no request sends would be left
      'src/send.ts': "import { build } from './build';\n\nexport const send = (id: string) => fetch('/2024-09/shipments', { method: 'POST', body: JSON.stringify(build(id)) });\n",
    });
    const r = runCli(['--fix', '--reporter', 'json', '.'], dir);
    expect(r.stderr).toMatch(/files? changed/);
    expect(read(dir, 'src/shapes/choice.ts')).toBe('export type CourierChoice = {\n  courier_service_id?: string;\n  allow_fallback: boolean;\n};\n');
    expect(read(dir, 'src/shapes/index.ts')).toBe(
      "import type { CourierChoice } from './choice';\nexport * from './choice';\n\nexport interface ShipmentRequest {\n  incoterms: string;\n  courier_settings: CourierChoice;\n}\n",
    );
    expect(read(dir, 'src/build.ts')).toBe(
      "import type { ShipmentRequest } from './shapes';\n\nexport function build(id: string): ShipmentRequest {\n  return { incoterms: 'DDU', courier_settings: { courier_service_id: id, allow_fallback: false } };\n}\n",
    );
    expect(read(dir, 'src/uses.ts')).toBe("import type { ShipmentRequest } from './shapes/index';\n\nexport const fallback = (r: ShipmentRequest) => r.courier_settings.allow_fallback;\n");
    expect(read(dir, 'src/unrelated.ts')).toBe('// the same key names in a type no request body is typed by\nexport interface Unrelated {\n  selected_courier_id: string;\n}\n');
  });

  it('renames a shape declared in a script (a global type no module imports)', () => {
    const dir = project({
      'src/legacy-types.ts': 'interface LegacyShipment {\n  incoterms: string;\n  courier_selection: { selected_courier_id?: string; allow_courier_fallback: boolean };\n}\n',
      'src/build.ts':
        "export function legacy(id: string): LegacyShipment {\n  return { incoterms: 'DDP', courier_selection: { selected_courier_id: id, allow_courier_fallback: true } };\n}\n",
      'src/send.ts': "import { legacy } from './build';\n\nexport const send = (id: string) => fetch('/2024-09/shipments', { method: 'POST', body: JSON.stringify(legacy(id)) });\n",
    });
    const r = runCli(['--fix', '--reporter', 'json', '.'], dir);
    expect(r.stderr).toMatch(/files? changed/);
    expect(read(dir, 'src/legacy-types.ts')).toBe('interface LegacyShipment {\n  incoterms: string;\n  courier_settings: { courier_service_id?: string; allow_fallback: boolean };\n}\n');
    expect(read(dir, 'src/build.ts')).toBe(
      "export function legacy(id: string): LegacyShipment {\n  return { incoterms: 'DDP', courier_settings: { courier_service_id: id, allow_fallback: true } };\n}\n",
    );
  });
});
