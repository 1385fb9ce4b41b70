// The html reporter (the migration progress page) and the trend file behind its burndown.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainText, getRule } from '../src/catalogue/index.js';
import { renderHtml } from '../src/reporters/html.js';
import { appendTrend, folderOf, gitCommit, pointFromResults, readTrend, recordTrend, type TrendPoint } from '../src/trend.js';
import type { FileResult, Finding, FixKind, Severity } from '../src/types.js';
import { bigResults, sampleResults, sampleTrend } from './data/html/sample.js';
import { leaveOut, onPath } from './support/requires.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const CWD = '/repo/shop';

/** A finding written out by hand: rule, severity, fix kind, position on one line. */
function f(file: string, ruleId: string, severity: Severity, fixKind: FixKind, line: number, column: number, endColumn: number, message = `${ruleId} at ${line}`): Finding {
  return {
    ruleId,
    severity,
    message,
    file: path.join(CWD, file),
    line,
    column,
    endLine: line,
    endColumn,
    start: 0,
    end: 0,
    fixKind,
    changeKind: 'endpoint-moved',
  };
}

function lines(n: number, special: Record<number, string>): string {
  return Array.from({ length: n }, (_, i) => special[i + 1] ?? `const line${i + 1} = ${i + 1};`).join('\n') + '\n';
}

const A_SOURCE = lines(16, {
  5: "  fetch('/pickup/v1/pickups', { courier_id: id });",
  11: '  body.preferred_date = day;',
});

/** Five files with findings in four folders, one clean file, one that could not be parsed. */
function handBuilt(): FileResult[] {
  return [
    {
      file: path.join(CWD, 'packages/web/src/a.ts'),
      source: A_SOURCE,
      findings: [
        f('packages/web/src/a.ts', 'v1-pickup-field', 'error', 'safe', 11, 8, 22),
        f('packages/web/src/a.ts', 'v1-pickups-path', 'error', 'safe', 5, 10, 28),
        f('packages/web/src/a.ts', 'ambiguous-courier-id', 'warning', 'none', 5, 33, 43),
      ],
      suppressed: [],
    },
    {
      file: path.join(CWD, 'packages/web/b.ts'),
      source: lines(3, { 2: "get('/2023-01/shipments');" }),
      findings: [f('packages/web/b.ts', 'unmapped-2023-01-path', 'error', 'unsafe', 2, 6, 24)],
      suppressed: [],
    },
    {
      file: path.join(CWD, 'packages/api/x.ts'),
      source: lines(2, { 1: "post('/2023-01/labels', body);" }),
      findings: [f('packages/api/x.ts', 'labels-path', 'error', 'safe', 1, 7, 22)],
      suppressed: [],
    },
    {
      file: path.join(CWD, 'scripts/run.ts'),
      source: lines(6, { 2: "post('/pickup/v1/direct_handover', a);", 5: "post('/pickup/v1/direct_handover', b);" }),
      findings: [
        f('scripts/run.ts', 'v1-direct-handover', 'error', 'none', 5, 7, 33),
        f('scripts/run.ts', 'v1-direct-handover', 'error', 'none', 2, 7, 33),
      ],
      suppressed: [f('scripts/run.ts', 'v1-direct-handover', 'error', 'none', 6, 1, 2)],
    },
    {
      file: path.join(CWD, 'root.ts'),
      source: lines(4, { 3: 'const p = { selected_from_time: start(), time_slot_id: undefined };' }),
      findings: [f('root.ts', 'pickup-time-review', 'warning', 'none', 3, 13, 31)],
      suppressed: [],
    },
    { file: path.join(CWD, 'clean.ts'), source: 'export const ok = 1;\n', findings: [], suppressed: [] },
    {
      file: path.join(CWD, 'broken.ts'),
      findings: [],
      suppressed: [],
      fatal: { file: path.join(CWD, 'broken.ts'), message: "Parsing error: ')' expected.", line: 3, column: 9 },
    },
  ];
}

const attr = (html: string, name: string): string | undefined => html.match(new RegExp(`<main[^>]* ${name}="([^"]*)"`))?.[1];

/** The bars in page order as [folder, count]. */
function bars(html: string): [string, number][] {
  return [...html.matchAll(/<a href="#[^"]*" class="bar" data-folder="([^"]*)" data-count="(\d+)"/g)].map((m) => [m[1], Number(m[2])]);
}

/** The html of one file's block. */
function fileBlock(html: string, rel: string): string {
  const start = html.indexOf(`<div class="file" data-path="${rel}">`);
  expect(start).toBeGreaterThanOrEqual(0);
  const next = html.indexOf('<div class="file"', start + 1);
  const close = html.indexOf('</details>', start);
  return html.slice(start, next >= 0 && next < close ? next : close);
}

describe('renderHtml', () => {
  const html = renderHtml(handBuilt(), { cwd: CWD, version: '9.9.9', generatedAt: '2024-10-01T12:00:00.000Z' });

  it('puts the totals on <main>', () => {
    expect(attr(html, 'data-errors')).toBe('6');
    expect(attr(html, 'data-warnings')).toBe('2');
    expect(attr(html, 'data-fixable')).toBe('3');
    expect(attr(html, 'data-files')).toBe('5');
  });

  it('shows the totals as cards: errors, warnings, fixable by --fix and left for a person', () => {
    expect(html).toContain('<div class="card errors"><div class="v">6</div>');
    expect(html).toContain('<div class="card warnings"><div class="v">2</div>');
    expect(html).toContain('<div class="card fixable"><div class="v">3</div>');
    expect(html).toContain('<div class="card manual"><div class="v">5</div>');
    expect(html).toContain('<div class="card files"><div class="v">5</div>');
  });

  it('draws one bar per folder, largest first, folders being the first two path levels', () => {
    expect(bars(html)).toEqual([
      ['packages/web', 4],
      ['scripts', 2],
      ['.', 1],
      ['packages/api', 1],
    ]);
  });

  it('folds files into folders by the first two levels of their path', () => {
    expect(folderOf('/repo/shop/packages/web/src/deep/a.ts', CWD)).toBe('packages/web');
    expect(folderOf('/repo/shop/packages/web/a.ts', CWD)).toBe('packages/web');
    expect(folderOf('/repo/shop/src/a.ts', CWD)).toBe('src');
    expect(folderOf('/repo/shop/a.ts', CWD)).toBe('.');
  });

  it('lists each rule with its count and its --explain text, most findings first', () => {
    const rows = [...html.matchAll(/<tr data-rule="([^"]*)" data-count="(\d+)">/g)].map((m) => [m[1], Number(m[2])]);
    expect(rows).toEqual([
      ['v1-direct-handover', 2],
      ['ambiguous-courier-id', 1],
      ['labels-path', 1],
      ['pickup-time-review', 1],
      ['unmapped-2023-01-path', 1],
      ['v1-pickup-field', 1],
      ['v1-pickups-path', 1],
    ]);
    for (const [id] of rows) {
      const text = explainText(getRule(id as string)!);
      expect(html).toContain(text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'));
    }
    // a line of the explain text, written out by hand
    expect(html).toContain('Old form:  POST /pickup/v1/direct_handover');
  });

  it('shows the code lines around each finding: 2 before and 2 after', () => {
    const block = fileBlock(html, 'packages/web/src/a.ts');
    const shown = [...block.matchAll(/<span class="n">(\d+)<\/span>/g)].map((m) => Number(m[1]));
    expect(shown).toEqual([3, 4, 5, 6, 7, 9, 10, 11, 12, 13]);
    // two findings on line 5, both marked, both explained after the line
    expect(block).toContain("fetch(&#39;<mark>/pickup/v1/pickups</mark>&#39;, { <mark>courier_id</mark>: id });");
    expect(block.match(/<div class="note /g)).toHaveLength(3);
  });

  it('lists the files that could not be checked, and counts suppressed findings', () => {
    expect(html).toContain('1 file could not be checked');
    expect(html).toContain('broken.ts:3:9</span> Parsing error: &#39;)&#39; expected.');
    expect(html).toContain('1 finding suppressed by comments');
    expect(html).not.toContain('clean.ts');
  });

  it('collapses the files by folder: one closed <details> per folder', () => {
    const details = [...html.matchAll(/<details class="folder"([^>]*)>/g)];
    expect(details).toHaveLength(4);
    for (const d of details) expect(d[1]).not.toContain('open');
  });

  it('draws this run alone without a trend, and every run of a trend', () => {
    expect(html.match(/data-points="(\d+)"/)?.[1]).toBe('1');
    const trend: TrendPoint[] = [
      { date: '2024-09-01T10:00:00.000Z', commit: null, errors: 9, warnings: 3, fixable: 4, files: 7, rules: {}, folders: {} },
      { date: '2024-10-01T12:00:00.000Z', commit: 'abc', errors: 6, warnings: 2, fixable: 3, files: 5, rules: {}, folders: {} },
    ];
    const withTrend = renderHtml(handBuilt(), { cwd: CWD, version: '9.9.9', trend });
    expect(withTrend.match(/data-points="(\d+)"/)?.[1]).toBe('2');
    // 12 findings then 8: 4 fewer, a third done
    expect(withTrend).toContain('<strong>8 findings</strong> left: 4 fewer than the first run (2024-09-01), 33% done');
  });

  it('escapes every text that comes from the scanned code', () => {
    const evil: FileResult = {
      file: path.join(CWD, 'evil/<b>"x"</b>.ts'),
      source: 'const a = 1;\nconst s = "</script><script>alert(1)</script>";\n',
      findings: [
        {
          ...f('evil/x.ts', 'x"><svg onload=alert(1)>', 'error', 'safe', 2, 12, 47, '<img src=x onerror=alert(1)> & "quoted"'),
          file: path.join(CWD, 'evil/<b>"x"</b>.ts'),
          oldText: '<script>alert(2)</script>',
          newText: "'); alert(3); ('",
        },
      ],
      suppressed: [],
    };
    const page = renderHtml([evil], { cwd: CWD, version: '<v>' });
    expect(page.match(/<script/gi)).toHaveLength(1);
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<svg onload');
    expect(page).not.toContain('<b>');
    expect(page).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot;');
    expect(page).toContain('data-rule="x&quot;&gt;&lt;svg onload=alert(1)&gt;"');
    expect(page).toContain('data-path="evil/&lt;b&gt;&quot;x&quot;&lt;/b&gt;.ts"');
    expect(page).toContain('migrate-check &lt;v&gt;');
  });

  it('says so when nothing is left', () => {
    const page = renderHtml([{ file: path.join(CWD, 'a.ts'), source: '', findings: [], suppressed: [] }], { cwd: CWD, version: '1' });
    expect(attr(page, 'data-errors')).toBe('0');
    expect(attr(page, 'data-files')).toBe('0');
    expect(bars(page)).toEqual([]);
    expect(page).toContain('No use of an old API version is left.');
  });

  it('shows a window of a very long line around the finding', () => {
    const long = `${'x'.repeat(5000)}fetch('/pickup/v1/pickups')${'y'.repeat(5000)}`;
    const page = renderHtml(
      [{ file: path.join(CWD, 'min.js'), source: long, findings: [f('min.js', 'v1-pickups-path', 'error', 'safe', 1, 5008, 5026)], suppressed: [] }],
      { cwd: CWD, version: '1' },
    );
    expect(page).toContain('<mark>/pickup/v1/pickups</mark>');
    expect(page.length).toBeLessThan(20_000);
  });

  it('loads nothing from the network: no external URL in src or href', () => {
    const page = renderHtml(sampleResults(), { cwd: CWD, version: '1', trend: sampleTrend() });
    const refs = [...page.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
    for (const ref of refs) expect(ref.startsWith('#') || ref === 'data:,').toBe(true);
    expect(page).not.toMatch(/@import|url\(/);
  });
});

describe('trend file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mc-trend-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const good1 = '{"date":"2024-09-01T10:00:00.000Z","commit":null,"errors":9,"warnings":3,"fixable":4,"files":7,"rules":{"labels-path":12},"folders":{"src":12}}';
  const good2 = '{"date":"2024-09-08T10:00:00.000Z","commit":"abc123","errors":5,"warnings":1,"fixable":2,"files":3,"rules":{},"folders":{}}';

  it('counts a run: totals, files, per rule and per folder', () => {
    const p = pointFromResults(handBuilt(), CWD, '2024-10-01T12:00:00.000Z', 'deadbeef');
    expect(p).toEqual({
      date: '2024-10-01T12:00:00.000Z',
      commit: 'deadbeef',
      errors: 6,
      warnings: 2,
      fixable: 3,
      files: 5,
      rules: {
        'ambiguous-courier-id': 1,
        'labels-path': 1,
        'pickup-time-review': 1,
        'unmapped-2023-01-path': 1,
        'v1-direct-handover': 2,
        'v1-pickup-field': 1,
        'v1-pickups-path': 1,
      },
      folders: { '.': 1, 'packages/api': 1, 'packages/web': 4, scripts: 2 },
    });
  });

  it('reads a missing file as an empty trend', () => {
    const warnings: string[] = [];
    expect(readTrend(path.join(dir, 'none.jsonl'), (l) => warnings.push(l))).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('skips damaged and foreign lines with one warning each, naming file and line', () => {
    const file = path.join(dir, 'mixed.jsonl');
    writeFileSync(file, [good1, '{"date":"2024-09-0', '{"event":"deploy","ok":true}', '', good2, '[1,2]', '{"date":"2024-09-09T00:00:00Z","commit":null,"errors":-1,"warnings":0,"fixable":0,"files":0}', ''].join('\n'));
    const warnings: string[] = [];
    const points = readTrend(file, (l) => warnings.push(l));
    expect(points.map((p) => p.errors)).toEqual([9, 5]);
    expect(points[1].commit).toBe('abc123');
    expect(warnings).toHaveLength(4);
    expect(warnings[0]).toContain(`${file}:2:`);
    expect(warnings[0]).toContain('not valid JSON');
    expect(warnings[1]).toContain(`${file}:3:`);
    expect(warnings[2]).toContain(`${file}:6:`);
    expect(warnings[3]).toContain(`${file}:7:`);
    for (const w of warnings) expect(w).not.toContain('\n');
  });

  it('appends one line and never rewrites what is in the file', () => {
    const file = path.join(dir, 'append.jsonl');
    const before = Buffer.from([good1, '{"date":"2024-09-0 damaged', 'not json at all', good2, ''].join('\n'), 'utf8');
    writeFileSync(file, before);
    const point = pointFromResults(handBuilt(), CWD, '2024-10-01T12:00:00.000Z', null);
    appendTrend(file, point);
    const after = readFileSync(file);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    const added = after.subarray(before.length).toString('utf8');
    expect(added.endsWith('\n')).toBe(true);
    expect(added.slice(0, -1)).not.toContain('\n');
    expect(JSON.parse(added)).toEqual(point);
    const warnings: string[] = [];
    expect(readTrend(file, (l) => warnings.push(l)).map((p) => p.errors)).toEqual([9, 5, 6]);
    expect(warnings).toHaveLength(2);
  });

  it('starts a new line when the last line lacks its newline', () => {
    const file = path.join(dir, 'nonl.jsonl');
    writeFileSync(file, good1);
    appendTrend(file, pointFromResults([], CWD, '2024-10-02T00:00:00.000Z', null));
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith(`${good1}\n{`)).toBe(true);
    expect(text).toBe(`${good1}\n{"date":"2024-10-02T00:00:00.000Z","commit":null,"errors":0,"warnings":0,"fixable":0,"files":0,"rules":{},"folders":{}}\n`);
  });

  it('creates the file and its folder', () => {
    const file = path.join(dir, 'new', 'deeper', 'trend.jsonl');
    appendTrend(file, pointFromResults([], CWD, '2024-10-02T00:00:00.000Z', 'c0ffee'));
    expect(readTrend(file, () => {})).toHaveLength(1);
  });

  it('records a run: reads, appends, and returns the series with this run last', () => {
    const file = path.join(dir, 'record.jsonl');
    writeFileSync(file, `${good1}\n`);
    const warnings: string[] = [];
    const series = recordTrend(file, handBuilt(), CWD, (l) => warnings.push(l), new Date('2024-10-03T00:00:00.000Z'));
    expect(series.map((p) => [p.date, p.errors])).toEqual([
      ['2024-09-01T10:00:00.000Z', 9],
      ['2024-10-03T00:00:00.000Z', 6],
    ]);
    expect(readTrend(file, () => {})).toHaveLength(2);
    expect(warnings).toEqual([]);
  });

  it('knows the commit in git, and null outside it', () => {
    const plain = path.join(dir, 'plain');
    mkdirSync(plain);
    expect(gitCommit(plain)).toBeNull();
    const repo = path.join(dir, 'repo');
    mkdirSync(repo);
    const git = (...args: string[]): string =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.test', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, encoding: 'utf8' });
    git('init', '-q');
    expect(gitCommit(repo)).toBeNull(); // no commit yet
    writeFileSync(path.join(repo, 'a.txt'), 'a\n');
    git('add', 'a.txt');
    git('commit', '-q', '-m', 'first');
    const head = git('rev-parse', 'HEAD').trim();
    expect(head).toMatch(/^[0-9a-f]{40}$/);
    expect(gitCommit(repo)).toBe(head);
  });
});

// ---------------------------------------------------------------------------------------------
// In a real browser

// the browser as Debian, Ubuntu and Google name it, wherever the PATH has it
const CHROMIUM = onPath(['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']);
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const INSTALL = 'install it with: apt-get install chromium';

describe.skipIf(leaveOut(!!CHROMIUM, 'the html page in Chromium (test/html.test.ts, 5 tests)', 'no chromium, chromium-browser or google-chrome on the PATH', INSTALL))('the page in Chromium', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    if (!CHROMIUM) throw new Error(`no chromium, chromium-browser or google-chrome on the PATH: CI must have it (${INSTALL})`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    dir = mkdtempSync(path.join(os.tmpdir(), 'mc-html-'));
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  interface Opened {
    page: Page;
    problems: string[];
    dialogs: string[];
    network: string[];
    ms: number;
    bytes: number;
  }

  async function open(name: string, html: string, viewport = { width: 1200, height: 900 }): Promise<Opened> {
    const file = path.join(dir, `${name}.html`);
    writeFileSync(file, html);
    const page = await browser.newPage({ viewport });
    const problems: string[] = [];
    const dialogs: string[] = [];
    const network: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    page.on('request', (r) => {
      if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) network.push(r.url());
    });
    const t0 = performance.now();
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    const ms = performance.now() - t0;
    return { page, problems, dialogs, network, ms, bytes: Buffer.byteLength(html) };
  }

  const mainData = (page: Page): Promise<Record<string, string>> =>
    page.$eval('main', (m) => ({ ...(m as HTMLElement).dataset }) as Record<string, string>);

  it('renders the hand-built page with its totals and bars, and no console errors', async () => {
    const { page, problems, network } = await open('hand', renderHtml(handBuilt(), { cwd: CWD, version: '1.0.0' }));
    expect(await mainData(page)).toEqual({ errors: '6', warnings: '2', fixable: '3', files: '5' });
    const barData = await page.$$eval('[data-folder]', (els) => els.map((e) => [e.getAttribute('data-folder'), e.getAttribute('data-count')]));
    expect(barData).toEqual([
      ['packages/web', '4'],
      ['scripts', '2'],
      ['.', '1'],
      ['packages/api', '1'],
    ]);
    expect(await page.getAttribute('[data-points]', 'data-points')).toBe('1');
    // the folders start closed: no code line is visible
    expect(await page.locator('.snippet').first().isVisible()).toBe(false);
    // a bar opens its folder
    await page.click('.bar[data-folder="scripts"]');
    await page.waitForFunction(() => (document.getElementById('folder-2') as HTMLDetailsElement).open);
    expect(await page.locator('#folder-2 .note').count()).toBe(2);
    expect(await page.locator('#folder-2 .note').first().isVisible()).toBe(true);
    // the filter hides what does not match
    await page.fill('#filter', 'api/x');
    await page.waitForFunction(() => document.getElementById('filter-count')!.textContent === '1 of 5 files');
    expect(await page.locator('details.folder:not([hidden])').count()).toBe(1);
    expect(problems).toEqual([]);
    expect(network).toEqual([]);
    await page.close();
  });

  it('shows a hostile code line as text and runs nothing from it', async () => {
    const source = 'const a = 1;\nconst s = "</script><script>alert(1)</script>";\nconst b = 2;\n';
    const evil: FileResult = {
      file: path.join(CWD, 'src/evil.ts'),
      source,
      findings: [
        {
          ...f('src/evil.ts', 'v1-pickups-path', 'error', 'safe', 2, 12, 46, '<img src=x onerror="window.__pwned=1;alert(2)">'),
          oldText: '<script>window.__pwned=2</script>',
        },
      ],
      suppressed: [],
    };
    const { page, problems, dialogs, network } = await open('evil', renderHtml([evil], { cwd: CWD, version: '1' }));
    await page.click('details.folder > summary');
    const code = page.locator('.l.hit code');
    expect(await code.textContent()).toBe('const s = "</script><script>alert(1)</script>";');
    expect(await code.isVisible()).toBe(true);
    expect(await page.locator('.note .msg').textContent()).toBe('<img src=x onerror="window.__pwned=1;alert(2)">');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.locator('img').count()).toBe(0);
    await page.waitForTimeout(200);
    expect(dialogs).toEqual([]);
    expect(problems).toEqual([]);
    expect(network).toEqual([]);
    await page.close();
  });

  it('draws every run of a trend', async () => {
    const trend: TrendPoint[] = [
      { date: '2024-09-01T10:00:00.000Z', commit: null, errors: 9, warnings: 3, fixable: 4, files: 7, rules: {}, folders: {} },
      { date: '2024-10-01T12:00:00.000Z', commit: 'abc', errors: 6, warnings: 2, fixable: 3, files: 5, rules: {}, folders: {} },
    ];
    const { page, problems } = await open('trend2', renderHtml(handBuilt(), { cwd: CWD, version: '1', trend }));
    expect(await page.getAttribute('[data-points]', 'data-points')).toBe('2');
    expect(await page.locator('svg.burndown circle.dot').count()).toBe(2);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('loads a page of 10,000 findings in under 5 s, folders closed', async () => {
    const results = bigResults(40, 25, 10);
    const t0 = performance.now();
    const html = renderHtml(results, { cwd: CWD, version: '1' });
    const renderMs = performance.now() - t0;
    const { page, problems, ms, bytes } = await open('big', html);
    console.log(`html page, 10,000 findings in 1,000 files: ${(bytes / 1024 / 1024).toFixed(1)} MiB, rendered in ${Math.round(renderMs)} ms, loaded in Chromium in ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(5000);
    expect(await mainData(page)).toEqual({ errors: '7000', warnings: '3000', fixable: '7000', files: '1000' });
    expect(await page.locator('.bar[data-folder]').count()).toBe(40);
    expect(await page.locator('details.folder').count()).toBe(40);
    expect(await page.locator('details.folder[open]').count()).toBe(0);
    const t1 = performance.now();
    await page.click('#folder-1 > summary');
    await page.locator('#folder-1 .note').first().waitFor({ state: 'visible' });
    console.log(`opening a folder of 250 findings: ${Math.round(performance.now() - t1)} ms`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('takes the screenshot of a realistic page', async () => {
    const html = renderHtml(sampleResults(), { cwd: CWD, version: '0.1.0', trend: sampleTrend(), generatedAt: '2024-10-01T08:15:00.000Z' });
    const { page, problems, network } = await open('sample', html, { width: 1200, height: 900 });
    expect(await mainData(page)).toEqual({ errors: '18', warnings: '2', fixable: '14', files: '6' });
    expect(await page.getAttribute('[data-points]', 'data-points')).toBe('3');
    await page.click('#folder-1 > summary');
    // docs/html-report.png is written when missing or asked for (UPDATE_SCREENSHOT=1), so a test run leaves the tree clean
    const target = path.join(root, 'docs', 'html-report.png');
    const out = !existsSync(target) || process.env.UPDATE_SCREENSHOT ? target : path.join(dir, 'html-report.png');
    mkdirSync(path.dirname(out), { recursive: true });
    const png = await page.screenshot({ path: out, fullPage: true });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(problems).toEqual([]);
    expect(network).toEqual([]);
    await page.close();
  });
});
