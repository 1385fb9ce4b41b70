// The import graph of the files the cache holds results for, cut into components as the worker
// threads' parts are (src/pipeline/partition.ts): the candidates, every module they import
// (transitively), and what ties files without an import (global types, axios' defaults, the calls
// of a name the analysis looked for over every file). A file's
// findings depend only on the files of its component; a change anywhere in one sends the whole
// component back to the analysis, and so does a change in the component it was in last time.

import { IMPORT_SPECIFIER } from '../analysis/resolve.js';
import { environmentTies } from '../core/environments.js';
import { insideRoot } from '../core/wall.js';
import { UnionFind } from '../core/union-find.js';
import { tiesDouble } from '../core/path-shape.js';
import { inScope, projectScope } from '../core/project-scope.js';
import { LightResolver } from '../pipeline/light-resolver.js';
import type { Entry } from './entry.js';
import { sha1 } from '../core/hash.js';
import type { ListedFolders } from '../types.js';
import { filesByName, type Names } from './names.js';

export interface Links {
  /** every node (the candidates and the modules they import, transitively): the files its imports name */
  links: Map<string, string[]>;
  /** the nodes outside the discovered files: the hash of their text */
  outside: Map<string, string>;
  /** false when an import could not be followed with confidence (a tsconfig that cannot be read) */
  sure: boolean;
}

/** The specifiers of a `moduleSpecifiers` answer (each line quoted). */
const unquote = (specifiers: string | undefined): string[] => (specifiers ? specifiers.split('\n').filter(Boolean).map((s) => s.slice(1, -1)) : []);

/** The import graph of the candidates (in `entries`, with their facts), following imports as the analysis does. */
export function importLinks(
  candidates: string[],
  entries: ReadonlyMap<string, Pick<Entry, 'imports'> & { unreadable?: unknown }>,
  o: { maxFileSize: number; root?: string; folders?: ListedFolders },
): Links {
  const inside = insideRoot(o.root);
  const resolver = new LightResolver(o.maxFileSize, inside, o.folders);
  const links = new Map<string, string[]>();
  const outside = new Map<string, string>();
  let sure = true;
  const queue = [...candidates];
  const seen = new Set(queue);
  while (queue.length) {
    const file = queue.shift()!;
    let specifiers: string[];
    const e = entries.get(file);
    if (e) specifiers = e.unreadable || !inside(file) ? [] : unquote(e.imports);
    else {
      const text = resolver.read(file);
      outside.set(file, text === undefined ? 'unreadable' : sha1(text));
      specifiers = text === undefined ? [] : [...text.matchAll(IMPORT_SPECIFIER)].map((m) => m[1]);
    }
    const targets: string[] = [];
    for (const spec of specifiers) {
      const target = resolver.resolve(file, spec);
      if (target === null) sure = false;
      if (!target) continue;
      targets.push(target);
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
    links.set(file, targets);
  }
  return { links, outside, sure };
}

/**
 * Each node's component, named by its least file: a module goes with the files that import it; the
 * candidates go together when one declares global types; axios' defaults go with every candidate
 * that names axios; a file naming the old event goes with every file that may register a webhook;
 * a file that may set up a test double goes with the files of its project naming an old path it
 * names; environment files of one folder go together; and where the analysis looked for the calls of a name over every
 * file (a wrapper's callers: `lookups`, as the last analysis of a node recorded them), the node goes with
 * every node that calls or declares that name. Not sure of the imports: one component.
 */
export function components(
  graph: Links,
  candidates: string[],
  entries: Map<string, Entry>,
  o: { names: (file: string) => Names | undefined; lookups: (file: string) => string[] | undefined },
): Map<string, string> {
  const sets = new UnionFind();
  for (const [file, targets] of graph.links) for (const t of [file, ...targets]) sets.union(file, t);
  const byName = filesByName(graph.links.keys(), o.names);
  for (const file of graph.links.keys()) for (const name of o.lookups(file) ?? []) for (const other of byName.get(name) ?? []) sets.union(file, other);
  const facts = candidates.map((f) => ({ file: f, e: entries.get(f)! }));
  // global types reach every module that names them: all the candidates go together
  if (facts.some((c) => c.e.globals)) for (const c of facts) sets.union(candidates[0], c.file);
  // axios' defaults reach every module that calls axios itself
  for (const d of facts) if (d.e.defaults) for (const c of facts) if (c.e.axios) sets.union(d.file, c.file);
  // a handler's event waits for the webhooks the project registers: those files go together
  const webhookish = facts.filter((c) => c.e.oldEvent || c.e.webhook);
  if (webhookish.some((c) => c.e.oldEvent)) for (const c of webhookish) sets.union(webhookish[0].file, c.file);
  // a test double moves only with the requests it doubles: a file that may set one up goes with the
  // files of its project that name an old path it names (as src/pipeline/partition.ts ties them)
  for (const d of facts) {
    if (!d.e.double || !d.e.resources) continue;
    const scope = projectScope(d.file);
    for (const c of facts) if (c !== d && inScope(scope, c.file) && tiesDouble(d.e.resources, c.e.resources ?? [])) sets.union(d.file, c.file);
  }
  // an environment file goes with the files a build swaps in for it (src/pipeline/partition.ts ties them too)
  for (const [a, b] of environmentTies(graph.links.keys())) sets.union(a, b);
  const part = new Map<string, string>();
  for (const f of graph.links.keys()) part.set(f, graph.sure ? sets.find(f) : candidates[0]);
  return part;
}

/**
 * The components to analyse again: those holding a file in `seeds` (changed, added, deleted, or
 * whose imports now name other files), widened over both the new components and the last run's
 * (a file that left a component takes the one it left with it) until nothing more joins.
 */
export function dirtyParts(seeds: Iterable<string>, now: Map<string, string>, before: Map<string, string>): Set<string> {
  const members = (parts: Map<string, string>) => {
    const m = new Map<string, string[]>();
    for (const [f, p] of parts) {
      if (!m.has(p)) m.set(p, []);
      m.get(p)!.push(f);
    }
    return m;
  };
  const nowMembers = members(now);
  const beforeMembers = members(before);
  const dirtyNow = new Set<string>();
  const dirtyBefore = new Set<string>();
  const queue = [...seeds];
  const seen = new Set(queue);
  const visit = (f: string) => {
    if (!seen.has(f)) {
      seen.add(f);
      queue.push(f);
    }
  };
  while (queue.length) {
    const f = queue.pop()!;
    const p = now.get(f);
    if (p !== undefined && !dirtyNow.has(p)) {
      dirtyNow.add(p);
      nowMembers.get(p)!.forEach(visit);
    }
    const q = before.get(f);
    if (q !== undefined && !dirtyBefore.has(q)) {
      dirtyBefore.add(q);
      beforeMembers.get(q)!.forEach(visit);
    }
  }
  return dirtyNow;
}

/** Two lists of links the same (order kept: the same imports resolve in the same order). */
export const sameLinks = (a: string[] | undefined, b: string[] | undefined): boolean => !!a && !!b && a.length === b.length && a.every((x, i) => x === b[i]);
