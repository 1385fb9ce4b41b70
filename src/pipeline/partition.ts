// The cutting of a large run into parts for the workers (src/pipeline/workers.ts): the files that
// passed the text test are cut into parts that share no import (a module and every file that
// imports it, directly or through others, land in one part), so that each part sees everything its
// findings depend on, balanced by text size.

import { IMPORT_SPECIFIER } from '../analysis/resolve.js';
import { LightResolver } from './light-resolver.js';
import { setsClientDefaults } from '../core/axios-defaults.js';
import { environmentTies } from '../core/environments.js';
import { TS_FILE } from '../core/extensions.js';
import { OLD_EVENT } from '../core/keys.js';
import { mayDouble, oldResourceWords, tiesDouble } from '../core/path-shape.js';
import { inScope, projectScope } from '../core/project-scope.js';
import { insideRoot } from '../core/wall.js';
import { DEFAULT_MAX_FILE_SIZE } from '../config.js';
import { UnionFind } from '../core/union-find.js';

/** A statement that makes a text a module (a superset: a line that starts with `import` or `export`). */
const MODULE_SYNTAX = /^\s*(?:import|export)\b/m;
/** The name of a type a line declares (`interface X`, `type X =`, `declare class X`, …). */
const TYPE_DECLARATION = /^\s*(?:declare\s+)?(?:interface|type|class|enum|namespace)\s+([\w$]+)/gm;

/**
 * Cut the candidates into at most `n` parts along their imports, or undefined when an import
 * cannot be followed with confidence (then one thread does it all). A part is a set of whole
 * components of the import graph, balanced by text size. Modules are followed as the analysis
 * reads them: within the size limit and the run's root.
 */
export function partition(
  candidates: { file: string; text: string }[],
  n: number,
  o: { maxFileSize?: number; root?: string } = {},
): { file: string; text: string }[][] | undefined {
  const sets = new UnionFind();
  const union = (x: string, y: string) => sets.union(x, y);
  const add = (x: string) => sets.add(x);
  const find = (x: string) => sets.find(x);
  const resolver = new LightResolver(o.maxFileSize ?? DEFAULT_MAX_FILE_SIZE, insideRoot(o.root));
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
    const names = globalTypeNames(g.file, g.text);
    if (!names.length) continue;
    const named = new RegExp(`(?<![\\w$])(?:${[...new Set(names)].map((n) => n.replace(/\$/g, '\\$')).join('|')})(?![\\w$])`);
    for (const c of candidates) if (c !== g && named.test(c.text)) union(g.file, c.file);
  }
  // axios' defaults (`axios.defaults.baseURL = …`, Nest's `HttpModule.register`) reach every module that calls axios
  const defaults = candidates.filter((c) => setsClientDefaults(c.text));
  for (const d of defaults) for (const c of candidates) if (c !== d && AXIOS_WORD.test(c.text)) union(d.file, c.file);
  // a handler's event waits for the webhooks the project registers (analysis/settle-events.ts): the
  // files that name the old event or may register a webhook share one part
  const webhookish = candidates.filter((c) => namesOldEvent(c.text) || mayRegisterWebhook(c.text));
  if (webhookish.some((c) => namesOldEvent(c.text))) for (const c of webhookish.slice(1)) union(webhookish[0].file, c.file);
  // a test double moves only with the requests it doubles (analysis/settle-doubles.ts): a file that
  // may set one up shares a part with the files of its project that name an old path it names
  const resources = new Map(candidates.map((c) => [c, oldResourceWords(c.text)]));
  for (const d of candidates) {
    const words = resources.get(d)!;
    if (!words.some((w) => w.includes('/')) || !mayDouble(d.file, d.text)) continue;
    const scope = projectScope(d.file);
    for (const c of candidates) if (c !== d && inScope(scope, c.file) && tiesDouble(words, resources.get(c)!)) union(d.file, c.file);
  }
  // an environment file's key is, in another build, the same key of the files swapped in for it
  // (analysis/detectors/replaced-environments.ts): the environment files of a folder share one part
  for (const [a, b] of environmentTies(candidates.map((c) => c.file))) union(a, b);
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
 * The types a TypeScript script (no import or export) or a `declare global` / `declare module`
 * declares for every module to see without an import; empty for any other text.
 */
export function globalTypeNames(file: string, text: string): string[] {
  if (!TS_FILE.test(file) || (MODULE_SYNTAX.test(text) && !/\bdeclare\s+(?:global|module)\b/.test(text))) return [];
  return [...text.matchAll(TYPE_DECLARATION)].map((m) => m[1]);
}

/** A text that may call axios itself (and so use the defaults another module sets). */
export const AXIOS_WORD = /\baxios\b/;

/** A text that names the old event (a handler of it, or a webhook's event list). */
export const namesOldEvent = (text: string): boolean => text.includes(OLD_EVENT().old);

/** A text that may register a webhook (a webhooks path, an event list). */
export const mayRegisterWebhook = (text: string): boolean => /\bwebhooks\b|\bevent_types\b/.test(text);
