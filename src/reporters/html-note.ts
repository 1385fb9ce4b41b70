// One finding's note on the html page: where, how bad, what, which rule, whether --fix handles it,
// and for a finding the run-time hook saw, the request and how many times it was sent.
import type { Finding, FixKind } from '../types.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const FIX_LABEL: Record<FixKind, string> = {
  safe: 'fixable by --fix',
  unsafe: 'fixable with --fix --unsafe',
  none: 'left for a person',
};

export function note(f: Finding): string {
  const change = f.oldText && f.newText ? `<div class="change"><code>${escapeHtml(f.oldText)}</code> → <code>${escapeHtml(f.newText)}</code></div>` : '';
  const seen = f.runtime ? `<span class="seen">seen at run time${f.runtime.count > 1 ? ` ×${f.runtime.count}` : ''}</span>` : '';
  return (
    `<div class="note ${f.severity}" data-rule="${escapeHtml(f.ruleId)}" data-severity="${f.severity}"${f.runtime ? ` data-runtime="${f.runtime.count}"` : ''}>` +
    `<span class="pos">${f.line}:${f.column}</span>` +
    `<span class="sev">${f.severity}</span>` +
    seen +
    `<span class="msg">${escapeHtml(f.message)}</span>` +
    `<span class="rule">${escapeHtml(f.ruleId)}</span>` +
    `<span class="fix fix-${f.fixKind}">${FIX_LABEL[f.fixKind]}</span>` +
    change +
    '</div>'
  );
}
