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

type InFlight = {
  id: DaemonId;
  method: string;
  onEvent: ((event: unknown) => void) | undefined;
  resolve(result: unknown): void;
  reject(error: ToolError): void;
};

type State =
  | { kind: "opening"; resolve(): void; reject(error: ToolError): void }
  | { kind: "idle" }
  | { kind: "busy"; call: InFlight }
  | { kind: "dead" };

/**
 * One lock-step connection to a rightkit-daemon host: connect under the user-only rule, say
 * hello, then one request at a time, each answered by zero or more events and one response.
 * Anything off-protocol kills the connection, and whatever was in flight fails with it; a
 * dead connection is never reused. Who owns it learns of its death through `onDead`.
 */
export class DaemonConnection {
  readonly record: ServiceRecord;
  readonly #framing: Framing;
  readonly #decoder: FrameDecoder;
  readonly #onDead: (connection: DaemonConnection) => void;
  #socket: Socket | undefined;
  #state: State;
  #released: Promise<void> = Promise.resolve();
  /** Why the connection died, for a request made on it after that. */
  #death: ToolError | undefined;
  readonly #ready: Promise<void>;

  constructor(
    record: ServiceRecord,
    greeting: Greeting,
    framing: Framing,
    onDead: (connection: DaemonConnection) => void,
  ) {
    this.record = record;
    this.#framing = framing;
    this.#decoder = framing.decoder();
    this.#onDead = onDead;
    let state!: State;
    this.#ready = new Promise<void>((resolve, reject) => {
      state = { kind: "opening", resolve, reject };
    });
    this.#state = state;
    // The owner awaits ready(); this only keeps a death nobody waits for from being an unhandled rejection.
    this.#ready.catch(() => undefined);
    void this.#open(greeting);
  }

  /** Resolves once the host's hello accepted us; rejects with the reason the connection died first. */
  ready(): Promise<void> {
    return this.#ready;
  }

  get isIdle(): boolean {
    return this.#state.kind === "idle";
  }

  get isDead(): boolean {
    return this.#state.kind === "dead";
  }

  /**
   * Sends one request, already framed by the transport (so params that cannot be sent fail
   * before any connection is touched); the connection must be idle.
   */
  request(
    id: DaemonId,
    frame: string,
    method: string,
    onEvent: ((event: unknown) => void) | undefined,
  ): Promise<unknown> {
    // A connection can die between being handed out and being used (a stray frame right after the hello).
    if (this.#state.kind === "dead" && this.#death !== undefined) return Promise.reject(this.#death);
    if (this.#state.kind !== "idle") {
      return Promise.reject(new Error(`a ${this.#state.kind} connection cannot take a request`));
    }
    return new Promise<unknown>((resolve, reject) => {
      this.#state = { kind: "busy", call: { id, method, onEvent, resolve, reject } };
      const socket = this.#socket as Socket;
      socket.ref();
      socket.write(frame);
    });
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
    if (this.#state.kind === "dead") return;
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
          ? serviceUnavailable("the connection to the host failed", !this.#sentRequest(), error)
          : serviceUnavailable(`the host's endpoint ${endpoint} refuses connections`, true, error),
      ),
    );
    socket.on("close", () => this.#die(this.#closedError(greeting)));
  }

  #sentRequest(): boolean {
    return this.#state.kind === "busy";
  }

  #closedError(greeting: Greeting): ToolError {
    switch (this.#state.kind) {
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
        return serviceUnavailable(`the host closed the connection during ${this.#state.call.method}`, false);
      case "idle":
      case "dead":
        return serviceUnavailable("the host closed the connection", true);
      default:
        return assertNever(this.#state);
    }
  }

  #receive(chunk: Buffer, greeting: Greeting): void {
    if (this.#state.kind === "dead") return;
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
        return;
      }
    }
  }

  /** One frame in; returns the error that must kill the connection, if any. */
  #handle(message: unknown, greeting: Greeting): ToolError | undefined {
    const state = this.#state;
    switch (state.kind) {
      case "dead":
        return undefined;
      case "opening": {
        const hello = readHostHello(message, greeting.service);
        switch (hello.kind) {
          case "accepted":
            this.#state = { kind: "idle" };
            this.#socket?.unref();
            state.resolve();
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
        return this.#answer(state.call, message);
      default:
        return assertNever(state);
    }
  }

  #answer(call: InFlight, message: unknown): ToolError | undefined {
    const frame = classifyFrame(message);
    switch (frame.kind) {
      case "invalid":
        return new ToolError("malformed_response", frame.reason);
      case "event":
        if (frame.id !== undefined && frame.id !== call.id) return strangerId(frame.id);
        deliver(call.onEvent, frame.event);
        return undefined;
      case "result":
      case "error":
        if (frame.id !== call.id) return strangerId(frame.id);
        this.#state = { kind: "idle" };
        this.#socket?.unref();
        if (frame.kind === "result") call.resolve(frame.result);
        else call.reject(frame.error);
        return undefined;
      default:
        return assertNever(frame);
    }
  }

  /** Only the first death counts; it fails what was pending, releases the socket and tells the owner. */
  #die(error: ToolError): void {
    const state = this.#state;
    if (state.kind === "dead") return;
    this.#state = { kind: "dead" };
    this.#death = error;
    if (this.#socket !== undefined) this.#released = destroySocket(this.#socket);
    this.#onDead(this);
    if (state.kind === "opening") state.reject(error);
    if (state.kind === "busy") state.call.reject(error);
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
