// The params of every message the language server takes, as zod schemas: what the handlers read,
// with the types they read it as. Objects are loose (a client may send fields of later protocol
// versions); a field the server reads must have its type. A message whose params fail is refused
// at the door (gate.ts) and never reaches a handler or the document store.
import { z } from 'zod';

/** Longer than any path a file system takes, percent-encoded three times over. */
export const MAX_URI_LENGTH = 16_384;
/** Changes in one didChange (an editor's multi-cursor edit sends one per cursor). */
export const MAX_CHANGES = 10_000;
/** Diagnostics, watched-file events, folders: entries in one message. */
const MAX_ITEMS = 100_000;

const uinteger = z.number().int().min(0).max(2 ** 31 - 1);
const integer = z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1);
const id = z.union([integer, z.string().max(1024)]);
const uri = z.string().max(MAX_URI_LENGTH);
const position = z.object({ line: uinteger, character: uinteger });
const range = z.object({ start: position, end: position });
const documentId = z.looseObject({ uri });
const versionedDocumentId = z.looseObject({ uri, version: integer });
const workspaceFolder = z.looseObject({ uri, name: z.string().max(MAX_URI_LENGTH) });
const flag = z.boolean().nullish();
const group = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape).nullish();
/** Notifications whose params the server does not read: an object, or none. */
const anyObject = z.looseObject({}).nullish();

// range and message are required by the protocol, but only the server's own diagnostics are read
// (by their range), and some clients send back what they stored of a diagnostic (Neovim 0.7)
const diagnostic = z.looseObject({
  range: range.optional(),
  message: z.string().optional(),
  code: id.nullish(),
  source: z.string().nullish(),
  data: z.unknown().optional(),
});

export const initializeParams = z.looseObject({
  processId: uinteger.nullish(),
  rootUri: uri.nullish(),
  rootPath: z.string().max(MAX_URI_LENGTH).nullish(),
  workspaceFolders: z.array(workspaceFolder).max(1000).nullish(),
  initializationOptions: z.unknown().optional(),
  capabilities: z.looseObject({
    workspace: group({
      configuration: flag,
      workspaceFolders: flag,
      didChangeWatchedFiles: group({ dynamicRegistration: flag }),
      workspaceEdit: group({ documentChanges: flag }),
    }),
    textDocument: group({
      hover: group({ contentFormat: z.array(z.string().max(64)).max(16).nullish() }),
      codeAction: group({
        disabledSupport: flag,
        resolveSupport: group({ properties: z.array(z.string().max(256)).max(64) }),
      }),
    }),
    window: group({}),
    general: group({}),
    notebookDocument: group({}),
  }),
});

const contentChange = z.union([
  z.looseObject({ range, rangeLength: uinteger.optional(), text: z.string() }),
  // a whole-text change must not carry a range the store would read
  z.looseObject({ text: z.string(), range: z.undefined().optional(), rangeLength: z.undefined().optional() }),
]);

export const requests: Record<string, z.ZodType> = {
  // `initialize` is in initializeParams; `shutdown` takes none
  shutdown: anyObject,
  'textDocument/codeAction': z.looseObject({
    textDocument: documentId,
    range,
    context: z.looseObject({ diagnostics: z.array(diagnostic).max(MAX_ITEMS), only: z.array(z.string().max(256)).max(64).nullish() }),
  }),
  // a code action as the server gave it; its `data` is read by the handler, which leaves foreign ones alone
  'codeAction/resolve': z.looseObject({ title: z.string(), kind: z.string().nullish(), data: z.unknown().optional() }),
  'textDocument/hover': z.looseObject({ textDocument: documentId, position }),
};

export const notifications: Record<string, z.ZodType> = {
  initialized: anyObject,
  exit: z.unknown().optional(),
  '$/cancelRequest': z.looseObject({ id }),
  '$/setTrace': z.looseObject({ value: z.enum(['off', 'messages', 'verbose']) }),
  'window/workDoneProgress/cancel': z.looseObject({ token: id }),
  'textDocument/didOpen': z.looseObject({
    textDocument: z.looseObject({ uri, languageId: z.string().max(256), version: integer, text: z.string() }),
  }),
  'textDocument/didChange': z.looseObject({ textDocument: versionedDocumentId, contentChanges: z.array(contentChange).max(MAX_CHANGES) }),
  'textDocument/didClose': z.looseObject({ textDocument: documentId }),
  'textDocument/didSave': z.looseObject({ textDocument: documentId, text: z.string().nullish() }),
  'workspace/didChangeWatchedFiles': z.looseObject({ changes: z.array(z.looseObject({ uri, type: z.union([z.literal(1), z.literal(2), z.literal(3)]) })).max(MAX_ITEMS) }),
  'workspace/didChangeConfiguration': z.looseObject({ settings: z.unknown().optional() }),
  'workspace/didChangeWorkspaceFolders': z.looseObject({
    event: z.looseObject({ added: z.array(workspaceFolder).max(1000), removed: z.array(workspaceFolder).max(1000) }),
  }),
};

/** The `data` of the server's own "fix all" action (anything else is not ours to resolve). */
export const fixAllData = z.object({ migrateCheck: z.literal('fixAll'), uri, version: integer });
export type FixAllData = z.infer<typeof fixAllData>;
