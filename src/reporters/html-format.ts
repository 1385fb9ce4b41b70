// The html page's text helpers: numbers with thousands separators, plurals, dates shown the same
// on every machine, and escaped text with its `backticked` parts as code.
import { escapeHtml } from './html-note.js';

/** Escapes text and shows its `backticked` parts as code (the catalogue's summaries use them). */
export function withCode(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

export function fmt(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${fmt(n)} ${n === 1 ? one : many}`;
}

/** `2024-10-01T14:03:09.123Z` -> `2024-10-01 14:03 UTC` (no Date: the output must not depend on the machine's zone). */
export function showDate(iso: string, withTime = true): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  const s = new Date(ms).toISOString();
  return withTime ? `${s.slice(0, 10)} ${s.slice(11, 16)} UTC` : s.slice(0, 10);
}
