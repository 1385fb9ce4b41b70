// The language server's framing: `Content-Length: N\r\n\r\n` then N bytes of JSON, as the base
// protocol has it, read so that a broken frame costs that frame and nothing after it.
//
// - A header block that is not one (no Content-Length, not a number, negative, an unknown header,
//   bytes that no header holds) is skipped up to the next `Content-Length:`.
// - A Content-Length too large: the body being read cannot hold the next frame's header (a JSON
//   text holds no raw CR or LF inside a string, and no letter outside one), so where one shows up
//   the body ends there, is parsed, and reading goes on from that header. With nothing after it,
//   the bytes so far are parsed once the stream has been quiet for a moment (stalled()).
// - A Content-Length too small: the body does not parse; it is parsed again with the bytes up to
//   the next header, and taken if that parses.
// - A body over MAX_MESSAGE_BYTES is never held: its first bytes are kept (to answer its id) and
//   the rest is dropped as it streams by.
//
// Pure: bytes in, frames out. The reader (reader.ts) owns the stream and the timer.

export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** How much of a message is kept to read its id from when the rest is not parsed. */
const HEAD_BYTES = 4096;
const MAX_HEADER_BYTES = 8192;
const EMPTY = Buffer.alloc(0);
const NAMES = ['Content-Length:', 'content-length:', 'CONTENT-LENGTH:'];
const HEADER_LINE = /^Content-Length:[ \t]*\d+[ \t]*\r\n/i;

export type Frame =
  /** a body that parsed */
  | { kind: 'message'; value: unknown }
  /** a body that did not parse (its first bytes, to answer its id) */
  | { kind: 'unparsed'; head: string; why: string }
  /** a body over the size limit, dropped unread */
  | { kind: 'oversize'; head: string; length: number }
  /** bytes outside any frame, dropped (their first bytes, in case they hold a request's id) */
  | { kind: 'skipped'; head: string; bytes: number; why: string };

function parse(bytes: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(bytes.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

const headOf = (b: Buffer) => b.subarray(0, HEAD_BYTES).toString('utf8');

/** Where the next header starts in `b`, from `from` on (-1: none). */
function nextHeader(b: Buffer, from: number): number {
  let best = -1;
  for (const n of NAMES) {
    const i = b.indexOf(n, from, 'latin1');
    if (i >= 0 && (best < 0 || i < best)) best = i;
  }
  return best;
}

/** The longest end of `b` that could begin a `Content-Length:` header (kept while waiting for more). */
function headerPrefixTail(b: Buffer): number {
  const name = 'content-length:';
  for (let n = Math.min(name.length - 1, b.length); n > 0; n--) {
    if (b.subarray(b.length - n).toString('latin1').toLowerCase() === name.slice(0, n)) return n;
  }
  return 0;
}

/** Bytes no header block holds: anything but printable ASCII, tab, CR and LF. */
function holdsNonHeaderBytes(b: Buffer): boolean {
  for (let i = 0; i < Math.min(b.length, MAX_HEADER_BYTES); i++) {
    const c = b[i];
    if (!(c === 9 || c === 10 || c === 13 || (c >= 32 && c < 127))) return true;
  }
  return false;
}

export class FrameDecoder {
  /** header bytes read so far */
  private head: Buffer = EMPTY;
  /** the body being read (allocated once at its declared length) */
  private body: Buffer | undefined;
  private filled = 0;
  /** how far the body has been searched for a header */
  private scanned = 0;
  /** bytes of an oversize body still to drop */
  private skip = 0;
  private skipTail = EMPTY;

  push(chunk: Buffer): Frame[] {
    const out: Frame[] = [];
    let data = chunk;
    while (data.length) {
      if (this.skip) data = this.dropping(data, out);
      else if (this.body) data = this.reading(data, out);
      else data = this.header(data, out);
    }
    return out;
  }

  /** The stream has been quiet: a body waited for is taken as far as it came, if that parses. */
  stalled(): Frame[] {
    if (!this.body || !this.filled) return [];
    const p = parse(this.body.subarray(0, this.filled));
    if (!p.ok) return [];
    this.body = undefined;
    return [{ kind: 'message', value: p.value }];
  }

  /** Waiting for a body: is anything held? */
  get waiting(): boolean {
    return !!this.body && this.filled > 0;
  }

  private header(data: Buffer, out: Frame[]): Buffer {
    const head = this.head.length ? Buffer.concat([this.head, data]) : data;
    this.head = EMPTY;
    const end = head.indexOf('\r\n\r\n', 0, 'latin1');
    if (end < 0) {
      const first = head[0];
      const letter = (first >= 65 && first <= 90) || (first >= 97 && first <= 122);
      if (!letter || head.length > MAX_HEADER_BYTES || holdsNonHeaderBytes(head)) return this.resync(head, out, 'bytes outside a frame (no Content-Length header)');
      this.head = Buffer.from(head);
      return EMPTY;
    }
    if (end > MAX_HEADER_BYTES) return this.resync(head, out, 'a header block too long to be one');
    let length: number | undefined;
    let why: string | undefined;
    for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
      const m = /^([A-Za-z0-9-]+):[ \t]*(.*?)[ \t]*$/.exec(line);
      const name = m?.[1].toLowerCase();
      if (name === 'content-length' && length === undefined && /^\d{1,15}$/.test(m![2])) length = Number(m![2]);
      else if (name === 'content-length') why ??= `a bad Content-Length header: ${JSON.stringify(line.slice(0, 60))}`;
      else if (name !== 'content-type') why ??= `not a header: ${JSON.stringify(line.slice(0, 60))}`;
    }
    if (length === undefined) why ??= 'a header block without Content-Length';
    if (why || length === undefined) return this.resync(head, out, why!, end + 4);
    const rest = head.subarray(end + 4);
    if (length > MAX_MESSAGE_BYTES) {
      this.skip = length;
      this.skipTail = EMPTY;
      out.push({ kind: 'oversize', head: headOf(rest), length });
      return rest;
    }
    this.body = Buffer.allocUnsafe(length);
    this.filled = 0;
    this.scanned = 0;
    if (length === 0) return this.reading(rest, out);
    return rest;
  }

  /**
   * Drop bytes up to the next `Content-Length:` header (or keep what may begin one). `bodyAt`:
   * where the body of a bad header block begins (its first bytes may show a request's id).
   */
  private resync(b: Buffer, out: Frame[], why: string, bodyAt = 0): Buffer {
    const at = nextHeader(b, 1);
    const cut = at >= 0 ? at : b.length - headerPrefixTail(b);
    if (cut > 0) out.push({ kind: 'skipped', head: headOf(b.subarray(Math.min(bodyAt, cut), cut)), bytes: cut, why });
    if (at >= 0) return b.subarray(at);
    this.head = Buffer.from(b.subarray(cut));
    return EMPTY;
  }

  private reading(data: Buffer, out: Frame[]): Buffer {
    const body = this.body!;
    const n = Math.min(body.length - this.filled, data.length);
    data.copy(body, this.filled, 0, n);
    this.filled += n;
    // the next frame's header inside this body: the declared length was too large
    for (let from = Math.max(0, this.scanned - 20); ; ) {
      const at = nextHeader(body.subarray(0, this.filled), from);
      if (at < 0) break;
      const line = body.subarray(at, Math.min(this.filled, at + 40)).toString('latin1');
      if (HEADER_LINE.test(line)) {
        this.body = undefined;
        this.take(body.subarray(0, at), out, 'the Content-Length is larger than the message');
        return Buffer.concat([body.subarray(at, this.filled), data.subarray(n)]);
      }
      if (this.filled - at < 40 && !line.includes('\n')) {
        // perhaps a header still arriving: look here again
        this.scanned = at;
        return data.subarray(n);
      }
      from = at + 1;
    }
    this.scanned = this.filled;
    if (this.filled < body.length) return data.subarray(n);
    this.body = undefined;
    const rest = data.subarray(n);
    const p = parse(body);
    if (p.ok) {
      out.push({ kind: 'message', value: p.value });
      return rest;
    }
    // a Content-Length too small: the body with the bytes up to the next header
    const next = nextHeader(rest, 0);
    const upTo = next >= 0 ? next : rest.length;
    if (upTo > 0) {
      const longer = parse(Buffer.concat([body, rest.subarray(0, upTo)]));
      if (longer.ok) {
        out.push({ kind: 'message', value: longer.value });
        return rest.subarray(upTo);
      }
    }
    out.push({ kind: 'unparsed', head: headOf(body), why: `the body of ${body.length} bytes is not JSON` });
    return rest;
  }

  private take(bytes: Buffer, out: Frame[], why: string): void {
    const p = parse(bytes);
    out.push(p.ok ? { kind: 'message', value: p.value } : { kind: 'unparsed', head: headOf(bytes), why });
  }

  private dropping(data: Buffer, out: Frame[]): Buffer {
    const n = Math.min(this.skip, data.length);
    // a lying Content-Length must not swallow the frames after it
    const window = Buffer.concat([this.skipTail, data.subarray(0, n)]);
    for (let from = 0; ; ) {
      const at = nextHeader(window, from);
      if (at < 0) break;
      if (HEADER_LINE.test(window.subarray(at, at + 40).toString('latin1'))) {
        this.skip = 0;
        this.skipTail = EMPTY;
        out.push({ kind: 'skipped', head: '', bytes: at, why: 'the message over the size limit ended early: a header follows' });
        return Buffer.concat([window.subarray(at), data.subarray(n)]);
      }
      from = at + 1;
    }
    this.skip -= n;
    this.skipTail = Buffer.from(window.subarray(Math.max(0, window.length - 40)));
    if (!this.skip) this.skipTail = EMPTY;
    return data.subarray(n);
  }
}
