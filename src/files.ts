// File discovery (fast-glob, .gitignore, ignore patterns) and the cheap text test that decides
// which files are worth parsing.

import fg from 'fast-glob';
import ignore, { type Ignore } from 'ignore';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadCatalogue } from './catalogue/index.js';
import { UsageError } from './errors.js';

export const SOURCE_EXTENSIONS = ['.js', '.jsx', '.ts', '.tsx', '.mjs', '.cjs', '.mts', '.cts'];
export const COMPONENT_EXTS = ['.vue', '.svelte', '.astro'];
export const ALL_EXTENSIONS = [...SOURCE_EXTENSIONS, ...COMPONENT_EXTS];
// written as folders (not `folder/**`): fast-glob then skips them whole, without a match per file
const ALWAYS_IGNORED = ['**/node_modules', '**/dist', '**/build', '**/coverage', '**/.git'];

const toPosix = (p: string) => p.split(path.sep).join('/');

/** The .gitignore rules that apply under a root (the root's and its parents' up to the git top). */
function gitignoreFor(root: string): Ignore {
  const ig = ignore();
  // .gitignore files below the root are read as fast-glob lists them (see discover)
  let dir = root;
  const chain: string[] = [];
  for (;;) {
    chain.push(dir);
    if (existsSync(path.join(dir, '.git'))) break;
    const parent = path.dirname(dir);
    if (parent === dir) {
      chain.length = 1;
      break;
    }
    dir = parent;
  }
  const top = chain[chain.length - 1];
  for (const d of chain.reverse()) {
    const f = path.join(d, '.gitignore');
    if (!existsSync(f)) continue;
    const rel = toPosix(path.relative(top, d));
    const lines = readFileSync(f, 'utf8').split(/\r?\n/);
    ig.add(rel ? lines.map((l) => prefixRule(l, rel)) : lines);
  }
  (ig as Ignore & { __top?: string }).__top = top;
  return ig;
}

function prefixRule(line: string, rel: string): string {
  const t = line.trim();
  if (!t || t.startsWith('#')) return t;
  const neg = t.startsWith('!');
  const body = neg ? t.slice(1) : t;
  const anchored = body.replace(/\/$/, '').includes('/');
  const joined = anchored ? `${rel}/${body.replace(/^\//, '')}` : `${rel}/**/${body}`;
  return (neg ? '!' : '') + joined;
}

function realOf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/** Every source file under the given paths, sorted, honouring .gitignore and ignore patterns. */
export async function discover(paths: string[], cwd: string, ignorePatterns: string[]): Promise<string[]> {
  // by real path: a file reached twice (two paths given, or a link given beside its target) is listed once
  const out = new Map<string, string>();
  const user = ignore().add(ignorePatterns);
  for (const p of paths.length ? paths : ['.']) {
    const abs = path.resolve(cwd, p);
    let st;
    try {
      st = statSync(abs);
    } catch {
      throw new UsageError(`no such file or folder: ${p}`);
    }
    const real = realOf(abs);
    if (st.isFile()) {
      if (ALL_EXTENSIONS.includes(path.extname(abs).toLowerCase()) && !out.has(real)) out.set(real, abs);
      continue;
    }
    const ig = gitignoreFor(abs);
    const top = (ig as Ignore & { __top?: string }).__top ?? abs;
    const entries = await fg(['**/*.{js,jsx,ts,tsx,mjs,cjs,mts,cts,vue,svelte,astro}', '**/.gitignore'], {
      cwd: abs,
      absolute: true,
      dot: true,
      followSymbolicLinks: false,
      onlyFiles: true,
      ignore: ALWAYS_IGNORED,
      suppressErrors: true,
    });
    // nested .gitignore files
    for (const g of entries.filter((e) => path.basename(e) === '.gitignore' && path.dirname(e) !== abs)) {
      const rel = toPosix(path.relative(top, path.dirname(g)));
      ig.add(readFileSync(g, 'utf8').split(/\r?\n/).map((l) => prefixRule(l, rel)));
    }
    for (const f of entries) {
      if (path.basename(f) === '.gitignore') continue;
      if (f.endsWith('.d.ts') || f.endsWith('.d.mts') || f.endsWith('.d.cts')) continue;
      const relTop = toPosix(path.relative(top, f));
      const relCwd = toPosix(path.relative(cwd, f));
      if (relTop && !relTop.startsWith('..') && ig.ignores(relTop)) continue;
      if (relCwd && !relCwd.startsWith('..') && user.ignores(relCwd)) continue;
      // links below a given folder are not followed (see followSymbolicLinks), so its real path
      // plus the relative one is the file's real path
      const key = path.join(real, path.relative(abs, f));
      if (!out.has(key)) out.set(key, f);
    }
  }
  return [...out.values()].sort();
}

/**
 * The text test, run on every file before any parse. `strong`: the text names something only the
 * service's old (or checked 2024-09) API has, so it is parsed. `weak`: it holds a word an old body
 * or path shares with ordinary code (`courier_id`, `preferred_date`, `'/v1/...'`, `'2023-01'`); it
 * is parsed only when it imports a module that passed as `strong` (the path or base it sends to may
 * live there). `null`: nothing to look at.
 */
export type TextSignal = 'strong' | 'weak' | null;

let family: { strong: RegExp } | undefined;
/** Built once from the catalogue's v1 families (`pickup/v1/...`). */
function families(): { strong: RegExp } {
  if (family) return family;
  const list = (loadCatalogue().rules.find((r) => r.id === 'v1-unmapped-path')?.families ?? []).join('|');
  family = {
    // the family before `/v1`, or a base that ends in a family (its `/v1/...` path sits elsewhere);
    // a 2024-09 pickup time that is not a literal `'HH:MM'` (the checks look at it)
    strong: new RegExp(
      `(?:${list})/v1\\b|/(?:${list})['"\`]|/2023-01\\b|2023-01/|courier_account|courier_selection|selected_courier_id|allow_courier_fallback|time_slot_id|selected_(?:from|to)_time\\b(?!\\s*:\\s*(['"\`])\\d\\d:\\d\\d\\1)`,
    ),
  };
  return family;
}
const WEAK = /courier_id|preferred_(?:date|min_time|max_time)|\/v1\b|2023-01(?![-\d])|\/2024-09\b|2024-09\//;
const NEAR_PAIR = /courier_id[^]{0,300}service_shipment_ids|service_shipment_ids[^]{0,300}courier_id/;
const PICKUP_FIELD = /courier_id|preferred_(?:date|min_time|max_time)|service_shipment_ids/g;

export function textSignal(text: string, hosts: string[] = []): TextSignal {
  const { strong } = families();
  if (strong.test(text)) return 'strong';
  if (hosts.some((h) => h && text.includes(h))) return 'strong';
  const weak = WEAK.exec(text);
  if (!weak) return null;
  // a version string beside a webhook or a `version` key: the webhook registration's version
  if (/2023-01(?![-\d])/.test(text) && /version|webhook/i.test(text)) return 'strong';
  // a 2024-09 path beside a legacy name: a 2024-09 call still sent to the legacy host
  if (/\/2024-09\b|2024-09\//.test(text) && /legacy/i.test(text)) return 'strong';
  // a v1 path beside a legacy name: `${LEGACY_PICKUP_BASE}/v1/...`
  if (/\/v1\b/.test(text) && /legacy/i.test(text)) return 'strong';
  // two distinct v1 pickup fields (or a label entry's pair): a body recognisable by its keys alone
  const fields = new Set(text.match(PICKUP_FIELD) ?? []);
  if (fields.size >= 2 && [...fields].some((f) => f.startsWith('preferred_'))) return 'strong';
  // courier_id beside a label entry's shipment, or near a pickup's shipment list (one object)
  if (fields.has('courier_id') && (/service_shipment_id\b/.test(text) || NEAR_PAIR.test(text))) return 'strong';
  return 'weak';
}
