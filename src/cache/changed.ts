// `--cache`: a run where something changed (or no cache could be believed). Each file whose key
// changed is read and tested again; the files to parse are chosen again from what every file's entry
// keeps; the import graph of those files is cut into components (graph.ts), and the components
// holding a change (or that held one last time) are analysed again, with the compiler, the others
// keeping their results. The cache is written holding this run, with the command's report. Loaded
// only by such a run (analyze.ts): a run where nothing changed needs none of the text test.

import type { CandidateResult } from '../analysis/run.js';
import type { Analysis } from '../pipeline/analyze.js';
import { stemReader } from '../pipeline/alias-stems.js';
import { choiceDigest } from './choice.js';
import { hostsOf, legacyHostsOf } from '../config.js';
import { drawIn, weakStems, type Importer, type Passed } from '../pipeline/prefilter.js';
import type { ListedFolders } from '../types.js';
import type { Source } from '../pipeline/read.js';
import { sortByFile } from '../core/order.js';
import { msSince, trace } from '../core/trace.js';
import type { CacheOptions, Config, FileResult } from '../types.js';
import type { Entry, OutsideEntry } from './entry.js';
import { factsOf } from './facts.js';
import { components, dirtyParts, importLinks, sameLinks } from './graph.js';
import { namesOf, type Names } from './names.js';
import { graphDigest, inBytes, writeCache, type CacheData, type CacheFile, type WalkStamp } from './store.js';
import type { AnalysisThread } from '../pipeline/analysis-thread.js';
import type { runWhole as RunWhole } from '../pipeline/workers.js';

export interface ChangedRun {
  config: Config;
  cache: CacheOptions;
  root?: string;
  header: string;
  /** the cache file read (undefined: none, or none to believe) */
  file?: CacheFile;
  walk?: WalkStamp;
  /** what the walk saw of the folders (walk.ts OpenedCache), and the digest of the markers in them (choice.ts) */
  folders?: ListedFolders;
  markers?: string;
  fingerprint?: string;
  read: (file: string) => Source;
  started: number;
  analyse: (again: string[], o: AnalyseOptions) => Promise<CandidateResult>;
  /** the analysis is over: its thread is stopped then, not after the report is rendered and the cache written */
  analysed: () => void;
}

/** A run where some file changed (or no cache held): what changed is analysed again, the rest kept; the cache written. */
export async function changedRun(files: string[], keyed: (string | undefined)[], o: ChangedRun): Promise<Analysis> {
  const { config, cache, file, read, fingerprint } = o;
  const max = config.maxFileSize;
  const old = file?.full();
  const before = old?.files ?? new Map<string, Entry>();
  // what the last run recorded of the files' places, read below after their entries change (in place)
  const was = placesOf(before);
  const entries = new Map<string, Entry>();
  /** the files that changed, were added or deleted, or whose place in the graph changed */
  const seeds = new Set<string>();
  const hosts = hostsOf(config);
  const legacy = legacyHostsOf(config);
  files.forEach((file, i) => {
    const key = keyed[i];
    const prev = before.get(file);
    if (prev && key !== undefined && prev.key === key) entries.set(file, prev);
    else {
      entries.set(file, { key: key ?? '', ...factsOf(read(file), hosts, legacy) });
      seeds.add(file);
    }
  });
  for (const file of before.keys()) if (!entries.has(file)) seeds.add(file);

  const chosen = chooseCandidates(files, entries, { stems: old?.stems, weakIn: was.weakIn, seeds, read, folders: o.folders, legacy });
  const candidates = chosen.candidates;
  for (const [file, e] of entries) if (was.candidates.has(file) !== !!e.candidate) seeds.add(file);

  const names = (file: string): Names | undefined => {
    const e = entries.get(file);
    if (e?.declares && e.calls) return { declares: e.declares, calls: e.calls };
    const src = read(file);
    if (src.fatal) return undefined;
    const n = namesOf(src.text!);
    if (e) Object.assign(e, n);
    return n;
  };
  const graph = importLinks(candidates, entries, { maxFileSize: max, root: o.root, folders: o.folders });
  // the names whose calls the last analysis of a node looked for over every file (a wrapper's callers)
  const lookups = new Map<string, string[]>();
  for (const file of graph.links.keys()) {
    const known = entries.get(file)?.lookups ?? old?.outside.get(file)?.lookups;
    if (known) lookups.set(file, known);
  }
  const partsOf = () => components(graph, candidates, entries, { names, lookups: (f) => lookups.get(f) });
  let parts = partsOf();
  const outside = new Map<string, OutsideEntry>();
  for (const [file, links] of graph.links) {
    const e = entries.get(file);
    const prevLinks = e ? was.links.get(file) : old?.outside.get(file)?.links;
    if (e) e.links = links;
    else {
      const key = graph.outside.get(file)!;
      if (old?.outside.get(file)?.key !== key) seeds.add(file);
      outside.set(file, { key, links, part: '' });
    }
    if (!sameLinks(prevLinks, links)) seeds.add(file);
  }
  const partsBefore = was.parts;
  for (const [file, e] of old?.outside ?? []) partsBefore.set(file, e.part);
  // a file that was in the graph and is no more: the component it left is analysed again
  for (const file of partsBefore.keys()) if (!parts.has(file)) seeds.add(file);

  let dirty = dirtyParts(seeds, parts, partsBefore);
  let again: string[] = [];
  const fresh = new Map<string, FileResult>();
  let parsed = 0;
  // the analysis may look for the calls of new names, which tie its files to components it did not
  // take: those are analysed with them, until no new tie appears
  for (let round = 0; dirty.size; round++) {
    again = candidates.filter((f) => dirty.has(parts.get(f)!));
    const analysed = await o.analyse(again, { files, config, root: o.root, read, unreadable: chosen.unreadable });
    fresh.clear();
    for (const r of analysed.results) fresh.set(r.file, r);
    parsed += analysed.parsed;
    const taken = [...parts].filter(([, p]) => dirty.has(p)).map(([f]) => f);
    // a name looked for from known files ties those; one looked for from elsewhere, every file analysed
    for (const f of taken) lookups.delete(f);
    for (const { name, from } of analysed.callsLookedUp ?? [])
      for (const f of from.length ? from : taken) if (parts.has(f)) lookups.set(f, [...new Set([...(lookups.get(f) ?? []), name])].sort());
    const next = partsOf();
    const grown = new Set(taken.map((f) => next.get(f)!));
    const wider = [...next].some(([f, p]) => grown.has(p) && !dirty.has(parts.get(f)!));
    parts = next;
    dirty = grown;
    if (!wider) break;
    trace(`cache: the analysis tied ${again.length} candidates to others by the names whose calls it looked for; round ${round + 2}`);
  }
  o.analysed();
  for (const [file, part] of parts) {
    const e = entries.get(file);
    const found = lookups.get(file);
    if (e) Object.assign(e, { part, ...(found?.length ? { lookups: found } : {}) });
    else Object.assign(outside.get(file)!, { part, ...(found?.length ? { lookups: found } : {}) });
    if (e && !found?.length) delete e.lookups;
  }
  trace(`cache: ${old ? 'read' : 'none to use'}; ${seeds.size} files changed, added, deleted or moved in the graph; ${again.length} of ${candidates.length} candidates analysed again in ${msSince(o.started)} ms`);

  const results: FileResult[] = [];
  for (const file of files) {
    const e = entries.get(file)!;
    const unreadable = e.unreadable ?? chosen.unreadable.get(file);
    const part = parts.get(file);
    let r: FileResult = { file, findings: [], suppressed: [] };
    if (unreadable) r.fatal = { file, ...unreadable };
    else if (part !== undefined && dirty.has(part)) r = fresh.get(file) ?? r;
    else if (part !== undefined && e.result) {
      r = { file, ...e.result };
      // the reporters show the text of a file with findings (it is unchanged: its key says so)
      if (!r.fatal) r.source = read(file).text;
    }
    const { findings, suppressed, fatal } = r;
    if (fatal || findings.length || suppressed.length) e.result = { findings, suppressed, ...(fatal ? { fatal } : {}) };
    else delete e.result;
    results.push(r);
  }
  const sorted = sortByFile(results);
  // the command's report, kept with these results
  const key = cache.report?.key();
  const made = key !== undefined ? inBytes(await cache.report!.render(sorted)) : undefined;
  // (a config file the choice reads that changed with no source file: written, so that the next run finds nothing changed)
  const choice = { files: chosen.reads, digest: choiceDigest(o.folders, chosen.reads) };
  if (!old || seeds.size || choice.digest !== file?.choice || made) {
    const data: CacheData = { files: entries, outside, stems: chosen.stems };
    const report = made && { key: key!, ...made };
    const problem = writeCache(cache.location, { header: o.header, fingerprint, graph: graphDigest(graph.links, graph.outside, graph.sure), choice, markers: o.markers, candidates, data, walk: o.walk, report });
    if (problem) cache.onWarning?.(problem);
  }
  return { results: sorted, stats: { files: files.length, candidates: candidates.length, parsed }, candidates, report: made && { ...made, replayed: false } };
}

/**
 * The files to parse, chosen as the text test chooses them (prefilter.ts drawIn) from what each
 * file's entry keeps: a weak file's verdict is read again only when it changed or the strong files'
 * names did. Marks the entries of the candidates and of the weak files that import a strong one.
 */
function chooseCandidates(
  files: string[],
  entries: Map<string, Entry>,
  o: { stems?: string; weakIn: Set<string>; seeds: Set<string>; read: (file: string) => Source; folders?: ListedFolders; legacy: string[] },
): { candidates: string[]; stems: string; unreadable: Map<string, Source['fatal'] & object>; reads: string[] } {
  const strong: Passed[] = [];
  const weak: (Passed & { imports?: boolean })[] = [];
  const importers: Importer[] = [];
  for (const file of files) {
    const e = entries.get(file)!;
    delete e.candidate;
    delete e.weakIn;
    delete e.links;
    delete e.part;
    if (e.unreadable) continue;
    const facts = { file, versionedBase: !!e.base, setsDefaults: !!e.defaults, wrapper: !!e.wrapper };
    if (e.signal === 'strong') strong.push(facts);
    else {
      if (e.signal === 'weak') weak.push(facts);
      if (e.imports) importers.push({ file, specifiers: e.imports, setsDefaults: !!e.defaults });
    }
  }
  // (one reading of the config files serves the stems and the drawing in; the cache keeps which they were: choice.ts)
  const reads = new Set<string>();
  const reader = stemReader(importers, { folders: o.folders, reads });
  const weakList = weakStems(strong, importers, reader);
  const stems = weakList.join('\n');
  const known = o.stems === stems;
  for (const w of weak) {
    if (known && !o.seeds.has(w.file)) w.imports = o.weakIn.has(w.file);
    else {
      const src = o.read(w.file);
      if (src.fatal) w.imports = false;
      else w.text = src.text;
    }
  }
  const drawn = drawIn(strong, weak, importers, o.read, { reader, weak: weakList, legacy: o.legacy });
  const candidates = [...strong, ...drawn.candidates].map((c) => c.file);
  for (const f of candidates) entries.get(f)!.candidate = true;
  for (const f of drawn.weakIn) entries.get(f)!.weakIn = true;
  const unreadable = new Map(drawn.fatal.map((s) => [s.file, s.fatal!]));
  return { candidates, stems, unreadable, reads: [...reads].sort() };
}

/** Where the last run placed the files: the candidates, the weak files drawn in, the import links and components. */
function placesOf(before: Map<string, Entry>): { candidates: Set<string>; weakIn: Set<string>; links: Map<string, string[]>; parts: Map<string, string> } {
  const was = { candidates: new Set<string>(), weakIn: new Set<string>(), links: new Map<string, string[]>(), parts: new Map<string, string>() };
  for (const [file, e] of before) {
    if (e.candidate) was.candidates.add(file);
    if (e.weakIn) was.weakIn.add(file);
    if (e.links) was.links.set(file, e.links);
    if (e.part !== undefined) was.parts.set(file, e.part);
  }
  return was;
}

export interface AnalyseOptions {
  files: string[];
  config: Config;
  root?: string;
  read: (file: string) => Source;
  unreadable: Map<string, Source['fatal'] & object>;
}

/** Analyse some candidates (read now), as the run without the cache would analyse them, on the thread started ahead when there is one. */
export async function analyse(again: string[], o: AnalyseOptions, runWhole: typeof RunWhole, thread: AnalysisThread | undefined): Promise<CandidateResult> {
  if (!again.length) return { results: [], parsed: 0 };
  const job = again.map((file) => ({ file, src: o.read(file) }));
  for (const { file, src } of job) if (src.fatal) o.unreadable.set(file, src.fatal);
  const readable = job.filter((j) => !j.src.fatal).map((j) => ({ file: j.file, text: j.src.text! }));
  return runWhole({ candidates: readable, given: o.files, config: o.config, root: o.root }, thread);
}

