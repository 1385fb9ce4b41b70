// Turning a path match into a text edit: the region of source that holds the old path is
// rewritten in the new order, each `${expr}` or `+ expr` operand kept as written, and the
// quote style of the literal kept.

import ts from '../core/ts.cjs';
import type { PathToken } from '../core/paths.js';
import type { HolePiece, LitPiece, Piece } from './evaluate.js';
import type { Unit } from './units.js';

export interface UnitEdit {
  unit: Unit;
  start: number;
  end: number;
  text: string;
}

interface Virtual {
  text: string;
  owner: number[];
  offset: number[];
}

/** The pieces a virtual range covers. */
export function piecesIn(pieces: Piece[], vt: Virtual, start: number, end: number): Piece[] {
  if (end <= start) return [];
  const first = vt.owner[start];
  const last = vt.owner[end - 1];
  return pieces.slice(first, last + 1);
}

/** Source offset (in the unit) of a virtual char that is literal text, or undefined. */
export function sourceOffset(pieces: Piece[], vt: Virtual, i: number): { unit: Unit; pos: number } | undefined {
  const p = pieces[vt.owner[i]];
  if (!p || p.t !== 'lit' || !p.exact) return undefined;
  return { unit: p.unit, pos: p.pos + vt.offset[i] };
}

function escapeFor(text: string, mode: 'template' | 'concat', quote: string): string {
  let out = text.replace(/\\/g, '\\\\');
  if (mode === 'template') out = out.replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  else out = out.split(quote).join('\\' + quote);
  return out;
}

/**
 * The edit that replaces virtual [start, end) by the tokens, or undefined when the region is
 * not written in one place (it spans a constant defined elsewhere, or escapes).
 */
export function renderRegion(pieces: Piece[], vt: Virtual, start: number, end: number, tokens: PathToken[]): UnitEdit | undefined {
  const region = piecesIn(pieces, vt, start, end);
  if (region.length === 0) return undefined;
  const first = region[0];
  if (first.t !== 'lit') return undefined;
  const { container, mode, unit } = first;
  const quote = first.quote;
  for (const p of region) {
    if (p.via.length || p.unit !== unit || p.container !== container || p.mode !== mode) return undefined;
    if (p.t === 'lit' && (!p.exact || (mode === 'concat' && p.quote !== quote))) return undefined;
  }
  const holes = pieces.filter((p): p is HolePiece => p.t === 'hole');
  const startPos = sourceOffset(pieces, vt, start);
  if (!startPos) return undefined;
  const lastPiece = pieces[vt.owner[end - 1]];
  let endsInLit = lastPiece.t === 'lit';
  let endPos: number;
  // a region that ends on a `+ operand` followed by a literal of the same chain takes the joint with
  // it, so that the new text ends inside that literal (`… + id + '/pickup_slots?x='`, not `+ '' +`)
  const next = pieces[vt.owner[end - 1] + 1];
  const joinNext = !endsInLit && mode === 'concat' && next && next.t === 'lit' && next.exact && next.via.length === 0 && next.container === container && next.quote === quote && next.text.length > 0;
  if (joinNext) {
    endPos = (next as LitPiece).pos;
    endsInLit = true;
  } else if (endsInLit) endPos = (lastPiece as LitPiece).pos + vt.offset[end - 1] + 1;
  else {
    const h = lastPiece as HolePiece;
    // in a template the region takes the closing `}` of the `${...}` with it
    endPos = mode === 'template' && h.node.parent && spanOfTemplate(h.node.parent) ? h.node.parent.literal.getStart(unit.sf) + 1 : h.node.getEnd();
  }
  // In a `+` chain each operand takes the joints written around it (`' /* id */ + ` before it,
  // ` + '` after it) when they hold only spacing, comments and the `+`: comments move with their
  // operand instead of being dropped.
  const joints = mode === 'concat' ? concatJoints(pieces, unit, startPos.pos, endPos) : undefined;
  let out = '';
  let inLit = true;
  let lastHole: HolePiece | undefined;
  for (const tok of tokens) {
    if (typeof tok === 'string') {
      if (!tok) continue;
      if (!inLit) out += (lastHole && joints?.get(lastHole)?.after) ?? ' + ' + quote;
      inLit = true;
      out += escapeFor(tok, mode, quote);
    } else {
      const hole = holes[tok.hole];
      if (!hole || hole.container !== container || hole.unit !== unit) return undefined;
      const src = hole.node.getText(unit.sf);
      if (mode === 'template') out += '${' + templateSpanText(hole, unit) + '}';
      else {
        out += (inLit ? (joints?.get(hole)?.before ?? quote + ' + ') : ' + ') + src;
        inLit = false;
        lastHole = hole;
      }
    }
  }
  if (mode === 'concat') {
    if (inLit && !endsInLit) out += quote;
    if (!inLit && endsInLit) out += (lastHole && joints?.get(lastHole)?.after) ?? ' + ' + quote;
  }
  return { unit, start: startPos.pos, end: endPos, text: out };
}

const JOINT = /^(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*\n|\+)*$/;

/**
 * The joints of each operand of a `+` chain inside the rewritten region, as written: from the
 * closing quote of the literal before it to the operand, and from the operand to the opening quote
 * of the literal after it. Only joints of spacing, comments and one `+` are kept.
 */
function concatJoints(pieces: Piece[], unit: Unit, from: number, to: number): Map<HolePiece, { before?: string; after?: string }> {
  const out = new Map<HolePiece, { before?: string; after?: string }>();
  const text = unit.sf.text;
  const ok = (j: string, quoteAt: 'start' | 'end') => {
    const inner = quoteAt === 'start' ? j.slice(1) : j.slice(0, -1);
    return JOINT.test(inner) && (inner.match(/\+/g) ?? []).length === 1;
  };
  for (let i = 0; i < pieces.length; i++) {
    const h = pieces[i];
    if (h.t !== 'hole' || h.unit !== unit) continue;
    const prev = pieces[i - 1];
    const next = pieces[i + 1];
    const entry: { before?: string; after?: string } = {};
    if (prev?.t === 'lit' && prev.unit === unit && prev.via.length === 0) {
      const a = prev.node.getEnd() - 1;
      const b = h.node.getStart(unit.sf);
      const j = text.slice(a, b);
      if (a >= from && b <= to && ok(j, 'start')) entry.before = j;
    }
    if (next?.t === 'lit' && next.unit === unit && next.via.length === 0) {
      const a = h.node.getEnd();
      const b = next.node.getStart(unit.sf) + 1;
      const j = text.slice(a, b);
      if (a >= from && b <= to && ok(j, 'end')) entry.after = j;
    }
    out.set(h, entry);
  }
  return out;
}

/** The text inside `${ ... }` as written (spacing kept). */
/** A `${…}` of a template, or of a template literal type (a path written as a type: detectors/path-types.ts). */
const spanOfTemplate = (n: ts.Node): n is ts.TemplateSpan | ts.TemplateLiteralTypeSpan => ts.isTemplateSpan(n) || ts.isTemplateLiteralTypeSpan(n);

function templateSpanText(hole: HolePiece, unit: Unit): string {
  const span = hole.node.parent;
  if (span && spanOfTemplate(span)) {
    const tpl = span.parent;
    const spans: readonly (ts.TemplateSpan | ts.TemplateLiteralTypeSpan)[] = tpl.templateSpans;
    const idx = spans.indexOf(span);
    const before = idx === 0 ? tpl.head : spans[idx - 1].literal;
    return unit.sf.text.slice(before.getEnd(), span.literal.getStart(unit.sf));
  }
  return hole.node.getText(unit.sf);
}
