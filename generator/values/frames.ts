/**
 * Frames read as the checks need them, on either wire protocol: a request's id, method and
 * params, a response's id and raw error (undefined for a result). conform's wire tap reads the
 * host's responses with it; the proxy reads both directions of the traffic it forwards. The
 * runtime's readings (`classifyFrame`, `classifyMessage`) decide the same for responses, but
 * build a ToolError for every error frame, a stack trace each: here only the verdict is needed.
 */
import { isJsonObject } from "../json.js";

export type WireProtocol = "daemon" | "jsonrpc";

export interface RequestFrame {
  readonly id: unknown;
  readonly method: string;
  readonly params: unknown;
}

export interface ResponseFrame {
  readonly id: unknown;
  /** The raw error object; undefined for a result. */
  readonly error: unknown;
  readonly result: unknown;
}

/** A request (a call awaiting an answer) on `protocol`, or undefined for any other frame (a hello, a notification). */
export function requestIn(message: unknown, protocol: WireProtocol): RequestFrame | undefined {
  if (!isJsonObject(message) || typeof message.method !== "string") return undefined;
  if (protocol === "daemon") {
    if (message.type !== "request" || typeof message.id !== "number") return undefined;
  } else if (message.jsonrpc !== "2.0" || (typeof message.id !== "number" && typeof message.id !== "string")) {
    return undefined;
  }
  return { id: message.id, method: message.method, params: message.params };
}

/** A response frame's id, raw error and result; undefined for any other frame. */
export function responseIn(message: unknown, protocol: WireProtocol): ResponseFrame | undefined {
  if (!isJsonObject(message) || (typeof message.id !== "number" && (protocol === "daemon" || typeof message.id !== "string")))
    return undefined;
  if (protocol === "daemon") {
    if (message.type !== "response") return undefined;
    // As the runtime reads a response: `status` or `ok`, else whether an error is there.
    const failed = message.status === "err" || message.status === "error" || message.ok === false;
    const succeeded = message.status === "ok" || message.ok === true;
    const hasError = message.error !== undefined && message.error !== null;
    if (failed || (!succeeded && hasError)) return { id: message.id, error: message.error ?? null, result: undefined };
    return Object.hasOwn(message, "result") ? { id: message.id, error: undefined, result: message.result } : undefined;
  }
  if (typeof message.method === "string" || message.jsonrpc !== "2.0") return undefined;
  const hasResult = Object.hasOwn(message, "result");
  if (hasResult === Object.hasOwn(message, "error")) return undefined;
  return hasResult
    ? { id: message.id, error: undefined, result: message.result }
    : { id: message.id, error: message.error, result: undefined };
}
