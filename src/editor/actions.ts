// Code actions (a quick fix per fixable finding, the request-wide fix, "fix all") and hover, from
// the checker's last analysis of the buffer. Nothing here decides an edit: the edits are the
// findings' own and --fix's (fixes.ts).
import {
  CodeActionKind,
  MarkupKind,
  type CodeAction,
  type CodeActionParams,
  type Diagnostic,
  type Hover,
  type HoverParams,
  type TextEdit as LspTextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocuments } from 'vscode-languageserver/node';
import { explainText, getRule } from '../catalogue/index.js';
import { editsToApply } from '../fix/edits.js';
import type { AssumedRequest, Finding, TextEdit } from '../types.js';
import type { Checked, Checker } from './checker.js';
import { covers, meets, rangeOf, SOURCE, type DiagnosticData } from './convert.js';
import { clientEdits, fixAllText, isApplicable, minimalEdit } from './fixes.js';
import { toPath, type Folders } from './folders.js';
import { assumedRequestEdits } from './request-fix.js';
import { fixAllData, type FixAllData } from './params.js';

export const FIX_ALL_KIND = 'source.fixAll.migrate-check';

/** What the client said it can take (initialize). */
export interface ClientCaps {
  configuration: boolean;
  watchedFilesDynamic: boolean;
  workspaceFolders: boolean;
  markdownHover: boolean;
  resolveEdit: boolean;
  documentChanges: boolean;
  disabledSupport: boolean;
}

export interface ActionSettings {
  caps: ClientCaps;
  unsafe(): boolean;
}

function kindWanted(only: string[] | null | undefined, kind: string): boolean {
  return !only || only.some((k) => kind === k || kind.startsWith(k + '.'));
}

export class Actions {
  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly checker: Checker,
    private readonly folders: Folders,
    private readonly settings: ActionSettings,
  ) {}

  private workspaceEdit(uri: string, snap: TextDocument, edits: TextEdit[]): WorkspaceEdit {
    return this.filesEdit([{ uri, snap, version: snap.version, edits }]);
  }

  /** One workspace edit over several files; `version` null: a file the client has not opened. */
  private filesEdit(parts: { uri: string; snap: TextDocument; version: number | null; edits: TextEdit[] }[]): WorkspaceEdit {
    const lsp = (p: (typeof parts)[number]): LspTextEdit[] => p.edits.map((e) => ({ range: rangeOf(p.snap, e.start, e.end), newText: e.text }));
    if (this.settings.caps.documentChanges) return { documentChanges: parts.map((p) => ({ textDocument: { uri: p.uri, version: p.version }, edits: lsp(p) })) };
    return { changes: Object.fromEntries(parts.map((p) => [p.uri, lsp(p)])) };
  }

  /**
   * The quick fix of a request only `--fix --unsafe` moves: all its edits, in every file, never
   * preferred (it rests on an assumption), offered once per request.
   */
  private async assumedAction(uri: string, snap: TextDocument, checked: Checked, req: AssumedRequest, diagnostics: Diagnostic[]): Promise<CodeAction | undefined> {
    const file = this.checker.target(uri);
    if (!file) return undefined;
    const folder = this.folders.folderFor(file);
    const parts = await assumedRequestEdits(req, { file, text: checked.text, findings: checked.findings }, {
      config: folder.config,
      overlays: this.checker.overlays(),
      cwd: folder.root,
      root: this.folders.readRoot(folder),
    });
    if (!parts) return undefined;
    const files = parts.map((p) => {
      if (p.file === file) return { uri, snap, version: snap.version, edits: clientEdits(p.text, p.edits) };
      const open = this.documents.all().find((d) => toPath(d.uri) === p.file);
      // an open buffer's edits hold only for the text they were made on
      if (open && open.getText() !== p.text) return undefined;
      const other = TextDocument.create(open?.uri ?? pathToFileURL(p.file).href, open?.languageId ?? 'plaintext', open?.version ?? 0, p.text);
      return { uri: other.uri, snap: other, version: open ? open.version : null, edits: clientEdits(p.text, p.edits) };
    });
    // the request is offered whole or not at all
    if (files.some((p) => p === undefined)) return undefined;
    const edit = this.filesEdit(files.map((p) => p!));
    const count = parts.length > 1 ? ` (${parts.length} files)` : '';
    return { title: `Move the request ${req.label} to 2024-09 as a whole${count} (unsafe: rests on an assumption)`, kind: CodeActionKind.QuickFix, diagnostics, isPreferred: false, edit };
  }

  async codeActions(params: CodeActionParams): Promise<CodeAction[]> {
    const uri = params.textDocument.uri;
    const only = params.context.only;
    const wantQuick = kindWanted(only, CodeActionKind.QuickFix);
    const wantAll = kindWanted(only, FIX_ALL_KIND);
    if (!wantQuick && !wantAll) return [];
    const checked = await this.checker.fresh(uri);
    const doc = this.documents.get(uri);
    if (!checked || !doc || doc.version !== checked.version) return [];
    const snap = TextDocument.create(uri, doc.languageId, checked.version, checked.text);
    const unsafe = this.settings.unsafe();
    const actions: CodeAction[] = [];
    const diagFor = (f: Finding) => checked.diagnostics[checked.findings.indexOf(f)];

    if (wantQuick) {
      const sel = { start: snap.offsetAt(params.range.start), end: snap.offsetAt(params.range.end) };
      // the findings under the selection, and those the client names in the context
      const named = params.context.diagnostics.filter((d) => d.source === SOURCE && (d.data as DiagnosticData | undefined)?.version === checked.version);
      const hit = checked.findings.filter((f) => {
        if (meets(f, sel)) return true;
        return named.some((d) => d.code === f.ruleId && !!d.range && snap.offsetAt(d.range.start) === f.start && snap.offsetAt(d.range.end) === f.end);
      });
      const seen = new Set<Finding>();
      const groups = new Set<string>();
      const assumed = new Set<string>();
      for (const f of hit) {
        // a finding whose fix is made by another one's edits (a field inside a nested pickup object)
        const carrier = isApplicable(f, unsafe)
          ? f
          : f.fixKind !== 'none' && !f.edits?.length
            ? checked.findings.find((g) => g !== f && isApplicable(g, unsafe) && g.edits!.some((e) => e.start <= f.start && f.end <= e.end))
            : undefined;
        const endpoint = f.context?.endpoint;
        const group = endpoint ? checked.findings.filter((g) => g.context?.endpoint === endpoint && isApplicable(g, unsafe) && !g.assumedRequest) : [];
        // a request only `--unsafe` moves is offered whole (below), never one finding of it
        if (carrier && !seen.has(carrier) && !carrier.assumedRequest) {
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
        const req = f.assumedRequest;
        if (req && !assumed.has(req.id)) {
          assumed.add(req.id);
          const action = await this.assumedAction(uri, snap, checked, req, checked.findings.filter((g) => g.assumedRequest?.id === req.id).map(diagFor));
          if (action) actions.push(action);
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
      if (this.settings.caps.resolveEdit && !explicit) {
        action.data = { migrateCheck: 'fixAll', uri, version: checked.version } satisfies FixAllData;
        actions.push(action);
      } else {
        const done = await this.fixAll(uri, snap);
        if (done.edit) actions.push({ ...action, edit: done.edit });
        else if (done.reason && this.settings.caps.disabledSupport) actions.push({ ...action, disabled: { reason: done.reason } });
      }
    }
    return actions;
  }

  async resolveCodeAction(action: CodeAction): Promise<CodeAction> {
    const parsed = fixAllData.safeParse(action.data);
    if (!parsed.success) return action;
    const data = parsed.data;
    const doc = this.documents.get(data.uri);
    if (!doc || doc.version !== data.version) return action;
    const snap = TextDocument.create(doc.uri, doc.languageId, doc.version, doc.getText());
    const done = await this.fixAll(data.uri, snap);
    return done.edit ? { ...action, edit: done.edit } : action;
  }

  /** --fix for one buffer: passes over the buffer with the other buffers as overlays; one minimal edit. */
  private async fixAll(uri: string, snap: TextDocument): Promise<{ edit?: WorkspaceEdit; reason?: string }> {
    const file = this.checker.target(uri);
    if (!file) return {};
    const folder = this.folders.folderFor(file);
    if (folder.ignore.ignores(file)) return {};
    const out = await fixAllText(file, snap.getText(), {
      config: folder.config,
      overlays: this.checker.overlays(),
      unsafe: this.settings.unsafe(),
      root: this.folders.readRoot(folder),
    });
    if (out.kind === 'refused') return { reason: out.reason };
    if (out.kind === 'unchanged') return {};
    const doc = this.documents.get(uri);
    if (!doc || doc.version !== snap.version) return {};
    return { edit: this.workspaceEdit(uri, snap, [minimalEdit(snap.getText(), out.text)]) };
  }

  async hover(params: HoverParams): Promise<Hover | null> {
    const uri = params.textDocument.uri;
    const checked = await this.checker.fresh(uri);
    const doc = this.documents.get(uri);
    if (!checked || !doc || doc.version !== checked.version) return null;
    const offset = doc.offsetAt(params.position);
    const under = checked.findings.filter((f) => covers(f, offset));
    if (!under.length) return null;
    const md = this.settings.caps.markdownHover;
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
