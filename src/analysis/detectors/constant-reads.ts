// Every read of a top-level constant in the files of the run: in its own module, and, when it is
// exported, in each module that imports it by name. A read the check cannot tie to the constant
// (a file it does not read, an import under another name, a re-export, a read through the module
// object) makes the answer why, so that what depends on every read being seen stays as it is.

import ts from '../../core/ts.cjs';
import type { AnalysisState } from '../state.js';
import { lineOf, type Unit } from '../units.js';
import { identifiers } from './identifiers.js';

export interface ConstantRead {
  unit: Unit;
  id: ts.Identifier;
}

type Declared = ts.VariableDeclaration & { name: ts.Identifier };

/**
 * The reads of a top-level `const` (its declaration in `unit`), or the first one that cannot be
 * seen, with its place as a message about a finding in the file `from` names it.
 */
export function readsOfConstant(acc: AnalysisState, unit: Unit, decl: Declared, from = unit.file, parsedOnly = false): { reads: ConstantRead[] } | { unseen: string } {
  // (asked once for each entry of an endpoint map: the other files are looked at once a constant)
  const key = `${parsedOnly ? 'parsed' : 'all'}:${from}`;
  const known = acc.constantReadsMemo.get(decl);
  if (known && known.parsed === acc.store.parsedCount && known.from === key) return known.answer;
  const answer = findReads(acc, unit, decl, from, parsedOnly);
  acc.constantReadsMemo.set(decl, { parsed: acc.store.parsedCount, from: key, answer });
  return answer;
}

function findReads(acc: AnalysisState, unit: Unit, decl: Declared, from: string, parsedOnly: boolean): { reads: ConstantRead[] } | { unseen: string } {
  const name = decl.name.text;
  const place = (u: Unit, n: ts.Node) => acc.placeOf(u.file, lineOf(u, n), from);
  const reads: ConstantRead[] = [];
  let exported = !!ts.getModifiers(decl.parent.parent as ts.VariableStatement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const id of identifiers(acc, unit, name)) {
    if (id === decl.name) continue;
    const p = id.parent;
    // `export { RATES }` exports it as it is; under another name, or as the default, its reads go by a name not looked for
    if (p && ts.isExportSpecifier(p)) {
      if (p.propertyName === id && p.propertyName.text !== p.name.text) return { unseen: `\`${name}\` is exported under another name at ${place(unit, id)}` };
      exported = true;
      continue;
    }
    if (p && ts.isExportAssignment(p)) return { unseen: `\`${name}\` is the module's default export (${place(unit, id)})` };
    const d = acc.bindings.resolve(unit, id);
    if (d?.kind === 'var' && d.node === decl) reads.push({ unit, id });
  }
  if (!exported) return { reads };
  const far = elsewhere(acc, unit, decl, reads, from, parsedOnly);
  return far ? { unseen: far } : { reads };
}

/**
 * The reads of an exported constant in the other files of the run (each added to `reads`), or the
 * first that cannot be seen. A file is looked at when its text names the constant and imports its module.
 */
function elsewhere(acc: AnalysisState, unit: Unit, decl: Declared, reads: ConstantRead[], from: string, parsedOnly: boolean): string | undefined {
  const name = decl.name.text;
  // (`parsedOnly`: the files parsed, where the text test draws in every importer of a module exporting an old path)
  const files = (!parsedOnly && acc.options.given) || new Set(acc.store.all().map((u) => u.file));
  const word = new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`);
  for (const file of files) {
    if (file === unit.file) continue;
    const text = acc.store.text(file);
    if (!text || !word.test(text)) continue;
    const imports = acc.store.imports(file, unit.file, text);
    // (read as a member of what another module re-exports, `L.LABELS` through barrels, or of a `require`d module)
    if (!imports && new RegExp(`[\\w$)\\]]\\s*\\.\\s*${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(text)) return `\`${name}\` is read as a member of another module's export in ${acc.shownFile(file)}`;
    if (!imports) continue;
    const units = acc.store.get(file);
    if (!units.length) return `\`${name}\` is imported by ${acc.shownFile(file)}, which the check does not read`;
    for (const u of units)
      for (const id of identifiers(acc, u, name)) {
        const p = id.parent;
        if (p && ts.isImportSpecifier(p)) {
          if (p.propertyName) return `\`${name}\` is imported under another name at ${acc.placeOf(file, lineOf(u, id), from)}`;
          continue;
        }
        if (p && ts.isExportSpecifier(p)) return `\`${name}\` is exported again at ${acc.placeOf(file, lineOf(u, id), from)}`;
        if (p && ts.isPropertyAccessExpression(p) && p.name === id) return `\`${name}\` is read from its module at ${acc.placeOf(file, lineOf(u, id), from)}`;
        const d = acc.bindings.resolve(u, id);
        if (d?.kind === 'var' && d.node === decl) reads.push({ unit: u, id });
      }
  }
  return undefined;
}
