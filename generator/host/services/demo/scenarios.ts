/** What the demo service answers, one name per behaviour of a host a client must survive. */
export const DEMO_SCENARIOS = {
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
  not_allowed: "every demo call fails with not_allowed, a code unknown to the contract (the allowlist's is request_not_allowed)",
  malformed_result: "every demo call succeeds with a result of the wrong shape",
} as const;

export type DemoScenario = keyof typeof DEMO_SCENARIOS;

export function isDemoScenario(name: string): name is DemoScenario {
  return Object.hasOwn(DEMO_SCENARIOS, name);
}
