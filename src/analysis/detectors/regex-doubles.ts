// A test double that matches its path with a regular expression (`nock(host).post(/\/2023-01\/labels/)`,
// `http.post(/\/pickup\/v1\/pickups$/, …)`, `mock.onPost(/labels/)`): the old path it matches is
// reported at the expression, and the double is recorded as any double is (doubles.ts). A 2023-01
// path written plainly in it (`\/2023-01\/labels`) is rewritten there, escaped as written, with the
// requests it doubles; any other (a parameter's class, `\w+`; a v1 path, whose host moves; the
// version alone) is held, and the requests it doubles stay with it (settle-doubles.ts): moved alone,
// they would no longer be matched and the tests would fail.

import { findPaths, type PathMatch } from '../../core/paths.js';
import ts from '../../core/ts.cjs';
import { note, says } from '../findings.js';
import type { AnalysisState, Double } from '../state.js';
import type { Unit } from '../units.js';

/** The characters an escape in a path's regular expression stands for as themselves (`\/`, `\.`, `\-`). */
const PLAIN_ESCAPE = /[/.\-_~]/;

/**
 * The text a regular expression's source matches where it is a plain run of characters, each
 * other construct (a class, a group, a quantifier, an anchor, another escape) a space, which no
 * path crosses: `\/2023-01\/labels(\?.*)?$` reads `/2023-01/labels `.
 */
export function plainText(source: string): { text: string; at: number[] } {
  let text = '';
  // where in the source each character of the text starts
  const at: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    at.push(i);
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      text += PLAIN_ESCAPE.test(next) ? next : ' ';
      i++;
    } else text += /[[\](){}|^$*+?.]/.test(c) ? ' ' : c;
  }
  at.push(source.length);
  return { text, at };
}

/**
 * The paths in the plain runs of a regular expression's text, each run read from each of its
 * slashes in turn (what comes before a path in a run is a host or a wildcard's remains), their
 * places in the whole text.
 */
function pathsIn(text: string, method: string | undefined): PathMatch[] {
  const out: PathMatch[] = [];
  for (const run of text.matchAll(/[^ ]+/g)) {
    for (let k = run[0].indexOf('/'); k >= 0; k = run[0].indexOf('/', k + 1)) {
      const found = findPaths(run[0].slice(k), { method }).filter((m) => m.rule);
      if (!found.length) continue;
      const shift = run.index! + k;
      out.push(...found.map((m) => ({ ...m, start: m.start + shift, end: m.end + shift, versionStart: m.versionStart + shift })));
      break;
    }
  }
  return out;
}

/** A path as a regular expression's source writes it: each slash and dot escaped. */
const escaped = (path: string): string => path.replace(/[/.]/g, (c) => `\\${c}`);

/** Report the old paths a double's regular expression matches, each held with the requests it doubles. */
export function regexDouble(acc: AnalysisState, unit: Unit, url: ts.RegularExpressionLiteral, seen: { kind: string; method?: string }, at: Pick<Double, 'file' | 'line' | 'start' | 'end'>): void {
  const literal = url.text;
  const source = literal.slice(1, literal.lastIndexOf('/'));
  const { text, at: from } = plainText(source);
  const start = url.getStart(unit.sf);
  for (const m of pathsIn(text, seen.method)) {
    const rule = m.rule;
    if (!rule) continue;
    const ep = rule.endpoint;
    const version = m.versionOnly && m.version === '2023-01' ? 'the 2023-01 version: every path under it is a 2023-01 path' : m.version === 'v1' ? 'legacy v1' : '2023-01';
    const now = ep?.new ? `; 2024-09 uses \`${ep.new}\`` : '';
    // a 2023-01 path written plainly in it, with a 2024-09 form of plain segments: rewritten in place, escaped as written
    const plain = !text.slice(m.start, m.end).includes(' ') && !m.partial && !!m.newPath?.length && m.newPath.every((t) => typeof t === 'string');
    // (a v1 path moves to another host, which a double's scope names: left for a person)
    const edit = plain && m.version === '2023-01' && rule.fix === 'safe' ? { unit, start: start + 1 + from[m.start], end: start + 1 + from[m.end], text: escaped((m.newPath as string[]).join('')) } : undefined;
    const shown = `\`${m.path}\`${ep ? ` (${ep.method} ${ep.old})` : ''}, matched by the regular expression \`${literal.length > 60 ? `${literal.slice(0, 57)}…` : literal}\` of this ${seen.kind}, is ${version}${now}; `;
    const f = acc.add(
      rule.id,
      unit,
      start,
      url.getEnd(),
      edit
        ? says(shown, note(rule.fix))
        : says(shown, note('none', 'a regular expression is no path `--fix` rewrites where the path is not written plainly in it: rewrite it for the 2024-09 path, then `--fix` moves the requests it doubles')),
      { context: { kind: m.bodyContext ?? 'path', by: 'path', endpoint: ep ? `${ep.method} ${ep.old}` : undefined }, ...(edit ? { edits: [edit] } : {}) },
    );
    // it matches any URL that holds the path, unless `$` ends it there: deeper paths too
    const anchored = source.slice(from[m.end]).startsWith('$');
    const path = anchored ? m.path : `${m.path.replace(/\/+$/, '')}/**`;
    if (f) acc.doubles.push({ key: `${unit.file}:${start + unit.offset}:${rule.id}`, path, method: seen.method, kind: seen.kind, ...at });
    // (one finding a literal: its first old path)
    return;
  }
}
