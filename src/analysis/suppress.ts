// Suppression comments: `// migrate-check-disable-next-line [RULE…]` and
// `/* migrate-check-disable [RULE…] */ … /* migrate-check-enable */`.

import type { Finding } from '../types.js';
import { lineCol, lineStarts } from '../core/lines.js';

interface Directive {
  kind: 'next-line' | 'disable' | 'enable';
  rules: string[];
  start: number;
  end: number;
  line: number;
  used: boolean;
  /** the words after `--` (why the finding is hidden), as ESLint's directives take them */
  justification: string;
}

const DIRECTIVE = /^\s*migrate-check-(disable-next-line|disable|enable)\b([^\n*]*)/;

function parse(text: string, ranges: [number, number][]): Directive[] {
  const out: Directive[] = [];
  const starts = lineStarts(text);
  const re = /\/\/[^\n\r]*|\/\*[\s\S]*?\*\//g;
  for (const [from, to] of ranges) {
    re.lastIndex = from;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) && m.index < to) {
      const body = m[0].startsWith('//') ? m[0].slice(2) : m[0].slice(2, -2);
      const d = DIRECTIVE.exec(body);
      if (!d) continue;
      const [ruleText, ...why] = d[2].split('--');
      const rules = ruleText.split(/[\s,]+/).filter(Boolean);
      const kind: Directive['kind'] = d[1] === 'disable-next-line' ? 'next-line' : (d[1] as 'disable' | 'enable');
      out.push({ kind, rules, start: m.index, end: m.index + m[0].length, line: lineCol(text, m.index, starts).line, used: false, justification: why.join('--').trim() });
    }
  }
  return out;
}

/** The parts of a file its directives are read in: the script parts of a component, else the whole text. */
export function scriptRanges(text: string, units: { offset: number; sf: { text: string } }[]): [number, number][] {
  return units.length && units[0].offset > 0 ? units.map((u) => [u.offset, u.offset + u.sf.text.length]) : [[0, text.length]];
}

/** The directive that hides each finding a directive hides. */
function hiding(dirs: Directive[], findings: Finding[]): Map<Finding, Directive> {
  const out = new Map<Finding, Directive>();
  const matches = (d: Directive, f: Finding) => d.rules.length === 0 || d.rules.includes(f.ruleId);
  for (const f of findings) {
    let hidden: Directive | undefined;
    for (const d of dirs) if (d.kind === 'next-line' && d.line + 1 === f.line && matches(d, f)) hidden = d;
    if (!hidden) {
      // block: the last disable before the finding not closed by an enable before it
      let open: Directive | undefined;
      for (const d of dirs) {
        if (d.start > f.start) break;
        if (d.kind === 'disable' && matches(d, f)) open = d;
        else if (d.kind === 'enable' && open && (d.rules.length === 0 || d.rules.includes(f.ruleId))) open = undefined;
      }
      hidden = open;
    }
    if (hidden) out.set(f, hidden);
  }
  return out;
}

/** The findings a suppression comment hides (settle keeps them, and the requests they belong to, as they are). */
export function hiddenFindings(text: string, findings: Finding[], ranges: [number, number][] = [[0, text.length]]): Set<Finding> {
  if (!text.includes('migrate-check-')) return new Set();
  return new Set(hiding(parse(text, ranges), findings).keys());
}

/**
 * Split findings into reported and suppressed; a directive that hides nothing becomes an
 * `unused-suppression` warning (made by `makeUnused`).
 */
export function applySuppressions(
  text: string,
  findings: Finding[],
  makeUnused: (start: number, end: number, rules: string[]) => Finding | undefined,
  ranges: [number, number][] = [[0, text.length]],
): { kept: Finding[]; suppressed: Finding[] } {
  if (!text.includes('migrate-check-')) return { kept: findings, suppressed: [] };
  const dirs = parse(text, ranges);
  if (!dirs.length) return { kept: findings, suppressed: [] };
  const kept: Finding[] = [];
  const suppressed: Finding[] = [];
  const hidden = hiding(dirs, findings);
  for (const f of findings) {
    const d = hidden.get(f);
    if (d) {
      d.used = true;
      suppressed.push(d.justification ? { ...f, justification: d.justification } : f);
    } else kept.push(f);
  }
  for (const d of dirs) {
    if (d.kind === 'enable' || d.used) continue;
    const u = makeUnused(d.start, d.end, d.rules);
    if (u) kept.push(u);
  }
  return { kept, suppressed };
}
