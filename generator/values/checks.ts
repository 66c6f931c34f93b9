/**
 * The checks, one table: each name, its default severity and what it asks of the host. The
 * failing ones fail the run; the warnings fail it only with --strict. `judge` applies every
 * check that concerns one call's answer and says which it applied, so the summary can count
 * the cases each check ran on.
 */
import type { ErrorModel } from "../contract/shape.js";
import type { LifecycleRule } from "../model/types.js";
import type { Validate } from "./validators.js";
import {
  errorShapeProblem,
  INTERNAL_JSONRPC_CODES,
  INVALID_REQUEST,
  invalidArgumentsCode,
  knownCode,
  notServedCode,
} from "./error-model.js";

export type Severity = "failing" | "warning";

/**
 * One call's answer as the checks read it: a result, an error the host sent (its wire object as
 * it was), or a fault — no answer at all: a timeout, a dropped connection, an unreadable frame.
 * conform observes its own calls; the proxy observes the traffic it forwards.
 */
export type Observation =
  | { readonly kind: "result"; readonly value: unknown; readonly anomalies: readonly string[] }
  | {
      readonly kind: "error";
      readonly raw: unknown;
      readonly code: string | number | undefined;
      readonly message: string;
      readonly anomalies: readonly string[];
    }
  | { readonly kind: "fault"; readonly timedOut: boolean; readonly reason: string; readonly anomalies: readonly string[] };

export const CHECKS = {
  response_schema: {
    severity: "failing",
    text: "every result validates against its method's result schema, an `ok` envelope included",
  },
  error_model: {
    severity: "failing",
    text: "every error has the contract's shape: {code, message, retryable} for string codes, a JSON-RPC error with the binding's data for jsonrpc",
  },
  negative_rejected: {
    severity: "failing",
    text: "every negative case (params breaking one constraint) is refused, never answered with a result; a refusal with a code other than the invalid-arguments one is a warning",
  },
  no_server_error: {
    severity: "failing",
    text: "no internal error, dropped connection, unreadable or oversized frame, or second response for one id",
  },
  deadline: {
    severity: "failing",
    text: "every answer arrives within the method's contract timeout; a method that misses it once is not called again",
  },
  lifecycle: {
    severity: "failing",
    text: "the binding's lifecycle rules hold: a value never issued, or ended, is refused with one of the listed codes",
  },
  positive_accepted: { severity: "warning", text: "a schema-valid call is not refused as invalid arguments" },
  unknown_error_code: {
    severity: "warning",
    text: "every error code is in the contract's table (others pass through to callers)",
  },
  not_served: {
    severity: "warning",
    text: "the host serves every method of the contract (conform says which it could not test)",
  },
} as const satisfies Record<string, { severity: Severity; text: string }>;

export type CheckName = keyof typeof CHECKS;
export const CHECK_NAMES = Object.keys(CHECKS) as CheckName[];

/**
 * What only a proxy sees: the requests a client sends (conform writes its own, so it never has
 * one to judge). A departure here is the client's fault, not the host's.
 */
export const CLIENT_CHECKS = {
  client_params: {
    severity: "failing",
    text: "every request's params validate against its method's params schema (the client's fault; the host must still refuse them)",
  },
} as const satisfies Record<string, { severity: Severity; text: string }>;

export type ClientCheckName = keyof typeof CLIENT_CHECKS;
/** Every check a report may hold a finding of, in the order a report lists them. */
export type ReportedCheck = CheckName | ClientCheckName;
export const REPORTED_CHECK_NAMES: readonly ReportedCheck[] = [
  ...(Object.keys(CLIENT_CHECKS) as ClientCheckName[]),
  ...CHECK_NAMES,
];

export function isCheckName(name: string): name is CheckName {
  return Object.hasOwn(CHECKS, name);
}

/** How a case was made, which decides the checks beyond the ones every answer gets. */
export type CaseKind = "positive" | "negative" | "never-issued" | "ended" | "setup";

export interface Judged {
  readonly check: CheckName;
  readonly severity: Severity;
  /** Conform's own words, no value in them: what the fingerprint is made of. */
  readonly message: string;
  /** What the host said, for people (never fingerprinted). */
  readonly detail?: string;
}

export interface Judgement {
  readonly violations: readonly Judged[];
  /** The checks that looked at this answer. */
  readonly applied: readonly CheckName[];
  /** The host said it has no such method: stop calling it. */
  readonly notServed: boolean;
  /** No answer in time: stop calling it. */
  readonly timedOut: boolean;
  /**
   * Why the answer says nothing about what the case was made to test: a lifecycle case refused
   * for its own params never reached the token. The runner draws other params instead and
   * counts it in a note, never as a finding.
   */
  readonly inconclusive?: string;
}

export interface CallContext {
  readonly kind: CaseKind;
  readonly validateResult: Validate;
  readonly errors: ErrorModel;
  /** The bound the call was given (the contract's timeout, scaled). */
  readonly timeoutMs: number;
  readonly contractTimeoutMs: number;
  /** What the negative case breaks. */
  readonly mutation?: string;
  /** The rule a lifecycle case tests, and how the value came to be refused. */
  readonly rule?: LifecycleRule;
  readonly enabled: ReadonlySet<CheckName>;
}

export function judge(observation: Observation, context: CallContext): Judgement {
  const violations: Judged[] = [];
  const applied: CheckName[] = [];
  const apply = (check: CheckName): boolean => {
    if (!context.enabled.has(check)) return false;
    applied.push(check);
    return true;
  };
  const add = (check: CheckName, message: string, detail?: string, severity: Severity = CHECKS[check].severity): void => {
    violations.push({ check, severity, message, ...(detail === undefined ? {} : { detail }) });
  };
  const notServed = observation.kind === "error" && observation.code === notServedCode(context.errors);
  if (notServed) {
    if (apply("not_served")) add("not_served", "the host answers that it has no such method", observation.message);
    return { violations, applied, notServed, timedOut: false };
  }
  const server = apply("no_server_error");
  const deadline = apply("deadline");
  if (server) for (const anomaly of observation.anomalies) add("no_server_error", anomaly);
  if (observation.kind === "fault") {
    const scaled = context.timeoutMs === context.contractTimeoutMs ? "" : ", scaled";
    if (observation.timedOut && deadline)
      add("deadline", `no answer within ${context.timeoutMs} ms (the contract's ${context.contractTimeoutMs} ms${scaled})`);
    if (!observation.timedOut && server) add("no_server_error", observation.reason);
    return { violations, applied, notServed, timedOut: observation.timedOut };
  }
  if (observation.kind === "result" && apply("response_schema")) {
    const verdict = context.validateResult(observation.value);
    if (!verdict.ok)
      add("response_schema", `the result does not match the result schema: ${verdict.issues[0]?.message ?? "rejected"}`);
  }
  if (observation.kind === "error") {
    if (apply("error_model")) {
      const problem = errorShapeProblem(observation.raw, context.errors);
      if (problem !== undefined) add("error_model", problem, observation.message);
    }
    const code = observation.code as number;
    const internal = INTERNAL_JSONRPC_CODES.includes(code) || (code === INVALID_REQUEST && context.kind !== "negative");
    if (server && context.errors.kind === "jsonrpc" && internal) {
      add("no_server_error", `an internal error (${observation.code})`, observation.message);
    }
    if (apply("unknown_error_code") && !knownCode(observation.code, context.errors)) {
      add(
        "unknown_error_code",
        "an error code the contract's table does not have",
        `${String(observation.code)}: ${observation.message}`,
      );
    }
  }
  const inconclusive = inconclusiveFor(observation, context);
  if (inconclusive !== undefined) return { violations, applied, notServed, timedOut: false, inconclusive };
  judgeByKind(observation, context, apply, add);
  return { violations, applied, notServed, timedOut: false };
}

/**
 * A lifecycle case refused with the invalid-arguments code (when that is not a code its rule
 * lists) was refused for its params: a host may check rules the schema does not state (press
 * needs key) before it looks at the token, and a correct one does. That is no evidence about the
 * token either way.
 */
function inconclusiveFor(observation: Exclude<Observation, { kind: "fault" }>, context: CallContext): string | undefined {
  if (context.kind !== "never-issued" && context.kind !== "ended") return undefined;
  const invalid = invalidArgumentsCode(context.errors);
  if (observation.kind !== "error" || observation.code !== invalid) return undefined;
  if (context.rule?.refusedWith.some((code) => code === invalid) === true) return undefined;
  return `refused for its params (${String(invalid)}) before the ${context.rule?.link ?? "linked value"} was looked at`;
}

function judgeByKind(
  observation: Exclude<Observation, { kind: "fault" }>,
  context: CallContext,
  apply: (check: CheckName) => boolean,
  add: (check: CheckName, message: string, detail?: string, severity?: Severity) => void,
): void {
  const invalid = invalidArgumentsCode(context.errors);
  switch (context.kind) {
    case "positive":
      if (apply("positive_accepted") && observation.kind === "error" && observation.code === invalid) {
        add("positive_accepted", "a call its params schema accepts was refused as invalid arguments", observation.message);
      }
      return;
    case "negative":
      if (!apply("negative_rejected")) return;
      if (observation.kind === "result")
        add(
          "negative_rejected",
          `accepted params that break one constraint (${context.mutation ?? "?"}): it answered with a result`,
        );
      else if (observation.code !== invalid) {
        add(
          "negative_rejected",
          `refused params that break one constraint with ${String(observation.code)}, not the invalid-arguments ${String(invalid)}`,
          observation.message,
          "warning",
        );
      }
      return;
    case "never-issued":
    case "ended": {
      const rule = context.rule;
      if (rule === undefined || !apply("lifecycle")) return;
      const what = rule.kind === "ended" ? `a ${rule.link} ${rule.by} had ended` : `a ${rule.link} its source never issued`;
      const expected = rule.refusedWith.map(String).join(" or ");
      if (observation.kind === "result")
        add("lifecycle", `accepted a call carrying ${what}: it answered with a result, not ${expected}`);
      else if (!rule.refusedWith.some((code) => code === observation.code)) {
        add(
          "lifecycle",
          `refused a call carrying ${what} with ${String(observation.code)}, not ${expected}`,
          observation.message,
        );
      }
      return;
    }
    case "setup":
      return;
  }
}
