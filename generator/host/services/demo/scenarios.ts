import { failure, success, type Outcome } from "../../core/outcome.js";
import { assertNever } from "../../../errors.js";

/**
 * What the demo service answers, one name per behaviour of a host a client must survive; the
 * lying ones each break the contract in one way, for `conform` to find.
 */
export const DEMO_SCENARIOS = {
  normal: "the demo service as the contract describes it",
  demo_disabled: "demo mode is off: every demo call fails with demo_disabled",
  permission_missing: "demo.request fails with permission_missing",
  not_armed: "consent works, but snapshot, act and batch fail with not_armed",
  arguments_first:
    "a correct host that checks argument rules the schema does not state (press needs key, type needs text) before the token",
  capture_unsafe: "demo.snapshot refuses with capture_unsafe",
  capture_state_unsafe: 'a lying host: snapshot succeeds with capture_state "unsafe" and elements',
  capture_state_masked: 'a lying host: snapshot succeeds with capture_state "masked" and elements',
  capture_state_missing: "a lying host: snapshot succeeds without capture_state but with elements",
  capture_state_null: "a lying host: snapshot succeeds with capture_state null and elements",
  service_unavailable: "every demo call fails with service_unavailable (retryable)",
  not_allowed: "every demo call fails with not_allowed, a code unknown to the contract (the allowlist's is request_not_allowed)",
  malformed_result: "a lying host: every demo call succeeds with a result of the wrong shape (conform: response_schema)",
  accepts_invalid_params:
    "a lying host: demo.batch runs any number of steps, past the contract's 20 (conform: negative_rejected)",
  token_survives_end: "a lying host: demo.end answers, but its token keeps working (conform: lifecycle)",
  crash_on_long_text:
    "a lying host: demo.act drops the connection when its text is longer than 8 characters (conform: no_server_error)",
  slow_snapshot: "a lying host: demo.snapshot answers after 31 s, past its 30 s contract timeout (conform: deadline)",
} as const;

export type DemoScenario = keyof typeof DEMO_SCENARIOS;

export function isDemoScenario(name: string): name is DemoScenario {
  return Object.hasOwn(DEMO_SCENARIOS, name);
}

/** The answer a scenario gives before a method runs at all, or undefined to let it run. */
export function scenarioGate(scenario: DemoScenario, method: string): Outcome | undefined {
  switch (scenario) {
    case "normal":
    case "arguments_first":
    case "not_armed":
    case "capture_unsafe":
    case "capture_state_unsafe":
    case "capture_state_masked":
    case "capture_state_missing":
    case "capture_state_null":
    case "accepts_invalid_params":
    case "token_survives_end":
    case "crash_on_long_text":
    case "slow_snapshot":
      return undefined;
    case "permission_missing":
      return method === "demo.request"
        ? failure("permission_missing", "Accessibility permission is not granted to the host")
        : undefined;
    case "demo_disabled":
      return failure("demo_disabled", "demo mode is switched off in the host");
    case "service_unavailable":
      return failure("service_unavailable", "the demo service is not running", true);
    case "not_allowed":
      return failure("not_allowed", "the daemon does not allow this client");
    case "malformed_result":
      return success({ capture_state: "safe", elements: "not-a-list", apps: 7, receipt_id: null, ended: "yes" });
    default:
      return assertNever(scenario, "scenario");
  }
}
