// An old path written as one side of an equality test (`if (path === '/2023-01/labels')`, a `case`)
// whose other side the type checker types with old paths written elsewhere (`const path =
// ROUTES[name]` over `ROUTES = { labels: '/2023-01/labels', … } as const`). Rewritten alone, the
// test no longer type-checks (TS2367) and its branch is never taken; left while the other moves,
// the same. So it moves with the paths of its text written elsewhere, or stays with them
// (settle-path-types.ts holdComparedPaths).

import ts from '../../core/ts.cjs';
import type { AnalysisState, PathType } from '../state.js';
import { treeIndex, type Unit } from '../units.js';
import { attempt, parts } from './type-ties.js';

/** A path finding written as one side of an equality test: its key, its literal and the other side. */
export interface ComparedLiteral {
  key: string;
  unit: Unit;
  lit: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral;
  other: ts.Expression;
}

const EQUALITY = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);

/** The path findings of the checked units written as a whole literal on one side of an equality test or as a `case` label. */
export function comparedLiterals(acc: AnalysisState): ComparedLiteral[] {
  const byFile = new Map<string, string[]>();
  for (const [key, f] of acc.findings) if (f.changeKind === 'endpoint-moved' && f.context?.by !== 'type') byFile.set(f.file, [...(byFile.get(f.file) ?? []), key]);
  const out: ComparedLiteral[] = [];
  for (const unit of acc.store.all()) {
    const keys = byFile.get(unit.file);
    if (!keys) continue;
    for (const e of treeIndex(unit.sf).strings) {
      if (!ts.isStringLiteral(e) && !ts.isNoSubstitutionTemplateLiteral(e)) continue;
      const other = comparedWith(e);
      if (!other) continue;
      const [start, end] = [e.getStart(unit.sf) + unit.offset, e.getEnd() + unit.offset];
      const key = keys.find((k) => {
        const f = acc.findings.get(k)!;
        return f.file === unit.file && f.start >= start && f.start < end;
      });
      if (key) out.push({ key, unit, lit: e, other });
    }
  }
  return out;
}

/** The other side of the equality test a literal is one side of (the switched value, for a `case` label). */
function comparedWith(e: ts.Expression): ts.Expression | undefined {
  let at: ts.Expression = e;
  while (at.parent && ts.isParenthesizedExpression(at.parent)) at = at.parent;
  const p = at.parent;
  if (p && ts.isCaseClause(p) && p.expression === at) return p.parent.parent.expression;
  if (p && ts.isBinaryExpression(p) && EQUALITY.has(p.operatorToken.kind)) return p.left === at ? p.right : p.left;
  return undefined;
}

/**
 * Tie each compared literal whose other side the checker types as a union of texts holding its own
 * (`'/2023-01/labels' | '/2023-01/webhooks'`) to the path findings of the same text written elsewhere
 * (AnalysisState.comparedPaths); a side typed `string` says nothing of where its value comes from.
 */
export function tieComparedLiterals(acc: AnalysisState, checker: ts.TypeChecker, compared: ComparedLiteral[], types: PathType[]): void {
  const own = new Set([...compared.map((c) => c.key), ...types.map((t) => t.key)]);
  for (const c of compared) {
    const type = attempt(() => checker.getTypeAtLocation(c.other));
    const values = type && parts(checker.getNonNullableType(type));
    if (!values?.every((v) => v.isStringLiteral()) || !values.some((v) => v.isStringLiteral() && v.value === c.lit.text)) continue;
    const text = acc.findings.get(c.key)!.oldText;
    const partners = [...acc.findings].filter(([k, f]) => !own.has(k) && f.changeKind === 'endpoint-moved' && f.oldText === text).map(([k]) => k);
    if (partners.length) acc.comparedPaths.push({ key: c.key, other: c.other.getText(c.unit.sf), partners });
  }
}
