// `migrate-check lsp`: the language server. It is a thin door into the engine: diagnostics are
// analyzeFiles() findings for the editor's buffers, quick fixes are their edits, "fix all" is
// --fix's passes over the buffer, hover is --explain. No rule is implemented here.
//
// Protocol over stdio only: nothing but protocol messages may reach stdout, so console output
// goes to stderr.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CodeActionKind,
  createConnection,
  DiagnosticSeverity,
  DidChangeWatchedFilesNotification,
  DidChangeConfigurationNotification,
  MarkupKind,
  MessageType,
  ProposedFeatures,
  ShowMessageNotification,
  TextDocuments,
  TextDocumentSyncKind,
  type CodeAction,
  type CodeActionParams,
  type Connection,
  type Diagnostic,
  type Hover,
  type HoverParams,
  type InitializeParams,
  type InitializeResult,
  type TextEdit as LspTextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { explainText, getRule, packageRoot } from '../catalogue/index.js';
import { CONFIG_FILE } from '../config.js';
import { ALL_EXTENSIONS } from '../files.js';
import { editsToApply } from '../fix/edits.js';
import type { FatalProblem, FileResult, Finding, TextEdit } from '../types.js';
import { covers, fatalToDiagnostic, findingToDiagnostic, meets, rangeOf, SOURCE, type DiagnosticData } from './convert.js';
import { clientEdits, fixAllText, isApplicable, minimalEdit } from './fixes.js';
import { isInside } from './ignore.js';
import { importsFile } from './imports.js';
import { guessRoot, makeFolder, reloadConfig, type Folder } from './workspace.js';

export const FIX_ALL_KIND = 'source.fixAll.migrate-check';
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
function loadEngine(): Promise<Engine> {
  return (engine ??= Promise.all([import('../index.js'), import('../analysis/run.js')]).then(([entry]) => entry));
}

/** The last analysis of an open buffer, at one version. */
interface Checked {
  version: number;
  text: string;
  findings: Finding[];
  fatal?: FatalProblem;
  diagnostics: Diagnostic[];
}

interface ClientCaps {
  configuration: boolean;
  watchedFilesDynamic: boolean;
  workspaceFolders: boolean;
  markdownHover: boolean;
  resolveEdit: boolean;
  documentChanges: boolean;
  disabledSupport: boolean;
}

interface FixAllData {
  migrateCheck: 'fixAll';
  uri: string;
  version: number;
}

function toPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return path.normalize(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

function isSourcePath(file: string): boolean {
  return ALL_EXTENSIONS.includes(path.extname(file).toLowerCase());
}

function version(): string {
  try {
    return (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

function kindWanted(only: string[] | undefined, kind: string): boolean {
  return !only || only.some((k) => kind === k || kind.startsWith(k + '.'));
}

class MigrateCheckServer {
  private readonly documents = new TextDocuments(TextDocument);
  private folders: Folder[] = [];
  private readonly implicit = new Map<string, Folder>();
  private readonly cache = new Map<string, Checked>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly pending = new Set<string>();
  private readonly openedAt = new Map<string, number>();
  private running: Promise<void> | undefined;
  private initialized = false;
  private shuttingDown = false;
  private unsafeInit = false;
  private unsafeSetting: boolean | undefined;
  private caps: ClientCaps = {
    configuration: false,
    watchedFilesDynamic: false,
    workspaceFolders: false,
    markdownHover: false,
    resolveEdit: false,
    documentChanges: false,
    disabledSupport: false,
  };

  constructor(private readonly connection: Connection) {}

  listen(): void {
    const c = this.connection;
    c.onInitialize((p) => this.initialize(p));
    c.onInitialized(() => void this.afterInitialized());
    c.onShutdown(() => {
      this.shuttingDown = true;
      for (const t of this.timers.values()) clearTimeout(t);
      this.timers.clear();
      this.pending.clear();
    });
    this.documents.onDidOpen((e) => {
      this.openedAt.set(e.document.uri, e.document.version);
      this.changed(e.document.uri, 0);
    });
    this.documents.onDidChangeContent((e) => {
      // fired on open too, which onDidOpen has already scheduled without the debounce
      if (this.openedAt.get(e.document.uri) === e.document.version) return;
      this.changed(e.document.uri, DEBOUNCE_MS);
    });
    this.documents.onDidClose((e) => this.closed(e.document.uri));
    this.documents.onDidSave((e) => {
      const file = toPath(e.document.uri);
      if (file) this.filesChanged([file]);
    });
    c.onDidChangeWatchedFiles((p) => {
      const files = p.changes.map((ch) => toPath(ch.uri)).filter((f): f is string => !!f);
      this.filesChanged(files);
    });
    c.onDidChangeConfiguration((p) => {
      const s = (p.settings as Record<string, unknown> | undefined)?.[SOURCE] as { unsafe?: unknown } | undefined;
      if (typeof s?.unsafe === 'boolean') this.unsafeSetting = s.unsafe;
      void this.refreshSettings();
    });
    c.onCodeAction((p) => this.guard('codeAction', () => this.codeActions(p), [] as CodeAction[]));
    c.onCodeActionResolve((a) => this.guard('codeAction/resolve', () => this.resolveCodeAction(a), a));
    c.onHover((p) => this.guard('hover', () => this.hover(p), null));
    this.documents.listen(c);
    c.listen();
  }

  // -------------------------------------------------------------------------------------------
  // lifecycle

  private initialize(params: InitializeParams): InitializeResult {
    const cap = params.capabilities;
    const hoverFormats = cap.textDocument?.hover?.contentFormat;
    this.caps = {
      configuration: !!cap.workspace?.configuration,
      watchedFilesDynamic: !!cap.workspace?.didChangeWatchedFiles?.dynamicRegistration,
      workspaceFolders: !!cap.workspace?.workspaceFolders,
      markdownHover: !hoverFormats || hoverFormats.includes(MarkupKind.Markdown),
      resolveEdit: !!cap.textDocument?.codeAction?.resolveSupport?.properties?.includes('edit'),
      documentChanges: !!cap.workspace?.workspaceEdit?.documentChanges,
      disabledSupport: !!cap.textDocument?.codeAction?.disabledSupport,
    };
    const opts = params.initializationOptions as { unsafe?: unknown } | undefined;
    this.unsafeInit = opts?.unsafe === true;
    const roots = new Set<string>();
    for (const wf of params.workspaceFolders ?? []) {
      const p = toPath(wf.uri);
      if (p) roots.add(p);
    }
    if (!roots.size) {
      const p = params.rootUri ? toPath(params.rootUri) : params.rootPath ? path.resolve(params.rootPath) : undefined;
      if (p) roots.add(p);
    }
    this.folders = [...roots].map((r) => makeFolder(r, true));
    // after the answer is written
    setTimeout(() => void loadEngine().catch((err) => this.log(`cannot load the analysis: ${String(err)}`)), 0);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: true },
        hoverProvider: true,
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'migrate-check', version: version() },
    };
  }

  private async afterInitialized(): Promise<void> {
    this.initialized = true;
    this.connection.console.info(`migrate-check ${version()} language server; workspace: ${this.folders.map((f) => f.root).join(', ') || '(none)'}`);
    for (const f of this.folders) this.reportProblem(f);
    if (this.caps.watchedFilesDynamic) {
      try {
        await this.connection.client.register(DidChangeWatchedFilesNotification.type, {
          watchers: [
            { globPattern: `**/${CONFIG_FILE}` },
            { globPattern: '**/package.json' },
            { globPattern: '**/.gitignore' },
            { globPattern: `**/*.{${ALL_EXTENSIONS.map((e) => e.slice(1)).join(',')}}` },
          ],
        });
      } catch (err) {
        this.log(`could not watch the config files: ${String(err)}`);
      }
    }
    if (this.caps.configuration) {
      try {
        await this.connection.client.register(DidChangeConfigurationNotification.type, { section: SOURCE });
      } catch {
        // the client sends didChangeConfiguration anyway or not at all
      }
    }
    if (this.caps.workspaceFolders) {
      this.connection.workspace.onDidChangeWorkspaceFolders((e) => {
        for (const r of e.removed) {
          const p = toPath(r.uri);
          this.folders = this.folders.filter((f) => f.root !== p);
        }
        for (const a of e.added) {
          const p = toPath(a.uri);
          if (p && !this.folders.some((f) => f.root === p)) {
            const f = makeFolder(p, true);
            this.folders.push(f);
            this.reportProblem(f);
          }
        }
        this.recheckOpen(() => true);
      });
    }
    await this.refreshSettings();
  }

  private async refreshSettings(): Promise<void> {
    if (!this.caps.configuration || !this.initialized) return;
    try {
      const s = (await this.connection.workspace.getConfiguration({ section: SOURCE })) as { unsafe?: unknown } | null;
      if (typeof s?.unsafe === 'boolean') this.unsafeSetting = s.unsafe;
    } catch {
      // a client without settings for us
    }
  }

  private unsafe(): boolean {
    return this.unsafeSetting ?? this.unsafeInit;
  }

  private log(msg: string): void {
    this.connection.console.error(`migrate-check: ${msg}`);
  }

  /** A request handler that never takes the server down: an error is logged and answered empty. */
  private async guard<T>(what: string, fn: () => Promise<T> | T, fallback: T): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      this.log(`${what} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return fallback;
    }
  }

  // -------------------------------------------------------------------------------------------
  // folders and config

  private allFolders(): Folder[] {
    return [...this.folders, ...this.implicit.values()];
  }

  private folderFor(file: string): Folder {
    let best: Folder | undefined;
    for (const f of this.folders) if (isInside(f.root, file) && (!best || f.root.length > best.root.length)) best = f;
    if (best) return best;
    const root = guessRoot(path.dirname(file));
    let f = this.implicit.get(root);
    if (!f) {
      f = makeFolder(root, false);
      this.implicit.set(root, f);
      this.reportProblem(f);
    }
    return f;
  }

  private uriFor(file: string): string {
    for (const d of this.documents.all()) if (toPath(d.uri) === file) return d.uri;
    return pathToFileURL(file).href;
  }

  /** Show a folder's config problem (a diagnostic on the config file, and a message once), or clear it. */
  private reportProblem(folder: Folder): void {
    if (!this.initialized) return;
    const p = folder.problem;
    const uri = p ? this.uriFor(p.file) : undefined;
    if (folder.problemUri && folder.problemUri !== uri) this.connection.sendDiagnostics({ uri: folder.problemUri, diagnostics: [] });
    folder.problemUri = uri;
    if (!p || !uri) {
      folder.shownMessage = undefined;
      return;
    }
    this.connection.sendDiagnostics({
      uri,
      diagnostics: [
        {
          range: { start: { line: p.line, character: p.character }, end: { line: p.line, character: p.endCharacter } },
          severity: DiagnosticSeverity.Error,
          source: SOURCE,
          message: `${p.message} (migrate-check uses ${folder.loaded ? 'the last configuration that loaded' : 'the defaults'} until this is fixed)`,
        },
      ],
    });
    if (folder.shownMessage !== p.message) {
      folder.shownMessage = p.message;
      void this.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Error, message: `migrate-check: ${p.message}` });
    }
    this.log(`config: ${p.message}`);
  }

  /** Files changed on disk (or saved): configs are re-read, ignore rules forgotten, importers re-checked. */
  private filesChanged(files: string[]): void {
    const touched = new Set<Folder>();
    const sources: string[] = [];
    for (const file of files) {
      const base = path.basename(file);
      if (base === CONFIG_FILE || base === 'package.json') {
        for (const f of this.allFolders()) {
          if (path.dirname(file) !== f.root) continue;
          reloadConfig(f);
          this.reportProblem(f);
          touched.add(f);
        }
      } else if (base === '.gitignore') {
        for (const f of this.allFolders()) {
          if (!isInside(f.root, file) && !isInside(path.dirname(file), f.root)) continue;
          f.ignore.reset();
          touched.add(f);
        }
      } else if (isSourcePath(file)) sources.push(file);
    }
    if (touched.size) {
      const roots = [...touched].map((f) => f.root);
      this.recheckOpen((file) => roots.some((r) => isInside(r, file)));
    }
    // a file changed on disk matters to the open files that import it (unless its buffer is open)
    for (const file of sources) {
      if (this.documents.all().some((d) => toPath(d.uri) === file)) continue;
      for (const uri of this.importersOf(file)) this.schedule(uri, DEBOUNCE_MS);
    }
  }

  private recheckOpen(filter: (file: string) => boolean): void {
    for (const d of this.documents.all()) {
      const file = toPath(d.uri);
      if (file && isSourcePath(file) && filter(file)) this.schedule(d.uri, 0);
    }
  }

  // -------------------------------------------------------------------------------------------
  // checking

  private changed(uri: string, delay: number): void {
    const file = toPath(uri);
    if (!file || !isSourcePath(file)) return;
    this.schedule(uri, delay);
    for (const dep of this.importersOf(file)) this.schedule(dep, delay);
  }

  private closed(uri: string): void {
    const file = toPath(uri);
    const t = this.timers.get(uri);
    if (t) clearTimeout(t);
    this.timers.delete(uri);
    this.pending.delete(uri);
    this.openedAt.delete(uri);
    if (!file || !isSourcePath(file)) return;
    this.cache.delete(uri);
    this.connection.sendDiagnostics({ uri, diagnostics: [] });
    // importers read the disk now instead of the buffer
    for (const dep of this.importersOf(file)) this.schedule(dep, 0);
  }

  /** Open source files whose text imports the file. */
  private importersOf(file: string): string[] {
    const out: string[] = [];
    for (const d of this.documents.all()) {
      const p = toPath(d.uri);
      if (p && p !== file && isSourcePath(p) && importsFile(p, d.getText(), file)) out.push(d.uri);
    }
    return out;
  }

  private schedule(uri: string, delay: number): void {
    if (this.shuttingDown) return;
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
    if (this.running || this.shuttingDown) return;
    this.running = (async () => {
      while (this.pending.size && !this.shuttingDown) {
        const uris = [...this.pending];
        this.pending.clear();
        await this.check(uris);
      }
    })()
      .catch((err) => this.log(`check failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`))
      .finally(() => {
        this.running = undefined;
        if (this.pending.size) this.kick();
      });
  }

  /** The buffer's analysis at its current version (checked now if the last one is older). */
  private async fresh(uri: string): Promise<Checked | undefined> {
    for (let i = 0; i < 5; i++) {
      const doc = this.documents.get(uri);
      const file = toPath(uri);
      if (!doc || !file || !isSourcePath(file)) return undefined;
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

  private overlays(): Map<string, string> {
    const m = new Map<string, string>();
    for (const d of this.documents.all()) {
      const p = toPath(d.uri);
      if (p && isSourcePath(p)) m.set(p, d.getText());
    }
    return m;
  }

  /** Check some open buffers: one analyzeFiles call per folder, with every open buffer as an overlay. */
  private async check(uris: string[]): Promise<void> {
    const groups = new Map<Folder, { uri: string; file: string; snap: TextDocument }[]>();
    for (const uri of uris) {
      const doc = this.documents.get(uri);
      const file = toPath(uri);
      if (!doc || !file || !isSourcePath(file)) continue;
      const snap = TextDocument.create(uri, doc.languageId, doc.version, doc.getText());
      const folder = this.folderFor(file);
      if (folder.ignore.ignores(file)) {
        this.publish(snap, { findings: [], diagnostics: [] });
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
      results = (await analyzeFiles(items.map((i) => i.file), { config, overlays })).results;
    } catch (err) {
      if (items.length > 1) {
        // one file's failure must not hide the others' findings: check them one by one
        for (const it of items) await this.analyse(folder, [it], overlays);
        return;
      }
      this.log(`analysing ${items[0].file} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
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
    if (!doc || doc.version !== snap.version || this.shuttingDown) return;
    this.cache.set(snap.uri, { ...c, version: snap.version, text: snap.getText() });
    this.connection.sendDiagnostics({ uri: snap.uri, version: snap.version, diagnostics: c.diagnostics });
  }

  // -------------------------------------------------------------------------------------------
  // code actions

  private workspaceEdit(uri: string, snap: TextDocument, edits: TextEdit[]): WorkspaceEdit {
    const lsp: LspTextEdit[] = edits.map((e) => ({ range: rangeOf(snap, e.start, e.end), newText: e.text }));
    if (this.caps.documentChanges) return { documentChanges: [{ textDocument: { uri, version: snap.version }, edits: lsp }] };
    return { changes: { [uri]: lsp } };
  }

  private async codeActions(params: CodeActionParams): Promise<CodeAction[]> {
    const uri = params.textDocument.uri;
    const only = params.context.only;
    const wantQuick = kindWanted(only, CodeActionKind.QuickFix);
    const wantAll = kindWanted(only, FIX_ALL_KIND);
    if (!wantQuick && !wantAll) return [];
    const checked = await this.fresh(uri);
    const doc = this.documents.get(uri);
    if (!checked || !doc || doc.version !== checked.version) return [];
    const snap = TextDocument.create(uri, doc.languageId, checked.version, checked.text);
    const unsafe = this.unsafe();
    const actions: CodeAction[] = [];
    const diagFor = (f: Finding) => checked.diagnostics[checked.findings.indexOf(f)];

    if (wantQuick) {
      const sel = { start: snap.offsetAt(params.range.start), end: snap.offsetAt(params.range.end) };
      // the findings under the selection, and those the client names in the context
      const named = params.context.diagnostics.filter((d) => d.source === SOURCE && (d.data as DiagnosticData | undefined)?.version === checked.version);
      const hit = checked.findings.filter((f) => {
        if (meets(f, sel)) return true;
        return named.some((d) => d.code === f.ruleId && snap.offsetAt(d.range.start) === f.start && snap.offsetAt(d.range.end) === f.end);
      });
      const seen = new Set<Finding>();
      const groups = new Set<string>();
      for (const f of hit) {
        // a finding whose fix is made by another one's edits (a field inside a nested pickup object)
        const carrier = isApplicable(f, unsafe)
          ? f
          : f.fixKind !== 'none' && !f.edits?.length
            ? checked.findings.find((g) => g !== f && isApplicable(g, unsafe) && g.edits!.some((e) => e.start <= f.start && f.end <= e.end))
            : undefined;
        const endpoint = f.context?.endpoint;
        const group = endpoint ? checked.findings.filter((g) => g.context?.endpoint === endpoint && isApplicable(g, unsafe)) : [];
        if (carrier && !seen.has(carrier)) {
          seen.add(carrier);
          const title = `Fix ${carrier.ruleId}: ${carrier.fixDescription ?? 'apply the 2024-09 form'}${carrier.fixKind === 'unsafe' ? ' (unsafe: rests on an assumption)' : ''}`;
          actions.push({
            title,
            kind: CodeActionKind.QuickFix,
            diagnostics: [diagFor(f), ...(carrier !== f ? [diagFor(carrier)] : [])],
            isPreferred: carrier.fixKind === 'safe' && group.length < 2,
            edit: this.workspaceEdit(uri, snap, clientEdits(snap.getText(), carrier.edits!)),
          });
        }
        // a request's path and body move together: the path alone would leave a 2023-01 or v1
        // body looking like 2024-09 (and no longer reported)
        if (endpoint && group.length >= 2 && !groups.has(endpoint)) {
          groups.add(endpoint);
          const chosen = editsToApply(group, unsafe);
          actions.push({
            title: `Fix every ${endpoint} finding in this file, path and body (${chosen.findings})`,
            kind: CodeActionKind.QuickFix,
            diagnostics: group.map(diagFor),
            isPreferred: true,
            edit: this.workspaceEdit(uri, snap, clientEdits(snap.getText(), chosen.edits)),
          });
        }
      }
    }

    if (wantAll && checked.findings.some((f) => isApplicable(f, unsafe))) {
      const explicit = !!only?.some((k) => k.startsWith('source'));
      const action: CodeAction = { title: 'Fix all migrate-check findings', kind: FIX_ALL_KIND };
      if (this.caps.resolveEdit && !explicit) {
        action.data = { migrateCheck: 'fixAll', uri, version: checked.version } satisfies FixAllData;
        actions.push(action);
      } else {
        const done = await this.fixAll(uri, snap);
        if (done.edit) actions.push({ ...action, edit: done.edit });
        else if (done.reason && this.caps.disabledSupport) actions.push({ ...action, disabled: { reason: done.reason } });
      }
    }
    return actions;
  }

  private async resolveCodeAction(action: CodeAction): Promise<CodeAction> {
    const data = action.data as FixAllData | undefined;
    if (data?.migrateCheck !== 'fixAll') return action;
    const doc = this.documents.get(data.uri);
    if (!doc || doc.version !== data.version) return action;
    const snap = TextDocument.create(doc.uri, doc.languageId, doc.version, doc.getText());
    const done = await this.fixAll(data.uri, snap);
    return done.edit ? { ...action, edit: done.edit } : action;
  }

  /** --fix for one buffer: passes over the buffer with the other buffers as overlays; one minimal edit. */
  private async fixAll(uri: string, snap: TextDocument): Promise<{ edit?: WorkspaceEdit; reason?: string }> {
    const file = toPath(uri);
    if (!file) return {};
    const folder = this.folderFor(file);
    if (folder.ignore.ignores(file)) return {};
    const out = await fixAllText(file, snap.getText(), { config: folder.config, overlays: this.overlays(), unsafe: this.unsafe() });
    if (out.kind === 'refused') return { reason: out.reason };
    if (out.kind === 'unchanged') return {};
    const doc = this.documents.get(uri);
    if (!doc || doc.version !== snap.version) return {};
    return { edit: this.workspaceEdit(uri, snap, [minimalEdit(snap.getText(), out.text)]) };
  }

  // -------------------------------------------------------------------------------------------
  // hover

  private async hover(params: HoverParams): Promise<Hover | null> {
    const uri = params.textDocument.uri;
    const checked = await this.fresh(uri);
    const doc = this.documents.get(uri);
    if (!checked || !doc || doc.version !== checked.version) return null;
    const offset = doc.offsetAt(params.position);
    const under = checked.findings.filter((f) => covers(f, offset));
    if (!under.length) return null;
    const md = this.caps.markdownHover;
    const parts = under.map((f) => {
      const rule = getRule(f.ruleId);
      const explain = rule ? explainText(rule) : '';
      if (!md) return explain ? `${f.message}\n\n${explain}` : f.message;
      return `**migrate-check** \`${f.ruleId}\` (${f.severity})\n\n${f.message}` + (explain ? `\n\n\`\`\`text\n${explain}\n\`\`\`` : '');
    });
    const first = under[0];
    return {
      contents: { kind: md ? MarkupKind.Markdown : MarkupKind.PlainText, value: parts.join(md ? '\n\n---\n\n' : '\n\n----\n\n') },
      range: rangeOf(doc, first.start, first.end),
    };
  }
}

export function startLanguageServer(): void {
  // stdout carries the protocol: anything printed goes to stderr instead
  const toStderr = (...args: unknown[]) => {
    process.stderr.write(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ') + '\n');
  };
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  console.warn = toStderr;
  // a bug in one request must not end the session
  process.on('uncaughtException', (err) => toStderr(`migrate-check: internal error: ${err.stack ?? err.message}`));
  process.on('unhandledRejection', (err) => toStderr(`migrate-check: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`));
  // `--stdio` (what LSP clients pass) is the only transport; it is accepted and needs no handling
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  new MigrateCheckServer(connection).listen();
}
