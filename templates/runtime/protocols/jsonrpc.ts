import { ToolError } from "../core/errors.js";
import { isPlainObject } from "../core/json.js";
import { RpcError, toolErrorOf } from "../core/rpc-error.js";

/** Request ids are issued by this runtime: positive integers, unique per connection. */
export type RpcId = number;

/** One incoming message, sorted into what the multiplexer has to do with it. */
export type RpcMessage =
  | { kind: "notification"; method: string; params: unknown }
  | { kind: "result"; id: RpcId; result: unknown }
  | { kind: "error"; id: RpcId; error: RpcError | ToolError }
  | { kind: "unknown-id"; id: unknown }
  | { kind: "invalid"; reason: string };

/** The request object; the framing turns it into bytes. */
export function requestMessage(id: RpcId, method: string, params: object): object {
  return { jsonrpc: "2.0", id, method, params };
}

/**
 * Sorts one parsed message. Anything that is not a JSON-RPC 2.0 response or notification is
 * `invalid`; a response whose id is not one of ours (including `null`, which a host sends when
 * it could not read our request) is `unknown-id` — both break the stream and reset the
 * connection.
 */
export function classifyMessage(message: unknown): RpcMessage {
  if (!isPlainObject(message))
    return { kind: "invalid", reason: "the host sent a JSON value that is not an object" };
  // Requests from the host carry a method too; this client serves none, so they are
  // treated as notifications (never as answers) and listeners may ignore them.
  if (typeof message["method"] === "string")
    return { kind: "notification", method: message["method"], params: message["params"] };
  if (message["jsonrpc"] !== "2.0")
    return { kind: "invalid", reason: 'the host answered without jsonrpc "2.0"' };
  const id = message["id"];
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) return { kind: "unknown-id", id };
  const hasResult = Object.hasOwn(message, "result");
  const hasError = Object.hasOwn(message, "error");
  if (hasResult === hasError) {
    return { kind: "invalid", reason: "the host answer must carry exactly one of result and error" };
  }
  if (hasResult) return { kind: "result", id, result: message["result"] };
  return { kind: "error", id, error: rpcErrorFrom(message["error"]) };
}

/** The error object as the server sent it; one of the wrong shape is a malformed answer. */
export function rpcErrorFrom(error: unknown): RpcError | ToolError {
  if (!isPlainObject(error) || typeof error["code"] !== "number" || typeof error["message"] !== "string") {
    return new ToolError("malformed_response", "the host sent a JSON-RPC error object of the wrong shape", {
      details: { error },
    });
  }
  return new RpcError(error["code"], error["message"], error["data"]);
}

/** The error a string-code binding raises for a JSON-RPC error as the server sent it (`error`, unread). */
export function toolErrorFromRpcError(error: unknown): ToolError {
  const read = error instanceof RpcError ? error : rpcErrorFrom(error);
  return read instanceof ToolError ? read : toolErrorOf(read);
}
