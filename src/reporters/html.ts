// The html reporter: the migration progress page. One self-contained file (styles, the small
// script and the charts inline, plain SVG); it loads nothing, so it works opened offline from a
// CI artifact. A Content-Security-Policy that allows no network and only this page's own script
// backs up the escaping of every text that comes from the scanned code.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { explainText, getRule } from '../catalogue/index.js';
import { folderOf, pointFromResults, relativePath, type TrendPoint } from '../trend.js';
import type { FileResult, Finding, FixKind } from '../types.js';
import { escapeHtml, note } from './html-note.js';

export { escapeHtml };

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
// Text helpers

/** Escapes text and shows its `backticked` parts as code (the catalogue's summaries use them). */
function withCode(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function fmt(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${fmt(n)} ${n === 1 ? one : many}`;
}

/** `2024-10-01T14:03:09.123Z` -> `2024-10-01 14:03 UTC` (no Date: the output must not depend on the machine's zone). */
function showDate(iso: string, withTime = true): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  const s = new Date(ms).toISOString();
  return withTime ? `${s.slice(0, 10)} ${s.slice(11, 16)} UTC` : s.slice(0, 10);
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

interface FolderRow {
  folder: string;
  id: string;
  count: number;
  errors: number;
  warnings: number;
  fixable: number;
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

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// Charts (plain SVG)

/** A round step for about `parts` gridlines up to max. */
function niceStep(max: number, parts: number): number {
  const raw = Math.max(max / parts, 1);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / mag;
  const step = norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 2.5 ? 2.5 : norm <= 5 ? 5 : 10;
  return Math.max(1, Math.round(step * mag));
}

const r1 = (n: number): string => (Math.round(n * 10) / 10).toString();

function pointTitle(p: TrendPoint): string {
  const total = p.errors + p.warnings;
  const lines = [
    `${showDate(p.date)}${p.commit ? ` · ${p.commit.slice(0, 10)}` : ''}`,
    `${plural(total, 'finding')}: ${plural(p.errors, 'error')}, ${plural(p.warnings, 'warning')}`,
    `${fmt(p.fixable)} fixable by --fix, ${fmt(total - p.fixable)} left for a person`,
    `${plural(p.files, 'file')} with findings`,
  ];
  return lines.join('\n');
}

const BURN_W = 1000;
const BURN_H = 290;

/** The burndown: findings per run, split into fixable by --fix and left for a person. */
function burndownSvg(input: TrendPoint[], single: boolean): string {
  const times = input.map((p) => Date.parse(p.date));
  const timed = times.every(Number.isFinite) && input.length > 1;
  const order = input.map((_, i) => i);
  if (timed) order.sort((a, b) => times[a] - times[b] || a - b);
  const points = order.map((i) => input[i]);
  const ts = order.map((i) => times[i]);
  const n = points.length;

  const left = 64;
  const right = 24;
  const top = 30;
  const bottom = 40;
  const plotW = BURN_W - left - right;
  const plotH = BURN_H - top - bottom;
  const maxTotal = Math.max(0, ...points.map((p) => p.errors + p.warnings));
  const step = niceStep(maxTotal, 4);
  const yMax = Math.max(step * Math.ceil(maxTotal / step), step);
  const y = (v: number): number => top + plotH - (v / yMax) * plotH;
  const t0 = ts[0];
  const span = timed ? ts[n - 1] - t0 : 0;
  const x = (i: number): number =>
    n === 1 ? left + plotW / 2 : span > 0 ? left + ((ts[i] - t0) / span) * plotW : left + (i / (n - 1)) * plotW;

  const out: string[] = [];
  const label =
    n === 1
      ? `This run: ${plural(maxTotal, 'finding')}`
      : `Findings over ${n} runs, from ${fmt(points[0].errors + points[0].warnings)} to ${fmt(points[n - 1].errors + points[n - 1].warnings)}`;
  out.push(
    `<svg class="chart burndown" data-points="${n}" viewBox="0 0 ${BURN_W} ${BURN_H}" role="img" aria-label="${escapeHtml(label)}">`,
  );
  // gridlines and y labels
  for (let v = 0; v <= yMax; v += step) {
    const yy = r1(y(v));
    out.push(`<line class="grid" x1="${left}" x2="${BURN_W - right}" y1="${yy}" y2="${yy}"/>`);
    out.push(`<text class="axis" x="${left - 10}" y="${yy}" dy="0.32em" text-anchor="end">${fmt(v)}</text>`);
  }
  if (n === 1) {
    const p = points[0];
    const total = p.errors + p.warnings;
    const cx = r1(x(0));
    const w = 56;
    const manual = total - p.fixable;
    out.push(
      `<rect class="area-manual" x="${r1(x(0) - w / 2)}" y="${r1(y(manual))}" width="${w}" height="${r1(y(0) - y(manual))}"/>`,
      `<rect class="area-fixable" x="${r1(x(0) - w / 2)}" y="${r1(y(total))}" width="${w}" height="${r1(y(manual) - y(total))}"/>`,
      `<text class="value" x="${cx}" y="${r1(y(total) - 12)}" text-anchor="middle">${fmt(total)}</text>`,
      `<circle class="dot" cx="${cx}" cy="${r1(y(total))}" r="4.5"><title>${escapeHtml(pointTitle(p))}</title></circle>`,
      `<text class="axis" x="${cx}" y="${BURN_H - 14}" text-anchor="middle">${escapeHtml(single || !p.date ? 'this run' : showDate(p.date, false))}</text>`,
    );
  } else {
    const xs = points.map((_, i) => r1(x(i)));
    const totals = points.map((p) => r1(y(p.errors + p.warnings)));
    const manual = points.map((p) => r1(y(p.errors + p.warnings - p.fixable)));
    const base = r1(y(0));
    const line = (ys: string[]): string => ys.map((yy, i) => `${i === 0 ? 'M' : 'L'}${xs[i]} ${yy}`).join(' ');
    const area = (upper: string[], lower: string[] | null): string => {
      const back = lower ? lower.map((yy, i) => `L${xs[i]} ${yy}`).reverse() : [`L${xs[n - 1]} ${base}`, `L${xs[0]} ${base}`];
      return `${line(upper)} ${back.join(' ')} Z`;
    };
    out.push(`<path class="area-fixable" d="${area(totals, manual)}"/>`);
    out.push(`<path class="area-manual" d="${area(manual, null)}"/>`);
    out.push(`<path class="line-total" d="${line(totals)}"/>`);
    // x labels: up to 6 evenly spread dates (or run numbers when the dates do not spread)
    const ticks = Math.min(n, 6);
    const shortSpan = span > 0 && span < 2 * 86_400_000;
    for (let k = 0; k < ticks; k++) {
      const frac = ticks === 1 ? 0 : k / (ticks - 1);
      const xx = r1(left + frac * plotW);
      let text: string;
      if (span > 0) {
        const iso = new Date(t0 + frac * span).toISOString();
        text = shortSpan ? `${iso.slice(5, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
      } else {
        text = `run ${Math.round(frac * (n - 1)) + 1}`;
      }
      const anchor = k === 0 ? 'start' : k === ticks - 1 ? 'end' : 'middle';
      out.push(`<line class="tick" x1="${xx}" x2="${xx}" y1="${base}" y2="${r1(y(0) + 5)}"/>`);
      out.push(`<text class="axis" x="${xx}" y="${BURN_H - 14}" text-anchor="${anchor}">${escapeHtml(text)}</text>`);
    }
    // the totals of the first and last runs (of every run when there are few)
    points.forEach((p, i) => {
      if (n > 12 && i !== 0 && i !== n - 1) return;
      const anchor = i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle';
      const dx = i === 0 ? 6 : i === n - 1 ? -6 : 0;
      out.push(`<text class="value" x="${r1(x(i) + dx)}" y="${r1(y(p.errors + p.warnings) - 10)}" text-anchor="${anchor}">${fmt(p.errors + p.warnings)}</text>`);
    });
    // dots with the run's numbers as a tooltip (a line alone past 120 runs)
    if (n <= 120) {
      points.forEach((p, i) => {
        out.push(`<circle class="dot" cx="${xs[i]}" cy="${totals[i]}" r="${n > 40 ? 2.5 : 4}"><title>${escapeHtml(pointTitle(p))}</title></circle>`);
      });
    } else {
      const p = points[n - 1];
      out.push(`<circle class="dot" cx="${xs[n - 1]}" cy="${totals[n - 1]}" r="4"><title>${escapeHtml(pointTitle(p))}</title></circle>`);
    }
  }
  out.push(`<line class="axis-line" x1="${left}" x2="${BURN_W - right}" y1="${r1(y(0))}" y2="${r1(y(0))}"/>`);
  out.push('</svg>');
  return out.join('');
}

const BAR_W = 1000;
const BAR_ROW = 28;
const LABEL_CHARS = 36;

/** Shortens a path in the middle so the label column stays one width. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const keep = max - 1;
  const head = Math.ceil(keep / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`;
}

/** One horizontal bar per folder: fixable by --fix and left for a person. */
function folderBarsSvg(rows: FolderRow[], maxCount: number): string {
  const labelW = 290;
  const numW = 70;
  const barX = labelW;
  const barMax = BAR_W - labelW - numW;
  const h = rows.length * BAR_ROW + 4;
  const out: string[] = [
    `<svg class="chart bars" viewBox="0 0 ${BAR_W} ${h}" role="img" aria-label="Findings per folder">`,
  ];
  rows.forEach((row, i) => {
    const y0 = 2 + i * BAR_ROW;
    const w = maxCount > 0 ? (row.count / maxCount) * barMax : 0;
    const wFix = row.count > 0 ? (row.fixable / row.count) * w : 0;
    const title = `${row.folder}: ${plural(row.count, 'finding')} (${fmt(row.errors)} errors, ${fmt(row.warnings)} warnings), ${fmt(row.fixable)} fixable by --fix, ${fmt(row.count - row.fixable)} left for a person, in ${plural(row.files.length, 'file')}`;
    out.push(
      `<a href="#${row.id}" class="bar" data-folder="${escapeHtml(row.folder)}" data-count="${row.count}">`,
      `<title>${escapeHtml(title)}</title>`,
      `<rect class="bar-bg" x="0" y="${y0}" width="${BAR_W}" height="${BAR_ROW - 2}" rx="4"/>`,
      `<text class="bar-label" x="${labelW - 12}" y="${y0 + (BAR_ROW - 2) / 2}" dy="0.35em" text-anchor="end">${escapeHtml(shorten(row.folder, LABEL_CHARS))}</text>`,
      `<rect class="bar-manual" x="${barX}" y="${y0 + 4}" width="${r1(Math.max(w, 2))}" height="${BAR_ROW - 10}" rx="3"/>`,
      wFix > 0 ? `<rect class="bar-fixable" x="${barX}" y="${y0 + 4}" width="${r1(Math.max(wFix, 2))}" height="${BAR_ROW - 10}" rx="3"/>` : '',
      `<text class="bar-count" x="${r1(barX + Math.max(w, 2) + 8)}" y="${y0 + (BAR_ROW - 2) / 2}" dy="0.35em">${fmt(row.count)}</text>`,
      '</a>',
    );
  });
  out.push('</svg>');
  return out.join('');
}

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

const STYLE = `
:root{--bg:#f6f7f9;--card:#fff;--ink:#1d2330;--muted:#5d6778;--line:#e3e6eb;--grid:#e9ecf0;
--err:#c8372d;--err-bg:#fdecea;--warn:#a86400;--warn-bg:#fff4de;--fix:#2f855a;--fix-soft:#9ad3b0;
--manual:#d9822b;--manual-soft:#f3c28d;--accent:#2456c7;--code-bg:#fbfbfc;--hit:#fff7d6;--mark:#ffe08a;
color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#14171c;--card:#1c2027;--ink:#e4e7ec;--muted:#9aa3b2;--line:#2e343e;
--grid:#272c35;--err:#ff7b72;--err-bg:#3a1d1d;--warn:#e3b341;--warn-bg:#372a12;--fix:#56c98a;--fix-soft:#2e6b4a;
--manual:#f0a050;--manual-soft:#7a5224;--accent:#79a6ff;--code-bg:#171a20;--hit:#2b2816;--mark:#6b5a12}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:1120px;margin:0 auto;padding:28px 24px 48px}
h1{font-size:26px;margin:0 0 4px;letter-spacing:-.01em}
h2{font-size:18px;margin:0 0 12px}
h3{font-size:14px;margin:0;font-weight:600}
code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono","Liberation Mono",monospace}
a{color:var(--accent)}
.sub{color:var(--muted);margin:0 0 22px}
.sub span+span::before{content:" · "}
section{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:18px 20px;margin:0 0 18px}
.headline{font-size:17px;margin:0 0 14px}
.headline strong{font-size:20px}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:12px;background:none;border:0;padding:0}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:14px 16px;border-top:4px solid var(--muted)}
.card .v{font-size:30px;font-weight:700;line-height:1.1;font-variant-numeric:tabular-nums}
.card .k{color:var(--muted);font-size:13px}
.card.errors{border-top-color:var(--err)}.card.errors .v{color:var(--err)}
.card.warnings{border-top-color:var(--warn)}.card.warnings .v{color:var(--warn)}
.card.fixable{border-top-color:var(--fix)}.card.fixable .v{color:var(--fix)}
.card.manual{border-top-color:var(--manual)}.card.manual .v{color:var(--manual)}
.done{font-size:18px;color:var(--fix);font-weight:600}
.chart{display:block;width:100%;height:auto}
.chart text{font-size:13px;fill:var(--muted)}
.grid{stroke:var(--grid);stroke-width:1}
.chart .value{fill:var(--ink);font-weight:600;font-size:13px;font-variant-numeric:tabular-nums}
.axis-line,.tick{stroke:var(--muted);stroke-width:1}
.area-fixable{fill:var(--fix-soft)}
.area-manual{fill:var(--manual-soft)}
.line-total{fill:none;stroke:var(--ink);stroke-width:2;stroke-linejoin:round}
.dot{fill:var(--card);stroke:var(--ink);stroke-width:2}
.legend{display:flex;gap:18px;flex-wrap:wrap;color:var(--muted);font-size:13px;margin:8px 0 0}
.legend i{display:inline-block;width:12px;height:12px;border-radius:3px;margin-right:6px;vertical-align:-1px}
.legend .sw-fixable{background:var(--fix)}.legend .sw-manual{background:var(--manual)}
.legend .sw-fixable.soft{background:var(--fix-soft)}.legend .sw-manual.soft{background:var(--manual-soft)}
.legend .sw-total{background:var(--ink);height:3px;vertical-align:3px}
.hint{color:var(--muted);font-size:13px;margin:8px 0 0}
.bar-bg{fill:transparent}
.bar:hover .bar-bg,.bar:focus .bar-bg{fill:var(--grid)}
.bar-manual{fill:var(--manual)}
.bar-fixable{fill:var(--fix)}
.chart .bar-label{fill:var(--ink);font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace;font-size:13px}
.chart .bar-count{fill:var(--ink);font-weight:600;font-variant-numeric:tabular-nums}
details.more>summary{cursor:pointer;color:var(--accent);margin:6px 0}
table{border-collapse:collapse;width:100%;font-size:14px}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid var(--line);vertical-align:top}
th{color:var(--muted);font-weight:600;font-size:12px;text-transform:uppercase;letter-spacing:.04em}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.rule-id{font-weight:600;white-space:nowrap}
.pill{display:inline-block;padding:1px 8px;border-radius:999px;font-size:12px;font-weight:600;white-space:nowrap}
.pill.error{background:var(--err-bg);color:var(--err)}.pill.warning{background:var(--warn-bg);color:var(--warn)}
.pill.safe{background:transparent;color:var(--fix);border:1px solid var(--fix)}
.pill.unsafe{background:transparent;color:var(--warn);border:1px solid var(--warn)}
.pill.none{background:transparent;color:var(--manual);border:1px solid var(--manual)}
.explain summary{cursor:pointer}
td code{font-size:.9em;background:var(--code-bg);border:1px solid var(--line);border-radius:4px;padding:0 4px}
.explain pre{white-space:pre-wrap;background:var(--code-bg);border:1px solid var(--line);border-radius:6px;padding:10px 12px;margin:8px 0 0;font-size:12.5px}
.toolbar{display:flex;gap:8px;flex-wrap:wrap;align-items:center;margin:0 0 12px}
.toolbar input{flex:1;min-width:220px;padding:7px 10px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--ink);font:inherit}
.toolbar button{padding:7px 12px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--ink);font:inherit;cursor:pointer}
.toolbar .count{color:var(--muted);font-size:13px}
details.folder{border:1px solid var(--line);border-radius:8px;margin:0 0 8px;background:var(--card)}
details.folder>summary{cursor:pointer;padding:9px 12px;display:flex;gap:12px;align-items:baseline;list-style-position:inside}
details.folder>summary .fname{font-weight:600}
details.folder>summary .fcounts{color:var(--muted);font-size:13px;margin-left:auto;white-space:nowrap}
details.folder[open]>summary{border-bottom:1px solid var(--line)}
.folder-body{padding:10px 12px}
.file{margin:0 0 16px;content-visibility:auto;contain-intrinsic-size:auto 420px}
.file h3{display:flex;gap:10px;align-items:baseline;margin:0 0 6px}
.file h3 .path{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace;word-break:break-all}
.file-counts{color:var(--muted);font-weight:400;font-size:12px;white-space:nowrap}
.snippet{border:1px solid var(--line);border-radius:6px;background:var(--code-bg);margin:0 0 8px;overflow-x:auto;font-size:12.5px}
.l{display:flex;min-width:max-content}
.l.hit{background:var(--hit)}
.l .n{flex:none;width:52px;padding:0 10px 0 0;text-align:right;color:var(--muted);user-select:none;border-right:1px solid var(--line);font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace}
.l code{white-space:pre;padding:0 12px;tab-size:4}
mark{background:var(--mark);color:inherit;border-radius:2px}
mark.empty{display:inline-block;width:2px;height:1em;vertical-align:middle}
.cut{color:var(--muted)}
.note{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:baseline;margin:2px 8px 4px 52px;padding:6px 10px;border-left:3px solid var(--muted);background:var(--card);border-radius:0 6px 6px 0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:13px}
.note.error{border-left-color:var(--err)}.note.warning{border-left-color:var(--warn)}
.note .pos{color:var(--muted);font-variant-numeric:tabular-nums}.note .seen{font-size:11px;font-weight:700;color:var(--muted)}
.note .sev{font-weight:700;text-transform:uppercase;font-size:11px;letter-spacing:.04em}
.note.error .sev{color:var(--err)}.note.warning .sev{color:var(--warn)}
.note .msg{flex:1 1 420px}
.note .rule{color:var(--muted);font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace;font-size:12px}
.note .fix{font-size:12px;font-weight:600}
.fix-safe{color:var(--fix)}.fix-unsafe{color:var(--warn)}.fix-none{color:var(--manual)}
.note .change{flex-basis:100%;color:var(--muted);font-size:12px}
.fatal li{margin:0 0 4px}
footer{color:var(--muted);font-size:13px;text-align:center;margin-top:24px}
[hidden]{display:none!important}
`;

/** The page's one script: filter, expand/collapse, and opening a folder a bar links to. */
const SCRIPT = `(function () {
  var folders = Array.prototype.slice.call(document.querySelectorAll('details.folder'));
  var files = Array.prototype.slice.call(document.querySelectorAll('.file'));
  var filter = document.getElementById('filter');
  var count = document.getElementById('filter-count');
  function openTarget() {
    var id = location.hash.slice(1);
    var el = id && document.getElementById(id);
    if (el && el.tagName === 'DETAILS') { el.open = true; el.scrollIntoView({ block: 'start' }); }
  }
  window.addEventListener('hashchange', openTarget);
  openTarget();
  function setAll(open) { folders.forEach(function (d) { if (!d.hidden) d.open = open; }); }
  var expand = document.getElementById('expand-all');
  var collapse = document.getElementById('collapse-all');
  if (expand) expand.addEventListener('click', function () { setAll(true); });
  if (collapse) collapse.addEventListener('click', function () { setAll(false); });
  var timer = 0;
  function apply() {
    var q = filter.value.trim().toLowerCase();
    var shown = 0;
    files.forEach(function (f) {
      var hit = !q || f.getAttribute('data-path').toLowerCase().indexOf(q) >= 0;
      f.hidden = !hit;
      if (hit) shown++;
    });
    folders.forEach(function (d) { d.hidden = !d.querySelector('.file:not([hidden])'); });
    count.textContent = q ? shown + ' of ' + files.length + ' files' : '';
  }
  if (filter) filter.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(apply, 120); });
})();`;

const SCRIPT_HASH = createHash('sha256').update(SCRIPT, 'utf8').digest('base64');

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
  rows.sort((a, b) => compareText(a.rel, b.rel));
  const fatal = results.filter((r) => r.fatal).sort((a, b) => compareText(relativePath(a.file, cwd), relativePath(b.file, cwd)));
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
  const folders = [...folderMap.values()].sort((a, b) => b.count - a.count || compareText(a.folder, b.folder));
  folders.forEach((f, i) => (f.id = `folder-${i + 1}`));
  const rules = [...ruleMap.values()].sort((a, b) => b.count - a.count || compareText(a.id, b.id));

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
