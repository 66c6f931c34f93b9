/// <reference types="node" />
import { Deadlines } from "../../core/deadlines.js";
import { assertNever } from "../../core/never.js";
import { serviceUnavailable, ToolError } from "../../core/errors.js";
import {
  abortedError,
  checkTimeout,
  timeoutError,
  unsendableParams,
  watchAbort,
  type ServiceRoute,
  type Transport,
  type TransportCallOptions,
} from "../../core/transport.js";
import type { Framing } from "../../framing/framing.js";
import { NDJSON } from "../../framing/ndjson.js";
import { HOST_HANDOFF, requestFrame, type DaemonId } from "../../protocols/daemon.js";
import type { DaemonConnection } from "./connection.js";
import {
  closedError,
  HANDOFF_RECOVERY_MS,
  Pool,
  STARTING,
  type Call,
  type PoolOwner,
  type Recovery,
} from "./pool.js";
import { resolveSuiteRoot } from "./suite.js";

export type DaemonTransportOptions = {
  /** The suite root; else `RIGHTKIT_SUITE_ROOT`, else the per-user default (resolved once, here). */
  suiteRoot?: string;
  /** The service to call; else the one each call names (a generated client names its binding's). */
  service?: string;
  /** The app label said in hello (the host's allowlist key); else the one each call names. */
  app?: string;
  /**
   * Connections kept per service and app. The protocol allows one request in flight per
   * connection, so this is how many calls run at once; the rest wait their turn. Default 4.
   */
  maxConnections?: number;
  /** How frames are written and read; default NDJSON. A wrapper may watch every frame (`rightkit-bindgen conform` does). */
  framing?: Framing;
};

// A takeover that is itself taken over is fine; a chain of more distinct hosts is a fault.
const MAX_HANDOFFS = 3;
// How long the old host's record may stay before the old host is called again; it doubles each time that host hands off again.
const SAME_HOST_GRACE_MS = 1000;
const DEFAULT_MAX_CONNECTIONS = 4;

/**
 * rightkit-daemon's local protocol: discovery through `<suite>/runtime/<service>/service.json`,
 * a hello with the app label, then lock-step request frames on a user-only socket or pipe.
 * Calls on one client run concurrently on a small pool of connections (never two in flight on
 * one), and wait their turn when the pool is busy. A `host_handoff` answer re-reads discovery,
 * reconnects and resubmits the whole request, within the call's own deadline; every other host
 * error surfaces as a ToolError with the host's code and `retryable`.
 */
export class DaemonTransport implements Transport {
  readonly suiteRoot: string;
  readonly #options: DaemonTransportOptions;
  readonly #framing: Framing;
  readonly #pools = new Map<string, Pool>();
  /** Every call not yet settled has a deadline here, so close() can also end each of them wherever it waits. */
  readonly #deadlines = new Deadlines<Call>((call) =>
    this.#giveUp(call, timeoutError(call.method, call.timeoutMs)),
  );
  /** How the pools reach this transport: answers, failures and turns in line. */
  readonly #owner: PoolOwner = {
    answered: (pool, connection, call, result) => this.#answered(pool, connection, call, result),
    failed: (pool, connection, call, error) => this.#failed(pool, connection, call, error),
    handOver: (pool, call, connection) => this.#send(pool, call, connection),
    retry: (pool, call) => this.#start(pool, call, true),
  };
  #lastRoute: ServiceRoute | undefined;
  #lastPool: Pool | undefined;
  #nextId: DaemonId = 1;
  #closed = false;

  constructor(options: DaemonTransportOptions = {}) {
    this.#options = options;
    this.#framing = options.framing ?? NDJSON;
    this.suiteRoot = resolveSuiteRoot(options.suiteRoot);
    const max = options.maxConnections;
    if (max !== undefined && !(Number.isSafeInteger(max) && max >= 1)) {
      throw new ToolError("invalid_arguments", "maxConnections must be a whole number of at least 1");
    }
  }

  call(method: string, params: object, options: TransportCallOptions): Promise<unknown> {
    if (this.#closed) return Promise.reject(serviceUnavailable("the transport is closed", false));
    const badTimeout = checkTimeout(method, options.timeoutMs);
    if (badTimeout) return Promise.reject(badTimeout);
    if (options.signal?.aborted) return Promise.reject(abortedError(method, options.signal.reason));
    const pool = this.#poolFor(method, options);
    if (pool instanceof ToolError) return Promise.reject(pool);
    const id = this.#nextId++;
    let frame: string;
    try {
      frame = this.#framing.encode(requestFrame(id, method, params));
    } catch (error) {
      return Promise.reject(unsendableParams(method, error));
    }
    const { signal, timeoutMs, onEvent } = options;
    return new Promise<unknown>((resolve, reject) => {
      const call: Call = {
        id,
        method,
        frame,
        onEvent,
        resolve,
        reject,
        settled: false,
        detachAbort: undefined,
        timeoutMs,
        deadline: undefined,
        stage: STARTING,
        record: undefined,
        recovery: undefined,
        handedOffBy: undefined,
      };
      if (signal)
        call.detachAbort = watchAbort(signal, () => this.#giveUp(call, abortedError(method, signal.reason)));
      call.deadline = this.#deadlines.add(call, timeoutMs);
      this.#start(pool, call, false);
    });
  }

  /** Final: every pending call fails with service_unavailable wherever it waits, every connection is closed. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const call of this.#deadlines.keys()) this.#giveUp(call, closedError());
    await Promise.all([...this.#pools.values()].map((pool) => pool.close()));
  }

  /**
   * The pool for this call's service and app. A generated client passes the same route object
   * on every call, so the last one is remembered by identity: the common case builds no key.
   */
  #poolFor(method: string, options: TransportCallOptions): Pool | ToolError {
    const route = options.route;
    if (route === this.#lastRoute && this.#lastPool !== undefined) return this.#lastPool;
    const service = this.#options.service ?? route?.service;
    const app = this.#options.app ?? route?.app;
    if (service === undefined || app === undefined) {
      return new ToolError(
        "invalid_arguments",
        `${method}: DaemonTransport needs a service and an app label`,
        {
          details: { method },
        },
      );
    }
    const key = JSON.stringify([service, app]);
    let pool = this.#pools.get(key);
    if (pool === undefined) {
      pool = new Pool(
        this.suiteRoot,
        { service, app },
        this.#framing,
        this.#options.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
        this.#owner,
      );
      this.#pools.set(key, pool);
    }
    this.#lastRoute = route;
    this.#lastPool = pool;
    return pool;
  }

  /**
   * A call's way to a connection: an idle one at once, a new one in a free slot, else its turn in
   * line. The common cases (an idle connection, a connection handed over by the call before)
   * are synchronous: no promise or turn of the event loop between an answer and the next request.
   */
  #start(pool: Pool, call: Call, front: boolean): void {
    if (call.settled) return;
    if (pool.isClosed) {
      this.#failed(pool, undefined, call, closedError());
      return;
    }
    const idle = pool.takeIdle(call);
    if (idle !== undefined) this.#send(pool, call, idle);
    else if (pool.isFull) pool.wait(call, front);
    else void this.#open(pool, call);
  }

  /** A free slot: discovery, connect and hello, then the request. */
  async #open(pool: Pool, call: Call): Promise<void> {
    let connection: DaemonConnection<Call> | undefined;
    try {
      connection = await pool.connect(call, (ms) => this.#sleep(call, ms));
    } catch (error) {
      this.#failed(pool, undefined, call, error);
      return;
    }
    if (connection !== undefined) this.#send(pool, call, connection);
  }

  /** The request on a connection that is now the call's, unless the call ended while it was on its way. */
  #send(pool: Pool, call: Call, connection: DaemonConnection<Call>): void {
    if (call.settled) {
      pool.release(connection);
      return;
    }
    pool.claim(call, connection);
    connection.request(call);
  }

  #answered(pool: Pool, connection: DaemonConnection<Call>, call: Call, result: unknown): void {
    if (this.#settle(call)) call.resolve(result);
    pool.release(connection);
  }

  /**
   * A ToolError is the call's answer, unless it is a hand-off to recover from: then the call
   * starts again, within its own deadline. Anything else is a bug of ours and is passed on as
   * it is, never dressed up as the host's fault.
   */
  #failed(pool: Pool, connection: DaemonConnection<Call> | undefined, call: Call, error: unknown): void {
    const next = call.settled ? undefined : this.#recoveryAfter(error, call);
    if (next !== undefined) {
      call.recovery = next;
      pool.forget(next.from);
      if (connection !== undefined) {
        void connection.destroy();
        pool.release(connection);
      }
      this.#start(pool, call, false);
      return;
    }
    if (this.#settle(call)) call.reject(error);
    if (connection !== undefined) pool.release(connection);
  }

  /**
   * Whether a failure is a hand-off to recover from: the host said `host_handoff` (in a
   * response or in its hello), fewer than MAX_HANDOFFS distinct hosts have handed this call off,
   * and the recovery has not run past HANDOFF_RECOVERY_MS. A host that hands off again gets a
   * longer grace each time, so a slow release does not use the limit up.
   */
  #recoveryAfter(error: unknown, call: Call): Recovery | undefined {
    if (!(error instanceof ToolError) || error.code !== HOST_HANDOFF || call.record === undefined)
      return undefined;
    const previous = call.recovery;
    const from = call.record.identity;
    const handedOffBy = (call.handedOffBy ??= new Set<string>());
    handedOffBy.add(from);
    const now = performance.now();
    const since = previous?.since ?? now;
    if (handedOffBy.size > MAX_HANDOFFS || now - since >= HANDOFF_RECOVERY_MS) return undefined;
    const again = previous !== undefined && previous.from === from;
    const sameHostGraceMs = again ? previous.sameHostGraceMs * 2 : SAME_HOST_GRACE_MS;
    return { from, since, sameHostGraceMs, handoff: error };
  }

  /** Marks the call ended and undoes its deadline and abort listener; false when it had already ended. */
  #settle(call: Call): boolean {
    if (call.settled) return false;
    call.settled = true;
    call.stage = STARTING;
    if (call.deadline !== undefined) this.#deadlines.delete(call.deadline);
    call.detachAbort?.();
    return true;
  }

  /** Timeout, abort or close: the call stops waiting, and whatever it was waiting on is undone. */
  #giveUp(call: Call, error: ToolError): void {
    const stage = call.stage;
    if (this.#settle(call)) call.reject(error);
    switch (stage.kind) {
      case "starting":
      case "discovering":
        return;
      case "queued":
        // It keeps its place in line until its turn comes, and is passed over then.
        return;
      case "backoff":
        clearTimeout(stage.timer);
        stage.wake();
        return;
      case "connecting":
      case "sent":
        // Lock-step: the connection is tied up until the host answers, so it goes; the host
        // sees the disconnect and may cancel the abandoned work.
        void stage.connection.destroy(error);
        return;
      default:
        assertNever(stage);
    }
  }

  #sleep(call: Call, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        call.stage = STARTING;
        resolve();
      }, ms);
      call.stage = { kind: "backoff", timer, wake: resolve };
    });
  }
}
