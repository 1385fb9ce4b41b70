// What the cache keeps of one file: the key of its content, what the text test made of it (enough to
// choose the files to parse without reading it again), its place in the import graph, and its
// result (findings hold no syntax tree: they are plain data). Checked field by field when read.

import { sha1 } from '../core/hash.js';
import { statSync } from 'node:fs';
import { readSource, type Source } from '../pipeline/read.js';
import type { CacheOptions, FatalProblem, Finding } from '../types.js';

export interface Entry {
  /** the size and modification time, or the hash of the text (CacheOptions.strategy) */
  key: string;
  /** the file could not be read (too large, binary, not UTF-8, …) */
  unreadable?: { message: string; line: number; column: number };
  /** the text test's verdict: strong, weak (absent: nothing to look at) */
  signal?: 'strong' | 'weak';
  /** its module specifiers, each quoted, a line each (prefilter.ts moduleSpecifiers) */
  imports?: string;
  /** it sets axios' defaults; it names a versioned base; it names axios; it declares global types */
  defaults?: true;
  base?: true;
  axios?: true;
  globals?: true;
  /** its importers are drawn in (prefilter.ts drawsImporters: a wrapper module, or one exporting an old path or version); it names the old event; it may register a webhook */
  wrapper?: true;
  oldEvent?: true;
  webhook?: true;
  /** it may set up a test double (msw, nock, …); the old resources it names (core/path-shape.ts) */
  double?: true;
  resources?: string[];
  /** a weak file that imports a strong one (for the stems the cache records) */
  weakIn?: true;
  /** it was parsed (a candidate) */
  candidate?: true;
  /** in the import graph: the functions it declares and the names it calls (names.ts) */
  declares?: string[];
  calls?: string[];
  /** in the import graph: the names whose calls the last analysis of its component looked for over every file */
  lookups?: string[];
  /** in the import graph of the candidates: the files its imports name, and its component's name */
  links?: string[];
  part?: string;
  /** what the run reported for it (absent: nothing) */
  result?: { findings: Finding[]; suppressed: Finding[]; fatal?: FatalProblem };
}

/** A module read by the analysis outside the files discovered: the hash of its text, its links and part. */
export interface OutsideEntry {
  key: string;
  links: string[];
  part: string;
  lookups?: string[];
}

/**
 * The key of a file's content as the strategy reads it, and its text when reading was needed for
 * that (the content strategy reads every file). A file that cannot be stat'ed or read keys as
 * undefined: it is looked at again.
 */
export function fileKey(file: string, strategy: CacheOptions['strategy'], maxFileSize: number): { key?: string; src?: Source } {
  if (strategy === 'content') {
    const src = readSource(file, undefined, maxFileSize);
    return { key: src.fatal ? metadataKey(file) : sha1(src.text!), src };
  }
  return { key: metadataKey(file) };
}

function metadataKey(file: string): string | undefined {
  const st = statSync(file, { throwIfNoEntry: false });
  return st ? `${st.size}:${st.mtimeMs}` : undefined;
}

const FINDING_NUMBERS = ['line', 'column', 'endLine', 'endColumn', 'start', 'end'];
const FINDING_STRINGS = ['ruleId', 'severity', 'message', 'file', 'fixKind', 'changeKind'];

const validFinding = (f: unknown): boolean =>
  isObject(f) && FINDING_NUMBERS.every((k) => typeof f[k] === 'number') && FINDING_STRINGS.every((k) => typeof f[k] === 'string') && (f.edits === undefined || Array.isArray(f.edits));

const validFatal = (f: unknown): boolean => isObject(f) && typeof f.message === 'string' && typeof f.line === 'number' && typeof f.column === 'number';

const FLAGS = new Set(['defaults', 'base', 'axios', 'globals', 'wrapper', 'oldEvent', 'webhook', 'double', 'weakIn', 'candidate']);
const LISTS = new Set(['links', 'declares', 'calls', 'lookups', 'resources']);

/** An entry as the cache file holds it, checked before it is believed (one pass over its fields: 10,000 of them are read at once). */
export function validEntry(e: unknown): e is Entry {
  if (!isObject(e) || typeof e.key !== 'string') return false;
  for (const k in e) {
    const v = e[k];
    if (v === undefined || k === 'key') continue;
    if (FLAGS.has(k)) {
      if (v !== true) return false;
    } else if (LISTS.has(k)) {
      if (!isStrings(v)) return false;
    } else if (k === 'imports' || k === 'part') {
      if (typeof v !== 'string') return false;
    } else if (k === 'signal') {
      if (v !== 'strong' && v !== 'weak') return false;
    } else if (k === 'unreadable') {
      if (!validFatal(v)) return false;
    } else if (k === 'result') {
      if (!isObject(v) || !Array.isArray(v.findings) || !Array.isArray(v.suppressed)) return false;
      if (!v.findings.every(validFinding) || !v.suppressed.every(validFinding)) return false;
      if (v.fatal !== undefined && !validFatal(v.fatal)) return false;
    }
  }
  return true;
}

export const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((l) => typeof l === 'string');
