// The MCP server's stdio transport: one JSON-RPC message per line, as the SDK's
// StdioServerTransport reads them, but a message that is refused costs that message only. The
// SDK's transport closes the connection when a line passes its buffer cap, and drops a request
// whose params are not an object without an answer; here:
//
// - a line over MAX_LINE_BYTES is never held: it is dropped as it streams by, and answered with
//   -32600 (its id read from its first bytes) once its end comes;
// - a line that is not JSON: -32700; not a JSON-RPC 2.0 message: -32600; params that are not an
//   object (or nest deeper than MAX_DEPTH): -32602; each with the request's id when it has one;
// - a notification or response that is refused is dropped with one line on stderr.
//
// What passes goes to the SDK's server (after the SDK's own message schema), which answers the
// rest (unknown methods, tool arguments).
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { classify, clip, errorResponse, INVALID_REQUEST, refuseBytes, type ErrorResponse } from '../rpc/message.js';

/** The SDK's own cap on one message, kept: no tool takes anything near it. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;
const HEAD_BYTES = 4096;
const NEWLINE = 10;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private held = 0;
  /** the line being dropped for its size: its first bytes and its length so far */
  private dropping: { head: string; bytes: number } | undefined;
  private closed = false;

  constructor(
    private readonly log: (message: string) => void,
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
  ) {}

  private readonly onData = (chunk: Buffer | string) => this.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  private readonly onError = (err: Error) => this.onerror?.(err);

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onError);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onError);
    this.chunks = [];
    this.onclose?.();
  }

  send(message: JSONRPCMessage | ErrorResponse): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(JSON.stringify(message) + '\n')) resolve();
      else this.output.once('drain', resolve);
    });
  }

  private push(chunk: Buffer): void {
    for (let data = chunk; data.length; ) {
      const nl = data.indexOf(NEWLINE);
      const part = nl < 0 ? data : data.subarray(0, nl);
      if (this.dropping) this.dropping.bytes += part.length;
      else if (this.held + part.length > MAX_LINE_BYTES) {
        const start = Buffer.concat([...this.chunks, part.subarray(0, HEAD_BYTES)]);
        this.dropping = { head: start.subarray(0, HEAD_BYTES).toString('utf8'), bytes: this.held + part.length };
        this.chunks = [];
        this.held = 0;
      } else if (part.length) {
        this.chunks.push(Buffer.from(part));
        this.held += part.length;
      }
      if (nl < 0) return;
      data = data.subarray(nl + 1);
      if (this.dropping) {
        const { head, bytes } = this.dropping;
        this.dropping = undefined;
        this.refuse(refuseBytes('oversize', head, `a message of ${bytes} bytes, over the limit of ${MAX_LINE_BYTES} bytes`));
        continue;
      }
      const line = Buffer.concat(this.chunks);
      this.chunks = [];
      this.held = 0;
      this.line(line);
    }
  }

  private line(bytes: Buffer): void {
    const text = bytes.toString('utf8').replace(/\r$/, '');
    if (!text.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.refuse(refuseBytes('unparsed', text.slice(0, HEAD_BYTES), 'a message that is not JSON'));
      return;
    }
    const m = classify(value, { arrayParams: false });
    if (m.kind === 'refused') {
      this.refuse({ reply: m.reply, line: `dropped a message: ${m.why}` });
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(m.message);
    if (!parsed.success) {
      const why = `not an MCP message: ${clip(parsed.error.issues[0]?.message ?? 'invalid', 200)}`;
      this.refuse({ reply: m.kind === 'request' ? errorResponse(m.id, INVALID_REQUEST, why) : undefined, line: `dropped a message: ${why}` });
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private refuse(r: { reply?: ErrorResponse; line: string }): void {
    if (r.reply) void this.send(r.reply);
    else this.log(r.line);
  }
}
