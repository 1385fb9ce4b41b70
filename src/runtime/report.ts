// The findings of one process (or worker thread), kept as data and written as one ESLint-shaped
// JSON report into MIGRATE_CHECK_RUNTIME_DIR: a finding seen many times is one message with a
// count. A new finding is written at once: a test runner may end its worker right after the test
// that sent the request, and neither of vitest's ways (SIGTERM to a fork, terminate() on a thread)
// runs an exit handler. A repeat only raises a count, written a moment later (on a timer that keeps
// no process alive) and at exit. Each write replaces the file whole (a temporary file, then a rename).
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { getRule } from '../catalogue/index.js';
import { toEslintResults } from '../reporters/json.js';
import { writeWhole } from '../core/write-whole.js';
import type { FileResult, Finding, RuleLevel, Severity } from '../types.js';
import type { CallSite } from './site.js';

export interface Seen {
  site: CallSite;
  ruleId: string;
  text: string;
  method: string;
  url: string;
}

/** Distinct messages one process keeps; past it, repeats are still counted. */
const MAX_MESSAGES = 1000;
/** How long after a change the report is written. */
const WRITE_DELAY_MS = 200;

export function messageOf(s: Seen): string {
  return `${s.text} Seen at run time: ${s.method} ${s.url}${s.site.via ? `, sent from inside ${s.site.via}` : ''}.`;
}

export class RuntimeReport {
  private findings = new Map<string, Finding>();
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private warnedFull = false;
  readonly file: string | undefined;

  constructor(
    dir: string | undefined,
    private readonly levels: Record<string, RuleLevel>,
    private readonly warn: (kind: string, text: string) => void,
  ) {
    this.file = dir ? path.resolve(dir, `migrate-check-runtime-${process.pid}-${threadId}-${randomBytes(4).toString('hex')}.json`) : undefined;
  }

  /** Records one finding; returns false when its rule is turned off. */
  add(s: Seen): boolean {
    const rule = getRule(s.ruleId);
    const level = Object.prototype.hasOwnProperty.call(this.levels, s.ruleId) ? this.levels[s.ruleId] : undefined;
    if (!rule || level === 'off') return false;
    const severity: Severity = level === 'warn' ? 'warning' : level === 'error' ? 'error' : rule.severity;
    const message = messageOf(s);
    const key = `${s.site.file}\u0000${s.site.line}\u0000${s.site.column}\u0000${s.ruleId}\u0000${message}`;
    const known = this.findings.get(key);
    if (known) known.runtime!.count++;
    else if (this.findings.size >= MAX_MESSAGES) {
      if (!this.warnedFull) this.warn('full', `more than ${MAX_MESSAGES} distinct findings in this process; further ones are not recorded`);
      this.warnedFull = true;
      return true;
    } else {
      const { line, column } = s.site;
      this.findings.set(key, {
        ruleId: s.ruleId,
        severity,
        message,
        file: s.site.file || '<unknown call site>',
        line,
        column,
        endLine: line,
        endColumn: column,
        start: 0,
        end: 0,
        fixKind: 'none',
        changeKind: rule.changeKind,
        runtime: { method: s.method, url: s.url, count: 1, ...(s.site.via ? { via: s.site.via } : {}) },
      });
      this.dirty = true;
      this.write();
      return true;
    }
    this.changed();
    return true;
  }

  /** The report as `--reporter json` writes one: one entry per call-site file. */
  results(): FileResult[] {
    const byFile = new Map<string, FileResult>();
    for (const f of this.findings.values()) {
      let r = byFile.get(f.file);
      if (!r) byFile.set(f.file, (r = { file: f.file, findings: [], suppressed: [] }));
      r.findings.push(f);
    }
    return [...byFile.values()];
  }

  private changed(): void {
    this.dirty = true;
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.write();
    }, WRITE_DELAY_MS);
    this.timer.unref();
  }

  /** Writes the report (at exit always, so a process that saw nothing leaves `[]`: the hook ran). */
  write(atExit = false): void {
    if (!this.file || (!this.dirty && !atExit)) return;
    this.dirty = false;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      writeWhole(this.file, `${JSON.stringify(toEslintResults(this.results()), null, 2)}\n`);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      this.warn('write', `cannot write the report ${this.file} (${code ?? (err instanceof Error ? err.message : String(err))})`);
    }
  }
}
