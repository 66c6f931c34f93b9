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
import { closedError, HANDOFF_RECOVERY_MS, Pool, type Call, type Recovery } from "./pool.js";
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
  readonly #deadlines = new Deadlines<Call>();
  /** Every call not yet settled, so close() can end each of them wherever it waits. */
  readonly #pending = new Set<Call>();
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
        stage: { kind: "starting" },
        record: undefined,
      };
      this.#pending.add(call);
      if (signal)
        call.detachAbort = watchAbort(signal, () => this.#giveUp(call, abortedError(method, signal.reason)));
      this.#deadlines.add(call, timeoutMs, () => this.#giveUp(call, timeoutError(method, timeoutMs)));
      void this.#run(pool, call);
    });
  }

  /** Final: every pending call fails with service_unavailable wherever it waits, every connection is closed. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const call of [...this.#pending]) this.#giveUp(call, closedError());
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
      );
      this.#pools.set(key, pool);
    }
    this.#lastRoute = route;
    this.#lastPool = pool;
    return pool;
  }

  /**
   * One call from start to answer: a connection, the request, and a resubmission per hand-off.
   * A ToolError is the call's answer; anything else thrown here is a bug of ours and is passed
   * on as it is, never dressed up as the host's fault.
   */
  async #run(pool: Pool, call: Call): Promise<void> {
    let recovery: Recovery | undefined;
    const handedOffBy = new Set<string>();
    for (;;) {
      let connection: DaemonConnection | undefined;
      try {
        // An idle connection is taken at once: the common case costs no extra await.
        connection =
          pool.takeIdle(call) ?? (await pool.acquire(call, recovery, (ms) => this.#sleep(call, ms)));
        if (connection === undefined || call.settled) return;
        pool.claim(call, connection);
        const result = await connection.request(call.id, call.frame, call.method, call.onEvent);
        this.#settle(call, () => call.resolve(result));
      } catch (error) {
        const next = call.settled ? undefined : this.#recoveryAfter(error, call, recovery, handedOffBy);
        if (next !== undefined) {
          recovery = next;
          pool.forget(next.from);
          if (connection !== undefined) void connection.destroy();
          continue;
        }
        this.#settle(call, () => call.reject(error));
      } finally {
        if (connection !== undefined) pool.release(connection);
      }
      return;
    }
  }

  /**
   * Whether a failure is a hand-off to recover from: the host said `host_handoff` (in a
   * response or in its hello), fewer than MAX_HANDOFFS distinct hosts have handed this call off,
   * and the recovery has not run past HANDOFF_RECOVERY_MS. A host that hands off again gets a
   * longer grace each time, so a slow release does not use the limit up.
   */
  #recoveryAfter(
    error: unknown,
    call: Call,
    previous: Recovery | undefined,
    handedOffBy: Set<string>,
  ): Recovery | undefined {
    if (!(error instanceof ToolError) || error.code !== HOST_HANDOFF || call.record === undefined)
      return undefined;
    const from = call.record.identity;
    handedOffBy.add(from);
    const now = performance.now();
    const since = previous?.since ?? now;
    if (handedOffBy.size > MAX_HANDOFFS || now - since >= HANDOFF_RECOVERY_MS) return undefined;
    const again = previous !== undefined && previous.from === from;
    const sameHostGraceMs = again ? previous.sameHostGraceMs * 2 : SAME_HOST_GRACE_MS;
    return { from, since, sameHostGraceMs, handoff: error };
  }

  #settle(call: Call, finish: () => void): void {
    if (call.settled) return;
    call.settled = true;
    call.stage = { kind: "starting" };
    this.#pending.delete(call);
    this.#deadlines.delete(call);
    call.detachAbort?.();
    finish();
  }

  /** Timeout, abort or close: the call stops waiting, and whatever it was waiting on is undone. */
  #giveUp(call: Call, error: ToolError): void {
    const stage = call.stage;
    this.#settle(call, () => call.reject(error));
    switch (stage.kind) {
      case "starting":
      case "discovering":
        return;
      case "queued":
        stage.wake("cancelled");
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
        call.stage = { kind: "starting" };
        resolve();
      }, ms);
      call.stage = { kind: "backoff", timer, wake: resolve };
    });
  }
}
