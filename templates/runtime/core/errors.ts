/**
 * The one error type every binding call rejects with. `code` is the contract's error code
 * (or an unknown code passed through unchanged), so callers switch on `code`, never on
 * message text.
 */
export type ToolErrorOptions = {
  retryable?: boolean;
  details?: unknown;
  cause?: unknown;
};

export type ToolErrorJson = {
  code: string;
  message: string;
  retryable: boolean;
  details?: unknown;
};

export class ToolError<Code extends string = string> extends Error {
  override readonly name = "ToolError";
  readonly code: Code;
  readonly retryable: boolean;
  // `declare`: no own property unless there are details, so `"details" in error` is honest
  // and spreading the error never adds `details: undefined`.
  declare readonly details?: unknown;

  constructor(code: Code, message: string, options: ToolErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    // Keeps `instanceof ToolError` (and subclasses) true when the class is compiled down
    // to a target that breaks the prototype chain of built-in subclasses.
    Object.setPrototypeOf(this, new.target.prototype);
    this.code = code;
    this.retryable = options.retryable ?? false;
    if (options.details !== undefined) this.details = options.details;
  }

  toJSON(): ToolErrorJson {
    const json: ToolErrorJson = { code: this.code, message: this.message, retryable: this.retryable };
    if (this.details !== undefined) json.details = this.details;
    return json;
  }
}

/** Anything thrown inside the runtime that is not already a ToolError is a bug or an I/O fault. */
export function asToolError(error: unknown, fallbackCode: string): ToolError {
  if (error instanceof ToolError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ToolError(fallbackCode, message, { cause: error });
}

/** The errno name (ENOENT, ECONNREFUSED, ...) of a Node I/O error, if it has one. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") {
    return error.code;
  }
  return undefined;
}

/**
 * The host cannot be reached or went away. `retryable` is true only when nothing was sent
 * yet: after a connection dies mid-call the host may already have acted on it.
 */
export function serviceUnavailable(message: string, retryable: boolean, cause?: unknown): ToolError {
  const reason = errnoCode(cause);
  const options: ToolErrorOptions = { retryable };
  if (reason !== undefined) options.details = { reason };
  if (cause !== undefined) options.cause = cause;
  return new ToolError("service_unavailable", message, options);
}
