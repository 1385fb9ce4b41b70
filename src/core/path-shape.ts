// Whether a test double's path (msw, nock, Cypress, Playwright, Angular's HttpTestingController) stands for
// the path a request is sent to: segment by segment, where a parameter however it is written
// (`${id}` or any part not known statically, `:id`, `{id}`, `*`) matches any one segment, `**`
// any rest, and a glob's `*` inside a segment (Playwright's `labels*`) any text of one segment.
// The host is not compared (a full URL and a base + path name the same path). Pure functions over
// the virtual path texts of core/paths.ts (a hole is one private-use character).

import { loadCatalogue } from '../catalogue/index.js';
import { isHole } from './paths.js';
import { isTestFile } from './project-scope.js';

/** A path's segments, each a literal or `*` (one segment of any text) or `**` (any rest). */
export function pathShape(path: string): string[] {
  const bare = path.replace(/[?#].*$/, '').replace(/^\/+/, '').replace(/\/+$/, '');
  return bare.split('/').map((seg) => {
    if (seg === '**') return '**';
    if (seg === '*' || [...seg].some(isHole) || /^:[A-Za-z_$][\w$]*\??$/.test(seg) || /^\{[A-Za-z_$][\w$]*\}$/.test(seg)) return '*';
    return seg;
  });
}

/** Do two paths stand for the same endpoint (either side may hold parameters and wildcards)? */
export function samePath(a: string, b: string): boolean {
  return fits(pathShape(a), pathShape(b));
}

function fits(a: string[], b: string[]): boolean {
  if (!a.length || !b.length) return !a.length && !b.length ? true : a[0] === '**' || b[0] === '**';
  if (a[0] === '**' || b[0] === '**') return true;
  if (a[0] !== '*' && b[0] !== '*' && a[0] !== b[0] && !globFits(a[0], b[0]) && !globFits(b[0], a[0])) return false;
  return fits(a.slice(1), b.slice(1));
}

/** A glob's segment (Playwright's `labels*`, its `*` any text but a slash) against a plain one. */
function globFits(glob: string, seg: string): boolean {
  if (!glob.includes('*') || seg.includes('*')) return false;
  const parts = glob.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]*')}$`).test(seg);
}

/** Do two methods meet (undefined: any method, as msw's `http.all` or a path alone)? */
export function sameMethod(a: string | undefined, b: string | undefined): boolean {
  return !a || !b || a.toUpperCase() === b.toUpperCase();
}

/** Might this text set up a test double (msw, nock, Cypress, Playwright, Angular's HttpTestingController, axios-mock-adapter, fetch-mock)? A cheap test. */
const MAY_DOUBLE = /msw|nock|intercept|\.(?:un)?route\(|expectOne|expectNone|HttpTestingController|\.on(?:Get|Post|Put|Patch|Delete|Head|Options|Any)\b|fetchMock|CalledWith|waitFor(?:Request|Response)\b/;

/** The matchers comparing a value with a text: in test code, `expect(url).toBe('…')` asserts the URL a request went to (analysis/detectors/doubles.ts). */
export const URL_MATCHERS = new Set(['toBe', 'toEqual', 'toStrictEqual', 'toContain', 'toMatch', 'toEndWith', 'toStartWith']);

/** In test code, maybe a fake server's route (a verb method called: `app.post(`, analysis/detectors/server-routes.ts) or an assertion on a URL. */
const TEST_DOUBLE = new RegExp(`\\.(?:get|post|put|patch|delete|all|${[...URL_MATCHERS].join('|')})\\(`);

/**
 * Might this file set up a test double? A cheap test of its text. A server route or an assertion on
 * a text is a double only in test code: elsewhere `.post(` is most often a request, and counting it
 * tied every file sending one to every file of its project naming the same old path (the worker
 * threads' parts, `--cache`'s components).
 */
export const mayDouble = (file: string, text: string): boolean => MAY_DOUBLE.test(text) || (TEST_DOUBLE.test(text) && isTestFile(file));

/**
 * The old paths a text names, as a request it doubles names them too (`pickup/v1` of
 * `/pickup/v1/pickups` and of a prefix constant `'/pickup/v1'` joined with `'/pickups'`;
 * `2023-01/labels`), and the catalogue's 2023-01 resources it names as words (`courier_accounts`
 * of `${base}/${version}/courier_accounts/${id}`, a path whose version comes from a base or a
 * parameter): the files a worker thread or the cache takes together with a file that may set up a
 * double (tiesDouble).
 */
export function oldResourceWords(text: string): string[] {
  // (a regular expression writes the slash escaped: `/\/2023-01\/labels/` names `2023-01/labels` too)
  const paths = [...text.matchAll(/[A-Za-z_]+\\?\/v1\b|2023-01\\?\/[A-Za-z_]+/g)].map((m) => m[0].replace('\\', ''));
  const names = [...text.matchAll(resourceNames())].map((m) => m[0]);
  return [...new Set([...paths, ...names])];
}

/** The first segments of the catalogue's 2023-01 paths, as words. */
let RESOURCE_NAMES: RegExp | undefined;
function resourceNames(): RegExp {
  if (RESOURCE_NAMES) return RESOURCE_NAMES;
  const names = new Set<string>();
  for (const r of loadCatalogue().rules) {
    const m = r.endpoint && /^\/2023-01\/([A-Za-z_]+)/.exec(r.endpoint.old);
    if (m) names.add(m[1]);
  }
  return (RESOURCE_NAMES = new RegExp(`(?<![\\w$])(?:${[...names].sort().join('|')})(?![\\w$])`, 'g'));
}

/**
 * May a file naming `words` send a request that a double naming `doubled` doubles (both
 * oldResourceWords)? It names one of the double's old paths, or the resource of one of its
 * 2023-01 paths (its version may come from elsewhere).
 */
export function tiesDouble(doubled: readonly string[], words: readonly string[]): boolean {
  const v2023 = '2023-01/';
  return doubled.some((w) => w.includes('/') && (words.includes(w) || (w.startsWith(v2023) && words.includes(w.slice(v2023.length)))));
}

/**
 * A module that names an old version (`'2023-01'`, `/v1/`), or the 2024-09 webhooks path (a
 * registration's `version` must be its path's, and may come from a caller): when it exports
 * something, the text test draws in every module importing it (pipeline/prefilter.ts
 * drawsImporters), so the analysis sees each of its users.
 */
export const OLD_EXPORT = /2023-01(?![-\d])|\/v1\/|\/2024-09\/webhooks\b/;
