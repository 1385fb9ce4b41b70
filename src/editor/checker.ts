// Diagnostics for the open buffers: which buffers are checked, when (a change waits DEBOUNCE_MS
// for the next one; its importers are checked with it), and what is published. One analyzeFiles
// call per folder and round, every open buffer standing in for its file on disk.
import path from 'node:path';
import { DiagnosticSeverity, type Diagnostic, type TextDocuments } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ALL_EXTENSIONS } from '../files.js';
import type { FatalProblem, FileResult, Finding } from '../types.js';
import { fatalToDiagnostic, findingToDiagnostic, SOURCE } from './convert.js';
import { toPath, type Folders } from './folders.js';
import { importsFile } from './imports.js';
import { isInside } from './ignore.js';
import type { Folder } from './workspace.js';

/**
 * How long a change waits for the next one before it is checked. Short, because a check of one
 * buffer takes some 10-30 ms: it coalesces the bursts an editor sends (a paste, an auto-indent, a
 * multi-cursor edit), and changes that arrive while a check runs are taken together after it.
 */
export const DEBOUNCE_MS = 50;

type Engine = typeof import('../index.js');
let engine: Promise<Engine> | undefined;
/**
 * The analysis engine (ts-morph and its TypeScript, about half a second to load): loaded once,
 * started as soon as `initialize` is answered, so that the answer does not wait for it. The entry
 * loads the compiler only when a file needs parsing (src/analysis/run.ts), so that module is
 * loaded here too: the first check must not pay for it.
 */
export function loadEngine(): Promise<Engine> {
  return (engine ??= Promise.all([import('../index.js'), import('../analysis/run.js')]).then(([entry]) => entry));
}

/** The last analysis of an open buffer, at one version. */
export interface Checked {
  version: number;
  text: string;
  findings: Finding[];
  fatal?: FatalProblem;
  diagnostics: Diagnostic[];
}

export interface CheckerOutlets {
  publish(uri: string, diagnostics: Diagnostic[], version?: number): void;
  log(message: string): void;
}

function isSourcePath(file: string): boolean {
  return ALL_EXTENSIONS.includes(path.extname(file).toLowerCase());
}

const describe = (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err));

export class Checker {
  private readonly cache = new Map<string, Checked>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly pending = new Set<string>();
  /** uris refused by the wall (logged once each) */
  private readonly walled = new Set<string>();
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly folders: Folders,
    private readonly out: CheckerOutlets,
  ) {}

  /** The file behind a uri when it is a source file the server checks (inside the wall), else undefined. */
  target(uri: string): string | undefined {
    const file = toPath(uri);
    if (!file || !isSourcePath(file)) return undefined;
    if (this.folders.within(file)) return file;
    if (!this.walled.has(uri)) {
      this.walled.add(uri);
      this.out.log(`not checked: ${uri} is outside the workspace folders (symlinks resolved)`);
    }
    return undefined;
  }

  /** shutdown: nothing more is checked or published */
  stop(): void {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.pending.clear();
  }

  changed(uri: string, delay: number): void {
    const file = this.target(uri);
    if (!file) return;
    this.schedule(uri, delay);
    for (const dep of this.importersOf(file)) this.schedule(dep, delay);
  }

  closed(uri: string): void {
    const t = this.timers.get(uri);
    if (t) clearTimeout(t);
    this.timers.delete(uri);
    this.pending.delete(uri);
    this.walled.delete(uri);
    const had = this.cache.delete(uri);
    const file = toPath(uri);
    if (!file || !isSourcePath(file)) return;
    if (had && !this.stopped) this.out.publish(uri, []);
    // importers read the disk now instead of the buffer
    for (const dep of this.importersOf(file)) this.schedule(dep, 0);
  }

  /** Open source files whose text imports the file. */
  importersOf(file: string): string[] {
    const out: string[] = [];
    for (const d of this.documents.all()) {
      const p = this.target(d.uri);
      if (p && p !== file && importsFile(p, d.getText(), file)) out.push(d.uri);
    }
    return out;
  }

  recheckOpen(filter: (file: string) => boolean): void {
    for (const d of this.documents.all()) {
      const file = this.target(d.uri);
      if (file && filter(file)) this.schedule(d.uri, 0);
    }
  }

  /** A file changed on disk matters to the open files that import it (unless its buffer is open). */
  diskChanged(file: string): void {
    if (this.documents.all().some((d) => toPath(d.uri) === file)) return;
    for (const uri of this.importersOf(file)) this.schedule(uri, DEBOUNCE_MS);
  }

  private schedule(uri: string, delay: number): void {
    if (this.stopped) return;
    const t = this.timers.get(uri);
    if (t) clearTimeout(t);
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        this.pending.add(uri);
        this.kick();
      }, delay),
    );
  }

  private kick(): void {
    if (this.running || this.stopped) return;
    this.running = (async () => {
      while (this.pending.size && !this.stopped) {
        const uris = [...this.pending];
        this.pending.clear();
        await this.check(uris);
      }
    })()
      .catch((err) => this.out.log(`check failed: ${describe(err)}`))
      .finally(() => {
        this.running = undefined;
        if (this.pending.size) this.kick();
      });
  }

  /** The buffer's analysis at its current version (checked now if the last one is older). */
  async fresh(uri: string): Promise<Checked | undefined> {
    for (let i = 0; i < 5; i++) {
      const doc = this.documents.get(uri);
      if (!doc || !this.target(uri) || this.stopped) return undefined;
      const c = this.cache.get(uri);
      if (c && c.version === doc.version) return c;
      const t = this.timers.get(uri);
      if (t) clearTimeout(t);
      this.timers.delete(uri);
      this.pending.add(uri);
      this.kick();
      await this.running;
    }
    return undefined;
  }

  /** The open buffers the engine reads instead of the disk: those inside the wall and within the size limit. */
  overlays(): Map<string, string> {
    const m = new Map<string, string>();
    for (const d of this.documents.all()) {
      const p = this.target(d.uri);
      if (p && !this.tooLarge(p, d.getText())) m.set(p, d.getText());
    }
    return m;
  }

  /** Why a buffer is not analysed for its size (the folder's maxFileSize, as a scan skips such a file). */
  private tooLarge(file: string, text: string): string | undefined {
    const limit = this.folders.folderFor(file).config.maxFileSize;
    // a UTF-8 byte is at most one UTF-16 unit, and a unit at most three bytes
    if (text.length * 3 <= limit) return undefined;
    const size = Buffer.byteLength(text, 'utf8');
    return size > limit ? `skipped: the document is ${size} bytes, over the limit of ${limit} (maxFileSize)` : undefined;
  }

  /** Check some open buffers: one analyzeFiles call per folder, with every open buffer as an overlay. */
  private async check(uris: string[]): Promise<void> {
    const groups = new Map<Folder, { uri: string; file: string; snap: TextDocument }[]>();
    for (const uri of uris) {
      const doc = this.documents.get(uri);
      const file = this.target(uri);
      if (!doc || !file) continue;
      const snap = TextDocument.create(uri, doc.languageId, doc.version, doc.getText());
      const folder = this.folders.folderFor(file);
      if (folder.ignore.ignores(file)) {
        this.publish(snap, { findings: [], diagnostics: [] });
        continue;
      }
      const large = this.tooLarge(file, snap.getText());
      if (large) {
        this.publish(snap, { findings: [], diagnostics: [fatalToDiagnostic(snap, { file, message: large, line: 1, column: 1 })] });
        continue;
      }
      if (!groups.has(folder)) groups.set(folder, []);
      groups.get(folder)!.push({ uri, file, snap });
    }
    const overlays = this.overlays();
    for (const [folder, items] of groups) await this.analyse(folder, items, overlays);
  }

  private async analyse(folder: Folder, items: { uri: string; file: string; snap: TextDocument }[], overlays: Map<string, string>): Promise<void> {
    let results: FileResult[];
    const config = folder.config;
    try {
      const { analyzeFiles } = await loadEngine();
      results = (await analyzeFiles(items.map((i) => i.file), { config, overlays, root: this.folders.readRoot(folder) })).results;
    } catch (err) {
      if (items.length > 1) {
        // one file's failure must not hide the others' findings: check them one by one
        for (const it of items) await this.analyse(folder, [it], overlays);
        return;
      }
      this.out.log(`analysing ${items[0].file} failed: ${describe(err)}`);
      const d: Diagnostic = {
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        severity: DiagnosticSeverity.Error,
        source: SOURCE,
        message: `migrate-check could not analyse this file (internal error: ${err instanceof Error ? err.message.split('\n')[0] : String(err)})`,
      };
      this.publish(items[0].snap, { findings: [], diagnostics: [d] });
      return;
    }
    // the config changed while this ran: these findings are stale, the files are checked again
    if (folder.config !== config) {
      for (const it of items) this.pending.add(it.uri);
      return;
    }
    for (const it of items) {
      const r = results.find((x) => x.file === it.file);
      const findings = r && !r.fatal ? r.findings : [];
      const diagnostics = r?.fatal ? [fatalToDiagnostic(it.snap, r.fatal)] : findings.map((f) => findingToDiagnostic(it.snap, f));
      this.publish(it.snap, { findings, fatal: r?.fatal, diagnostics });
    }
  }

  private publish(snap: TextDocument, c: Omit<Checked, 'version' | 'text'>): void {
    const doc = this.documents.get(snap.uri);
    // a newer version is on its way; its own check publishes
    if (!doc || doc.version !== snap.version || this.stopped) return;
    this.cache.set(snap.uri, { ...c, version: snap.version, text: snap.getText() });
    this.out.publish(snap.uri, c.diagnostics, snap.version);
  }

  /** Is the file inside one of these roots? (for re-checking the files of folders whose config changed) */
  static under(roots: string[]): (file: string) => boolean {
    return (file) => roots.some((r) => isInside(r, file));
  }
}
