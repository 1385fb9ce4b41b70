// The last guard of --fix: a rewritten text that would not parse is never written; the file keeps
// its text and its findings. The transforms never produce such a text on purpose, so this test
// swaps them for one that breaks the code, in the two ways the guard must see: a broken text that
// still holds old constructs (the last analysis parses it and fails) and one that holds none (the
// text test passes over it, so the guard parses it itself).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tempDir } from './helpers.js';

const broken = new Map<string, string>();
vi.mock('../src/fix/transforms.js', () => ({
  applyTransforms: async (file: string, source: string) => broken.get(path.basename(file)) ?? source,
}));

const { fix } = await import('../src/fix/index.js');
const { DEFAULT_CONFIG } = await import('../src/index.js');

describe('a fixed text that would not parse', () => {
  it('is refused with the parser message, left as it was on disk, and keeps its findings', async () => {
    const dir = tempDir('mc-refuse-');
    const still = "export const hooks = () => fetch('/2023-01/webhooks', { method: 'POST' });\n";
    const gone = "export const labels = () => fetch('/2023-01/labels', { method: 'POST' });\n";
    writeFileSync(path.join(dir, 'still-old.ts'), still);
    writeFileSync(path.join(dir, 'nothing-old.ts'), gone);
    broken.set('still-old.ts', "export const hooks = () => fetch('/2023-01/webhooks'\n");
    broken.set('nothing-old.ts', 'export const labels = () => fetch(\n');
    const res = await fix({ paths: ['.'], cwd: dir, config: DEFAULT_CONFIG, unsafe: false, dryRun: false, allowDirty: true });
    expect(res.refused.map((r) => path.basename(r.file)).sort()).toEqual(['nothing-old.ts', 'still-old.ts']);
    for (const r of res.refused) expect(r.reason).toMatch(/^the fixed file would not parse \(.+\); left untouched$/);
    expect(res.changes).toEqual([]);
    expect(readFileSync(path.join(dir, 'still-old.ts'), 'utf8')).toBe(still);
    expect(readFileSync(path.join(dir, 'nothing-old.ts'), 'utf8')).toBe(gone);
    const left = res.remaining.results.flatMap((r) => r.findings.map((f) => `${path.basename(r.file)} ${f.ruleId}`)).sort();
    expect(left).toEqual(['nothing-old.ts labels-path', 'still-old.ts webhooks-path']);
  });
});
