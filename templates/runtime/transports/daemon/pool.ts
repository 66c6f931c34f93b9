/// <reference types="node" />
import type { Deadline } from "../../core/deadlines.js";
import { serviceUnavailable, ToolError } from "../../core/errors.js";
import type { Framing } from "../../framing/framing.js";
import { DaemonConnection, type Exchange, type ExchangeListener, type Greeting } from "./connection.js";
import { readServiceRecord, type ServiceRecord } from "./record.js";

/** One call on its way through the pool: the transport owns it, the pool records where it waits. */
export type Call = Exchange & {
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: unknown) => void;
  settled: boolean;
  detachAbort: (() => void) | undefined;
  readonly timeoutMs: number;
  /** Set as soon as the call exists; undone when it settles. */
  deadline: Deadline<Call> | undefined;
  /** What the call is waiting on now, so a timeout, abort or close undoes exactly that. */
  stage: Stage;
  /** The record of the host the call last went to, so a hand-off knows whom to avoid. */
  record: ServiceRecord | undefined;
  /** Set after a hand-off: discovery is read again until a new host has published. */
  recovery: Recovery | undefined;
  /** The hosts that handed this call off; made at the first hand-off. */
  handedOffBy: Set<string> | undefined;
};

export type Stage =
  | { kind: "starting" }
  | { kind: "queued" }
  | { kind: "discovering" }
  | { kind: "backoff"; timer: ReturnType<typeof setTimeout>; wake: () => void }
  | { kind: "connecting"; connection: DaemonConnection<Call> }
  | { kind: "sent"; connection: DaemonConnection<Call> };

/** The stages that carry nothing, shared by every call. */
export const STARTING: Stage = { kind: "starting" };
const QUEUED: Stage = { kind: "queued" };
const DISCOVERING: Stage = { kind: "discovering" };
/** What wakes a waiting call when a slot, not a connection, came free. */
const SLOT = "slot";

/**
 * What a pool tells the transport that owns it, always synchronously: how each request ended
 * (`connection` is undefined when the call failed before it had one), and whose turn it is
 * when a waiting call is given a connection or a free slot.
 */
export type PoolOwner = {
  answered(pool: Pool, connection: DaemonConnection<Call>, call: Call, result: unknown): void;
  failed(pool: Pool, connection: DaemonConnection<Call> | undefined, call: Call, error: unknown): void;
  /** The longest-waiting call's turn: `connection` is idle and the call's to send on. */
  handOver(pool: Pool, call: Call, connection: DaemonConnection<Call>): void;
  /** The longest-waiting call's turn came as a free slot: it tries again, first in line. */
  retry(pool: Pool, call: Call): void;
};

/** After a hand-off: whom to avoid, since when, and how long the old host's record may stay before it is called again. */
export type Recovery = {
  readonly from: string;
  readonly since: number;
  readonly sameHostGraceMs: number;
  /** Surfaced when recovery gives up: the host's own hand-off answer. */
  readonly handoff: ToolError;
};

// After a hand-off the new host publishes within a second or two (hosts poll once a second).
export const HANDOFF_RECOVERY_MS = 10_000;
const FIRST_BACKOFF_MS = 10;
const MAX_BACKOFF_MS = 250;

/**
 * The connections of one (service, app) pair: at most `max` open or being opened, idle ones
 * reused, waiting calls served first come, first served. A busy pool hands a released
 * connection straight to the next waiting call (PoolOwner.handOver), in the same turn as the
 * answer that freed it was read: no promise or timer stands between two calls.
 */
export class Pool {
  readonly #suiteRoot: string;
  readonly #greeting: Greeting;
  readonly #framing: Framing;
  readonly #max: number;
  readonly #owner: PoolOwner;
  readonly #listener: ExchangeListener<Call>;
  readonly #open = new Set<DaemonConnection<Call>>();
  readonly #idle: DaemonConnection<Call>[] = [];
  readonly #waiting: Call[] = [];
  /** Hosts that handed off: their connections are not reused until discovery names them again. */
  readonly #forgotten = new Set<string>();
  /** Slots taken by calls still reading discovery, before their connection exists. */
  #discovering = 0;
  #closed = false;

  constructor(suiteRoot: string, greeting: Greeting, framing: Framing, max: number, owner: PoolOwner) {
    this.#suiteRoot = suiteRoot;
    this.#greeting = greeting;
    this.#framing = framing;
    this.#max = max;
    this.#owner = owner;
    this.#listener = {
      answered: (connection, call, result) => owner.answered(this, connection, call, result),
      failed: (connection, call, error) => owner.failed(this, connection, call, error),
    };
  }

  get isClosed(): boolean {
    return this.#closed;
  }

  /** Whether every slot is taken (open, being opened, or reading discovery): a new call must wait in line. */
  get isFull(): boolean {
    return this.#open.size + this.#discovering >= this.#max;
  }

  /** The most recently used idle connection, now the call's; none when the pool is closed or busy. */
  takeIdle(call: Call): DaemonConnection<Call> | undefined {
    if (this.#closed) return undefined;
    for (let idle = this.#idle.pop(); idle !== undefined; idle = this.#idle.pop()) {
      if (this.#forgotten.has(idle.record.identity)) {
        void idle.destroy();
        continue;
      }
      this.#assign(call, idle);
      return idle;
    }
    return undefined;
  }

  /**
   * The call waits its turn, at the back of the line or (a call woken for a slot that a newcomer
   * took first) at the front; its turn comes through PoolOwner.handOver or retry.
   */
  wait(call: Call, front: boolean): void {
    call.stage = QUEUED;
    if (front) this.#waiting.unshift(call);
    else this.#waiting.push(call);
  }

  /**
   * Opens a connection for `call` in a free slot: discovery (read again after a hand-off until a
   * new host has published), connect, hello. Resolves with the ready connection, or undefined
   * when the call ended meanwhile.
   */
  async connect(
    call: Call,
    sleep: (ms: number) => Promise<void>,
  ): Promise<DaemonConnection<Call> | undefined> {
    // The slot is taken now, not when the connection exists, or every concurrent call would pass the limit.
    this.#discovering += 1;
    let record: ServiceRecord | undefined;
    try {
      record = await this.#discover(call, call.recovery, sleep);
    } finally {
      this.#discovering -= 1;
      // No connection came of it: the slot is free again for the next waiting call.
      if (record === undefined) this.#wakeNext(SLOT);
    }
    if (record === undefined) return undefined;
    if (this.#closed) {
      this.#wakeNext(SLOT);
      throw closedError();
    }
    // Discovery names this host (again): it serves, whatever it said before.
    this.#forgotten.delete(record.identity);
    const connection = new DaemonConnection<Call>(
      record,
      this.#greeting,
      this.#framing,
      this.#listener,
      (dead) => this.#lost(dead),
    );
    this.#open.add(connection);
    call.stage = { kind: "connecting", connection };
    call.record = record;
    try {
      await connection.ready();
    } catch (error) {
      throw await this.#explainRefusal(error, record);
    }
    call.stage = { kind: "sent", connection };
    return connection;
  }

  /**
   * The connection is `call`'s now: where it waits, and whom it went to. Called once the call is
   * known not to have ended while the connection was on its way (an ended call's connection is
   * released to the next in line instead).
   */
  claim(call: Call, connection: DaemonConnection<Call>): void {
    this.#assign(call, connection);
  }

  /** Back from a call: handed to the next waiting call, else kept idle; a dead one has freed its slot. */
  release(connection: DaemonConnection<Call>): void {
    if (connection.isDead) return;
    if (this.#closed || !connection.isIdle || this.#forgotten.has(connection.record.identity)) {
      void connection.destroy();
      return;
    }
    if (!this.#wakeNext(connection)) this.#idle.push(connection);
  }

  /** After a hand-off: connections to the host that handed off are not reused. */
  forget(identity: string): void {
    this.#forgotten.add(identity);
    for (const connection of [...this.#idle]) {
      if (connection.record.identity === identity) void connection.destroy();
    }
  }

  /** Final. The transport has already ended every call, queued ones included; this releases the sockets. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#waiting.length = 0;
    await Promise.all([...this.#open].map((connection) => connection.destroy(closedError())));
  }

  #assign(call: Call, connection: DaemonConnection<Call>): void {
    call.stage = { kind: "sent", connection };
    call.record = connection.record;
  }

  /**
   * A host that closes before its hello may be refusing our app label, or may be going away (a
   * takeover ends the connections still in their hello). Discovery tells which: if the record
   * is gone or names another host, it was going away, and asking again is right.
   */
  async #explainRefusal(error: unknown, record: ServiceRecord): Promise<unknown> {
    if (!(error instanceof ToolError) || !isClosedBeforeHello(error)) return error;
    const now = await readServiceRecord(this.#suiteRoot, this.#greeting.service).catch(() => undefined);
    if (now !== undefined && now.identity === record.identity) return error;
    return new ToolError("service_unavailable", "the host went away during the hello", {
      retryable: true,
      details: { reason: "host_gone" },
      cause: error,
    });
  }

  async #discover(
    call: Call,
    recovery: Recovery | undefined,
    sleep: (ms: number) => Promise<void>,
  ): Promise<ServiceRecord | undefined> {
    const started = performance.now();
    for (let backoff = FIRST_BACKOFF_MS; ; backoff = Math.min(backoff * 2, MAX_BACKOFF_MS)) {
      call.stage = DISCOVERING;
      let record: ServiceRecord | undefined;
      let failure: unknown;
      try {
        record = await readServiceRecord(this.#suiteRoot, this.#greeting.service);
      } catch (error) {
        failure = error;
      }
      if (call.settled) return undefined;
      if (recovery === undefined) {
        if (record === undefined) throw failure;
        return record;
      }
      // After a hand-off: wait for the new host's record. The old one may linger until the old
      // host releases, and none may exist until the new host publishes; a record that stays the
      // old one past the grace period means the old host serves again (an abandoned takeover).
      const now = performance.now();
      if (
        record !== undefined &&
        (record.identity !== recovery.from || now - started >= recovery.sameHostGraceMs)
      ) {
        return record;
      }
      if (failure instanceof ToolError && !failure.retryable) throw failure;
      if (now - recovery.since >= HANDOFF_RECOVERY_MS) throw recovery.handoff;
      await sleep(backoff);
      if (call.settled) return undefined;
    }
  }

  #lost(connection: DaemonConnection<Call>): void {
    this.#open.delete(connection);
    const at = this.#idle.indexOf(connection);
    if (at !== -1) this.#idle.splice(at, 1);
    this.#wakeNext(SLOT);
  }

  /** Gives the longest-waiting call that still waits its turn; false when none does. */
  #wakeNext(woken: DaemonConnection<Call> | typeof SLOT): boolean {
    for (let call = this.#waiting.shift(); call !== undefined; call = this.#waiting.shift()) {
      if (call.stage.kind !== "queued" || call.settled) continue;
      call.stage = STARTING;
      if (woken === SLOT) this.#owner.retry(this, call);
      else this.#owner.handOver(this, call, woken);
      return true;
    }
    return false;
  }
}

function isClosedBeforeHello(error: ToolError): boolean {
  const details = error.details;
  return (
    typeof details === "object" &&
    details !== null &&
    (details as { reason?: unknown }).reason === "closed_before_hello"
  );
}

export function closedError(): ToolError {
  return serviceUnavailable("the transport was closed while the call was pending", false);
}
