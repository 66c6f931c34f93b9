import { createConnection, type Socket } from "node:net";

/**
 * A deliberately dumb client for the host tests: bytes in, lines out, nothing from the runtime.
 * It records every chunk as it arrived, so a test can look at the bytes on the wire.
 */
export class RawClient {
  readonly chunks: Buffer[] = [];
  readonly #socket: Socket;
  readonly #lines: string[] = [];
  readonly #waiting: { resolve(line: string): void; reject(error: Error): void }[] = [];
  readonly #closed: Promise<void>;
  #partial: Buffer[] = [];
  #ended = false;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on("data", (chunk: Buffer) => this.#receive(chunk));
    this.#closed = new Promise((resolve) => {
      socket.once("close", () => {
        this.#ended = true;
        for (const waiter of this.#waiting.splice(0)) waiter.reject(new Error("the host closed the connection"));
        resolve();
      });
    });
    socket.on("error", () => undefined);
  }

  static connect(path: string): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = createConnection(path);
      socket.once("connect", () => {
        socket.off("error", reject);
        resolve(new RawClient(socket));
      });
      socket.once("error", reject);
    });
  }

  /** Writes one frame as a JSON line. */
  send(frame: unknown): void {
    this.sendRaw(`${JSON.stringify(frame)}\n`);
  }

  sendRaw(bytes: string | Buffer): void {
    this.#socket.write(bytes);
  }

  /** The next whole line the host wrote (without its LF); rejects once the host closed first. */
  nextLine(): Promise<string> {
    const line = this.#lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.#ended) return Promise.reject(new Error("the host closed the connection"));
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  async nextFrame(): Promise<Record<string, unknown>> {
    return JSON.parse(await this.nextLine()) as Record<string, unknown>;
  }

  /** Lines received and not yet taken. */
  pending(): readonly string[] {
    return this.#lines;
  }

  /** Every byte received so far, as text. */
  received(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }

  /** Resolves once the host closed the connection (or we did). */
  closed(): Promise<void> {
    return this.#closed;
  }

  get isClosed(): boolean {
    return this.#ended;
  }

  async close(): Promise<void> {
    this.#socket.destroy();
    await this.#closed;
  }

  #receive(chunk: Buffer): void {
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
}
