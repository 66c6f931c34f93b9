import type { EventEmitter } from "node:events";
import { appKnown, CONTROL_APP, isControlMethod, permits, PING, type Allowlist } from "./allowlist.js";
import type { Connection, HostEvent, Session } from "./connection.js";
import { writeExact } from "./exact-json.js";
import { daemonFaultOf, ECHO, GARBAGE_LINE, oversizedResult, strangerId, type DaemonFault } from "./faults.js";
import { MAX_LINE_BYTES } from "./limits.js";
import { failure, handoffFailure, HOST_ERROR, internalFailure, success, type Outcome, type ServiceError } from "./outcome.js";
import {
  decodeClientFrame,
  encodeEvent,
  encodeHello,
  encodeHelloRefusal,
  encodeResponse,
  encodeSurprise,
  PROTOCOL_MAJOR,
  type ClientFrame,
  type HostIdentity,
  type RequestId,
} from "./protocols/daemon.js";
import type { CallContext, Service } from "./service.js";
import { assertNever } from "../../errors.js";

/** What every daemon connection of one host shares. */
export type DaemonHostState = {
  service: Service;
  identity: HostIdentity;
  allowlist: Allowlist;
  scenario(): string;
  handshakeTimeoutMs: number;
  events: EventEmitter;
  /** Aborted once the host hands its service over: nothing new is admitted, long calls give up. */
  handoff: AbortSignal;
  /** Counts a client's breach of the protocol, so tests can show a client never commits one. */
  violation(reason: string): void;
  /** True the first time it is asked on this host: handoff_once's one hand-off. */
  takeHandoffOnce(): boolean;
  /** Registers a service call still running, so a hand-off can wait until it answered. */
  track(answered: Promise<void>): void;
};

/** The service name an impostor's hello claims (hello_wrong_service). */
const IMPOSTOR_SERVICE = "rightkit.impostor";

/** One request of the lock-step: live until answered, after which its events are not sent. */
type InFlight = { readonly id: RequestId; readonly method: string; live: boolean };

/**
 * Where a session stands. The handshake timer runs only while the hello is awaited; `busy` holds
 * the one request in flight (never_answer leaves it there for good, so the next request is a breach);
 * `closed` ignores every later line.
 */
type SessionStage =
  { kind: "hello"; handshake: NodeJS.Timeout } | { kind: "ready" } | { kind: "busy"; call: InFlight } | { kind: "closed" };

/** The stages that carry nothing. */
const READY: SessionStage = { kind: "ready" };
const CLOSED: SessionStage = { kind: "closed" };

/** The session a daemon host opens for each connection it admits. */
export function openDaemonSession(connection: Connection, state: DaemonHostState): Session {
  return new DaemonSession(connection, state);
}

/**
 * One daemon-protocol connection: the client's hello first (app label checked against the
 * allowlist), then requests in lock-step, each answered by zero or more events and one response.
 * Any breach of the protocol closes the connection and is counted.
 */
export class DaemonSession implements Session {
  readonly #connection: Connection;
  readonly #state: DaemonHostState;
  #stage: SessionStage;
  /** What the hello said the app is, from the hello on (refusals included): the control client sees no fault. */
  #app = "";

  constructor(connection: Connection, state: DaemonHostState) {
    this.#connection = connection;
    this.#state = state;
    const handshake = setTimeout(
      () => this.#violate(`no hello within ${state.handshakeTimeoutMs} ms`, undefined),
      state.handshakeTimeoutMs,
    );
    this.#stage = { kind: "hello", handshake };
  }

  line(text: string): void {
    const stage = this.#stage;
    if (stage.kind === "closed") return;
    const frame = decodeClientFrame(text);
    if (frame.kind === "blank") return;
    if (stage.kind === "hello") {
      clearTimeout(stage.handshake);
      if (frame.kind === "hello") return this.#hello(frame);
      return this.#violate("the first frame must be a hello", undefined);
    }
    switch (frame.kind) {
      case "hello":
        return this.#violate("a second hello", null);
      case "invalid":
        return this.#violate(frame.reason, frame.id);
      case "request":
        return this.#request(frame);
      default:
        return assertNever(frame, "case");
    }
  }

  overflow(): void {
    this.#violate(`a line over ${MAX_LINE_BYTES} bytes`, undefined);
  }

  closed(): void {
    this.#stopHandshake();
    this.#stage = CLOSED;
  }

  /** Between a welcomed hello and the close: requests are taken and their events sent. */
  #isOpen(): boolean {
    return this.#stage.kind === "ready" || this.#stage.kind === "busy";
  }

  #stopHandshake(): void {
    if (this.#stage.kind === "hello") clearTimeout(this.#stage.handshake);
  }

  // The host's own control client sees no fault, so a test can always reach the kill control.
  #fault(): DaemonFault | undefined {
    return this.#app === CONTROL_APP ? undefined : daemonFaultOf(this.#state.scenario());
  }

  #send(text: string): void {
    if (this.#fault() === "split_writes") this.#connection.writer.writeInPieces(text);
    else this.#connection.writer.write(text);
  }

  #close(how: "drop" | "finish"): void {
    this.#stopHandshake();
    this.#stage = CLOSED;
    if (how === "drop") this.#connection.drop();
    else void this.#connection.finish();
  }

  /** Counts the breach; answers it with bad_request when the client can match the answer to something. */
  #violate(reason: string, answerId: RequestId | null | undefined): void {
    this.#state.violation(reason);
    if (answerId === undefined) return this.#close("drop");
    this.#send(encodeResponse(answerId, failure(HOST_ERROR.badRequest, reason)));
    this.#close("finish");
  }

  #refuseHello(error: ServiceError): void {
    this.#send(encodeHelloRefusal(error));
    this.#close("finish");
  }

  #hello(frame: Extract<ClientFrame, { kind: "hello" }>): void {
    this.#app = typeof frame.app === "string" ? frame.app : "";
    if (frame.protocolMajor !== PROTOCOL_MAJOR) {
      const message = `this host speaks protocol_major ${PROTOCOL_MAJOR}, not ${writeExact(frame.protocolMajor)}`;
      return this.#refuseHello({ code: HOST_ERROR.protocolMismatch, message, retryable: false });
    }
    if (typeof frame.app !== "string" || !appKnown(this.#state.allowlist, this.#app)) {
      const message = `app ${writeExact(frame.app)} is not on this host's allowlist`;
      return this.#refuseHello({ code: HOST_ERROR.notAllowed, message, retryable: false });
    }
    const helloFault = this.#fault();
    if (helloFault === "hello_close") return this.#close("finish");
    if (helloFault === "hello_refused") {
      return this.#refuseHello({
        code: HOST_ERROR.notAllowed,
        message: "this host refuses every app (hello_refused)",
        retryable: false,
      });
    }
    this.#stage = READY;
    this.#send(
      encodeHello({
        ...this.#state.identity,
        ...(helloFault === "hello_wrong_service" ? { service: IMPOSTOR_SERVICE } : {}),
        ...(helloFault === "hello_wrong_major" ? { protocolMajor: PROTOCOL_MAJOR + 1 } : {}),
      }),
    );
  }

  #request(frame: Extract<ClientFrame, { kind: "request" }>): void {
    const { id, method, params } = frame;
    if (this.#stage.kind === "busy") {
      const busy = writeExact(this.#stage.call.id);
      return this.#violate(`request ${writeExact(id)} arrived while ${busy} is in flight: one request at a time`, id);
    }
    const call: InFlight = { id, method, live: true };
    this.#stage = { kind: "busy", call };
    this.#state.events.emit("request", { method, id } satisfies HostEvent);
    const callFault = isControlMethod(method) ? undefined : this.#fault();
    const admitted = this.#admission(method, params, callFault);
    if (admitted !== undefined) return this.#answer(call, admitted, undefined);
    const context = this.#contextOf(call);
    // A service that throws or rejects is the host's own bug: the call is answered, generically,
    // so the connection never stays wedged with a request in flight.
    let outcome: Outcome | Promise<Outcome>;
    try {
      outcome = this.#state.service.handle(method, params, context);
    } catch {
      return this.#answer(call, internalFailure(), callFault);
    }
    if (outcome instanceof Promise) {
      this.#state.track(
        outcome.then(
          (settled) => this.#answer(call, settled, callFault),
          () => this.#answer(call, internalFailure(), callFault),
        ),
      );
    } else this.#answer(call, outcome, callFault);
  }

  /** Answers the host gives itself, before (or instead of) the service. */
  #admission(method: string, params: unknown, callFault: DaemonFault | undefined): Outcome | undefined {
    const state = this.#state;
    if (state.handoff.aborted) return handoffFailure();
    if (!permits(state.allowlist, this.#app, method)) {
      return failure(HOST_ERROR.notAllowed, `app ${this.#app} may not call ${method}`);
    }
    if (method === PING) return success({});
    if (state.scenario() === ECHO) return success(params);
    if (callFault === "handoff_once" && state.takeHandoffOnce()) return handoffFailure();
    return undefined;
  }

  /** What the service may do during `call`: its events go out only while the call is live and the session open. */
  #contextOf(call: InFlight): CallContext {
    return {
      app: this.#app,
      handoff: this.#state.handoff,
      emit: (event) => {
        if (call.live && this.#isOpen()) this.#send(encodeEvent(call.id, event));
      },
      drop: () => this.#close("drop"),
    };
  }

  #answer(call: InFlight, outcome: Outcome, callFault: DaemonFault | undefined): void {
    call.live = false;
    const stage = this.#stage;
    if (stage.kind === "busy" && stage.call === call) {
      this.#deliver(call.id, outcome, callFault);
      // Delivering may have closed the session (drop_mid_call); a closed session stays closed.
      if (callFault !== "never_answer" && this.#stage === stage) this.#stage = READY;
    }
    this.#state.events.emit("answer", { method: call.method, id: call.id } satisfies HostEvent);
  }

  /** Sends (or withholds, or mangles) the response to `id` the way `callFault` says. */
  #deliver(id: RequestId, outcome: Outcome, callFault: DaemonFault | undefined): void {
    switch (callFault) {
      case "garbage_line":
        return this.#send(GARBAGE_LINE);
      case "drop_mid_call":
        return this.#close("drop");
      case "never_answer":
        return;
      case "oversized_line":
        return this.#send(encodeResponse(id, success(oversizedResult())));
      case "unknown_id":
        return this.#send(encodeResponse(strangerId(id), outcome));
      case "unknown_frame_type":
        return this.#send(encodeSurprise(id));
      case "events":
        for (const seq of [1, 2, 3]) this.#send(encodeEvent(id, { kind: "progress", seq }));
        return this.#send(encodeResponse(id, outcome));
      case "ok_flag":
        return this.#send(encodeResponse(id, outcome, "ok_flag"));
      case "duplicate_response":
        this.#send(encodeResponse(id, outcome));
        return this.#send(encodeResponse(id, outcome));
      case "error_without_retryable":
        return this.#send(encodeResponse(id, withoutRetryable(outcome)));
      case undefined:
      case "split_writes":
      case "hello_wrong_service":
      case "hello_wrong_major":
      case "hello_close":
      case "hello_refused":
      case "handoff_once":
        return this.#send(encodeResponse(id, outcome));
      default:
        return assertNever(callFault, "case");
    }
  }
}

/** The error as a lying host writes it: no `retryable` (error_without_retryable). */
function withoutRetryable(outcome: Outcome): Outcome {
  if (outcome.ok) return outcome;
  const { retryable: _left, ...error } = outcome.error;
  return { ...outcome, error: error as ServiceError };
}
