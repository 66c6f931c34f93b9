import type { Readable, Writable } from "node:stream";
import { LineReader } from "./line-reader.js";
import { LineWriter } from "./line-writer.js";

/** One client's byte streams, whichever way it reached the host (socket or stdio). */
export type HostStream = {
  input: Readable;
  output: Writable;
  /** Ends the connection abruptly, as a crashing host would. */
  drop(): void;
  /** Ends the connection after what was written (the peer reads every frame, then EOF); resolves once closed. */
  end(): Promise<void>;
  /** Ends the whole server with an exit code (stdio: the process's); absent, exit() drops the connection. */
  exit?(code: number): void;
};

/** What a protocol does with one connection's lines. */
export type Session = {
  /** Runs once the connection is wired, before any line is delivered: what a server says first. */
  opened?(): void;
  line(text: string): void;
  /** A line broke the cap: the session decides what that costs the peer. */
  overflow(): void;
  closed(): void;
};

/** Emitted as "request" and "answer", so tests can wait on the host. */
export type HostEvent = { method: string; id: unknown };

/** The host's side of one connection: a line reader in, a line writer out, and two ways to end it. */
export class Connection {
  readonly writer: LineWriter;
  readonly #stream: HostStream;
  readonly #reader: LineReader;
  #open = true;

  constructor(stream: HostStream, limit: number, open: (connection: Connection) => Session) {
    this.#stream = stream;
    this.writer = new LineWriter(stream.output);
    const session = open(this);
    this.#reader = new LineReader(limit, session);
    stream.input.on("data", (chunk: Buffer) => this.#reader.push(chunk));
    const closed = (): void => {
      if (!this.#open) return;
      this.#open = false;
      this.#reader.stop();
      session.closed();
    };
    stream.input.once("end", closed);
    stream.input.once("close", closed);
    // Reads arrive on later ticks, so whatever opened() writes goes out before any answer.
    session.opened?.();
  }

  get open(): boolean {
    return this.#open;
  }

  drop(): void {
    this.#reader.stop();
    this.#stream.drop();
  }

  /** The server ends here and now with `code`, as a server that dies at start does. */
  exit(code: number): void {
    this.#reader.stop();
    if (this.#stream.exit) this.#stream.exit(code);
    else this.#stream.drop();
  }

  /** Stops reading, lets queued writes (a split write) finish, then ends the stream; resolves once it closed. */
  async finish(): Promise<void> {
    this.#reader.stop();
    await this.writer.flushed();
    await this.#stream.end();
  }
}
