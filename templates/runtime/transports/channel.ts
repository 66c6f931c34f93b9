/// <reference types="node" />
import type { Readable, Writable } from "node:stream";
import { ToolError } from "../core/errors.js";
import type { TransportCallOptions } from "../core/transport.js";
import type { FrameDecoder, Framing } from "../framing/framing.js";
import { NDJSON } from "../framing/ndjson.js";
import { RpcMultiplexer, type NotificationListener } from "../protocols/jsonrpc-multiplexer.js";

/** The byte streams of one connection, and how to tear it down for good. */
export type ChannelStreams = {
  readable: Readable;
  writable: Writable;
  /** Ends the connection; resolves once its OS resources are released. */
  destroy(): Promise<void>;
};

/**
 * One JSON-RPC connection's life: frames queued until the streams exist, the framing, the
 * multiplexer, and a single way to die. The socket and stdio transports both build on it, so
 * they follow exactly the same protocol rules.
 */
export class RpcChannel {
  readonly #mux: RpcMultiplexer;
  readonly #decoder: FrameDecoder;
  readonly #onDead: () => void;
  #streams: ChannelStreams | undefined;
  #queued: string[] = [];
  #held = false;
  #failure: ToolError | undefined;
  #released: Promise<void> = Promise.resolve();
  #notified: NotificationListener = () => {};
  #died: (error: ToolError) => void = () => {};
  /** Resolves (never rejects) with the failure that ended the channel. */
  readonly died: Promise<ToolError> = new Promise((resolve) => {
    this.#died = resolve;
  });

  /** `onDead` runs once, synchronously, when the channel fails, so the owner can forget it. */
  constructor(onDead: () => void, framing: Framing = NDJSON) {
    this.#onDead = onDead;
    this.#mux = new RpcMultiplexer(
      framing,
      (frame) => this.#write(frame),
      (method, params) => this.#notified(method, params),
    );
    this.#decoder = framing.decoder();
  }

  /** The one listener for this connection's notifications; its owner fans them out. */
  onNotification(listener: NotificationListener): void {
    this.#notified = listener;
  }

  /**
   * Keeps requests queued, even once the streams are attached, until `open()`: for a server
   * that must announce it is ready before it reads requests.
   */
  hold(): void {
    this.#held = true;
  }

  open(): void {
    if (!this.#held) return;
    this.#held = false;
    this.#flush();
  }

  get isDead(): boolean {
    return this.#failure !== undefined;
  }

  get pendingCount(): number {
    return this.#mux.pendingCount;
  }

  call(method: string, params: object, options: TransportCallOptions): Promise<unknown> {
    return this.#mux.request(method, params, options);
  }

  /** Connects the streams; frames sent before this moment are flushed in order. */
  attach(streams: ChannelStreams): void {
    if (this.#failure) {
      this.#released = streams.destroy();
      return;
    }
    this.#streams = streams;
    streams.readable.on("data", (chunk: Buffer) => this.#receive(chunk));
    this.#flush();
  }

  #flush(): void {
    const streams = this.#streams;
    if (!streams || this.#held || this.#failure) return;
    const queued = this.#queued;
    this.#queued = [];
    for (const frame of queued) streams.writable.write(frame);
  }

  /**
   * Fails every pending call with `error`, releases the connection and tells the owner.
   * Only the first failure counts; later ones (the close after an error, say) are no-ops.
   */
  fail(error: ToolError): void {
    if (this.#failure) return;
    this.#failure = error;
    this.#queued = [];
    this.#died(error);
    this.#onDead();
    this.#mux.failAll(error);
    if (this.#streams) this.#released = this.#streams.destroy();
  }

  /** Resolves when the connection's resources are released (after `fail`). */
  released(): Promise<void> {
    return this.#released;
  }

  /**
   * With other calls in flight, frames written in the same tick leave in one write: concurrent
   * callers then cost one syscall per burst instead of one per call. A call alone in flight
   * (sequential calls) goes straight out: corking one frame only added a turn and a writev.
   * Either way frames leave whole and in the order they were written.
   */
  #write(frame: string): void {
    const streams = this.#streams;
    if (!streams || this.#held) {
      this.#queued.push(frame);
      return;
    }
    const { writable } = streams;
    if (writable.writableCorked === 0 && this.#mux.pendingCount > 1) {
      writable.cork();
      process.nextTick(uncork, writable);
    }
    writable.write(frame);
  }

  #receive(chunk: Buffer): void {
    if (this.#failure) return;
    try {
      for (const message of this.#decoder.push(chunk)) {
        const violation = this.#mux.receive(message);
        if (violation) {
          this.fail(violation);
          return;
        }
      }
    } catch (error) {
      this.fail(
        error instanceof ToolError
          ? error
          : new ToolError("malformed_response", "the host stream could not be read", { cause: error }),
      );
    }
  }
}

function uncork(writable: Writable): void {
  writable.uncork();
}
