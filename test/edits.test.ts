// Which edits one --fix pass takes (src/fix/edits.ts): a finding's edits go in together or not at
// all, and never overlap an edit already taken; the rest waits for the next pass.
import { describe, expect, it } from 'vitest';
import { editsToApply } from '../src/fix/edits.js';
import type { Finding, TextEdit } from '../src/types.js';

let n = 0;
function finding(edits: [number, number, string][], fixKind: Finding['fixKind'] = 'safe'): Finding {
  n++;
  return {
    ruleId: `r${n}`,
    severity: 'error',
    message: `finding ${n}`,
    file: '/x.ts',
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
    start: edits[0]?.[0] ?? 0,
    end: edits[0]?.[1] ?? 0,
    fixKind,
    changeKind: 'field-renamed',
    edits: edits.map(([start, end, text]) => ({ start, end, text })),
  };
}

const spans = (edits: TextEdit[]) => edits.map((e) => [e.start, e.end, e.text]);

describe('choosing the edits of a pass', () => {
  it('takes disjoint and touching edits, in text order', () => {
    const r = editsToApply([finding([[10, 14, 'b']]), finding([[0, 4, 'a']]), finding([[14, 20, 'c']])], false);
    expect(spans(r.edits)).toEqual([
      [0, 4, 'a'],
      [10, 14, 'b'],
      [14, 20, 'c'],
    ]);
    expect(r.findings).toBe(3);
  });

  it('leaves a finding whose edit overlaps one taken, whole, for the next pass', () => {
    const whole = finding([[5, 30, 'path']]);
    const inner = finding([
      [2, 3, 'x'],
      [10, 12, 'key'],
    ]);
    const r = editsToApply([whole, inner], false);
    expect(r.chosen).toEqual([inner]);
    expect(spans(r.edits)).toEqual([
      [2, 3, 'x'],
      [10, 12, 'key'],
    ]);
  });

  it('does not take two insertions at one place, nor an insertion where a taken edit starts; one at its end is fine', () => {
    const replace = finding([[10, 20, 'y']]);
    const insertAtStart = finding([[10, 10, 'a']]);
    const insertAtEnd = finding([[20, 20, 'b']]);
    const first = finding([[40, 40, 'c']]);
    const second = finding([[40, 40, 'd']]);
    const r = editsToApply([replace, insertAtStart, insertAtEnd, first, second], false);
    expect(spans(r.edits)).toEqual([
      [10, 20, 'y'],
      [20, 20, 'b'],
      [40, 40, 'c'],
    ]);
  });

  it('finds a clash with a long edit that starts well before', () => {
    const long = finding([[0, 1000, 'long']]);
    const later = finding([[500, 501, 'z']]);
    expect(editsToApply([long, later], false).chosen).toEqual([long]);
  });

  it('takes unsafe fixes only when asked, and never findings without edits', () => {
    const safe = finding([[0, 1, 'a']]);
    const unsafe = finding([[5, 6, 'b']], 'unsafe');
    const none = finding([], 'none');
    expect(editsToApply([safe, unsafe, none], false).chosen).toEqual([safe]);
    expect(editsToApply([safe, unsafe, none], true).chosen).toEqual([safe, unsafe]);
  });

  it('takes every edit of thousands of disjoint findings (a minified bundle)', () => {
    const many = Array.from({ length: 30000 }, (_, i) => finding([[i * 10, i * 10 + 4, 'k']]));
    const r = editsToApply(many.reverse(), false);
    expect(r.findings).toBe(30000);
    expect(r.edits[0].start).toBe(0);
    expect(r.edits.every((e, i) => i === 0 || r.edits[i - 1].start < e.start)).toBe(true);
  });
});
