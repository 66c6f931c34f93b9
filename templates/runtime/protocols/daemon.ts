/**
 * The rightkit-daemon wire dialect: every key name the client writes or reads lives in this
 * module, because the public docs name the frames (`hello`, `request`, `event`, `response`)
 * and the error object (`code`, `message`, `retryable`) but not every key beside them. What we
 * write is our best reading; what we read accepts each documented alternative (`status` or
 * `ok`, a host error in a hello or in a response frame), so a host that spells it the other
 * way still works. rightkit-bindgen's docs/transports.md ("The rightkit-daemon wire dialect") gives the sources.
 */
import { ToolError, type ToolErrorOptions } from "../core/errors.js";
import { isPlainObject } from "../core/json.js";
import { assertNever } from "../core/never.js";

/** The protocol this client speaks; a host or record of another major is refused. */
export const PROTOCOL_MAJOR = 1;
export const PROTOCOL_MINOR = 0;

/** The code a host answers when it is being taken over: re-read discovery and resubmit. */
export const HOST_HANDOFF = "host_handoff";

/** The daemon's allowlist refusal. */
export const REQUEST_NOT_ALLOWED = "request_not_allowed";

/** Request ids: positive integers, unique per connection. */
export type DaemonId = number;

/** The first frame on every connection: who is calling (the app label is the allowlist key). */
export function helloFrame(app: string): object {
  return { type: "hello", app, protocol_major: PROTOCOL_MAJOR, protocol_minor: PROTOCOL_MINOR };
}

export function requestFrame(id: DaemonId, method: string, params: object): object {
  return { type: "request", id, method, params };
}

/** The host's hello, sorted: accepted, refused by the host, or not a hello at all. */
export type HostHello =
  { kind: "accepted" } | { kind: "refused"; error: ToolError } | { kind: "invalid"; reason: string };

/**
 * Reads the host's answer to our hello. An error object in it (whatever the frame's type) is
 * the host refusing us, and its code passes through; a different protocol major or another
 * service is refused here. Fields the host adds (role, version, chunk_bytes, …) are ignored.
 */
export function readHostHello(message: unknown, service: string): HostHello {
  if (!isPlainObject(message)) return { kind: "invalid", reason: "the host's hello is not a JSON object" };
  const outcome = readOutcome(message);
  if (outcome.kind === "error") return { kind: "refused", error: outcome.error };
  if (message["type"] !== "hello") {
    return {
      kind: "invalid",
      reason: `the host answered the hello with a ${describeType(message["type"])} frame`,
    };
  }
  const major = message["protocol_major"];
  if (major !== undefined && major !== PROTOCOL_MAJOR) {
    return {
      kind: "refused",
      error: new ToolError(
        "service_unavailable",
        `the host speaks protocol ${String(major)}, not ${PROTOCOL_MAJOR}`,
        {
          details: { reason: "protocol_major", found: major },
        },
      ),
    };
  }
  const named = message["service"];
  if (named !== undefined && named !== service) {
    return {
      kind: "refused",
      error: new ToolError(
        "service_unavailable",
        `the host serves ${JSON.stringify(named)}, not ${service}`,
        {
          details: { reason: "wrong_service", found: named },
        },
      ),
    };
  }
  return { kind: "accepted" };
}

/** One frame after the hello, sorted into what the connection has to do with it. */
export type DaemonFrame =
  | { kind: "event"; id: DaemonId | undefined; event: unknown }
  | { kind: "result"; id: DaemonId; result: unknown }
  | { kind: "error"; id: DaemonId; error: ToolError }
  | { kind: "invalid"; reason: string };

export function classifyFrame(message: unknown): DaemonFrame {
  if (!isPlainObject(message))
    return { kind: "invalid", reason: "the host sent a JSON value that is not an object" };
  const type = message["type"];
  if (type === "event") {
    // A serde Option written as null means absent: an event without an id belongs to the call in flight.
    const id = message["id"] ?? undefined;
    if (!isOptionalId(id))
      return { kind: "invalid", reason: "the host sent an event with an id of the wrong type" };
    return { kind: "event", id, event: eventPayload(message) };
  }
  if (type !== "response") return { kind: "invalid", reason: `the host sent a ${describeType(type)} frame` };
  const id = message["id"];
  if (!isId(id)) return { kind: "invalid", reason: "the host sent a response without a request id" };
  // We never ask for chunked results (`chunked_ok`), so a chunked answer is not ours to read.
  if (Object.hasOwn(message, "chunked"))
    return { kind: "invalid", reason: "the host sent a chunked response unasked" };
  const outcome = readOutcome(message);
  switch (outcome.kind) {
    case "result":
      return { kind: "result", id, result: outcome.result };
    case "error":
      return { kind: "error", id, error: outcome.error };
    case "none":
      return { kind: "invalid", reason: "the host sent a response with neither a result nor an error" };
    default:
      return assertNever(outcome);
  }
}

/**
 * A ServiceError `{code, message, retryable}` from the host as a ToolError: the code passes
 * through unchanged (known to the contract or not), `retryable` counts only when `true`.
 */
export function toolErrorFromServiceError(error: unknown): ToolError {
  if (!isPlainObject(error) || typeof error["code"] !== "string" || error["code"] === "") {
    return new ToolError("malformed_response", "the host sent an error object without a code", {
      details: { error },
    });
  }
  const code = error["code"];
  const message = typeof error["message"] === "string" && error["message"] !== "" ? error["message"] : code;
  const options: ToolErrorOptions = { retryable: error["retryable"] === true };
  if (error["details"] !== undefined) options.details = error["details"];
  return new ToolError(code, message, options);
}

type Outcome = { kind: "result"; result: unknown } | { kind: "error"; error: ToolError } | { kind: "none" };

/**
 * `status: "ok" | "err"` (rightkit-sidecar's frames) or `ok: true | false` (the daemon's chunk
 * docs); with neither, the presence of `error` or `result` decides.
 */
function readOutcome(message: Record<string, unknown>): Outcome {
  const status = message["status"];
  const ok = message["ok"];
  const failed = status === "err" || status === "error" || ok === false;
  const succeeded = status === "ok" || ok === true;
  // `error: null` (a serde Option) is no error.
  const hasError = message["error"] !== undefined && message["error"] !== null;
  if (failed || (!succeeded && hasError)) {
    return { kind: "error", error: toolErrorFromServiceError(message["error"]) };
  }
  if (Object.hasOwn(message, "result")) return { kind: "result", result: message["result"] };
  return { kind: "none" };
}

/** What an event carries: its `event` (or `data`) value, else the frame without its envelope. */
function eventPayload(frame: Record<string, unknown>): unknown {
  if (Object.hasOwn(frame, "event")) return frame["event"];
  if (Object.hasOwn(frame, "data")) return frame["data"];
  const { type: _type, id: _id, ...rest } = frame;
  return rest;
}

function isId(value: unknown): value is DaemonId {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

/** A guard, not `id !== undefined && !isId(id)`: without strictNullChecks `!== undefined` narrows nothing. */
function isOptionalId(value: unknown): value is DaemonId | undefined {
  return value === undefined || isId(value);
}

function describeType(type: unknown): string {
  return typeof type === "string" ? JSON.stringify(type).slice(0, 40) : "untyped";
}
