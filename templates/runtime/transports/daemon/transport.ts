import { Deadlines } from "../../core/deadlines.js";
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
import { DaemonConnection, type Greeting } from "./connection.js";
import { readServiceRecord, type ServiceRecord } from "./record.js";
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
};

// Enough for a takeover that itself is taken over; a host that hands off forever is a fault.
const MAX_HANDOFFS = 3;
// After a hand-off the new host publishes its record within a second or two (hosts poll once a second).
const HANDOFF_RECOVERY_MS = 10_000;
// How long the old record may stay before the old host is called again (a takeover that was abandoned).
const SAME_HOST_GRACE_MS = 1000;
const FIRST_BACKOFF_MS = 10;
const MAX_BACKOFF_MS = 250;
const DEFAULT_MAX_CONNECTIONS = 4;

type Call = {
  readonly id: DaemonId;
  readonly method: string;
  readonly frame: string;
  readonly onEvent: ((event: unknown) => void) | undefined;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: ToolError) => void;
  settled: boolean;
  detachAbort: (() => void) | undefined;
  /** What the call is waiting on now, so a timeout or abort undoes exactly that. */
  stage: Stage;
};

type Stage =
  | { kind: "starting" }
  | { kind: "queued"; wake: (connection: DaemonConnection | undefined) => void }
  | { kind: "discovering" }
  | { kind: "backoff"; timer: ReturnType<typeof setTimeout>; wake: () => void }
  | { kind: "connected"; connection: DaemonConnection };

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
  readonly #framing: Framing = NDJSON;
  readonly #pools = new Map<string, Pool>();
  readonly #deadlines = new Deadlines<Call>();
  #lastRoute: ServiceRoute | undefined;
  #lastPool: Pool | undefined;
  #nextId: DaemonId = 1;
  #closed = false;

  constructor(options: DaemonTransportOptions = {}) {
    this.#options = options;
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
      };
      if (signal)
        call.detachAbort = watchAbort(signal, () => this.#giveUp(call, abortedError(method, signal.reason)));
      this.#deadlines.add(call, timeoutMs, () => this.#giveUp(call, timeoutError(method, timeoutMs)));
      void this.#run(pool, call);
    });
  }

  /** Final: calls in flight fail with service_unavailable, every connection is closed. */
  async close(): Promise<void> {
    this.#closed = true;
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

  /** One call from start to answer: a connection, the request, and a resubmission per hand-off. */
  async #run(pool: Pool, call: Call): Promise<void> {
    let handedOffBy: string | undefined;
    for (let handoffs = 0; ; handoffs += 1) {
      let connection: DaemonConnection | undefined;
      try {
        // An idle connection is taken at once: the common case costs no extra await.
        connection =
          pool.takeIdle(call) ?? (await pool.acquire(call, handedOffBy, (ms) => this.#sleep(call, ms)));
        if (connection === undefined || call.settled) return;
        const result = await connection.request(call.id, call.frame, call.method, call.onEvent);
        this.#settle(call, () => call.resolve(result));
      } catch (error) {
        const failure =
          error instanceof ToolError
            ? error
            : new ToolError("malformed_response", String(error), { cause: error });
        if (
          failure.code === HOST_HANDOFF &&
          connection !== undefined &&
          handoffs < MAX_HANDOFFS &&
          !call.settled
        ) {
          // The host that handed off is releasing: neither this connection nor its idle siblings are reused.
          handedOffBy = connection.record.identity;
          void connection.destroy();
          pool.forget(handedOffBy);
          continue;
        }
        this.#settle(call, () => call.reject(failure));
      } finally {
        if (connection !== undefined) pool.release(connection);
      }
      return;
    }
  }

  #settle(call: Call, finish: () => void): void {
    if (call.settled) return;
    call.settled = true;
    call.stage = { kind: "starting" };
    this.#deadlines.delete(call);
    call.detachAbort?.();
    finish();
  }

  /** Timeout or abort: the call stops waiting, and whatever it was waiting on is undone. */
  #giveUp(call: Call, error: ToolError): void {
    const stage = call.stage;
    this.#settle(call, () => call.reject(error));
    switch (stage.kind) {
      case "starting":
      case "discovering":
        return;
      case "queued":
        stage.wake(undefined);
        return;
      case "backoff":
        clearTimeout(stage.timer);
        stage.wake();
        return;
      case "connected":
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

/**
 * The connections of one (service, app) pair: at most `max` open, idle ones reused, waiting
 * calls served first come, first served.
 */
class Pool {
  readonly #suiteRoot: string;
  readonly #greeting: Greeting;
  readonly #framing: Framing;
  readonly #max: number;
  readonly #open = new Set<DaemonConnection>();
  readonly #idle: DaemonConnection[] = [];
  readonly #waiting: Call[] = [];
  /** Slots taken by calls still reading discovery, before their connection exists. */
  #discovering = 0;
  #closed = false;

  constructor(suiteRoot: string, greeting: Greeting, framing: Framing, max: number) {
    this.#suiteRoot = suiteRoot;
    this.#greeting = greeting;
    this.#framing = framing;
    this.#max = max;
  }

  /**
   * A ready connection for `call`, or undefined when the call gave up meanwhile. After a
   * hand-off (`handedOffBy` names the record that handed off) discovery is read again until a
   * new host has published, backing off between reads, for at most HANDOFF_RECOVERY_MS.
   */
  async acquire(
    call: Call,
    handedOffBy: string | undefined,
    sleep: (ms: number) => Promise<void>,
  ): Promise<DaemonConnection | undefined> {
    for (;;) {
      if (this.#closed) throw closedError();
      const idle = this.takeIdle(call);
      if (idle !== undefined) return idle;
      if (this.#open.size + this.#discovering < this.#max) return this.#connect(call, handedOffBy, sleep);
      const handed = await new Promise<DaemonConnection | undefined>((wake) => {
        call.stage = { kind: "queued", wake };
        this.#waiting.push(call);
      });
      if (call.settled) {
        if (handed !== undefined) this.release(handed);
        return undefined;
      }
      if (handed !== undefined) {
        call.stage = { kind: "connected", connection: handed };
        return handed;
      }
    }
  }

  /** The most recently used idle connection, now the call's; none when the pool is closed or busy. */
  takeIdle(call: Call): DaemonConnection | undefined {
    if (this.#closed) return undefined;
    const idle = this.#idle.pop();
    if (idle !== undefined) call.stage = { kind: "connected", connection: idle };
    return idle;
  }

  /** Back from a call: reused by the next waiting call, else kept idle; a dead one frees its slot. */
  release(connection: DaemonConnection): void {
    if (this.#closed || connection.isDead || !connection.isIdle) {
      if (!connection.isDead) void connection.destroy();
      return;
    }
    const next = this.#nextWaiting();
    if (next !== undefined) next(connection);
    else this.#idle.push(connection);
  }

  /** After a hand-off: connections to the host that handed off are not reused. */
  forget(identity: string): void {
    for (const connection of [...this.#idle]) {
      if (connection.record.identity === identity) void connection.destroy();
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (let wake = this.#nextWaiting(); wake !== undefined; wake = this.#nextWaiting()) wake(undefined);
    await Promise.all([...this.#open].map((connection) => connection.destroy(closedError())));
  }

  async #connect(
    call: Call,
    handedOffBy: string | undefined,
    sleep: (ms: number) => Promise<void>,
  ): Promise<DaemonConnection | undefined> {
    // The slot is taken now, not when the connection exists, or every concurrent call would pass the limit.
    this.#discovering += 1;
    let record: ServiceRecord | undefined;
    try {
      record = await this.#discover(call, handedOffBy, sleep);
      if (this.#closed) throw closedError();
    } finally {
      this.#discovering -= 1;
      // No connection came of it: the slot is free again for the next waiting call.
      if (record === undefined || this.#closed) this.#nextWaiting()?.(undefined);
    }
    if (record === undefined) return undefined;
    const connection = new DaemonConnection(record, this.#greeting, this.#framing, (dead) =>
      this.#lost(dead),
    );
    this.#open.add(connection);
    call.stage = { kind: "connected", connection };
    await connection.ready();
    return connection;
  }

  async #discover(
    call: Call,
    handedOffBy: string | undefined,
    sleep: (ms: number) => Promise<void>,
  ): Promise<ServiceRecord | undefined> {
    const started = performance.now();
    for (let backoff = FIRST_BACKOFF_MS; ; backoff = Math.min(backoff * 2, MAX_BACKOFF_MS)) {
      call.stage = { kind: "discovering" };
      let record: ServiceRecord | undefined;
      let failure: unknown;
      try {
        record = await readServiceRecord(this.#suiteRoot, this.#greeting.service);
      } catch (error) {
        failure = error;
      }
      if (call.settled) return undefined;
      if (handedOffBy === undefined) {
        if (record === undefined) throw failure;
        return record;
      }
      // After a hand-off: wait for the new host's record. The old one may linger until the old
      // host releases, and none may exist until the new host publishes; a record that stays the
      // old one past a grace period means the takeover was abandoned, and the old host serves again.
      const waited = performance.now() - started;
      if (record !== undefined && (record.identity !== handedOffBy || waited >= SAME_HOST_GRACE_MS))
        return record;
      if (failure instanceof ToolError && !failure.retryable) throw failure;
      if (waited >= HANDOFF_RECOVERY_MS)
        throw failure ?? serviceUnavailable("no host took over after the hand-off", true);
      await sleep(backoff);
      if (call.settled) return undefined;
    }
  }

  #lost(connection: DaemonConnection): void {
    this.#open.delete(connection);
    const at = this.#idle.indexOf(connection);
    if (at !== -1) this.#idle.splice(at, 1);
    // A slot is free: the first waiting call may open its own connection.
    this.#nextWaiting()?.(undefined);
  }

  /** The wake-up of the longest-waiting call that still waits. */
  #nextWaiting(): ((connection: DaemonConnection | undefined) => void) | undefined {
    for (let call = this.#waiting.shift(); call !== undefined; call = this.#waiting.shift()) {
      if (call.stage.kind === "queued" && !call.settled) return call.stage.wake;
    }
    return undefined;
  }
}

function closedError(): ToolError {
  return serviceUnavailable("the transport was closed while the call was pending", false);
}

function assertNever(value: never): never {
  throw new Error(`unhandled stage: ${JSON.stringify(value)}`);
}
