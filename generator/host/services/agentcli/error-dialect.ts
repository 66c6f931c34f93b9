import { GARBAGE_LINE } from "../../core/faults.js";
import { HOST_ERROR, type Outcome } from "../../core/outcome.js";
import {
  encodeNotification,
  type JsonRpcDialect,
  type Opening,
  type Refusal,
  type RpcError,
} from "../../core/protocols/jsonrpc.js";
import { MANIFEST_VERSION } from "./manifest.js";
import type { AgentcliScenario } from "./scenarios.js";
import type { Issue } from "./shapes.js";
import { assertNever } from "../../../errors.js";

/**
 * agentcli's error model: every error carries `data: {code, error_type}` (agentcli's machine-
 * readable pair); bad params are -32602 `invalid_argument`, with the issues in `data.validation`;
 * an internal failure is -32603 with a generic message; other failures would be -32000.
 */
export const INVALID_ARGUMENT = "invalid_argument";

export const READY_NOTIFICATION = "agentcli.ready";

/** The server's own failure: -32603 with a generic message, never its cause. */
export const INTERNAL_ERROR = "internal_error";

/** The manifest version agentcli.ready claims under bad_manifest_version (another major). */
const FOREIGN_MANIFEST_VERSION = "1.0";
/** The exit code of a server that dies at start (exit_at_start). */
const EXIT_AT_START = 3;

export type ReadyParams = { ok: true; manifest_version: string };

export function readyParams(scenario: AgentcliScenario): ReadyParams {
  return { ok: true, manifest_version: scenario === "bad_manifest_version" ? FOREIGN_MANIFEST_VERSION : MANIFEST_VERSION };
}

/** A caller-fixable argument: -32602 with the issues, each `{path, message}`, in `data.validation`. */
export function invalidArgument(message: string, issues: readonly Issue[]): Outcome {
  return { ok: false, error: { code: INVALID_ARGUMENT, message, retryable: false }, data: { validation: issues } };
}

export function agentcliDialect(scenario: () => AgentcliScenario): JsonRpcDialect {
  return {
    opening: () => opening(scenario()),
    refusal: refusalOf,
    error: ({ error, data }) => {
      const rpc = rpcErrorOf(error.code, error.message, data);
      return scenario() === "errors_without_data" ? { code: rpc.code, message: rpc.message } : rpc;
    },
  };
}

function rpcErrorOf(code: string, message: string, data: Readonly<Record<string, unknown>> | undefined): RpcError {
  if (code === HOST_ERROR.unknownMethod) return withData(-32601, message, "unknown_command");
  if (code === INVALID_ARGUMENT) return withData(-32602, message, INVALID_ARGUMENT, data);
  if (code === INTERNAL_ERROR) return withData(-32603, "Internal error", INTERNAL_ERROR);
  return withData(-32000, message, code, data);
}

function opening(scenario: AgentcliScenario): Opening {
  switch (scenario) {
    case "exit_at_start":
      return { kind: "exit", code: EXIT_AT_START };
    case "no_ready":
      return { kind: "lines", lines: [] };
    case "garbage_ready":
      return { kind: "lines", lines: [GARBAGE_LINE] };
    case "normal":
    case "extra_method":
    case "missing_method":
    case "bad_manifest_version":
    case "version_wrong_shape":
    case "schema_internal_error":
    case "errors_without_data":
    case "describe_accepts_unknown_target":
      return { kind: "lines", lines: [encodeNotification(READY_NOTIFICATION, readyParams(scenario))] };
    default:
      return assertNever(scenario, "case");
  }
}

function refusalOf(refusal: Refusal): RpcError {
  switch (refusal) {
    case "parse_error":
      return withData(-32700, "Parse error", "parse_error");
    case "batch":
      return withData(-32600, "Batch requests are not supported", INVALID_ARGUMENT);
    case "invalid_request":
      return withData(-32600, "Invalid Request", INVALID_ARGUMENT);
    case "internal_error":
      return withData(-32603, "Internal error", "internal_error");
    default:
      return assertNever(refusal, "case");
  }
}

/** agentcli spells the code and its error type alike for the errors this server has. */
function withData(code: number, message: string, type: string, extra?: Readonly<Record<string, unknown>>): RpcError {
  return { code, message, data: { code: type, error_type: type, ...extra } };
}
