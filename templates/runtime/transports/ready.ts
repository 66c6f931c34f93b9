import { ToolError } from "../core/errors.js";
import { isPlainObject } from "../core/json.js";
import type { ValidationResult } from "../core/validation.js";

/**
 * A server that announces readiness with a notification before it reads requests (agentcli's
 * `agentcli.ready`): requests wait until it comes, and each start of the server is bounded.
 */
export type ReadyGate = {
  notification: string;
  timeoutMs: number;
  /** Refuses a ready notification: the error every call on that connection then gets, or undefined to accept. */
  accept?: (params: unknown) => ToolError | undefined;
};

/** What a binding knows about its server's ready notification. */
export type ReadyRule = {
  notification: string;
  validate(value: unknown): ValidationResult<unknown>;
  /** The params field holding the server's version, and the version the contract was written for. */
  version?: { field: string; expected: string };
};

/**
 * The ready notification's params must match the contract, and the version they report must
 * share the contract version's major (its first dotted number): `0.3` serves a `0.2` contract,
 * `1.0` does not.
 */
export function readyRefusal(rule: ReadyRule, params: unknown): ToolError | undefined {
  const checked = rule.validate(params);
  if (checked.ok === false) {
    return new ToolError(
      "malformed_response",
      `the server's ${rule.notification} does not match the contract`,
      {
        details: checked.issues,
      },
    );
  }
  if (rule.version === undefined) return undefined;
  const { field, expected } = rule.version;
  const reported = isPlainObject(params) ? params[field] : undefined;
  if (typeof reported === "string" && sameMajor(reported, expected)) return undefined;
  return new ToolError(
    "version_mismatch",
    `the server reports ${field} ${JSON.stringify(reported)}; this binding was generated for ${expected} (major ${majorOf(expected)})`,
    { details: { field, reported, expected } },
  );
}

/** A version's major: its first dotted number (`0.2` → `0`). */
export const majorOf = (version: string): string => version.split(".")[0] ?? version;

/** The one version rule: a server of the same major serves the contract (`0.3` serves `0.2`, `1.0` does not). */
export const sameMajor = (reported: string, expected: string): boolean =>
  majorOf(reported) === majorOf(expected);

/** No ready notification within the bound: the server started but never said it could serve. */
export function notReady(gate: ReadyGate, what: string): ToolError {
  return new ToolError(
    "service_unavailable",
    `${what} sent no ${gate.notification} within ${gate.timeoutMs} ms`,
    {
      details: { reason: "not_ready", timeoutMs: gate.timeoutMs },
    },
  );
}
