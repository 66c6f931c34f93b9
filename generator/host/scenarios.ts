/**
 * How the conformance host misbehaves, one name per behaviour a client must survive.
 * Service scenarios change what the demo service answers; fault scenarios change how an
 * answer travels; `echo` drops the service and returns each call's params as its result.
 */
export const SERVICE_SCENARIOS = {
  normal: "the demo service as the contract describes it",
  demo_disabled: "demo mode is off: every demo call fails with demo_disabled",
  permission_missing: "demo.request fails with permission_missing",
  not_armed: "consent works, but snapshot, act and batch fail with not_armed",
  capture_unsafe: "demo.snapshot refuses with capture_unsafe",
  capture_state_unsafe: 'a lying host: snapshot succeeds with capture_state "unsafe" and elements',
  capture_state_masked: 'a lying host: snapshot succeeds with capture_state "masked" and elements',
  capture_state_missing: "a lying host: snapshot succeeds without capture_state but with elements",
  capture_state_null: "a lying host: snapshot succeeds with capture_state null and elements",
  service_unavailable: "every demo call fails with service_unavailable (retryable)",
  not_allowed: "every demo call fails with the daemon's code not_allowed, unknown to the contract",
  bare_rpc_error: "every demo call fails with JSON-RPC -32603 and no data.code",
  malformed_result: "every demo call succeeds with a result of the wrong shape",
} as const;

export const FAULT_SCENARIOS = {
  garbage_line: "answers every demo call with a line that is not JSON",
  drop_mid_call: "closes the connection when a demo call arrives",
  never_answer: "reads demo calls and never answers",
  split_writes: "writes every answer in 1–5 byte pieces",
  out_of_order: "holds answers until a window of them is full, then sends them newest first",
  notifications: "sends a notification before every answer",
  oversized_line: "answers with a single line over 16 MiB",
  unknown_id: "answers with an id that was never sent",
} as const;

export type ServiceScenario = keyof typeof SERVICE_SCENARIOS;
export type FaultScenario = keyof typeof FAULT_SCENARIOS;
export type ScenarioName = ServiceScenario | FaultScenario | "echo";

export const SCENARIO_NAMES: readonly ScenarioName[] = [
  ...(Object.keys(SERVICE_SCENARIOS) as ServiceScenario[]),
  ...(Object.keys(FAULT_SCENARIOS) as FaultScenario[]),
  "echo",
];

export function isScenarioName(name: string): name is ScenarioName {
  return (SCENARIO_NAMES as readonly string[]).includes(name);
}

export function isFaultScenario(name: ScenarioName): name is FaultScenario {
  return Object.hasOwn(FAULT_SCENARIOS, name);
}

export function isServiceScenario(name: ScenarioName): name is ServiceScenario {
  return Object.hasOwn(SERVICE_SCENARIOS, name);
}
