// The html reporter: the migration progress page. One self-contained file (styles, the small
// script and the charts inline, plain SVG); it loads nothing, so it works opened offline from a
// CI artifact. A Content-Security-Policy that allows no network and only this page's own script
// backs up the escaping of every text that comes from the scanned code. The style sheet, the
// script and the charts are modules of their own (html-style.ts, html-script.ts, html-charts.ts).
import path from 'node:path';
import { explainText, getRule } from '../catalogue/index.js';
import { folderOf, pointFromResults, relativePath, type TrendPoint } from '../trend.js';
import type { FileResult, Finding, FixKind } from '../types.js';
import { burndownSvg, folderBarsSvg, type FolderBar } from './html-charts.js';
import { fmt, plural, showDate, withCode } from './html-format.js';
import { escapeHtml, note } from './html-note.js';
import { SCRIPT, SCRIPT_HASH } from './html-script.js';
import { compareStrings } from '../core/order.js';
import { STYLE } from './html-style.js';

export interface HtmlMeta {
  /** the folder paths are shown relative to (and folders counted from) */
  cwd: string;
  /** migrate-check's version, for the footer */
  version: string;
  /**
   * The runs to draw as the burndown, this run included (what recordTrend returns). Without it
   * (or empty) the burndown shows this run alone: one point.
   */
  trend?: TrendPoint[];
  /** ISO date of the run, shown in the header; without it the last trend point's date, else none */
  generatedAt?: string;
}

// ---------------------------------------------------------------------------------------------
// The model the page is drawn from

interface FileRow {
  rel: string;
  folder: string;
  result: FileResult;
  findings: Finding[];
  errors: number;
  warnings: number;
}

interface FolderRow extends FolderBar {
  files: FileRow[];
}

interface RuleRow {
  id: string;
  count: number;
  errors: number;
  warnings: number;
  fixable: number;
  files: number;
}

const byPosition = (a: Finding, b: Finding): number =>
  a.line - b.line || a.column - b.column || a.endLine - b.endLine || a.endColumn - b.endColumn || a.ruleId.localeCompare(b.ruleId);

// ---------------------------------------------------------------------------------------------
// Code excerpts

const CONTEXT = 2;
/** at most this many lines of one finding are shown (a long object literal is cut short) */
const MAX_SPAN = 6;
/** lines longer than this are shown as a window around the finding */
const MAX_LINE = 220;

interface Cluster {
  from: number;
  to: number;
  findings: Finding[];
}

/** The line after which a finding's note is shown. */
function noteLine(f: Finding): number {
  return Math.max(f.line, Math.min(f.endLine, f.line + MAX_SPAN - 1));
}

function clusters(findings: Finding[], lineCount: number): Cluster[] {
  const out: Cluster[] = [];
  for (const f of findings) {
    const from = Math.max(1, f.line - CONTEXT);
    const to = Math.min(lineCount, noteLine(f) + CONTEXT);
    const last = out[out.length - 1];
    if (last && from <= last.to + 1) {
      last.to = Math.max(last.to, to);
      last.findings.push(f);
    } else {
      out.push({ from, to, findings: [f] });
    }
  }
  return out;
}

/** One code line with the findings' ranges on it marked (0-based [start, end) in the line). */
function codeLine(text: string, ranges: [number, number][]): string {
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [s, e] of ranges) {
    const start = Math.max(0, Math.min(s, text.length));
    const end = Math.max(start, Math.min(e, text.length));
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  let from = 0;
  let to = text.length;
  if (text.length > MAX_LINE) {
    const anchor = merged.length ? merged[0][0] : 0;
    from = Math.max(0, Math.min(anchor - 60, text.length - MAX_LINE));
    to = from + MAX_LINE;
  }
  let html = from > 0 ? '<span class="cut">…</span>' : '';
  let pos = from;
  for (const [s, e] of merged) {
    const start = Math.max(s, from);
    const end = Math.min(e, to);
    if (end < start || start >= to) continue;
    html += escapeHtml(text.slice(pos, start));
    html += end > start ? `<mark>${escapeHtml(text.slice(start, end))}</mark>` : '<mark class="empty"></mark>';
    pos = end;
  }
  html += escapeHtml(text.slice(pos, to));
  if (to < text.length) html += '<span class="cut">…</span>';
  return html;
}

function fileBlock(row: FileRow): string {
  const { result, findings } = row;
  const parts: string[] = [];
  const counts = [row.errors ? plural(row.errors, 'error') : '', row.warnings ? plural(row.warnings, 'warning') : '']
    .filter(Boolean)
    .join(', ');
  parts.push(
    `<div class="file" data-path="${escapeHtml(row.rel)}">`,
    `<h3><span class="path">${escapeHtml(row.rel)}</span><span class="file-counts">${counts}</span></h3>`,
  );
  const lines = result.source !== undefined ? result.source.split(/\r?\n/) : [];
  // the text after a final newline is no line of its own
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const inSource = findings.filter((f) => f.line >= 1 && f.line <= lines.length);
  const outside = findings.filter((f) => !(f.line >= 1 && f.line <= lines.length));
  if (outside.length) parts.push(`<div class="snippet">${outside.map(note).join('')}</div>`);
  for (const c of clusters(inSource, lines.length)) {
    parts.push('<div class="snippet">');
    for (let ln = c.from; ln <= c.to; ln++) {
      const text = lines[ln - 1];
      const ranges: [number, number][] = [];
      for (const f of c.findings) {
        if (ln < f.line || ln > Math.min(f.endLine, f.line + MAX_SPAN - 1)) continue;
        const s = ln === f.line ? f.column - 1 : 0;
        const e = ln === f.endLine ? f.endColumn - 1 : text.length;
        ranges.push([s, e]);
      }
      parts.push(
        `<div class="l${ranges.length ? ' hit' : ''}"><span class="n">${ln}</span><code>${codeLine(text, ranges)}</code></div>`,
      );
      for (const f of c.findings) if (noteLine(f) === ln) parts.push(note(f));
    }
    parts.push('</div>');
  }
  parts.push('</div>');
  return parts.join('');
}

// ---------------------------------------------------------------------------------------------
// Page

/** The migration progress page for one run (pure: everything it shows comes from its arguments). */
export function renderHtml(results: FileResult[], meta: HtmlMeta): string {
  const cwd = meta.cwd;

  // files with findings, sorted by path
  const rows: FileRow[] = [];
  for (const result of results) {
    if (result.findings.length === 0) continue;
    const findings = [...result.findings].sort(byPosition);
    rows.push({
      rel: relativePath(result.file, cwd),
      folder: folderOf(result.file, cwd),
      result,
      findings,
      errors: findings.filter((f) => f.severity === 'error').length,
      warnings: findings.filter((f) => f.severity === 'warning').length,
    });
  }
  rows.sort((a, b) => compareStrings(a.rel, b.rel));
  const fatal = results.filter((r) => r.fatal).sort((a, b) => compareStrings(relativePath(a.file, cwd), relativePath(b.file, cwd)));
  const suppressed = results.reduce((n, r) => n + r.suppressed.length, 0);

  // totals, folders, rules
  let errors = 0;
  let warnings = 0;
  let fixable = 0;
  const folderMap = new Map<string, FolderRow>();
  const ruleMap = new Map<string, RuleRow>();
  for (const row of rows) {
    let fr = folderMap.get(row.folder);
    if (!fr) {
      fr = { folder: row.folder, id: '', count: 0, errors: 0, warnings: 0, fixable: 0, files: [] };
      folderMap.set(row.folder, fr);
    }
    fr.files.push(row);
    const seen = new Set<string>();
    for (const f of row.findings) {
      const isErr = f.severity === 'error';
      const isFix = f.fixKind === 'safe';
      if (isErr) errors++;
      else warnings++;
      if (isFix) fixable++;
      fr.count++;
      if (isErr) fr.errors++;
      else fr.warnings++;
      if (isFix) fr.fixable++;
      let rr = ruleMap.get(f.ruleId);
      if (!rr) {
        rr = { id: f.ruleId, count: 0, errors: 0, warnings: 0, fixable: 0, files: 0 };
        ruleMap.set(f.ruleId, rr);
      }
      rr.count++;
      if (isErr) rr.errors++;
      else rr.warnings++;
      if (isFix) rr.fixable++;
      if (!seen.has(f.ruleId)) {
        seen.add(f.ruleId);
        rr.files++;
      }
    }
  }
  const total = errors + warnings;
  const manual = total - fixable;
  const folders = [...folderMap.values()].sort((a, b) => b.count - a.count || compareStrings(a.folder, b.folder));
  folders.forEach((f, i) => (f.id = `folder-${i + 1}`));
  const rules = [...ruleMap.values()].sort((a, b) => b.count - a.count || compareStrings(a.id, b.id));

  const trend = meta.trend && meta.trend.length > 0 ? meta.trend : null;
  const series = trend ?? [pointFromResults(results, cwd, meta.generatedAt ?? '', null)];
  const latest = trend ? trend[trend.length - 1] : null;
  const project = path.basename(path.resolve(cwd)) || cwd;

  const out: string[] = [];
  out.push(
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'sha256-${SCRIPT_HASH}'; base-uri 'none'; form-action 'none'">`,
    '<meta name="generator" content="migrate-check">',
    `<title>API migration progress · ${escapeHtml(project)}</title>`,
    '<link rel="icon" href="data:,">',
    `<style>${STYLE}</style></head><body>`,
    `<main data-errors="${errors}" data-warnings="${warnings}" data-fixable="${fixable}" data-files="${rows.length}">`,
  );

  // header
  const sub = [`<span class="mono">${escapeHtml(project)}</span>`];
  const runDate = meta.generatedAt ?? latest?.date;
  if (runDate) sub.push(`<span>${escapeHtml(showDate(runDate))}</span>`);
  if (latest?.commit) sub.push(`<span>commit <span class="mono">${escapeHtml(latest.commit.slice(0, 10))}</span></span>`);
  sub.push(`<span>migrate-check ${escapeHtml(meta.version)}</span>`);
  out.push(`<header><h1>API migration progress</h1><p class="sub">${sub.join('')}</p></header>`);

  // totals
  const pct = (n: number): string => (total > 0 ? `${Math.round((n / total) * 100)}% of findings` : '');
  out.push(
    '<section class="cards" aria-label="Totals">',
    `<div class="card errors"><div class="v">${fmt(errors)}</div><div class="k">errors</div></div>`,
    `<div class="card warnings"><div class="v">${fmt(warnings)}</div><div class="k">warnings</div></div>`,
    `<div class="card fixable"><div class="v">${fmt(fixable)}</div><div class="k">fixable by <code>--fix</code>${total ? ` · ${pct(fixable)}` : ''}</div></div>`,
    `<div class="card manual"><div class="v">${fmt(manual)}</div><div class="k">left for a person${total ? ` · ${pct(manual)}` : ''}</div></div>`,
    `<div class="card files"><div class="v">${fmt(rows.length)}</div><div class="k">files with findings</div></div>`,
    '</section>',
  );

  if (fatal.length) {
    out.push(
      `<section class="fatal"><h2>${plural(fatal.length, 'file')} could not be checked</h2><ul>`,
      ...fatal.map((r) => {
        const p = r.fatal!;
        return `<li><span class="mono">${escapeHtml(relativePath(r.file, cwd))}:${p.line}:${p.column}</span> ${escapeHtml(p.message)}</li>`;
      }),
      '</ul></section>',
    );
  }

  // progress
  out.push('<section class="progress"><h2>Progress</h2>');
  if (total === 0) out.push('<p class="done">No use of an old API version is left.</p>');
  if (trend && trend.length > 1) {
    const sorted = [...trend].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
    const first = sorted[0];
    const prev = sorted[sorted.length - 2];
    const last = sorted[sorted.length - 1];
    const tot = (p: TrendPoint): number => p.errors + p.warnings;
    // "4 fewer than the first run", "as many as the run before"
    const compared = (from: number, to: number, run: string): string => {
      const d = to - from;
      return d === 0 ? `as many as ${run}` : d < 0 ? `${fmt(-d)} fewer than ${run}` : `${fmt(d)} more than ${run}`;
    };
    const done = tot(first) > 0 ? Math.round(((tot(first) - tot(last)) / tot(first)) * 100) : 0;
    out.push(
      `<p class="headline"><strong>${plural(tot(last), 'finding')}</strong> left: ${compared(tot(first), tot(last), `the first run (${escapeHtml(showDate(first.date, false))})`)}${done > 0 ? `, ${done}% done` : ''}; ${compared(tot(prev), tot(last), 'the run before')}.</p>`,
    );
  }
  out.push(burndownSvg(series, !trend));
  out.push(
    '<div class="legend"><span><i class="sw-total"></i>all findings</span><span><i class="sw-fixable soft"></i>fixable by --fix</span><span><i class="sw-manual soft"></i>left for a person</span></div>',
  );
  if (!trend) out.push('<p class="hint">This run alone. Run with <code>--trend FILE</code> to record each run and chart the migration run by run.</p>');
  out.push('</section>');

  // folders
  out.push('<section class="folders"><h2>Findings per folder</h2>');
  if (folders.length === 0) out.push('<p class="hint">No folder has findings.</p>');
  else {
    const maxCount = folders[0].count;
    const TOP = 20;
    out.push(folderBarsSvg(folders.slice(0, TOP), maxCount));
    if (folders.length > TOP) {
      out.push(
        `<details class="more"><summary>${plural(folders.length - TOP, 'more folder')}</summary>${folderBarsSvg(folders.slice(TOP), maxCount)}</details>`,
      );
    }
    out.push(
      '<div class="legend"><span><i class="sw-fixable"></i>fixable by --fix</span><span><i class="sw-manual"></i>left for a person</span><span>Folders are the first two levels of each path; click a bar to open its files.</span></div>',
    );
  }
  out.push('</section>');

  // rules
  out.push('<section class="rules"><h2>Rules</h2>');
  if (rules.length === 0) out.push('<p class="hint">No rule has findings.</p>');
  else {
    out.push(
      '<table><thead><tr><th>Rule</th><th>Severity</th><th>Fix</th><th class="num">Findings</th><th class="num">Files</th><th>What changes</th></tr></thead><tbody>',
    );
    for (const r of rules) {
      const rule = getRule(r.id);
      const fix: FixKind = rule?.fix ?? (r.fixable === r.count ? 'safe' : 'none');
      const fixText = fix === 'safe' ? '--fix' : fix === 'unsafe' ? '--fix --unsafe' : 'by hand';
      const sev = rule?.severity ?? (r.errors ? 'error' : 'warning');
      const explain = rule
        ? `<details class="explain"><summary>${withCode(rule.summary)}</summary><pre>${escapeHtml(explainText(rule))}</pre></details>`
        : '<span class="hint">Not in this version\'s catalogue.</span>';
      out.push(
        `<tr data-rule="${escapeHtml(r.id)}" data-count="${r.count}"><td class="rule-id mono">${escapeHtml(r.id)}</td>`,
        `<td><span class="pill ${sev}">${sev}</span></td>`,
        `<td><span class="pill ${fix}">${fixText}</span></td>`,
        `<td class="num">${fmt(r.count)}</td><td class="num">${fmt(r.files)}</td><td>${explain}</td></tr>`,
      );
    }
    out.push('</tbody></table>');
  }
  out.push('</section>');

  // files, collapsed by folder
  out.push('<section class="files"><h2>Files</h2>');
  if (rows.length === 0) out.push('<p class="hint">No file has findings.</p>');
  else {
    out.push(
      '<div class="toolbar"><input id="filter" type="search" placeholder="Filter files by path" aria-label="Filter files by path">',
      '<button type="button" id="expand-all">Expand all</button><button type="button" id="collapse-all">Collapse all</button><span class="count" id="filter-count"></span></div>',
    );
    for (const fr of folders) {
      const counts = [plural(fr.count, 'finding'), fr.errors ? plural(fr.errors, 'error') : '', fr.warnings ? plural(fr.warnings, 'warning') : '', plural(fr.files.length, 'file')]
        .filter(Boolean)
        .join(' · ');
      out.push(
        `<details class="folder" id="${fr.id}"><summary><span class="fname mono">${escapeHtml(fr.folder)}</span><span class="fcounts">${counts}</span></summary><div class="folder-body">`,
        ...fr.files.map(fileBlock),
        '</div></details>',
      );
    }
  }
  out.push('</section>');

  const foot = [`Generated by migrate-check ${escapeHtml(meta.version)}`];
  if (suppressed) foot.push(`${plural(suppressed, 'finding')} suppressed by comments`);
  out.push(`<footer>${foot.join(' · ')}</footer>`);
  out.push(`</main><script>${SCRIPT}</script></body></html>\n`);
  return out.join('\n');
}
