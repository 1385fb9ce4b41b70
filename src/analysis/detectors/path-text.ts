// How the path detectors see and show a URL expression: the virtual text of its pieces, a base
// joined in front of a path, and a path or a use as a message quotes it.

import { type PathMatch, isHole } from '../../core/paths.js';
import ts from '../../core/ts.cjs';
import { type LitPiece, type Piece } from '../evaluate.js';
import { joinedPart } from '../syntax.js';

export type Virtual = ReturnType<typeof virtualText>;

/** The label of the pieces an HTTP client instance's base URL option adds in front of a path (never a name: a constant named `base` is a constant). */
export const BASE_OPTION = 'an instance base option';

export function isMaximal(n: ts.Node): boolean {
  let p = n.parent;
  while (p && ts.isParenthesizedExpression(p)) p = p.parent;
  if (!p) return true;
  if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.PlusToken) return false;
  if (ts.isTemplateSpan(p)) return false;
  // a part of `[…].join(sep)`, `path.join(…)` or `a.concat(…)`: the joined text is read whole (paths.ts scanStrings)
  if (joinedPart(n)) return false;
  return true;
}

/** A cheap test before the evaluator runs: could this text hold a service path at all? */
export function quickPathTest(text: string): boolean {
  return text.includes('/v1') || text.includes('2023-01') || text.includes('2024-09');
}

export function joinBase(base: Piece[], own: Piece[]): Piece[] {
  const lastBase = base[base.length - 1];
  const firstOwn = own[0];
  const baseEndsSlash = lastBase?.t === 'lit' && lastBase.text.endsWith('/');
  const ownStartsSlash = firstOwn?.t === 'lit' && firstOwn.text.startsWith('/');
  const marker = (p: Piece[]): Piece[] => p.map((x) => ({ ...x, via: x.via.length ? x.via : [{ unit: x.unit, name: x.node, label: BASE_OPTION, value: x.node as ts.Expression }] }));
  if (!baseEndsSlash && !ownStartsSlash && firstOwn && lastBase) {
    const sep: Piece = { ...(lastBase.t === 'lit' ? lastBase : { t: 'lit', unit: lastBase.unit, node: lastBase.node, container: lastBase.container, mode: 'concat', quote: "'" }), text: '/', pos: -1, exact: false, via: [{ unit: lastBase.unit, name: lastBase.node, label: BASE_OPTION, value: lastBase.node as ts.Expression }] } as Piece;
    return [...marker(base), sep, ...own];
  }
  return [...marker(base), ...own];
}

/** Code as written, on one line and cut short, to name a use in a message. */
export function shortText(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 80 ? one.slice(0, 79) + '…' : one;
}

/** Code as a hold's message quotes it: on one line, cut to 60 characters. */
export function quotedCode(node: ts.Node, sf: ts.SourceFile): string {
  const text = node.getText(sf).replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** A use as written, as a Markdown code span: a template literal by its text between the backticks. */
export function codeSpan(node: ts.Node, sf: ts.SourceFile): string {
  const raw = node.getText(sf);
  const text = shortText(ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node) ? raw.slice(1, -1) : raw);
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

export function displayPath(text: string, pieces: Piece[], vt: Virtual, start: number): string {
  let out = '';
  for (let k = 0; k < text.length; k++) {
    const ch = text[k];
    if (isHole(ch)) {
      const h = pieces[vt.owner[start + k]];
      out += h && h.t === 'hole' ? '${' + h.node.getText(h.unit.sf) + '}' : '…';
    } else out += ch;
  }
  return out;
}

/** Where a path's finding starts: its version segment, or the slash before it when written in the same piece. */
export function pathStart(m: PathMatch, vPiece: LitPiece, vt: Virtual): number {
  const slashHere = m.start < m.versionStart && vt.owner[m.start] === vt.owner[m.versionStart];
  return vPiece.pos + vt.offset[m.versionStart] - (slashHere ? 1 : 0);
}

/**
 * The virtual text of pieces: literal text, and one private-use character per hole; a hole that is
 * a query string or nothing (HolePiece.query) is a `?` where nothing of a path can follow it.
 */
export function virtualText(pieces: Piece[]): { text: string; owner: number[]; offset: number[] } {
  let text = '';
  const owner: number[] = [];
  const offset: number[] = [];
  let holes = 0;
  pieces.forEach((p, i) => {
    if (p.t === 'lit') {
      for (let k = 0; k < p.text.length; k++) {
        owner.push(i);
        offset.push(k);
      }
      text += p.text;
    } else {
      owner.push(i);
      offset.push(0);
      const next = pieces[i + 1];
      const ends = !next || (next.t === 'lit' ? /^[?#&]/.test(next.text) : !!next.query);
      // (the holes keep their numbers, a query's too: toTokens reads a hole's number from its character)
      text += p.query && ends ? '?' : String.fromCharCode(0xe000 + Math.min(holes, 0x18ff));
      holes++;
    }
  });
  return { text, owner, offset };
}
