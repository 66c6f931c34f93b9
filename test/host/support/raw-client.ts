import { createConnection, type Socket } from "node:net";
import { LineQueue } from "./line-queue.js";

/**
 * A deliberately dumb client for the host tests: bytes in, lines out, nothing from the runtime.
 * It records every chunk as it arrived, so a test can look at the bytes on the wire.
 */
export class RawClient {
  readonly #socket: Socket;
  readonly #lines = new LineQueue("the host closed the connection");
  readonly #closed: Promise<void>;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on("data", (chunk: Buffer) => this.#lines.push(chunk));
    this.#closed = new Promise((resolve) => {
      socket.once("close", () => {
        this.#lines.end();
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

  get chunks(): readonly Buffer[] {
    return this.#lines.chunks;
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
    return this.#lines.nextLine();
  }

  async nextFrame(): Promise<Record<string, unknown>> {
    return JSON.parse(await this.nextLine()) as Record<string, unknown>;
  }

  /** Lines received and not yet taken. */
  pending(): readonly string[] {
    return this.#lines.pending();
  }

  /** Every byte received so far, as text. */
  received(): string {
    return this.#lines.received();
  }

  /** Resolves once the host closed the connection (or we did). */
  closed(): Promise<void> {
    return this.#closed;
  }

  get isClosed(): boolean {
    return this.#lines.ended;
  }

  async close(): Promise<void> {
    this.#socket.destroy();
    await this.#closed;
  }
}
