/// <reference types="node" />
import { createConnection, type Socket } from "node:net";
import { serviceUnavailable, ToolError } from "../../core/errors.js";
import type { FrameDecoder, Framing } from "../../framing/framing.js";
import {
  classifyFrame,
  helloFrame,
  readHostHello,
  REQUEST_NOT_ALLOWED,
  type DaemonId,
} from "../../protocols/daemon.js";
import { destroySocket } from "../sockets.js";
import { assertSocketTrusted } from "../socket-path.js";
import type { ServiceRecord } from "./record.js";
import { assertNever } from "../../core/never.js";

/** Who we are and whom we expect, for the hello. */
export type Greeting = { app: string; service: string };

/** What a connection needs of the request it carries; the transport's call is one. */
export type Exchange = {
  readonly id: DaemonId;
  readonly method: string;
  /** The request, already framed by the transport. */
  readonly frame: string;
  readonly onEvent: ((event: unknown) => void) | undefined;
};

/**
 * Told, synchronously, how each request ended: its result, or why it failed (the host's error,
 * or the connection's death). A callback rather than a promise per request: a busy pool hands
 * the connection to the next waiting call in the same turn as the answer is read.
 */
export type ExchangeListener<E extends Exchange> = {
  answered(connection: DaemonConnection<E>, exchange: E, result: unknown): void;
  /** `error` is a ToolError, except a bug of ours (a request on a busy connection), passed on as it is. */
  failed(connection: DaemonConnection<E>, exchange: E, error: unknown): void;
};

type State = "opening" | "idle" | "busy" | "dead";

/**
 * One lock-step connection to a rightkit-daemon host: connect under the user-only rule, say
 * hello, then one request at a time, each answered by zero or more events and one response.
 * Anything off-protocol kills the connection, and whatever was in flight fails with it; a
 * dead connection is never reused. Who owns it learns of its death through `onDead`, and of
 * each answer through its ExchangeListener.
 */
export class DaemonConnection<E extends Exchange = Exchange> {
  readonly record: ServiceRecord;
  readonly #framing: Framing;
  readonly #decoder: FrameDecoder;
  readonly #listener: ExchangeListener<E>;
  readonly #onDead: (connection: DaemonConnection<E>) => void;
  #socket: Socket | undefined;
  #state: State = "opening";
  /** The request in flight while busy. */
  #inFlight: E | undefined;
  /**
   * The request whose response this chunk carried, told to the listener once the whole chunk
   * is read: a stray frame after the response then kills this connection before it is handed
   * to the next call, as it did when the hand-over waited a turn.
   */
  #finished: E | undefined;
  #finishedWith: unknown;
  #finishedOk = false;
  #opened: { resolve(): void; reject(error: ToolError): void } | undefined;
  #released: Promise<void> = Promise.resolve();
  /** Why the connection died, for a request made on it after that. */
  #death: ToolError | undefined;
  readonly #ready: Promise<void>;

  constructor(
    record: ServiceRecord,
    greeting: Greeting,
    framing: Framing,
    listener: ExchangeListener<E>,
    onDead: (connection: DaemonConnection<E>) => void,
  ) {
    this.record = record;
    this.#framing = framing;
    this.#decoder = framing.decoder();
    this.#listener = listener;
    this.#onDead = onDead;
    this.#ready = new Promise<void>((resolve, reject) => {
      this.#opened = { resolve, reject };
    });
    // The owner awaits ready(); this only keeps a death nobody waits for from being an unhandled rejection.
    this.#ready.catch(() => undefined);
    void this.#open(greeting);
  }

  /** Resolves once the host's hello accepted us; rejects with the reason the connection died first. */
  ready(): Promise<void> {
    return this.#ready;
  }

  get isIdle(): boolean {
    return this.#state === "idle";
  }

  get isDead(): boolean {
    return this.#state === "dead";
  }

  /**
   * Writes one request (framed by the transport, so params that cannot be sent fail before any
   * connection is touched); the connection must be idle. Its end reaches the listener, never
   * from inside this call.
   */
  request(exchange: E): void {
    if (this.#state !== "idle") {
      // A connection can die between being handed out and being used (a stray frame right after the hello).
      const why = this.#death ?? new Error(`a ${this.#state} connection cannot take a request`);
      queueMicrotask(() => this.#listener.failed(this, exchange, why));
      return;
    }
    this.#state = "busy";
    this.#inFlight = exchange;
    const socket = this.#socket as Socket;
    socket.ref();
    socket.write(exchange.frame);
  }

  /** Ends the connection for good; what is in flight fails with `error`. Resolves once the socket is released. */
  destroy(
    error: ToolError = serviceUnavailable("the connection was closed by the client", false),
  ): Promise<void> {
    this.#die(error);
    return this.#released;
  }

  async #open(greeting: Greeting): Promise<void> {
    const { endpoint } = this.record;
    let trusted: string;
    try {
      // The resolved path is the one checked, so it is the one connected to.
      trusted = await assertSocketTrusted(endpoint);
    } catch (error) {
      this.#die(
        error instanceof ToolError ? error : serviceUnavailable(`cannot check ${endpoint}`, false, error),
      );
      return;
    }
    if (this.#state === "dead") return;
    const socket = createConnection(trusted);
    this.#socket = socket;
    let connected = false;
    socket.once("connect", () => {
      connected = true;
      socket.write(this.#framing.encode(helloFrame(greeting.app)));
    });
    socket.on("data", (chunk: Buffer) => this.#receive(chunk, greeting));
    // Before "connect" nothing reached the host: a refusing endpoint is a stale record, and retrying is safe.
    socket.on("error", (error) =>
      this.#die(
        connected
          ? serviceUnavailable("the connection to the host failed", this.#state !== "busy", error)
          : serviceUnavailable(`the host's endpoint ${endpoint} refuses connections`, true, error),
      ),
    );
    socket.on("close", () => this.#die(this.#closedError(greeting)));
  }

  #closedError(greeting: Greeting): ToolError {
    switch (this.#state) {
      case "opening":
        // The docs leave open whether a host refuses an unknown app in its hello or by closing; both are a refusal.
        return new ToolError(
          REQUEST_NOT_ALLOWED,
          `the host closed the connection before its hello: it does not accept ${greeting.app}`,
          {
            details: { reason: "closed_before_hello" },
          },
        );
      case "busy":
        return serviceUnavailable(
          `the host closed the connection during ${this.#inFlight?.method ?? "a request"}`,
          false,
        );
      case "idle":
      case "dead":
        return serviceUnavailable("the host closed the connection", true);
      default:
        return assertNever(this.#state);
    }
  }

  #receive(chunk: Buffer, greeting: Greeting): void {
    if (this.#state === "dead") return;
    let messages: unknown[];
    try {
      messages = this.#decoder.push(chunk);
    } catch (error) {
      this.#die(
        error instanceof ToolError
          ? error
          : new ToolError("malformed_response", "the host stream could not be read"),
      );
      return;
    }
    for (const message of messages) {
      const violation = this.#handle(message, greeting);
      if (violation !== undefined) {
        this.#die(violation);
        break;
      }
    }
    const finished = this.#finished;
    if (finished === undefined) return;
    this.#finished = undefined;
    const outcome = this.#finishedWith;
    this.#finishedWith = undefined;
    if (this.#finishedOk) this.#listener.answered(this, finished, outcome);
    else this.#listener.failed(this, finished, outcome);
  }

  /** One frame in; returns the error that must kill the connection, if any. */
  #handle(message: unknown, greeting: Greeting): ToolError | undefined {
    switch (this.#state) {
      case "dead":
        return undefined;
      case "opening": {
        const hello = readHostHello(message, greeting.service);
        switch (hello.kind) {
          case "accepted":
            this.#state = "idle";
            this.#socket?.unref();
            this.#opened?.resolve();
            this.#opened = undefined;
            return undefined;
          case "refused":
            return hello.error;
          case "invalid":
            return new ToolError("malformed_response", hello.reason);
          default:
            return assertNever(hello);
        }
      }
      case "idle":
        // Lock-step: with nothing in flight, the host has nothing to say.
        return new ToolError("malformed_response", "the host sent a frame while no request was in flight");
      case "busy":
        return this.#answer(this.#inFlight as E, message);
      default:
        return assertNever(this.#state);
    }
  }

  #answer(exchange: E, message: unknown): ToolError | undefined {
    const frame = classifyFrame(message);
    switch (frame.kind) {
      case "invalid":
        return new ToolError("malformed_response", frame.reason);
      case "event":
        if (frame.id !== undefined && frame.id !== exchange.id) return strangerId(frame.id);
        deliver(exchange.onEvent, frame.event);
        return undefined;
      case "result":
      case "error":
        if (frame.id !== exchange.id) return strangerId(frame.id);
        this.#state = "idle";
        this.#inFlight = undefined;
        this.#socket?.unref();
        this.#finished = exchange;
        this.#finishedOk = frame.kind === "result";
        this.#finishedWith = frame.kind === "result" ? frame.result : frame.error;
        return undefined;
      default:
        return assertNever(frame);
    }
  }

  /** Only the first death counts; it fails what was pending, releases the socket and tells the owner. */
  #die(error: ToolError): void {
    const state = this.#state;
    if (state === "dead") return;
    const inFlight = this.#inFlight;
    const opened = this.#opened;
    this.#state = "dead";
    this.#inFlight = undefined;
    this.#opened = undefined;
    this.#death = error;
    if (this.#socket !== undefined) this.#released = destroySocket(this.#socket);
    this.#onDead(this);
    if (state === "opening") opened?.reject(error);
    if (state === "busy" && inFlight !== undefined) this.#listener.failed(this, inFlight, error);
  }
}

/** A listener's own failure is not the host's: the call goes on, and the exception is not rethrown into the socket. */
function deliver(onEvent: ((event: unknown) => void) | undefined, event: unknown): void {
  if (onEvent === undefined) return;
  try {
    onEvent(event);
  } catch {
    // Nothing to do: an event is advisory, and the response is still coming.
  }
}

function strangerId(id: DaemonId): ToolError {
  return new ToolError("malformed_response", "the host answered a request that is not in flight", {
    details: { id },
  });
}
