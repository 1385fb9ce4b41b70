// The shape of the code base (issue 22), checked on the sources themselves: no import cycle among
// src/ and transforms/ (type imports and dynamic imports count), no source file over 500 lines, and
// the analysis (src/analysis/) never imports the plumbing in front of it (src/pipeline/). No list of
// exceptions: a file that breaks a rule fails here until it is fixed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempTree } from './helpers.js';
import { importCycles, readImportGraph } from './support/import-graph.js';
import { ts as compiler } from '@ts-morph/common';
import { READ, readView } from '../dist/src/core/compiler-reads.cjs';

const MAX_LINES = 500;
const graph = readImportGraph(ROOT, ['src', 'transforms']);

describe('the import graph reader', () => {
  it('sees static, type-only, re-exported, dynamic and required imports, and the cycles they make', () => {
    const dir = tempTree({
      'package.json': '{ "imports": { "#loader": { "default": "./dist/src/loader.cjs" } } }\n',
      'src/a.ts': "import type { B } from './b.js';\nexport type A = B;\n",
      'src/b.ts': "export type B = number;\nexport const load = () => import('./c.js');\n",
      'src/c.ts': "export { d } from './d/index.js';\nexport type C = typeof import('./a.js');\n",
      'src/d/index.ts': "import x = require('#loader');\nexport const d = x;\n",
      'src/loader.cts': "import { e } from './e';\nexport = e;\n",
      'src/e.ts': 'export const e = 1;\n',
      'src/f.ts': "import { nothing } from './missing.js';\nimport { ok } from 'a-package';\n",
    });
    const g = readImportGraph(dir, ['src']);
    expect(Object.fromEntries(g.imports)).toEqual({
      'src/a.ts': ['src/b.ts'],
      'src/b.ts': ['src/c.ts'],
      'src/c.ts': ['src/a.ts', 'src/d/index.ts'],
      'src/d/index.ts': ['src/loader.cts'],
      'src/e.ts': [],
      'src/f.ts': [],
      'src/loader.cts': ['src/e.ts'],
    });
    expect(g.unresolved).toEqual([{ file: 'src/f.ts', specifier: './missing.js' }]);
    expect(importCycles(g)).toEqual([{ files: ['src/a.ts', 'src/b.ts', 'src/c.ts'], path: ['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/a.ts'] }]);
  });
});

describe('the structure of src/ and transforms/', () => {
  it('reads every relative import to a source file', () => {
    expect(graph.files.length).toBeGreaterThan(50);
    expect(graph.unresolved).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(importCycles(graph).map((c) => c.path.join(' -> '))).toEqual([]);
  });

  it(`has no source file over ${MAX_LINES} lines`, () => {
    const long = graph.files
      .map((f) => ({ f, lines: readFileSync(path.join(ROOT, f), 'utf8').replace(/\n$/, '').split('\n').length }))
      .filter((x) => x.lines > MAX_LINES)
      .map((x) => `${x.f}: ${x.lines} lines`);
    expect(long).toEqual([]);
  });

  it('never imports the plumbing (src/pipeline/) from the analysis (src/analysis/)', () => {
    const wrong = graph.files
      .filter((f) => f.startsWith('src/analysis/'))
      .flatMap((f) => graph.imports.get(f)!.filter((t) => t.startsWith('src/pipeline/')).map((t) => `${f} -> ${t}`));
    expect(wrong).toEqual([]);
    // the plumbing does import the analysis (its entry), so the rule above is one that can be broken
    expect(graph.imports.get('src/pipeline/workers.ts')).toContain('src/analysis/run.ts');
  });
});

describe("the compiler's members the analysis reads (src/core/compiler-reads.cts)", () => {
  it('lists every member of the compiler that src/ reads, and no other', () => {
    const read = new Set<string>();
    for (const f of graph.files) for (const m of readFileSync(path.join(ROOT, f), 'utf8').matchAll(/\bts\.([A-Za-z_]\w*)/g)) read.add(m[1]);
    // (type names read as `ts.Node` are no members: only what the compiler has at run time counts)
    const members = [...read].filter((k) => k in compiler).sort();
    expect(members.length).toBeGreaterThan(100);
    expect(READ).toEqual(members);
  });

  it("is what the command's compiler gives: those members its own, the rest the compiler's", () => {
    const view = readView(compiler);
    expect(Object.keys(view).sort()).toEqual([...READ].sort());
    expect(view.isIdentifier).toBe(compiler.isIdentifier);
    expect(view.createPrinter).toBe(compiler.createPrinter);
    expect(Object.prototype.hasOwnProperty.call(view, 'createPrinter')).toBe(false);
  });
});
