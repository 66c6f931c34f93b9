/**
 * What a service decides for one call, before a protocol decides how to send it. The error is
 * rightkit-daemon's typed wire error (ServiceError): a snake_case code, a message, and whether a
 * retry may help. JSON-RPC derives its numeric codes from it (protocols/jsonrpc.ts).
 */
export type ServiceError = { code: string; message: string; retryable: boolean };

/**
 * `data` is machine-readable detail beyond the code that a JSON-RPC dialect may put on the wire
 * (agentcli's `data.validation`); the daemon protocol has no place for it and leaves it out.
 */
export type Outcome =
  { ok: true; result: unknown } | { ok: false; error: ServiceError; data?: Readonly<Record<string, unknown>> };

/** The codes the host itself answers with, spelled as rightkit-daemon spells them. */
export const HOST_ERROR = {
  notAllowed: "request_not_allowed",
  handoff: "host_handoff",
  badRequest: "bad_request",
  unknownMethod: "unknown_method",
  protocolMismatch: "protocol_mismatch",
} as const;

export function success(result: unknown): Outcome {
  return { ok: true, result };
}

export function failure(code: string, message: string, retryable = false): Outcome {
  return { ok: false, error: { code, message, retryable } };
}

/** A service that failed unexpectedly: a generic answer, never its stack. */
export function internalFailure(): Outcome {
  return failure("internal_error", "the host failed to serve this call");
}

/** The daemon's hand-off: the client re-reads service.json and resubmits the whole request. */
export function handoffFailure(): Outcome {
  return failure(HOST_ERROR.handoff, "this host is handing the service over; re-read service.json and resubmit", true);
}
