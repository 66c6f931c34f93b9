/**
 * Bytes in, whole lines out (LF split, the LF dropped), for the host tests' raw clients: each
 * line goes to the oldest waiter or is queued; once the peer is gone, waiters are rejected.
 */
export class LineQueue {
  readonly chunks: Buffer[] = [];
  readonly #lines: string[] = [];
  readonly #waiting: { resolve(line: string): void; reject(error: Error): void }[] = [];
  readonly #goneMessage: string;
  #partial: Buffer[] = [];
  #ended = false;

  constructor(goneMessage: string) {
    this.#goneMessage = goneMessage;
  }

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    let start = 0;
    for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      const line = Buffer.concat([...this.#partial, chunk.subarray(start, newline)]).toString("utf8");
      this.#partial = [];
      start = newline + 1;
      const waiter = this.#waiting.shift();
      if (waiter) waiter.resolve(line);
      else this.#lines.push(line);
    }
    if (start < chunk.length) this.#partial.push(chunk.subarray(start));
  }

  /** The peer is gone: every waiter now, and every later nextLine() past the queued lines, rejects. */
  end(): void {
    this.#ended = true;
    for (const waiter of this.#waiting.splice(0)) waiter.reject(new Error(this.#goneMessage));
  }

  get ended(): boolean {
    return this.#ended;
  }

  nextLine(): Promise<string> {
    const line = this.#lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.#ended) return Promise.reject(new Error(this.#goneMessage));
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  /** Lines received and not yet taken. */
  pending(): readonly string[] {
    return this.#lines;
  }

  /** Every byte received so far, as text. */
  received(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}
