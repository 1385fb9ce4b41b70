// Settle for the calls a test reads off a mock with no URL asserted: `fetchMock.mock.calls[0][1].body`
// after `vi.stubGlobal('fetch', fetchMock)`, `spy.mock.calls[0]` of `vi.spyOn(globalThis, 'fetch')`,
// `const [, body] = vi.mocked(axios.post).mock.calls[0]`. Nothing there names a path, so no double
// is recorded (detectors/doubles.ts); the test still reads the body the code under test sends. Where
// it reads it by an old key `--fix` does not rename there (`….shipments[0].courier_id`), each request
// of the modules the test imports whose body has that key is held: moved, it would send a 2024-09
// body the test reads wrong.

import type { ContextKind } from '../core/keys.js';
import { inScope, isTestFile, projectScope } from '../core/project-scope.js';
import ts from '../core/ts.cjs';
import type { Finding } from '../types.js';
import { oldKeyRead } from './detectors/double-reads.js';
import { memberKey } from './detectors/versioned-base.js';
import { endpointMethod, VERBS } from './detectors/method.js';
import { BODY_METHODS } from './detectors/requests.js';
import { IMPORT_SPECIFIER } from './resolve.js';
import type { AnalysisState } from './state.js';
import { lineOf, type Unit } from './units.js';

/** the properties of a mock function that hold the calls made of it (vitest's and jest's `mock.calls`, `mock.lastCall`) */
const CALL_LISTS = new Set(['calls', 'lastCall']);
const TEST_BLOCKS = new Set(['it', 'test']);
/** text only a 2023-01 or v1 request writes: its version, a v1 family's path */
const OLD_TEXT = /2023-01|\/pickup\/v1\//;

/** Holds the requests whose sent body a test reads off a mock's calls by an old key; true when one changed. */
export function holdCallReads(acc: AnalysisState): boolean {
  // (the requests, each with the file it is sent from, as holdDoubles gathers them)
  const requests: { key: string; file: string }[] = [...acc.sentPaths].map(([key, s]) => ({ key, file: s.file }));
  for (const g of acc.baseGroups.values()) for (const x of g.members) requests.push({ key: memberKey(acc, x), file: x.unit.file });
  let changed = false;
  for (const file of acc.candidates) {
    if (!isTestFile(file)) continue;
    const units = acc.store.get(file);
    const reads = units.flatMap((u) => callReads(u));
    if (!reads.length) continue;
    // (the modules the test imports, of its own project)
    const scope = projectScope(file);
    const imported = new Set<string>();
    for (const u of units)
      for (const m of u.sf.text.matchAll(IMPORT_SPECIFIER)) {
        const target = acc.store.resolve(file, m[1]);
        if (target && inScope(scope, target)) imported.add(target);
      }
    const sent = requests
      .filter((r) => imported.has(r.file))
      .map((r) => acc.findings.get(r.key))
      .filter((f): f is Finding => !!f && f.changeKind === 'endpoint-moved' && f.fixKind !== 'none');
    for (const f of sent)
      for (const r of reads) {
        // an inline snapshot of what the mock was called with that writes the 2023-01 text (its URL, its `version`): `--fix` does not rewrite a snapshot
        if (r.snapshot) {
          acc.hold(f, 'double-held', `a test compares what a mock was called with (${acc.placeOf(file, r.line, f.file)}) with an inline snapshot that writes the 2023-01 request (${acc.placeOf(file, r.snapshot, f.file)}), which \`--fix\` does not rewrite: moved, the request would no longer match it; move them together by hand and update the snapshot`);
          changed = true;
          break;
        }
        // (a request that sends no body, or one of another method than the mock read: `axios.post.mock.calls` is no GET's)
        const method = endpointMethod(f);
        if (method && (!BODY_METHODS.has(method) || (r.verb && r.verb !== method))) continue;
        const read = f.context?.kind ? oldKeyRead(acc, r, [f.context.kind as ContextKind]) : undefined;
        if (!read) continue;
        const at = read.line === r.line ? '' : ` (${acc.placeOf(file, read.line, f.file)})`;
        acc.hold(f, 'double-held', `a test reads the body this request sends off a mock's calls (${acc.placeOf(file, r.line, f.file)}) by the old key \`${read.key}\`${at}, which \`--fix\` does not rename there: moved, the request would send a 2024-09 body the test reads wrong; move them together by hand`);
        changed = true;
        break;
      }
  }
  return changed;
}

interface CallRead {
  file: string;
  start: number;
  end: number;
  line: number;
  /** the line of an inline snapshot in the same test that writes 2023-01 text */
  snapshot?: number;
  /** the method the mocked function sends with (lower case), where it is a client's (`axios.post.mock.calls`, `vi.mocked(axios.post).mock.calls`) */
  verb?: string;
}

/** Each read of a mock's calls in a unit (`x.mock.calls`, `x.mock.lastCall`), as a span of the file. */
function callReads(unit: Unit): CallRead[] {
  if (!unit.sf.text.includes('.mock.')) return [];
  const out: CallRead[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isPropertyAccessExpression(n) && CALL_LISTS.has(n.name.text) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'mock')
      out.push({ file: unit.file, start: n.getStart(unit.sf) + unit.offset, end: n.getEnd() + unit.offset, line: lineOf(unit, n), snapshot: oldSnapshot(unit, n), verb: mockedVerb(n.expression.expression) });
    ts.forEachChild(n, visit);
  };
  visit(unit.sf);
  return out;
}

/** The line of an inline snapshot writing 2023-01 text (a versioned path, `"version": "2023-01"`, a v1 path) in the test a node is in. */
function oldSnapshot(unit: Unit, n: ts.Node): number | undefined {
  let block: ts.Node | undefined = n;
  while (block && !(ts.isCallExpression(block) && ts.isIdentifier(block.expression) && TEST_BLOCKS.has(block.expression.text))) block = block.parent;
  if (!block || !unit.sf.text.includes('InlineSnapshot')) return undefined;
  let line: number | undefined;
  const visit = (m: ts.Node): void => {
    if (line) return;
    if (ts.isCallExpression(m) && ts.isPropertyAccessExpression(m.expression) && /InlineSnapshot$/.test(m.expression.name.text) && m.arguments.some((a) => OLD_TEXT.test(a.getText(unit.sf))))
      line = lineOf(unit, m.expression.name);
    else ts.forEachChild(m, visit);
  };
  visit(block);
  return line;
}

/** The method a mocked client function sends with: `axios.post`, `vi.mocked(axios.post)`, `jest.mocked(http.get)` (none: `fetchMock`, a spy). */
function mockedVerb(e: ts.Expression): string | undefined {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'mocked' && e.arguments[0]) return mockedVerb(e.arguments[0]);
  return ts.isPropertyAccessExpression(e) && VERBS.has(e.name.text) ? e.name.text : undefined;
}
