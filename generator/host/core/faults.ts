import { MAX_LINE_BYTES } from "./limits.js";
import { assertNever } from "../../errors.js";

/** The two wire protocols the host speaks; a fault exists only where its bytes make sense. */
export type Protocol = "daemon" | "jsonrpc";

/** Faults in how an answer travels, the same idea on either protocol. */
const SHARED_FAULTS = {
  garbage_line: "answers every service call with a line that is not JSON",
  drop_mid_call: "closes the connection instead of answering a service call",
  never_answer: "reads service calls and never answers",
  split_writes: "writes every line in 1–5 byte pieces",
  oversized_line: "answers with a single line over 16 MiB",
  unknown_id: "answers with an id that was never sent",
  duplicate_response:
    "a lying host: sends every response twice, the second for an id already answered (conform: no_server_error)",
} as const;

const JSONRPC_ONLY_FAULTS = {
  out_of_order: "JSON-RPC only: holds answers until a window of them is full, then sends them newest first",
  notifications: "JSON-RPC only: sends a notification before every answer",
  bare_rpc_error: "JSON-RPC only: every demo call fails with -32603 and no data.code",
} as const;

const DAEMON_ONLY_FAULTS = {
  unknown_frame_type: 'daemon only: answers every service call with a {"type":"surprise"} frame',
  events: "daemon only: sends three event frames before every answer",
  ok_flag: 'daemon only: responses carry "ok":true|false instead of "status"',
  hello_wrong_service: "daemon only: the host's hello names another service",
  hello_wrong_major: "daemon only: the host's hello says protocol_major 2",
  hello_close: "daemon only: closes the connection instead of sending its hello",
  hello_refused: "daemon only: refuses every app in its hello (request_not_allowed)",
  handoff_once: "daemon only: answers the first service call on this host with host_handoff",
  error_without_retryable: "daemon only, a lying host: error responses leave out retryable (conform: error_model)",
} as const;

export const JSONRPC_FAULTS = { ...SHARED_FAULTS, ...JSONRPC_ONLY_FAULTS } as const;
export const DAEMON_FAULTS = { ...SHARED_FAULTS, ...DAEMON_ONLY_FAULTS } as const;
export const FAULTS = { ...SHARED_FAULTS, ...JSONRPC_ONLY_FAULTS, ...DAEMON_ONLY_FAULTS } as const;

export type JsonRpcFault = keyof typeof JSONRPC_FAULTS;
export type DaemonFault = keyof typeof DAEMON_FAULTS;
export type FaultName = keyof typeof FAULTS;

/** Not a fault: the service is left out and every call's params come back as its result (the benchmark's host). */
export const ECHO = "echo";
export const ECHO_TEXT = "no service: every call's params come back as its result";

export function isFault(name: string): name is FaultName {
  return Object.hasOwn(FAULTS, name);
}

export function jsonRpcFaultOf(scenario: string): JsonRpcFault | undefined {
  return Object.hasOwn(JSONRPC_FAULTS, scenario) ? (scenario as JsonRpcFault) : undefined;
}

export function daemonFaultOf(scenario: string): DaemonFault | undefined {
  return Object.hasOwn(DAEMON_FAULTS, scenario) ? (scenario as DaemonFault) : undefined;
}

/** Why `scenario` cannot run on `protocol`, or undefined when it can. */
export function protocolRefusal(scenario: string, protocol: Protocol): string | undefined {
  if (!isFault(scenario)) return undefined;
  switch (protocol) {
    case "daemon":
      return daemonFaultOf(scenario) ? undefined : `scenario ${scenario} exists only on the JSON-RPC host (host --socket)`;
    case "jsonrpc":
      return jsonRpcFaultOf(scenario) ? undefined : `scenario ${scenario} exists only on the daemon host (host --suite-root)`;
    default:
      return assertNever(protocol, "protocol");
  }
}

export const GARBAGE_LINE = "this is not json {\n";

/** An id no client sent: numbers move far away, anything else gets a suffix. */
export function strangerId(id: unknown): unknown {
  if (typeof id === "number") return id + 1_000_000;
  if (typeof id === "bigint") return id + 1_000_000n;
  return `${String(id)}-stranger`;
}

/** A result whose line is over the cap however it is encoded. */
export function oversizedResult(): { pad: string } {
  return { pad: "x".repeat(MAX_LINE_BYTES + 1) };
}
