/** Where a LineReader delivers: each whole line, or the news that a line broke the cap. */
export type LineSink = {
  line(text: string): void;
  overflow(): void;
};

const LF = 0x0a;
const CR = 0x0d;

/**
 * Host-side NDJSON splitting: bytes in, one UTF-8 line out per LF (a CR before it is dropped, so
 * CRLF peers work). It splits on bytes, not characters, so the cap is in bytes and a multi-byte
 * character cut across reads is reassembled; LF never occurs inside a UTF-8 sequence.
 */
export class LineReader {
  readonly #limit: number;
  readonly #sink: LineSink;
  #parts: Buffer[] = [];
  #size = 0;
  #stopped = false;

  constructor(limit: number, sink: LineSink) {
    this.#limit = limit;
    this.#sink = sink;
  }

  /** Stops delivering, also the rest of a chunk being split right now (the sink dropped the peer). */
  stop(): void {
    this.#stopped = true;
    this.#parts = [];
    this.#size = 0;
  }

  push(chunk: Buffer): void {
    let start = 0;
    while (!this.#stopped) {
      const newline = chunk.indexOf(LF, start);
      if (newline === -1) break;
      const piece = chunk.subarray(start, newline);
      start = newline + 1;
      const bytes = this.#parts.length === 0 ? piece : Buffer.concat([...this.#parts, piece]);
      this.#parts = [];
      this.#size = 0;
      const end = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
      if (end > this.#limit) {
        this.#overflow();
        return;
      }
      this.#sink.line(bytes.toString("utf8", 0, end));
    }
    if (this.#stopped || start === chunk.length) return;
    this.#parts.push(chunk.subarray(start));
    this.#size += chunk.length - start;
    // One more byte may be the CR of a CRLF; anything beyond can never become a legal line.
    if (this.#size > this.#limit + 1) this.#overflow();
  }

  #overflow(): void {
    this.stop();
    this.#sink.overflow();
  }
}
