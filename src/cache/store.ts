// The cache file of `--cache`: where it is, the key of everything besides the files that can change
// a result (the header), and reading it without trusting it (a file that is not whole, not this
// tool's, or of another version, tool build, config or command is ignored) and writing it
// atomically (a complete temporary file renamed over it: a run that reads it at the same moment
// sees the old file or the new one, never half of one).

import { mkdirSync, readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot, toolVersion } from '../catalogue/index.js';
import type { Config, RenderedReport } from '../types.js';
import { writeWhole } from '../core/write-whole.js';
import { isObject, isStrings, validEntry, type Entry, type OutsideEntry } from './entry.js';
import { sha1 } from '../core/hash.js';

const FORMAT = 'migrate-check-cache';
/** raised whenever what an entry holds changes meaning */
const FORMAT_VERSION = 8;

export interface CacheData {
  /** every discovered file of the last run */
  files: Map<string, Entry>;
  /** modules the last run's analysis read outside the discovered files (a path given was a subfolder) */
  outside: Map<string, OutsideEntry>;
  /** the module names a weak file's imports were tested against (prefilter.ts weakStems) */
  stems: string;
}

/**
 * The key of everything besides the files themselves that a result depends on: the cache format,
 * the tool (its version and the build of its code), the rule catalogue (its size and time), the
 * config, and the command's options (the folder it runs from, the shard, the wall, the strategy).
 * Kept as it is in the file (a JSON text), compared whole.
 */
export function headerKey(o: { config: Config; cwd: string; root?: string; shard?: string; strategy: string }): string {
  const root = packageRoot();
  // ('0.0.0' when it cannot be read: the build stamp below still tells builds apart)
  const version = toolVersion();
  const catalogue = statSync(path.join(root, 'rules', 'catalogue.json'), { throwIfNoEntry: false });
  return JSON.stringify([FORMAT_VERSION, version, buildStamp(), catalogue ? `${catalogue.size}:${catalogue.mtimeMs}` : '', o.config, o.cwd, o.root ?? null, o.shard ?? null, o.strategy]);
}

let stamp: string | undefined;
/** The names, sizes and times of the tool's compiled code: a rebuild of the same version is another tool. */
function buildStamp(): string {
  if (stamp !== undefined) return stamp;
  const top = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const parts: string[] = [];
  // (relative names built as the walk goes down: path.relative for each of 160 files cost 10 ms a run)
  const walk = (dir: string, rel: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch {
      return;
    }
    for (const e of entries) {
      const p = dir + path.sep + e.name;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p, r);
      else if (/\.[cm]?js$/.test(e.name)) {
        const st = statSync(p, { throwIfNoEntry: false });
        if (st) parts.push(`${r}:${st.size}:${st.mtimeMs}`);
      }
    }
  };
  walk(top, '');
  stamp = sha1(parts.join('\n'));
  return stamp;
}

/**
 * The file's layout, four lines of JSON (JSON.stringify writes no line breaks of its own):
 * 1. the meta: the format and its version, the header, the fingerprint of the files' keys, the
 *    digest of the import graph, and the checksums of the other lines (a file spoiled anywhere, or
 *    cut short, is not believed);
 * 2. the quick part: what a run where nothing changed needs (every result, the graph's nodes with
 *    their imports), small enough to read at once;
 * 3. everything else the entries hold, read only when something changed;
 * 4. the walk: what the last walk of the tree saw (walk.ts), so that the next one can stat the
 *    folders instead of listing them; `null` when it could not be kept;
 * then, when the command kept one, the report it rendered from the results of line 2 (its bytes as
 *    written out, to the end of the file), checked only by a run that would write it out again.
 */
interface Meta {
  format: typeof FORMAT;
  version: number;
  header: string;
  /** of every file with its key (keysFingerprint) */
  fingerprint: string;
  /** of the import graph (graphDigest) */
  graph: string;
  /** the discovered files in the graph with their keys, one after the other (a change there is one to analyse) */
  graphKeys: string[];
  /** what the choice of files read besides the texts (choice.ts): the config files, and the digest of them and of where the walk saw tsconfig files */
  choiceFiles: string[];
  choice: string;
  /** of the package.json files and generator folders the analysis asks about (choice.ts markersDigest) */
  markers: string;
  /** of lines 2, 3 and 4 (each with its line break) */
  quickSum: string;
  fullSum: string;
  walkSum: string;
  /** the report kept after line 4 (RenderedReport), when there is one: its key, checksum and counts */
  report?: { key: string; sum: string; errors: number; warnings: number };
}

/**
 * What a walk of the tree saw, to know next time without listing a folder that nothing has changed
 * under the given paths (walk.ts): the paths as given and their real paths, the keys of the
 * .gitignore files that apply from above, every folder listed with its key, the .gitignore files
 * read on the way with theirs, the files the walk found (each as `folder index:name`), the
 * folders holding a tsconfig.json (each as its index, `index@` where it is a link), and the
 * package.json files and `.openapi-generator` folders it saw (as the files are).
 */
export interface WalkStamp {
  given: string[];
  above: string[];
  folders: string[];
  keys: string[];
  ignores: string[];
  files: string[];
  configs: string[];
  markers: string[];
}

/** What a run where nothing changed takes from the cache: the last run's results and its import graph. */
export interface Quick {
  /** the files parsed last time, in the order their graph was walked from */
  candidates: string[];
  /** the discovered files in the graph: their module specifiers (`moduleSpecifiers`), unreadable ones marked */
  nodes: Record<string, { imports?: string; unreadable?: true }>;
  /** every file that had a result */
  results: Record<string, NonNullable<Entry['result']>>;
}

/** The cache file as read: its meta believed (header and checksum right), its parts parsed on demand. */
export interface CacheFile {
  fingerprint: string;
  graph: string;
  graphKeys: string[];
  choiceFiles: string[];
  choice: string;
  markers: string;
  quick(): Quick | undefined;
  full(): CacheData | undefined;
  walk(): WalkStamp | undefined;
  /** the report kept under this key, its checksum right (undefined: none, another key's, or spoiled) */
  report(key: string): RenderedReport | undefined;
  /** the file with another walk line, or another report (its other lines as they are), for writeCacheText */
  rewritten(change: { walk?: WalkStamp; report?: ReportToKeep }): (string | Uint8Array)[];
}

/** A report to keep, in bytes, with the key of what besides the results it depends on (CacheOptions.report). */
export type ReportToKeep = { text: Uint8Array; errors: number; warnings: number; key: string };

/** The fingerprint of the files of a run with their keys (undefined: a file has none, so nothing can match). */
export function keysFingerprint(files: string[], keys: (string | undefined)[]): string | undefined {
  const parts: string[] = [];
  for (let i = 0; i < files.length; i++) {
    if (keys[i] === undefined) return undefined;
    parts.push(files[i], keys[i]!);
  }
  return sha1(parts.join('\0'));
}

/** The digest of an import graph: its links in the order walked, the keys of the modules outside, whether sure. */
export const graphDigest = (links: Map<string, string[]>, outside: Map<string, string>, sure: boolean): string =>
  sha1(JSON.stringify([[...links], [...outside], sure]));

/** The cache as the last run left it, or undefined when there is none that can be trusted for this run. */
export function readCache(file: string, header: string): CacheFile | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  // the starts of lines 2, 3, 4 and the end of the file
  const starts: number[] = [];
  for (let at = bytes.indexOf(10); at >= 0 && starts.length < 4; at = bytes.indexOf(10, at + 1)) starts.push(at + 1);
  if (starts.length < 4) return undefined;
  const meta = parse(bytes.toString('utf8', 0, starts[0] - 1));
  if (!isObject(meta) || meta.format !== FORMAT || meta.version !== FORMAT_VERSION || meta.header !== header) return undefined;
  if (typeof meta.fingerprint !== 'string' || typeof meta.graph !== 'string' || !isStrings(meta.graphKeys) || meta.graphKeys.length % 2) return undefined;
  if (typeof meta.choice !== 'string' || !isStrings(meta.choiceFiles) || typeof meta.markers !== 'string') return undefined;
  const sums = [meta.quickSum, meta.fullSum, meta.walkSum];
  if (!sums.every((s) => typeof s === 'string')) return undefined;
  // after line 4, the kept report or nothing
  const kept = meta.report === undefined ? undefined : validReportMeta(meta.report);
  if (meta.report === undefined ? starts[3] !== bytes.length : !kept) return undefined;
  const tail = bytes.subarray(starts[3]);
  const raw = (line: number) => bytes.subarray(starts[line - 1], starts[line]);
  // a file spoiled anywhere, or cut short, is not believed at all (a run where nothing changed parses lines 2 and 4 only)
  if (!sums.every((sum, i) => sha1(raw(i + 1)) === sum)) return undefined;
  const part = (line: number): unknown => {
    const b = raw(line);
    return parse(b.toString('utf8', 0, b.length - 1));
  };
  let quick: Quick | undefined | null = null;
  const readQuick = (): Quick | undefined => (quick === null ? (quick = validQuick(part(1))) : quick);
  return {
    fingerprint: meta.fingerprint,
    graph: meta.graph,
    graphKeys: meta.graphKeys,
    choiceFiles: meta.choiceFiles,
    choice: meta.choice,
    markers: meta.markers,
    quick: readQuick,
    full: () => {
      const q = readQuick();
      return q && validFull(part(2), q);
    },
    walk: () => validWalk(part(3)),
    // (the report's checksum only when it would be written out: 3 MB for a JSON report of 10,000 files)
    report: (key) => (kept && kept.key === key && sha1(tail) === kept.sum ? { text: tail, errors: kept.errors, warnings: kept.warnings } : undefined),
    rewritten: (change) => {
      const line = change.walk ? Buffer.from(walkLine(change.walk)) : raw(3);
      // (the kept report, when no other is given, with the entry it has: its checksum is not taken again)
      const text = change.report ? change.report.text : kept && tail;
      const next: Meta = { ...(meta as unknown as Meta), walkSum: sha1(line), report: change.report ? reportMeta(change.report) : kept };
      return [`${JSON.stringify(next)}\n`, raw(1), raw(2), line, ...(text ? [text] : [])];
    },
  };
}

const reportMeta = (r: ReportToKeep): NonNullable<Meta['report']> => ({ key: r.key, sum: sha1(r.text), errors: r.errors, warnings: r.warnings });

function validReportMeta(r: unknown): Meta['report'] {
  const count = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;
  return isObject(r) && typeof r.key === 'string' && typeof r.sum === 'string' && count(r.errors) && count(r.warnings) ? (r as Meta['report']) : undefined;
}

const walkLine = (walk: WalkStamp | undefined): string => `${JSON.stringify(walk ?? null)}\n`;

function validWalk(raw: unknown): WalkStamp | undefined {
  if (!isObject(raw)) return undefined;
  const lists = ['given', 'above', 'folders', 'keys', 'ignores', 'files', 'configs', 'markers'] as const;
  if (!lists.every((k) => isStrings(raw[k])) || (raw.folders as string[]).length !== (raw.keys as string[]).length) return undefined;
  return raw as unknown as WalkStamp;
}

function parse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

function validQuick(raw: unknown): Quick | undefined {
  if (!isObject(raw) || !isStrings(raw.candidates) || !isObject(raw.nodes) || !isObject(raw.results)) return undefined;
  for (const n of Object.values(raw.nodes)) if (!isObject(n) || (n.imports !== undefined && typeof n.imports !== 'string') || (n.unreadable !== undefined && n.unreadable !== true)) return undefined;
  for (const r of Object.values(raw.results)) if (!validEntry({ key: '', result: r })) return undefined;
  return raw as unknown as Quick;
}

function validFull(raw: unknown, quick: Quick): CacheData | undefined {
  if (!isObject(raw) || !isObject(raw.files) || !isObject(raw.outside) || typeof raw.stems !== 'string') return undefined;
  const files = new Map<string, Entry>();
  for (const [f, e] of Object.entries(raw.files)) {
    if (!validEntry(e)) return undefined;
    const result = quick.results[f];
    files.set(f, result ? { ...e, result } : e);
  }
  const outside = new Map<string, OutsideEntry>();
  for (const [f, e] of Object.entries(raw.outside)) {
    if (!isObject(e) || typeof e.key !== 'string' || !isStrings(e.links) || typeof e.part !== 'string' || (e.lookups !== undefined && !isStrings(e.lookups))) return undefined;
    outside.set(f, e as unknown as OutsideEntry);
  }
  return { files, outside, stems: raw.stems };
}

/** Write the cache (atomically); the reason it could not be written, else undefined. */
export function writeCache(
  file: string,
  o: { header: string; fingerprint?: string; graph: string; choice: { files: string[]; digest: string }; markers?: string; candidates: string[]; data: CacheData; walk?: WalkStamp; report?: ReportToKeep },
): string | undefined {
  const { data } = o;
  const nodes: Quick['nodes'] = {};
  const results: Quick['results'] = {};
  const rest: Record<string, Entry> = {};
  const graphKeys: string[] = [];
  for (const [f, e] of data.files) {
    const { result, ...kept } = e;
    if (result) results[f] = result;
    if (e.links) {
      graphKeys.push(f, e.key);
      nodes[f] = { ...(e.imports ? { imports: e.imports } : {}), ...(e.unreadable ? { unreadable: true as const } : {}) };
    }
    rest[f] = kept;
  }
  // each line in bytes once, for its checksum and the write (a text of 3 MB encoded once, not twice)
  const quick = Buffer.from(`${JSON.stringify({ candidates: o.candidates, nodes, results })}\n`);
  const full = Buffer.from(`${JSON.stringify({ stems: data.stems, files: rest, outside: Object.fromEntries(data.outside) })}\n`);
  // no fingerprint (a file without a key): one that never matches
  const walk = Buffer.from(walkLine(o.walk));
  const meta: Meta = { format: FORMAT, version: FORMAT_VERSION, header: o.header, fingerprint: o.fingerprint ?? '', graph: o.graph, graphKeys, choiceFiles: o.choice.files, choice: o.choice.digest, markers: o.markers ?? '', quickSum: sha1(quick), fullSum: sha1(full), walkSum: sha1(walk), report: o.report && reportMeta(o.report) };
  return writeCacheText(file, [`${JSON.stringify(meta)}\n`, quick, full, walk, ...(o.report ? [o.report.text] : [])]);
}

/** Write a whole cache file's text (atomically); the reason it could not be written, else undefined. */
export function writeCacheText(file: string, text: string | (string | Uint8Array)[]): string | undefined {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // (a cache lost to a power cut is read as not whole, and rebuilt)
    writeWhole(file, text);
    return undefined;
  } catch (err) {
    return `cannot write the cache ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
  }
}

/** A report in bytes: kept in the cache (its checksum taken) and written out as they are, encoded once. */
export const inBytes = (r: RenderedReport): RenderedReport & { text: Uint8Array } => ({ ...r, text: typeof r.text === 'string' ? Buffer.from(r.text) : r.text });
