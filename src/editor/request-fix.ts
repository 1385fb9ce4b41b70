// The quick fix of a request that moves to 2024-09 only on an assumption (`--fix --unsafe`): every
// edit of that request (its findings carry its `assumedRequest`), in every file it spans, as one
// workspace edit. Nothing here decides an edit: they are the findings' own, as --fix --unsafe
// applies them.

import type { AssumedRequest, Config, Finding, TextEdit } from '../types.js';
import { loadEngine } from './checker.js';

export interface RequestFileEdits {
  file: string;
  /** the text the edits' offsets are in */
  text: string;
  edits: TextEdit[];
}

const editsOf = (findings: Finding[], id: string): TextEdit[] => findings.filter((f) => f.assumedRequest?.id === id).flatMap((f) => f.edits ?? []);

/**
 * The request's edits per file: this buffer's from its last check, the other files' from a check
 * of all the request's files together (the open buffers standing in for their files). Undefined
 * when a file of the request no longer shows its edits (it changed since): the request is then
 * not offered in part.
 */
export async function assumedRequestEdits(
  req: AssumedRequest,
  here: { file: string; text: string; findings: Finding[] },
  opts: { config: Config; overlays: Map<string, string>; cwd: string; root?: string },
): Promise<RequestFileEdits[] | undefined> {
  const out: RequestFileEdits[] = [{ file: here.file, text: here.text, edits: editsOf(here.findings, req.id) }];
  const others = req.files.filter((f) => f !== here.file);
  if (others.length) {
    const { check } = await loadEngine();
    const files = [here.file, ...others];
    const results = (await check({ paths: files, files, cwd: opts.cwd, config: opts.config, overlays: opts.overlays, root: opts.root })).results;
    for (const file of others) {
      const r = results.find((x) => x.file === file);
      const edits = r && !r.fatal && r.source !== undefined ? editsOf(r.findings, req.id) : [];
      if (!edits.length) return undefined;
      out.push({ file, text: r!.source!, edits });
    }
  }
  return out[0].edits.length || others.length ? out.filter((x) => x.edits.length) : undefined;
}
