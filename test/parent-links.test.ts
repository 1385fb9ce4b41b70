// The analysis parses without the compiler's parent pass and sets the parent links itself, in the
// nesting walk every unit goes through (src/analysis/units.ts). Every node, JSDoc included, must
// end up with the parent the compiler's own `setParentNodes` gives it. The same walk makes the
// tree's index: the nodes each check looks at, in document order.
import { describe, expect, it } from 'vitest';
import ts from '../dist/src/core/ts.cjs';
import { nestingDepth, parseModule, scriptKindFor, treeIndex } from '../dist/src/analysis/units.js';

const SAMPLES: Record<string, string> = {
  'api.ts': `
/**
 * Books a pickup.
 * @param body {PickupBody} the request
 * @returns the slot
 */
export async function book(body: { courier_id: string; preferred_date?: string }): Promise<void> {
  const url = \`\${BASE}/pickup/v1/pickups/\${body.courier_id}\`;
  /** @type {number} */
  const n = [1, 2, 3].map((x) => x * 2).reduce((a, b) => a + b, 0);
  class Client { /** the base */ base = '/2023-01'; get(p: string) { return fetch(this.base + p); } }
  for (const k of Object.keys(body)) if (k in body) continue;
  try { await new Client().get(url); } catch ({ message }) { throw new Error(String(message) + n); }
}
`,
  'view.tsx': `
import { useState } from 'react';
/** A list. @deprecated use Table */
export const List = ({ items }: { items: string[] }) => {
  const [open, setOpen] = useState(false);
  return <ul onClick={() => setOpen(!open)}>{items.map((i) => <li key={i}>{i}</li>)}</ul>;
};
`,
  'legacy.js': `
/** @typedef {{ courier_id: string }} Body */
module.exports = function send(/** @type {Body} */ body) {
  return require('axios').post('/pickup/v1/pickups', { ...body, label: \`\${body.courier_id}\` });
};
`,
};

/** Every node below the root with the parent it has, JSDoc nodes included. */
function parents(root: ts.Node): string[] {
  const out: string[] = [];
  const at = (n: ts.Node | undefined) => (n ? `${ts.SyntaxKind[n.kind]}@${n.pos}-${n.end}` : 'none');
  const visit = (n: ts.Node): void => {
    out.push(`${at(n)} in ${at(n.parent)}`);
    for (const doc of (n as { jsDoc?: ts.Node[] }).jsDoc ?? []) visit(doc);
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(root, visit);
  return out;
}

describe('parent links set by the nesting walk', () => {
  for (const [file, text] of Object.entries(SAMPLES)) {
    it(`match the compiler's own parent pass: ${file}`, () => {
      const ours = parseModule(file, text, scriptKindFor(file));
      // not set by the parse itself (the walk below is what sets them)
      expect(ours.statements.some((s: ts.Statement) => s.parent === undefined)).toBe(true);
      nestingDepth(ours);
      const theirs = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKindFor(file));
      const expected = parents(theirs);
      expect(expected.filter((line) => line.startsWith(`${ts.SyntaxKind[ts.SyntaxKind.JSDoc]}@`)).length).toBeGreaterThan(0);
      expect(parents(ours)).toEqual(expected);
      // and the links lead to the source file, so positions resolve as usual
      expect(expected.length).toBeGreaterThan(40);
      const id = ours.statements[ours.statements.length - 1];
      expect(id.getSourceFile()).toBe(ours);
      expect(id.getStart()).toBe(theirs.statements[theirs.statements.length - 1].getStart());
    });
  }
});

describe('the tree index made by the same walk', () => {
  const text = `import { a } from './a';
export { b } from './b';
type T = 'pickup.created' | import('./c').D;
interface Body { courier_id: string; 'preferred_date'?: string }
class C { base = '/2023-01'; }
const x = require('x');
const url = \`\${BASE}/pickup/v1/\` + id + '/x';
post(url, { courier_id: 1, pickup: { preferred_date: 'd' } }).then((r) => log(r, "done"));
`;
  const sf = parseModule('index.ts', text, scriptKindFor('index.ts'));
  nestingDepth(sf);
  const index = treeIndex(sf);
  const texts = (nodes: ts.Node[]) => nodes.map((n) => n.getText());

  it('lists the strings outside imports, exports and types, outer expressions before inner ones', () => {
    expect(texts(index.strings)).toEqual([
      "'preferred_date'",
      "'/2023-01'",
      "'x'",
      "`${BASE}/pickup/v1/` + id + '/x'",
      '`${BASE}/pickup/v1/` + id',
      '`${BASE}/pickup/v1/`',
      "'/x'",
      "'d'",
      '"done"',
    ]);
  });

  it('lists the calls, the object literals and the type members in document order', () => {
    expect(texts(index.calls)).toEqual([
      "require('x')",
      "post(url, { courier_id: 1, pickup: { preferred_date: 'd' } }).then((r) => log(r, \"done\"))",
      "post(url, { courier_id: 1, pickup: { preferred_date: 'd' } })",
      'log(r, "done")',
    ]);
    expect(texts(index.objects)).toEqual(["{ courier_id: 1, pickup: { preferred_date: 'd' } }", "{ preferred_date: 'd' }"]);
    expect(texts(index.members)).toEqual(['courier_id: string;', "'preferred_date'?: string", "base = '/2023-01';"]);
  });

  it('is made on first use for a tree that did not go through the walk', () => {
    const fresh = parseModule('other.ts', "f({ k: 'v' });\n", scriptKindFor('other.ts'));
    expect(texts(treeIndex(fresh).calls.map((c: ts.CallExpression) => c.arguments[0]))).toEqual(["{ k: 'v' }"]);
  });
});
