/** What the service decides for one call, before the connection decides how to send it. */
export type RpcFailure = {
  rpcCode: number;
  message: string;
  data?: { code: string; retryable: boolean };
};

export type Outcome = { ok: true; result: unknown } | { ok: false; error: RpcFailure };

export function success(result: unknown): Outcome {
  return { ok: true, result };
}

/** A contract error: JSON-RPC server error -32000 (or -32602 for bad arguments) with data.code. */
export function toolFailure(code: string, message: string, retryable = false): Outcome {
  const rpcCode = code === "invalid_arguments" ? -32602 : -32000;
  return { ok: false, error: { rpcCode, message, data: { code, retryable } } };
}

/** A plain JSON-RPC error with no data, so clients must fall back to the numeric code. */
export function bareRpcError(rpcCode: number, message: string): Outcome {
  return { ok: false, error: { rpcCode, message } };
}

export function encodeAnswer(id: unknown, outcome: Outcome): string {
  const body = outcome.ok
    ? { jsonrpc: "2.0", id, result: outcome.result }
    : { jsonrpc: "2.0", id, error: encodeFailure(outcome.error) };
  return JSON.stringify(body) + "\n";
}

function encodeFailure(failure: RpcFailure): object {
  const error: { code: number; message: string; data?: object } = {
    code: failure.rpcCode,
    message: failure.message,
  };
  if (failure.data) error.data = failure.data;
  return error;
}
