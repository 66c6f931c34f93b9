/// <reference types="node" />
import { ToolError } from "./errors.js";
import { invalidParamsError, RpcError, toolErrorOf, type InvalidParamsRule } from "./rpc-error.js";
import { readBigints, unsafeInteger, type IntegerShape } from "./integers.js";
import { unsafeLiteralsRecorded, type UnsafeInteger } from "./json-reader.js";
import type { ServiceRoute, Transport, TransportCallOptions } from "./transport.js";
import type { ValidationIssue, ValidationResult } from "./validation.js";

/** What the caller may change per call. */
export type ToolCallOptions = {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called with each progress event the host sends for this call (rightkit-daemon `event` frames). */
  onEvent?: (event: unknown) => void;
};

/**
 * A result field that must hold one exact value, or the whole result is refused with `code`
 * — for rules where a wrong answer must never reach the caller, not even in an error.
 */
export type FailClosedRule = {
  field: string;
  expected: unknown;
  code: string;
  message: string;
};

/** Everything the runtime needs to know about one tool; the generated client supplies it. */
export type ToolSpec<P extends object, R> = {
  method: string;
  timeoutMs: number;
  validateParams(value: unknown): ValidationResult<P>;
  validateResult(value: unknown): ValidationResult<R>;
  failClosed?: FailClosedRule;
  /** The service and app label the binding names, for transports that route by them. */
  route?: ServiceRoute;
  /**
   * Present when the binding's error model is JSON-RPC: the server's errors reach the caller as
   * RpcError, and params the validator refuses raise this shape. Without it, every failure is a
   * ToolError and a server's RpcError is read by its `data.code`.
   */
  rpcErrors?: InvalidParamsRule;
  /**
   * Where the params and the result schemas say `integer` (present only when they do): a number
   * there past ±(2^53 − 1) is refused, not rounded — params as invalid arguments, an answer as
   * `malformed_response` naming the pointer and the digits the host sent. At `int64` nodes (a
   * binding that reads 64-bit integers as bigint) the answer's integers are read as bigints instead.
   */
  paramsIntegers?: IntegerShape;
  resultIntegers?: IntegerShape;
};

/**
 * The caller-side pipeline of every tool call, in this order: params are checked before the
 * transport is touched; the fail-closed rule runs before result validation so a refused
 * answer leaks nothing (not even as validation issues); then the result must match its schema.
 */
export async function callTool<P extends object, R>(
  transport: Transport,
  spec: ToolSpec<P, R>,
  params: unknown,
  options: ToolCallOptions = {},
): Promise<R> {
  const checkedParams = spec.validateParams(params);
  if (checkedParams.ok === false) throw paramsRefused(spec, checkedParams.issues);
  if (spec.paramsIntegers !== undefined) {
    const unsafe = unsafeIssues(unsafeInteger(spec.paramsIntegers, params, true));
    if (unsafe !== undefined) throw paramsRefused(spec, unsafe);
  }
  const transportOptions: TransportCallOptions = { timeoutMs: options.timeoutMs ?? spec.timeoutMs };
  if (options.signal !== undefined) transportOptions.signal = options.signal;
  if (options.onEvent !== undefined) transportOptions.onEvent = options.onEvent;
  if (spec.route !== undefined) transportOptions.route = spec.route;
  // Whether the answer can hold an integer literal past the safe range at all: readJson counts
  // every one it notices, so an unchanged count skips the look for one (the common answer).
  const recordedBefore = unsafeLiteralsRecorded();
  // A try around the await, not .catch(): no second promise and no extra turn per call.
  let raw: unknown;
  try {
    raw = await transport.call(spec.method, checkedParams.value, transportOptions);
  } catch (error) {
    throw error instanceof RpcError && spec.rpcErrors === undefined ? toolErrorOf(error) : error;
  }
  if (spec.failClosed && !holdsExpected(raw, spec.failClosed)) {
    throw new ToolError(spec.failClosed.code, spec.failClosed.message);
  }
  // A binding that reads 64-bit integers as bigint: they become bigints here, exactly, before the validator sees them.
  if (spec.resultIntegers !== undefined) raw = readBigints(spec.resultIntegers, raw);
  const checkedResult = spec.validateResult(raw);
  if (checkedResult.ok === false) {
    throw new ToolError("malformed_response", `${spec.method}: the host answer does not match the contract`, {
      details: checkedResult.issues,
    });
  }
  const unsafe =
    spec.resultIntegers === undefined || unsafeLiteralsRecorded() === recordedBefore
      ? undefined
      : unsafeInteger(spec.resultIntegers, raw, false);
  if (unsafe !== undefined) {
    throw new ToolError(
      "malformed_response",
      `${spec.method}: the host answered ${unsafe.digits} at ${unsafe.pointer || "the top"}, an integer past ±(2^53 − 1) that a JavaScript number would round`,
      { details: { pointer: unsafe.pointer, digits: unsafe.digits } },
    );
  }
  return checkedResult.value;
}

function paramsRefused<P extends object, R>(spec: ToolSpec<P, R>, issues: ValidationIssue[]): Error {
  if (spec.rpcErrors !== undefined) return invalidParamsError(spec.rpcErrors, spec.method, issues);
  return new ToolError("invalid_arguments", `${spec.method}: the arguments do not match the contract`, {
    details: issues,
  });
}

/** The issue a number past the safe range makes of params: where it is, and its digits. */
function unsafeIssues(unsafe: UnsafeInteger | undefined): ValidationIssue[] | undefined {
  if (unsafe === undefined) return undefined;
  const message = `${unsafe.pointer}: must be an integer within ±(2^53 − 1) to travel exactly as a JavaScript number, got ${unsafe.digits}`;
  return [{ instancePath: unsafe.pointer, schemaPath: "", keyword: "type", message }];
}

function holdsExpected(raw: unknown, rule: FailClosedRule): boolean {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return false;
  return Object.hasOwn(raw, rule.field) && (raw as Record<string, unknown>)[rule.field] === rule.expected;
}
