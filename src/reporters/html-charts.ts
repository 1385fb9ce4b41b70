// The html page's two charts, plain SVG drawn from numbers alone: the burndown of findings over the
// runs of a trend file, and one bar per folder.
import type { TrendPoint } from '../trend.js';
import { fmt, plural, showDate } from './html-format.js';
import { escapeHtml } from './html-note.js';

/** What a folder's bar shows. */
export interface FolderBar {
  folder: string;
  /** the anchor of the folder's section on the page */
  id: string;
  count: number;
  errors: number;
  warnings: number;
  fixable: number;
  files: unknown[];
}

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
export function burndownSvg(input: TrendPoint[], single: boolean): string {
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
export function folderBarsSvg(rows: FolderBar[], maxCount: number): string {
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
