import type { Writable } from "node:stream";

/**
 * Writes whole lines to one connection in order. Plain writes go straight to the stream;
 * once a piecewise write is running, later lines queue behind it so answers never interleave.
 */
export class LineWriter {
  readonly #output: Writable;
  #tail: Promise<void> | undefined;

  constructor(output: Writable) {
    this.#output = output;
  }

  write(text: string): void {
    if (this.#tail) this.#enqueue(async () => this.#writeNow(text));
    else this.#writeNow(text);
  }

  /** Writes `text` in 1–5 byte pieces, each in its own write, cutting UTF-8 characters apart. */
  writeInPieces(text: string): void {
    this.#enqueue(async () => {
      const bytes = Buffer.from(text, "utf8");
      let size = 1;
      for (let start = 0; start < bytes.length; start += size, size = (size % 5) + 1) {
        if (!(await this.#writeAndWait(bytes.subarray(start, start + size)))) return;
      }
    });
  }

  /** Resolves once every queued piece has been handed to the stream. */
  flushed(): Promise<void> {
    return this.#tail ?? Promise.resolve();
  }

  #enqueue(job: () => Promise<void>): void {
    const tail: Promise<void> = (this.#tail ?? Promise.resolve()).then(job).finally(() => {
      if (this.#tail === tail) this.#tail = undefined;
    });
    this.#tail = tail;
  }

  #writeNow(text: string): void {
    if (this.#output.writable) this.#output.write(text);
  }

  /** Resolves false when the connection is gone, so a piecewise write stops early. */
  #writeAndWait(piece: Buffer): Promise<boolean> {
    return new Promise((resolve) => {
      if (!this.#output.writable) {
        resolve(false);
        return;
      }
      // A macrotask between pieces makes each one its own read on the other side.
      this.#output.write(piece, (error) => setImmediate(() => resolve(!error)));
    });
  }
}
