// A small partial evaluator: what text an expression holds where it is visible statically
// (literals, templates, `+` chains, constants in this file or imported, endpoint maps,
// `new URL(path, base)`, helpers that join a base and a path), with the source of every
// character so that a finding can point at it and an edit can rewrite it.

import ts from '../core/ts.cjs';
import { Bindings, type Decl } from './bindings.js';
import { classField, classMethod, componentData, configRead, queryOrNothing, findProperty, formatText, insideFunction, joinedParts, propertyValue, returnExpressions, thisObject, unwrap } from './syntax.js';
import type { Unit } from './units.js';
import { injectedParameter, injectedValue } from './injection-tokens.js';

export { findProperty, formatText, joinedParts, propertyValue, returnExpressions, unwrap };

/** The text pieces spell where every one is known as written (none unknown, at least one): undefined otherwise. */
export function knownText(pieces: Piece[]): string | undefined {
  return pieces.length && pieces.every((p) => p.t === 'lit') ? pieces.map((p) => (p as LitPiece).text).join('') : undefined;
}

export interface Via {
  unit: Unit;
  /** the name node of the constant (or property) the value came through */
  name: ts.Node;
  label: string;
  /** the declared value expression */
  value: ts.Expression;
  /** the value is the fallback of this environment variable (`process.env.X ?? '…'`), read first */
  env?: string;
  /** the value is one branch of this conditional (`legacy ? '2023-01' : '2024-09'`) */
  branch?: string;
}

export interface LitPiece {
  t: 'lit';
  text: string;
  unit: Unit;
  /** unit offset of text[0] */
  pos: number;
  /** the source text equals `text` char for char (no escapes), so offsets map one to one */
  exact: boolean;
  /** the string literal or template this text is written in */
  node: ts.Node;
  /** the maximal `+` chain or the template the piece is rendered in */
  container: ts.Node;
  mode: 'template' | 'concat';
  quote: string;
  via: Via[];
}

export interface HolePiece {
  t: 'hole';
  node: ts.Expression;
  unit: Unit;
  /** `process.env.X` / `import.meta.env.X` */
  env?: string;
  /** the literal it falls back to (`process.env.X ?? 'https://api.parcelnet.example'`): whose host it is */
  fallback?: string;
  container: ts.Node;
  mode: 'template' | 'concat';
  via: Via[];
  /**
   * the parameter this hole was passed in for, where it is read (`id` in a helper's
   * `` (id) => `courier_accounts/${id}` ``): the innermost function it went through
   */
  bound?: ts.Identifier;
  /**
   * a query string or nothing, as a condition picks (`` from ? `?from=${from}` : '' ``): where it
   * ends the text, the path ends before it (virtualText writes it as a `?`)
   */
  query?: boolean;
}

export type Piece = LitPiece | HolePiece;

const MAX_DEPTH = 8;

const isPlus = (n: ts.Node): n is ts.BinaryExpression => ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken;

/** The maximal `+` chain a node is an operand of (itself when it is none). */
export function chainRoot(n: ts.Node): ts.Node {
  let cur = n;
  for (;;) {
    let p = cur.parent;
    while (p && ts.isParenthesizedExpression(p)) p = p.parent;
    if (p && isPlus(p)) cur = p;
    else return cur;
  }
}

/** The env var name of `process.env.X`, `process.env['X']` or `import.meta.env.X`. */
export function envName(e: ts.Expression): string | undefined {
  e = unwrap(e);
  const obj = ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) ? e.expression : undefined;
  if (!obj) return undefined;
  if (!isEnvObject(obj)) return undefined;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  const arg = (e as ts.ElementAccessExpression).argumentExpression;
  return ts.isStringLiteralLike(arg) ? arg.text : undefined;
}

/** `process.env` or `import.meta.env`, the object environment variables are read from. */
export function isEnvObject(e: ts.Expression, sf?: ts.SourceFile): boolean {
  const text = e.getText(sf);
  return text === 'process.env' || text === 'import.meta.env';
}

export type Env = Map<string, Piece[]>;

export class Evaluator {
  constructor(readonly bindings: Bindings) {}

  /** The pieces of an expression's text. */
  pieces(unit: Unit, e: ts.Expression, env: Env = new Map(), depth = 0, via: Via[] = []): Piece[] {
    const hole = (): Piece[] => {
      const container = chainRoot(e);
      const inTemplate = e.parent && ts.isTemplateSpan(e.parent);
      return [
        {
          t: 'hole',
          node: e,
          unit,
          env: envName(e),
          container: inTemplate ? e.parent.parent : container,
          mode: inTemplate ? 'template' : 'concat',
          via,
        },
      ];
    };
    if (depth > MAX_DEPTH) return hole();
    const inner = unwrap(e);
    if (inner !== e && !ts.isParenthesizedExpression(e)) return this.pieces(unit, inner, env, depth, via);
    if (ts.isParenthesizedExpression(e)) return this.pieces(unit, inner, env, depth, via);

    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) {
      const raw = e.getText(unit.sf);
      const body = raw.slice(1, -1);
      const template = ts.isNoSubstitutionTemplateLiteral(e);
      return [
        {
          t: 'lit',
          text: e.text,
          unit,
          pos: e.getStart(unit.sf) + 1,
          exact: body === e.text,
          node: e,
          container: template ? e : chainRoot(e),
          mode: template ? 'template' : 'concat',
          quote: raw[0],
          via,
        },
      ];
    }
    if (ts.isTemplateExpression(e)) {
      const out: Piece[] = [];
      const lit = (part: ts.TemplateHead | ts.TemplateMiddle | ts.TemplateTail): LitPiece => {
        const raw = part.getText(unit.sf);
        const body = ts.isTemplateHead(part) ? raw.slice(1, -2) : ts.isTemplateTail(part) ? raw.slice(1, -1) : raw.slice(1, -2);
        return { t: 'lit', text: part.text, unit, pos: part.getStart(unit.sf) + 1, exact: body === part.text, node: e, container: e, mode: 'template', quote: '`', via };
      };
      out.push(lit(e.head));
      for (const span of e.templateSpans) {
        out.push(...this.pieces(unit, span.expression, env, depth + 1, via));
        out.push(lit(span.literal));
      }
      return out.filter((p) => p.t !== 'lit' || p.text.length > 0);
    }
    // `process.env.X ?? 'http://localhost:3000'`: the environment variable, its fallback aside;
    // but a fallback that carries a version (`?? 'https://…/2023-01'`) is a versioned base, read
    // after the variable (the via says so: what is sent through it cannot move on its own); so is a
    // fallback that is the version itself (`process.env.API_VERSION || '2023-01'`, joined as a segment)
    if (ts.isBinaryExpression(e) && (e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || e.operatorToken.kind === ts.SyntaxKind.BarBarToken) && envName(e.left)) {
      const variable = envName(e.left)!;
      const fallback = this.pieces(unit, e.right, env, depth + 1, [...via, { unit, name: e.left, label: variable, value: e.right, env: variable }]);
      if (fallback.some((p) => p.t === 'lit' && /(?:^|\/)2023-01(?:\/|$)/.test(p.text))) return fallback;
      const read = this.pieces(unit, e.left, env, depth + 1, via);
      if (read.length === 1 && read[0].t === 'hole' && fallback.length && fallback.every((p) => p.t === 'lit')) read[0].fallback = fallback.map((p) => (p as LitPiece).text).join('');
      return read;
    }
    // `legacy ? '2023-01' : '2024-09'`: a version chosen by a condition, each branch written (joined as
    // a segment): its 2023-01 branch, read as one of them (the via says so, as for an environment variable)
    if (ts.isConditionalExpression(e)) {
      const sides = [unwrap(e.whenTrue), unwrap(e.whenFalse)];
      const old = sides.find((s) => ts.isStringLiteral(s) && s.text === '2023-01');
      if (old && sides.every((s) => ts.isStringLiteralLike(s))) return this.pieces(unit, old, env, depth + 1, [...via, { unit, name: e, label: e.getText(unit.sf), value: e, branch: e.getText(unit.sf) }]);
      const h = hole();
      if (sides.every(queryOrNothing)) (h[0] as HolePiece).query = true;
      return h;
    }
    // `[base, 'pickup/v1/pickup_slots', id].join('/')`, `path.posix.join(base, id)`, `base.concat(path, id)`:
    // the parts, with the separator between them (a separator written once stands between each pair:
    // a piece of no place, `pos` -1, that no edit can map to)
    const joined = joinedParts(e);
    if (joined) {
      const out: Piece[] = [];
      const sep = joined.separator;
      joined.parts.forEach((part, i) => {
        const own = this.pieces(unit, part, env, depth + 1, via);
        const last = out[out.length - 1];
        const first = own[0];
        const slashBefore = last?.t === 'lit' && last.text.endsWith('/');
        const slashAfter = first?.t === 'lit' && first.text.startsWith('/');
        // (Node's path.join puts one slash between two parts, whichever of them has one)
        if (i > 0 && joined.kind === 'path' && slashBefore && slashAfter && first.exact) own[0] = { ...first, text: first.text.slice(1), pos: first.pos + 1 };
        const between = joined.kind === 'array' ? (sep ? sep.text : ',') : joined.kind === 'path' && !slashBefore && !slashAfter ? '/' : '';
        if (i > 0 && between) out.push({ t: 'lit', text: between, unit, pos: -1, exact: false, node: sep ?? e, container: e, mode: 'concat', quote: "'", via });
        out.push(...own.filter((p) => p.t !== 'lit' || p.text));
      });
      return out;
    }
    if (isPlus(e)) {
      const l = this.pieces(unit, e.left, env, depth + 1, via);
      const r = this.pieces(unit, e.right, env, depth + 1, via);
      return [...l, ...r];
    }
    if (ts.isIdentifier(e)) {
      const bound = env.get(e.text);
      if (bound) {
        // (marked where it is read: a path helper's own template can then be rewritten around it, versioned-base.ts)
        for (const p of bound) if (p.t === 'hole') p.bound = e;
        return bound;
      }
      const decl = this.bindings.resolve(unit, e);
      // SvelteKit's `import { SHIP_URL } from '$env/static/private'`: an environment variable
      if (decl?.kind === 'expr' && decl.label.startsWith('$env/')) {
        const h = hole()[0] as HolePiece;
        h.env = e.text;
        return [h];
      }
      // `const { SHIP_URL } = process.env`: the variable is read where it is destructured
      if (decl?.kind === 'binding' && decl.from && isEnvObject(unwrap(decl.from))) {
        const h = hole()[0] as HolePiece;
        h.env = decl.prop;
        h.via = [...via, { unit: decl.unit, name: decl.name, label: e.text, value: decl.from }];
        return [h];
      }
      const value = decl && this.valueOf(decl);
      if (value) {
        // a local constant of a function whose parameters are bound (a wrapper followed from a call) keeps them
        const inner = env.size && decl.kind === 'var' && insideFunction(decl.node) ? env : new Map<string, Piece[]>();
        const resolved = this.pieces(value.unit, value.expr, inner, depth + 1, [...via, { unit: value.unit, name: value.name, label: e.text, value: value.expr }]);
        // a name whose value holds no text known statically stays the name (kept as written by a rewrite)
        if (resolved.some((p) => p.t === 'lit')) return resolved;
        const envVar = resolved.length === 1 && resolved[0].t === 'hole' ? resolved[0].env : undefined;
        const h = hole();
        if (envVar) (h[0] as HolePiece).env = envVar;
        if (envVar) h[0].via = resolved[0].via;
        // a constant read from a config at run time (`const SHIP_URL = config.get('shipping.url')`): the base is known by its name
        else if (decl.kind === 'var' && !insideFunction(decl.node) && configRead(value.expr)) h[0].via = [...via, { unit: value.unit, name: value.name, label: e.text, value: value.expr }];
        return h;
      }
      return hole();
    }
    // a URL object's text (`new URL(path, base).href`, `u.href` with `const u = new URL(…)`)
    if (ts.isPropertyAccessExpression(e) && e.name.text === 'href') {
      const target = unwrap(e.expression);
      const decl = ts.isIdentifier(target) ? this.bindings.resolve(unit, target) : undefined;
      const made = ts.isNewExpression(target) ? { unit, expr: target } : decl ? this.valueOf(decl) : undefined;
      const v = made && unwrap(made.expr);
      if (v && ts.isNewExpression(v) && ts.isIdentifier(v.expression) && v.expression.text === 'URL') return this.pieces(made!.unit, v, env, depth + 1, via);
    }
    if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
      if (envName(e)) return hole();
      const key = ts.isPropertyAccessExpression(e) ? e.name.text : ts.isStringLiteralLike(e.argumentExpression) ? e.argumentExpression.text : undefined;
      if (key === undefined) return hole();
      // a namespace's member (`Shipping.Pickup.CREATE`, `Hook.VERSION`), as the constant it is
      const member = this.namespaceMember(unit, e, key);
      const value = member && this.valueOf(member);
      if (value)
        return this.pieces(value.unit, value.expr, new Map(), depth + 1, [...via, { unit: value.unit, name: value.name, label: e.getText(unit.sf), value: value.expr }]);
      const obj = this.objectOf(unit, e.expression, depth + 1);
      if (obj) {
        const prop = findProperty(obj.node, key);
        if (prop && ts.isPropertyAssignment(prop))
          return this.pieces(obj.unit, prop.initializer, new Map(), depth + 1, [...via, { unit: obj.unit, name: prop.name, label: `${e.expression.getText(unit.sf)}.${key}`, value: prop.initializer }]);
      }
      // a member an instance is made with, bound where a method is followed from a call on that instance (wrappers.ts)
      const bound = e.expression.kind === ts.SyntaxKind.ThisKeyword ? env.get(`this.${key}`) : undefined;
      if (bound) return bound;
      // a class's field (`private readonly apiRoot = 'https://…/2023-01'` read as `this.apiRoot`)
      const field = e.expression.kind === ts.SyntaxKind.ThisKeyword ? classField(e, key) : undefined;
      if (field?.initializer)
        return this.pieces(unit, field.initializer, new Map(), depth + 1, [...via, { unit, name: field.name, label: `this.${key}`, value: field.initializer }]);
      // a getter of the class that no subclass can override (`private get path() { return '/2023-01/labels'; }`): what it returns
      const getter = e.expression.kind === ts.SyntaxKind.ThisKeyword ? classMethod(e, key, 'get') : undefined;
      const got = getter ? returnExpressions(getter) : [];
      if (got.length === 1) return this.pieces(unit, got[0], new Map(), depth + 1, via);
      // a constructor's parameter Angular injects (`@Inject(SHIPPING_API) private readonly api: string`): the token's factory value
      const injected = e.expression.kind === ts.SyntaxKind.ThisKeyword && ts.isPropertyAccessExpression(e) ? injectedParameter(this.bindings, (d) => this.valueOf(d), unit, e) : undefined;
      if (injected) return this.pieces(injected.unit, injected.expr, new Map(), depth + 1, via);
      // an enum's member (`Endpoint.Labels`, with `Labels = '/2023-01/labels'`; `Api.Endpoint.Labels` in a namespace)
      const decl = this.bindings.qualified(unit, unwrap(e.expression));
      if (decl?.kind === 'enum') {
        const member = decl.node.members.find((m) => (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) && m.name.text === key);
        if (member?.initializer)
          return this.pieces(decl.unit, member.initializer, new Map(), depth + 1, [...via, { unit: decl.unit, name: member.name, label: `${e.expression.getText(unit.sf)}.${key}`, value: member.initializer }]);
      }
      return hole();
    }
    if (ts.isNewExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'URL' && e.arguments?.length) {
      const p = this.pieces(unit, e.arguments[0], env, depth + 1, via);
      if (e.arguments.length < 2) return p;
      const b = this.pieces(unit, e.arguments[1], env, depth + 1, via);
      return [...b, ...p];
    }
    // Node's `util.format('%s/2023-01/labels', base)`: the format's text, each placeholder the argument it takes
    const fmt = formatText(unit, e);
    if (fmt && ts.isCallExpression(e)) {
      const out: Piece[] = [];
      const text = fmt.text;
      const at = fmt.getStart(unit.sf) + 1;
      const piece = (from: number, to: number): LitPiece => ({ t: 'lit', text: text.slice(from, to), unit, pos: at + from, exact: true, node: fmt, container: fmt, mode: 'concat', quote: fmt.getText(unit.sf)[0], via });
      let last = 0;
      let k = 1;
      for (const m of text.matchAll(/%[sdifjoO]/g)) {
        if (m.index! > last) out.push(piece(last, m.index!));
        const a = e.arguments[k++];
        out.push(...(a && !ts.isSpreadElement(a) ? this.pieces(unit, a, env, depth + 1, via) : hole()));
        last = m.index! + 2;
      }
      if (last < text.length) out.push(piece(last, text.length));
      return out;
    }
    // Node's `url.resolve(base, path)`: the base, then the path
    if (ts.isCallExpression(e) && e.arguments.length === 2 && ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'resolve' && ts.isIdentifier(e.expression.expression) && e.expression.expression.text === 'url')
      return [...this.pieces(unit, e.arguments[0], env, depth + 1, via), ...this.pieces(unit, e.arguments[1], env, depth + 1, via)];
    if (ts.isCallExpression(e)) {
      // `url.toString()`, `String(x)`
      if (ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'toString' && e.arguments.length === 0)
        return this.pieces(unit, e.expression.expression, env, depth + 1, via);
      // a path's placeholder filled in (`SLOTS.replace('{courierId}', id)`, `':id'`): the path as written, its placeholder a path parameter
      if (ts.isPropertyAccessExpression(e.expression) && ['replace', 'replaceAll'].includes(e.expression.name.text) && e.arguments.length === 2) {
        const from = e.arguments[0];
        if (ts.isStringLiteralLike(from) && /^(?:\{[A-Za-z_$][\w$]*\}|:[A-Za-z_$][\w$]*)$/.test(from.text)) return this.pieces(unit, e.expression.expression, env, depth + 1, via);
      }
      // Angular's `inject(TOKEN)`: what the token's factory returns (injection-tokens.ts)
      const injected = injectedValue(this.bindings, (d) => this.valueOf(d), unit, e);
      if (injected) return this.pieces(injected.unit, injected.expr, new Map(), depth + 1, via);
      const ret = this.returnedBy(unit, e, depth + 1);
      if (ret) {
        const inner: Env = new Map();
        ret.fn.node.parameters.forEach((p, i) => {
          if (ts.isIdentifier(p.name) && e.arguments[i]) inner.set(p.name.text, this.pieces(unit, e.arguments[i], env, depth + 1, via));
        });
        return this.pieces(ret.unit, ret.expr, inner, depth + 1, via);
      }
      return hole();
    }
    return hole();
  }

  /** The value expression a declaration gives a name (a constant's initializer, an exported expression). */
  valueOf(decl: Decl): { unit: Unit; expr: ts.Expression; name: ts.Node } | undefined {
    if (decl.kind === 'var' && decl.init) return { unit: decl.unit, expr: decl.init, name: decl.name };
    if (decl.kind === 'expr' && !ts.isIdentifier(decl.expr)) return { unit: decl.unit, expr: decl.expr, name: decl.expr };
    if (decl.kind === 'module') {
      // `const http = require('./http')` with `module.exports = axios.create(…)` there
      const d = this.bindings.requiredValue(decl.file);
      return d && d.kind !== 'module' ? this.valueOf(d) : undefined;
    }
    if (decl.kind === 'binding' && decl.from) {
      const obj = this.objectOf(decl.unit, decl.from, 1);
      // `key: value`, or a shorthand `{ key }` (`module.exports = { build }` read as `const { build } = mod`)
      const value = obj && propertyValue(findProperty(obj.node, decl.prop));
      if (obj && value) return { unit: obj.unit, expr: value, name: decl.name };
    }
    return undefined;
  }

  /**
   * What a namespace exports under a key, read through a qualified name (`Shipping.Pickup.CREATE`,
   * also from a module that imports `Shipping`); undefined where the owner is no namespace (nor a
   * function, class or enum one merges with).
   */
  private namespaceMember(unit: Unit, e: ts.PropertyAccessExpression | ts.ElementAccessExpression, key: string): Decl | undefined {
    const target = unwrap(e.expression);
    if (!ts.isIdentifier(target) && !ts.isPropertyAccessExpression(target)) return undefined;
    const owner = this.bindings.qualified(unit, target);
    return owner && owner.kind !== 'module' ? this.bindings.member(owner, key) : undefined;
  }

  /** The object literal an expression stands for (`ENDPOINTS`, `config.api`, an imported map). */
  objectOf(unit: Unit, e: ts.Expression, depth = 0): { unit: Unit; node: ts.ObjectLiteralExpression } | undefined {
    if (depth > MAX_DEPTH) return undefined;
    e = unwrap(e);
    if (ts.isObjectLiteralExpression(e)) return { unit, node: e };
    // `Object.freeze({ … })` hands back the object it is given
    if (ts.isCallExpression(e) && e.arguments.length === 1 && e.expression.getText(unit.sf) === 'Object.freeze') return this.objectOf(unit, e.arguments[0], depth + 1);
    // `this` in a method of an object literal (`{ base: '…', load() { return fetch(this.base + …) } }`)
    if (e.kind === ts.SyntaxKind.ThisKeyword) {
      const owner = thisObject(e);
      return owner && { unit, node: owner };
    }
    if (ts.isIdentifier(e)) {
      const decl = this.bindings.resolve(unit, e);
      const v = decl && this.valueOf(decl);
      return v ? this.objectOf(v.unit, v.expr, depth + 1) : undefined;
    }
    if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
      const key = ts.isPropertyAccessExpression(e) ? e.name.text : ts.isStringLiteralLike(e.argumentExpression) ? e.argumentExpression.text : undefined;
      if (key === undefined) return undefined;
      if (ts.isIdentifier(e.expression)) {
        const decl = this.bindings.resolve(unit, e.expression);
        if (decl?.kind === 'module') {
          const d = this.bindings.exportOf(decl.file, key);
          const v = d && this.valueOf(d);
          return v ? this.objectOf(v.unit, v.expr, depth + 1) : undefined;
        }
      }
      // a namespace's member (`Shipping.ROUTES`)
      const member = this.namespaceMember(unit, e, key);
      const held = member && this.valueOf(member);
      if (held) return this.objectOf(held.unit, held.expr, depth + 1);
      const obj = this.objectOf(unit, e.expression, depth + 1);
      let value = obj && propertyValue(findProperty(obj.node, key));
      // a Vue component's state, read as `this.form` in its methods or hooks: what its `data()` returns
      if (obj && !value && unwrap(e.expression).kind === ts.SyntaxKind.ThisKeyword) {
        const data = componentData(obj.node);
        value = data && propertyValue(findProperty(data, key));
      }
      return obj && value ? this.objectOf(obj.unit, value, depth + 1) : undefined;
    }
    return undefined;
  }

  /**
   * The object a factory of the project returns, for the instance an expression holds
   * (`legacyHttp` with `legacyHttp = createHttp(LEGACY)`, `createHttp` returning `{ post: … }`).
   */
  private madeObject(unit: Unit, e: ts.Expression, depth: number): { unit: Unit; node: ts.ObjectLiteralExpression } | undefined {
    if (depth > MAX_DEPTH) return undefined;
    e = unwrap(e);
    if (ts.isIdentifier(e)) {
      const decl = this.bindings.resolve(unit, e);
      const v = decl && this.valueOf(decl);
      return v ? this.madeObject(v.unit, v.expr, depth + 1) : undefined;
    }
    const ret = ts.isCallExpression(e) ? this.returnedBy(unit, e, depth + 1) : undefined;
    const made = ret && unwrap(ret.expr);
    return made && ts.isObjectLiteralExpression(made) ? { unit: ret!.unit, node: made } : undefined;
  }

  /**
   * The one expression a function of the project called here returns (a builder's object, a
   * factory's instance, a helper's text), with the function; none where it returns more than one.
   */
  returnedBy(unit: Unit, call: ts.CallExpression, depth = 0): { fn: { unit: Unit; node: ts.SignatureDeclaration & { body?: ts.Node } }; unit: Unit; expr: ts.Expression } | undefined {
    const fn = this.functionOf(unit, call.expression, depth);
    const ret = fn ? returnExpressions(fn.node) : [];
    return ret.length === 1 ? { fn: fn!, unit: fn!.unit, expr: ret[0] } : undefined;
  }

  /** The function an expression calls (a declaration, a const arrow, an imported one). */
  functionOf(unit: Unit, e: ts.Expression, depth = 0): { unit: Unit; node: ts.SignatureDeclaration & { body?: ts.Node } } | undefined {
    if (depth > MAX_DEPTH) return undefined;
    e = unwrap(e);
    if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return { unit, node: e };
    if (ts.isIdentifier(e)) {
      const decl = this.bindings.resolve(unit, e);
      if (!decl) return undefined;
      if (decl.kind === 'func') return { unit: decl.unit, node: decl.node };
      const required = decl.kind === 'module' ? this.bindings.requiredValue(decl.file) : undefined;
      if (required?.kind === 'func') return { unit: required.unit, node: required.node };
      const v = this.valueOf(decl);
      return v ? this.functionOf(v.unit, v.expr, depth + 1) : undefined;
    }
    if (ts.isPropertyAccessExpression(e)) {
      if (ts.isIdentifier(e.expression)) {
        const decl = this.bindings.resolve(unit, e.expression);
        if (decl?.kind === 'module') {
          const d = this.bindings.exportOf(decl.file, e.name.text);
          if (d?.kind === 'func') return { unit: d.unit, node: d.node };
          const v = d && this.valueOf(d);
          return v ? this.functionOf(v.unit, v.expr, depth + 1) : undefined;
        }
      }
      // a function a namespace exports (`Shipping.book(…)`), as any function of a module; one the module exports itself (`exports.book(…)`)
      const member = this.namespaceMember(unit, e, e.name.text) ?? this.bindings.ownExport(unit, e);
      if (member?.kind === 'func') return { unit: member.unit, node: member.node };
      const held = member && this.valueOf(member);
      if (held) return this.functionOf(held.unit, held.expr, depth + 1);
      // a method of the class `this` is written in, that no subclass can override (`this.path()`)
      const method = e.expression.kind === ts.SyntaxKind.ThisKeyword ? classMethod(e, e.name.text, 'method') : undefined;
      if (method) return { unit, node: method };
      const obj = this.objectOf(unit, e.expression, depth + 1) ?? this.madeObject(unit, e.expression, depth + 1);
      const prop = obj && findProperty(obj.node, e.name.text);
      if (prop && ts.isMethodDeclaration(prop)) return { unit: obj!.unit, node: prop };
      const value = propertyValue(prop);
      if (value) return this.functionOf(obj!.unit, value, depth + 1);
    }
    return undefined;
  }
}
