// JSON-RPC 2.0 at the door, for both servers (the language server's framed stream and the MCP
// server's lines): what a message is, which ones are refused before any handler sees them, and
// the error answer a client gets. No transport and no protocol beyond JSON-RPC lives here.

import type { ZodError } from 'zod';

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
/** LSP's ServerNotInitialized: a request before `initialize`. */
export const SERVER_NOT_INITIALIZED = -32002;

/** Deeper params are refused: no method of either server needs more, and deeper JSON overflows the stack of JSON.stringify. */
export const MAX_DEPTH = 128;

export type Id = number | string;

export interface ErrorResponse {
  jsonrpc: '2.0';
  id: Id | null;
  error: { code: number; message: string };
}

export function errorResponse(id: Id | null, code: number, message: string): ErrorResponse {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** A message that passed the JSON-RPC checks. */
export type Incoming =
  | { kind: 'request'; id: Id; method: string; params: unknown; message: Record<string, unknown> }
  | { kind: 'notification'; method: string; params: unknown; message: Record<string, unknown> }
  | { kind: 'response'; id: Id | null; message: Record<string, unknown> };

/**
 * A message refused at the door. `reply` is the error answer owed (a request, or what may have
 * been one); without it the message is dropped and `why` is logged.
 */
export interface Refused {
  kind: 'refused';
  why: string;
  reply?: ErrorResponse;
  method?: string;
  params?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is Id => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/** A value shortened for a log line or an error message (never the whole of a 20 MB string). */
export function clip(s: string, max = 80): string {
  const one = s.replace(/[\u0000-\u001f\u007f]/g, '?');
  return one.length > max ? `${one.slice(0, max)}…` : one;
}

/** Does the value nest arrays and objects deeper than `max`? (iterative: a 100,000-deep value is walked without recursion) */
export function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (d > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (typeof child === 'object' && child !== null) stack.push([child, d + 1]);
  }
  return false;
}

/**
 * Sort a parsed value into request, notification or response, or refuse it. `arrayParams`: may
 * params be an array (JSON-RPC allows it; MCP does not).
 */
export function classify(value: unknown, opts: { arrayParams: boolean }): Incoming | Refused {
  if (Array.isArray(value)) return refuse(null, INVALID_REQUEST, 'batches are not supported: send one message at a time');
  if (!isObject(value)) return refuse(null, INVALID_REQUEST, `not a JSON-RPC message: a JSON ${value === null ? 'null' : typeof value}`);
  const { id, method } = value;
  const hasId = 'id' in value;
  const replyId = isId(id) ? id : null;
  if (value.jsonrpc !== '2.0') return refuse(replyId, INVALID_REQUEST, 'not a JSON-RPC 2.0 message: "jsonrpc" must be "2.0"', hasId || 'method' in value);
  if (!('method' in value)) {
    if ('result' in value || 'error' in value) {
      if (hasId && (isId(id) || id === null)) return { kind: 'response', id: id as Id | null, message: value };
      return { kind: 'refused', why: 'a response without a valid id' };
    }
    return refuse(replyId, INVALID_REQUEST, 'not a JSON-RPC message: no "method", "result" or "error"');
  }
  if (typeof method !== 'string') return refuse(replyId, INVALID_REQUEST, '"method" must be a string', hasId);
  if (hasId && !isId(id)) return refuse(null, INVALID_REQUEST, `${clip(method)}: "id" must be a number or a string`);
  const refuseParams = (why: string): Refused =>
    hasId ? refuse(id as Id, INVALID_PARAMS, `${clip(method)}: ${why}`) : { kind: 'refused', why: `${clip(method)}: ${why}`, method, params: value.params };
  if ('params' in value) {
    const p = value.params;
    if (!isObject(p) && !(opts.arrayParams && Array.isArray(p))) return refuseParams(`params must be an object, not ${p === null ? 'null' : Array.isArray(p) ? 'an array' : `a ${typeof p}`}`);
    if (deeperThan(p, MAX_DEPTH)) return refuseParams(`params nest deeper than ${MAX_DEPTH} levels`);
  }
  if (hasId) return { kind: 'request', id: id as Id, method, params: value.params, message: value };
  return { kind: 'notification', method, params: value.params, message: value };
}

function refuse(id: Id | null, code: number, why: string, owed = true): Refused {
  return { kind: 'refused', why, reply: owed ? errorResponse(id, code, why) : undefined };
}

/** A zod failure as one line: where, and what was expected (never the value received). */
export function firstIssue(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid params';
  const where = issue.path.length ? issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') : 'params';
  return `${clip(where, 120)}: ${clip(issue.message, 200)}`;
}

/**
 * The `id` and `method` of a message from its first bytes only (for a message too large to
 * parse, or one that does not parse): the top-level keys are read in order until a value that is
 * not a string, number, boolean or null. `{"jsonrpc":"2.0","id":7,"method":"x","params":…` gives
 * both; a head that hides them gives none.
 */
export function sniffHead(head: string): { id?: Id; method?: string } {
  const out: { id?: Id; method?: string } = {};
  const token = /\s*("(?:[^"\\\u0000-\u001f]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|[{}[\],:])/y;
  const next = (): string | undefined => {
    const m = token.exec(head);
    return m ? m[1] : undefined;
  };
  if (next() !== '{') return out;
  for (;;) {
    const key = next();
    if (!key?.startsWith('"') || next() !== ':') return out;
    const v = next();
    if (v === undefined || v === '{' || v === '[' || v === '}' || v === ']' || v === ',' || v === ':') return out;
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
      const k = JSON.parse(key) as string;
      if (k === 'id' && isId(parsed)) out.id = parsed;
      if (k === 'method' && typeof parsed === 'string') out.method = parsed;
    } catch {
      return out;
    }
    if (next() !== ',') return out;
  }
}

/**
 * Bytes that are not a message (they do not parse, are over the size limit, or lie outside any
 * frame): the error answer owed when their first bytes show a request's id (-32600 for a message
 * over the limit, -32700 otherwise; bytes that do not parse get a -32700 with a null id even
 * without one), and the line to log.
 */
export function refuseBytes(kind: 'oversize' | 'unparsed' | 'skipped', head: string, why: string): { reply?: ErrorResponse; line: string } {
  const { id, method } = sniffHead(head);
  const what = method ? `${clip(method)}: ${why}` : why;
  const code = kind === 'oversize' ? INVALID_REQUEST : PARSE_ERROR;
  const reply = id !== undefined ? errorResponse(id, code, what) : kind === 'unparsed' ? errorResponse(null, code, what) : undefined;
  return { reply, line: `dropped ${what}` };
}
