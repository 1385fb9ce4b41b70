// The keys written to and read from the variable a body object is held in, in its module and in
// the modules that import it (`body.courier_id = id`, `return rec.courier_id`).

import ts from '../../core/ts.cjs';
import { type Decl, propName } from '../bindings.js';
import { knownText, unwrap } from '../evaluate.js';
import type { AnalysisState, Handed, KeyRead, Written } from '../state.js';
import { markupOf, type Unit } from '../units.js';
import { builderHanded, handedTo, mappingCall, parses } from './body-handed.js';
import { identifiers } from './identifiers.js';

/**
 * The keys assigned to the variable an object literal is held in (`const body = {}; body.k = v`)
 * and read from it (`body.k`, `body['k']`, `const { k } = body`), wherever the variable is seen
 * (an exported constant: in every module that imports it). An object not held in a variable: none.
 */
export function refsOf(acc: AnalysisState, unit: Unit, node: ts.ObjectLiteralExpression): { writes: Written[]; reads: KeyRead[]; handed: Handed[]; reassigned?: boolean } {
  const memo = acc.refsMemo.get(node);
  if (memo) return memo;
  const out: { writes: Written[]; reads: KeyRead[]; handed: Handed[]; reassigned?: boolean } = { writes: [], reads: [], handed: [] };
  acc.refsMemo.set(node, out);
  let top: ts.Node = node;
  const climb = () => {
    while (top.parent && (ts.isParenthesizedExpression(top.parent) || ts.isAsExpression(top.parent) || ts.isSatisfiesExpression(top.parent) || ts.isTypeAssertionExpression(top.parent))) top = top.parent;
  };
  climb();
  // held in a framework's state (`reactive({ … })`, `ref({ … })`, read as `form.value.key`)
  const state = stateHolder(unit, top);
  const throughValue = !!state?.throughValue;
  if (state) {
    top = state.call;
    climb();
  }
  // an object nested in the one held in the variable (`{ shipments: [entry] }`): the steps down to
  // it, outermost first (a key, or `[]` for an array's element), read as `batch.shipments[0].key`
  const steps: string[] = [];
  if (!state)
    while (top.parent && steps.length < 4) {
      const p = top.parent;
      // (an object a `.map(cb)` callback returns is an element of the array the call makes)
      const mapped = mappingCall(top);
      if (mapped) {
        steps.unshift('[]');
        top = mapped;
        climb();
        continue;
      }
      if (ts.isArrayLiteralExpression(p)) steps.unshift('[]');
      else if (ts.isPropertyAssignment(p) && p.initializer === top && ts.isObjectLiteralExpression(p.parent) && propName(p.name) !== undefined) {
        steps.unshift(propName(p.name)!);
        top = p;
      } else break;
      top = top.parent!;
      climb();
    }
  const decl = top.parent;
  // a Vue component's state (`data() { return { form: { … } } }`), read as `this.form.key` in its
  // script and as `form.key` in its template
  if (steps.length && isComponentData(top)) {
    componentReads(acc, unit, top, steps, out.reads);
    return out;
  }
  if (!decl || !ts.isVariableDeclaration(decl) || decl.initializer !== top || !ts.isIdentifier(decl.name)) {
    // an object a builder returns (`const toEntry = (row) => ({ … })`): where the builder's objects are
    // handed, and what is read of them and where they are handed on where a call's result is kept
    // (`const entry = toEntry(order); entry.courier_id`, `audit.record(entry)`)
    for (const kept of builderHanded(acc, unit, top, out.handed)) {
      const refs = { writes: [], reads: [], handed: [] };
      keyRefs(acc, kept.unit, kept.decl, steps, false, refs);
      out.reads.push(...refs.reads);
      out.writes.push(...refs.writes);
      out.handed.push(...refs.handed);
    }
    // an object given to the project's own function (`createLabels({ shipments })`): the schemas it checks it with there
    if (decl && ts.isCallExpression(decl) && decl.arguments.includes(top as ts.Expression)) out.handed.push(...handedTo(acc, unit, top).filter(parses));
    return out;
  }
  keyRefs(acc, unit, decl as ts.VariableDeclaration & { name: ts.Identifier }, steps, throughValue, out);
  return out;
}

/**
 * The keys written to and read from a variable holding the body (`steps` down to it: see refsOf),
 * in its module, and where it is a module's constant, in every module naming it; the calls it is
 * handed to.
 */
function keyRefs(acc: AnalysisState, unit: Unit, decl: ts.VariableDeclaration & { name: ts.Identifier }, steps: string[], throughValue: boolean, out: { writes: Written[]; reads: KeyRead[]; handed: Handed[]; reassigned?: boolean }): void {
  const name = decl.name.text;
  // a module-level constant (or a namespace's) may be exported (and read in any module); a local one is seen in its file only
  const moduleLevel = ts.isVariableStatement(decl.parent.parent) && (ts.isSourceFile(decl.parent.parent.parent) || ts.isModuleBlock(decl.parent.parent.parent));
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
        // `ns.BODY` through a namespace import, `Drafts.BODY` of a TypeScript namespace
        const owner = acc.bindings.qualified(u, unwrap(parent.expression));
        if (!owner || !isDecl(acc.bindings.member(owner, id.text))) continue;
        ref = parent;
      } else {
        if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isPropertySignature(parent)) && parent.name === id) continue;
        if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent) || ts.isImportClause(parent) || ts.isBindingElement(parent)) continue;
        if (!isDecl(acc.bindings.resolve(u, id))) continue;
        ref = id;
      }
      let outer: ts.Node = ref;
      while (outer.parent && (ts.isParenthesizedExpression(outer.parent) || ts.isNonNullExpression(outer.parent) || ts.isAsExpression(outer.parent) || ts.isSatisfiesExpression(outer.parent))) outer = outer.parent;
      out.handed.push(...handedTo(acc, u, ref));
      if (steps.length) {
        nestedReads(u, outer, steps, out.reads);
        continue;
      }
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
            key = knownText(acc.ev.pieces(u, keyNode));
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
  if (!steps.length) templateReads(acc, unit, decl.name, throughValue, out.reads);
}

/**
 * Where a body object held in a variable is used by a key the check does not follow (undefined:
 * nowhere): the variable is handed out (returned by the function it is made in, as a composable or
 * a Pinia setup store returns `{ form, add, send }`, or exported) and another file names one of
 * these keys on it (`store.form.shipments.push(…)`, `v-model="labels.form.courier_id"`); or the
 * component's own markup changes a list in it (`@click="form.shipments.push(…)"`). Such a use is
 * not edited with the body, so the request cannot move without it.
 */
export function usedElsewhere(acc: AnalysisState, unit: Unit, node: ts.ObjectLiteralExpression, keys: Set<string>, lists: Set<string>): string | undefined {
  if (!keys.size && !lists.size) return undefined;
  let top: ts.Node = node;
  while (top.parent && (ts.isParenthesizedExpression(top.parent) || ts.isAsExpression(top.parent) || ts.isSatisfiesExpression(top.parent))) top = top.parent;
  const state = stateHolder(unit, top);
  let holder: ts.Node = state?.call ?? top;
  while (holder.parent && (ts.isParenthesizedExpression(holder.parent) || ts.isAsExpression(holder.parent) || ts.isSatisfiesExpression(holder.parent))) holder = holder.parent;
  const decl = holder.parent;
  if (!decl || !ts.isVariableDeclaration(decl) || decl.initializer !== holder || !ts.isIdentifier(decl.name)) return undefined;
  const name = decl.name.text;
  const use = new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?:\\s*\\??\\.\\s*value)?\\s*\\??\\.\\s*([A-Za-z_$][\\w$]*)(\\s*\\??\\.\\s*[A-Za-z_$][\\w$]*)?`, 'g');
  const hit = (text: string, lists: Set<string>): string | undefined => {
    for (const m of text.matchAll(use)) if (keys.has(m[1]) || (lists.has(m[1]) && !/^\s*\??\.\s*length$/.test(m[2] ?? ''))) return m[0].replace(/\s+/g, '');
    return undefined;
  };
  // (a list changed in the markup: a key read there is already a read, see templateReads)
  const markup = markupOf(unit, acc.store.get(unit.file));
  const inMarkup = markup && hit(markup, lists);
  if (inMarkup) return `\`${name}\`, which the component's markup changes (\`${inMarkup}\`) where \`--fix\` does not edit`;
  const out = handedOut(acc, unit, decl);
  if (!out) return undefined;
  // (the files calling the function it is returned by are looked at wherever they are: --cache ties them)
  if (out !== true) acc.callsLookedUp.set(out, (acc.callsLookedUp.get(out) ?? new Set()).add(unit.file));
  const seen = new Set<string>([unit.file]);
  for (const u of acc.store.all()) {
    if (seen.has(u.file)) continue;
    seen.add(u.file);
    if (!u.fileText.includes(name) || !reaches(acc, u, unit.file, out)) continue;
    const found = hit(u.fileText, new Set([...keys, ...lists]));
    if (found) return `\`${name}\`, which is handed out of its module (${out === true ? 'exported' : `returned by \`${out}\``}) and used by a key that changes in ${u.file.split(/[\\/]/).pop()} (\`${found}\`) where the check does not follow it`;
  }
  return undefined;
}

/** Can this file reach a variable handed out of `file`: it imports that module, or calls the function that returns it (`useLabels()`, also auto-imported)? */
function reaches(acc: AnalysisState, u: Unit, file: string, out: true | string): boolean {
  if (out !== true && new RegExp(`(?<![\\w$.])${out.replace(/\$/g, '\\$')}\\s*\\(`).test(u.fileText)) return true;
  return acc.store.imports(u.file, file, u.fileText);
}

/**
 * How a variable is handed out of its module: exported (`true`), or returned by the function it is
 * declared in (`return form`, `return { form, send }`), named as that function is called (the
 * function's name, or the variable's it is given to: `useLabels = defineStore('labels', () => …)`).
 */
function handedOut(acc: AnalysisState, unit: Unit, decl: ts.VariableDeclaration): true | string | undefined {
  const stmt = decl.parent?.parent;
  if (stmt && ts.isVariableStatement(stmt) && stmt.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return true;
  const name = (decl.name as ts.Identifier).text;
  for (const id of identifiers(acc, unit, name)) {
    if (id === decl.name) continue;
    let at: ts.Node = id;
    if (ts.isExportSpecifier(at.parent)) return true;
    if (ts.isShorthandPropertyAssignment(at.parent) || (ts.isPropertyAssignment(at.parent) && at.parent.initializer === at)) {
      at = at.parent.parent;
      while (at.parent && (ts.isParenthesizedExpression(at.parent) || ts.isAsExpression(at.parent) || ts.isSatisfiesExpression(at.parent))) at = at.parent;
    }
    const p = at.parent;
    if (!p || !(ts.isReturnStatement(p) || (ts.isArrowFunction(p) && p.body === at))) continue;
    const d = acc.bindings.resolve(unit, id);
    if (d?.kind !== 'var' || d.node !== decl) continue;
    // the function handing it out, and the name it is called by
    const fn = ts.isReturnStatement(p) ? ts.findAncestor(p, ts.isFunctionLike) : p;
    const holder = fn && ts.findAncestor(fn, (n) => (ts.isFunctionDeclaration(n) && !!n.name) || (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name)) || (ts.isMethodDeclaration(n) && ts.isIdentifier(n.name)));
    const called = holder && (holder as ts.FunctionDeclaration | ts.VariableDeclaration | ts.MethodDeclaration).name;
    // (a function with no name the check can call it by: any module may reach it)
    return called && ts.isIdentifier(called) ? called.text : true;
  }
  return undefined;
}

/** Is this the object a component's `data()` returns (`data() { return { … } }`, `data: () => ({ … })`)? */
function isComponentData(top: ts.Node): boolean {
  const p = top.parent;
  const fn = p && ts.isReturnStatement(p) ? ts.findAncestor(p, ts.isFunctionLike) : p && ts.isArrowFunction(p) && p.body === top ? p : undefined;
  if (!fn) return false;
  const named = ts.isMethodDeclaration(fn) ? fn.name : fn.parent && ts.isPropertyAssignment(fn.parent) ? fn.parent.name : undefined;
  return !!named && ts.isIdentifier(named) && named.text === 'data' && !!fn.parent && ts.isObjectLiteralExpression(ts.isPropertyAssignment(fn.parent) ? fn.parent.parent : fn.parent);
}

/** The keys read from a component's state (`steps[0]` a key of what `data()` returns): `this.form.key` in the unit, `form.key` in the markup. */
function componentReads(acc: AnalysisState, unit: Unit, data: ts.Node, steps: string[], reads: KeyRead[]): void {
  data = unwrap(data as ts.Expression);
  const visit = (n: ts.Node): void => {
    if (ts.isPropertyAccessExpression(n) && n.expression.kind === ts.SyntaxKind.ThisKeyword && n.name.text === steps[0]) nestedReads(unit, n, steps.slice(1), reads);
    ts.forEachChild(n, visit);
  };
  visit(unit.sf);
  // (the markup names the key itself: `v-model="form.courier_id"`)
  const key = steps.length === 1 && ts.isObjectLiteralExpression(data) ? data.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === steps[0])?.name : undefined;
  if (key && ts.isIdentifier(key)) templateReads(acc, unit, key, false, reads);
}

/**
 * The keys read from an object nested in a variable's (`steps` from the variable down to it): at
 * the end of an access chain that follows the steps (`batch.shipments[0].courier_id`), or, where
 * the last step is an array's element, from the parameter of a callback given to one of its
 * methods (`batch.shipments.map((s) => s.courier_id)`). Any other use is no read.
 */
function nestedReads(u: Unit, at: ts.Node, steps: string[], reads: KeyRead[]): void {
  const up = (n: ts.Node): ts.Node => {
    while (n.parent && (ts.isParenthesizedExpression(n.parent) || ts.isNonNullExpression(n.parent))) n = n.parent;
    return n;
  };
  for (let i = 0; i < steps.length; i++) {
    at = up(at);
    const p = at.parent;
    if (!p) return;
    if (steps[i] === '[]' && ts.isElementAccessExpression(p) && p.expression === at) at = p;
    else if (steps[i] === '[]' && i === steps.length - 1 && ts.isPropertyAccessExpression(p) && p.expression === at && ELEMENT_METHODS.has(p.name.text)) {
      const call = p.parent;
      const arg = call && ts.isCallExpression(call) && call.expression === p ? call.arguments[0] : undefined;
      const fn = arg && (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) ? arg : undefined;
      const param = fn?.parameters[0]?.name;
      if (fn && param) elementReads(u, param, fn.body, reads);
      return;
    } else if (steps[i] === '[]' && i === steps.length - 1 && ts.isForOfStatement(p) && p.expression === at) {
      // `for (const s of shipments) … s.courier_id`, `for (const { courier_id } of shipments)`
      const d = ts.isVariableDeclarationList(p.initializer) ? p.initializer.declarations[0] : undefined;
      if (d) elementReads(u, d.name, p.statement, reads);
      return;
    } else if (steps[i] === '[]' && i === steps.length - 1 && ts.isVariableDeclaration(p) && p.initializer === at && ts.isArrayBindingPattern(p.name)) {
      // `const [{ courier_id: first }] = shipments`
      for (const el of p.name.elements) if (ts.isBindingElement(el) && !el.dotDotDotToken && ts.isObjectBindingPattern(el.name)) elementReads(u, el.name, undefined, reads, (k) => `[{ ${k} }] = ${at.getText(u.sf)}`);
      return;
    } else if (steps[i] !== '[]' && (ts.isPropertyAccessExpression(p) || ts.isElementAccessExpression(p)) && p.expression === at) {
      const key = ts.isPropertyAccessExpression(p) ? p.name.text : ts.isStringLiteralLike(p.argumentExpression) ? p.argumentExpression.text : undefined;
      if (key !== steps[i]) return;
      at = p;
    } else return;
  }
  at = up(at);
  const use = at.parent;
  if (use && ts.isPropertyAccessExpression(use) && use.expression === at && ts.isIdentifier(use.name)) reads.push({ unit: u, key: use.name.text, nameNode: use.name, shown: use.getText(u.sf) });
  else if (use && ts.isElementAccessExpression(use) && use.expression === at && ts.isStringLiteralLike(use.argumentExpression))
    reads.push({ unit: u, key: use.argumentExpression.text, nameNode: use.argumentExpression, shown: use.getText(u.sf) });
}
/**
 * The keys read from an array's element bound to a name (`s` in `(s) => s.courier_id`, read in
 * `body`) or to an object pattern (`({ courier_id }) => …`, `const [{ courier_id }] = list`).
 */
function elementReads(u: Unit, name: ts.BindingName, body: ts.Node | undefined, reads: KeyRead[], shown = (k: string) => `{ ${k} }`): void {
  if (ts.isObjectBindingPattern(name)) {
    for (const el of name.elements) {
      const key = el.dotDotDotToken ? undefined : el.propertyName ? propName(el.propertyName) : ts.isIdentifier(el.name) ? el.name.text : undefined;
      if (key !== undefined) reads.push({ unit: u, key, nameNode: el.propertyName ?? el.name, shown: shown(key) });
    }
    return;
  }
  if (!ts.isIdentifier(name) || !body) return;
  const visit = (n: ts.Node): void => {
    if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === name.text && ts.isIdentifier(n.name))
      reads.push({ unit: u, key: n.name.text, nameNode: n.name, shown: n.getText(u.sf) });
    ts.forEachChild(n, visit);
  };
  visit(body);
}

const ELEMENT_METHODS = new Set(['map', 'forEach', 'filter', 'find', 'some', 'every', 'flatMap', 'findIndex']);

/** The functions of the frameworks that hold an object as reactive state, read by its keys (`ref`'s through `.value`). */
const STATE_WRAPPERS = new Set(['reactive', 'shallowReactive', 'ref', 'shallowRef', 'readonly', '$state', '$state.raw', 'observable']);

/**
 * The framework's state call an object (`top`, its parentheses and casts climbed) is given to:
 * `reactive({ … })`, Svelte's `$state({ … })` (a proxy of the object, used by its keys) or
 * `ref({ … })` (used through `.value`, `throughValue`). Undefined: none.
 */
export function stateHolder(unit: Unit, top: ts.Node): { call: ts.CallExpression; throughValue: boolean } | undefined {
  const call = top.parent;
  if (!call || !ts.isCallExpression(call) || call.arguments[0] !== top) return undefined;
  const name = call.expression.getText(unit.sf);
  return STATE_WRAPPERS.has(name) ? { call, throughValue: name === 'ref' || name === 'shallowRef' } : undefined;
}

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
