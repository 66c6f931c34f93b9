import { HOST_ERROR, type Outcome, type ServiceError } from "../outcome.js";

/**
 * The host's own JSON-RPC 2.0 codec (one object per line). It shares nothing with the client's
 * codec on purpose: two implementations meet on the wire.
 */
export type RpcLine =
  | { kind: "call"; id: unknown; method: string; params: unknown }
  | { kind: "notification" }
  | { kind: "blank" }
  | { kind: "invalid"; id: unknown; code: number; message: string };

export function decodeRpcLine(line: string): RpcLine {
  if (line.trim() === "") return { kind: "blank" };
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return { kind: "invalid", id: null, code: -32700, message: "Parse error" };
  }
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    return { kind: "invalid", id: null, code: -32600, message: "Invalid Request" };
  }
  const { id, method, params } = request as { id?: unknown; method?: unknown; params?: unknown };
  if (typeof method !== "string") return { kind: "invalid", id: id ?? null, code: -32600, message: "Invalid Request" };
  // Notifications from the client need no answer, and no service here defines one.
  if (id === undefined) return { kind: "notification" };
  return { kind: "call", id, method, params };
}

/**
 * A service outcome as JSON-RPC: a contract error is server error -32000 (-32602 for bad
 * arguments) with `data: {code, retryable}`; an unknown method is a plain -32601.
 */
export function encodeOutcome(id: unknown, outcome: Outcome): string {
  if (outcome.ok) return line({ jsonrpc: "2.0", id, result: outcome.result });
  const { error } = outcome;
  if (error.code === HOST_ERROR.unknownMethod) return encodeBareError(id, -32601, error.message);
  return line({ jsonrpc: "2.0", id, error: { code: rpcCodeOf(error), message: error.message, data: dataOf(error) } });
}

/** A JSON-RPC error with no data, so a client must fall back to the numeric code. */
export function encodeBareError(id: unknown, code: number, message: string): string {
  return line({ jsonrpc: "2.0", id, error: { code, message } });
}

export function encodeNotification(method: string, params: unknown): string {
  return line({ jsonrpc: "2.0", method, params });
}

function rpcCodeOf(error: ServiceError): number {
  return error.code === "invalid_arguments" ? -32602 : -32000;
}

function dataOf(error: ServiceError): { code: string; retryable: boolean } {
  return { code: error.code, retryable: error.retryable };
}

function line(body: object): string {
  return `${JSON.stringify(body)}\n`;
}
