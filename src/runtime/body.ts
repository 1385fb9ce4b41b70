// A request's body as the hook reads it: never consumed (the client's bytes go out untouched),
// never more than BODY_CAP bytes of it, and only as JSON. What cannot be read this way is said
// as data (a stream, a body over the cap), for the hook to note once on stderr.

/** The hook reads no further into a body than this. */
export const BODY_CAP = 1024 * 1024;

export type BodyRead =
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  /** a stream given to fetch: reading it would take it from the client */
  | { kind: 'stream' }
  | { kind: 'over-cap' }
  /** form data, a Blob, URL parameters: no JSON body */
  | { kind: 'other' };

const NONE: BodyRead = { kind: 'none' };
const decoder = new TextDecoder();

function bytes(view: Uint8Array): BodyRead {
  return view.byteLength > BODY_CAP ? { kind: 'over-cap' } : { kind: 'text', text: decoder.decode(view) };
}

/** The `body` of fetch's init, read where it is held in memory. */
export function fetchInitBody(body: unknown): BodyRead {
  if (body === undefined || body === null) return NONE;
  if (typeof body === 'string') return body.length > BODY_CAP ? { kind: 'over-cap' } : { kind: 'text', text: body };
  if (body instanceof ArrayBuffer) return bytes(new Uint8Array(body));
  if (ArrayBuffer.isView(body)) return bytes(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
  if (typeof body === 'object' && (Symbol.asyncIterator in body || typeof (body as { getReader?: unknown }).getReader === 'function')) return { kind: 'stream' };
  return { kind: 'other' };
}

/**
 * The body of a Request given to fetch, read from a clone (the clone tees the body: the client's
 * Request sends the same bytes). Stops at the cap and lets the rest go.
 */
export async function requestBody(request: Request): Promise<BodyRead> {
  if (!request.body || request.bodyUsed) return NONE;
  const reader = request.clone().body!.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > BODY_CAP) {
      void reader.cancel().catch(() => undefined);
      return { kind: 'over-cap' };
    }
    parts.push(value);
  }
  return bytes(Buffer.concat(parts));
}

/** The chunks an http request writes, kept up to the cap. */
export class Chunks {
  private parts: Buffer[] = [];
  private size = 0;
  private over = false;

  add(chunk: unknown, encoding?: unknown): void {
    if (this.over || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    let buf: Buffer;
    if (typeof chunk === 'string') buf = Buffer.from(chunk, typeof encoding === 'string' && Buffer.isEncoding(encoding) ? encoding : 'utf8');
    else if (chunk instanceof Uint8Array) buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    else return;
    this.size += buf.byteLength;
    if (this.size > BODY_CAP) {
      this.over = true;
      this.parts = [];
      return;
    }
    // a copy: the client may reuse its buffer once write() returns
    this.parts.push(Buffer.from(buf));
  }

  read(): BodyRead {
    if (this.over) return { kind: 'over-cap' };
    if (this.size === 0) return NONE;
    return { kind: 'text', text: decoder.decode(Buffer.concat(this.parts)) };
  }
}

/** The JSON value of a body text, or undefined when it is not JSON (a form, plain text, XML). */
export function jsonOf(text: string): unknown {
  const first = /\S/.exec(text)?.[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
