// `axios.defaults.baseURL = …`: a base for the calls of axios itself, in the package that sets it.

import { existsSync } from 'node:fs';
import path from 'node:path';
import ts from '../../core/ts.cjs';
import { setsAxiosDefaults } from '../../core/axios-defaults.js';
import { type Decl, requireSpec } from '../bindings.js';
import { type Piece, unwrap } from '../evaluate.js';
import type { AnalysisState } from '../state.js';
import type { Unit } from '../units.js';

/** A name bound to the axios package: `import axios from 'axios'`, `require('axios')`, or unbound `axios`. */
export function isAxiosDecl(id: ts.Identifier, decl: Decl | undefined): boolean {
  if (!decl) return id.text === 'axios';
  if (decl.kind === 'expr') return decl.label === 'axios';
  return decl.kind === 'var' && !!decl.init && requireSpec(unwrap(decl.init)) === 'axios';
}

/** Is this name axios itself (its import, its require, or the global a script tag brings)? */
export function isAxios(acc: AnalysisState, unit: Unit, id: ts.Identifier): boolean {
  return isAxiosDecl(id, acc.bindings.resolve(unit, id));
}

/**
 * `axios.defaults.baseURL = …`: a base every relative path sent with axios itself goes through,
 * in the package that sets it (a monorepo's other packages run in other processes).
 */
export function findAxiosDefaults(acc: AnalysisState, unit: Unit): void {
  if (!setsAxiosDefaults(unit.sf.text)) return;
  const visit = (n: ts.Node): void => {
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const left = unwrap(n.left);
      const target = ts.isPropertyAccessExpression(left) ? left.name.text : ts.isElementAccessExpression(left) && ts.isStringLiteralLike(left.argumentExpression) ? left.argumentExpression.text : undefined;
      const owner = target === 'baseURL' && (ts.isPropertyAccessExpression(left) || ts.isElementAccessExpression(left)) ? unwrap(left.expression) : undefined;
      if (owner && ts.isPropertyAccessExpression(owner) && owner.name.text === 'defaults') {
        const lib = unwrap(owner.expression);
        if (ts.isIdentifier(lib) && isAxios(acc, unit, lib)) acc.axiosDefaults.push({ unit, value: n.right, scope: packageDir(acc, unit.file) });
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(unit.sf);
}

/**
 * The base axios' defaults give the calls of this file: the one `axios.defaults.baseURL` its
 * package sets. Set in two places (or more), which one a call goes through is decided as the
 * program runs: none is taken, and each base is reported where it is set.
 */
export function defaultBase(acc: AnalysisState, unit: Unit): Piece[] | undefined {
  const scope = packageDir(acc, unit.file);
  const set = acc.axiosDefaults.filter((d) => d.scope === scope);
  return set.length === 1 ? acc.pieces(set[0].unit, set[0].value) : undefined;
}

/**
 * The folder of the nearest package.json above a file: the file system's root without one, or
 * the run's root where it has one (nothing above it is looked at).
 */
export function packageDir(acc: AnalysisState, file: string): string {
  const chain: string[] = [];
  let dir = path.dirname(file);
  let found: string | undefined;
  const top = acc.options.root;
  for (;;) {
    const known = acc.packageDirs.get(dir);
    if (known !== undefined) {
      found = known;
      break;
    }
    chain.push(dir);
    if (existsSync(path.join(dir, 'package.json'))) {
      found = dir;
      break;
    }
    const up = path.dirname(dir);
    if (up === dir || dir === top || (top !== undefined && path.relative(top, up).startsWith('..'))) {
      found = dir;
      break;
    }
    dir = up;
  }
  for (const d of chain) acc.packageDirs.set(d, found);
  return found;
}
