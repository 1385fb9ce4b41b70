// What every transform does: take the findings of its change kind (given by `--fix` through
// jscodeshift's options, or, run alone, found by the public check() on this one file) and apply
// their edits at the ranges the analysis decided. Untouched text stays byte for byte.

import path from 'node:path';
import type { API, FileInfo, Options } from 'jscodeshift';
import type { ChangeKind, Finding, TextEdit } from '../src/types.js';

export interface TransformOptions extends Options {
  /** the findings --fix chose for this file (all kinds); absent when run alone */
  findings?: Finding[];
  /** with findings absent: also apply fixes that rest on an assumption */
  unsafe?: boolean;
}

/** Apply non-overlapping edits (offsets in `source`). */
export function applyTextEdits(source: string, edits: TextEdit[]): string {
  let out = '';
  let at = 0;
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    if (e.start < at) continue;
    out += source.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + source.slice(at);
}

function editsOf(findings: Finding[], kind: ChangeKind, unsafe: boolean): TextEdit[] {
  return findings.filter((f) => f.changeKind === kind && f.edits && (f.fixKind === 'safe' || (unsafe && f.fixKind === 'unsafe'))).flatMap((f) => f.edits!);
}

/** The transform body shared by every change kind. Returns undefined when nothing changes (jscodeshift's "unmodified"). */
export async function runTransform(kind: ChangeKind, file: FileInfo, _api: API, options: TransformOptions): Promise<string | undefined> {
  let findings = options.findings;
  if (!findings) {
    // run alone: what check() shows of this one file (imports are followed from the disk)
    const { check } = await import('../src/check.js');
    const { loadConfig } = await import('../src/config.js');
    const abs = path.resolve(file.path);
    const cwd = process.cwd();
    const config = loadConfig({ cwd });
    const { results } = await check({ paths: [abs], files: [abs], cwd, config, overlays: new Map([[abs, file.source]]) });
    findings = results[0]?.findings ?? [];
  }
  const edits = editsOf(findings, kind, !!options.unsafe);
  if (!edits.length) return undefined;
  const out = applyTextEdits(file.source, edits);
  return out === file.source ? undefined : out;
}
