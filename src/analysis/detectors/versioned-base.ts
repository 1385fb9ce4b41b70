// Versioned bases ('…/2023-01' in a constant or an instance's base URL): the relative paths sent
// through each, gathered into its group (settle-groups.ts decides whether the group moves).

import { type PathMatch, type PathToken, versionsBeforeHole } from '../../core/paths.js';
import ts from '../../core/ts.cjs';
import { type HolePiece, type LitPiece, type Piece, type Via, unwrap } from '../evaluate.js';
import { note, says } from '../findings.js';
import { type UnitEdit, piecesIn, renderRegion } from '../render.js';
import type { AnalysisState, BaseGroup } from '../state.js';
import type { Unit } from '../units.js';
import { BASE_OPTION, type Virtual, displayPath, shortText } from './path-text.js';
import { helperHolder } from './path-constants.js';

/** The length of a path's version segment: `2023-01`, or a v1 family's prefix (`pickup/v1`). */
const versionLength = (m: PathMatch): number => (m.version === 'v1' ? `${m.resource}/v1`.length : '2023-01'.length);

/** Where the path of a use of a versioned base is written, when it is written there as text `--fix` can rewrite. */
export interface MemberSpan {
  ownStart: number;
  firstOwn: LitPiece;
  /** unit offsets of the path's own text */
  start: number;
  end: number;
  /** the constant the path is written in, whole (`const LABELS = '/labels'`, `ROUTES.labels`), and where its text starts (virtual) */
  constant?: { via: Via; from: number };
}

/**
 * Where the path of a use of a versioned base is written: the text after the version segment,
 * from the first piece that does not come through the base (pieces with more than `depth`
 * constants behind them come through it). A string says why the path cannot be a member: it
 * comes from a parameter or an expression the check cannot follow, or from a constant, or it is
 * written so that `--fix` cannot rewrite it in place. Undefined: the version is not in the base.
 */
export function memberSpan(acc: AnalysisState, m: PathMatch, pieces: Piece[], vt: Virtual, depth = 0): MemberSpan | string | undefined {
  // the pieces that come through the base: through the constant the version does, or through a
  // client's base option (a wrapper's own text sent through it); another constant is the path's own
  const chain = pieces[vt.owner[m.versionStart]]?.via[depth]?.name;
  const throughBase = (p: Piece) => p.via.length > depth && (chain === undefined || p.via[depth].name === chain || p.via[depth].label === BASE_OPTION);
  let ownStart = m.versionStart;
  while (ownStart < m.end && throughBase(pieces[vt.owner[ownStart]])) ownStart++;
  // a path a helper builds (`path(API_VERSION, 'webhooks')` with `path = (v, p) => \`/${v}/${p}\``):
  // the helper's separator is passed over, so that each call's path is placed where its own text is
  let i = ownStart;
  while (i < m.end && pieces[vt.owner[i]].t === 'lit' && /^\/+$/.test((pieces[vt.owner[i]] as LitPiece).text)) i++;
  if (i > ownStart && i < m.end && pieces[vt.owner[i]].t === 'lit' && pieces[vt.owner[i]].via.length <= depth && pieces[vt.owner[i]] !== pieces[vt.owner[ownStart]]) ownStart = i;
  if (ownStart < m.versionStart + versionLength(m)) return undefined;
  // a constant that holds more than a base (`/2023-01/courier_accounts`, joined with `/${id}`) is a
  // path prefix, not a base: the path is reported where its version is written, and left
  let afterVersion = m.versionStart + versionLength(m);
  if (vt.text[afterVersion] === '/') afterVersion++;
  if (ownStart > afterVersion) return undefined;
  if (ownStart >= m.end) return 'a path written in a constant, which `--fix` does not move with the base';
  for (let i = ownStart; i < m.end; i++)
    if (pieces[vt.owner[i]].via.length > depth) return constantSpan(pieces, vt, ownStart, m.end, depth) ?? 'a path partly written in a constant, which `--fix` does not move with the base';
  const firstOwn = pieces[vt.owner[ownStart]];
  if (firstOwn.t !== 'lit') return `a path the check cannot see (\`${shortText(firstOwn.node.getText(firstOwn.unit.sf))}\`)`;
  if (!firstOwn.exact) return 'a path written with escapes, which `--fix` cannot rewrite in place';
  const start = firstOwn.pos + vt.offset[ownStart];
  let endIdx = m.end - 1;
  while (endIdx > ownStart && pieces[vt.owner[endIdx]].t !== 'lit') endIdx--;
  const endPiece = pieces[vt.owner[endIdx]] as LitPiece;
  return { ownStart, firstOwn, start, end: endPiece.pos + vt.offset[endIdx] + 1 };
}

/**
 * A path whose own text, after a separator the join writes (`${API}/${LABELS}`), is the whole of
 * one constant's value (`const LABELS = 'labels'`, `ROUTES.labels: '/labels'`): written there as
 * one literal, where `--fix` can rewrite it when every read of the constant sends it through the
 * base (path-constants.ts decides that once the requests are all seen).
 */
function constantSpan(pieces: Piece[], vt: Virtual, ownStart: number, end: number, depth: number): MemberSpan | undefined {
  let from = ownStart;
  while (from < end && pieces[vt.owner[from]].via.length <= depth && pieces[vt.owner[from]].t === 'lit' && /^\/+$/.test((pieces[vt.owner[from]] as LitPiece).text)) from++;
  const p = pieces[vt.owner[from]];
  if (!p || p.t !== 'lit' || !p.exact || p.via.length !== depth + 1 || unwrap(p.via[depth].value) !== p.node) return undefined;
  for (let i = from; i < end; i++) if (vt.owner[i] !== vt.owner[from]) return undefined;
  // (the constant holds the path and nothing more)
  if (vt.offset[from] !== 0 || vt.offset[end - 1] + 1 !== p.text.length) return undefined;
  return { ownStart, firstOwn: p, start: p.pos + vt.offset[from], end: p.pos + vt.offset[end - 1] + 1, constant: { via: p.via[depth], from } };
}

/**
 * A path a helper of the project writes around its parameters (`account: (id) =>
 * `courier_accounts/${id}``, called as `api.get(ROUTES.account(id))`): each call's own text is the
 * helper's template with the caller's value read where the parameter is (HolePiece.bound), so the
 * template can be rewritten in place, the parameters kept. The edit, and the helper as a constant
 * whose every read must be a request through the base; undefined where the text is not all the helper's.
 */
function helperRegion(acc: AnalysisState, pieces: Piece[], vt: Virtual, from: number, to: number, tokens: PathToken[]): { edit: UnitEdit; written: Via } | undefined {
  const region = piecesIn(pieces, vt, from, to);
  const first = region[0];
  if (first?.t !== 'lit') return undefined;
  const holes = region.filter((p): p is HolePiece => p.t === 'hole');
  const inside = (n: ts.Node) => n.getSourceFile() === first.unit.sf && n.pos >= first.container.pos && n.end <= first.container.end;
  if (!holes.length || !holes.every((h) => h.bound && inside(h.bound))) return undefined;
  // (every hole a parameter of the same function)
  const params = holes.map((h) => acc.bindings.resolve(first.unit, h.bound!));
  const d = params[0];
  if (d?.kind !== 'param' || params.some((q) => q?.kind !== 'param' || q.fn !== d.fn)) return undefined;
  const holder = helperHolder(d.fn);
  if (!holder) return undefined;
  const local = pieces.map((p): Piece => (p.t === 'hole' && holes.includes(p) ? { ...p, node: p.bound!, unit: first.unit, container: first.container, mode: first.mode, via: [] } : p));
  const edit = renderRegion(local, vt, from, to, tokens);
  return edit && { edit, written: { unit: first.unit, name: holder.name, label: holder.label, value: d.fn as unknown as ts.Expression } };
}

/**
 * The group of the versioned base whose version segment is at this place of the virtual text
 * (`family`: the legacy v1 family prefix a base ends with, `pickup/v1`, instead of `2023-01`).
 */
export function groupAt(acc: AnalysisState, vPiece: LitPiece, vt: Virtual, versionStart: number, family?: string): BaseGroup {
  const start = vPiece.pos + vt.offset[versionStart];
  const key = `${vPiece.unit.file}:${start}`;
  let g = acc.baseGroups.get(key);
  if (!g) {
    g = { unit: vPiece.unit, start, end: start + (family ?? '2023-01').length, family, exact: vPiece.exact, label: vPiece.via.find((v) => v.label !== BASE_OPTION)?.label ?? vPiece.text, members: [], unseen: [], env: vPiece.via.find((v) => v.env)?.env, branch: vPiece.via.find((v) => v.branch)?.branch, sends: [], vias: [], literal: vPiece.node };
    acc.baseGroups.set(key, g);
  }
  for (const v of vPiece.via) if (v.label !== BASE_OPTION && !g.vias.some((w) => w.name === v.name)) g.vias.push(v);
  return g;
}

/** A use of a versioned base whose path cannot be tied to it: the base is held until a person checks it. */
/** The rule of a 2023-01 path the spec does not map, whose 2024-09 form is assumed. */
export const UNMAPPED = 'unmapped-2023-01-path';

export function unseenUse(acc: AnalysisState, g: BaseGroup, unit: Unit, node: ts.Node, why: string, hole?: ts.Node): void {
  if (!g.unseen.some((x) => x.node === node && x.why === why)) g.unseen.push({ unit, node, why, hole });
  if (!g.sends.includes(node)) g.sends.push(node);
}

/**
 * A path whose version segment comes from a base defined elsewhere (a constant, an instance's
 * baseURL) and whose rest is written here: it moves with the base or not at all. A use whose
 * path cannot be seen here (`use`, as written) holds the base. `throughBase`: the path is sent
 * through a client's base (an instance's `baseURL`, ky's `prefixUrl`), which may also end with a
 * legacy v1 family prefix (`https://legacy…/pickup/v1`): its paths are that base's group too
 * (settle-v1-bases.ts), never moved.
 */
export function groupMember(acc: AnalysisState, unit: Unit, m: PathMatch, pieces: Piece[], vt: Virtual, vPiece: LitPiece, use?: ts.Node, throughBase = false, url?: ts.Node): boolean {
  if (m.version !== '2023-01' && !(m.version === 'v1' && throughBase && !m.versionOnly)) return false;
  const span = memberSpan(acc, m, pieces, vt);
  if (span === undefined) return false;
  const g = groupAt(acc, vPiece, vt, m.versionStart, m.version === 'v1' ? `${m.resource}/v1` : undefined);
  if (typeof span === 'string') {
    // the path is a hole of its own (a parameter, whose callers may show it: detectors/wrappers.ts)
    let i = m.versionStart;
    while (i < m.end && pieces[vt.owner[i]].via.length > 0) i++;
    const own = i < m.end ? pieces[vt.owner[i]] : undefined;
    if (use) unseenUse(acc, g, unit, use, span, own?.t === 'hole' ? own.node : undefined);
    return false;
  }
  const { ownStart, start, end, constant } = span;
  const ownText = vt.text.slice(ownStart, m.end);
  let edit: UnitEdit | undefined;
  // the constant or helper the path is written in, whose every read must be a request through the base (path-constants.ts)
  let written: Via | undefined = constant?.via;
  // (a path the spec does not map has its assumed form: the group then moves only with `--unsafe`, settle-groups.ts)
  if (m.version === '2023-01' && m.newPath && !m.partial && (m.rule!.fix === 'safe' || m.rule!.id === UNMAPPED)) {
    const [head, ...rest] = m.newPath;
    // (an assumed form says something only where the path names a resource: `/${p}` assumes nothing)
    const assumes = m.rule!.id !== UNMAPPED || (typeof head === 'string' && /[a-z]/i.test(head.slice('/2024-09'.length)));
    if (typeof head === 'string' && head.startsWith('/2024-09') && assumes) {
      let rel = head.slice('/2024-09'.length);
      if (!ownText.startsWith('/') && rel.startsWith('/')) rel = rel.slice(1);
      if (!constant) {
        edit = renderRegion(pieces, vt, ownStart, m.end, rel ? [rel, ...rest] : rest);
        // a helper's own template around its parameter (`account: (id) => `courier_accounts/${id}``)
        const helper = edit ? undefined : helperRegion(acc, pieces, vt, ownStart, m.end, rel ? [rel, ...rest] : rest);
        if (helper) ({ edit, written } = helper);
      } else if (!rest.length) {
        // the constant's text, after the separator the join writes (`${API}/${LABELS}`: `labels` becomes `batches/labels`)
        const joint = vt.text.slice(ownStart, constant.from);
        if (rel.startsWith(joint)) edit = { unit: span.firstOwn.unit, start, end, text: rel.slice(joint.length) };
      }
    }
  }
  const at = span.firstOwn.unit;
  const send = url ?? use;
  for (const n of [use, url]) if (n && !g.sends.includes(n)) g.sends.push(n);
  const known = g.members.find((x) => x.unit.file === at.file && x.start === start);
  if (known) {
    if (known.constant && send) known.constant.sends.push(send);
    // (a call of the helper its first member could not be rewritten for: the helper stays)
    else if (written && !known.constant) known.edit = undefined;
  } else
    g.members.push({
      unit: at,
      start,
      end,
      edit,
      match: m,
      shown: displayPath(vt.text.slice(m.start, m.end), pieces, vt, m.start),
      own: displayPath(ownText, pieces, vt, ownStart),
      ...(written ? { constant: { via: written, sends: send ? [send] : [] } } : {}),
    });
  return true;
}

/**
 * A versioned base joined with a path the check cannot see (`${API}${path}`, `API + path`): the
 * version segment is followed at once by a hole, so no path is found there; the base is held.
 */
export function unseenAfterBase(acc: AnalysisState, unit: Unit, use: ts.Node, pieces: Piece[], vt: Virtual, basePieces = pieces.length): void {
  for (const i of versionsBeforeHole(vt.text)) {
    if (vt.owner[i] >= basePieces) continue;
    const vp = pieces[vt.owner[i]];
    const hp = pieces[vt.owner[i + '2023-01'.length]];
    if (vp?.t !== 'lit' || vt.owner[i + '2023-01'.length - 1] !== vt.owner[i] || hp?.t !== 'hole') continue;
    if (vp.via.length === 0) {
      inlineBase(acc, vp, vt, i, hp);
      continue;
    }
    // a hole of the base's own definition (`${HOST}/2023-01${SUFFIX}` used elsewhere) is the base's
    if (hp.via.length > 0 && hp.via[0] === vp.via[0]) continue;
    // (`hole`: a wrapper's parameter, whose callers may show the paths: detectors/wrappers.ts)
    unseenUse(acc, groupAt(acc, vp, vt, i), unit, use, `a path the check cannot see (\`${shortText(hp.node.getText(hp.unit.sf))}\`)`, hp.node);
  }
}

/**
 * A versioned base written in the same text as the path it is joined with, which cannot be seen
 * (`\`https://…/2023-01${req.url}\`` in an interceptor): reported where its version is written,
 * for a person. (A wrapper's parameter is left to its callers: detectors/wrappers.ts.)
 */
function inlineBase(acc: AnalysisState, vp: LitPiece, vt: Virtual, i: number, hole: Piece): void {
  const h = unwrap(hole.node as ts.Expression);
  if (ts.isIdentifier(h) && acc.bindings.resolve(hole.unit, h)?.kind === 'param') return;
  const start = vp.pos + vt.offset[i] - (vt.text[i - 1] === '/' && vt.owner[i - 1] === vt.owner[i] ? 1 : 0);
  const base = vt.text.slice(0, i + '2023-01'.length).replace(/[\uE000-\uF8FF]/g, '…');
  acc.add('versioned-base-url', vp.unit, start, vp.pos + vt.offset[i] + '2023-01'.length,
    says(`The base URL \`${base}\` carries the 2023-01 version, and the path joined to it here (\`${shortText(hole.node.getText(hole.unit.sf))}\`) cannot be seen: every path sent through it is a 2023-01 path; `, note('none', 'check that each has a 2024-09 form, then change the version here and the paths together')));
}

export function memberKey(acc: AnalysisState, x: BaseGroup['members'][number]): string {
  return `${x.unit.file}:${x.start + x.unit.offset}:${x.match.rule!.id}`;
}
