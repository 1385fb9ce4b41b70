// The keys written to and read from the variable a body object is held in, in its module and in
// the modules that import it (`body.courier_id = id`, `return rec.courier_id`).

import ts from '../../core/ts.cjs';
import { type Decl, propName } from '../bindings.js';
import { type LitPiece, unwrap } from '../evaluate.js';
import type { AnalysisState, KeyRead, Written } from '../state.js';
import { markupOf, type Unit } from '../units.js';

/**
 * The keys assigned to the variable an object literal is held in (`const body = {}; body.k = v`)
 * and read from it (`body.k`, `body['k']`, `const { k } = body`), wherever the variable is seen
 * (an exported constant: in every module that imports it). An object not held in a variable: none.
 */
export function refsOf(acc: AnalysisState, unit: Unit, node: ts.ObjectLiteralExpression): { writes: Written[]; reads: KeyRead[]; reassigned?: boolean } {
  const memo = acc.refsMemo.get(node);
  if (memo) return memo;
  const out: { writes: Written[]; reads: KeyRead[]; reassigned?: boolean } = { writes: [], reads: [] };
  acc.refsMemo.set(node, out);
  let top: ts.Node = node;
  const climb = () => {
    while (top.parent && (ts.isParenthesizedExpression(top.parent) || ts.isAsExpression(top.parent) || ts.isSatisfiesExpression(top.parent) || ts.isTypeAssertionExpression(top.parent))) top = top.parent;
  };
  climb();
  // held in a framework's state (`reactive({ … })`, `ref({ … })`, read as `form.value.key`)
  let throughValue = false;
  const wrapper = top.parent && ts.isCallExpression(top.parent) && top.parent.arguments[0] === top ? top.parent.expression.getText(unit.sf) : undefined;
  if (wrapper && STATE_WRAPPERS.has(wrapper)) {
    throughValue = wrapper === 'ref' || wrapper === 'shallowRef';
    top = top.parent!;
    climb();
  }
  const decl = top.parent;
  if (!decl || !ts.isVariableDeclaration(decl) || decl.initializer !== top || !ts.isIdentifier(decl.name)) return out;
  const name = decl.name.text;
  // a module-level constant may be exported (and read in any module); a local one is seen in its file only
  const moduleLevel = ts.isVariableStatement(decl.parent.parent) && ts.isSourceFile(decl.parent.parent.parent);
  let units = moduleLevel ? acc.store.all().filter((u) => u.sf.text.includes(name)) : acc.store.get(unit.file);
  // the names it is imported or re-exported under (`import { body as p }`, `export { body as tomorrow }`)
  const names = [name];
  if (moduleLevel) {
    const alias = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\s+as\\s+([A-Za-z_$][\\w$]*)`, 'g');
    for (const u of units) for (const m of u.sf.text.matchAll(alias)) if (!names.includes(m[1])) names.push(m[1]);
    if (names.length > 1) units = acc.store.all().filter((u) => names.some((n) => u.sf.text.includes(n)));
  }
  const isDecl = (d: Decl | undefined) => d?.kind === 'var' && d.node === decl;
  for (const u of units) {
    for (const id of names.flatMap((n) => identifiers(acc, u, n))) {
      if (id === decl.name) continue;
      const parent = id.parent;
      let ref: ts.Expression;
      if (ts.isPropertyAccessExpression(parent) && parent.name === id) {
        // `ns.BODY` through a namespace import
        const ns = unwrap(parent.expression);
        const m = ts.isIdentifier(ns) ? acc.bindings.resolve(u, ns) : undefined;
        if (m?.kind !== 'module' || !isDecl(acc.bindings.exportOf(m.file, id.text))) continue;
        ref = parent;
      } else {
        if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isPropertySignature(parent)) && parent.name === id) continue;
        if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent) || ts.isImportClause(parent) || ts.isBindingElement(parent)) continue;
        if (!isDecl(acc.bindings.resolve(u, id))) continue;
        ref = id;
      }
      let outer: ts.Node = ref;
      while (outer.parent && (ts.isParenthesizedExpression(outer.parent) || ts.isNonNullExpression(outer.parent) || ts.isAsExpression(outer.parent) || ts.isSatisfiesExpression(outer.parent))) outer = outer.parent;
      // a reference's object is read through `.value`
      if (throughValue && outer.parent && ts.isPropertyAccessExpression(outer.parent) && outer.parent.expression === outer && outer.parent.name.text === 'value') outer = outer.parent;
      const use = outer.parent;
      if (!use) continue;
      // `body = other`: the keys assigned to it may be another object's
      if ((ts.isBinaryExpression(use) && use.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && use.operatorToken.kind <= ts.SyntaxKind.LastAssignment && use.left === outer) || ts.isPrefixUnaryExpression(use) || ts.isPostfixUnaryExpression(use)) out.reassigned = true;
      if ((ts.isPropertyAccessExpression(use) || ts.isElementAccessExpression(use)) && use.expression === outer) {
        let key: string | undefined;
        let plain = true;
        let keyNode: ts.Expression;
        if (ts.isPropertyAccessExpression(use)) {
          if (!ts.isIdentifier(use.name)) continue;
          key = use.name.text;
          keyNode = use.name;
        } else {
          keyNode = use.argumentExpression;
          if (ts.isStringLiteralLike(keyNode)) key = keyNode.text;
          else {
            const pieces = acc.ev.pieces(u, keyNode);
            if (pieces.length && pieces.every((x) => x.t === 'lit')) key = pieces.map((x) => (x as LitPiece).text).join('');
            plain = false;
          }
        }
        if (key === undefined) continue;
        let target: ts.Node = use;
        while (target.parent && ts.isParenthesizedExpression(target.parent)) target = target.parent;
        const assign = target.parent;
        if (assign && ts.isBinaryExpression(assign) && assign.operatorToken.kind === ts.SyntaxKind.EqualsToken && assign.left === target)
          out.writes.push({ unit: u, key, plain, nameNode: keyNode, value: assign.right, assignment: assign });
        else out.reads.push({ unit: u, key, nameNode: keyNode, shown: use.getText(u.sf) });
      } else if (ts.isVariableDeclaration(use) && use.initializer === outer && ts.isObjectBindingPattern(use.name)) {
        for (const el of use.name.elements) {
          const key = el.dotDotDotToken ? undefined : el.propertyName ? propName(el.propertyName) : ts.isIdentifier(el.name) ? el.name.text : undefined;
          if (key !== undefined) out.reads.push({ unit: u, key, nameNode: el.propertyName ?? el.name, shown: `{ ${key} } = ${outer.getText(u.sf)}` });
        }
      } else if (ts.isBinaryExpression(use) && use.operatorToken.kind === ts.SyntaxKind.EqualsToken && use.right === outer && ts.isObjectLiteralExpression(use.left)) {
        for (const p of use.left.properties) {
          const key = p.name ? propName(p.name) : undefined;
          if (key !== undefined && p.name) out.reads.push({ unit: u, key, nameNode: p.name, shown: `{ ${key} } = ${outer.getText(u.sf)}` });
        }
      }
    }
  }
  templateReads(acc, unit, decl.name, throughValue, out.reads);
  return out;
}

/** The functions of the frameworks that hold an object as reactive state, read by its keys (`ref`'s through `.value`). */
const STATE_WRAPPERS = new Set(['reactive', 'shallowReactive', 'ref', 'shallowRef', 'readonly', '$state', 'observable']);

/**
 * The keys a component's markup reads from a variable of its script (`v-model="form.preferred_date"`,
 * `{form.courier_id}`, `bind:value={form.courier_id}`): the text of the file outside its script parts.
 */
function templateReads(acc: AnalysisState, unit: Unit, name: ts.Identifier, throughValue: boolean, reads: KeyRead[]): void {
  const markup = markupOf(unit, acc.store.get(unit.file));
  if (!markup) return;
  const re = new RegExp(`(?<![\\w$.])${name.text.replace(/\$/g, '\\$')}${throughValue ? '(?:\\.value)?' : ''}\\s*(?:\\?\\.|\\.)\\s*([A-Za-z_$][\\w$]*)`, 'g');
  for (const m of markup.matchAll(re)) {
    reads.push({ unit, key: m[1], nameNode: name, shown: m[0].replace(/\s+/g, ''), where: 'in the markup' });
  }
}

/** The identifiers of a unit with this name. */
export function identifiers(acc: AnalysisState, unit: Unit, name: string): ts.Identifier[] {
  let index = acc.idIndex.get(unit);
  if (!index) {
    const built = new Map<string, ts.Identifier[]>();
    const visit = (n: ts.Node): void => {
      if (ts.isIdentifier(n)) {
        const list = built.get(n.text);
        if (list) list.push(n);
        else built.set(n.text, [n]);
      }
      ts.forEachChild(n, visit);
    };
    visit(unit.sf);
    acc.idIndex.set(unit, (index = built));
  }
  return index.get(name) ?? [];
}
