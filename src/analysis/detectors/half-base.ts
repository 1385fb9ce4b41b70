// A relative path sent through a 2024-09 base (an instance's `baseURL: 'https://…/2024-09'`, a
// wrapper's `${BASE}/2024-09${path}`) that forms a half-migrated path (`/labels` through it forms
// `/2024-09/labels`): reported where the path's own text is written, with its 2024-09 form.

import type { PathMatch, PathToken } from '../../core/paths.js';
import type { LitPiece, Piece } from '../evaluate.js';
import { note, says } from '../findings.js';
import { type UnitEdit, renderRegion } from '../render.js';
import type { AnalysisState } from '../state.js';
import { BASE_OPTION, type Virtual, displayPath } from './path-text.js';
import { memberSpan } from './versioned-base.js';

/**
 * The half-migrated path a relative path forms with the 2024-09 base it is sent through
 * (`vPiece`: the base's piece holding the version segment). The edit rewrites only the path's own
 * text (`/labels` to `/batches/labels`); the base stays. A path written in a constant, or where the
 * check cannot see it, is reported at nothing here: the base is already 2024-09, and a person
 * rewrites a constant's path (which other requests may read) by hand.
 */
export function halfThroughBase(acc: AnalysisState, m: PathMatch, pieces: Piece[], vt: Virtual, vPiece: LitPiece): void {
  if (!m.half || !m.rule || !m.newPath) return;
  const span = memberSpan(acc, m, pieces, vt);
  if (!span || typeof span === 'string') return;
  const { ownStart, start, end, constant, firstOwn } = span;
  const ownText = vt.text.slice(ownStart, m.end);
  const own = displayPath(ownText, pieces, vt, ownStart);
  const formed = displayPath(vt.text.slice(m.start, m.end), pieces, vt, m.start);
  const label = vPiece.via.find((v) => v.label !== BASE_OPTION)?.label ?? vPiece.text;
  const ep = m.rule.endpoint;
  // the 2024-09 form, relative to the base: `/2024-09/batches/labels` sent as `/batches/labels`
  const [head, ...rest] = m.newPath;
  let tokens: PathToken[] | undefined;
  if (typeof head === 'string' && head.startsWith('/2024-09')) {
    let rel = head.slice('/2024-09'.length);
    if (!ownText.startsWith('/') && rel.startsWith('/')) rel = rel.slice(1);
    tokens = rel ? [rel, ...rest] : rest;
  }
  let edit: UnitEdit | undefined;
  let manual: string | undefined;
  if (constant) manual = `the path is written in the constant \`${constant.via.label}\`, which other requests may read: rewrite it by hand`;
  else if (!tokens || m.rule.fix === 'none') manual = 'write the 2024-09 path by hand';
  else {
    edit = renderRegion(pieces, vt, ownStart, m.end, tokens);
    if (!edit) manual = 'the path is built in a way `--fix` cannot rewrite in place; write the 2024-09 path by hand';
  }
  const newShown = tokens?.map((t) => (typeof t === 'string' ? t : '…')).join('');
  const fixKind = edit ? m.rule.fix : 'none';
  acc.add(
    m.rule.id,
    firstOwn.unit,
    start,
    end,
    says(`\`${own}\` sent through the base URL \`${label}\` forms \`${formed}\`, a half-migrated path: the 2024-09 version with the resource of the 2023-01 \`${ep ? `${ep.method} ${ep.old}` : formed}\`; 2024-09 uses \`${ep?.new ?? '?'}\`${newShown ? ` (\`${newShown}\` through that base)` : ''}; `, note(fixKind, manual)),
    { edits: edit ? [edit] : undefined, fixKind, context: { kind: m.bodyContext ?? 'path', by: 'path', endpoint: ep ? `${ep.method} ${ep.old}` : undefined }, fixDescription: newShown ? `rewrite to ${newShown}` : undefined, newText: newShown },
  );
}
