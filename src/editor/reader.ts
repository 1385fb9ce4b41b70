// The language server's message reader: stdin through the framing (framing.ts) and the door
// (gate.ts) to the connection. It stands in for vscode-jsonrpc's StreamMessageReader, which stops
// reading for good at the first bad header or body.
import { AbstractMessageReader, type DataCallback, type Disposable, type Message } from 'vscode-languageserver/node';
import { FrameDecoder } from './framing.js';
import type { Gate } from './gate.js';

/** A body still waited for after this long without a byte is parsed as far as it came. */
export const STALL_MS = 500;

export class ResyncingReader extends AbstractMessageReader {
  private readonly decoder = new FrameDecoder();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly gate: Gate,
  ) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    const deliver = (frames: ReturnType<FrameDecoder['push']>) => {
      for (const f of frames) {
        const m = this.gate.admit(f);
        if (m) callback(m as unknown as Message);
      }
    };
    const onData = (chunk: Buffer | string) => {
      if (this.timer) clearTimeout(this.timer);
      deliver(this.decoder.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
      if (this.decoder.waiting) this.timer = setTimeout(() => deliver(this.decoder.stalled()), STALL_MS);
    };
    const onError = (err: Error) => this.fireError(err);
    const onClose = () => this.fireClose();
    this.input.on('data', onData);
    this.input.on('error', onError);
    this.input.on('close', onClose);
    this.input.on('end', onClose);
    return {
      dispose: () => {
        if (this.timer) clearTimeout(this.timer);
        this.input.off('data', onData);
        this.input.off('error', onError);
        this.input.off('close', onClose);
        this.input.off('end', onClose);
      },
    };
  }
}
