/**
 * The int64 service: the host's side of the test-only contract rightkit.test.int64.v1
 * (test/fixtures/int64/contract/), for the round trips of Rust u64/i64 values through a client
 * in bigint mode. It proves digits, not shapes: echo answers with its params as read, so an
 * integer past the safe range (read exactly, core/exact-json.ts) goes back digit for digit, and
 * extremes answers the values a double cannot hold. It checks no field of the contract: a test
 * that wants the client's own validators to refuse a value sends it through the echo.
 */
import type { Allowlist } from "../../core/allowlist.js";
import { failure, HOST_ERROR, success, type Outcome } from "../../core/outcome.js";
import type { Service } from "../../core/service.js";

export const INT64_SERVICE_NAME = "rightkit.test.int64";

/** The contract binding's app; it may call the int64 tools and nothing else. */
export const INT64_ALLOWLIST: Allowlist = Object.freeze({ "right-ctl": Object.freeze(["int64.*"]) });

/** u64::MAX, i64::MIN, 2^53 + 1 (the first integer a double rounds) and 0. */
export const INT64_EXTREMES = Object.freeze({
  u64_max: 18446744073709551615n,
  i64_min: -9223372036854775808n,
  past_safe: 9007199254740993n,
  zero: 0,
});

export class Int64Service implements Service {
  readonly name = INT64_SERVICE_NAME;

  handle(method: string, params: unknown): Outcome {
    switch (method) {
      case "int64.echo":
        return isObject(params) ? success(params) : failure("invalid_arguments", "params must be an object");
      case "int64.extremes":
        return params === undefined || params === null || isObject(params)
          ? success(INT64_EXTREMES)
          : failure("invalid_arguments", "params must be an object");
      default:
        return failure(HOST_ERROR.unknownMethod, `Method not found: ${method}`);
    }
  }

  /** Nothing of its own runs between calls. */
  stop(): void {}
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
