// The accumulator of one analysis: what the collect and detect phases write (findings, and the
// facts that span files: contexts given to objects, versioned base groups, requests and their
// bodies, request types to check, objects held or read elsewhere) and what settle decides on.
// The detectors (./detectors/) are functions of it; none of them keeps state of its own.

import path from 'node:path';
import type ts from '../core/ts.cjs';
import { getRule } from '../catalogue/index.js';
import { originOf, useConfiguredPaths, type PathMatch } from '../core/paths.js';
import type { ContextKind } from '../core/keys.js';
import { OLD_EXPORT } from '../core/path-shape.js';
import type { ChangeKind, Config, Finding, FixKind, HoldCode, RequestContext, TextEdit } from '../types.js';
import { render, type Words } from './findings.js';
import { Bindings } from './bindings.js';
import { Evaluator, type LitPiece, type Piece, type Via } from './evaluate.js';
import type { UnitEdit } from './render.js';
import type { Shaped } from './detectors/request-types.js';
import { lineCol, lineStarts, type Unit, type UnitStore } from './units.js';
import { GeneratedFiles } from './generated-globs.js';

export interface AnalyzerOptions {
  config: Config;
  /** the files the run checks (and `--fix` may write); none given: every file it reads */
  given?: Set<string>;
  /** the folder file names in messages are relative to (default: the working folder) */
  root?: string;
}

export interface BaseGroup {
  unit: Unit;
  /** the `2023-01` text in the base literal (unit offsets) */
  start: number;
  end: number;
  exact: boolean;
  label: string;
  members: {
    unit: Unit;
    start: number;
    end: number;
    edit?: UnitEdit;
    match: PathMatch;
    shown: string;
    own: string;
    heldBy?: string;
    /** the path is written in a constant of its own (`ROUTES.labels`): the requests seen sending it, and why it stays, once decided (path-constants.ts) */
    constant?: { via: Via; sends: ts.Node[]; stays?: ((from: string) => string) | null };
  }[];
  /** uses of the base whose path cannot be tied to it (a parameter or an unknown expression right after it, a path in a constant): they hold it */
  unseen: { unit: Unit; node: ts.Node; why: string; hole?: ts.Node }[];
  /** the requests seen sending through it (each URL expression, or the call), and the constants its version comes through: base-uses.ts looks for any other use */
  sends: ts.Node[];
  vias: Via[];
  /** the literal its version is written in */
  literal: ts.Node;
  /** set once base-uses.ts has looked */
  usesChecked?: boolean;
  /** how the base is known to be the legacy host's, where 2024-09 is not served (empty: it is not): it holds */
  legacyHost?: string;
  /** webhook `version`s read from the base's version constant (webhooks.ts): held with it, and their webhooks */
  versionReads?: { unit: Unit; node: ts.Node; shown: string; context: RequestContext }[];
  /** the legacy v1 family prefix the base ends with (`pickup/v1`) in place of `2023-01`: its paths are v1 paths, held for a person */
  family?: string;
  /** set by settleGroup: the base and its paths move */
  movable?: boolean;
  /** the environment variable the base is read from first (the versioned text is its fallback) */
  env?: string;
  /** the condition that chooses the version (`legacy ? '2023-01' : '2024-09'`): the versioned text is one of its branches */
  branch?: string;
  /** why the base itself is kept as it is (a suppression comment, a rule turned off, a literal type it is checked against that stays): its paths stay with it */
  keptByUser?: string;
  /** the same base in the environment files a build swaps in (replaced-environments.ts): they move with it */
  twins?: EnvironmentTwin[];
  /** values of the same key there that do not carry the version the same way, each with its place: they hold it */
  twinsApart?: string[];
}

/** A versioned base's `2023-01` in an environment file a build swaps in for the base's own (unit offsets). */
export interface EnvironmentTwin {
  unit: Unit;
  start: number;
  end: number;
  label: string;
}

export interface Target {
  unit: Unit;
  node: ts.ObjectLiteralExpression;
}

/** Code a request's body is written in (an object literal, an event list, a key assigned to it). */
export interface Span {
  unit: Unit;
  node: ts.Node;
}

/** `x.k = v` or `x['k'] = v`, with `x` the variable holding a body object: the key `k` is the object's. */
export interface Written {
  unit: Unit;
  key: string;
  /** false: the key is an expression whose value is known (`x[KEY]`), not written out */
  plain: boolean;
  nameNode: ts.Expression;
  value: ts.Expression;
  assignment: ts.BinaryExpression;
}

/** A read of a body object's key elsewhere: `x.k`, `x['k']`, `const { k } = x`. */
/** A use handing a body object (its variable, or its builder) to a call (`db.insert('archive', rows.map(toEntry))`). */
export interface Handed {
  unit: Unit;
  /** the argument that carries it, and the use of the variable or builder it starts at */
  node: ts.Node;
  from: ts.Node;
  call: ts.CallExpression;
}

export interface KeyRead {
  unit: Unit;
  key: string;
  /** the node naming the key (a rename of the read would start there) */
  nameNode: ts.Node;
  shown: string;
  /** where it is read, when not in the script (`in the markup` of a component) */
  where?: string;
}

/**
 * A request the code sends with a body: the key of its path's finding, the findings its body
 * makes (its keys, its nested blocks, the request type that types it), the code its body is
 * written in (object literals, key-by-key writes, event lists), and why its body cannot be seen.
 * Settle moves it whole or holds it whole.
 */
export interface SentRequest {
  pathKey?: string;
  /** the old path it is sent to (shown), when that path changes in 2024-09: a body that moves needs its path's finding to move with it */
  oldPath?: string;
  body: Finding[];
  objects: Span[];
  unseen?: string;
  /** where its body is written (a held path names the request whose unseen body holds it) */
  sentAt?: { file: string; line: number };
}

/**
 * An old path written as a literal type (detectors/path-types.ts), and where the values checked
 * against it are written (path-type-ties.ts): the path findings there move with it or stay with it.
 */
export interface PathType {
  /** the key of its finding */
  key: string;
  unit: Unit;
  node: ts.LiteralTypeNode | ts.TemplateLiteralTypeNode;
  /** the type as a message quotes it */
  shown: string;
  /** why `--fix` cannot rewrite it (decided where it is found) */
  why?: string;
  /** written in a type whose own `version` is '2023-01': data that describes 2023-01, no finding unless a request is checked against it */
  describes?: boolean;
  /** file offsets of the code checked against it: a value (a literal, a template, a constant's initializer) or a key it names */
  sites: { file: string; start: number; end: number }[];
}

/**
 * An old event name written as a literal type (`type ShippingEventType = 'courier_account_state_changed' | …`,
 * found by webhooks.ts), and what the type checker ties to it (event-types.ts): the values checked
 * against it move with it or stay with it (settle-event-types.ts).
 */
export interface EventType {
  unit: Unit;
  node: ts.LiteralTypeNode | ts.Identifier | ts.StringLiteral; // (a key of `X` where `keyof typeof X` is a type)
  /** its finding, when its place makes it one (the type of a webhook body's event list, of a received event's type) */
  finding?: Finding;
  /** written in a type whose own `version` is '2023-01': where that literal is (`file:offset`) */
  versionAt?: string;
}

/** An event type's finding and the findings of the values the checker checks against it: they move together or stay together. */
export interface EventTypeGroup {
  type: Finding;
  /** the type as a message names it, with its place (`ShippingEventType` at src/models.ts:1) */
  shown: string;
  /** the type's finding, the findings of the values checked against it, and the paths of the webhook requests whose event list it types */
  members: Finding[];
  /** why they all stay, decided where they are found (the type also types a value that is not the service's event) */
  stays?: string;
}

/**
 * A test double of a request (an msw handler, a nock interceptor, Cypress' `cy.intercept`, Angular's
 * `expectOne`, …): the key of its path's finding, the path it stands for and its method (none:
 * any). Settle moves it only with the requests it doubles (settle-doubles.ts).
 */
export interface Double {
  key: string;
  /** the virtual path text (core/paths.ts), parameters and wildcards as written */
  path: string;
  method?: string;
  /** what it is, as messages name it (`msw handler`) */
  kind: string;
  /** its own place (the call that sets it up), which messages name: its path may be written elsewhere (an endpoint map) */
  file: string;
  line: number;
  /** the call's span in the file, to tell its own path from one written elsewhere */
  start: number;
  end: number;
  /** an assertion on a spy of a client's method (`expect(httpService.post)`): the type the spied object is declared with (double-clients.ts) */
  spies?: string;
}

/** A URL whose version segment comes through a parameter (detectors/version-params.ts). */
export interface VersionUse {
  /** the hole in the version's place (`version`, `opts.version`), or the literal a caller bound to it */
  unit: Unit;
  hole?: ts.Expression;
  lit?: LitPiece;
  match: PathMatch;
}

/** What a finding moved only with `--unsafe` goes with: a versioned base, a literal path type, a `paths` type's key, the body or path of its request, a webhook registration, an event type, a test double's request. */
export type AssumeCode = 'versioned-base' | 'path-type' | 'path-key' | 'request' | 'webhook' | 'event-type' | 'double';

export class AnalysisState {
  /** the words of the findings whose message has a note settle may change (findings.ts) */
  private readonly words = new Map<Finding, Words>();
  /**
   * the findings of bodies known only by their keys (and of the request types that type them): no
   * request in the project shows where they are sent, so settle leaves them
   */
  readonly unsent: Finding[] = [];
  /** the object literals known only by their keys (what is written inside them is left with them) */
  readonly unsentObjects: Span[] = [];
  /** of those, the values a test expects (`expect(sent).toEqual({ … })`): reported, but they hold no type or handler */
  readonly expectedValues = new Set<ts.Node>();
  /** events written in a type whose own `version` is '2023-01', and where that literal is (`file:offset`): settle keeps them only where the type types a webhook request */
  readonly typedEvents: { finding: Finding; versionAt: string }[] = [];
  /** URLs whose version segment comes through a parameter (detectors/version-params.ts), reported once every unit is scanned */
  readonly versionUses: VersionUse[] = [];
  /** while a body is tied (requests.ts applyBody): why a part of it cannot be seen whatever else is (data read at run time) */
  unseenInBody: string | undefined;
  /** findings left for a person that hold their whole request (besides those of the rules in settle's HOLDING_RULES) */
  readonly holdsRequest = new Set<Finding>();
  /** findings moved only with `--unsafe`, with the path or body they go with */
  private readonly assumed = new Map<Finding, string>();
  /** and what they go with, as data (settle's messages name it) */
  private readonly assumedCodes = new Map<Finding, AssumeCode>();
  private readonly generated: GeneratedFiles;
  readonly bindings: Bindings;
  readonly ev: Evaluator;
  findings = new Map<string, Finding>();
  /** object literals whose context is decided (by endpoint, keys or as another vendor's) */
  contexted = new Map<ts.Node, ContextKind>();
  piecesMemo = new Map<ts.Node, Piece[]>();
  lineStartsMemo = new Map<string, number[]>();
  reportedBases = new Set<string>();
  readonly hosts: { base?: string; legacy?: string; staging?: string };
  /** nested pickup objects handled as a whole: their inner fields carry no edits of their own */
  nestedPickups = new Set<ts.Node>();
  /** v1 pickup bodies left whole for a person: their nested `pickup` object gives a field another literal value than the top level */
  leftBodies = new Set<ts.Node>();
  /** versioned bases ('…/2023-01' in a constant or an instance's baseURL) and the relative paths sent through them */
  baseGroups = new Map<string, BaseGroup>();
  /** the group of each member path, by the key of the path's finding */
  memberGroups = new Map<string, BaseGroup>();
  /** bodies (object literals or typed expressions) whose declared type may be a request shape */
  shaped: Shaped[] = [];
  /** old event names written as literal types (settle decides with the values checked against them) */
  readonly eventTypes: EventType[] = [];
  /** template literal types that may give the old event name from parts (event-types.ts holds the values checked against one) */
  readonly eventTemplates: { unit: Unit; node: ts.TemplateLiteralTypeNode }[] = [];
  /** each event type that is a finding, with the values checked against it */
  readonly eventTypeGroups: EventTypeGroup[] = [];
  /** old paths written as literal types, with the code checked against each */
  readonly pathTypes: PathType[] = [];
  /** old paths compared with a value the checker types by the same paths written elsewhere (path-comparisons.ts): the keys of their findings */
  readonly comparedPaths: { key: string; other: string; partners: string[] }[] = [];
  /** the literal types '2023-01' (the version alone): reported, and moved to pathTypes, only where they type a versioned base (path-type-ties.ts) */
  readonly versionTypes: PathType[] = [];
  /** the path findings reported where their text is written (by key): the path they name, the method the call shows, their file */
  readonly sentPaths = new Map<string, { path: string; method?: string; file: string }>();
  /** paths the config's `paths` maps for a method only, which the entry does not apply to (the method they are sent with is not that one alone): the entry's methods */
  readonly entryNotApplied = new Map<Finding, string[]>();
  /** the keys of the path findings a request the check sees is sent to (a call's URL, through a wrapper, a client or a base): what a test double can double */
  readonly requestPaths = new Set<string>();
  /** how the requests seen sending to each path key send it: `fetch` (a direct call of the global), else `?` (double-clients.ts) */
  readonly sentVia = new Map<string, Set<string>>();
  /** set while a request call that is a direct call of the global `fetch` is read (requests.ts) */
  sendingVia?: string;
  /** the test doubles found (detectors/doubles.ts) */
  readonly doubles: Double[] = [];
  /** relative paths sent through a base the check cannot tell (Nest's `HttpService` of a class no one registration gives): a double of one stays */
  readonly unknownBaseRequests: { path: string; method?: string; file: string; line: number }[] = [];
  /** requests with a body (settle decides on each as a whole) */
  requests: SentRequest[] = [];
  /** files that send a request to an old path, wherever the path is written (an imported constant) */
  oldCallers = new Set<string>();
  /**
   * the names whose calls were looked for over every unit (a wrapper's callers), with the files of the
   * wrappers when known: `--cache` ties those files to the files that call the name (src/cache/)
   */
  readonly callsLookedUp = new Map<string, Set<string>>();
  /** the files analysed as candidates (they passed the text test, or it drew them in), not modules read for their imports */
  candidates = new Set<string>();
  /** while a body is tied to its endpoint: the object literals it is made of */
  bodyObjects?: Span[];
  /** objects whose keys `--fix` leaves, and why (a nested `pickup` object given through a variable) */
  heldObjects = new Map<ts.Node, string>();
  /** the keys assigned to, and read from, the variable holding an object literal (by the literal) */
  refsMemo = new Map<ts.Node, { writes: Written[]; reads: KeyRead[]; handed: Handed[]; reassigned?: boolean }>();
  /** body objects also read by their keys, or handed to calls: checked once every rename and every request is known (settleReads) */
  readBy: { unit: Unit; node: ts.ObjectLiteralExpression; reads: KeyRead[]; writes: Written[]; handed: Handed[] }[] = [];
  /** the arguments the requests take their bodies from (a request's own, a wrapper's callers'): an object handed there is sent */
  sentArgs: Span[] = [];
  /** identifiers by name, per unit (built when a body's variable is looked for) */
  idIndex = new Map<Unit, Map<string, ts.Identifier[]>>();
  /** while a body is tied to its endpoint: the findings it makes */
  collecting?: Finding[];
  /**
   * Objects sent both to another vendor's endpoint and as one of the service's old bodies (a
   * constant spread into both): `ctx` is the service's context, `body` the findings of the request
   * that met it second.
   */
  mixed: { unit: Unit; node: ts.ObjectLiteralExpression; ctx: ContextKind; info: RequestContext; body?: Finding[] }[] = [];
  /** `axios.defaults.baseURL = …` in the analysed units: the value, and the package folder it holds for */
  axiosDefaults: { unit: Unit; value: ts.Expression; scope: string }[] = [];
  packageDirs = new Map<string, string>();
  callIndex?: Map<string, { unit: Unit; call: ts.CallExpression }[]>;
  /** how many modules were parsed when the call index was made */
  callIndexUnits = 0;
  /** the reads of a module's constant (constant-reads.ts), by the constant, the file a message names places from, and how many modules were parsed then */
  constantReadsMemo = new Map<ts.Node, { parsed: number; from: string; answer: { reads: { unit: Unit; id: ts.Identifier }[] } | { unseen: string } }>();
  /** the calls of each function, as callers.ts found them */
  callersMemo = new Map<ts.Node, { unit: Unit; call: ts.CallExpression }[]>();
  /** how many functions have each name (callers.ts namesakes), and how many modules were parsed then */
  namesakesMemo = new Map<string, { parsed: number; count: number }>();
  /** where each class is constructed (callers.ts constructionsOf), and how many modules were parsed then */
  constructionsMemo = new Map<ts.Node, { parsed: number; sites: { unit: Unit; args: readonly ts.Expression[] }[] }>();
  /** calls of a wrapper, each followed as a request of its own (detectors/wrappers.ts) */
  followedCalls = new Set<ts.CallExpression>();
  /** calls of a path helper read with their argument in place (detectors/paths.ts, path-helpers.ts) */
  readonly helperCalls = new Set<ts.CallExpression>();
  /** wrappers whose URL parameter a versioned base is joined with: their callers give the paths */
  followedWrappers = new Set<ts.Node>();
  /**
   * while a call of a wrapper is followed: the wrapper and that call, so that a body given by the
   * wrapper's parameter is that call's argument (not every caller's)
   */
  boundCall?: { fn: ts.Node; unit: Unit; call: ts.CallExpression };

  constructor(
    readonly store: UnitStore,
    readonly options: AnalyzerOptions,
  ) {
    // the config's own 2024-09 forms of paths the spec does not show
    useConfiguredPaths(options.config.paths);
    this.bindings = new Bindings(store);
    this.ev = new Evaluator(this.bindings);
    const c = options.config;
    this.hosts = { base: originOf(c.baseUrl), legacy: originOf(c.legacyBaseUrl), staging: originOf(c.stagingUrl) };
    this.generated = new GeneratedFiles(c.generated, c.generatedRoot);
  }

  add(
    ruleId: string,
    unit: Unit,
    start: number,
    end: number,
    message: string | Words,
    opts: { edits?: UnitEdit[]; fixKind?: FixKind; context?: RequestContext; severity?: 'error' | 'warning'; changeKind?: ChangeKind; fixDescription?: string; newText?: string; oldText?: string; replace?: boolean } = {},
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
      message: render(message),
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
      oldText: opts.oldText ?? unit.fileText.slice(s, e),
      newText: opts.newText,
    };
    this.findings.set(key, f);
    if (typeof message !== 'string') this.words.set(f, message);
    this.collecting?.push(f);
    return f;
  }

  /** Settle holds the request this finding belongs to: its fix is taken away, and the message says why. */
  hold(f: Finding, code: HoldCode, why: string): void {
    f.edits = undefined;
    f.fixKind = 'none';
    f.heldBecause = { code, why };
    f.message = render(this.words.get(f) ?? f.message, f.heldBecause, this.assumed.get(f));
  }

  /** Settle ties this finding's fix to `--unsafe`, together with the path or body it goes with (`with`). */
  assume(f: Finding, code: AssumeCode, withWhat: string): void {
    f.fixKind = 'unsafe';
    this.assumed.set(f, withWhat);
    this.assumedCodes.set(f, code);
    f.message = render(this.words.get(f) ?? f.message, f.heldBecause, withWhat);
  }

  /** A finding made to move only with `--unsafe` where it was added, with what it goes with. */
  assumedAs(f: Finding, code: AssumeCode): void {
    this.assumedCodes.set(f, code);
  }

  /** What a finding moved only with `--unsafe` goes with (undefined: its own assumption). */
  assumedBy(f: Finding): AssumeCode | undefined {
    return this.assumedCodes.get(f);
  }

  pieces(unit: Unit, e: ts.Expression): Piece[] {
    let p = this.piecesMemo.get(e);
    if (!p) this.piecesMemo.set(e, (p = this.ev.pieces(unit, e)));
    return p;
  }

  /** Is this object literal a body sent to another vendor's endpoint? (request-types.ts asks) */
  foreignObject(node: ts.ObjectLiteralExpression): boolean {
    return this.contexted.get(node) === 'foreign';
  }

  /** Is this node inside the call that sets up a test double, its resolver included (detectors/doubles.ts)? (request-types-stay.ts asks) */
  insideDouble(unit: Unit, node: ts.Node): boolean {
    const at = node.getStart(unit.sf) + unit.offset;
    return this.doubles.some((d) => d.file === unit.file && d.start <= at && at < d.end);
  }

  /** Is it a body no request in the project shows, known by its keys (by-keys.ts)? (request-types.ts asks) */
  unsentObject(node: ts.ObjectLiteralExpression): boolean {
    if (this.unsentNodes?.size !== this.unsentObjects.length) this.unsentNodes = new Set(this.unsentObjects.map((o) => o.node));
    return this.unsentNodes.has(node) && !this.expectedValues.has(node);
  }
  private unsentNodes?: Set<ts.Node>;
  /** names sent as another vendor's body (`post(VENDOR_URL, body)` with `body: FreightPickup`) */
  readonly foreignValues: { unit: Unit; node: ts.Identifier }[] = [];

  /** The origin of a full URL (or of a host given beside a path) on a host the config does not name, when the service's hosts are configured. */
  otherHost(url: string | undefined): string | undefined {
    const configured = [this.hosts.base, this.hosts.legacy, this.hosts.staging].filter(Boolean);
    const o = originOf(url);
    return configured.length && o && !configured.includes(o) ? o : undefined;
  }

  /** What marks a file as generated or vendored (never edited by `--fix`); undefined: the project's own code (generated-globs.ts). */
  generatedBy(file: string): string | undefined {
    return this.generated.of(file, () => this.store.text(file));
  }

  /**
   * Does the check read every module importing this one? Where the text test passed it and it
   * names an old version (prefilter.ts drawsImporters: its importers are drawn in with it); a
   * module read only for an import of a candidate drew none.
   */
  importersRead(unit: Unit): boolean {
    return this.candidates.has(unit.file) && OLD_EXPORT.test(unit.fileText);
  }

  /** Where a message names a place: `line N` in the file it is about (`from`), else `file:N`. */
  placeOf(file: string, line: number, from?: string): string {
    return file === from ? `line ${line}` : `${this.shownFile(file)}:${line}`;
  }

  /** A file's name as messages show it (relative to the run's folder). */
  shownFile(file: string): string {
    return path.relative(this.options.root ?? process.cwd(), file).split(path.sep).join('/') || path.basename(file);
  }
}
