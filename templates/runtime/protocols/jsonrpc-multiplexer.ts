import { Deadlines, type Deadline } from "../core/deadlines.js";
import { IdSlots } from "../core/id-slots.js";
import { ToolError } from "../core/errors.js";
import type { RpcError } from "../core/rpc-error.js";
import {
  abortedError,
  checkTimeout,
  timeoutError,
  unsendableParams,
  watchAbort,
  type TransportCallOptions,
} from "../core/transport.js";
import type { Framing } from "../framing/framing.js";
import { classifyMessage, requestMessage, type RpcId } from "./jsonrpc.js";
import { assertNever } from "../core/never.js";

/** Hears every notification (and server-to-client request) the connection carries. */
export type NotificationListener = (method: string, params: unknown) => void;

type PendingCall = {
  readonly id: RpcId;
  readonly method: string;
  readonly timeoutMs: number;
  deadline: Deadline<PendingCall> | undefined;
  resolve(result: unknown): void;
  reject(error: RpcError | ToolError): void;
  /** Detaches the abort listener, when the call has a signal. */
  detach: (() => void) | undefined;
};

// Ids of calls that timed out or were aborted stay here so their late answers are dropped
// quietly instead of looking like a stranger's answer. Bounded so a host that never answers
// cannot grow it forever; an answer older than this window counts as an unknown id.
const MAX_ABANDONED_IDS = 4096;

/**
 * Matches JSON-RPC answers to calls on one connection, many in flight at once. It never
 * touches I/O: the channel feeds it messages and gives it a `send` function. One multiplexer lives exactly as long as its
 * connection, so ids and abandoned ids never leak across reconnects.
 */
export class RpcMultiplexer {
  readonly #framing: Framing;
  readonly #send: (frame: string) => void;
  readonly #onNotification: NotificationListener;
  /** Not a Map: see IdSlots. */
  readonly #pending = new IdSlots<PendingCall>();
  readonly #abandoned = new Set<RpcId>();
  readonly #deadlines = new Deadlines<PendingCall>((call) =>
    this.#giveUp(call.id, timeoutError(call.method, call.timeoutMs)),
  );
  #nextId: RpcId = 1;
  #failure: ToolError | undefined;

  constructor(
    framing: Framing,
    send: (frame: string) => void,
    onNotification: NotificationListener = () => {},
  ) {
    this.#framing = framing;
    this.#send = send;
    this.#onNotification = onNotification;
  }

  get pendingCount(): number {
    return this.#pending.size;
  }

  request(method: string, params: object, options: TransportCallOptions): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    const badTimeout = checkTimeout(method, options.timeoutMs);
    if (badTimeout) return Promise.reject(badTimeout);
    // An abort listener never fires for a signal that is already aborted, and nothing
    // should be sent for a call its caller has already given up on.
    if (options.signal?.aborted) return Promise.reject(abortedError(method, options.signal.reason));
    let frame: string;
    try {
      frame = this.#framing.encode(requestMessage(this.#nextId, method, params));
    } catch (error) {
      return Promise.reject(unsendableParams(method, error));
    }
    const id = this.#nextId++;
    const { signal, timeoutMs } = options;
    return new Promise<unknown>((resolve, reject) => {
      const call: PendingCall = {
        id,
        method,
        timeoutMs,
        deadline: undefined,
        resolve,
        reject,
        detach: undefined,
      };
      if (signal)
        call.detach = watchAbort(signal, () => this.#giveUp(id, abortedError(method, signal.reason)));
      this.#pending.set(id, call);
      call.deadline = this.#deadlines.add(call, timeoutMs);
      this.#send(frame);
    });
  }

  /** Handles one message; returns the error that must reset the connection, if any. */
  receive(received: unknown): ToolError | undefined {
    const message = classifyMessage(received);
    switch (message.kind) {
      case "notification":
        this.#onNotification(message.method, message.params);
        return undefined;
      case "invalid":
        return new ToolError("malformed_response", message.reason);
      case "unknown-id":
        return unknownId(message.id);
      case "result":
      case "error": {
        const call = this.#pending.get(message.id);
        if (!call) {
          if (this.#abandoned.delete(message.id)) return undefined;
          return unknownId(message.id);
        }
        this.#settle(message.id, call);
        if (message.kind === "result") call.resolve(message.result);
        else call.reject(message.error);
        return undefined;
      }
      default:
        return assertNever(message);
    }
  }

  /** Rejects every pending call with `error`; later requests reject with it at once. */
  failAll(error: ToolError): void {
    this.#failure ??= error;
    // In the order they were made, as a Map would list them.
    const calls = this.#pending.values().sort((a, b) => a.id - b.id);
    this.#pending.clear();
    this.#abandoned.clear();
    this.#deadlines.clear();
    for (const call of calls) {
      call.detach?.();
      call.reject(error);
    }
  }

  #settle(id: RpcId, call: PendingCall): void {
    this.#pending.delete(id);
    if (call.deadline !== undefined) this.#deadlines.delete(call.deadline);
    call.detach?.();
  }

  /** Timeout or abort: the caller stops waiting, and a late answer will be dropped quietly. */
  #giveUp(id: RpcId, error: ToolError): void {
    const call = this.#pending.get(id);
    if (!call) return;
    this.#settle(id, call);
    this.#abandon(id);
    call.reject(error);
  }

  #abandon(id: RpcId): void {
    this.#abandoned.add(id);
    if (this.#abandoned.size > MAX_ABANDONED_IDS) {
      const oldest = this.#abandoned.values().next();
      if (!oldest.done) this.#abandoned.delete(oldest.value);
    }
  }
}

function unknownId(id: unknown): ToolError {
  return new ToolError("malformed_response", "the host answered a call that was never made", {
    details: { id },
  });
}
