// `migrate-check lsp`: the language server. It is a thin door into the engine: diagnostics are
// analyzeFiles() findings for the editor's buffers (checker.ts), quick fixes are their edits,
// "fix all" is --fix's passes over the buffer, hover is --explain (actions.ts). No rule is
// implemented here. This module holds the session: lifecycle, client capabilities and settings,
// the workspace folders and their configs, and the wiring of the connection.
//
// Protocol over stdio only: nothing but protocol messages may reach stdout, so console output
// goes to stderr. Messages come in through reader.ts (framing that recovers from a broken frame)
// and gate.ts (JSON-RPC, lifecycle and params checks) before the connection sees them.

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionKind,
  createConnection,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  MarkupKind,
  ProposedFeatures,
  ShowMessageNotification,
  StreamMessageWriter,
  TextDocuments,
  TextDocumentSyncKind,
  type CodeAction,
  type Connection,
  type Diagnostic,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { toolVersion } from '../catalogue/index.js';
import { CONFIG_FILE } from '../config.js';
import { ALL_EXTENSIONS } from '../core/extensions.js';
import { Actions, FIX_ALL_KIND, type ClientCaps } from './actions.js';
import { Checker, DEBOUNCE_MS, loadEngine } from './checker.js';
import { SOURCE } from './convert.js';
import { Folders, toPath } from './folders.js';
import { Gate } from './gate.js';
import { isInside } from './ignore.js';
import { ResyncingReader } from './reader.js';
import { reloadConfig, type Folder } from './workspace.js';

export { FIX_ALL_KIND } from './actions.js';
export { DEBOUNCE_MS } from './checker.js';

const version = toolVersion;

const describe = (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err));

class MigrateCheckServer {
  private readonly documents = new TextDocuments(TextDocument);
  private readonly folders: Folders;
  private readonly checker: Checker;
  private readonly actions: Actions;
  private readonly openedAt = new Map<string, number>();
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

  constructor(private readonly connection: Connection) {
    const publish = (uri: string, diagnostics: Diagnostic[], v?: number) => void connection.sendDiagnostics({ uri, version: v, diagnostics });
    this.folders = new Folders({
      publish,
      showMessage: (type, message) => void connection.sendNotification(ShowMessageNotification.type, { type, message }),
      log: (m) => this.log(m),
      uriFor: (file) => this.uriFor(file),
      live: () => this.initialized && !this.shuttingDown,
    });
    this.checker = new Checker(this.documents, this.folders, { publish, log: (m) => this.log(m) });
    const server = this;
    this.actions = new Actions(this.documents, this.checker, this.folders, {
      get caps() {
        return server.caps;
      },
      unsafe: () => this.unsafeSetting ?? this.unsafeInit,
    });
  }

  listen(): void {
    const c = this.connection;
    c.onInitialize((p) => this.initialize(p));
    c.onInitialized(() => void this.afterInitialized());
    c.onShutdown(() => {
      this.shuttingDown = true;
      this.checker.stop();
    });
    this.documents.onDidOpen((e) => {
      this.openedAt.set(e.document.uri, e.document.version);
      this.checker.changed(e.document.uri, 0);
    });
    this.documents.onDidChangeContent((e) => {
      // fired on open too, which onDidOpen has already scheduled without the debounce
      if (this.openedAt.get(e.document.uri) === e.document.version) return;
      this.checker.changed(e.document.uri, DEBOUNCE_MS);
    });
    this.documents.onDidClose((e) => {
      this.openedAt.delete(e.document.uri);
      this.checker.closed(e.document.uri);
    });
    this.documents.onDidSave((e) => {
      const file = this.checker.target(e.document.uri);
      if (file) this.filesChanged([file]);
    });
    c.onDidChangeWatchedFiles((p) => {
      const files = p.changes.map((ch) => toPath(ch.uri)).filter((f): f is string => !!f && this.folders.within(f));
      this.filesChanged(files);
    });
    c.onDidChangeConfiguration((p) => {
      const s = (p.settings as Record<string, unknown> | undefined)?.[SOURCE] as { unsafe?: unknown } | undefined;
      if (typeof s?.unsafe === 'boolean') this.unsafeSetting = s.unsafe;
      void this.refreshSettings();
    });
    c.onCodeAction((p) => this.guard('codeAction', () => this.actions.codeActions(p), [] as CodeAction[]));
    c.onCodeActionResolve((a) => this.guard('codeAction/resolve', () => this.actions.resolveCodeAction(a), a));
    c.onHover((p) => this.guard('hover', () => this.actions.hover(p), null));
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
    const opts = params.initializationOptions as { unsafe?: unknown } | null | undefined;
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
    for (const r of roots) this.folders.add(r);
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
    if (this.initialized) return;
    this.initialized = true;
    this.connection.console.info(`migrate-check ${version()} language server; workspace: ${this.folders.explicit.map((f) => f.root).join(', ') || '(none)'}`);
    for (const f of this.folders.explicit) this.folders.reportProblem(f);
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
          if (p) this.folders.remove(p);
        }
        for (const a of e.added) {
          const p = toPath(a.uri);
          const f = p ? this.folders.add(p) : undefined;
          if (f) this.folders.reportProblem(f);
        }
        this.checker.recheckOpen(() => true);
      });
    }
    await this.refreshSettings();
  }

  private async refreshSettings(): Promise<void> {
    if (!this.caps.configuration || !this.initialized || this.shuttingDown) return;
    try {
      const s = (await this.connection.workspace.getConfiguration({ section: SOURCE })) as { unsafe?: unknown } | null;
      if (typeof s?.unsafe === 'boolean') this.unsafeSetting = s.unsafe;
    } catch {
      // a client without settings for us
    }
  }

  private log(msg: string): void {
    if (this.shuttingDown) process.stderr.write(`migrate-check: ${msg}\n`);
    else this.connection.console.error(`migrate-check: ${msg}`);
  }

  /** A request handler that never takes the server down: an error is logged and answered empty. */
  private async guard<T>(what: string, fn: () => Promise<T> | T, fallback: T): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      this.log(`${what} failed: ${describe(err)}`);
      return fallback;
    }
  }

  private uriFor(file: string): string {
    for (const d of this.documents.all()) if (toPath(d.uri) === file) return d.uri;
    return pathToFileURL(file).href;
  }

  /** Files changed on disk (or saved): configs are re-read, ignore rules forgotten, importers re-checked. */
  private filesChanged(files: string[]): void {
    const touched = new Set<Folder>();
    const sources: string[] = [];
    for (const file of files) {
      const base = path.basename(file);
      if (base === CONFIG_FILE || base === 'package.json') {
        for (const f of this.folders.all()) {
          if (path.dirname(file) !== f.root) continue;
          reloadConfig(f);
          this.folders.reportProblem(f);
          touched.add(f);
        }
      } else if (base === '.gitignore') {
        for (const f of this.folders.all()) {
          if (!isInside(f.root, file) && !isInside(path.dirname(file), f.root)) continue;
          f.ignore.reset();
          touched.add(f);
        }
      } else if (ALL_EXTENSIONS.includes(path.extname(file).toLowerCase())) sources.push(file);
    }
    if (touched.size) this.checker.recheckOpen(Checker.under([...touched].map((f) => f.root)));
    for (const file of sources) this.checker.diskChanged(file);
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
  process.on('unhandledRejection', (err) => toStderr(`migrate-check: internal error: ${describe(err)}`));
  // `--stdio` (what LSP clients pass) is the only transport; it is accepted and needs no handling
  const writer = new StreamMessageWriter(process.stdout);
  let connection: Connection | undefined;
  const gate = new Gate({
    reply: (m) => void writer.write(m).catch(() => undefined),
    log: (line, phase) => (phase === 'running' && connection ? connection.console.error(line) : toStderr(line)),
  });
  const reader = new ResyncingReader(process.stdin, gate);
  connection = createConnection(ProposedFeatures.all, reader, writer);
  // the client went away: exit as `exit` would (0 after shutdown)
  const gone = () => process.exit(gate.phase === 'shutdown' ? 0 : 1);
  process.stdin.on('end', gone);
  process.stdin.on('close', gone);
  new MigrateCheckServer(connection).listen();
}
