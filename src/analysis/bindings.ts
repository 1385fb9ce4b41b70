// What a name stands for: a walk of the scopes around an identifier, then across imports,
// re-exports, default exports, CommonJS exports and require() to the declaration.

import ts from '../core/ts.cjs';
import type { Unit, UnitStore } from './units.js';

export type Decl =
  | { kind: 'var'; unit: Unit; node: ts.VariableDeclaration; name: ts.Identifier; init?: ts.Expression }
  | { kind: 'func'; unit: Unit; node: ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression | ts.MethodDeclaration }
  | { kind: 'param'; unit: Unit; node: ts.ParameterDeclaration; fn: ts.SignatureDeclaration; index: number }
  | { kind: 'binding'; unit: Unit; node: ts.BindingElement; name: ts.Identifier; from?: ts.Expression; prop: string }
  | { kind: 'expr'; unit: Unit; expr: ts.Expression; label: string }
  | { kind: 'type'; unit: Unit; node: ts.InterfaceDeclaration | ts.TypeAliasDeclaration }
  | { kind: 'class'; unit: Unit; node: ts.ClassDeclaration }
  | { kind: 'enum'; unit: Unit; node: ts.EnumDeclaration }
  /** a TypeScript `namespace X { … }` (or `module X { … }`): its exported members are read as `X.NAME` */
  | { kind: 'namespace'; unit: Unit; node: ts.ModuleDeclaration }
  | { kind: 'module'; unit: Unit; file: string };

const hasModifier = (n: ts.Node, k: ts.SyntaxKind) =>
  ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === k);

export class Bindings {
  /** what a scope's own statements declare under a name (null: nothing), looked up once */
  private readonly byScope = new WeakMap<ts.Node, Map<string, Decl | null>>();

  constructor(private readonly store: UnitStore) {}

  /** what an identifier was found to stand for (null: nothing): the checks ask of one name 4-5 times */
  private readonly resolved = new WeakMap<ts.Identifier, Decl | null>();

  /** The declaration an identifier refers to, following imports. */
  resolve(unit: Unit, id: ts.Identifier, depth = 0): Decl | undefined {
    if (depth > 0) return this.lookUp(unit, id, depth);
    const known = this.resolved.get(id);
    if (known !== undefined) return known ?? undefined;
    const found = this.lookUp(unit, id, depth);
    this.resolved.set(id, found ?? null);
    return found;
  }

  private lookUp(unit: Unit, id: ts.Identifier, depth: number): Decl | undefined {
    const name = id.text;
    let node: ts.Node | undefined = id.parent;
    while (node) {
      // (in a namespace, what another of its merged declarations exports is in scope too)
      const hit = this.declaredIn(unit, node, name, id, depth) ?? (ts.isModuleBlock(node) && isNamespace(node.parent) ? this.member({ kind: 'namespace', unit, node: node.parent }, name, depth + 1) : undefined);
      if (hit) return hit;
      node = node.parent;
    }
    // the script parts of one component share a scope (Vue script + script setup, Svelte module + instance)
    for (const other of this.store.get(unit.file)) {
      if (other === unit) continue;
      const hit = this.topLevel(other, name, depth);
      if (hit) return hit;
    }
    return undefined;
  }

  private declaredIn(unit: Unit, scope: ts.Node, name: string, from: ts.Node, depth: number): Decl | undefined {
    if (ts.isFunctionLike(scope)) {
      const params = (scope as ts.SignatureDeclaration).parameters ?? [];
      for (let i = 0; i < params.length; i++) {
        const p = params[i];
        if (ts.isIdentifier(p.name) && p.name.text === name) return { kind: 'param', unit, node: p, fn: scope as ts.SignatureDeclaration, index: i };
        if (!ts.isIdentifier(p.name)) {
          const b = findBinding(p.name, name);
          if (b) return { kind: 'binding', unit, node: b.el, name: b.id, prop: b.prop };
        }
      }
      if ((ts.isFunctionExpression(scope) || ts.isFunctionDeclaration(scope)) && scope.name?.text === name && scope.body && isInside(from, scope.body))
        return { kind: 'func', unit, node: scope };
    }
    if (ts.isCatchClause(scope) && scope.variableDeclaration && ts.isIdentifier(scope.variableDeclaration.name) && scope.variableDeclaration.name.text === name)
      return { kind: 'expr', unit, expr: scope.variableDeclaration.name, label: name };
    if ((ts.isForOfStatement(scope) || ts.isForInStatement(scope) || ts.isForStatement(scope)) && scope.initializer && ts.isVariableDeclarationList(scope.initializer)) {
      for (const d of scope.initializer.declarations) if (ts.isIdentifier(d.name) && d.name.text === name) return ts.isForStatement(scope) ? { kind: 'var', unit, node: d, name: d.name, init: d.initializer } : { kind: 'expr', unit, expr: d.name, label: name };
    }
    const statements = ts.isSourceFile(scope) || ts.isBlock(scope) || ts.isModuleBlock(scope) || ts.isCaseClause(scope) || ts.isDefaultClause(scope) ? scope.statements : undefined;
    if (!statements) return undefined;
    // the same names (fetch, axios, a module's constants) are looked up from many places
    if (depth > 0) return this.declaredAmong(unit, statements, name, depth);
    let known = this.byScope.get(scope);
    if (!known) this.byScope.set(scope, (known = new Map()));
    const seen = known.get(name);
    if (seen !== undefined) return seen ?? undefined;
    const hit = this.declaredAmong(unit, statements, name, depth);
    known.set(name, hit ?? null);
    return hit;
  }

  /** The statements among these that may declare the name (declaredBy answers for them alone), in order. */
  private declaredAmong(unit: Unit, statements: ts.NodeArray<ts.Statement>, name: string, depth: number): Decl | undefined {
    for (const st of namedBy(statements).get(name) ?? []) {
      const hit = this.declaredBy(unit, st, name, depth);
      if (hit) return hit;
    }
    return undefined;
  }

  /** A declaration of `name` made by one statement of a scope. */
  private declaredBy(unit: Unit, st: ts.Statement, name: string, depth: number): Decl | undefined {
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        if (ts.isIdentifier(d.name)) {
          if (d.name.text === name) return this.varDecl(unit, d as ts.VariableDeclaration & { name: ts.Identifier }, depth);
        } else {
          const b = findBinding(d.name, name);
          if (b) {
            const req = d.initializer && requireSpec(d.initializer);
            if (req !== undefined) {
              const target = this.store.resolve(unit.file, req);
              return target ? this.exportOf(target, b.prop, depth + 1) : undefined;
            }
            return { kind: 'binding', unit, node: b.el, name: b.id, from: d.initializer, prop: b.prop };
          }
        }
      }
    } else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name?.text === name) {
      return ts.isFunctionDeclaration(st) ? { kind: 'func', unit, node: st } : { kind: 'class', unit, node: st };
    } else if ((ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) && st.name.text === name) {
      return { kind: 'type', unit, node: st };
    } else if (ts.isEnumDeclaration(st) && st.name.text === name) {
      return { kind: 'enum', unit, node: st };
    } else if (isNamespace(st) && st.name.text === name) {
      return { kind: 'namespace', unit, node: st };
    } else if (ts.isImportDeclaration(st) && st.importClause && ts.isStringLiteral(st.moduleSpecifier)) {
      const clause = st.importClause;
      const spec = st.moduleSpecifier.text;
      let imported: string | undefined;
      let namespace = false;
      // the name as the import writes it (a package's export is known by nothing else)
      let local: ts.Identifier | undefined;
      if (clause.name?.text === name) (imported = 'default'), (local = clause.name);
      const nb = clause.namedBindings;
      if (nb && ts.isNamespaceImport(nb) && nb.name.text === name) (namespace = true), (local = nb.name);
      if (nb && ts.isNamedImports(nb))
        for (const el of nb.elements) if (el.name.text === name) (imported = (el.propertyName ?? el.name).text), (local = el.name);
      if (!imported && !namespace) return undefined;
      const target = this.store.resolve(unit.file, spec);
      if (!target) return { kind: 'expr', unit, expr: local!, label: `${spec}` };
      if (namespace) return { kind: 'module', unit, file: target };
      return this.exportOf(target, imported!, depth + 1);
    } else if (ts.isImportEqualsDeclaration(st) && st.name.text === name && ts.isExternalModuleReference(st.moduleReference) && ts.isStringLiteral(st.moduleReference.expression)) {
      const target = this.store.resolve(unit.file, st.moduleReference.expression.text);
      return target ? { kind: 'module', unit, file: target } : undefined;
    }
    return undefined;
  }

  private varDecl(unit: Unit, d: ts.VariableDeclaration & { name: ts.Identifier }, depth: number): Decl {
    const req = d.initializer && requireSpec(d.initializer);
    if (req !== undefined) {
      const target = this.store.resolve(unit.file, req);
      if (target) return { kind: 'module', unit, file: target };
    }
    // `const http = require('./http').http`: the export, as `const { http } = require('./http')` reads it
    const init = d.initializer && unwrapParens(d.initializer);
    const reqProp = init && ts.isPropertyAccessExpression(init) ? requireSpec(unwrapParens(init.expression)) : undefined;
    if (reqProp !== undefined) {
      const target = this.store.resolve(unit.file, reqProp);
      const hit = target && this.exportOf(target, (init as ts.PropertyAccessExpression).name.text, depth + 1);
      if (hit) return hit;
    }
    return { kind: 'var', unit, node: d, name: d.name, init: d.initializer };
  }

  /**
   * What a qualified name stands for (`Shipping.Pickup.CREATE`, `api.PATH` through `import * as api`):
   * a name, then each member of a namespace or module in turn; undefined where a step is no such member.
   */
  qualified(unit: Unit, e: ts.Expression, depth = 0): Decl | undefined {
    e = unwrapParens(e);
    if (ts.isIdentifier(e)) return this.resolve(unit, e);
    if (!ts.isPropertyAccessExpression(e) || !ts.isIdentifier(e.name) || depth > 8) return undefined;
    const owner = this.qualified(unit, e.expression, depth + 1);
    return owner && this.member(owner, e.name.text, depth + 1);
  }

  /**
   * A member of a namespace (what its declarations, merged, export under the name: a constant, a
   * function, a nested namespace), of a function, class or enum a namespace merges with, or of a
   * module imported whole. Undefined for anything else (an object's property is a value's, not a name's).
   */
  member(owner: Decl, name: string, depth = 0): Decl | undefined {
    if (owner.kind === 'module') return this.exportOf(owner.file, name, depth + 1);
    if (owner.kind !== 'namespace' && owner.kind !== 'func' && owner.kind !== 'class' && owner.kind !== 'enum') return undefined;
    const node = owner.node;
    const named = ts.isModuleDeclaration(node) || ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isEnumDeclaration(node) ? node.name : undefined;
    const scope = node.parent;
    if (!named || !ts.isIdentifier(named) || !scope) return undefined;
    // the namespace's declarations, merged: those of its name in its scope (`namespace Api.Pickup {}`'s `Pickup`: itself)
    const merged = ts.isSourceFile(scope) || ts.isModuleBlock(scope) ? scope.statements : isNamespace(node) && ts.isModuleDeclaration(scope) ? [node] : [];
    for (const st of merged) {
      if (!isNamespace(st) || st.name.text !== named.text) continue;
      const body = st.body;
      // `namespace Shipping.Pickup { … }`: the inner one is the member
      if (body && isNamespace(body)) {
        if (body.name.text === name) return { kind: 'namespace', unit: owner.unit, node: body };
        continue;
      }
      if (!body || !ts.isModuleBlock(body)) continue;
      for (const inner of body.statements) {
        if (!hasModifier(inner, ts.SyntaxKind.ExportKeyword)) continue;
        const hit = this.declaredBy(owner.unit, inner, name, depth + 1);
        if (hit) return hit;
      }
    }
    return undefined;
  }

  /** What a module exports under a name ('default' for the default export). */
  exportOf(file: string, name: string, depth = 0): Decl | undefined {
    if (depth > 8) return undefined;
    for (const unit of this.store.get(file)) {
      const hit = this.exportIn(unit, name, depth);
      if (hit) return hit;
    }
    return undefined;
  }

  /** What `require()` of a module gives where it assigns `module.exports = value` (its last such assignment). */
  requiredValue(file: string): Decl | undefined {
    let hit: Decl | undefined;
    for (const unit of this.store.get(file))
      for (const st of unit.sf.statements) {
        if (!ts.isExpressionStatement(st) || !ts.isBinaryExpression(st.expression) || st.expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
        const { left, right } = st.expression;
        if (ts.isPropertyAccessExpression(left) && left.getText(unit.sf) === 'module.exports') hit = this.exprDecl(unit, right, 'default', 1);
      }
    // TypeScript's `export = value`
    for (const unit of this.store.get(file)) for (const st of unit.sf.statements) if (ts.isExportAssignment(st) && st.isExportEquals) hit = this.exprDecl(unit, st.expression, 'default', 1);
    return hit;
  }

  /**
   * The class a name stands for: a class declaration, or a module `require`d whose `module.exports`
   * is one (`const Client = require('./Client')` with `module.exports = Client` there).
   */
  classOf(d: Decl | undefined): Extract<Decl, { kind: 'class' }> | undefined {
    const c = d?.kind === 'module' ? this.requiredValue(d.file) : d;
    return c?.kind === 'class' ? c : undefined;
  }

  /**
   * What a module's own CommonJS exports hold, read in the module itself (`exports.createLabel(…)`,
   * `module.exports.createLabel(…)`), where `exports` or `module` is no name it declares.
   */
  ownExport(unit: Unit, e: ts.Expression): Decl | undefined {
    const name = commonJsExport(e);
    if (name === undefined) return undefined;
    let root: ts.Expression = unwrapParens((e as ts.PropertyAccessExpression).expression);
    if (ts.isPropertyAccessExpression(root)) root = root.expression;
    return ts.isIdentifier(root) && !this.resolve(unit, root) ? this.exportOf(unit.file, name) : undefined;
  }

  private topLevel(unit: Unit, name: string, depth: number): Decl | undefined {
    return this.declaredAmong(unit, unit.sf.statements, name, depth);
  }

  private exportIn(unit: Unit, name: string, depth: number): Decl | undefined {
    const sf = unit.sf;
    const stars: string[] = [];
    for (const st of sf.statements) {
      const exported = hasModifier(st, ts.SyntaxKind.ExportKeyword);
      const isDefault = hasModifier(st, ts.SyntaxKind.DefaultKeyword);
      if (exported && ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) {
            if (d.name.text === name) return this.varDecl(unit, d as ts.VariableDeclaration & { name: ts.Identifier }, depth);
            // `export const { useSchedulePickupMutation } = api`: the binding, as the module itself reads it
          } else if (findBinding(d.name, name)) return this.declaredBy(unit, st, name, depth);
        }
      } else if (exported && (ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isEnumDeclaration(st))) {
        if ((isDefault && name === 'default') || st.name?.text === name) return this.declaredBy(unit, st, st.name?.text ?? '', depth) ?? (ts.isFunctionDeclaration(st) ? { kind: 'func', unit, node: st } : undefined);
      } else if (exported && isNamespace(st) && st.name.text === name) {
        return { kind: 'namespace', unit, node: st };
      } else if (ts.isExportAssignment(st) && !st.isExportEquals && name === 'default') {
        return this.exprDecl(unit, st.expression, 'default', depth);
      } else if (ts.isExportAssignment(st) && st.isExportEquals) {
        // `export = paths` (an object, here or in a constant): its properties are what an import names
        let value: ts.Expression = unwrapParens(st.expression);
        if (ts.isIdentifier(value)) {
          const d = this.topLevel(unit, value.text, depth);
          if (d?.kind === 'var' && d.init && ts.isObjectLiteralExpression(unwrapParens(d.init))) value = unwrapParens(d.init);
        }
        if (ts.isObjectLiteralExpression(value))
          for (const p of value.properties) {
            if (ts.isShorthandPropertyAssignment(p) && p.name.text === name) return this.topLevel(unit, name, depth);
            if (ts.isPropertyAssignment(p) && propName(p.name) === name) return this.exprDecl(unit, p.initializer, name, depth);
          }
        if (name === 'default') return this.exprDecl(unit, st.expression, 'default', depth);
      } else if (ts.isExportDeclaration(st)) {
        const spec = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : undefined;
        if (!st.exportClause) {
          if (spec) stars.push(spec);
        } else if (ts.isNamedExports(st.exportClause)) {
          for (const el of st.exportClause.elements) {
            if (el.name.text !== name) continue;
            const local = (el.propertyName ?? el.name).text;
            if (spec) {
              const target = this.store.resolve(unit.file, spec);
              return target ? this.exportOf(target, local, depth + 1) : undefined;
            }
            return this.topLevel(unit, local, depth);
          }
        }
      } else if (ts.isExpressionStatement(st) && ts.isBinaryExpression(st.expression) && st.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
        const { left, right } = st.expression;
        const target = ts.isPropertyAccessExpression(left) ? left : undefined;
        if (!target) continue;
        const lhs = target.getText(sf);
        if (lhs === 'module.exports') {
          if (ts.isObjectLiteralExpression(right)) {
            for (const p of right.properties) {
              if (ts.isShorthandPropertyAssignment(p) && p.name.text === name) return this.topLevel(unit, name, depth);
              if (ts.isPropertyAssignment(p) && propName(p.name) === name) return this.exprDecl(unit, p.initializer, name, depth);
            }
          }
          if (name === 'default') return this.exprDecl(unit, right, 'default', depth);
        } else if ((lhs === `exports.${name}` || lhs === `module.exports.${name}`)) {
          return this.exprDecl(unit, right, name, depth);
        }
      }
    }
    for (const spec of stars) {
      const target = this.store.resolve(unit.file, spec);
      const hit = target ? this.exportOf(target, name, depth + 1) : undefined;
      if (hit) return hit;
    }
    return undefined;
  }

  private exprDecl(unit: Unit, expr: ts.Expression, label: string, depth: number): Decl {
    if (ts.isIdentifier(expr)) return this.topLevel(unit, expr.text, depth) ?? { kind: 'expr', unit, expr, label };
    if (ts.isFunctionExpression(expr) || ts.isArrowFunction(expr)) return { kind: 'func', unit, node: expr };
    return { kind: 'expr', unit, expr, label };
  }
}

/**
 * Can another module read what a namespace exports: is it exported at each level up to its module
 * (`export namespace Api { export namespace Hook { … } }`, `export { Hook }`), or written in a
 * script, whose top-level names are global? A merged declaration counts as the namespace.
 */
export function namespaceVisible(ns: ts.ModuleDeclaration): boolean {
  let at: ts.ModuleDeclaration = ns;
  for (let guard = 0; guard < 32; guard++) {
    const scope = at.parent;
    // `namespace Api.Hook { … }`: `Hook` is a member of `Api`
    if (ts.isModuleDeclaration(scope)) {
      at = scope;
      continue;
    }
    if (!ts.isSourceFile(scope) && !ts.isModuleBlock(scope)) return true;
    const name = at.name.text;
    const exported = scope.statements.some((st) => {
      if (ts.isExportDeclaration(st)) return !!st.exportClause && ts.isNamedExports(st.exportClause) && st.exportClause.elements.some((el) => (el.propertyName ?? el.name).text === name);
      if (ts.isExportAssignment(st)) return ts.isIdentifier(st.expression) && st.expression.text === name;
      const declared = isNamespace(st) || ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isEnumDeclaration(st) ? st.name?.text : undefined;
      return declared === name && hasModifier(st, ts.SyntaxKind.ExportKeyword);
    });
    if (ts.isSourceFile(scope)) return exported || !ts.isExternalModule(scope);
    if (!exported) return false;
    at = scope.parent;
  }
  return true;
}

/** A TypeScript namespace (`namespace X {}`, `module X {}`), not an ambient module named by a string (`declare module 'axios'`) nor `declare global`. */
function isNamespace(n: ts.Node): n is ts.ModuleDeclaration & { name: ts.Identifier } {
  return ts.isModuleDeclaration(n) && ts.isIdentifier(n.name) && !(n.flags & ts.NodeFlags.GlobalAugmentation);
}

function isInside(n: ts.Node, container: ts.Node): boolean {
  return n.pos >= container.pos && n.end <= container.end;
}

export function propName(n: ts.PropertyName | ts.BindingName): string | undefined {
  if (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isNumericLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return n.text;
  if (ts.isPrivateIdentifier(n)) return undefined;
  return undefined;
}

/**
 * For a list of statements, each name a statement may declare (the names `declaredBy` can answer
 * for: variables and the names their patterns bind, functions, classes, types, enums, namespaces,
 * imports), with the statements naming it in order; made once per list. A look-up then asks only
 * those statements instead of going down the whole list for every name.
 */
const statementNames = new WeakMap<ts.NodeArray<ts.Statement>, Map<string, ts.Statement[]>>();

function namedBy(statements: ts.NodeArray<ts.Statement>): Map<string, ts.Statement[]> {
  let index = statementNames.get(statements);
  if (index) return index;
  const names = new Map<string, ts.Statement[]>();
  const add = (name: string, st: ts.Statement) => {
    const list = names.get(name);
    if (!list) names.set(name, [st]);
    else if (list[list.length - 1] !== st) list.push(st);
  };
  const bound = (pattern: ts.BindingName, st: ts.Statement): void => {
    if (ts.isIdentifier(pattern)) return add(pattern.text, st);
    for (const el of pattern.elements) if (!ts.isOmittedExpression(el)) bound(el.name, st);
  };
  for (const st of statements) {
    if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) bound(d.name, st);
    else if (ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) {
      if (st.name) add(st.name.text, st);
    } else if (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isEnumDeclaration(st) || isNamespace(st) || ts.isImportEqualsDeclaration(st)) add(st.name.text, st);
    else if (ts.isImportDeclaration(st) && st.importClause) {
      const clause = st.importClause;
      if (clause.name) add(clause.name.text, st);
      const nb = clause.namedBindings;
      if (nb && ts.isNamespaceImport(nb)) add(nb.name.text, st);
      if (nb && ts.isNamedImports(nb)) for (const el of nb.elements) add(el.name.text, st);
    }
  }
  statementNames.set(statements, (index = names));
  return index;
}

function findBinding(pattern: ts.BindingName, name: string): { el: ts.BindingElement; id: ts.Identifier; prop: string } | undefined {
  if (ts.isIdentifier(pattern)) return undefined;
  for (const el of pattern.elements) {
    if (ts.isOmittedExpression(el)) continue;
    if (ts.isIdentifier(el.name)) {
      if (el.name.text === name) {
        const prop = el.propertyName ? propName(el.propertyName) ?? name : name;
        return { el, id: el.name, prop };
      }
    } else {
      const inner = findBinding(el.name, name);
      if (inner) return inner;
    }
  }
  return undefined;
}

const unwrapParens = (e: ts.Expression): ts.Expression => (ts.isParenthesizedExpression(e) ? unwrapParens(e.expression) : e);

/** The name `exports.NAME` or `module.exports.NAME` exports under; undefined for any other expression. */
export function commonJsExport(e: ts.Expression): string | undefined {
  if (!ts.isPropertyAccessExpression(e) || !ts.isIdentifier(e.name)) return undefined;
  const owner = unwrapParens(e.expression);
  if (ts.isIdentifier(owner)) return owner.text === 'exports' ? e.name.text : undefined;
  const isModuleExports = ts.isPropertyAccessExpression(owner) && ts.isIdentifier(owner.expression) && owner.expression.text === 'module' && owner.name.text === 'exports';
  return isModuleExports ? e.name.text : undefined;
}

/** The module specifier of `require('x')`, or undefined. */
export function requireSpec(e: ts.Expression): string | undefined {
  if (ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'require' && e.arguments.length === 1 && ts.isStringLiteral(e.arguments[0]))
    return e.arguments[0].text;
  return undefined;
}
