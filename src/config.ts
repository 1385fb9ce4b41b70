// The configuration: found, parsed and validated once; every problem is one line naming the key.
//
// Discovery: `--config FILE`, else migrate-check.config.json in the cwd, else the "migrate-check"
// key of the cwd's package.json, else the defaults. `--rule ID=level` and `--ignore-pattern` are
// applied on top of whatever was found.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Ajv as AjvClass, ErrorObject, ValidateFunction } from 'ajv';
import { getRule, nearestRuleIds } from './catalogue/index.js';
import { UsageError } from './errors.js';
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
// JSON with a useful error position

/** 1-based line and column of an offset (UTF-16) in a text. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || (ch === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/**
 * Where and why a text is not JSON (the engine's own messages do not always give a position).
 * Returns undefined for valid JSON.
 */
export function jsonSyntaxError(text: string): { offset: number; reason: string } | undefined {
  let i = 0;
  class Stop {
    constructor(
      readonly offset: number,
      readonly reason: string,
    ) {}
  }
  const fail = (reason: string, at = i): never => {
    throw new Stop(at, reason);
  };
  const describe = (at: number) => (at >= text.length ? 'end of file' : `character ${JSON.stringify(text[at])}`);
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail(`unexpected ${describe(i)}`);
  };
  const string = () => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const ch = text[i];
      if (ch === '"') {
        i++;
        return;
      }
      if (ch.charCodeAt(0) < 0x20) fail('line break or control character in a string');
      if (ch === '\\') {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('bad \\u escape in a string');
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail('bad escape in a string');
      } else i++;
    }
  };
  const number = () => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail('bad number');
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{') return object();
    if (ch === '[') return array();
    if (ch === '"') return string();
    if (ch === '-' || (ch >= '0' && ch <= '9')) return number();
    if (ch === 't') return literal('true');
    if (ch === 'f') return literal('false');
    if (ch === 'n') return literal('null');
    fail(`unexpected ${describe(i)}`);
  };
  const object = () => {
    i++;
    ws();
    if (text[i] === '}') {
      i++;
      return;
    }
    for (;;) {
      ws();
      if (text[i] !== '"') fail(text[i] === '}' ? 'trailing comma before "}"' : `expected a property name in double quotes, found ${describe(i)}`);
      string();
      ws();
      if (text[i] !== ':') fail(`expected ":" after the property name, found ${describe(i)}`);
      i++;
      value();
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return;
      }
      fail(`expected "," or "}", found ${describe(i)}`);
    }
  };
  const array = () => {
    i++;
    ws();
    if (text[i] === ']') {
      i++;
      return;
    }
    for (;;) {
      ws();
      if (text[i] === ']') fail('trailing comma before "]"');
      value();
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return;
      }
      fail(`expected "," or "]", found ${describe(i)}`);
    }
  };
  try {
    value();
    ws();
    if (i < text.length) fail(`unexpected ${describe(i)} after the JSON value`);
    return undefined;
  } catch (e) {
    if (e instanceof Stop) return { offset: e.offset, reason: e.reason };
    if (e instanceof RangeError) return { offset: i, reason: 'nested too deeply to read' };
    throw e;
  }
}

/** JSON.parse with a BOM allowed and a one-line UsageError naming the label, line and column. */
export function parseJsonText(text: string, label: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (err) {
    const where = jsonSyntaxError(body);
    if (!where) throw new UsageError(`${label}: invalid JSON: ${(err as Error).message.split('\n')[0]}`);
    const { line, column } = lineColumn(body, where.offset);
    throw new UsageError(`${label}: invalid JSON at line ${line}, column ${column}: ${where.reason}`);
  }
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
    const { Ajv } = createRequire(import.meta.url)('ajv') as { Ajv: typeof AjvClass };
    const ajv = new Ajv({ allErrors: false, verbose: true, strict: true });
    ajv.addFormat('http-url', { type: 'string', validate: isHttpUrl });
    validator = ajv.compile(schema);
  }
  return validator(value) ? undefined : (validator.errors ?? [])[0];
}

function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1].toLowerCase() === b[j - 1].toLowerCase() ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length];
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
      const near = KNOWN_KEYS.map((k) => ({ k, d: editDistance(extra, k) })).sort((a, b) => a.d - b.d)[0];
      const hint = near && near.d <= Math.max(2, Math.floor(extra.length / 3)) ? `did you mean "${near.k}"?` : `known keys: ${KNOWN_KEYS.join(', ')}`;
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
    default:
      return new UsageError(`${subject}: ${e.message ?? 'invalid value'}`);
  }
}

function unknownRule(id: string, where: string): UsageError {
  const near = nearestRuleIds(id);
  const list = near.length > 1 ? `${near.slice(0, -1).join(', ')} or ${near[near.length - 1]}` : near.join('');
  return new UsageError(`${where}: unknown rule "${id}"`, `did you mean ${list}?`);
}

/** Validates a parsed config object; the label names its source in messages. */
export function validateConfig(value: unknown, label: string): Partial<Config> {
  const err = validate(value);
  if (err) throw describeError(err, label);
  const obj = value as Partial<Config> & { $schema?: string };
  for (const id of Object.keys(obj.rules ?? {})) {
    if (!getRule(id)) throw unknownRule(id, `${label}: rules`);
  }
  return obj;
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
    if (!getRule(id)) throw unknownRule(id, '--rule');
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

/** Where the config comes from, and its raw value (undefined: use the defaults). */
function findRaw(opts: LoadConfigOptions): { raw: unknown; label: string } | undefined {
  if (opts.configPath !== undefined) {
    const file = path.resolve(opts.cwd, opts.configPath);
    const text = readTextFile(file, 'config file', opts.configPath);
    if (path.basename(file) === 'package.json') {
      const pkg = parseJsonText(text, opts.configPath);
      const label = `${opts.configPath} "${PACKAGE_KEY}"`;
      if (!pkg || typeof pkg !== 'object' || !(PACKAGE_KEY in pkg)) {
        throw new UsageError(`${opts.configPath} has no "${PACKAGE_KEY}" key`);
      }
      return { raw: (pkg as Record<string, unknown>)[PACKAGE_KEY], label };
    }
    return { raw: parseJsonText(text, opts.configPath), label: opts.configPath };
  }
  const own = path.join(opts.cwd, CONFIG_FILE);
  if (existsSync(own)) {
    const shown = shownPath(own, opts.cwd);
    return { raw: parseJsonText(readTextFile(own, 'config file', shown), shown), label: shown };
  }
  const pkgFile = path.join(opts.cwd, 'package.json');
  if (existsSync(pkgFile)) {
    const shown = shownPath(pkgFile, opts.cwd);
    const pkg = parseJsonText(readTextFile(pkgFile, 'package.json', shown), shown);
    if (pkg && typeof pkg === 'object' && !Array.isArray(pkg) && PACKAGE_KEY in pkg) {
      return { raw: (pkg as Record<string, unknown>)[PACKAGE_KEY], label: `${shown} "${PACKAGE_KEY}"` };
    }
  }
  return undefined;
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
  return config;
}
