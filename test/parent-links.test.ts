// The analysis parses without the compiler's parent pass and sets the parent links itself, in the
// nesting walk every unit goes through (src/analysis/units.ts). Every node, JSDoc included, must
// end up with the parent the compiler's own `setParentNodes` gives it.
import { describe, expect, it } from 'vitest';
import ts from '../dist/src/core/ts.cjs';
import { nestingDepth, parseModule, scriptKindFor } from '../dist/src/analysis/units.js';

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
