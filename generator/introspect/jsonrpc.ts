/**
 * One line of a server's stdout, read as a JSON-RPC 2.0 message. Pure, so the probe only has to
 * decide what each kind of message means at the point of the conversation it arrives in.
 */
import { isJsonObject } from "../json.js";

export type ServerMessage =
  | { readonly kind: "notification"; readonly method: string; readonly params: unknown }
  /** A call from the server to us; introspect offers no methods, so it is never answered. */
  | { readonly kind: "request"; readonly method: string }
  | { readonly kind: "result"; readonly id: unknown; readonly result: unknown }
  | { readonly kind: "error"; readonly id: unknown; readonly code: number; readonly message: string }
  | { readonly kind: "malformed"; readonly why: string };

export function readMessage(line: string): ServerMessage {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { kind: "malformed", why: "is not JSON" };
  }
  if (!isJsonObject(value)) return { kind: "malformed", why: "is not a JSON-RPC message (not an object)" };
  if (value["jsonrpc"] !== "2.0") return { kind: "malformed", why: 'is not a JSON-RPC 2.0 message (no "jsonrpc":"2.0")' };
  if (Object.hasOwn(value, "method")) {
    const method = value["method"];
    if (typeof method !== "string") return { kind: "malformed", why: "has a method that is not a string" };
    return Object.hasOwn(value, "id") ? { kind: "request", method } : { kind: "notification", method, params: value["params"] };
  }
  if (!Object.hasOwn(value, "id")) return { kind: "malformed", why: "is neither a request, a notification nor a response" };
  const id = value["id"];
  const hasResult = Object.hasOwn(value, "result");
  if (hasResult === Object.hasOwn(value, "error")) {
    return { kind: "malformed", why: "is a response with both or neither of result and error" };
  }
  if (hasResult) return { kind: "result", id, result: value["result"] };
  const error = value["error"];
  if (!isJsonObject(error) || !Number.isInteger(error["code"]) || typeof error["message"] !== "string") {
    return { kind: "malformed", why: "is an error response without an integer code and a string message" };
  }
  return { kind: "error", id, code: error["code"] as number, message: error["message"] };
}
