/**
 * What the two error models mean to the tools that call a host (`conform`) or serve one
 * (`mock`): the shape every error must have, the code that says "invalid arguments", the code
 * that says "no such method", and the codes that are the server's own failure. For string codes
 * the names are the runtime's and rightkit-daemon's (`invalid_arguments`, `unknown_method`);
 * for JSON-RPC they are the binding's invalid-params code and the specification's -32601,
 * -32603 and -32700.
 */
import type { ErrorModel } from "../contract/shape.js";
import { isJsonObject, type JsonObject } from "../json.js";
import { byCodeUnits } from "../order.js";

/** JSON-RPC's "Method not found". */
const JSONRPC_METHOD_NOT_FOUND = -32601;
/** What a rightkit-daemon host answers for a method it does not have (the daemon's tests' code). */
const DAEMON_UNKNOWN_METHOD = "unknown_method";
/** The code the runtime and the contracts use for arguments that fail the contract. */
const INVALID_ARGUMENTS = "invalid_arguments";

/** -32603 internal error; -32700 a parse error for the well-formed line the runtime wrote. */
export const INTERNAL_JSONRPC_CODES: readonly number[] = [-32603, -32700];
/** "Not a valid request object": the server's fault for a request the runtime wrote, unless its params were broken on purpose. */
export const INVALID_REQUEST = -32600;

export function notServedCode(errors: ErrorModel): string | number {
  return errors.kind === "jsonrpc" ? JSONRPC_METHOD_NOT_FOUND : DAEMON_UNKNOWN_METHOD;
}

export function invalidArgumentsCode(errors: ErrorModel): string | number {
  return errors.kind === "jsonrpc" ? errors.invalidParams.code : INVALID_ARGUMENTS;
}

/**
 * A `codes` model's error as the client reads it: on rightkit-daemon's protocol, the error object
 * itself; over JSON-RPC, where `code` is the protocol's number, the string code and the retryable
 * flag its `data` carries (templates/runtime/core/rpc-error.ts, `toolErrorOf`), as the mock and
 * the conformance host spell them.
 */
function codesError(raw: JsonObject): JsonObject {
  if (!Number.isInteger(raw.code) || !isJsonObject(raw.data)) return raw;
  return { code: raw.data.code, message: raw.message, retryable: raw.data.retryable };
}

/** The code of a wire error object, when it has one of the model's type. */
export function errorCodeOf(raw: unknown, errors: ErrorModel): string | number | undefined {
  if (!isJsonObject(raw)) return undefined;
  if (errors.kind === "jsonrpc") return Number.isInteger(raw.code) ? (raw.code as number) : undefined;
  const { code } = codesError(raw);
  return typeof code === "string" ? code : undefined;
}

export function knownCode(code: string | number | undefined, errors: ErrorModel): boolean {
  return code !== undefined && errors.codes.some((entry) => entry.code === String(code));
}

/** Why a wire error object departs from the model's shape, or undefined when it has it. */
export function errorShapeProblem(raw: unknown, errors: ErrorModel): string | undefined {
  if (!isJsonObject(raw)) return "the error is not an object";
  const missing: string[] = [];
  if (errors.kind === "codes") {
    const error = codesError(raw);
    if (typeof error.code !== "string" || error.code === "") missing.push("a string code");
    if (typeof error.message !== "string") missing.push("a string message");
    if (typeof error.retryable !== "boolean") missing.push("a boolean retryable");
    return missing.length === 0 ? undefined : `the error lacks ${missing.join(", ")}`;
  }
  if (!Number.isInteger(raw.code)) missing.push("an integer code");
  if (typeof raw.message !== "string") missing.push("a string message");
  if (missing.length > 0) return `the error lacks ${missing.join(", ")}`;
  const data = raw.data;
  const { invalidParams } = errors;
  if (data === undefined) return raw.code === invalidParams.code ? `a ${invalidParams.code} error without data` : undefined;
  if (!isJsonObject(data)) return "the error's data is not an object";
  for (const [key, example] of Object.entries(invalidParams.data).sort(([a], [b]) => byCodeUnits(a, b))) {
    if (typeof data[key] !== typeof example) return `the error's data lacks a ${typeof example} ${key}`;
  }
  return undefined;
}
