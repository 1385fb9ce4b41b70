// The door of the language server: every message the framing yields passes here before the
// connection (vscode-languageserver) sees it. What is refused never reaches a handler:
//
// - not JSON-RPC 2.0: a request gets -32600 (-32700 for bytes that do not parse), anything else
//   is dropped with a log line;
// - before `initialize`: requests get -32002, notifications are dropped (`exit` excepted);
// - after `shutdown`: requests get -32600, notifications are dropped (`exit` excepted);
// - an unknown request method: -32601; an unknown notification is dropped (`$/` ones silently);
// - params that do not match the method's schema (params.ts): -32602 for a request, dropped
//   for a notification.
//
// A didChange that is dropped closes its document (see forget()). A dropped notification is one
// log line: window/logMessage while the session runs, stderr before `initialize` and after
// `shutdown`.
import {
  classify,
  clip,
  errorResponse,
  firstIssue,
  INVALID_PARAMS,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  refuseBytes,
  SERVER_NOT_INITIALIZED,
  type ErrorResponse,
} from '../rpc/message.js';
import type { Frame } from './framing.js';
import { MAX_MESSAGE_BYTES } from './framing.js';
import { initializeParams, MAX_URI_LENGTH, notifications, requests } from './params.js';

export type Phase = 'new' | 'running' | 'shutdown';

export interface GateOutlets {
  /** write an error response to the client */
  reply(message: ErrorResponse): void;
  /** one log line about a dropped message; `phase` says where it may go */
  log(line: string, phase: Phase): void;
}

export class Gate {
  phase: Phase = 'new';

  constructor(private readonly out: GateOutlets) {}

  /** The message to hand to the connection, or undefined when it was refused (and answered or logged). */
  admit(frame: Frame): Record<string, unknown> | undefined {
    if (frame.kind !== 'message') {
      this.refuseBytes(frame);
      return undefined;
    }
    const m = classify(frame.value, { arrayParams: true });
    if (m.kind === 'refused') {
      if (m.reply) this.out.reply(m.reply);
      else this.log(`dropped a message: ${m.why}`);
      return m.method ? this.forget(m.method, m.params) : undefined;
    }
    if (m.kind === 'response') return m.message;
    if (m.kind === 'notification') {
      if (m.method === 'exit') return m.message;
      if (this.phase !== 'running') {
        this.log(`dropped ${clip(m.method)}: ${this.phase === 'new' ? 'the server is not initialized yet' : 'the server is shutting down'}`);
        return undefined;
      }
      const schema = notifications[m.method];
      if (!schema) {
        if (!m.method.startsWith('$/')) this.log(`dropped ${clip(m.method)}: not a notification this server takes`);
        return undefined;
      }
      const r = schema.safeParse(m.params);
      if (!r.success) {
        this.log(`dropped ${m.method}: ${firstIssue(r.error)}`);
        return this.forget(m.method, m.params);
      }
      return m.message;
    }
    const fail = (code: number, why: string) => void this.out.reply(errorResponse(m.id, code, why));
    if (m.method === 'initialize') {
      if (this.phase !== 'new') return fail(INVALID_REQUEST, 'initialize: the server is already initialized');
      const r = initializeParams.safeParse(m.params);
      if (!r.success) return fail(INVALID_PARAMS, `initialize: ${firstIssue(r.error)}`);
      this.phase = 'running';
      return m.message;
    }
    if (this.phase === 'new') return fail(SERVER_NOT_INITIALIZED, `${clip(m.method)}: the server is not initialized (send initialize first)`);
    if (this.phase === 'shutdown') return fail(INVALID_REQUEST, `${clip(m.method)}: the server is shutting down (only exit is accepted)`);
    const schema = requests[m.method];
    if (!schema) return fail(METHOD_NOT_FOUND, `unknown method: ${clip(m.method)}`);
    const r = schema.safeParse(m.params);
    if (!r.success) return fail(INVALID_PARAMS, `${m.method}: ${firstIssue(r.error)}`);
    if (m.method === 'shutdown') this.phase = 'shutdown';
    return m.message;
  }

  /**
   * A change that cannot be applied leaves the document's text unknown: the document is closed (a
   * didClose in its place, so its diagnostics are cleared) until the client opens it again.
   */
  private forget(method: string, params: unknown): Record<string, unknown> | undefined {
    if (method !== 'textDocument/didChange' || this.phase !== 'running') return undefined;
    const uri = (params as { textDocument?: { uri?: unknown } } | null)?.textDocument?.uri;
    if (typeof uri !== 'string' || uri.length > MAX_URI_LENGTH) return undefined;
    this.log(`${clip(uri)} is closed: its text is unknown after a change that could not be applied (open it again)`);
    return { jsonrpc: '2.0', method: 'textDocument/didClose', params: { textDocument: { uri } } };
  }

  /** Bytes that are not a message: answered when they show a request's id, logged in any case. */
  private refuseBytes(frame: Exclude<Frame, { kind: 'message' }>): void {
    const why =
      frame.kind === 'oversize'
        ? `a message of ${frame.length} bytes, over the limit of ${MAX_MESSAGE_BYTES} bytes`
        : frame.kind === 'skipped'
          ? `${frame.bytes} bytes: ${frame.why}`
          : `a message that is not JSON: ${frame.why}`;
    const r = refuseBytes(frame.kind, frame.head, why);
    if (r.reply) this.out.reply(r.reply);
    this.log(r.line);
  }

  private log(line: string): void {
    this.out.log(`migrate-check: ${line}`, this.phase);
  }
}
