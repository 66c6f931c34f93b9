import { ToolError } from "./errors.js";
import { isPlainObject } from "./json.js";

/**
 * A JSON-RPC error as the server sent it: numeric `code`, `message` and machine-readable
 * `data`, kept exactly. Bindings whose error model is JSON-RPC (binding `errors.kind:
 * "jsonrpc"`) reject with it; the others turn it into a ToolError by `data.code`. It is not a
 * ToolError: a ToolError means the call got no usable answer (timeout, aborted, the service
 * unreachable, a malformed answer), an RpcError that the server (or the client, checking params
 * the way the server would) refused the call.
 */
export type RpcErrorJson = {
  code: number;
  message: string;
  data?: unknown;
};

export class RpcError<Data = unknown> extends Error {
  override readonly name = "RpcError";
  readonly code: number;
  // `declare`: no own property when the server sent no data, so `"data" in error` is honest.
  declare readonly data?: Data;

  constructor(code: number, message: string, data?: Data) {
    super(message);
    // Keeps `instanceof RpcError` true when compiled to a target that breaks built-in subclassing.
    Object.setPrototypeOf(this, new.target.prototype);
    this.code = code;
    if (data !== undefined) this.data = data;
  }

  toJSON(): RpcErrorJson {
    const json: RpcErrorJson = { code: this.code, message: this.message };
    if (this.data !== undefined) json.data = this.data;
    return json;
  }
}

/** What the client raises for params its own validator refuses: the shape the server would send. */
export type InvalidParamsRule = {
  code: number;
  /** Copied into `data`, e.g. `{ code: "invalid_argument", error_type: "invalid_argument" }`. */
  data: Readonly<Record<string, unknown>>;
  /** The `data` key that carries the validation issues, e.g. `validation`. */
  issuesField: string;
};

export function invalidParamsError(rule: InvalidParamsRule, method: string, issues: unknown): RpcError {
  return new RpcError(rule.code, `${method}: the params do not match the contract`, {
    ...rule.data,
    [rule.issuesField]: issues,
  });
}

/**
 * A JSON-RPC error without a string `data.code` maps by its numeric code. Request-shaped
 * failures are the caller's arguments; everything else means the service could not serve
 * the call. The rpc code and message are kept in `details`.
 */
export function codeForRpcNumber(rpcCode: number): string {
  switch (rpcCode) {
    case -32700: // parse error
    case -32600: // invalid request
    case -32602: // invalid params
      return "invalid_arguments";
    default: // -32601 (this service does not offer the tool), -32603, server-defined codes
      return "service_unavailable";
  }
}

/**
 * For bindings whose error model is string codes: `error.data.code` (a non-empty string) is the ToolError code, unknown codes included, and
 * `error.data.retryable === true` its retryable flag; `error.data.details` becomes `details`.
 */
export function toolErrorOf(error: RpcError): ToolError {
  const { code: rpcCode, message, data } = error;
  if (isPlainObject(data) && typeof data["code"] === "string" && data["code"] !== "") {
    const options: { retryable: boolean; details?: unknown } = { retryable: data["retryable"] === true };
    if (data["details"] !== undefined) options.details = data["details"];
    return new ToolError(data["code"], message, options);
  }
  return new ToolError(codeForRpcNumber(rpcCode), message, {
    details: { rpcCode, rpcMessage: message },
  });
}
