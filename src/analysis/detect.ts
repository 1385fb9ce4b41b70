// The detectors: old paths in every string the code builds, request bodies tied to the
// endpoint they are sent to (or known by their keys), events, webhook versions, base URLs.
// Decisions about what is old and what replaces it come from core/ (fed by the catalogue);
// this file finds where.

import { existsSync } from 'node:fs';
import path from 'node:path';
import ts from '../core/ts.cjs';
import { getRule, type Rule } from '../catalogue/index.js';
import { findPaths, originOf, isHole, versionsBeforeHole, type PathMatch, type PathToken } from '../core/paths.js';
import { childContext, contextFromKeys, contextLabel, convertPickupTime, isHHMM, OLD_EVENT, renamesIn, V1_ONLY_PICKUP_FIELDS, V1_PICKUP_FIELDS, type ContextKind } from '../core/keys.js';
import type { Config, Finding, FixKind, RequestContext, TextEdit, ChangeKind } from '../types.js';
import { Bindings, propName, requireSpec, type Decl } from './bindings.js';
import { Evaluator, envName, findProperty, isEnvObject, propertyValue, returnExpressions, unwrap, virtualText, type LitPiece, type Piece, type Via } from './evaluate.js';
import { renderRegion, type UnitEdit } from './render.js';
import { renameShapes, type Shaped } from './types.js';
import { setsAxiosDefaults } from '../read.js';
import { lineCol, lineStarts, treeIndex, type Unit, type UnitStore } from './units.js';
import { msSince, trace } from '../core/trace.js';

type Virtual = ReturnType<typeof virtualText>;

interface BaseGroup {
  unit: Unit;
  /** the `2023-01` text in the base literal (unit offsets) */
  start: number;
  end: number;
  exact: boolean;
  label: string;
  members: { unit: Unit; start: number; end: number; edit?: UnitEdit; match: PathMatch; shown: string; own: string; heldBy?: string }[];
  /** uses of the base whose path cannot be tied to it (a parameter or an unknown expression right after it, a path in a constant): they hold it */
  unseen: { unit: Unit; node: ts.Node; why: string }[];
  /** set by settleGroup: the base and its paths move */
  movable?: boolean;
}

/** An options object a request may give its own base in, and the keys that give it (`baseURL`, `prefixUrl`). */
interface RequestOption {
  obj?: { unit: Unit; node: ts.ObjectLiteralExpression };
  keys: string[];
}

/** Where the path of a use of a versioned base is written, when it is written there as text `--fix` can rewrite. */
interface MemberSpan {
  ownStart: number;
  firstOwn: LitPiece;
  /** unit offsets of the path's own text */
  start: number;
  end: number;
}

interface Target {
  unit: Unit;
  node: ts.ObjectLiteralExpression;
}

/** Code a request's body is written in (an object literal, an event list, a key assigned to it). */
interface Span {
  unit: Unit;
  node: ts.Node;
}

/** Where an object literal names a key: one of its properties, or an assignment to it (`body.k = v`). */
interface KeySite {
  unit: Unit;
  nameNode: ts.Node;
  shorthand: boolean;
  /** the object the key is the key of */
  owner: ts.ObjectLiteralExpression;
  element?: ts.ObjectLiteralElementLike;
}

/** `x.k = v` or `x['k'] = v`, with `x` the variable holding a body object: the key `k` is the object's. */
interface Written {
  unit: Unit;
  key: string;
  /** false: the key is an expression whose value is known (`x[KEY]`), not written out */
  plain: boolean;
  nameNode: ts.Expression;
  value: ts.Expression;
  assignment: ts.BinaryExpression;
}

/** A read of a body object's key elsewhere: `x.k`, `x['k']`, `const { k } = x`. */
interface KeyRead {
  unit: Unit;
  key: string;
  /** the node naming the key (a rename of the read would start there) */
  nameNode: ts.Node;
  shown: string;
}

const GENERIC_VERBS = new Set(['post', 'put', 'patch', 'get', 'delete', 'del', 'request', 'send', 'fetch', 'call', 'json', 'then', 'http', 'api']);
const NO_BODY_METHODS = new Set(['get', 'delete', 'del', 'head', 'options']);
const BODY_METHODS = new Set(['post', 'put', 'patch']);
const OPTION_KEYS = new Set([
  'json', 'body', 'data', 'headers', 'method', 'searchParams', 'params', 'query', 'timeout', 'signal', 'credentials',
  'mode', 'cache', 'hooks', 'responseType', 'throwHttpErrors', 'retry', 'prefixUrl', 'auth', 'baseURL', 'url', 'uri',
  'form', 'withCredentials', 'validateStatus', 'onUploadProgress', 'redirect', 'keepalive', 'referrer', 'parseJson',
]);

const fixNote = (kind: FixKind, manual?: string) =>
  kind === 'safe' ? '`--fix` rewrites it' : kind === 'unsafe' ? '`--fix --unsafe` rewrites it (an assumption: check it)' : `left for a person: ${manual ?? 'no automatic fix'}`;

export interface AnalyzerOptions {
  config: Config;
  /** the files the run checks (and `--fix` may write); none given: every file it reads */
  given?: Set<string>;
  /** the folder file names in messages are relative to (default: the working folder) */
  root?: string;
}

export class Analyzer {
  readonly bindings: Bindings;
  readonly ev: Evaluator;
  private findings = new Map<string, Finding>();
  /** object literals whose context is decided (by endpoint, keys or as another vendor's) */
  private contexted = new Map<ts.Node, ContextKind>();
  private piecesMemo = new Map<ts.Node, Piece[]>();
  private lineStartsMemo = new Map<string, number[]>();
  private reportedBases = new Set<string>();
  private readonly hosts: { base?: string; legacy?: string; staging?: string };
  /** nested pickup objects handled as a whole: their inner fields carry no edits of their own */
  private nestedPickups = new Set<ts.Node>();
  /** v1 pickup bodies left whole for a person: their nested `pickup` object gives a field another literal value than the top level */
  private leftBodies = new Set<ts.Node>();
  /** versioned bases ('…/2023-01' in a constant or an instance's baseURL) and the relative paths sent through them */
  private baseGroups = new Map<string, BaseGroup>();
  /** the group of each member path, by the key of the path's finding */
  private memberGroups = new Map<string, BaseGroup>();
  /** bodies (object literals or typed expressions) whose declared type may be a request shape */
  private shaped: Shaped[] = [];
  /** requests with a body: the key of their path's finding, and the findings their body made */
  private requests: { pathKey?: string; body: Finding[]; objects: Span[]; unseen?: string }[] = [];
  /** files that send a request to an old path, wherever the path is written (an imported constant) */
  private oldCallers = new Set<string>();
  /** while a body is tied to its endpoint: the object literals it is made of */
  private bodyObjects?: Span[];
  /** objects whose keys `--fix` leaves, and why (a nested `pickup` object given through a variable) */
  private heldObjects = new Map<ts.Node, string>();
  /** the keys assigned to, and read from, the variable holding an object literal (by the literal) */
  private refsMemo = new Map<ts.Node, { writes: Written[]; reads: KeyRead[]; reassigned?: boolean }>();
  /** body objects also read by their keys: checked once every rename is known (settleReads) */
  private readBy: { unit: Unit; node: ts.ObjectLiteralExpression; reads: KeyRead[]; writes: Written[] }[] = [];
  /** identifiers by name, per unit (built when a body's variable is looked for) */
  private idIndex = new Map<Unit, Map<string, ts.Identifier[]>>();
  /** while a body is tied to its endpoint: the findings it makes */
  private collecting?: Finding[];
  /**
   * Objects sent both to another vendor's endpoint and as one of the service's old bodies (a
   * constant spread into both): `ctx` is the service's context, `body` the findings of the request
   * that met it second.
   */
  private mixed: { unit: Unit; node: ts.ObjectLiteralExpression; ctx: ContextKind; info: RequestContext; body?: Finding[] }[] = [];
  /** `axios.defaults.baseURL = …` in the analysed units: the value, and the package folder it holds for */
  private axiosDefaults: { unit: Unit; value: ts.Expression; scope: string }[] = [];
  private packageDirs = new Map<string, string>();

  constructor(
    readonly store: UnitStore,
    readonly options: AnalyzerOptions,
  ) {
    this.bindings = new Bindings(store);
    this.ev = new Evaluator(this.bindings);
    const c = options.config;
    this.hosts = { base: originOf(c.baseUrl), legacy: originOf(c.legacyBaseUrl), staging: originOf(c.stagingUrl) };
  }

  /** Analyse the units; returns every finding (not yet suppressed or levelled). */
  run(units: Unit[]): Finding[] {
    const t0 = performance.now();
    for (const u of units) this.findAxiosDefaults(u);
    for (const u of units) this.scanStrings(u);
    const t1 = performance.now();
    for (const u of units) this.scanCalls(u);
    const t2 = performance.now();
    for (const u of units) this.scanObjectsByKeys(u);
    const t3 = performance.now();
    for (const u of units) this.scanEvents(u);
    const t4 = performance.now();
    if (this.shaped.length) renameShapes(this.store, this.shaped, this);
    const t5 = performance.now();
    this.finishBaseGroups();
    this.settleMixed();
    this.settleReads();
    // a path held with its body holds its base, whose other paths hold their bodies in turn
    do this.holdRequests();
    while (this.reblockGroups());
    trace(`checks: strings ${Math.round(t1 - t0)} ms, calls ${Math.round(t2 - t1)}, objects ${Math.round(t3 - t2)}, events ${Math.round(t4 - t3)}, shapes ${Math.round(t5 - t4)}, bases ${msSince(t5)}`);
    const oldFiles = new Set<string>();
    for (const f of this.findings.values())
      if (f.severity === 'error' && ['endpoint-moved', 'field-renamed', 'nested-pickup', 'event-renamed', 'webhook-version'].includes(f.changeKind)) oldFiles.add(f.file);
    for (const f of this.oldCallers) oldFiles.add(f);
    for (const u of units) if (oldFiles.has(u.file)) this.scanAmbiguous(u);
    return [...this.findings.values()];
  }

  // ---------------------------------------------------------------- findings

  add(
    ruleId: string,
    unit: Unit,
    start: number,
    end: number,
    message: string,
    opts: { edits?: UnitEdit[]; fixKind?: FixKind; context?: RequestContext; severity?: 'error' | 'warning'; changeKind?: ChangeKind; fixDescription?: string; newText?: string; replace?: boolean } = {},
  ): Finding | undefined {
    const rule = getRule(ruleId);
    if (!rule) return undefined;
    const s = start + unit.offset;
    const e = end + unit.offset;
    const key = `${unit.file}:${s}:${ruleId}`;
    if (opts.replace) this.findings.delete(key);
    if (this.findings.has(key)) return this.findings.get(key);
    let starts = this.lineStartsMemo.get(unit.file);
    if (!starts) this.lineStartsMemo.set(unit.file, (starts = lineStarts(unit.fileText)));
    const a = lineCol(unit.fileText, s, starts);
    const b = lineCol(unit.fileText, e, starts);
    const fixKind = opts.fixKind ?? (opts.edits ? rule.fix : 'none');
    const edits: TextEdit[] | undefined = opts.edits?.map((x) => ({ start: x.start + x.unit.offset, end: x.end + x.unit.offset, text: x.text }));
    if (opts.edits && opts.edits.some((x) => x.unit.file !== unit.file)) return undefined;
    const f: Finding = {
      ruleId,
      severity: opts.severity ?? rule.severity,
      message,
      file: unit.file,
      line: a.line,
      column: a.column,
      endLine: b.line,
      endColumn: b.column,
      start: s,
      end: e,
      fixKind: edits && edits.length ? fixKind : fixKind === 'safe' && opts.fixKind === 'safe' ? 'safe' : edits ? fixKind : 'none',
      edits: edits && edits.length ? edits : undefined,
      fixDescription: opts.fixDescription,
      context: opts.context,
      changeKind: opts.changeKind ?? rule.changeKind,
      oldText: unit.fileText.slice(s, e),
      newText: opts.newText,
    };
    this.findings.set(key, f);
    this.collecting?.push(f);
    return f;
  }

  private pieces(unit: Unit, e: ts.Expression): Piece[] {
    let p = this.piecesMemo.get(e);
    if (!p) this.piecesMemo.set(e, (p = this.ev.pieces(unit, e)));
    return p;
  }

  // ---------------------------------------------------------------- paths

  /** Every maximal string expression (literal, template, `+` chain) of a unit. */
  private scanStrings(unit: Unit): void {
    // the index leaves out imports, exports and literal types (module names and types, not URLs)
    for (const n of treeIndex(unit.sf).strings) {
      if (!isMaximal(n)) continue;
      if (ts.isStringLiteral(n) && n.parent && ts.isCallExpression(n.parent) && ts.isIdentifier(n.parent.expression) && n.parent.expression.text === 'require') continue;
      this.scanUrlExpression(unit, n, ts.isTemplateExpression(n) || ts.isBinaryExpression(n));
      this.scanUrlBase(unit, n);
    }
  }

  /**
   * `new URL(path, base)`: the path is reported where it is written (above); the base it is sent
   * through is checked as a base joined to it with `+` is (a legacy host serving a path that moves).
   */
  private scanUrlBase(unit: Unit, n: ts.Expression): void {
    let arg: ts.Node = n;
    while (arg.parent && ts.isParenthesizedExpression(arg.parent)) arg = arg.parent;
    const call = arg.parent;
    if (!call || !ts.isNewExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== 'URL') return;
    if (call.arguments?.length !== 2 || call.arguments[0] !== arg) return;
    const pieces = this.pieces(unit, call);
    const vt = virtualText(pieces);
    if (!quickPathTest(vt.text)) return;
    for (const m of findPaths(vt.text)) this.checkBase(m, pieces, vt, true);
  }

  /** Find and report the API paths one expression builds. */
  private scanUrlExpression(unit: Unit, e: ts.Expression, composite: boolean, base?: Piece[]): { match: PathMatch; pieces: Piece[]; vt: Virtual }[] {
    if (!composite && !base && !quickPathTest((e as ts.StringLiteral).text)) return [];
    const own = this.pieces(unit, e);
    const pieces = base ? joinBase(base, own) : own;
    const vt = virtualText(pieces);
    if (!quickPathTest(vt.text)) return [];
    if (!base) this.unseenAfterBase(unit, e, pieces, vt);
    const matches = findPaths(vt.text);
    const out: { match: PathMatch; pieces: Piece[]; vt: Virtual }[] = [];
    for (const m of matches) {
      out.push({ match: m, pieces, vt });
      this.reportPath(unit, e, m, pieces, vt);
      this.checkBase(m, pieces, vt);
    }
    return out;
  }

  private reportPath(unit: Unit, e: ts.Expression, m: PathMatch, pieces: Piece[], vt: Virtual): void {
    const rule = m.rule;
    if (!rule) return; // a 2024-09 path
    // with the service's hosts configured, a URL on another host is another vendor's; only a v1
    // family path stays the service's (PRODUCT.md), reported but never moved to another host
    const otherHost = this.otherHost(m);
    if (otherHost && m.version !== 'v1') return;
    // where the old text is written: the piece holding the version segment
    const vPiece = pieces[vt.owner[m.versionStart]];
    if (!vPiece || vPiece.t !== 'lit') return;
    const regionPieces = pieces.slice(vt.owner[m.start], vt.owner[Math.max(m.start, m.end - 1)] + 1);
    const writtenHere = regionPieces.every((p) => p.via.length === 0 || p.t === 'hole');
    const sameVia = vPiece.via.length > 0 && regionPieces.every((p) => p.t === 'hole' || (p.via.length > 0 && p.via[0].name === vPiece.via[0].name));
    if (sameVia) return; // written in a constant: its own scan reports it where it is defined
    if (vPiece.via.length > 0 && rule.id !== 'versioned-base-url' && this.groupMember(unit, m, pieces, vt, vPiece, e)) return;
    const locUnit = vPiece.unit;
    const startPos = pathStart(m, vPiece, vt);
    let endIdx = m.end - 1;
    while (endIdx > m.versionStart && (pieces[vt.owner[endIdx]].t !== 'lit' || pieces[vt.owner[endIdx]].unit !== locUnit || (pieces[vt.owner[endIdx]] as { via: Via[] }).via.length !== vPiece.via.length)) endIdx--;
    const endPiece = pieces[vt.owner[endIdx]];
    const endPos = endPiece.t === 'lit' ? endPiece.pos + vt.offset[endIdx] + 1 : startPos + 1;
    const ep = rule.endpoint;
    const oldShown = displayPath(vt.text.slice(m.start, m.end), pieces, vt, m.start);
    const ctx: RequestContext = { kind: m.bodyContext ?? 'path', by: 'path', endpoint: ep ? `${ep.method} ${ep.old}` : undefined };

    if (rule.id === 'versioned-base-url') {
      this.add(rule.id, locUnit, startPos, endPos, `The base URL carries the 2023-01 version (\`${oldShown}\`); every relative path sent through it is a 2023-01 path. Move it to /2024-09 with those paths (${fixNote('none', 'check that each relative path has a 2024-09 form, then change the version here and the paths together')}).`, { context: ctx });
      return;
    }
    let edit: UnitEdit | undefined;
    let fixKind: FixKind = rule.fix;
    let manual: string | undefined;
    let newShown: string | undefined;
    if (m.partial && !m.newPath) {
      fixKind = 'none';
      manual = 'the path continues in code this constant is joined with; rewrite it there by hand';
    } else if (m.newPath && writtenHere) {
      let tokens: PathToken[] = m.newPath;
      // a path written without its leading slash (ky's prefixUrl refuses one) keeps that form
      if (m.start === m.versionStart && typeof tokens[0] === 'string' && tokens[0].startsWith('/')) tokens = [tokens[0].slice(1), ...tokens.slice(1)];
      let from = m.start;
      // a full URL written in the same literal moves to the base host with its path
      const originHere = m.origin !== undefined && pieces.slice(0, vt.owner[m.start] + 1).every((p) => p.t === 'lit' && p.via.length === 0 && p.container === vPiece.container);
      const movesHost = m.version === 'v1' && originHere;
      if (movesHost) {
        if (otherHost) {
          fixKind = 'none';
          manual = `this full URL is on ${otherHost}, none of the hosts in migrate-check.config.json: if it is the service's, point it at the base host with the 2024-09 path; if it is not, suppress this line`;
        } else if (!this.hosts.base) {
          fixKind = 'none';
          manual = 'this full URL is on the legacy host, and 2024-09 is served only on the base host: set `baseUrl` in migrate-check.config.json so that `--fix` can move it';
        } else {
          tokens = [this.options.config.baseUrl!.replace(/\/+$/, ''), ...tokens];
          from = 0;
        }
      }
      if (fixKind !== 'none') {
        edit = renderRegion(pieces, vt, from, m.end, tokens);
        if (!edit) {
          fixKind = 'none';
          manual = 'the path is built in a way `--fix` cannot rewrite in place; write the 2024-09 path by hand';
        }
      }
      newShown = tokens.map((t) => (typeof t === 'string' ? t : '…')).join('');
    } else if (m.newPath && !writtenHere) {
      fixKind = 'none';
      manual = 'part of this path comes from a constant defined elsewhere; rewrite the constant and this text together';
    }
    let message: string;
    const where = ep ? `${ep.method} ${ep.old}` : oldShown;
    if (rule.id === 'v1-direct-handover') message = `\`${oldShown}\` (v1 direct handover) has no counterpart in 2024-09; ${fixNote('none', 'decide what replaces it and remove the call')}.`;
    else if (rule.id === 'v1-unmapped-path')
      message = `\`${oldShown}\` is a legacy v1 path that the spec gives no 2024-09 form for; ${fixNote('none', 'look up the 2024-09 operation, move the call, and point it at the base host')}.`;
    else if (rule.id === 'unmapped-2023-01-path') {
      const sent2024 = this.sendsNewBody(e, unit);
      const assumed = (m.newPath ?? []).map((t) => (typeof t === 'string' ? t : '…')).join('');
      message = sent2024
        ? `\`${oldShown}\` is a 2023-01 path the spec does not map, and the body sent to it is already in 2024-09 form: this request sends a 2024-09 body to a 2023-01 endpoint. Run \`--fix --unsafe\` to move it to \`${assumed}\` (assumed), or look up the 2024-09 path.`
        : `\`${oldShown}\` is a 2023-01 path the spec does not map; \`--fix --unsafe\` moves it to \`${assumed}\` (assumed: check the 2024-09 reference), plain \`--fix\` leaves it.`;
      fixKind = edit ? 'unsafe' : 'none';
    } else message = `\`${oldShown}\` (${where}) is ${rule.from === 'v1' ? 'legacy v1' : '2023-01'}; 2024-09 uses \`${ep?.new ?? '?'}\`${m.version === 'v1' ? ' on the base host' : ''}; ${fixNote(fixKind, manual)}.`;
    this.add(rule.id, locUnit, startPos, endPos, message, { edits: edit ? [edit] : undefined, fixKind, context: ctx, fixDescription: newShown ? `rewrite to ${newShown}` : undefined, newText: newShown });
  }

  /** The origin of a full URL on a host the config does not name, when the service's hosts are configured. */
  private otherHost(m: PathMatch): string | undefined {
    const configured = [this.hosts.base, this.hosts.legacy, this.hosts.staging].filter(Boolean);
    const o = originOf(m.origin);
    return configured.length && o && !configured.includes(o) ? o : undefined;
  }

  /** Does the call this URL is sent with carry a body already in 2024-09 form? */
  private sendsNewBody(e: ts.Node, unit: Unit): boolean {
    let call: ts.Node | undefined = e.parent;
    while (call && !ts.isCallExpression(call) && !ts.isSourceFile(call) && !ts.isBlock(call)) call = call.parent;
    if (!call || !ts.isCallExpression(call)) return false;
    const text = call.getText(unit.sf);
    return /\bcourier_settings\b|\bcourier_service_id\b|\ballow_fallback\b|\bcourier_state_changed\b|\bversion\s*:\s*['"`]2024-09['"`]/.test(text);
  }

  /** Base URLs: a constant or an env var in front of a path (PRODUCT.md, "Hosts"). */
  private checkBase(m: PathMatch, pieces: Piece[], vt: Virtual, literalBase = false): void {
    if (m.start === 0) return;
    const moving = m.version === 'v1' && m.rule?.endpoint?.new != null;
    if (!moving && m.version !== '2024-09') return;
    const basePieces = pieces.slice(0, vt.owner[m.start - 1] + 1);
    // the base as written: the outermost constant it came through that the path did not (in
    // `BASE + PICKUPS` each came through its own), else an env var read
    const startPiece = pieces[vt.owner[m.start]];
    const startVia = startPiece?.via ?? [];
    const shared = (p: Piece) => {
      let k = 0;
      while (k < p.via.length && k < startVia.length && p.via[k] === startVia[k]) k++;
      return k;
    };
    // `label` names the base in the message; `named`: it is a constant's or env var's name, whose
    // LEGACY marks the legacy host (a value is known only as the configured legacyBaseUrl)
    let target: { unit: Unit; node: ts.Node; label: string; named: boolean; value?: string; env?: boolean } | undefined;
    const firstVia = basePieces.find((p) => p.via.length > shared(p));
    if (firstVia) {
      const via = firstVia.via[shared(firstVia)];
      const text = basePieces.filter((p) => p.via.includes(via)).map((p) => (p.t === 'lit' ? p.text : '')).join('');
      const envPiece = basePieces.find((p) => p.t === 'hole' && p.env && p.via.includes(via));
      target = { unit: via.unit, node: via.name, label: via.label, named: true, value: text || undefined };
      if (via.label === BASE_OPTION) {
        // an instance's baseURL option: named by the env var it reads, else shown by its value
        if (envPiece && envPiece.t === 'hole') target = { unit: envPiece.unit, node: envPiece.node, label: envPiece.env!, named: true, env: true, value: text || undefined };
        else target = { ...target, label: text || via.name.getText(via.unit.sf), named: false };
      } else if (envPiece && envPiece.t === 'hole' && isEnvObject(via.value, via.unit.sf)) {
        // `const { SHIP_URL } = process.env`: the variable itself, read where it is destructured
        target = { unit: via.unit, node: via.name, label: envPiece.env!, named: true, env: true };
      } else if (envPiece && envPiece.t === 'hole' && /legacy/i.test(envPiece.env!) && envPiece.env !== via.label) target.label += ` (${envPiece.env})`;
    } else {
      const envPiece = [...basePieces].reverse().find((p) => p.t === 'hole' && p.env);
      if (envPiece && envPiece.t === 'hole') target = { unit: envPiece.unit, node: envPiece.node, label: envPiece.env!, named: true, env: true };
      else if (literalBase && basePieces.length === 1 && basePieces[0].t === 'lit' && basePieces[0] !== startPiece) {
        // `new URL(path, 'https://…')`: the base is a literal of its own, reported where it is written
        const b = basePieces[0];
        target = { unit: b.unit, node: b.node, label: b.text, named: false, value: b.text };
      }
    }
    if (!target) return;
    const origin = originOf(target.value);
    const knownLegacy = (target.named && /legacy/i.test(target.label)) || (!!origin && origin === this.hosts.legacy);
    if (!moving && !knownLegacy) return;
    if (m.version === '2024-09' && !knownLegacy) return;
    const key = `${target.unit.file}:${target.node.getStart(target.unit.sf)}`;
    if (this.reportedBases.has(key)) return;
    this.reportedBases.add(key);
    const what = target.env ? `The environment variable ${target.label}` : `The base URL \`${target.label}\``;
    const shown = displayPath(m.path, pieces, vt, m.start);
    const why = moving
      ? `serves a v1 path that moves to 2024-09 (\`${shown}\`), and 2024-09 is served only on the base host`
      : `is the legacy host's and serves a 2024-09 path (\`${shown}\`)`;
    const start = target.node.getStart(target.unit.sf);
    this.add('legacy-base-url', target.unit, start, target.node.getEnd(), `${what} ${why}: point it at the base host${this.options.config.baseUrl ? ` (${this.options.config.baseUrl})` : ''}; ${fixNote('none', 'the one-line change is yours')}.`);
  }

  /**
   * Where the path of a use of a versioned base is written: the text after the version segment,
   * from the first piece that does not come through the base (pieces with more than `depth`
   * constants behind them come through it). A string says why the path cannot be a member: it
   * comes from a parameter or an expression the check cannot follow, or from a constant, or it is
   * written so that `--fix` cannot rewrite it in place. Undefined: the version is not in the base.
   */
  private memberSpan(m: PathMatch, pieces: Piece[], vt: Virtual, depth = 0): MemberSpan | string | undefined {
    let ownStart = m.versionStart;
    while (ownStart < m.end && pieces[vt.owner[ownStart]].via.length > depth) ownStart++;
    if (ownStart < m.versionStart + '2023-01'.length) return undefined;
    if (ownStart >= m.end) return 'a path written in a constant, which `--fix` does not move with the base';
    for (let i = ownStart; i < m.end; i++) if (pieces[vt.owner[i]].via.length > depth) return 'a path partly written in a constant, which `--fix` does not move with the base';
    const firstOwn = pieces[vt.owner[ownStart]];
    if (firstOwn.t !== 'lit') return `a path the check cannot see (\`${shortText(firstOwn.node.getText(firstOwn.unit.sf))}\`)`;
    if (!firstOwn.exact) return 'a path written with escapes, which `--fix` cannot rewrite in place';
    const start = firstOwn.pos + vt.offset[ownStart];
    let endIdx = m.end - 1;
    while (endIdx > ownStart && pieces[vt.owner[endIdx]].t !== 'lit') endIdx--;
    const endPiece = pieces[vt.owner[endIdx]] as LitPiece;
    return { ownStart, firstOwn, start, end: endPiece.pos + vt.offset[endIdx] + 1 };
  }

  /** The group of the versioned base whose version segment is at this place of the virtual text. */
  private groupAt(vPiece: LitPiece, vt: Virtual, versionStart: number): BaseGroup {
    const start = vPiece.pos + vt.offset[versionStart];
    const key = `${vPiece.unit.file}:${start}`;
    let g = this.baseGroups.get(key);
    if (!g) {
      g = { unit: vPiece.unit, start, end: start + '2023-01'.length, exact: vPiece.exact, label: vPiece.via.find((v) => v.label !== BASE_OPTION)?.label ?? vPiece.text, members: [], unseen: [] };
      this.baseGroups.set(key, g);
    }
    return g;
  }

  /** A use of a versioned base whose path cannot be tied to it: the base is held until a person checks it. */
  private unseenUse(g: BaseGroup, unit: Unit, node: ts.Node, why: string): void {
    if (!g.unseen.some((x) => x.node === node && x.why === why)) g.unseen.push({ unit, node, why });
  }

  /**
   * A path whose version segment comes from a base defined elsewhere (a constant, an instance's
   * baseURL) and whose rest is written here: it moves with the base or not at all. A use whose
   * path cannot be seen here (`use`, as written) holds the base.
   */
  private groupMember(unit: Unit, m: PathMatch, pieces: Piece[], vt: Virtual, vPiece: LitPiece, use?: ts.Node): boolean {
    if (m.version !== '2023-01') return false;
    const span = this.memberSpan(m, pieces, vt);
    if (span === undefined) return false;
    const g = this.groupAt(vPiece, vt, m.versionStart);
    if (typeof span === 'string') {
      if (use) this.unseenUse(g, unit, use, span);
      return false;
    }
    const { ownStart, start, end } = span;
    const ownText = vt.text.slice(ownStart, m.end);
    let edit: UnitEdit | undefined;
    if (m.newPath && !m.partial && m.rule!.fix === 'safe') {
      const [head, ...rest] = m.newPath;
      if (typeof head === 'string' && head.startsWith('/2024-09')) {
        let rel = head.slice('/2024-09'.length);
        if (!ownText.startsWith('/') && rel.startsWith('/')) rel = rel.slice(1);
        edit = renderRegion(pieces, vt, ownStart, m.end, rel ? [rel, ...rest] : rest);
      }
    }
    if (!g.members.some((x) => x.unit.file === unit.file && x.start === start))
      g.members.push({ unit, start, end, edit, match: m, shown: displayPath(vt.text.slice(m.start, m.end), pieces, vt, m.start), own: displayPath(ownText, pieces, vt, ownStart) });
    return true;
  }

  /**
   * A versioned base joined with a path the check cannot see (`${API}${path}`, `API + path`): the
   * version segment is followed at once by a hole, so no path is found there; the base is held.
   */
  private unseenAfterBase(unit: Unit, use: ts.Node, pieces: Piece[], vt: Virtual, basePieces = pieces.length): void {
    for (const i of versionsBeforeHole(vt.text)) {
      if (vt.owner[i] >= basePieces) continue;
      const vp = pieces[vt.owner[i]];
      const hp = pieces[vt.owner[i + '2023-01'.length]];
      if (vp?.t !== 'lit' || vp.via.length === 0 || vt.owner[i + '2023-01'.length - 1] !== vt.owner[i] || hp?.t !== 'hole') continue;
      // a hole of the base's own definition (`${HOST}/2023-01${SUFFIX}` used elsewhere) is the base's
      if (hp.via.length > 0 && hp.via[0] === vp.via[0]) continue;
      this.unseenUse(this.groupAt(vp, vt, i), unit, use, `a path the check cannot see (\`${shortText(hp.node.getText(hp.unit.sf))}\`)`);
    }
  }

  private memberKey(x: BaseGroup['members'][number]): string {
    return `${x.unit.file}:${x.start + x.unit.offset}:${x.match.rule!.id}`;
  }

  /**
   * Each versioned base moves to /2024-09 with all its relative paths, when every one of them has a
   * 2024-09 form and can be seen, and the base and every path lie in the files the run checks (a
   * run on narrower paths writes none other: moving the paths without their base would break them).
   */
  private finishBaseGroups(): void {
    for (const g of this.baseGroups.values()) {
      this.settleGroup(g);
      for (const x of g.members) this.memberGroups.set(this.memberKey(x), g);
    }
  }

  /**
   * After requests are held (holdRequests): a movable group one of whose paths was left for a
   * person with its body is held as a whole (moving the base would move that path with it).
   */
  private reblockGroups(): boolean {
    let changed = false;
    for (const g of this.baseGroups.values()) {
      if (!g.movable) continue;
      let held = false;
      for (const x of g.members) {
        const f = this.findings.get(this.memberKey(x));
        if (f && f.fixKind === 'none' && !x.heldBy) {
          // why it is held (holdRequests wrote it after the member's own words)
          const at = f.message.search(/[Ll]eft for a person: /);
          x.heldBy = at >= 0 ? f.message.slice(at + 'left for a person: '.length).replace(/\.$/, '') : 'the request is left for a person as a whole';
          held = true;
        }
      }
      if (held) {
        this.settleGroup(g);
        changed = true;
      }
    }
    return changed;
  }

  private settleGroup(g: BaseGroup): void {
    const given = this.options.given;
    const baseStart = g.start - 1 >= 0 && g.unit.sf.text[g.start - 1] === '/' ? g.start - 1 : g.start;
    const outside = given ? [...new Set([g.unit.file, ...g.members.map((x) => x.unit.file), ...g.unseen.map((x) => x.unit.file)])].filter((f) => !given.has(f)) : [];
    if (outside.length) {
      g.movable = false;
      const where = outside.map((f) => this.shownFile(f)).join(', ');
      const why = `${outside.includes(g.unit.file) ? 'the base is defined' : 'paths sent through it lie'} in ${where}, outside the files this run checks; \`--fix\` moves a base and its paths together, in a run over both`;
      this.add('versioned-base-url', g.unit, baseStart, g.end,
        `The base URL \`${g.label}\` carries the 2023-01 version; every relative path sent through it is a 2023-01 path (${g.members.length} of them here), left for a person: ${why}.`,
        { replace: true });
      for (const x of g.members) {
        const ep = x.match.rule!.endpoint;
        this.add(x.match.rule!.id, x.unit, x.start, x.end,
          `\`${x.own}\` sent through the versioned base URL \`${g.label}\` forms \`${x.shown}\`, a 2023-01 path${ep?.new ? `; 2024-09 uses \`${ep.new}\`` : ' the spec does not map'}; left for a person: ${why}.`,
          { replace: true, context: { kind: x.match.bodyContext ?? 'path', by: 'path', endpoint: ep ? `${ep.method} ${ep.old}` : undefined } });
      }
      return;
    }
    const blocking = g.members.filter((x) => !x.edit);
    const heldWithBody = g.members.filter((x) => x.edit && x.heldBy);
    const movable = blocking.length === 0 && heldWithBody.length === 0 && g.unseen.length === 0 && g.exact;
    g.movable = movable;
    const baseEdit: UnitEdit = { unit: g.unit, start: g.start, end: g.end, text: '2024-09' };
    const noForm = blocking.map((x) => `\`${x.shown}\``).join(', ');
    const reasons: string[] = [];
    if (blocking.length) reasons.push(`${noForm} ${blocking.length === 1 ? 'has' : 'have'} no 2024-09 form`);
    if (heldWithBody.length) reasons.push(`${heldWithBody.map((x) => `\`${x.shown}\``).join(', ')} ${heldWithBody.length === 1 ? 'is' : 'are'} left for a person with the body sent to ${heldWithBody.length === 1 ? 'it' : 'them'}`);
    for (const u of g.unseen) {
      const line = lineCol(u.unit.fileText, u.node.getStart(u.unit.sf) + u.unit.offset).line;
      reasons.push(`${codeSpan(u.node, u.unit.sf)} (${this.shownFile(u.unit.file)}:${line}) sends through it ${u.why}`);
    }
    const holds = reasons.join('; ');
    this.add('versioned-base-url', g.unit, baseStart, g.end,
      movable
        ? `The base URL \`${g.label}\` carries the 2023-01 version; every relative path sent through it is a 2023-01 path (${g.members.length} of them). \`--fix\` moves it to /2024-09 together with those paths.`
        : `The base URL \`${g.label}\` carries the 2023-01 version; it cannot move to /2024-09 while ${holds || 'a path sent through it has no 2024-09 form'} (left for a person: move those paths by hand, then the base).`,
      { edits: movable ? [baseEdit] : undefined, fixKind: movable ? 'safe' : 'none', replace: true, fixDescription: "write '2024-09'", newText: '2024-09' });
    for (const x of g.members) {
      const rule = x.match.rule!;
      const ep = rule.endpoint;
      const context = { kind: x.match.bodyContext ?? 'path', by: 'path' as const, endpoint: ep ? `${ep.method} ${ep.old}` : undefined };
      if (x.heldBy) {
        this.add(rule.id, x.unit, x.start, x.end, `\`${x.own}\` sent through the versioned base URL \`${g.label}\` forms \`${x.shown}\`, a 2023-01 path; 2024-09 uses \`${ep?.new ?? '?'}\`; left for a person: ${x.heldBy}; the base waits for it.`, { fixKind: 'none', replace: true, context });
        continue;
      }
      const msg = movable
        ? `\`${x.own}\` sent through the versioned base URL \`${g.label}\` forms \`${x.shown}\`${ep ? ` (${ep.method} ${ep.old})` : ''}; 2024-09 uses \`${ep?.new ?? '?'}\`; \`--fix\` moves it with the base.`
        : `\`${x.own}\` sent through the versioned base URL \`${g.label}\` forms \`${x.shown}\`, a 2023-01 path${ep?.new ? `; 2024-09 uses \`${ep.new}\`` : ' the spec does not map'}; left for a person: it moves only with the base, which is held back (${holds}).`;
      this.add(rule.id, x.unit, x.start, x.end, msg, { edits: movable && x.edit ? [x.edit] : undefined, fixKind: movable ? 'safe' : 'none', replace: true, context });
    }
  }

  // ---------------------------------------------------------------- calls and bodies

  private scanCalls(unit: Unit): void {
    for (const call of treeIndex(unit.sf).calls) this.analyzeCall(unit, call);
  }

  /** The endpoint a URL expression names: a service match, another vendor's, or unknown. */
  private endpointOf(unit: Unit, e: ts.Expression, base?: Piece[]): { match?: PathMatch; foreign: boolean; url: boolean; pathKey?: string } {
    const own = this.pieces(unit, e);
    const pieces = base ? joinBase(base, own) : own;
    const vt = virtualText(pieces);
    const text = vt.text;
    const looksUrl = /^(?:[a-z][a-z0-9+.-]*:\/\/|\/|[\ue000-\uf8ff]\/|[\ue000-\uf8ff]?[a-z0-9_-]+\/)/i.test(text) && !/\s/.test(text.trim());
    if (!looksUrl) return { foreign: false, url: false };
    const matches = findPaths(text);
    if (matches.length) {
      if (base) for (const m of matches) this.checkBase(m, pieces, vt);
      const m = matches[matches.length - 1];
      if (m.version !== 'v1' && this.otherHost(m)) return { foreign: true, url: true };
      if (m.rule && m.rule.id !== 'versioned-base-url') this.oldCallers.add(unit.file);
      const vPiece = pieces[vt.owner[m.versionStart]];
      let pathKey = m.rule && vPiece?.t === 'lit' ? `${vPiece.unit.file}:${pathStart(m, vPiece, vt) + vPiece.unit.offset}:${m.rule.id}` : undefined;
      // a path sent through a versioned base: its finding is where its own text is written
      if (m.rule && m.rule.id !== 'versioned-base-url' && m.version === '2023-01' && vPiece?.t === 'lit' && vPiece.via.length > 0) {
        let depth = vPiece.via.length;
        for (let i = vt.owner[m.start]; i <= vt.owner[Math.max(m.start, m.end - 1)]; i++) {
          const p = pieces[i];
          let k = 0;
          while (k < p.via.length && k < vPiece.via.length && p.via[k] === vPiece.via[k]) k++;
          depth = Math.min(depth, k);
        }
        const span = this.memberSpan(m, pieces, vt, depth);
        if (span && typeof span !== 'string') pathKey = `${span.firstOwn.unit.file}:${span.start + span.firstOwn.unit.offset}:${m.rule.id}`;
      }
      return { match: m, foreign: false, url: true, pathKey };
    }
    const origin = /^([a-z][a-z0-9+.-]*:\/\/[^/?#\s\ue000-\uf8ff]+)/i.exec(text)?.[1];
    if (origin) {
      const o = originOf(origin);
      // another vendor's host is known only when the service's hosts are configured
      const configured = [this.hosts.base, this.hosts.legacy, this.hosts.staging].filter(Boolean);
      const service = !!o && configured.includes(o);
      if (configured.length > 0) return { foreign: !service, url: true };
    }
    const path = text.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s\ue000-\uf8ff]+/i, '').replace(/^[\ue000-\uf8ff]+/, '');
    if (/^\/?(?:v\d+|api)\//i.test(path)) return { foreign: true, url: true };
    return { foreign: false, url: true };
  }

  /**
   * The base URL a call's URL is sent through: its client instance's, unless the URL names its own
   * host (`https://…`, `//…`), which the client sends as it is.
   */
  private baseFor(unit: Unit, callee: ts.Expression, urlUnit: Unit, url: ts.Expression, options: RequestOption[] = []): Piece[] | undefined {
    const base = this.requestBase(options) ?? this.instanceBase(unit, callee);
    if (!base) return undefined;
    const first = this.pieces(urlUnit, url)[0];
    return first?.t === 'lit' && /^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(first.text) ? undefined : base;
  }

  /**
   * A request's own base (axios' `baseURL` in its config, got's and ky's `prefixUrl` in their
   * options): the first of these options objects that gives one of its keys. It overrides the
   * instance's.
   */
  private requestBase(options: RequestOption[]): Piece[] | undefined {
    for (const { obj, keys } of options) {
      if (!obj) continue;
      for (const k of keys) {
        const value = propertyValue(findProperty(obj.node, k));
        if (value) return this.pieces(obj.unit, value);
      }
    }
    return undefined;
  }

  /**
   * The base URL of an HTTP client instance (`axios.create({ baseURL })`, `ky.create({ prefixUrl })`),
   * called through a method (`api.get(…)`) or itself (`api('/labels', cfg)`, `api({ url })`), or
   * of axios itself where its defaults set one.
   */
  private instanceBase(unit: Unit, callee: ts.Expression): Piece[] | undefined {
    let obj: ts.Expression;
    if (ts.isIdentifier(callee)) {
      if (this.axiosDefaults.length && this.isAxios(unit, callee)) return this.defaultBase(unit);
      obj = callee;
    } else if (ts.isPropertyAccessExpression(callee)) obj = unwrap(callee.expression);
    else return undefined;
    let init: { unit: Unit; expr: ts.Expression } | undefined;
    if (ts.isIdentifier(obj)) {
      const decl = this.bindings.resolve(unit, obj);
      if (obj !== callee && this.axiosDefaults.length && isAxiosDecl(obj, decl)) return this.defaultBase(unit);
      const v = decl && this.ev.valueOf(decl);
      if (v) init = { unit: v.unit, expr: unwrap(v.expr) };
    } else if (ts.isPropertyAccessExpression(obj) && obj.expression.kind === ts.SyntaxKind.ThisKeyword) {
      return undefined;
    }
    if (!init || !ts.isCallExpression(init.expr)) return undefined;
    const c = init.expr;
    if (!ts.isPropertyAccessExpression(c.expression) || !['create', 'extend'].includes(c.expression.name.text) || !c.arguments[0]) return undefined;
    const cfg = this.ev.objectOf(init.unit, c.arguments[0]);
    if (!cfg) return undefined;
    const value = propertyValue(findProperty(cfg.node, 'baseURL') ?? findProperty(cfg.node, 'prefixUrl') ?? findProperty(cfg.node, 'baseUrl') ?? findProperty(cfg.node, 'prefixURL'));
    return value && this.pieces(cfg.unit, value);
  }

  /**
   * A relative path sent through a versioned base: a member of the base's group. `use`: the
   * request (a call of an HTTP method or of the instance itself), whose path, when it cannot be
   * seen, holds the base.
   */
  private sentThroughBase(unit: Unit, base: Piece[], url: ts.Expression, use?: ts.Node): void {
    const pieces = joinBase(base, this.pieces(unit, url));
    const vt = virtualText(pieces);
    for (const m of findPaths(vt.text)) {
      const vPiece = pieces[vt.owner[m.versionStart]];
      // the version segment must lie in the base (a path constant holding '/2023-01/…' is no member of it)
      if (vt.owner[m.versionStart] >= base.length) continue;
      if (m.rule && vPiece && vPiece.t === 'lit' && vPiece.via.length > 0 && m.rule.id !== 'versioned-base-url') this.groupMember(unit, m, pieces, vt, vPiece, use);
    }
    if (use) this.unseenAfterBase(unit, use, pieces, vt, base.length);
  }

  /** Is this name axios itself (its import, its require, or the global a script tag brings)? */
  private isAxios(unit: Unit, id: ts.Identifier): boolean {
    return isAxiosDecl(id, this.bindings.resolve(unit, id));
  }

  /**
   * `axios.defaults.baseURL = …`: a base every relative path sent with axios itself goes through,
   * in the package that sets it (a monorepo's other packages run in other processes).
   */
  private findAxiosDefaults(unit: Unit): void {
    if (!setsAxiosDefaults(unit.sf.text)) return;
    const visit = (n: ts.Node): void => {
      if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
        const left = unwrap(n.left);
        const target = ts.isPropertyAccessExpression(left) ? left.name.text : ts.isElementAccessExpression(left) && ts.isStringLiteralLike(left.argumentExpression) ? left.argumentExpression.text : undefined;
        const owner = target === 'baseURL' && (ts.isPropertyAccessExpression(left) || ts.isElementAccessExpression(left)) ? unwrap(left.expression) : undefined;
        if (owner && ts.isPropertyAccessExpression(owner) && owner.name.text === 'defaults') {
          const lib = unwrap(owner.expression);
          if (ts.isIdentifier(lib) && this.isAxios(unit, lib)) this.axiosDefaults.push({ unit, value: n.right, scope: this.packageDir(unit.file) });
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
  private defaultBase(unit: Unit): Piece[] | undefined {
    const scope = this.packageDir(unit.file);
    const set = this.axiosDefaults.filter((d) => d.scope === scope);
    return set.length === 1 ? this.pieces(set[0].unit, set[0].value) : undefined;
  }

  /**
   * The folder of the nearest package.json above a file: the file system's root without one, or
   * the run's root where it has one (nothing above it is looked at).
   */
  private packageDir(file: string): string {
    const chain: string[] = [];
    let dir = path.dirname(file);
    let found: string | undefined;
    const top = this.options.root;
    for (;;) {
      const known = this.packageDirs.get(dir);
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
    for (const d of chain) this.packageDirs.set(d, found);
    return found;
  }

  /**
   * The options objects of a request whose URL comes first, where it may give its own base:
   * axios' config is the third argument of post/put/patch and the second of the others (and of
   * a call of axios or an instance itself); got's and ky's options, with `prefixUrl`, the second.
   */
  private requestOptions(unit: Unit, method: string, args: ts.NodeArray<ts.Expression>): RequestOption[] {
    const at = (i: number) => (args[i] && !ts.isSpreadElement(args[i]) ? this.ev.objectOf(unit, args[i]) : undefined);
    if (BODY_METHODS.has(method)) return [{ obj: at(2), keys: ['baseURL', 'prefixUrl'] }, { obj: at(1), keys: ['prefixUrl'] }];
    return [{ obj: at(1), keys: ['baseURL', 'prefixUrl'] }];
  }

  private analyzeCall(unit: Unit, call: ts.CallExpression): void {
    const callee = unwrap(call.expression);
    const method = ts.isPropertyAccessExpression(callee) ? callee.name.text.toLowerCase() : ts.isIdentifier(callee) ? callee.text : '';
    const args = call.arguments;

    // superagent: agent.post(url).set(...).send(body)
    if (method === 'send' && ts.isPropertyAccessExpression(callee) && args[0]) {
      let inner: ts.Expression = callee.expression;
      while (ts.isCallExpression(inner) && ts.isPropertyAccessExpression(inner.expression)) {
        const name = inner.expression.name.text.toLowerCase();
        if (BODY_METHODS.has(name) && inner.arguments[0]) {
          const ep = this.endpointOf(unit, inner.arguments[0]);
          if (ep.url) this.applyBody(unit, args[0], ep, false, true);
          return;
        }
        inner = inner.expression.expression;
      }
    }

    // config-object form: axios({ url, data }), request({ url, json }), got({ url, json })
    if (args.length >= 1) {
      const cfg = this.ev.objectOf(unit, args[0]);
      if (cfg) {
        const url = propertyValue(findProperty(cfg.node, 'url') ?? findProperty(cfg.node, 'uri'));
        if (url) {
          const base = this.baseFor(unit, callee, cfg.unit, url, [{ obj: cfg, keys: ['baseURL', 'prefixUrl'] }]);
          const ep = this.endpointOf(cfg.unit, url, base);
          if (base && ep.match) this.sentThroughBase(cfg.unit, base, url, isRequest(callee) ? call : undefined);
          if (ep.url) {
            const body = bodyValue(cfg.node, ['data', 'json', 'body', 'form']);
            if (body) this.applyBody(cfg.unit, body, ep, false, true);
            return;
          }
        }
      }
    }

    // the URL among the first arguments
    for (let i = 0; i < Math.min(args.length, 3); i++) {
      const a = unwrap(args[i]);
      if (ts.isObjectLiteralExpression(a) || ts.isArrowFunction(a) || ts.isFunctionExpression(a)) continue;
      const base = i === 0 ? this.baseFor(unit, callee, unit, args[i], this.requestOptions(unit, method, args)) : undefined;
      const ep = this.endpointOf(unit, args[i], base);
      if (!ep.url) continue;
      if (base && ep.match) this.sentThroughBase(unit, base, args[i], isRequest(callee) ? call : undefined);
      const next = args[i + 1];
      if (!next) return;
      if (NO_BODY_METHODS.has(method)) return;
      const isFetch = method === 'fetch' || method === '$fetch' || method === 'ofetch';
      this.applyBody(unit, next, ep, !isFetch);
      return;
    }
  }

  /**
   * Tie the body (or an options object holding it) to the endpoint's context. `direct`: the
   * argument is the body itself (`.send(body)`, the `json`/`data` of a config object), not an
   * options object to look into.
   */
  private applyBody(unit: Unit, arg: ts.Expression, ep: { match?: PathMatch; foreign: boolean; pathKey?: string }, maybeData: boolean, direct = false): void {
    const ctx: ContextKind | undefined = ep.foreign ? 'foreign' : (ep.match?.bodyContext as ContextKind | undefined);
    if (!ctx) return;
    const outer = this.collecting;
    const outerObjects = this.bodyObjects;
    const body: Finding[] = (this.collecting = []);
    const objects: Span[] = (this.bodyObjects = []);
    let unseen: string | undefined;
    try {
      unseen = this.tieBody(unit, arg, ep, ctx, maybeData, direct);
    } finally {
      this.collecting = outer;
      this.bodyObjects = outerObjects;
      outer?.push(...body);
      outerObjects?.push(...objects);
    }
    if (ctx !== 'foreign') this.requests.push({ pathKey: ep.pathKey, body, objects, unseen: objects.length ? undefined : unseen });
  }

  /**
   * A request whose body keeps something `--fix` leaves for a person (a nested pickup object with
   * another value, a computed key, a body already half in 2024-09 form) is left whole: moving its
   * path, or renaming the rest of its body, would send one version's body to the other's endpoint,
   * and nothing would be reported after the fix. Its path and body stay reported, fixed by none.
   */
  private holdRequests(): void {
    // until nothing changes: a path held for one request holds the body of every request sent to it
    for (let changed = true; changed; ) {
      changed = false;
      const hold = (f: Finding | undefined, why: string) => {
        if (!f || f.fixKind === 'none') return;
        leaveForPerson(f, why);
        changed = true;
      };
      for (const r of this.requests) {
        const path = r.pathKey ? this.findings.get(r.pathKey) : undefined;
        // a body that cannot be seen (a parameter no caller fills): it may be in either version, so
        // its path stays with it
        if (path && r.unseen) hold(path, r.unseen);
        // a path left for a person (no 2024-09 form, a full URL without baseUrl, a path built with
        // a constant defined elsewhere): its body stays in the old version with it
        if (path && path.fixKind === 'none' && path.changeKind === 'endpoint-moved') {
          const g = this.memberGroups.get(r.pathKey!);
          const why = g
            ? `the path it is sent to stays as it is (${path.ruleId}), with the versioned base URL \`${g.label}\` it is sent through, which is held back: once they move, \`--fix\` renames this too`
            : `the path it is sent to stays as it is (${path.ruleId}): once that path moves, \`--fix\` renames this too`;
          for (const f of [...r.body, ...this.findingsIn(r.objects)]) hold(f, why);
          continue;
        }
        // a path that moves only on an assumption (`--fix --unsafe`): its body moves with it, on the same assumption
        if (path && path.fixKind === 'unsafe' && path.changeKind === 'endpoint-moved') {
          const why = `the path it is sent to, which has no 2024-09 form in the spec (${path.ruleId})`;
          for (const f of [...r.body, ...this.findingsIn(r.objects)]) {
            if (!f || f.fixKind !== 'safe') continue;
            withUnsafePath(f, why);
            changed = true;
          }
          continue;
        }
        // the body's findings: those made for this request, and those of objects it shares with
        // another request (a constant, a builder), made when that request met them first
        const inBody = [...new Set([...r.body, ...this.findingsIn(r.objects)])];
        const left = inBody.filter((f) => f.fixKind === 'none' && HOLDING_RULES.has(f.ruleId));
        if (left.length) {
          const why = `the body sent with it holds what \`--fix\` leaves (${[...new Set(left.map((f) => f.ruleId))].join(', ')}): migrate the request as a whole by hand`;
          for (const f of [path, ...inBody]) hold(f, why);
          continue;
        }
        // a body that moves only with `--unsafe` (shared with a request whose path moves on an
        // assumption): this path waits for it too
        const assumed = inBody.find((f) => f.fixKind === 'unsafe' && f.changeKind !== 'endpoint-moved');
        if (path && path.fixKind === 'safe' && assumed) {
          withUnsafePath(path, `the body sent to it, which moves only with \`--unsafe\` (${assumed.ruleId})`);
          changed = true;
        }
      }
    }
  }

  /** The findings written inside these object literals (an event name in a webhook body, made by its own check). */
  private findingsIn(objects: Span[]): Finding[] {
    if (!objects.length) return [];
    const spans = objects.map((t) => ({ file: t.unit.file, start: t.node.getStart(t.unit.sf) + t.unit.offset, end: t.node.getEnd() + t.unit.offset }));
    return [...this.findings.values()].filter((f) => spans.some((x) => f.file === x.file && f.start >= x.start && f.end <= x.end));
  }

  /**
   * An object sent to another vendor's endpoint, which takes its keys as they are, and as the
   * service's old body: renaming them would break the other request, leaving them the old one.
   * Its old keys are reported, fixed by none (so the old request is left whole: holdRequests).
   */
  private settleMixed(): void {
    const why = "this object is also sent to another vendor's endpoint, which takes its keys as they are: give each request its own object";
    for (const m of this.mixed) {
      const inside = this.findingsIn([m]).filter((f) => f.changeKind !== 'check');
      if (inside.length) {
        for (const f of inside) if (f.fixKind !== 'none') leaveForPerson(f, why);
        continue;
      }
      // the other vendor's request came first: the old keys were never reported
      const renames = renamesIn(m.ctx);
      for (const p of m.node.properties) {
        const name = p.name && propName(p.name);
        const change = name !== undefined ? renames.get(name) : undefined;
        if (!p.name || !change) continue;
        const f = this.add(change.rule.id, m.unit, p.name.getStart(m.unit.sf), p.name.getEnd(), `\`${name}\` in ${contextLabel(m.ctx)} is \`${change.to}\` in 2024-09; ${fixNote('none', why)}.`, { context: m.info });
        if (f) m.body?.push(f);
      }
    }
  }

  /**
   * Tie a request's body to its context. Returns why the body cannot be seen, when it is a
   * parameter that no caller in the project fills and no request type describes (it may be in
   * either version, so the request cannot move).
   */
  private tieBody(unit: Unit, arg: ts.Expression, ep: { match?: PathMatch }, ctx: ContextKind, maybeData: boolean, direct: boolean): string | undefined {
    const info: RequestContext = { kind: ctx, by: 'endpoint', endpoint: ep.match?.rule?.endpoint ? `${ep.match.rule.endpoint.method} ${ep.match.rule.endpoint.old}` : ep.match?.path };
    let unseen: string | undefined;
    for (const body of direct ? [{ unit, expr: arg }] : this.bodyExpressions(unit, arg, maybeData)) {
      for (const t of this.objects(body.unit, body.expr)) this.applyContext(t, ctx, info);
      const expr = stringified(body.unit, body.expr);
      const forwarded = this.forwardedArgs(body.unit, expr);
      for (const a of forwarded) for (const t of this.objects(a.unit, a.expr)) this.applyContext(t, ctx, info);
      const e = unwrap(expr);
      if (ts.isIdentifier(e) && ctx !== 'foreign' && renamesIn(ctx).size + (ctx === 'labels-2023-01' || ctx === 'webhook-2023-01' ? 1 : 0) > 0) this.shaped.push({ unit: body.unit, node: e, ctx, info, owner: this.collecting });
      if (!forwarded.length) unseen ??= this.unseenParameter(body.unit, e);
    }
    return unseen;
  }

  /** A body that is a parameter with no request type (none, `unknown`, `any`, `object`, a `Record`): why it cannot be seen. */
  private unseenParameter(unit: Unit, e: ts.Expression): string | undefined {
    if (!ts.isIdentifier(e)) return undefined;
    const decl = this.bindings.resolve(unit, e);
    if (!decl || decl.kind !== 'param') return undefined;
    const type = decl.node.type;
    const described = type && (ts.isTypeLiteralNode(type) || (ts.isTypeReferenceNode(type) && !(ts.isIdentifier(type.typeName) && type.typeName.text === 'Record')));
    if (described) return undefined;
    return `the body sent with it cannot be seen (\`${e.text}\` is a parameter that no caller in the project fills and no request type describes, so it may be in either version): move the request and its body together by hand`;
  }

  /** The body inside an argument: `{ json }`, `{ body: JSON.stringify(x) }`, or the argument itself. */
  private bodyExpressions(unit: Unit, arg: ts.Expression, maybeData: boolean): { unit: Unit; expr: ts.Expression }[] {
    const obj = this.ev.objectOf(unit, arg);
    if (obj) {
      const keys = obj.node.properties.map((p) => (p.name ? propName(p.name) : undefined));
      const isOptions = keys.length > 0 && keys.every((k) => k !== undefined && OPTION_KEYS.has(k));
      if (isOptions || !maybeData) {
        const body = bodyValue(obj.node, isOptions ? ['json', 'body', 'data', 'form'] : ['json', 'body', 'form']);
        if (body) return [{ unit: obj.unit, expr: body }];
        if (!maybeData) return [];
      }
    }
    return [{ unit, expr: arg }];
  }

  private callIndex?: Map<string, { unit: Unit; call: ts.CallExpression }[]>;

  /** Calls by the name they call (`createPickup(…)`, `client.createPickup(…)`), over the units analysed. */
  private callsNamed(name: string): { unit: Unit; call: ts.CallExpression }[] {
    if (!this.callIndex) {
      this.callIndex = new Map();
      for (const unit of this.store.all()) {
        const visit = (n: ts.Node): void => {
          if (ts.isCallExpression(n)) {
            const c = unwrap(n.expression);
            const nm = ts.isIdentifier(c) ? c.text : ts.isPropertyAccessExpression(c) ? c.name.text : undefined;
            if (nm) {
              if (!this.callIndex!.has(nm)) this.callIndex!.set(nm, []);
              this.callIndex!.get(nm)!.push({ unit, call: n });
            }
          }
          ts.forEachChild(n, visit);
        };
        visit(unit.sf);
      }
    }
    return this.callIndex.get(name) ?? [];
  }

  /**
   * A body that is a parameter of a client's own wrapper (`createPickup(body) { return http.post(PATH, body) }`):
   * the arguments its callers pass. Callers are found by the wrapper's name; generic verbs are not followed.
   */
  private forwardedArgs(unit: Unit, e: ts.Expression): { unit: Unit; expr: ts.Expression }[] {
    e = unwrap(e);
    if (!ts.isIdentifier(e)) return [];
    const decl = this.bindings.resolve(unit, e);
    if (!decl || decl.kind !== 'param') return [];
    const fn = decl.fn as ts.SignatureDeclaration;
    let name: string | undefined;
    if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name && ts.isIdentifier(fn.name)) name = fn.name.text;
    else if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && fn.parent) {
      const p = fn.parent;
      if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) name = p.name.text;
      else if ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && ts.isIdentifier(p.name)) name = p.name.text;
    }
    if (!name || GENERIC_VERBS.has(name.toLowerCase())) return [];
    const out: { unit: Unit; expr: ts.Expression }[] = [];
    for (const { unit: u, call } of this.callsNamed(name)) {
      const arg = call.arguments[decl.index];
      if (arg && !call.arguments.some((a) => ts.isSpreadElement(a))) out.push({ unit: u, expr: arg });
    }
    return out;
  }

  /** The object literals an expression evaluates to (variables, builders, JSON.stringify, spreads). */
  objects(unit: Unit, e: ts.Expression, depth = 0): Target[] {
    if (depth > 8) return [];
    e = unwrap(e);
    if (ts.isObjectLiteralExpression(e)) return [{ unit, node: e }];
    if (ts.isIdentifier(e)) {
      const decl = this.bindings.resolve(unit, e);
      const v = decl && this.ev.valueOf(decl);
      return v ? this.objects(v.unit, v.expr, depth + 1) : [];
    }
    if (ts.isConditionalExpression(e)) return [...this.objects(unit, e.whenTrue, depth + 1), ...this.objects(unit, e.whenFalse, depth + 1)];
    if (ts.isBinaryExpression(e) && (e.operatorToken.kind === ts.SyntaxKind.BarBarToken || e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken))
      return [...this.objects(unit, e.left, depth + 1), ...this.objects(unit, e.right, depth + 1)];
    // `cond && { … }` (a spread under a condition): the object, when the condition holds (a falsy left side spreads nothing)
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) return this.objects(unit, e.right, depth + 1);
    if (ts.isAwaitExpression(e)) return this.objects(unit, e.expression, depth + 1);
    if (ts.isCallExpression(e)) {
      const c = unwrap(e.expression);
      if (ts.isPropertyAccessExpression(c) && c.expression.getText(unit.sf) === 'JSON' && c.name.text === 'stringify' && e.arguments[0])
        return this.objects(unit, e.arguments[0], depth + 1);
      if (ts.isPropertyAccessExpression(c) && c.expression.getText(unit.sf) === 'Object' && c.name.text === 'assign')
        return e.arguments.flatMap((a) => this.objects(unit, a, depth + 1));
      const fn = this.ev.functionOf(unit, c);
      if (fn) return returnExpressions(fn.node).flatMap((r) => this.objects(fn.unit, r, depth + 1));
    }
    return [];
  }

  /**
   * The objects a spread in a body brings in: those its expression evaluates to, or, for a
   * parameter of a builder (`pickupBody(extra) { return { …, ...extra } }`), the objects its
   * callers pass (their keys are the body's keys too: left as they were, the migrated body would
   * send them under their old names).
   */
  private spreadObjects(unit: Unit, e: ts.Expression): Target[] {
    const own = this.objects(unit, e);
    return own.length ? own : this.forwardedArgs(unit, e).flatMap((a) => this.objects(a.unit, a.expr));
  }

  /** Entries of an array: literal elements, `.map(cb)` results, a variable holding either. */
  private entries(unit: Unit, e: ts.Expression, depth = 0): Target[] {
    if (depth > 8) return [];
    e = unwrap(e);
    if (ts.isArrayLiteralExpression(e))
      return e.elements.flatMap((el) => (ts.isSpreadElement(el) ? this.entries(unit, el.expression, depth + 1) : this.objects(unit, el, depth + 1)));
    if (ts.isIdentifier(e)) {
      const decl = this.bindings.resolve(unit, e);
      const v = decl && this.ev.valueOf(decl);
      return v ? this.entries(v.unit, v.expr, depth + 1) : [];
    }
    if (ts.isCallExpression(e)) {
      const c = unwrap(e.expression);
      const name = ts.isPropertyAccessExpression(c) ? c.name.text : '';
      const cb = name === 'map' || name === 'flatMap' ? e.arguments[0] : name === 'from' ? e.arguments[1] : undefined;
      if (cb) {
        const fn = this.ev.functionOf(unit, cb);
        if (fn) return returnExpressions(fn.node).flatMap((r) => (name === 'flatMap' ? this.entries(fn.unit, r, depth + 1) : this.objects(fn.unit, r, depth + 1)));
      }
      const fn = this.ev.functionOf(unit, c);
      if (fn) return returnExpressions(fn.node).flatMap((r) => this.entries(fn.unit, r, depth + 1));
    }
    return this.objects(unit, e, depth + 1);
  }

  /** Mark an object and everything nested in it as decided (another vendor's, or already 2024-09). */
  private markTree(node: ts.Node, ctx: ContextKind): void {
    const visit = (n: ts.Node) => {
      if (ts.isObjectLiteralExpression(n) && !this.contexted.has(n)) this.contexted.set(n, ctx);
      ts.forEachChild(n, visit);
    };
    visit(node);
  }

  applyContext(t: Target, ctx: ContextKind, info: RequestContext): void {
    const { unit, node } = t;
    this.bodyObjects?.push(t);
    // a body sent to the 2024-09 pickups path that still gives a v1-only field (`preferred_date`, a
    // nested `pickup`) is half migrated: 2024-09 does not read those fields, so it is a v1 body
    if (ctx === 'pickup-2024-09' && halfMigratedPickup(node)) ctx = 'pickup-v1';
    // a body sent to another 2024-09 path that still gives the 2023-01 `courier_selection` block
    if (ctx === 'body-2024-09' && node.properties.some((p) => p.name && propName(p.name) === 'courier_selection')) ctx = 'half-2024-09';
    const was = this.contexted.get(node);
    if (was !== undefined) {
      if (was !== ctx && (was === 'foreign' || ctx === 'foreign')) this.mixed.push({ unit, node, ctx: was === 'foreign' ? ctx : was, info, body: this.collecting });
      // the keys assigned to it are the body's too (their findings were made when it was first met)
      for (const w of this.refsMemo.get(node)?.writes ?? []) this.bodyObjects?.push({ unit: w.unit, node: w.assignment });
      return;
    }
    this.contexted.set(node, ctx);
    if (ctx === 'foreign' || ctx === 'body-2024-09' || ctx === 'body-v1') {
      // another vendor's body: what it spreads is its too (a constant shared with an old body is mixed)
      if (ctx === 'foreign') for (const p of node.properties) if (ts.isSpreadAssignment(p)) for (const o of this.spreadObjects(unit, p.expression)) this.applyContext(o, ctx, info);
      this.markTree(node, ctx);
      return;
    }
    const renames = renamesIn(ctx);
    const props = node.properties;
    // a body held in a variable: the keys assigned to it (`body.courier_id = id`) are its keys too,
    // and the keys read from it elsewhere (`body.courier_id`) must still be there after the fix
    const refs = ctx === 'pickup-2024-09' ? { writes: [], reads: [] } : this.refsOf(unit, node);
    for (const w of refs.writes) this.bodyObjects?.push({ unit: w.unit, node: w.assignment });
    if (refs.reassigned && refs.writes.length) this.heldObjects.set(node, 'the variable it is held in is assigned another object too, so the keys assigned to it may be another object\'s: rename them by hand');
    if (refs.reads.length) this.readBy.push({ unit, node, reads: refs.reads, writes: refs.writes });
    // A key that is both an old name and another rename's new name (`courier_id` in a 2023-01
    // body) is left when the object already holds a key only 2024-09 has (`courier_service_id`,
    // `courier_settings`): the object is already migrated there, so renaming again would chain.
    const keysHere = [...props.map((q) => (q.name ? propName(q.name) : undefined)), ...refs.writes.map((w) => w.key)].filter((k): k is string => k !== undefined);
    const targets = new Set([...renames.values()].map((c) => c.to));
    const migrated = keysHere.some((k) => targets.has(k) && !renames.has(k));
    // A rename whose new name is itself an old name here (`courier_account_id` -> `courier_id` in a
    // 2023-01 body) leaves, when nothing else in the object marks it as 2024-09, a body that reads
    // exactly like 2023-01 code: a later scan (or pass) would rename it again, chaining into
    // `courier_service_id`. That rename rests on the body moving with its path to 2024-09, so it is
    // an `--unsafe` fix (the path's own move is one too).
    const distinctive = keysHere.some((k) => renames.has(k) && !renames.has(renames.get(k)!.to));
    const chainOnly = !migrated && !distinctive;
    // (a webhook body: its request type's `version` may be typed '2023-01')
    if (renames.size || ctx === 'labels-2023-01' || ctx === 'webhook-2023-01') this.shaped.push({ unit, node, ctx, info, owner: this.collecting });
    if (ctx === 'pickup-2024-09') {
      this.check2024Pickup(unit, node);
      this.markTree(node, ctx);
      return;
    }
    if (ctx === 'pickup-v1' && nestedConflict(node)) this.leftBodies.add(node);
    for (const p of props) {
      if (ts.isSpreadAssignment(p)) {
        for (const o of this.spreadObjects(unit, p.expression)) this.applyContext(o, ctx, info);
        continue;
      }
      if (!p.name) continue;
      let name = propName(p.name);
      if (name === undefined && ts.isComputedPropertyName(p.name)) {
        const pieces = this.ev.pieces(unit, p.name.expression);
        if (pieces.every((x) => x.t === 'lit')) name = pieces.map((x) => (x as { text: string }).text).join('');
        if (name !== undefined) this.computedKey(unit, p.name, name, ts.isPropertyAssignment(p) ? p.initializer : undefined, ctx, info);
        continue;
      }
      if (name === undefined) continue;
      const change = renames.get(name);
      if (change && !(migrated && targets.has(name))) this.renameKey({ unit, nameNode: p.name, shorthand: ts.isShorthandPropertyAssignment(p), owner: node, element: p }, change.rule, name, change.to, info, ctx, chainOnly && renames.has(change.to));
      if (ctx === 'pickup-v1' && name === 'pickup' && (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p))) this.nestedPickup(unit, node, p, info);
      else if (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) this.keyValue(unit, node, name, propertyValue(p)!, ctx, info);
    }
    for (const w of refs.writes) {
      if (!w.plain) {
        this.computedKey(w.unit, w.nameNode, w.key, w.value, ctx, info);
        continue;
      }
      const change = renames.get(w.key);
      if (change && !(migrated && targets.has(w.key))) this.renameKey({ unit: w.unit, nameNode: w.nameNode, shorthand: false, owner: node }, change.rule, w.key, change.to, info, ctx, chainOnly && renames.has(change.to));
      if (ctx === 'pickup-v1' && w.key === 'pickup') {
        const start = w.nameNode.getStart(w.unit.sf);
        this.add('v1-pickup-nested-object', w.unit, start, w.nameNode.getEnd(), `The nested \`pickup\` object of a v1 pickup body is absent from 2024-09; ${fixNote('none', 'it is assigned to the body key by key: move its fields to the top level by hand')}.`, { context: info });
        this.holdNested(w.unit, w.value, info);
      } else this.keyValue(w.unit, node, w.key, w.value, ctx, info);
    }
  }

  /**
   * What a key's value takes in its context (a property, or an assignment to the body's variable):
   * v1 window times, the webhook version, the event list, the blocks nested in it.
   */
  private keyValue(unit: Unit, body: ts.ObjectLiteralExpression, name: string, value: ts.Expression, ctx: ContextKind, info: RequestContext): void {
    if (ctx === 'pickup-v1' && (name === 'preferred_min_time' || name === 'preferred_max_time')) this.pickupTime(unit, body, value, name, info);
    if (ctx === 'webhook-2023-01' && name === 'version') this.webhookVersion(unit, value, info);
    // the event names of a webhook body, written in a constant: held with the request
    if (ctx === 'webhook-2023-01' && name === 'event_types') for (const s of this.eventLists(unit, value)) this.bodyObjects?.push(s);
    const child = childContext(ctx, name);
    if (child === 'label-entries') for (const o of this.entries(unit, value)) this.applyContext(o, 'label-entry-2023-01', info);
    else if (child) for (const o of this.objects(unit, value)) this.applyContext(o, child, info);
  }

  /** A computed key (`[KEY]`, `body[KEY] = …`) whose name is statically an old one: reported and left, with the block it names. */
  private computedKey(unit: Unit, nameNode: ts.Node, name: string, value: ts.Expression | undefined, ctx: ContextKind, info: RequestContext): void {
    const renames = renamesIn(ctx);
    if (!(renames.has(name) || childContext(ctx, name) || (ctx === 'pickup-v1' && name === 'pickup'))) return;
    const change = renames.get(name);
    const rule = change?.rule ?? getRule(ctx === 'pickup-v1' ? 'v1-pickup-nested-object' : 'courier-selection')!;
    const shown = ts.isComputedPropertyName(nameNode) ? nameNode.getText(unit.sf) : `[${nameNode.getText(unit.sf)}]`;
    this.add(rule.id, unit, nameNode.getStart(unit.sf), nameNode.getEnd(), `The computed key \`${shown}\` is \`${name}\`, ${change ? `\`${change.to}\` in 2024-09` : 'which 2024-09 does not have in this form'}; ${fixNote('none', 'rename the key (and the block it names) by hand; renaming the inner keys alone would fit neither version')}.`, { context: info });
    if (value) this.markTree(value, 'foreign');
  }

  /** The objects a nested `pickup` key takes where they are not written in place: reported, their keys left (the request is left whole). */
  private holdNested(unit: Unit, value: ts.Expression, info: RequestContext): void {
    for (const o of this.objects(unit, value)) {
      this.heldObjects.set(o.node, 'it is the nested `pickup` object of a v1 pickup body, given through a variable: move its fields to the top level by hand');
      this.applyContext(o, 'pickup-v1', info);
    }
  }

  /** The array literals (and string constants) an event list is written in, through constants and spreads. */
  private eventLists(unit: Unit, e: ts.Expression, depth = 0): Span[] {
    if (depth > 8) return [];
    e = unwrap(e);
    if (ts.isArrayLiteralExpression(e))
      return [{ unit, node: e }, ...e.elements.flatMap((el) => (ts.isSpreadElement(el) ? this.eventLists(unit, el.expression, depth + 1) : ts.isIdentifier(el) ? this.eventLists(unit, el, depth + 1) : []))];
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [{ unit, node: e }];
    if (ts.isIdentifier(e)) {
      const decl = this.bindings.resolve(unit, e);
      const v = decl && this.ev.valueOf(decl);
      return v ? this.eventLists(v.unit, v.expr, depth + 1) : [];
    }
    return [];
  }

  private renameKey(site: KeySite, rule: Rule, from: string, to: string, info: RequestContext, ctx: ContextKind, withPath = false): void {
    const { unit, nameNode, owner } = site;
    const start = nameNode.getStart(unit.sf);
    let edit: UnitEdit | undefined;
    if (site.shorthand) edit = { unit, start, end: nameNode.getEnd(), text: `${to}: ${from}` };
    else if (ts.isIdentifier(nameNode)) edit = { unit, start, end: nameNode.getEnd(), text: to };
    else if (ts.isStringLiteral(nameNode) || ts.isNoSubstitutionTemplateLiteral(nameNode)) {
      const raw = nameNode.getText(unit.sf);
      edit = raw.slice(1, -1) === from ? { unit, start: start + 1, end: nameNode.getEnd() - 1, text: to } : undefined;
    }
    // the whole body is left when its nested object conflicts with it (PRODUCT.md, "What --fix does")
    const left = this.leftBodies.has(owner) || (this.nestedPickups.has(owner) && ts.isPropertyAssignment(owner.parent) && this.leftBodies.has(owner.parent.parent));
    const held = this.heldObjects.get(owner);
    // the object already gives the new name (`{ courier_service_id, courier_id }`): renaming would
    // write the key twice, and which value is meant is a person's call
    // (a key that is itself renamed away, `courier_id` beside `courier_account_id`, frees its name)
    const taken =
      !this.nestedPickups.has(owner) &&
      !renamesIn(ctx).has(to) &&
      (owner.properties.some((q) => q !== site.element && q.name && propName(q.name) === to) || (this.refsMemo.get(owner)?.writes ?? []).some((w) => w.nameNode !== nameNode && w.key === to));
    if (left || taken || held) edit = undefined;
    const inNested = this.nestedPickups.has(owner) && !left;
    const what = contextLabel(ctx);
    const kind: FixKind = inNested ? 'safe' : edit ? (withPath ? 'unsafe' : rule.fix) : 'none';
    const why = withPath
      ? ` (alone, \`${to}\` reads as the 2023-01 name again; it goes with moving the request to 2024-09)`
      : '';
    const manual = left
      ? 'the nested `pickup` object gives a field another value than the top level; decide which is meant, then rename'
      : held
        ? held
        : taken
          ? `the object gives \`${to}\` already; decide which value is meant and keep one key`
          : 'rename it by hand';
    this.add(rule.id, unit, start, nameNode.getEnd(), `\`${from}\` in ${what} is \`${to}\` in 2024-09${why}; ${fixNote(kind, manual)}.`, {
      edits: inNested ? undefined : edit ? [edit] : undefined,
      fixKind: inNested ? 'safe' : withPath && edit ? 'unsafe' : undefined,
      context: info,
      fixDescription: `rename ${from} to ${to}`,
      newText: to,
    });
  }

  /**
   * The keys assigned to the variable an object literal is held in (`const body = {}; body.k = v`)
   * and read from it (`body.k`, `body['k']`, `const { k } = body`), wherever the variable is seen
   * (an exported constant: in every module that imports it). An object not held in a variable: none.
   */
  private refsOf(unit: Unit, node: ts.ObjectLiteralExpression): { writes: Written[]; reads: KeyRead[]; reassigned?: boolean } {
    const memo = this.refsMemo.get(node);
    if (memo) return memo;
    const out: { writes: Written[]; reads: KeyRead[]; reassigned?: boolean } = { writes: [], reads: [] };
    this.refsMemo.set(node, out);
    let top: ts.Node = node;
    while (top.parent && (ts.isParenthesizedExpression(top.parent) || ts.isAsExpression(top.parent) || ts.isSatisfiesExpression(top.parent) || ts.isTypeAssertionExpression(top.parent))) top = top.parent;
    const decl = top.parent;
    if (!decl || !ts.isVariableDeclaration(decl) || decl.initializer !== top || !ts.isIdentifier(decl.name)) return out;
    const name = decl.name.text;
    // a module-level constant may be exported (and read in any module); a local one is seen in its file only
    const moduleLevel = ts.isVariableStatement(decl.parent.parent) && ts.isSourceFile(decl.parent.parent.parent);
    const units = moduleLevel ? this.store.all().filter((u) => u.sf.text.includes(name)) : this.store.get(unit.file);
    const isDecl = (d: Decl | undefined) => d?.kind === 'var' && d.node === decl;
    for (const u of units) {
      for (const id of this.identifiers(u, name)) {
        if (id === decl.name) continue;
        const parent = id.parent;
        let ref: ts.Expression;
        if (ts.isPropertyAccessExpression(parent) && parent.name === id) {
          // `ns.BODY` through a namespace import
          const ns = unwrap(parent.expression);
          const m = ts.isIdentifier(ns) ? this.bindings.resolve(u, ns) : undefined;
          if (m?.kind !== 'module' || !isDecl(this.bindings.exportOf(m.file, name))) continue;
          ref = parent;
        } else {
          if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isPropertySignature(parent)) && parent.name === id) continue;
          if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent) || ts.isImportClause(parent) || ts.isBindingElement(parent)) continue;
          if (!isDecl(this.bindings.resolve(u, id))) continue;
          ref = id;
        }
        let outer: ts.Node = ref;
        while (outer.parent && (ts.isParenthesizedExpression(outer.parent) || ts.isNonNullExpression(outer.parent) || ts.isAsExpression(outer.parent) || ts.isSatisfiesExpression(outer.parent))) outer = outer.parent;
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
              const pieces = this.ev.pieces(u, keyNode);
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
    return out;
  }

  /** The identifiers of a unit with this name. */
  private identifiers(unit: Unit, name: string): ts.Identifier[] {
    let index = this.idIndex.get(unit);
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
      this.idIndex.set(unit, (index = built));
    }
    return index.get(name) ?? [];
  }

  /**
   * A body object whose variable is also read by a key `--fix` renames (`return rec.courier_id`):
   * renamed, the read would find nothing. The object is left, and with it its request (holdRequests),
   * unless the read is renamed too (a typed request's uses, renamed with its type).
   */
  private settleReads(): void {
    if (!this.readBy.length) return;
    const edited = new Set<string>();
    for (const f of this.findings.values()) if (f.edits?.length) edited.add(`${f.file}:${f.start}`);
    const at = (unit: Unit, n: ts.Node) => `${unit.file}:${n.getStart(unit.sf) + unit.offset}`;
    for (const r of this.readBy) {
      // the keys of the object `--fix` changes: where a finding with an edit starts at the key's name
      const changed = new Set<string>();
      for (const p of r.node.properties) {
        const k = p.name ? propName(p.name) : undefined;
        if (k !== undefined && edited.has(at(r.unit, p.name!))) changed.add(k);
      }
      for (const w of r.writes) if (edited.has(at(w.unit, w.nameNode))) changed.add(w.key);
      const stale = r.reads.filter((x) => changed.has(x.key) && !edited.has(at(x.unit, x.nameNode)));
      if (!stale.length) continue;
      const shown = [...new Set(stale.map((x) => `\`${x.shown}\`${x.unit.file !== r.unit.file ? ` in ${this.shownFile(x.unit.file)}` : ''}`))].join(', ');
      const why = `this object is also read by its old keys (${shown}): renamed, those reads would find nothing; rename them with it by hand, or give the request its own object`;
      for (const f of this.findingsIn([r, ...r.writes.map((w) => ({ unit: w.unit, node: w.assignment }))])) if (f.fixKind !== 'none' && f.changeKind !== 'check') leaveForPerson(f, why);
    }
  }

  /** A file's name as messages show it (relative to the run's folder). */
  private shownFile(file: string): string {
    return path.relative(this.options.root ?? process.cwd(), file).split(path.sep).join('/') || path.basename(file);
  }

  /** v1 window times: `YYYY-MM-DDTHH:MM` literals become `HH:MM`; anything else stays for review. */
  private pickupTime(unit: Unit, body: ts.ObjectLiteralExpression, written: ts.Expression, name: string, info: RequestContext, nested = false): void {
    const value = unwrap(written);
    const start = value.getStart(unit.sf);
    const lit = ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value) ? value : undefined;
    if (lit) {
      const conv = convertPickupTime(lit.text);
      if (!conv) return;
      const day = this.literalDay(unit, body, nested);
      if (day && day !== conv.day) {
        this.add('v1-pickup-time-value', unit, start, value.getEnd(), `\`${name}\` is ${lit.getText(unit.sf)}, a v1 \`YYYY-MM-DDTHH:MM\` time whose day differs from \`preferred_date\` (${day}); 2024-09 takes \`HH:MM\` and the day from \`selected_date\`, so dropping the day would move the window; ${fixNote('none', 'decide which day is meant')}.`, { context: info });
        return;
      }
      const raw = lit.getText(unit.sf);
      const edit = raw.slice(1, -1) === lit.text && !nested && !this.leftBodies.has(body) && !this.heldObjects.has(body) ? { unit, start: start + 1, end: value.getEnd() - 1, text: conv.time } : undefined;
      this.add('v1-pickup-time-value', unit, start, value.getEnd(), `\`${name}\` ${raw} is a v1 \`YYYY-MM-DDTHH:MM\` time; 2024-09 takes \`${conv.time}\` (local \`HH:MM\`, the day from \`selected_date\`); ${fixNote('safe')}.`, {
        edits: edit ? [edit] : undefined,
        fixKind: 'safe',
        context: info,
        fixDescription: `write ${conv.time}`,
        newText: conv.time,
      });
      return;
    }
    this.add('v1-pickup-time-value', unit, start, value.getEnd(), `\`${name}\` takes \`${value.getText(unit.sf)}\`, which v1 reads as \`YYYY-MM-DDTHH:MM\`; 2024-09 wants local \`HH:MM\` (the day from \`selected_date\`); ${fixNote('none', 'the expression is kept: check that it yields HH:MM')}.`, { context: info });
  }

  /** The day of a literal `preferred_date` in the same body (or the nested pickup object). */
  private literalDay(unit: Unit, body: ts.ObjectLiteralExpression, nested: boolean): string | undefined {
    const scopes: ts.ObjectLiteralExpression[] = [body];
    if (nested && ts.isPropertyAssignment(body.parent) && ts.isObjectLiteralExpression(body.parent.parent)) scopes.push(body.parent.parent);
    if (!nested) {
      const np = findProperty(body, 'pickup');
      if (np && ts.isPropertyAssignment(np) && ts.isObjectLiteralExpression(unwrap(np.initializer))) scopes.push(unwrap(np.initializer) as ts.ObjectLiteralExpression);
    }
    for (const s of scopes) {
      const d = findProperty(s, 'preferred_date');
      // a key assigned to the body's variable (`body.preferred_date = '…'`) is the body's too
      const w = this.refsMemo.get(s)?.writes.filter((x) => x.plain && x.key === 'preferred_date').pop();
      for (const value of [d && ts.isPropertyAssignment(d) ? d.initializer : undefined, w?.value]) {
        const v = value && unwrap(value);
        if (v && (ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v))) return v.text;
      }
    }
    void unit;
    return undefined;
  }

  /** The nested `pickup` object: hoist what the top level lacks, drop what it gives, remove the object. */
  private nestedPickup(unit: Unit, body: ts.ObjectLiteralExpression, prop: ts.PropertyAssignment | ts.ShorthandPropertyAssignment, info: RequestContext): void {
    const value = propertyValue(prop)!;
    const inner = unwrap(value);
    const start = prop.name.getStart(unit.sf);
    if (!ts.isObjectLiteralExpression(inner)) {
      this.add('v1-pickup-nested-object', unit, start, prop.name.getEnd(), `The nested \`pickup\` object of a v1 pickup body is absent from 2024-09; ${fixNote('none', 'its value is not written here: move its fields to the top level by hand')}.`, { context: info });
      // the object it names is left as it is (renaming its keys would fit neither version), and the request with it
      this.holdNested(unit, value, info);
      return;
    }
    const p = prop as ts.PropertyAssignment;
    this.nestedPickups.add(inner);
    this.contexted.set(inner, 'pickup-v1');
    const renames = renamesIn('pickup-v1');
    const topNames = new Map<string, ts.ObjectLiteralElementLike>();
    for (const q of body.properties) if (q !== p && q.name) {
      const n = propName(q.name);
      if (n) topNames.set(renames.get(n)?.to ?? n, q);
    }
    const sf = unit.sf;
    const text = sf.text;
    const lineIndent = (pos: number) => {
      const ls = text.lastIndexOf('\n', pos - 1) + 1;
      return /^[ \t]*/.exec(text.slice(ls))![0];
    };
    const propIndent = lineIndent(p.getStart(sf));
    const hoisted: string[] = [];
    // the comments between the nested fields go with the field after them (a dropped field's, and
    // those after the last field, with the first field hoisted): hoisting drops no comment
    const slice = (cs: ts.CommentRange[] | undefined) => (cs ?? []).map((c) => text.slice(c.pos, c.end));
    // the position after a field and the comma that ends it, if any
    const pastComma = (end: number) => {
      COMMA_AFTER.lastIndex = end;
      return end + COMMA_AFTER.exec(text)![0].length;
    };
    // a field's own comments: on the lines before it (on the line of `{` for the first), and after it on its line
    const ownComments = (q: ts.ObjectLiteralElementLike, first: boolean) => {
      const before = [...(first ? slice(ts.getTrailingCommentRanges(text, q.pos)) : []), ...slice(ts.getLeadingCommentRanges(text, q.pos))];
      return { before, after: slice(ts.getTrailingCommentRanges(text, pastComma(q.getEnd()))) };
    };
    const leading: string[][] = [];
    let pending: string[] = [];
    let conflict: string | undefined;
    let blocked = false;
    for (const q of inner.properties) {
      const own = ownComments(q, q === inner.properties[0]);
      pending.push(...own.before, ...own.after);
      if (!q.name || ts.isSpreadAssignment(q) || !(ts.isPropertyAssignment(q) || ts.isShorthandPropertyAssignment(q))) {
        blocked = true;
        continue;
      }
      const n = propName(q.name);
      if (!n) {
        blocked = true;
        continue;
      }
      const newName = renames.get(n)?.to ?? n;
      // report the inner fields as any v1 pickup field (their fix is this one)
      const ch = renames.get(n);
      if (ch) this.renameKey({ unit, nameNode: q.name, shorthand: ts.isShorthandPropertyAssignment(q), owner: inner, element: q }, ch.rule, n, ch.to, info, 'pickup-v1');
      if ((n === 'preferred_min_time' || n === 'preferred_max_time')) this.pickupTime(unit, inner, propertyValue(q)!, n, info, true);
      const top = topNames.get(newName);
      if (top) {
        const a = ts.isPropertyAssignment(top) ? unwrap(top.initializer) : undefined;
        const b = ts.isPropertyAssignment(q) ? unwrap(q.initializer) : undefined;
        if (a && b && isLiteral(a) && isLiteral(b) && literalValue(a) !== literalValue(b)) conflict = newName;
        continue; // the top level already gives it: dropped
      }
      // hoisted, renamed, its time value converted, its lines dedented to the property's indent
      let valueText: string;
      if (ts.isShorthandPropertyAssignment(q)) valueText = n;
      else {
        const v = unwrap(q.initializer);
        valueText = text.slice(q.initializer.getStart(sf), q.initializer.getEnd());
        if ((n === 'preferred_min_time' || n === 'preferred_max_time') && (ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v))) {
          const conv = convertPickupTime(v.text);
          const day = this.literalDay(unit, inner, true);
          const raw = v.getText(sf);
          if (conv && (!day || day === conv.day) && raw.slice(1, -1) === v.text) valueText = raw[0] + conv.time + raw[raw.length - 1];
        }
      }
      const innerIndent = lineIndent(q.getStart(sf));
      const dedent = (s: string) => (innerIndent.length > propIndent.length ? s.split('\n').map((l, i) => (i > 0 && l.startsWith(innerIndent) ? propIndent + l.slice(innerIndent.length) : l)).join('\n') : s);
      hoisted.push(dedent(`${newName}: ${valueText}`));
      leading.push(pending);
      pending = [];
    }
    const last = inner.properties[inner.properties.length - 1];
    if (last) pending.push(...slice(ts.getLeadingCommentRanges(text, pastComma(last.getEnd()))));
    if (leading.length) leading[0].unshift(...pending);
    const written = text.slice(p.getStart(sf), p.getEnd());
    const multiline = written.includes('\n');
    // the hoisted fields go on lines of their own, ended as the object's own lines are (CRLF stays CRLF)
    const eol = written.includes('\r\n') ? '\r\n' : '\n';
    // (a line comment never sits in a property written on one line: it would end the line)
    const withComments = hoisted.map((h, i) => leading[i].map((c) => (multiline ? `${c}${eol}${propIndent}` : `${c} `)).join('') + h);
    let edit: UnitEdit | undefined;
    if (!conflict && !blocked) {
      if (hoisted.length) edit = { unit, start: p.getStart(sf), end: p.getEnd(), text: withComments.join(multiline ? `,${eol}${propIndent}` : ', ') };
      else {
        // nothing to hoist: remove the property with its comma (and its line when it has one)
        let s = p.getStart(sf);
        let e = p.getEnd();
        const after = text.slice(e);
        const comma = /^\s*,/.exec(after);
        if (comma) e += comma[0].length;
        const lineStart = text.lastIndexOf('\n', s - 1) + 1;
        if (/^[ \t]*$/.test(text.slice(lineStart, s)) && /^[ \t]*(\r?\n)/.test(text.slice(e))) {
          s = lineStart;
          e += /^[ \t]*(\r?\n)/.exec(text.slice(e))![0].length;
        } else if (!comma) {
          const before = /,\s*$/.exec(text.slice(0, s));
          if (before) s -= before[0].length;
        }
        edit = { unit, start: s, end: e, text: '' };
      }
    }
    const msg = conflict
      ? `The nested \`pickup\` object is absent from 2024-09, and it gives \`${conflict}\` a different value than the top level; ${fixNote('none', 'decide which value is meant, then remove the nested object')}.`
      : blocked
        ? `The nested \`pickup\` object is absent from 2024-09; ${fixNote('none', 'it holds a spread or computed key: move its fields to the top level by hand')}.`
        : `The nested \`pickup\` object is absent from 2024-09: its fields belong at the top level; ${fixNote('safe')}.`;
    this.add('v1-pickup-nested-object', unit, start, p.name.getEnd(), msg, { edits: edit ? [edit] : undefined, context: info, fixDescription: 'hoist the nested pickup fields' });
  }

  private webhookVersion(unit: Unit, value: ts.Expression, info: RequestContext): void {
    const v = unwrap(value);
    if (!(ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v))) {
      // `version: WEBHOOK_VERSION`: a constant (here or imported) that holds '2023-01'
      const pieces = ts.isIdentifier(v) || ts.isPropertyAccessExpression(v) ? this.pieces(unit, v) : [];
      if (!pieces.length || pieces.some((x) => x.t !== 'lit') || pieces.map((x) => (x as LitPiece).text).join('') !== '2023-01') return;
      const shown = v.getText(unit.sf);
      this.add('webhook-version', unit, v.getStart(unit.sf), v.getEnd(), `The webhook \`version\` \`${shown}\` holds '2023-01'; a webhook for 2024-09 carries \`'2024-09'\`; ${fixNote('none', `\`${shown}\` is set where it is defined and may serve more than this webhook: write '2024-09' here or there`)}.`, { context: info });
      return;
    }
    if (v.text !== '2023-01') return;
    const raw = v.getText(unit.sf);
    const start = v.getStart(unit.sf);
    this.add('webhook-version', unit, start, v.getEnd(), `The webhook \`version\` ${raw} names 2023-01; a webhook for 2024-09 carries \`'2024-09'\`; ${fixNote('safe')}.`, {
      edits: [{ unit, start: start + 1, end: v.getEnd() - 1, text: '2024-09' }],
      context: info,
      fixDescription: "write '2024-09'",
      newText: '2024-09',
    });
  }

  /** 2024-09 pickup checks: one time source, and HH:MM window times. */
  private check2024Pickup(unit: Unit, node: ts.ObjectLiteralExpression): void {
    const slot = findProperty(node, 'time_slot_id');
    const from = findProperty(node, 'selected_from_time');
    const to = findProperty(node, 'selected_to_time');
    if (slot && slot.name && (from || to))
      this.add('pickup-time-source', unit, slot.name.getStart(unit.sf), slot.name.getEnd(), 'This 2024-09 pickup gives both `time_slot_id` and the `selected_from_time`/`selected_to_time` pair; 2024-09 takes one or the other, not both. Keep one (left for a person).');
    for (const [p, name] of [[from, 'selected_from_time'], [to, 'selected_to_time']] as const) {
      if (!p || !(ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p))) continue;
      const value = ts.isPropertyAssignment(p) ? unwrap(p.initializer) : p.name;
      const pieces = this.ev.pieces(unit, value);
      const s = value.getStart(unit.sf);
      if (pieces.length && pieces.every((x) => x.t === 'lit')) {
        const text = pieces.map((x) => (x as { text: string }).text).join('');
        if (!isHHMM(text)) this.add('pickup-time-format', unit, s, value.getEnd(), `\`${name}\` is '${text}', not a local \`HH:MM\` time as 2024-09 requires (the day goes in \`selected_date\`); left for a person.`);
      } else {
        this.add('pickup-time-review', unit, s, value.getEnd(), `\`${name}\` takes \`${value.getText(unit.sf)}\`: 2024-09 wants local \`HH:MM\` where v1 took \`YYYY-MM-DDTHH:MM\`; check that the expression yields \`HH:MM\`, then suppress this warning with a comment.`, { severity: 'warning' });
      }
    }
  }

  // ---------------------------------------------------------------- objects known by their keys

  private scanObjectsByKeys(unit: Unit): void {
    // outer objects come first: a context an outer one gives its inner objects is seen here
    for (const n of treeIndex(unit.sf).objects) {
      if (!this.contexted.has(n)) {
        const keys = new Set<string>();
        let nested: Set<string> | undefined;
        for (const p of n.properties) {
          const k = p.name ? propName(p.name) : undefined;
          if (!k) continue;
          keys.add(k);
          if (k === 'pickup' && ts.isPropertyAssignment(p) && ts.isObjectLiteralExpression(unwrap(p.initializer)))
            nested = new Set((unwrap(p.initializer) as ts.ObjectLiteralExpression).properties.map((q) => (q.name ? propName(q.name) ?? '' : '')));
        }
        const ctx = contextFromKeys(keys, nested);
        if (ctx) this.applyContext({ unit, node: n }, ctx, { kind: ctx, by: 'keys' });
      }
    }
  }

  // ---------------------------------------------------------------- events

  private scanEvents(unit: Unit): void {
    const ev = OLD_EVENT();
    if (!unit.sf.text.includes(ev.old)) return;
    const visit = (n: ts.Node): void => {
      if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && n.text === ev.old) {
        if (!(n.parent && (ts.isImportDeclaration(n.parent) || ts.isExportDeclaration(n.parent)))) {
          const raw = n.getText(unit.sf);
          const start = n.getStart(unit.sf);
          const exact = raw.slice(1, -1) === n.text;
          this.add(ev.id, unit, start, n.getEnd(), `The event \`${ev.old}\` is \`${ev.new}\` in 2024-09; ${fixNote('safe')}.`, {
            edits: exact ? [{ unit, start: start + 1, end: n.getEnd() - 1, text: ev.new! }] : undefined,
            fixDescription: `write ${ev.new}`,
            newText: ev.new!,
          });
        }
        return;
      }
      if (ts.isIdentifier(n) && n.text === ev.old && n.parent && (ts.isPropertyAssignment(n.parent) || ts.isMethodDeclaration(n.parent) || ts.isPropertySignature(n.parent) || ts.isEnumMember(n.parent)) && n.parent.name === n) {
        const start = n.getStart(unit.sf);
        this.add(ev.id, unit, start, n.getEnd(), `The event \`${ev.old}\` is \`${ev.new}\` in 2024-09; ${fixNote('safe')}.`, {
          edits: [{ unit, start, end: n.getEnd(), text: ev.new! }],
          fixDescription: `write ${ev.new}`,
          newText: ev.new!,
        });
      }
      ts.forEachChild(n, visit);
    };
    visit(unit.sf);
  }

  // ---------------------------------------------------------------- ambiguous courier_id

  private scanAmbiguous(unit: Unit): void {
    if (!unit.sf.text.includes('courier_id')) return;
    for (const n of treeIndex(unit.sf).objects) {
      if (this.contexted.has(n)) continue;
      for (const p of n.properties) {
        if (!(ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) || !p.name || propName(p.name) !== 'courier_id') continue;
        this.add('ambiguous-courier-id', unit, p.name.getStart(unit.sf), p.name.getEnd(), '`courier_id` in no known request context, in a file that still calls an old API version: in v1 and 2023-01 it names a courier service (`courier_service_id` in 2024-09), in 2024-09 a courier. Decide which is meant (left for a person; `--fix` never renames it).');
      }
    }
  }
}

/** HTTP methods of a client instance (and axios' form helpers), whose first argument is the URL. */
const REQUEST_METHODS = new Set(['get', 'delete', 'head', 'options', 'post', 'put', 'patch', 'request', 'postform', 'putform', 'patchform']);

/** Is this callee a request: an HTTP method of a client (`api.get`), or a client called itself (`api(…)`)? */
function isRequest(callee: ts.Expression): boolean {
  return ts.isIdentifier(callee) || (ts.isPropertyAccessExpression(callee) && REQUEST_METHODS.has(callee.name.text.toLowerCase()));
}

function isMaximal(n: ts.Node): boolean {
  let p = n.parent;
  while (p && ts.isParenthesizedExpression(p)) p = p.parent;
  if (!p) return true;
  if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.PlusToken) return false;
  if (ts.isTemplateSpan(p)) return false;
  return true;
}

/** A cheap test before the evaluator runs: could this text hold a service path at all? */
function quickPathTest(text: string): boolean {
  return text.includes('/v1') || text.includes('2023-01') || text.includes('2024-09');
}

/** The label of the pieces an HTTP client instance's base URL option adds in front of a path (never a name: a constant named `base` is a constant). */
const BASE_OPTION = 'an instance base option';

/** A name bound to the axios package: `import axios from 'axios'`, `require('axios')`, or unbound `axios`. */
function isAxiosDecl(id: ts.Identifier, decl: Decl | undefined): boolean {
  if (!decl) return id.text === 'axios';
  if (decl.kind === 'expr') return decl.label === 'axios';
  return decl.kind === 'var' && !!decl.init && requireSpec(unwrap(decl.init)) === 'axios';
}

function joinBase(base: Piece[], own: Piece[]): Piece[] {
  const lastBase = base[base.length - 1];
  const firstOwn = own[0];
  const baseEndsSlash = lastBase?.t === 'lit' && lastBase.text.endsWith('/');
  const ownStartsSlash = firstOwn?.t === 'lit' && firstOwn.text.startsWith('/');
  const marker = (p: Piece[]): Piece[] => p.map((x) => ({ ...x, via: x.via.length ? x.via : [{ unit: x.unit, name: x.node, label: BASE_OPTION, value: x.node as ts.Expression }] }));
  if (!baseEndsSlash && !ownStartsSlash && firstOwn && lastBase) {
    const sep: Piece = { ...(lastBase.t === 'lit' ? lastBase : { t: 'lit', unit: lastBase.unit, node: lastBase.node, container: lastBase.container, mode: 'concat', quote: "'" }), text: '/', pos: -1, exact: false, via: [{ unit: lastBase.unit, name: lastBase.node, label: BASE_OPTION, value: lastBase.node as ts.Expression }] } as Piece;
    return [...marker(base), sep, ...own];
  }
  return [...marker(base), ...own];
}

/** Code as written, on one line and cut short, to name a use in a message. */
function shortText(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 80 ? one.slice(0, 79) + '…' : one;
}

/** A use as written, as a Markdown code span: a template literal by its text between the backticks. */
function codeSpan(node: ts.Node, sf: ts.SourceFile): string {
  const raw = node.getText(sf);
  const text = shortText(ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node) ? raw.slice(1, -1) : raw);
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

function displayPath(text: string, pieces: Piece[], vt: Virtual, start: number): string {
  let holeNo = 0;
  for (let i = 0; i < start; i++) if (isHole(vt.text[i])) holeNo++;
  const holes = pieces.filter((p) => p.t === 'hole');
  let out = '';
  for (const ch of text) {
    if (isHole(ch)) {
      const h = holes[holeNo++];
      out += h && h.t === 'hole' ? '${' + h.node.getText(h.unit.sf) + '}' : '…';
    } else out += ch;
  }
  return out;
}

/** The 2024-09 name of a field the nested `pickup` object and the top level both give with different literal values. */
function nestedConflict(body: ts.ObjectLiteralExpression): string | undefined {
  const np = findProperty(body, 'pickup');
  if (!np || !ts.isPropertyAssignment(np)) return undefined;
  const inner = unwrap(np.initializer);
  if (!ts.isObjectLiteralExpression(inner)) return undefined;
  const renames = renamesIn('pickup-v1');
  const top = new Map<string, ts.Expression>();
  for (const q of body.properties) {
    const n = q !== np && q.name ? propName(q.name) : undefined;
    if (n && ts.isPropertyAssignment(q)) top.set(renames.get(n)?.to ?? n, unwrap(q.initializer));
  }
  for (const q of inner.properties) {
    const n = q.name ? propName(q.name) : undefined;
    if (!n || !ts.isPropertyAssignment(q)) continue;
    const name = renames.get(n)?.to ?? n;
    const a = top.get(name);
    const b = unwrap(q.initializer);
    if (a && isLiteral(a) && isLiteral(b) && literalValue(a) !== literalValue(b)) return name;
  }
  return undefined;
}

/**
 * Does a 2024-09 pickup body still give a field only v1 has (or v1's nested `pickup` object)?
 * `courier_id` alone is not such a field: PRODUCT.md makes it the right name in code on 2024-09.
 */
function halfMigratedPickup(node: ts.ObjectLiteralExpression): boolean {
  return node.properties.some((p) => {
    const name = p.name ? propName(p.name) : undefined;
    return name !== undefined && (V1_ONLY_PICKUP_FIELDS.includes(name) || (name === 'pickup' && ts.isPropertyAssignment(p) && ts.isObjectLiteralExpression(unwrap(p.initializer))));
  });
}

/** A value written out in full: a string, number, boolean or null, or a list of such values (`service_shipment_ids`). */
function isLiteral(e: ts.Expression): boolean {
  if (ts.isArrayLiteralExpression(e)) return e.elements.every((x) => isLiteral(unwrap(x)));
  return ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isNumericLiteral(e) || e.kind === ts.SyntaxKind.TrueKeyword || e.kind === ts.SyntaxKind.FalseKeyword || e.kind === ts.SyntaxKind.NullKeyword;
}

/** What a literal (`isLiteral`) stands for, the same however it is written (quotes, spacing). */
function literalValue(e: ts.Expression): string {
  if (ts.isArrayLiteralExpression(e)) return `a:[${e.elements.map((x) => literalValue(unwrap(x))).join(',')}]`;
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return 's:' + JSON.stringify(e.text);
  if (ts.isNumericLiteral(e)) return 'n:' + e.text;
  return 'k:' + e.kind;
}


void V1_PICKUP_FIELDS;
void envName;

/**
 * The body a request's options give under the first of these keys that holds one (`{ json }`,
 * `data: x`); a boolean (`json: true`, request's flag that the body is JSON) is no body.
 */
function bodyValue(obj: ts.ObjectLiteralExpression, keys: string[]): ts.Expression | undefined {
  for (const k of keys) {
    const v = propertyValue(findProperty(obj, k));
    if (v && v.kind !== ts.SyntaxKind.TrueKeyword && v.kind !== ts.SyntaxKind.FalseKeyword) return v;
  }
  return undefined;
}

/** Blanks and a comma, from where it is set (sticky: matches there or as nothing). */
const COMMA_AFTER = /[ \t]*,?/y;

/** Rules whose finding, left for a person in a body, leaves the whole request for a person. */
const HOLDING_RULES = new Set(['v1-pickup-field', 'v1-pickup-nested-object', 'label-entry-field', 'courier-selection', 'courier-naming', 'webhook-version']);

/** Where a path's finding starts: its version segment, or the slash before it when written in the same piece. */
function pathStart(m: PathMatch, vPiece: LitPiece, vt: Virtual): number {
  const slashHere = m.start < m.versionStart && vt.owner[m.start] === vt.owner[m.versionStart];
  return vPiece.pos + vt.offset[m.versionStart] - (slashHere ? 1 : 0);
}

/** The value `JSON.stringify(x)` sends: `x` (any other expression as it is). */
function stringified(unit: Unit, e: ts.Expression): ts.Expression {
  const u = unwrap(e);
  if (!ts.isCallExpression(u) || !u.arguments[0]) return e;
  const c = unwrap(u.expression);
  return ts.isPropertyAccessExpression(c) && c.name.text === 'stringify' && c.expression.getText(unit.sf) === 'JSON' ? u.arguments[0] : e;
}

/** A body's fix that goes with a path moved only on an assumption: `--fix --unsafe` applies both. */
function withUnsafePath(f: Finding, why: string): void {
  f.fixKind = 'unsafe';
  f.message = f.message.replace(/`--fix` (rewrites|renames) it/, `\`--fix --unsafe\` $1 it together with ${why}; plain \`--fix\` leaves both`);
}

/** Take a finding's fix away, saying why a person must do it. */
function leaveForPerson(f: Finding, why: string): void {
  f.edits = undefined;
  f.fixKind = 'none';
  const note = /`--fix(?: --unsafe)?` (?:rewrites|renames) it(?: together with [^;]*; plain `--fix` leaves both| \(an assumption: check it\))?/;
  f.message = note.test(f.message) ? f.message.replace(note, `left for a person: ${why}`) : `${f.message} Left for a person: ${why}.`;
}
