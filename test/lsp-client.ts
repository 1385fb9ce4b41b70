// A minimal LSP client for the tests: spawns the built `migrate-check lsp --stdio` and talks
// JSON-RPC to it with vscode-jsonrpc (the library VS Code's own client is built on). It records
// every notification the server sends and answers the requests a server may make of a client.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';

export interface Position {
  line: number;
  character: number;
}
export interface Range {
  start: Position;
  end: Position;
}
export interface Diagnostic {
  range: Range;
  severity?: number;
  code?: string | number;
  codeDescription?: { href: string };
  source?: string;
  message: string;
  data?: unknown;
}
export interface PublishDiagnostics {
  uri: string;
  version?: number;
  diagnostics: Diagnostic[];
}
export interface TextEdit {
  range: Range;
  newText: string;
}
export interface WorkspaceEdit {
  changes?: Record<string, TextEdit[]>;
  documentChanges?: { textDocument: { uri: string; version: number | null }; edits: TextEdit[] }[];
}
export interface CodeAction {
  title: string;
  kind?: string;
  diagnostics?: Diagnostic[];
  isPreferred?: boolean;
  edit?: WorkspaceEdit;
  data?: unknown;
  disabled?: { reason: string };
}

export const uriOf = (file: string) => pathToFileURL(file).href;

export function range(line: number, character: number, endLine: number, endCharacter: number): Range {
  return { start: { line, character }, end: { line: endLine, character: endCharacter } };
}

/** Apply LSP text edits (all against the same text) the way an editor does. */
export function applyLspEdits(text: string, edits: TextEdit[]): string {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const offset = (p: Position) => Math.min(text.length, (lineStarts[p.line] ?? text.length) + p.character);
  const sorted = edits.map((e) => ({ s: offset(e.range.start), e: offset(e.range.end), t: e.newText })).sort((a, b) => b.s - a.s || b.e - a.e);
  let out = text;
  let last = Infinity;
  for (const e of sorted) {
    if (e.e > last) throw new Error('overlapping edits');
    out = out.slice(0, e.s) + e.t + out.slice(e.e);
    last = e.s;
  }
  return out;
}

/** The edits a workspace edit makes to one document. */
export function editsFor(edit: WorkspaceEdit | undefined, uri: string): TextEdit[] {
  if (!edit) return [];
  if (edit.documentChanges) return edit.documentChanges.filter((d) => d.textDocument.uri === uri).flatMap((d) => d.edits);
  return edit.changes?.[uri] ?? [];
}

export interface StartOptions {
  root: string;
  bin: string;
  initializationOptions?: unknown;
  /** the answer to workspace/configuration for the `migrate-check` section */
  settings?: Record<string, unknown>;
  capabilities?: Record<string, unknown>;
  /** extra command-line arguments after `lsp` (default: --stdio) */
  args?: string[];
}

type Waiter = { test: () => boolean; resolve: () => void };

export class LspClient {
  readonly diagnostics: PublishDiagnostics[] = [];
  readonly messages: { type: number; message: string }[] = [];
  readonly logs: string[] = [];
  stderr = '';
  private waiters: Waiter[] = [];
  private versions = new Map<string, number>();
  /** how many diagnostics had come when each document was last opened */
  private openedAt = new Map<string, number>();
  private texts = new Map<string, string>();
  exit: Promise<number | null>;
  settings: Record<string, unknown>;

  private constructor(
    readonly proc: ChildProcess,
    readonly conn: MessageConnection,
    settings: Record<string, unknown>,
  ) {
    this.settings = settings;
    this.exit = new Promise((resolve) => proc.on('exit', (code) => resolve(code)));
    proc.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
    conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnostics) => {
      this.diagnostics.push(p);
      this.poke();
    });
    conn.onNotification('window/showMessage', (p: { type: number; message: string }) => {
      this.messages.push(p);
      this.poke();
    });
    conn.onNotification('window/logMessage', (p: { message: string }) => this.logs.push(p.message));
    conn.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) => p.items.map((i) => (i.section === 'migrate-check' ? this.settings : null)));
    conn.onRequest('client/registerCapability', () => null);
    conn.onRequest('client/unregisterCapability', () => null);
    conn.onRequest('window/workDoneProgress/create', () => null);
    conn.onRequest('window/showMessageRequest', () => null);
    conn.onRequest('workspace/applyEdit', () => ({ applied: false }));
  }

  static async start(opts: StartOptions): Promise<LspClient> {
    const proc = spawn(process.execPath, [opts.bin, 'lsp', ...(opts.args ?? ['--stdio'])], { cwd: opts.root, stdio: ['pipe', 'pipe', 'pipe'] });
    const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
    const client = new LspClient(proc, conn, opts.settings ?? {});
    conn.listen();
    await conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: uriOf(opts.root),
      workspaceFolders: [{ uri: uriOf(opts.root), name: path.basename(opts.root) }],
      initializationOptions: opts.initializationOptions,
      capabilities: opts.capabilities ?? {
        workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true }, workspaceFolders: true, workspaceEdit: { documentChanges: true } },
        textDocument: {
          publishDiagnostics: { versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source', 'source.fixAll'] } }, dataSupport: true, resolveSupport: { properties: ['edit'] } },
          hover: { contentFormat: ['markdown', 'plaintext'] },
        },
      },
    });
    await conn.sendNotification('initialized', {});
    return client;
  }

  private poke(): void {
    for (const w of [...this.waiters])
      if (w.test()) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve();
      }
  }

  /** Wait until `test` holds (checked on every notification), or fail after `ms` with `what`. */
  waitFor(test: () => boolean, what: string, ms = 15_000): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const w: Waiter = { test, resolve: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        reject(new Error(`timed out waiting for ${what}; server stderr:\n${this.stderr}`));
      }, ms);
      this.waiters.push(w);
    });
  }

  /** The next diagnostics published for a uri after the `since`-th notification (all of them). */
  async nextDiagnostics(uri: string, since: number, what = `diagnostics for ${uri}`, ms?: number): Promise<PublishDiagnostics> {
    let found: PublishDiagnostics | undefined;
    await this.waitFor(() => !!(found = this.diagnostics.slice(since).find((d) => d.uri === uri)), what, ms);
    return found!;
  }

  /** The diagnostics of a document at its current version (waits for them). */
  async diagnosticsAt(uri: string, ms?: number): Promise<Diagnostic[]> {
    const v = this.versions.get(uri);
    let found: PublishDiagnostics | undefined;
    // only what came since this opening: an earlier opening of the same file had the same versions
    const from = this.openedAt.get(uri) ?? 0;
    await this.waitFor(() => !!(found = this.diagnostics.slice(from).reverse().find((d) => d.uri === uri && d.version === v)), `diagnostics for ${uri} at version ${v}`, ms);
    return found!.diagnostics;
  }

  open(file: string, text = readFileSync(file, 'utf8'), languageId = 'typescript'): string {
    const uri = uriOf(file);
    this.versions.set(uri, 1);
    this.texts.set(uri, text);
    this.openedAt.set(uri, this.diagnostics.length);
    void this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
    return uri;
  }

  text(uri: string): string {
    return this.texts.get(uri)!;
  }

  version(uri: string): number {
    return this.versions.get(uri)!;
  }

  /** Replace the whole text (a full-content change; servers must accept one even when they ask for incremental sync). */
  change(uri: string, text: string): number {
    const v = this.versions.get(uri)! + 1;
    this.versions.set(uri, v);
    this.texts.set(uri, text);
    void this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [{ text }] });
    return v;
  }

  /** An incremental change (what an editor sends for a keystroke). */
  edit(uri: string, edits: TextEdit[]): number {
    const v = this.versions.get(uri)! + 1;
    this.versions.set(uri, v);
    let text = this.texts.get(uri)!;
    for (const e of edits) text = applyLspEdits(text, [e]);
    this.texts.set(uri, text);
    void this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: edits.map((e) => ({ range: e.range, text: e.newText })) });
    return v;
  }

  close(uri: string): void {
    this.versions.delete(uri);
    void this.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  /** Apply a workspace edit to an open document as the editor would (a new version follows). */
  applyEdit(uri: string, edit: WorkspaceEdit | undefined): string {
    const text = applyLspEdits(this.texts.get(uri)!, editsFor(edit, uri));
    this.change(uri, text);
    return text;
  }

  codeActions(uri: string, r: Range, diagnostics: Diagnostic[] = [], only?: string[]): Promise<CodeAction[] | null> {
    return this.conn.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: r, context: { diagnostics, only } });
  }

  resolve(action: CodeAction): Promise<CodeAction> {
    return this.conn.sendRequest('codeAction/resolve', action);
  }

  hover(uri: string, position: Position): Promise<{ contents: { kind: string; value: string }; range?: Range } | null> {
    return this.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position });
  }

  watchedFilesChanged(changes: { file: string; type: 1 | 2 | 3 }[]): void {
    void this.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: changes.map((c) => ({ uri: uriOf(c.file), type: c.type })) });
  }

  configurationChanged(settings: Record<string, unknown>): void {
    this.settings = settings;
    void this.conn.sendNotification('workspace/didChangeConfiguration', { settings: { 'migrate-check': settings } });
  }

  /** shutdown, then exit; resolves with the process's exit code. */
  async shutdown(): Promise<number | null> {
    await this.conn.sendRequest('shutdown');
    await this.conn.sendNotification('exit');
    const code = await Promise.race([this.exit, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 10_000))]);
    this.conn.dispose();
    if (code === 'hung') {
      this.proc.kill();
      throw new Error('the server did not exit within 10 s of the exit notification');
    }
    return code;
  }

  kill(): void {
    this.conn.dispose();
    if (this.proc.exitCode === null) this.proc.kill();
  }
}
