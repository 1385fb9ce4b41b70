// Angular's environment files: `environments/environment.ts` and the files a build swaps in for it
// (`environment.prod.ts`, `environment.staging.ts`…, angular.json's fileReplacements). A key read
// from one of them is, in some build, the same key of each of the others.

import { readdirSync } from 'node:fs';
import { environmentFolder } from '../../core/environments.js';
import ts from '../../core/ts.cjs';
import { findProperty, propertyValue, unwrap } from '../evaluate.js';
import type { AnalysisState, BaseGroup, EnvironmentTwin } from '../state.js';
import { lineCol, treeIndex, type Unit } from '../units.js';

/** A string the key is given in another environment file of the same folder. */
export interface ReplacedValue {
  unit: Unit;
  node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral;
  label: string;
  value: string;
}

/** The values the key `prop` (in an environment file) takes in the files a build swaps in for it. */
export function replacedEnvironments(acc: AnalysisState, unit: Unit, prop: ts.Node | undefined): ReplacedValue[] {
  const file = unit.file;
  const folder = environmentFolder(file);
  if (!folder || !prop || !ts.isPropertyAssignment(prop) || !ts.isIdentifier(prop.name)) return [];
  const key = prop.name.text;
  const out: ReplacedValue[] = [];
  // read from the folder, parsed or not (a file --fix has emptied of old text is still another build's)
  let names: string[];
  try {
    names = readdirSync(folder).sort();
  } catch {
    names = [];
  }
  const others = names.map((n) => folder + n).filter((f) => f !== file && environmentFolder(f) === folder);
  for (const u of others.flatMap((f) => acc.store.get(f))) {
    for (const obj of treeIndex(u.sf).objects) {
      const value = propertyValue(findProperty(obj, key));
      const v = value && unwrap(value);
      if (v && (ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v))) out.push({ unit: u, node: v, label: `${key} (${u.file.split(/[\\/]/).pop()})`, value: v.text });
    }
  }
  return out;
}

/**
 * A versioned base written in an environment file's key: the same key's values in the files a build
 * swaps in. Those that carry `/2023-01` the same way move with it (else one build would send its
 * 2024-09 paths to a 2023-01 base); any other value holds the group (`apart`, with its line).
 */
export function environmentTwins(acc: AnalysisState, g: BaseGroup): { twins: EnvironmentTwin[]; apart: string[] } {
  const twins: EnvironmentTwin[] = [];
  const apart: string[] = [];
  const literal = treeIndex(g.unit.sf).strings.find((s) => ts.isStringLiteralLike(s) && s.getStart(g.unit.sf) < g.start && g.end < s.getEnd());
  if (!literal) return { twins, apart };
  const own = (literal as ts.StringLiteral).text;
  for (const alt of replacedEnvironments(acc, g.unit, literal.parent)) {
    const at = alt.value.indexOf('/2023-01');
    const line = lineCol(alt.unit.fileText, alt.node.getStart(alt.unit.sf) + alt.unit.offset).line;
    // (written with escapes, the literal's text is not its value: its version cannot be rewritten in place)
    const exact = alt.node.getText(alt.unit.sf).slice(1, -1) === alt.value;
    if (at < 0 || !exact || alt.value.slice(at + '/2023-01'.length) !== own.slice(own.indexOf('/2023-01') + '/2023-01'.length)) {
      apart.push(`\`${alt.value}\` (${acc.shownFile(alt.unit.file)}:${line})`);
      continue;
    }
    const start = alt.node.getStart(alt.unit.sf) + 1 + at + 1;
    twins.push({ unit: alt.unit, start, end: start + '2023-01'.length, label: alt.label });
  }
  return { twins, apart };
}
