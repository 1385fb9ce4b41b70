// Engine findings to LSP shapes. The engine's offsets are UTF-16 offsets in the text it analysed,
// which is the buffer's text at one version; positions come from that snapshot, so they match
// what the editor shows even with CRLF line ends or characters outside the BMP.

import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity, type Diagnostic, type Range } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { packageRoot } from '../catalogue/index.js';
import type { FatalProblem, Finding, TextEdit } from '../types.js';

export const SOURCE = 'migrate-check';

/** What a diagnostic carries so that a code action can rebuild its fix without re-analysing. */
export interface DiagnosticData {
  /** the buffer version the finding (and its offsets) belong to */
  version: number;
  ruleId: string;
  fixKind: Finding['fixKind'];
  fixDescription?: string;
  /** the finding's edits, offsets in the text of that version (what --fix applies) */
  edits?: TextEdit[];
  /** the request the finding belongs to, when one is visible ('POST /2023-01/labels') */
  endpoint?: string;
}

export function rangeOf(doc: TextDocument, start: number, end: number): Range {
  return { start: doc.positionAt(start), end: doc.positionAt(end) };
}

let catalogueUrl: string | null | undefined;
/** The rule's section of rules/CATALOGUE.md as shipped with the package (a file: URL). */
export function ruleHref(ruleId: string): string | undefined {
  if (catalogueUrl === undefined) {
    const file = path.join(packageRoot(), 'rules', 'CATALOGUE.md');
    catalogueUrl = existsSync(file) ? pathToFileURL(file).href : null;
  }
  return catalogueUrl ? `${catalogueUrl}#${ruleId}` : undefined;
}

export function findingToDiagnostic(doc: TextDocument, f: Finding): Diagnostic {
  const data: DiagnosticData = { version: doc.version, ruleId: f.ruleId, fixKind: f.fixKind };
  if (f.fixDescription) data.fixDescription = f.fixDescription;
  if (f.edits?.length) data.edits = f.edits.map((e) => ({ start: e.start, end: e.end, text: e.text }));
  if (f.context?.endpoint) data.endpoint = f.context.endpoint;
  const d: Diagnostic = {
    range: rangeOf(doc, f.start, f.end),
    severity: f.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: f.ruleId,
    source: SOURCE,
    message: f.message,
    data,
  };
  const href = ruleHref(f.ruleId);
  if (href) d.codeDescription = { href };
  return d;
}

/** A file that does not parse: one diagnostic at the parser's position (one character wide). */
export function fatalToDiagnostic(doc: TextDocument, fatal: FatalProblem): Diagnostic {
  const line = Math.max(0, fatal.line - 1);
  const character = Math.max(0, fatal.column - 1);
  const start = doc.offsetAt({ line, character });
  const next = doc.offsetAt({ line: line + 1, character: 0 });
  const text = doc.getText();
  let lineEnd = next;
  while (lineEnd > start && (text[lineEnd - 1] === '\n' || text[lineEnd - 1] === '\r')) lineEnd--;
  const end = start < lineEnd ? start + 1 : start;
  return {
    range: rangeOf(doc, start, end),
    severity: DiagnosticSeverity.Error,
    source: SOURCE,
    message: fatal.message,
  };
}

/** Does a finding's range hold the offset (the end counts: a cursor just after the token)? */
export function covers(f: { start: number; end: number }, offset: number): boolean {
  return f.start <= offset && offset <= f.end;
}

/** Do two offset ranges meet (touching counts, so that an empty selection on an edge finds it)? */
export function meets(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start <= b.end && b.start <= a.end;
}
