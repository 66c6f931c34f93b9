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

type InFlight = { id: RequestId; method: string; live: boolean };

/**
 * One daemon-protocol connection: the client's hello first (app label checked against the
 * allowlist), then requests in lock-step, each answered by zero or more events and one response.
 * Any breach of the protocol closes the connection and is counted.
 */
export function openDaemonSession(connection: Connection, state: DaemonHostState): Session {
  let phase: "hello" | "open" | "closed" = "hello";
  let app = "";
  let inFlight: InFlight | undefined;
  const handshake = setTimeout(
    () => violate(`no hello within ${state.handshakeTimeoutMs} ms`, undefined),
    state.handshakeTimeoutMs,
  );

  // The host's own control client sees no fault, so a test can always reach the kill control.
  const fault = (): DaemonFault | undefined => (app === CONTROL_APP ? undefined : daemonFaultOf(state.scenario()));
  const send = (text: string): void => {
    if (fault() === "split_writes") connection.writer.writeInPieces(text);
    else connection.writer.write(text);
  };
  const close = (how: "drop" | "finish"): void => {
    phase = "closed";
    clearTimeout(handshake);
    if (how === "drop") connection.drop();
    else void connection.finish();
  };
  /** Counts the breach; answers it with bad_request when the client can match the answer to something. */
  const violate = (reason: string, answerId: RequestId | null | undefined): void => {
    state.violation(reason);
    if (answerId === undefined) return close("drop");
    send(encodeResponse(answerId, failure(HOST_ERROR.badRequest, reason)));
    close("finish");
  };
  const refuseHello = (error: ServiceError): void => {
    send(encodeHelloRefusal(error));
    close("finish");
  };

  const hello = (frame: Extract<ClientFrame, { kind: "hello" }>): void => {
    app = typeof frame.app === "string" ? frame.app : "";
    if (frame.protocolMajor !== PROTOCOL_MAJOR) {
      const message = `this host speaks protocol_major ${PROTOCOL_MAJOR}, not ${writeExact(frame.protocolMajor)}`;
      return refuseHello({ code: HOST_ERROR.protocolMismatch, message, retryable: false });
    }
    if (typeof frame.app !== "string" || !appKnown(state.allowlist, app)) {
      const message = `app ${writeExact(frame.app)} is not on this host's allowlist`;
      return refuseHello({ code: HOST_ERROR.notAllowed, message, retryable: false });
    }
    const helloFault = fault();
    if (helloFault === "hello_close") return close("finish");
    if (helloFault === "hello_refused") {
      return refuseHello({
        code: HOST_ERROR.notAllowed,
        message: "this host refuses every app (hello_refused)",
        retryable: false,
      });
    }
    phase = "open";
    send(
      encodeHello({
        ...state.identity,
        ...(helloFault === "hello_wrong_service" ? { service: IMPOSTOR_SERVICE } : {}),
        ...(helloFault === "hello_wrong_major" ? { protocolMajor: PROTOCOL_MAJOR + 1 } : {}),
      }),
    );
  };

  /** Answers the host gives itself, before (or instead of) the service. */
  const admission = (method: string, params: unknown, callFault: DaemonFault | undefined): Outcome | undefined => {
    if (state.handoff.aborted) return handoffFailure();
    if (!permits(state.allowlist, app, method)) {
      return failure(HOST_ERROR.notAllowed, `app ${app} may not call ${method}`);
    }
    if (method === PING) return success({});
    if (state.scenario() === ECHO) return success(params);
    if (callFault === "handoff_once" && state.takeHandoffOnce()) return handoffFailure();
    return undefined;
  };

  const answer = (call: InFlight, outcome: Outcome, callFault: DaemonFault | undefined): void => {
    call.live = false;
    if (phase === "open" && inFlight === call) {
      deliver(call.id, outcome, callFault);
      if (callFault !== "never_answer") inFlight = undefined;
    }
    state.events.emit("answer", { method: call.method, id: call.id } satisfies HostEvent);
  };

  /** Sends (or withholds, or mangles) the response to `id` the way `callFault` says. */
  const deliver = (id: RequestId, outcome: Outcome, callFault: DaemonFault | undefined): void => {
    switch (callFault) {
      case "garbage_line":
        return send(GARBAGE_LINE);
      case "drop_mid_call":
        return close("drop");
      case "never_answer":
        return;
      case "oversized_line":
        return send(encodeResponse(id, success(oversizedResult())));
      case "unknown_id":
        return send(encodeResponse(strangerId(id), outcome));
      case "unknown_frame_type":
        return send(encodeSurprise(id));
      case "events":
        for (const seq of [1, 2, 3]) send(encodeEvent(id, { kind: "progress", seq }));
        return send(encodeResponse(id, outcome));
      case "ok_flag":
        return send(encodeResponse(id, outcome, "ok_flag"));
      case "duplicate_response":
        send(encodeResponse(id, outcome));
        return send(encodeResponse(id, outcome));
      case "error_without_retryable":
        return send(encodeResponse(id, withoutRetryable(outcome)));
      case undefined:
      case "split_writes":
      case "hello_wrong_service":
      case "hello_wrong_major":
      case "hello_close":
      case "hello_refused":
      case "handoff_once":
        return send(encodeResponse(id, outcome));
      default:
        return assertNever(callFault, "case");
    }
  };

  const request = (frame: Extract<ClientFrame, { kind: "request" }>): void => {
    const { id, method, params } = frame;
    if (inFlight !== undefined) {
      const busy = writeExact(inFlight.id);
      return violate(`request ${writeExact(id)} arrived while ${busy} is in flight: one request at a time`, id);
    }
    const call: InFlight = { id, method, live: true };
    inFlight = call;
    state.events.emit("request", { method, id } satisfies HostEvent);
    const callFault = isControlMethod(method) ? undefined : fault();
    const admitted = admission(method, params, callFault);
    if (admitted !== undefined) return answer(call, admitted, undefined);
    const context: CallContext = {
      app,
      handoff: state.handoff,
      emit: (event) => {
        if (call.live && phase === "open") send(encodeEvent(id, event));
      },
      drop: () => close("drop"),
    };
    // A service that throws or rejects is the host's own bug: the call is answered, generically,
    // so the connection never stays wedged with a request in flight.
    let outcome: Outcome | Promise<Outcome>;
    try {
      outcome = state.service.handle(method, params, context);
    } catch {
      return answer(call, internalFailure(), callFault);
    }
    if (outcome instanceof Promise) {
      state.track(
        outcome.then(
          (settled) => answer(call, settled, callFault),
          () => answer(call, internalFailure(), callFault),
        ),
      );
    } else answer(call, outcome, callFault);
  };

  return {
    line: (text) => {
      if (phase === "closed") return;
      const frame = decodeClientFrame(text);
      if (frame.kind === "blank") return;
      if (phase === "hello") {
        clearTimeout(handshake);
        if (frame.kind === "hello") return hello(frame);
        return violate("the first frame must be a hello", undefined);
      }
      switch (frame.kind) {
        case "hello":
          return violate("a second hello", null);
        case "invalid":
          return violate(frame.reason, frame.id);
        case "request":
          return request(frame);
        default:
          return assertNever(frame, "case");
      }
    },
    overflow: () => violate(`a line over ${MAX_LINE_BYTES} bytes`, undefined),
    closed: () => {
      phase = "closed";
      clearTimeout(handshake);
    },
  };
}

/** The error as a lying host writes it: no `retryable` (error_without_retryable). */
function withoutRetryable(outcome: Outcome): Outcome {
  if (outcome.ok) return outcome;
  const { retryable: _left, ...error } = outcome.error;
  return { ...outcome, error: error as ServiceError };
}
