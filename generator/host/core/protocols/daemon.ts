import { readExact, writeExact } from "../exact-json.js";
import type { Outcome, ServiceError } from "../outcome.js";
import { isJsonObject } from "../../../json.js";

/**
 * The host's codec for the rightkit-daemon local protocol: one JSON object per line, tagged by
 * `type` (hello, request, event, response). Written apart from the client's codec on purpose.
 */
export const PROTOCOL_MAJOR = 1;
export const PROTOCOL_MINOR = 0;

/** A bigint is an integer id past the safe range, kept exact so the answer carries the digits sent. */
export type RequestId = number | bigint | string;

export type ClientFrame =
  | { kind: "blank" }
  | { kind: "hello"; app: unknown; protocolMajor: unknown }
  | { kind: "request"; id: RequestId; method: string; params: unknown }
  | { kind: "invalid"; id: RequestId | null; reason: string };

export function decodeClientFrame(line: string): ClientFrame {
  if (line.trim() === "") return { kind: "blank" };
  let frame: unknown;
  try {
    frame = readExact(line);
  } catch {
    return invalid(null, "the line is not JSON");
  }
  if (!isJsonObject(frame)) return invalid(null, "a frame must be a JSON object");
  switch (frame["type"]) {
    case "hello":
      return { kind: "hello", app: frame["app"], protocolMajor: frame["protocol_major"] };
    case "request":
      return decodeRequest(frame);
    default:
      return invalid(null, `a client sends no frame of type ${JSON.stringify(frame["type"])}`);
  }
}

/** Takes `"method":"demo.apps","params":{}` and, leniently, the sidecar's nested `"method":{"method","params"}`. */
function decodeRequest(frame: Record<string, unknown>): ClientFrame {
  const id = frame["id"];
  if (!(typeof id === "string" || typeof id === "bigint" || (typeof id === "number" && Number.isFinite(id)))) {
    return invalid(null, "a request needs a number or string id");
  }
  const method = frame["method"];
  if (typeof method === "string") return { kind: "request", id, method, params: frame["params"] ?? null };
  if (isJsonObject(method) && typeof method["method"] === "string") {
    return { kind: "request", id, method: method["method"], params: method["params"] ?? frame["params"] ?? null };
  }
  return invalid(id, "a request needs a method name");
}

/** What the host says of itself in its hello. */
export type HostIdentity = { service: string; role: string; version: string; protocolMajor?: number };

export function encodeHello(identity: HostIdentity): string {
  return line({
    type: "hello",
    status: "ok",
    service: identity.service,
    protocol_major: identity.protocolMajor ?? PROTOCOL_MAJOR,
    protocol_minor: PROTOCOL_MINOR,
    role: identity.role,
    version: identity.version,
  });
}

/** A refused hello; the host closes the connection after it. */
export function encodeHelloRefusal(error: ServiceError): string {
  return line({ type: "hello", status: "err", error });
}

export function encodeEvent(id: RequestId, event: unknown): string {
  return line({ type: "event", id, event });
}

/** How a response says success: `status` ("ok"|"err", the sidecar's form) or the `ok` flag some pages write. */
export type ResponseStyle = "status" | "ok_flag";

export function encodeResponse(id: unknown, outcome: Outcome, style: ResponseStyle = "status"): string {
  const verdict = style === "status" ? { status: outcome.ok ? "ok" : "err" } : { ok: outcome.ok };
  const body = outcome.ok ? { result: outcome.result } : { error: outcome.error };
  return line({ type: "response", id, ...verdict, ...body });
}

/** A frame type the protocol does not have, for clients that must not take it for an answer. */
export function encodeSurprise(id: RequestId): string {
  return line({ type: "surprise", id, note: "a frame type this protocol does not have" });
}

function invalid(id: RequestId | null, reason: string): ClientFrame {
  return { kind: "invalid", id, reason };
}

function line(body: object): string {
  return `${writeExact(body)}\n`;
}
