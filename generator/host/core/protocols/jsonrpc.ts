import { readExact, writeExact } from "../exact-json.js";
import { HOST_ERROR, type Outcome, type ServiceError } from "../outcome.js";
import { assertNever } from "../../../errors.js";

/**
 * The host's own JSON-RPC 2.0 codec (one object per line). It shares nothing with the client's
 * codec on purpose: two implementations meet on the wire.
 */
export type RpcLine =
  | { kind: "call"; id: RpcId; method: string; params: unknown }
  | { kind: "notification" }
  | { kind: "blank" }
  | { kind: "invalid"; id: RpcId; refusal: Refusal };

/** A bigint is an integer id past the safe range, kept exact so the answer carries the digits sent. */
export type RpcId = string | number | bigint | null;

/** What the host refuses on its own, before (or instead of) a service's answer. */
export type Refusal = "parse_error" | "batch" | "invalid_request" | "internal_error";

/** The `error` member of a JSON-RPC response. */
export type RpcError = { code: number; message: string; data?: unknown };

/** What a server does as a client connects, before it reads a line. */
export type Opening =
  | { kind: "lines"; lines: readonly string[] }
  /** The server ends at once with this exit code (stdio: the process; a socket: the connection is dropped). */
  | { kind: "exit"; code: number };

/**
 * How one service's server speaks JSON-RPC beyond the envelope: what it says first, and how its
 * refusals and errors look (the numeric code and `data`). A service without one gets PLAIN_DIALECT.
 */
export type JsonRpcDialect = {
  opening(): Opening;
  refusal(refusal: Refusal): RpcError;
  error(failure: Extract<Outcome, { ok: false }>): RpcError;
};

/**
 * The host's dialect from before services had their own: nothing said first; a contract error
 * is -32000 (-32602 for bad arguments) with `data: {code, retryable}`; host refusals and an
 * unknown method carry no data.
 */
export const PLAIN_DIALECT: JsonRpcDialect = {
  opening: () => ({ kind: "lines", lines: [] }),
  refusal: (refusal) => {
    switch (refusal) {
      case "parse_error":
        return { code: -32700, message: "Parse error" };
      case "batch":
      case "invalid_request":
        return { code: -32600, message: "Invalid Request" };
      case "internal_error":
        return { code: -32603, message: "Internal error" };
      default:
        return assertNever(refusal, "refusal");
    }
  },
  error: ({ error }) => {
    if (error.code === HOST_ERROR.unknownMethod) return { code: -32601, message: error.message };
    return { code: plainCodeOf(error), message: error.message, data: { code: error.code, retryable: error.retryable } };
  },
};

/**
 * One line from a client. The envelope is JSON-RPC 2.0's: an object (a batch is refused), with
 * `jsonrpc: "2.0"`, a string `method`, and an id that is a string, a number or null when present.
 */
export function decodeRpcLine(line: string): RpcLine {
  if (line.trim() === "") return { kind: "blank" };
  let request: unknown;
  try {
    request = readExact(line);
  } catch {
    return { kind: "invalid", id: null, refusal: "parse_error" };
  }
  if (Array.isArray(request)) return { kind: "invalid", id: null, refusal: "batch" };
  if (typeof request !== "object" || request === null) return { kind: "invalid", id: null, refusal: "invalid_request" };
  const { jsonrpc, id, method, params } = request as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
  const validId = id === undefined || isRpcId(id);
  if (jsonrpc !== "2.0" || typeof method !== "string" || !validId) {
    return { kind: "invalid", id: isRpcId(id) ? id : null, refusal: "invalid_request" };
  }
  // A notification from the client needs no answer, and no service here defines one.
  if (id === undefined) return { kind: "notification" };
  return { kind: "call", id, method, params };
}

/** A service outcome as a JSON-RPC response, its errors spelled as `dialect` spells them. */
export function encodeOutcome(id: unknown, outcome: Outcome, dialect: JsonRpcDialect): string {
  if (outcome.ok) return line({ jsonrpc: "2.0", id, result: outcome.result });
  return line({ jsonrpc: "2.0", id, error: dialect.error(outcome) });
}

/** The host's own refusal as a JSON-RPC response. */
export function encodeRefusal(id: unknown, refusal: Refusal, dialect: JsonRpcDialect): string {
  return line({ jsonrpc: "2.0", id, error: dialect.refusal(refusal) });
}

/** A JSON-RPC error with no data, so a client must fall back to the numeric code. */
export function encodeBareError(id: unknown, code: number, message: string): string {
  return line({ jsonrpc: "2.0", id, error: { code, message } });
}

export function encodeNotification(method: string, params: unknown): string {
  return line({ jsonrpc: "2.0", method, params });
}

function isRpcId(id: unknown): id is RpcId {
  return typeof id === "string" || typeof id === "bigint" || (typeof id === "number" && Number.isFinite(id)) || id === null;
}

function plainCodeOf(error: ServiceError): number {
  return error.code === "invalid_arguments" ? -32602 : -32000;
}

function line(body: object): string {
  return `${writeExact(body)}\n`;
}
