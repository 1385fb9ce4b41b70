// `--cache` must never change a report (issue 25): each fixture project is copied and put through a
// random sequence of edits (tokens an old body, path, base or request type is made of swapped for
// their 2024-09 or unrelated forms, in whichever module holds them: an imported constant, a base, a
// request type, a body constant; files deleted, renamed, copied, put back; a package.json, tsconfig
// or pnpm-workspace.yaml changed so that an import leads elsewhere; no change at all). After every step the
// JSON report of a run with the cache (which analyses again only what the edits touch) must be
// byte-identical to a cold run's. fast-check draws the sequences from a seed and prints the seed
// and the failing sequence when one fails. The seed is fixed (every run of `npm test` checks the same
// sequences); PROPERTY_SEED replays another, `PROPERTY_SEED=random` draws one, PROPERTY_RUNS sets the
// runs: `npm run test:cache:long` draws a new seed and runs 40 sequences a project and strategy.
//
// The runs are in this process (check() and the json reporter, as the command calls them): the
// command's own --cache is tested in test/cache.test.ts. As the command does, a cached run keeps its
// report in the cache, and a run where nothing changed writes that out again instead of rendering
// one: that text is what is compared. The walk of the tree is kept as soon as it is made (the steps
// come a whole run apart), so that the steps which change no folder (an edit to a file's text, a
// config file's, none) take the files from the kept walk (src/cache/walk.ts); the last test checks
// that some did, and that some runs wrote out the kept report.
import fc from 'fast-check';
import { readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../dist/src/index.js';
import { loadConfig } from '../dist/src/config.js';
import { json } from '../dist/src/reporters/json.js';
import type { FileResult } from '../src/types.js';
import { isDir, propertySeed, ROOT, tempCopy, walk } from './helpers.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 8);
process.env.MIGRATE_CHECK_CACHE_RACY_MS = '0';
/** how many cached runs took their files from the kept walk, and how many wrote out the kept report */
let walksKept = 0;
let reportsKept = 0;
const SEED = propertySeed(20_261_126);

const projects = readdirSync(path.join(ROOT, 'fixtures', 'projects'))
  .map((p) => path.join(ROOT, 'fixtures', 'projects', p, 'before'))
  .filter(isDir);

/** Each pair is swapped one way or the other: old forms and their 2024-09 or unrelated replacements. */
const SWAPS: [string, string][] = [
  ['2023-01', '2024-09'],
  ['courier_id', 'courier_service_id'],
  ['preferred_date', 'pickup_date'],
  ['/v1/', '/v2/'],
  ['service_shipment_ids', 'shipment_ids'],
  ['labels', 'parcels'],
  ['webhooks', 'hooks'],
  ['export const', 'const'],
  ['import ', '// import '],
  ['baseURL', 'baseUrl'],
  ['courier_account', 'carrier_account'],
];

/**
 * Swapped in the project's package.json, tsconfig.json and pnpm-workspace.yaml files: where an import
 * leads changes (a workspace package, its entry, a tsconfig path) while no source file does.
 */
const CONFIG_SWAPS: [string, string][] = [
  ['"workspaces"', '"workspacez"'],
  ['"main"', '"mainx"'],
  ['"name": "', '"name": "x-'],
  ['src/', 'lib/'],
  ['"paths"', '"pathz"'],
  ['packages/', 'pkgs/'],
];

type Edit =
  | { kind: 'swap'; file: number; pair: number; back: boolean; nth: number }
  | { kind: 'config'; file: number; pair: number; back: boolean }
  | { kind: 'none' }
  | { kind: 'delete'; file: number }
  | { kind: 'rename'; file: number }
  | { kind: 'copy'; file: number }
  | { kind: 'restore'; file: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('swap' as const), file: fc.nat(), pair: fc.nat({ max: SWAPS.length - 1 }), back: fc.boolean(), nth: fc.nat({ max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), file: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rename' as const), file: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('copy' as const), file: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restore' as const), file: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('config' as const), file: fc.nat(), pair: fc.nat({ max: CONFIG_SWAPS.length - 1 }), back: fc.boolean() }) },
  // a run where nothing changed since the last (the cache's quick path)
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('none' as const) }) },
);

/** The source files of the copy (not the config or package files, not the cache). */
const sources = (dir: string) => walk(dir).filter((f) => /\.(?:[cm]?[jt]sx?|vue|svelte|astro)$/.test(f));

/** The files that say where an import leads: package.json, tsconfig*.json, pnpm-workspace.yaml. */
const projectFiles = (dir: string) => walk(dir).filter((f) => /(?:^|\/)(?:package\.json|tsconfig[^/]*\.json|pnpm-workspace\.yaml)$/.test(f));

let clock = Date.UTC(2030, 0, 1) / 1000;

/**
 * Apply an edit. Every file written gets a modification time one second after the last one: an
 * editor's saves are that far apart, where two writes within one tick of the kernel's clock may
 * carry the same time (the metadata strategy's known limit, ESLint's too).
 */
function apply(dir: string, original: string, e: Edit): void {
  if (e.kind === 'none') return;
  if (e.kind === 'config') {
    const all = projectFiles(dir);
    if (!all.length) return;
    const abs = path.join(dir, all[e.file % all.length]);
    const [a, b] = CONFIG_SWAPS[e.pair];
    const [from, to] = e.back ? [b, a] : [a, b];
    const text = readFileSync(abs, 'utf8');
    if (text.includes(from)) write(abs, text.split(from).join(to));
    return;
  }
  const files = sources(dir);
  if (e.kind === 'restore') {
    const all = sources(original);
    if (!all.length) return;
    const rel = all[e.file % all.length];
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    write(path.join(dir, rel), readFileSync(path.join(original, rel), 'utf8'));
    return;
  }
  if (!files.length) return;
  const rel = files[e.file % files.length];
  const abs = path.join(dir, rel);
  if (e.kind === 'delete') rmSync(abs);
  else if (e.kind === 'rename') {
    const to = abs.replace(/(\.[^.]+)$/, `-moved$1`);
    renameSync(abs, to);
    touch(to);
  } else if (e.kind === 'copy') write(abs.replace(/(\.[^.]+)$/, `-copy$1`), readFileSync(abs, 'utf8'));
  else {
    const [a, b] = SWAPS[e.pair];
    const [from, to] = e.back ? [b, a] : [a, b];
    const text = readFileSync(abs, 'utf8');
    const parts = text.split(from);
    if (parts.length < 2) return;
    const at = 1 + (e.nth % (parts.length - 1));
    write(abs, parts.slice(0, at).join(from) + to + parts.slice(at).join(from));
  }
}

function write(file: string, text: string): void {
  writeFileSync(file, text);
  touch(file);
}

function touch(file: string): void {
  clock += 1;
  utimesSync(file, clock, clock);
}

async function report(dir: string, cache?: { location: string; strategy: 'metadata' | 'content' }): Promise<string> {
  const config = loadConfig({ cwd: dir });
  const render = (results: FileResult[]) => json(results, { cwd: dir, version: '0', color: false });
  if (!cache) return render((await check({ paths: ['.'], cwd: dir, config })).results);
  const kept = { key: () => 'json', render: async (results: FileResult[]) => ({ text: render(results), errors: 0, warnings: 0 }) };
  const checked = await traced(() => check({ paths: ['.'], cwd: dir, config, cache: { ...cache, report: kept } }));
  if (!checked.report) throw new Error('a cached run asked for its report gave none');
  if (checked.report.replayed) reportsKept++;
  return Buffer.from(checked.report.text).toString('utf8');
}

/** Run with the trace on, its lines kept from the test's output and the kept walks counted. */
async function traced<T>(run: () => Promise<T>): Promise<T> {
  const write = process.stderr.write;
  process.env.MIGRATE_CHECK_TRACE = '1';
  process.stderr.write = ((chunk: string | Uint8Array) => {
    if (String(chunk).includes('cache: the walk kept last time holds')) walksKept++;
    return true;
  }) as typeof process.stderr.write;
  try {
    return await run();
  } finally {
    process.stderr.write = write;
    delete process.env.MIGRATE_CHECK_TRACE;
  }
}

describe('--cache gives the report a cold run gives, after every edit', () => {
  for (const project of projects) {
    const name = path.basename(path.dirname(project));
    for (const strategy of ['metadata', 'content'] as const) {
      it(`${name}, ${strategy} strategy`, async () => {
        await fc.assert(
          fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 6 }), async (edits) => {
            const dir = tempCopy(project, 'mc-cache-prop-');
            const location = path.join(dir, '.migrate-check-cache');
            try {
              expect(await report(dir, { location, strategy })).toBe(await report(dir));
              for (const e of edits) {
                apply(dir, project, e);
                const cold = await report(dir);
                expect(await report(dir, { location, strategy })).toBe(cold);
              }
              expect(existsSync(location)).toBe(true);
            } finally {
              rmSync(dir, { recursive: true, force: true });
            }
          }),
          { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
        );
      }, 300_000);
    }
  }

  it('took the files from the kept walk, and wrote out the kept report, in some of those runs', () => {
    expect(walksKept).toBeGreaterThan(0);
    expect(reportsKept).toBeGreaterThan(0);
  });
});
