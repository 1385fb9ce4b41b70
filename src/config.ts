// The configuration: found, parsed and validated once; every problem is one line naming the key.
//
// Discovery: `--config FILE`, else migrate-check.config.json in the cwd, else the "migrate-check"
// key of the cwd's package.json, else the defaults. `--rule ID=level` and `--ignore-pattern` are
// applied on top of whatever was found.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Ajv as AjvClass, ErrorObject, ValidateFunction } from 'ajv';
import type * as Jsonc from 'jsonc-parser';
import { getRule, unknownRule } from './catalogue/index.js';
import { lineCol } from './core/lines.js';
import { findPaths, parsePathEntry } from './core/paths.js';
import { didYouMean, nearest } from './suggest.js';
import { UsageError } from './errors.js';
import { requireCjs } from './core/require.js';
import type { Config, RuleLevel } from './types.js';

export const CONFIG_FILE = 'migrate-check.config.json';
export const PACKAGE_KEY = 'migrate-check';
export const DEFAULT_MAX_FILE_SIZE = 4 * 1024 * 1024;
const LEVELS: readonly RuleLevel[] = ['off', 'warn', 'error'];
const URL_KEYS = ['baseUrl', 'legacyBaseUrl', 'stagingUrl'] as const;

export interface LoadConfigOptions {
  cwd: string;
  /** `--config FILE` (relative to cwd); a missing file is an error */
  configPath?: string;
  /** `--rule ID=off|warn|error`, repeatable; overrides the file */
  cliRules?: string[];
  /** `--ignore-pattern GLOB`, repeatable; added to the file's ignorePatterns */
  cliIgnore?: string[];
}

// ---------------------------------------------------------------------------------------------
// JSON (and JSON with comments) with a useful error position

// jsonc-parser is loaded when a config file is read (most runs of a project without one never do),
// and with require: a CommonJS package imported as ESM has its source scanned for names first
let loaded: typeof Jsonc | undefined;
const jsonc = (): typeof Jsonc => (loaded ??= requireCjs('jsonc-parser') as typeof Jsonc);
/** The parser's error codes (a const enum in its types, an object at run time). */
const codes = () => (jsonc() as unknown as { ParseErrorCode: Record<keyof typeof Jsonc.ParseErrorCode, Jsonc.ParseErrorCode> }).ParseErrorCode;

/** What the parser's error codes mean, in the words of the one-line error (before ", found ..."), and those inside a string. */
function errorWords(): { expected: Partial<Record<Jsonc.ParseErrorCode, string>>; inString: Partial<Record<Jsonc.ParseErrorCode, string>> } {
  const code = codes();
  return {
    expected: {
      [code.InvalidNumberFormat]: 'bad number',
      [code.PropertyNameExpected]: 'expected a property name in double quotes',
      [code.ValueExpected]: 'expected a value',
      [code.ColonExpected]: 'expected ":" after the property name',
      [code.CommaExpected]: 'expected ","',
      [code.CloseBraceExpected]: 'expected "," or "}"',
      [code.CloseBracketExpected]: 'expected "," or "]"',
    },
    // errors inside a string, placed at the string's start
    inString: {
      [code.InvalidUnicode]: 'bad \\u escape in the string here',
      [code.InvalidEscapeCharacter]: 'bad escape in the string here',
      [code.InvalidCharacter]: 'line break or control character in the string here',
      [code.UnexpectedEndOfString]: 'unterminated string',
    },
  };
}

/** Why a text is not JSON (or JSONC), in words, from the parser's first error. */
function parseErrorReason(text: string, e: Jsonc.ParseError): string {
  const at = e.offset;
  const ch = text[at];
  const words = errorWords();
  const code = codes();
  const inString = words.inString[e.error];
  if (inString) return inString;
  if (e.error === code.UnexpectedEndOfComment) return 'unterminated comment';
  if (e.error === code.InvalidCommentToken) return 'a comment, which this file cannot have (strict JSON)';
  if ((ch === '}' || ch === ']') && /,\s*$/.test(text.slice(0, at))) return `trailing comma before "${ch}"`;
  if (at >= text.length) return 'unexpected end of file';
  const found = `character ${JSON.stringify(ch)}`;
  if (e.error === code.EndOfFileExpected) return `unexpected ${found} after the value`;
  const expected = words.expected[e.error];
  return expected ? `${expected}, found ${found}` : `unexpected ${found}`;
}

/** A parsed tree's value; every key an own property (`"__proto__"` included, as JSON.parse has it). */
function treeValue(node: Jsonc.Node): unknown {
  if (node.type === 'object') return Object.fromEntries((node.children ?? []).map((p) => [p.children![0].value as string, treeValue(p.children![1])]));
  if (node.type === 'array') return (node.children ?? []).map(treeValue);
  return node.value;
}

/**
 * Parses a JSON text, a BOM allowed; with `comments`, `//` and block comments and trailing commas
 * too, as in tsconfig.json. Any error is a one-line UsageError naming the label, line and column.
 */
export function parseJsonText(text: string, label: string, opts: { comments?: boolean } = {}): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const comments = opts.comments === true;
  // strict JSON (a package.json) that reads cleanly needs no other parser: the JSONC parser places
  // the errors, and reads the comments and trailing commas of a config file
  if (!comments) {
    try {
      return JSON.parse(body) as unknown;
    } catch {
      /* placed and worded below */
    }
  }
  const errors: Jsonc.ParseError[] = [];
  let tree: Jsonc.Node | undefined;
  try {
    tree = jsonc().parseTree(body, errors, { allowTrailingComma: comments, disallowComments: !comments, allowEmptyContent: false });
  } catch (err) {
    if (err instanceof RangeError) throw new UsageError(`${label}: invalid JSON: nested too deeply to read`);
    throw err;
  }
  const first = errors[0] ?? (tree ? undefined : { error: codes().ValueExpected, offset: body.length, length: 0 });
  if (first) {
    const { line, column } = lineCol(body, Math.min(first.offset, body.length));
    throw new UsageError(`${label}: invalid JSON at line ${line}, column ${column}: ${parseErrorReason(body, first)}`);
  }
  // no error: the parser made a tree
  return treeValue(tree!);
}

/** Reads a text file; a missing or unreadable file is a one-line UsageError naming `what`. */
export function readTextFile(file: string, what: string, shown = file): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`${what} not found: ${shown}`);
    if (code === 'EISDIR') throw new UsageError(`${what} is a folder, not a file: ${shown}`);
    throw new UsageError(`cannot read ${what} ${shown}: ${code ?? (err as Error).message.split('\n')[0]}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Validation

const schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    baseUrl: { type: 'string', format: 'http-url' },
    legacyBaseUrl: { type: 'string', format: 'http-url' },
    stagingUrl: { type: 'string', format: 'http-url' },
    rules: { type: 'object', additionalProperties: { type: 'string', enum: LEVELS } },
    ignorePatterns: { type: 'array', items: { type: 'string' } },
    maxFileSize: { type: 'integer', minimum: 1 },
    paths: { type: 'object', additionalProperties: { type: 'string' } },
    generated: { type: 'array', items: { type: 'string' } },
    legacyBases: { type: 'array', items: { type: 'string', pattern: '^(?!process\\.env\\.|this\\.)[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)*$' } },
  },
};
const KNOWN_KEYS = Object.keys(schema.properties).filter((k) => k !== '$schema');

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

let validator: ValidateFunction | undefined;
function validate(value: unknown): ErrorObject | undefined {
  if (!validator) {
    // loaded when a config file is there to check (CommonJS, required: no cost to a run without one)
    const { Ajv } = requireCjs('ajv') as { Ajv: typeof AjvClass };
    const ajv = new Ajv({ allErrors: false, verbose: true, strict: true });
    ajv.addFormat('http-url', { type: 'string', validate: isHttpUrl });
    validator = ajv.compile(schema);
  }
  return validator(value) ? undefined : (validator.errors ?? [])[0];
}

function show(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  object: 'an object',
  array: 'an array',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
};

/** `/rules/v1-x` -> `rules["v1-x"]`, `/ignorePatterns/2` -> `ignorePatterns[2]`. */
function keyName(instancePath: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let out = parts[0] ?? '';
  for (const p of parts.slice(1)) out += /^\d+$/.test(p) ? `[${p}]` : `[${JSON.stringify(p)}]`;
  return out;
}

function describeError(e: ErrorObject, label: string): UsageError {
  const key = keyName(e.instancePath);
  const subject = key ? `${label}: ${key}` : label;
  switch (e.keyword) {
    case 'additionalProperties': {
      const extra = String((e.params as { additionalProperty: string }).additionalProperty);
      const hint = didYouMean(nearest(extra, KNOWN_KEYS, 1).map((k) => `"${k}"`)) ?? `known keys: ${KNOWN_KEYS.join(', ')}`;
      return new UsageError(`${label}: unknown key "${extra}"${key ? ` in ${key}` : ''}`, hint);
    }
    case 'type': {
      const t = String((e.params as { type: string }).type);
      return new UsageError(`${subject} must be ${TYPE_NAMES[t] ?? t}, got ${show(e.data)}`);
    }
    case 'enum':
      return new UsageError(`${subject} must be "off", "warn" or "error", got ${show(e.data)}`);
    case 'format':
      return new UsageError(`${subject} must be an http(s) URL, got ${show(e.data)}`);
    case 'minimum':
      return new UsageError(`${subject} must be a positive integer, got ${show(e.data)}`);
    case 'pattern':
      return new UsageError(`${subject} must be the name of a constant, variable or environment variable (an identifier), or a module object's member (\`environment.pickupApiUrl\`), got ${show(e.data)}`);
    default:
      return new UsageError(`${subject}: ${e.message ?? 'invalid value'}`);
  }
}

/** Validates a parsed config object; the label names its source in messages. */
export function validateConfig(value: unknown, label: string): Partial<Config> {
  const err = validate(value);
  if (err) throw describeError(err, label);
  const obj = value as Partial<Config> & { $schema?: string };
  for (const id of Object.keys(obj.rules ?? {})) {
    if (!getRule(id)) throw unknownRule(id, `${label}: rules: `);
  }
  for (const [from, to] of Object.entries(obj.paths ?? {})) checkPathEntry(from, to, `${label}: paths: "${from}"`);
  (obj.generated ?? []).forEach((g, i) => checkGeneratedGlob(g, `${label}: generated[${i}]`));
  return obj;
}

/**
 * A `paths` entry names an old path (2023-01, or a v1 family's) and its 2024-09 form, each with an
 * optional method; every `{name}` of the new path is one of the old path's.
 */
function checkPathEntry(from: string, to: string, where: string): void {
  const o = parsePathEntry(from);
  const old = o && findPaths(o.path).find((m) => m.start === 0 && m.end === o.path.length);
  if (!o || !old || old.version === '2024-09' || old.versionOnly) throw new UsageError(`${where} must name an old path (METHOD /2023-01/… or a v1 family's /…/v1/…), got "${from}"`);
  const n = parsePathEntry(to);
  if (!n || !/^\/2024-09\/[^/]/.test(n.path)) throw new UsageError(`${where} must map to a 2024-09 path (METHOD /2024-09/…), got "${to}"`);
  const names = (p: string) => [...p.matchAll(/\{([^}/]+)\}/g)].map((m) => m[1]);
  const missing = names(n.path).filter((x) => !names(o.path).includes(x));
  if (missing.length) throw new UsageError(`${where}: {${missing[0]}} in "${to}" is not a placeholder of "${from}"`);
}

/** A `generated` glob: a pattern for files inside the config's folder (gitignore-style, like ignorePatterns). */
function checkGeneratedGlob(glob: string, where: string): void {
  const g = glob.trim();
  if (!g || g.startsWith('#') || g.startsWith('!')) throw new UsageError(`${where} must be a glob of files (such as "src/generated/**"), got "${glob}"`);
  if (path.isAbsolute(g) || /^[A-Za-z]:/.test(g) || g.split(/[\\/]/).includes('..')) throw new UsageError(`${where} must be relative to the config file's folder and stay inside it, got "${glob}"`);
}

/** `--rule ID=off|warn|error` values, in order (a later one wins). */
export function parseCliRules(values: string[]): Record<string, RuleLevel> {
  const out: Record<string, RuleLevel> = {};
  for (const v of values) {
    const eq = v.indexOf('=');
    if (eq < 0) throw new UsageError(`--rule must be ID=off|warn|error, got "${v}"`);
    const id = v.slice(0, eq).trim();
    const level = v.slice(eq + 1).trim();
    if (!id) throw new UsageError(`--rule must be ID=off|warn|error, got "${v}"`);
    if (!getRule(id)) throw unknownRule(id, '--rule: ');
    if (!(LEVELS as readonly string[]).includes(level)) {
      throw new UsageError(`--rule ${id}: the level must be off, warn or error, got "${level}"`);
    }
    out[id] = level as RuleLevel;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Discovery

function shownPath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : file;
}

/**
 * The file the config is read from: `--config FILE`, else migrate-check.config.json in the cwd,
 * else the "migrate-check" key of the cwd's package.json (`key`); `found: false` when there is none
 * (the defaults apply; `file` is then where a new config file goes: migrate-check.config.json in the cwd).
 */
export interface ConfigLocation {
  file: string;
  shown: string;
  key?: string;
  found: boolean;
}

export function locateConfig(opts: Pick<LoadConfigOptions, 'cwd' | 'configPath'>): ConfigLocation {
  if (opts.configPath !== undefined) {
    const file = path.resolve(opts.cwd, opts.configPath);
    return { file, shown: opts.configPath, key: path.basename(file) === 'package.json' ? PACKAGE_KEY : undefined, found: true };
  }
  const own = path.join(opts.cwd, CONFIG_FILE);
  if (existsSync(own)) return { file: own, shown: shownPath(own, opts.cwd), found: true };
  const pkgFile = path.join(opts.cwd, 'package.json');
  if (existsSync(pkgFile)) {
    const shown = shownPath(pkgFile, opts.cwd);
    const pkg = parseJsonText(readTextFile(pkgFile, 'package.json', shown), shown);
    if (pkg && typeof pkg === 'object' && !Array.isArray(pkg) && PACKAGE_KEY in pkg) return { file: pkgFile, shown, key: PACKAGE_KEY, found: true };
  }
  return { file: own, shown: CONFIG_FILE, found: false };
}

/** Where the config comes from, and its raw value (undefined: use the defaults). */
function findRaw(opts: LoadConfigOptions): { raw: unknown; label: string; dir: string } | undefined {
  const at = locateConfig(opts);
  if (!at.found) return undefined;
  const dir = path.dirname(at.file);
  const text = readTextFile(at.file, opts.configPath !== undefined ? 'config file' : at.key ? 'package.json' : 'config file', at.shown);
  if (!at.key) return { raw: parseJsonText(text, at.shown, { comments: true }), label: at.shown, dir };
  const pkg = parseJsonText(text, at.shown);
  if (!pkg || typeof pkg !== 'object' || !(PACKAGE_KEY in pkg)) throw new UsageError(`${at.shown} has no "${PACKAGE_KEY}" key`);
  return { raw: (pkg as Record<string, unknown>)[PACKAGE_KEY], label: `${at.shown} "${PACKAGE_KEY}"`, dir };
}

/** The hosts named in the config, and the bases its `legacyBases` names: a file naming one is always parsed (pipeline/prefilter.ts). */
export function hostsOf(config: Config): string[] {
  return [config.baseUrl, config.legacyBaseUrl, config.stagingUrl, ...(config.legacyBases ?? [])].filter((h): h is string => !!h);
}

/**
 * What names the legacy host in a text: the configured `legacyBaseUrl` and the bases `legacyBases`
 * records. A module exporting one draws in the modules importing it (pipeline/prefilter.ts
 * drawsImporters): the paths they send through it may be 2024-09 already, or read from elsewhere.
 */
export function legacyHostsOf(config: Config): string[] {
  return [config.legacyBaseUrl, ...(config.legacyBases ?? [])].filter((h): h is string => !!h);
}

export function defaultConfig(): Config {
  return { rules: {}, ignorePatterns: [], maxFileSize: DEFAULT_MAX_FILE_SIZE };
}

export function loadConfig(opts: LoadConfigOptions): Config {
  const found = findRaw(opts);
  const file = found ? validateConfig(found.raw, found.label) : {};
  const config = defaultConfig();
  for (const k of URL_KEYS) if (file[k] !== undefined) config[k] = file[k];
  config.rules = { ...(file.rules ?? {}), ...parseCliRules(opts.cliRules ?? []) };
  config.ignorePatterns = [...(file.ignorePatterns ?? []), ...(opts.cliIgnore ?? [])];
  if (file.maxFileSize !== undefined) config.maxFileSize = file.maxFileSize;
  if (file.paths !== undefined) config.paths = file.paths;
  if (file.generated?.length) {
    config.generated = file.generated;
    config.generatedRoot = path.resolve(found!.dir);
  }
  if (file.legacyBases !== undefined) config.legacyBases = file.legacyBases;
  return config;
}
