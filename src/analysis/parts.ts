// Large runs spread the analysis over worker threads. The files that passed the text test are cut
// into parts that share no import (a module and every file that imports it, directly or through
// others, land in one part), so that each part sees everything its findings depend on; parts are
// balanced over the workers and the results are merged back in file order, the same as one thread
// gives. Small runs, and any run where the imports cannot be read with confidence, stay in the
// main thread.

import { existsSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FileResult, Finding } from '../types.js';
import type { CandidateJob, CandidateResult } from './run.js';
import { IMPORT_SPECIFIER, probeModule, resolveSpecifier, tsPathsOf, type TsPaths } from './resolve.js';
import { sortFindings } from './sort.js';
import { msSince, trace } from '../core/trace.js';
import { setsAxiosDefaults } from '../read.js';

/** Below this many files to parse, one thread is faster than starting workers. */
const MIN_CANDIDATES_FOR_WORKERS = 300;
/** Below this many files in the run, no worker is started ahead of the text test. */
const MIN_FILES_TO_PRESTART = 3000;

/**
 * How many workers a run may use: `MIGRATE_CHECK_WORKERS` (0 or 1: none) or, by default, one per
 * core beside the main thread's, up to four. Each worker loads the compiler itself (about 0.3 s of
 * CPU) and parses the modules its part shares with others again: on two cores that costs more than
 * the second core gives back (measured by `npm run bench`), so two cores run in one thread.
 */
export function workerCount(): number {
  const env = process.env.MIGRATE_CHECK_WORKERS;
  if (env !== undefined && env !== '') {
    const n = Number(env);
    return Number.isInteger(n) && n > 1 ? Math.min(n, 16) : 0;
  }
  const cores = availableCores();
  return cores >= 3 ? Math.min(cores - 1, 4) : 0;
}

/** The cores this process may use. */
export function availableCores(): number {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

/** Workers forced on even for small runs (tests compare them with one thread): MIGRATE_CHECK_WORKERS set. */
const forced = () => !!process.env.MIGRATE_CHECK_WORKERS && workerCount() > 1;

interface Pool {
  workers: Worker[];
  failed?: Error;
}

/** Start the workers early so that they load the compiler while the main thread reads files. */
export function prestart(files: number): Pool | undefined {
  const n = workerCount();
  if (n < 2 || (files < MIN_FILES_TO_PRESTART && !forced())) return undefined;
  const pool: Pool = { workers: [] };
  for (let i = 0; i < n; i++) {
    const w = new Worker(new URL('./worker.js', import.meta.url));
    w.unref();
    w.on('error', (err) => (pool.failed ??= err));
    pool.workers.push(w);
  }
  return pool;
}

function stop(pool: Pool | undefined): void {
  for (const w of pool?.workers ?? []) void w.terminate();
}

/** Analyse the candidates: in parts on the pool's workers when there is enough to share, else here. */
export async function analyzeInParts(job: CandidateJob, pool?: Pool): Promise<CandidateResult> {
  try {
    if (!job.candidates.length) return { results: [], parsed: 0 };
    const wanted = pool && (job.candidates.length >= MIN_CANDIDATES_FOR_WORKERS || forced());
    const parts = wanted ? partition(job.candidates, pool.workers.length) : undefined;
    if (!pool || !parts || parts.length < 2 || pool.failed) {
      trace(`${job.candidates.length} files to parse, in this thread`);
      const started = performance.now();
      const { analyzeCandidates } = await import('./run.js');
      const result = await analyzeCandidates(job);
      trace(`analysis: ${result.parsed} files parsed in ${msSince(started)} ms (with the compiler's load)`);
      return result;
    }
    trace(`${job.candidates.length} files to parse, in ${parts.length} parts on ${parts.length} worker threads`);
    const given = [...job.given];
    let answers: CandidateResult[];
    const started = performance.now();
    try {
      answers = await Promise.all(
        parts.map((part, i) => ask(pool.workers[i], { candidates: part, given, config: job.config, overlays: job.overlays, root: job.root })),
      );
    } catch {
      // a worker that could not start or died: the same analysis in this thread
      const { analyzeCandidates } = await import('./run.js');
      return await analyzeCandidates(job);
    }
    trace(`analysis: ${answers.map((a, i) => `part ${i + 1} ${a.parsed} files parsed`).join(', ')}; all done in ${msSince(started)} ms`);
    const byFile = new Map<string, FileResult>();
    for (const a of answers) for (const r of a.results) byFile.set(r.file, byFile.has(r.file) ? mergeResults(byFile.get(r.file)!, r) : r);
    return { results: [...byFile.values()], parsed: answers.reduce((n, a) => n + a.parsed, 0) };
  } finally {
    stop(pool);
  }
}


function ask(worker: Worker, job: CandidateJob): Promise<CandidateResult> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { ok: true; result: CandidateResult } | { ok: false; error: string }) => {
      worker.off('error', onError);
      if (m.ok) resolve(m.result);
      else reject(new Error(m.error));
    };
    const onError = (err: Error) => {
      worker.off('message', onMessage);
      reject(err);
    };
    worker.once('message', onMessage);
    worker.once('error', onError);
    worker.postMessage(job);
  });
}

/** One file reported from two parts: a fatal problem wins; findings are merged without repeats. */
function mergeResults(a: FileResult, b: FileResult): FileResult {
  if (a.fatal) return a;
  if (b.fatal) return b;
  const key = (f: Finding) => `${f.ruleId}\u0000${f.start}\u0000${f.end}\u0000${f.message}`;
  const union = (x: Finding[], y: Finding[]) => {
    const seen = new Set(x.map(key));
    return sortFindings([...x, ...y.filter((f) => !seen.has(key(f)))]);
  };
  return { ...a, findings: union(a.findings, b.findings), suppressed: union(a.suppressed, b.suppressed), source: a.source ?? b.source };
}

// ---------------------------------------------------------------- the parts

const TS_FILE = /\.(?:tsx?|mts|cts)$/i;
/** A statement that makes a text a module (a superset: a line that starts with `import` or `export`). */
const MODULE_SYNTAX = /^\s*(?:import|export)\b/m;
/** The name of a type a line declares (`interface X`, `type X =`, `declare class X`, …). */
const TYPE_DECLARATION = /^\s*(?:declare\s+)?(?:interface|type|class|enum|namespace)\s+([\w$]+)/gm;

/**
 * Cut the candidates into at most `n` parts along their imports, or undefined when an import
 * cannot be followed with confidence (then one thread does it all). A part is a set of whole
 * components of the import graph, balanced by text size.
 */
export function partition(candidates: { file: string; text: string }[], n: number): { file: string; text: string }[][] | undefined {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    let c = x;
    while (c !== r) {
      const next = parent.get(c)!;
      parent.set(c, r);
      c = next;
    }
    return r;
  };
  const add = (x: string) => {
    if (!parent.has(x)) parent.set(x, x);
  };
  const union = (a: string, b: string) => {
    add(a);
    add(b);
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
  };
  const resolver = new LightResolver();
  const texts = new Map(candidates.map((c) => [c.file, c.text]));
  const queue = candidates.map((c) => c.file);
  const seen = new Set(queue);
  for (const f of queue) add(f);
  while (queue.length) {
    const file = queue.shift()!;
    const text = texts.get(file) ?? resolver.read(file);
    if (text === undefined) continue;
    for (const m of text.matchAll(IMPORT_SPECIFIER)) {
      const target = resolver.resolve(file, m[1]);
      if (target === null) return undefined;
      if (target === undefined) continue;
      union(file, target);
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  // a TypeScript script (no import or export) or a `declare global` declares types every module
  // sees without importing them: it shares a part with every file that names one of them
  for (const g of candidates) {
    if (!TS_FILE.test(g.file) || (MODULE_SYNTAX.test(g.text) && !/\bdeclare\s+(?:global|module)\b/.test(g.text))) continue;
    const names = [...g.text.matchAll(TYPE_DECLARATION)].map((m) => m[1]);
    if (!names.length) continue;
    const named = new RegExp(`(?<![\\w$])(?:${[...new Set(names)].map((n) => n.replace(/\$/g, '\\$')).join('|')})(?![\\w$])`);
    for (const c of candidates) if (c !== g && named.test(c.text)) union(g.file, c.file);
  }
  // axios' defaults (`axios.defaults.baseURL = …`) reach every module that calls axios itself
  const defaults = candidates.filter((c) => setsAxiosDefaults(c.text));
  for (const d of defaults) for (const c of candidates) if (c !== d && /\baxios\b/.test(c.text)) union(d.file, c.file);
  const groups = new Map<string, { file: string; text: string }[]>();
  for (const c of candidates) {
    const r = find(c.file);
    if (!groups.has(r)) groups.set(r, []);
    groups.get(r)!.push(c);
  }
  const size = (g: { text: string }[]) => g.reduce((s, c) => s + c.text.length, 0);
  const sorted = [...groups.entries()].sort((a, b) => size(b[1]) - size(a[1]) || (a[0] < b[0] ? -1 : 1));
  const bins = Array.from({ length: Math.min(n, sorted.length) }, () => ({ size: 0, items: [] as { file: string; text: string }[] }));
  for (const [, g] of sorted) {
    const bin = bins.reduce((m, b) => (b.size < m.size ? b : m), bins[0]);
    bin.items.push(...g);
    bin.size += size(g);
  }
  return bins.map((b) => b.items).filter((b) => b.length);
}

/**
 * Follows import specifiers the way the analysis does (src/analysis/resolve.ts), without the
 * compiler. `undefined`: a package or nothing of the project; `null`: a tsconfig it cannot read,
 * so the parts cannot be trusted.
 */
class LightResolver {
  private configs = new Map<string, TsPaths | null | 'bad'>();
  private files = new Map<string, boolean>();

  read(file: string): string | undefined {
    try {
      return statSync(file).size <= 4 * 1024 * 1024 ? readFileSync(file, 'utf8') : undefined;
    } catch {
      return undefined;
    }
  }

  resolve(from: string, spec: string): string | undefined | null {
    const relative = spec.startsWith('.') || spec.startsWith('/');
    const cfg = relative ? null : this.config(path.dirname(from));
    if (cfg === 'bad') return null;
    return resolveSpecifier(from, spec, cfg, (base) => probeModule(base, (f) => this.isFile(f), () => true));
  }

  private isFile(f: string): boolean {
    let hit = this.files.get(f);
    if (hit === undefined) {
      try {
        hit = statSync(f).isFile();
      } catch {
        hit = false;
      }
      this.files.set(f, hit);
    }
    return hit;
  }

  private config(dir: string): TsPaths | null | 'bad' {
    const cached = this.configs.get(dir);
    if (cached !== undefined) return cached;
    let result: TsPaths | null | 'bad' = null;
    const file = path.join(dir, 'tsconfig.json');
    if (existsSync(file)) {
      try {
        const json = JSON.parse(stripJsonComments(readFileSync(file, 'utf8'))) as { compilerOptions?: { baseUrl?: string; paths?: Record<string, string[]> } };
        result = tsPathsOf(dir, json.compilerOptions);
      } catch {
        result = 'bad';
      }
    } else {
      const up = path.dirname(dir);
      result = up !== dir ? this.config(up) : null;
    }
    this.configs.set(dir, result);
    return result;
  }
}

/** tsconfig.json is JSON with comments and trailing commas. */
function stripJsonComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else {
      out += c;
      i++;
    }
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}
