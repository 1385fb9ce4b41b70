// The one finding model shared by the analysis, the fix engine, the reporters and the servers.

export type Severity = 'error' | 'warning';
export type RuleLevel = 'off' | 'warn' | 'error';
/** safe: `--fix` applies it; unsafe: only `--fix --unsafe`; none: left for a person. */
export type FixKind = 'safe' | 'unsafe' | 'none';

/** A replacement of the text between two offsets (UTF-16 code units, 0-based, end exclusive). */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** The request context a finding was decided in: which endpoint (or key signature) and how. */
export interface RequestContext {
  /** e.g. 'pickup-v1', 'labels-2023-01', 'courier-block-2023-01', 'webhook-2023-01' */
  kind: string;
  /** how the context was known: from the endpoint the body is sent to, from the object's keys, ... */
  by: 'endpoint' | 'keys' | 'type' | 'path' | 'name';
  /** the endpoint, when one is visible: 'POST /pickup/v1/pickups' */
  endpoint?: string;
}

export interface Finding {
  ruleId: string;
  severity: Severity;
  message: string;
  /** absolute path of the file the finding is in */
  file: string;
  /** 1-based line and column, as an editor shows them; end is exclusive */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** offsets in the file text (UTF-16, 0-based) */
  start: number;
  end: number;
  fixKind: FixKind;
  /** the edits that bring this construct to 2024-09 (present when fixKind is safe or unsafe) */
  edits?: TextEdit[];
  /** a short description of the edit ("rename courier_id to courier_service_id") */
  fixDescription?: string;
  context?: RequestContext;
  /** the change kind: endpoint-moved, field-renamed, ... (the transform that applies it) */
  changeKind: ChangeKind;
  /** the old construct's text and its 2024-09 form, for reporters and the html page */
  oldText?: string;
  newText?: string;
  /** a suppressed finding: the words after `--` in the comment that hides it */
  justification?: string;
  /** why settle took this finding's fix away: the request it belongs to is held for a person */
  heldBecause?: { code: HoldCode; why: string };
  /** a finding `migrate-check/register` saw at run time: the request, and how often it was sent */
  runtime?: RuntimeSeen;
  /**
   * the request this finding's `--unsafe` fix belongs to: plain `--fix` holds it, `--fix --unsafe`
   * moves it whole (set on every finding of such a request, so its edits can be offered together)
   */
  assumedRequest?: AssumedRequest;
  /**
   * a legacy base URL finding: what it is known by (the data `--fix` records `legacyBases` from);
   * a v1 path's finding: the base it is sent through, when only such paths make that base legacy
   */
  legacyBase?: LegacyBase;
}

/** A request that moves to 2024-09 only on an assumption (`--fix --unsafe`): one unit of edits. */
export interface AssumedRequest {
  /** unique in a run: the findings with this id are the request's */
  id: string;
  /** the request as a person reads it: its path and where it is written (`/2023-01/shipments` at src/api.ts:4) */
  label: string;
  /** every file holding one of the request's edits (absolute paths, sorted) */
  files: string[];
}

/**
 * A base URL reported as the legacy host's. `name`: the constant's, variable's or environment
 * variable's name a `legacyBases` entry gives it (none for a literal or an object's property).
 * `by`: how it is known to be the legacy host's: by the v1 paths it serves (which `--fix` moves,
 * so it records the name), by its value (the configured `legacyBaseUrl`), by LEGACY in its name,
 * or by its entry in the config's `legacyBases`.
 */
export interface LegacyBase {
  name?: string;
  by: 'v1-paths' | 'value' | 'name' | 'recorded';
}

/** A request the run-time hook saw (its message says so too; this is the data). */
export interface RuntimeSeen {
  method: string;
  /** the URL without its query string and credentials */
  url: string;
  /** how many times this call site sent it */
  count: number;
  /** the package in node_modules the request was sent from */
  via?: string;
}

/**
 * Why a request is held whole: its path stays (no 2024-09 form, or it cannot move), its body holds
 * what `--fix` leaves, its body cannot be seen, an object of its body is shared with another
 * vendor's request, or read elsewhere by a key the fix would rename, or a part of it lies in
 * generated code (never edited: regenerated); a body known only by its keys, whose endpoint
 * no request in the project shows; and an event compared with a received event's type while a
 * webhook the project registers stays on 2023-01 (its events keep arriving under the old name);
 * and a finding a suppression comment hides, or whose rule the config turns off (the user keeps it);
 * and a test double (msw, nock, …) of a request that is held (it moves only with that request), and
 * a request one of whose test doubles is held.
 */
export type HoldCode = 'path-stays' | 'body-holds' | 'body-unseen' | 'shared-with-another-vendor' | 'read-by-old-keys' | 'generated' | 'endpoint-unseen' | 'webhook-stays' | 'handler-stays' | 'kept-by-user' | 'path-type' | 'event-type' | 'doubled-request-held' | 'double-held';

export type ChangeKind =
  | 'endpoint-moved'
  | 'field-renamed'
  | 'nested-pickup'
  | 'event-renamed'
  | 'webhook-version'
  | 'base-url'
  | 'check'
  | 'suppression';

/** A file that could not be read or parsed: ESLint's fatal message. */
export interface FatalProblem {
  file: string;
  message: string;
  line: number;
  column: number;
}

export interface FileResult {
  /** absolute path */
  file: string;
  findings: Finding[];
  /** findings hidden by a suppression comment (json: suppressedMessages, sarif: suppressions) */
  suppressed: Finding[];
  fatal?: FatalProblem;
  /** the file's text as analysed (for reporters that show code lines); absent for fatal files */
  source?: string;
  /** `--fix --dry-run`: the text the fix would write, for a file it would change (json: ESLint's `output`) */
  output?: string;
}

export interface HostConfig {
  baseUrl?: string;
  legacyBaseUrl?: string;
  stagingUrl?: string;
}

export interface Config extends HostConfig {
  rules: Record<string, RuleLevel>;
  ignorePatterns: string[];
  /** files larger than this many bytes are reported and skipped */
  maxFileSize: number;
  /**
   * the 2024-09 form of old paths the spec does not show, as the user looked them up
   * (`"POST /2023-01/shipments": "POST /2024-09/shipments"`, method optional, `{name}` placeholders)
   */
  paths?: Record<string, string>;
  /**
   * files the project holds as generated or vendored (never edited by `--fix`), as gitignore-style
   * patterns relative to `generatedRoot`
   */
  generated?: string[];
  /** the folder of the config file that gave `generated` */
  generatedRoot?: string;
  /**
   * bases known as the legacy host's because they served v1 paths (`--fix` records them as it
   * moves those paths): names of constants, variables or environment variables, in any file
   */
  legacyBases?: string[];
}

export interface CheckOptions {
  /** files or folders to scan; default the cwd */
  paths: string[];
  cwd: string;
  config: Config;
  /** in-memory texts that take precedence over the disk (editor buffers) */
  overlays?: Map<string, string>;
  /** called as files are processed (progress bars) */
  onProgress?: (done: number, total: number) => void;
  /** when set, nothing outside this folder is read (the MCP server's wall) */
  root?: string;
  /** the files under `paths`, when the caller has discovered them already (else the run walks `paths`) */
  files?: string[];
  /** `i/n`: check only this shard of the files found (`--shard`, src/shard.ts) */
  shard?: string;
  /** told of each folder under `paths` that cannot be read (the files in it are not checked) */
  onUnreadable?: (folder: string, code: string) => void;
  /** keep what each file gave in a cache file and, next time, analyse again only what changed (src/cache/) */
  cache?: CacheOptions;
}

/** `--cache`: where the cache file is and how a file is known to be unchanged. */
export interface CacheOptions {
  /** the cache file (absolute) */
  location: string;
  /** metadata: the file's size and modification time; content: a hash of its text */
  strategy: 'metadata' | 'content';
  /** told when the cache file cannot be written (the run's results stand) */
  onWarning?: (message: string) => void;
  /**
   * The command's report, kept in the cache file with the results it shows (cli.ts): `key` names
   * what it depends on besides them (the reporter, colour, folder, --quiet), undefined when no report
   * may be kept or written out again (a folder the walk could not read is a finding of the command's
   * own); `render` makes it from a run's results. A run where nothing changed since a report of that
   * key was kept writes it out again instead of rendering it.
   */
  report?: { key: () => string | undefined; render: (results: FileResult[]) => Promise<RenderedReport> };
}

/** A report as the command writes it out, with the counts of what it shows (the exit code is made from them). */
export interface RenderedReport {
  text: string | Uint8Array;
  errors: number;
  warnings: number;
}

export interface CheckResult {
  results: FileResult[];
  /** files discovered, files that passed the text test, files parsed */
  stats: { files: number; candidates: number; parsed: number };
  /** the files checked: every source file under the paths (or the shard's) */
  files: string[];
  /**
   * With CacheOptions.report: the report, rendered by this run or written again as the cache kept
   * it (`replayed`: then `results` is empty, none having been made)
   */
  report?: RenderedReport & { replayed: boolean };
}

/** fix() takes check()'s options but a shard: a base URL and the paths sent through it move together, across files. */
export interface FixOptions extends Omit<CheckOptions, 'shard'> {
  unsafe: boolean;
  dryRun: boolean;
  allowDirty: boolean;
  /** looked at before each file is written: once aborted, the files not yet written are left as they are */
  signal?: AbortSignal;
  /** told when writing starts (true) and ends (false): the one stretch an interrupt must not cut */
  onWriting?: (writing: boolean) => void;
  /** `--config FILE` (relative to cwd): where `legacyBases` is recorded; else the config file found in cwd, or a new one */
  configPath?: string;
}

export interface FileChange {
  file: string;
  before: string;
  after: string;
  /** how many findings this file's edits fixed */
  fixed: number;
}

export interface FixResult {
  changes: FileChange[];
  /** the findings after the fix (what is left for a person) */
  remaining: CheckResult;
  /** ambiguous courier_id warnings seen before the fix */
  ambiguousBefore: Finding[];
  /** files whose fixed text would not parse: left untouched */
  refused: { file: string; reason: string }[];
  /** the steps no code change covers, from the catalogue */
  manualSteps: { id: string; title: string; text: string }[];
  /** whether those steps apply: the fix changed something, or the code still calls an old version */
  manualStepsApply: boolean;
  /** the unified diff of all changes (dry run) */
  diff: string;
  /** set when the run was interrupted while writing: the files left as they were */
  interrupted?: { left: string[] };
  /** the bases recorded in the config's `legacyBases` (a dry run: that would be) */
  legacyBases?: RecordedBases;
  /** base URLs reported before the fix that it did not change and a scan no longer reports (no name to record) */
  basesLeft: Finding[];
}

/** What `--fix` recorded in the config's `legacyBases`. */
export interface RecordedBases {
  names: string[];
  /** the config file (absolute), and the package.json key when the config lives there */
  file: string;
  key?: string;
  /** the file did not exist: a new one (a dry run: it would be) */
  created: boolean;
  /** written on disk (false in a dry run, or when the write failed: `error` says why) */
  written: boolean;
  error?: string;
}

/**
 * What a walk of the tree saw of its folders (src/pipeline/discover.ts): the folders it listed,
 * those among them holding a tsconfig.json, and those holding a link of that name (left out of
 * `listed`: whether it leads anywhere is asked of the disk). A folder it listed needs no look on the
 * disk (analysis/tsconfig.ts, analysis/workspaces.ts). `markers`, gathered by a `--cache` walk: the
 * package.json and pnpm-workspace.yaml files and `.openapi-generator` folders it saw, whose presence
 * decides a project's scope, a workspace and generated code (src/cache/choice.ts).
 */
export interface ListedFolders {
  listed: Set<string>;
  tsconfig: Set<string>;
  links: Set<string>;
  markers: Set<string>;
}
