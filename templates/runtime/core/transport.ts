/// <reference types="node" />
import { ToolError, type ToolErrorOptions } from "./errors.js";

/**
 * Which service a call is for, and the app label the caller presents: what a daemon routes
 * and allowlists on. The generated client states it from the binding file.
 */
export type ServiceRoute = { service: string; app: string };

/** Per-call facts a transport must honour. The caller always states a timeout. */
export type TransportCallOptions = {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Progress the host reports for this call before its answer; a transport without events never calls it. */
  onEvent?: (event: unknown) => void;
  /** For transports that route by service and app (rightkit-daemon); the others ignore it. */
  route?: ServiceRoute;
};

/** A way to reach a host: a protocol spoken over a framing on some byte stream. */
export interface Transport {
  call(method: string, params: object, options: TransportCallOptions): Promise<unknown>;
  close(): Promise<void>;
  /** For protocols whose server sends notifications: hears each one; returns the way to stop. */
  listen?(listener: (method: string, params: unknown) => void): () => void;
}

/**
 * A timeout is retryable (the host may simply have been slow); an abort is the caller's own
 * decision, so repeating it blindly is not what they asked for.
 */
export function timeoutError(method: string, timeoutMs: number): ToolError {
  return new ToolError("timeout", `${method} got no answer within ${timeoutMs} ms`, {
    retryable: true,
    details: { method, timeoutMs },
  });
}

export function abortedError(method: string, reason: unknown): ToolError {
  return new ToolError("aborted", `${method} was aborted by the caller`, {
    retryable: false,
    details: { method },
    cause: reason,
  });
}

/** Params the framing refused (not JSON, or over the frame cap): nothing was sent, and the caller must change them. */
export function unsendableParams(method: string, error: unknown): ToolError {
  const options: ToolErrorOptions = { cause: error };
  if (error instanceof ToolError && error.details !== undefined) options.details = error.details;
  const reason = error instanceof Error ? error.message : String(error);
  return new ToolError("invalid_arguments", `${method}: the params cannot be sent: ${reason}`, options);
}

/** Rejects a timeout the runtime cannot honour instead of silently changing its meaning. */
export function checkTimeout(method: string, timeoutMs: number): ToolError | undefined {
  if (typeof timeoutMs === "number" && Number.isFinite(timeoutMs) && timeoutMs > 0) return undefined;
  return new ToolError("invalid_arguments", `${method}: timeoutMs must be a positive finite number`, {
    details: { method, timeoutMs },
  });
}

/**
 * Calls `onAbort` once if `signal` aborts; the returned function detaches the listener and
 * must be called when the call settles any other way, so no listener outlives its call.
 */
export function watchAbort(signal: AbortSignal, onAbort: () => void): () => void {
  const listener = (): void => onAbort();
  signal.addEventListener("abort", listener, { once: true });
  return () => signal.removeEventListener("abort", listener);
}
