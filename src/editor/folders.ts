// The workspace folders the client named, the folders guessed for files outside them (only when
// the client named none), and the wall: when the client named folders, a file whose path, or whose
// path with its symlinks resolved, lies outside all of them is not the server's to check, and
// nothing is read on its behalf.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DiagnosticSeverity, MessageType, type Diagnostic } from 'vscode-languageserver/node';
import { SOURCE } from './convert.js';
import { isInside } from './ignore.js';
import { guessRoot, makeFolder, type Folder } from './workspace.js';

/** A file: uri as a normalised absolute path (anything else, or a uri that is not one: undefined). */
export function toPath(uri: unknown): string | undefined {
  if (typeof uri !== 'string' || !uri.startsWith('file:')) return undefined;
  try {
    const p = fileURLToPath(uri);
    return p.includes('\0') ? undefined : path.normalize(p);
  } catch {
    return undefined;
  }
}

/** The real path of a file that may not exist yet: its deepest existing folder resolved, the rest as written. */
export function realOf(file: string): string {
  const rest: string[] = [];
  for (let p = file; ; ) {
    try {
      return path.join(realpathSync(p), ...rest);
    } catch {
      const parent = path.dirname(p);
      if (parent === p) return file;
      rest.unshift(path.basename(p));
      p = parent;
    }
  }
}

export interface FolderOutlets {
  publish(uri: string, diagnostics: Diagnostic[]): void;
  showMessage(type: MessageType, message: string): void;
  log(message: string): void;
  /** the uri an open document has for this file (else a file: uri made from it) */
  uriFor(file: string): string;
  /** whether messages may be sent (initialized, not shut down) */
  live(): boolean;
}

export class Folders {
  private named: (Folder & { real: string })[] = [];
  private readonly implicit = new Map<string, Folder>();

  constructor(private readonly out: FolderOutlets) {}

  /** The folders the client named (initialize, or later workspace folder changes). */
  get explicit(): readonly Folder[] {
    return this.named;
  }

  all(): Folder[] {
    return [...this.named, ...this.implicit.values()];
  }

  add(root: string): Folder | undefined {
    if (this.named.some((f) => f.root === root)) return undefined;
    const f = { ...makeFolder(root, true), real: realOf(root) };
    this.named.push(f);
    return f;
  }

  remove(root: string): void {
    this.named = this.named.filter((f) => f.root !== root);
  }

  /**
   * Is the file the server's to check? With folders named, it must lie inside one of them both as
   * written and with its symlinks resolved (`..`, `%2e%2e`, `/proc/self/root/…` and links out of
   * the folder all fail one or the other). With none named, every file is (its folder is guessed).
   */
  within(file: string): boolean {
    if (!this.named.length) return true;
    const real = realOf(file);
    return this.named.some((f) => isInside(f.root, file) && isInside(f.real, real));
  }

  /** The folder whose config and ignore rules apply to a file (the innermost named one, else a guessed one). */
  folderFor(file: string): Folder {
    let best: Folder | undefined;
    for (const f of this.named) if (isInside(f.root, file) && (!best || f.root.length > best.root.length)) best = f;
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

  /** The folder the engine may read in for this folder's files: its real path when the client named it. */
  readRoot(folder: Folder): string | undefined {
    return this.named.find((f) => f === folder)?.real;
  }

  /** Show a folder's config problem (a diagnostic on the config file, and a message once), or clear it. */
  reportProblem(folder: Folder): void {
    if (!this.out.live()) return;
    const p = folder.problem;
    const uri = p ? this.out.uriFor(p.file) : undefined;
    if (folder.problemUri && folder.problemUri !== uri) this.out.publish(folder.problemUri, []);
    folder.problemUri = uri;
    if (!p || !uri) {
      folder.shownMessage = undefined;
      return;
    }
    this.out.publish(uri, [
      {
        range: { start: { line: p.line, character: p.character }, end: { line: p.line, character: p.endCharacter } },
        severity: DiagnosticSeverity.Error,
        source: SOURCE,
        message: `${p.message} (migrate-check uses ${folder.loaded ? 'the last configuration that loaded' : 'the defaults'} until this is fixed)`,
      },
    ]);
    if (folder.shownMessage !== p.message) {
      folder.shownMessage = p.message;
      this.out.showMessage(MessageType.Error, `migrate-check: ${p.message}`);
    }
    this.out.log(`config: ${p.message}`);
  }
}
