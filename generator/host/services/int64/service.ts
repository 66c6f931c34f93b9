/**
 * The int64 service: the host's side of the test-only contract rightkit.test.int64.v1
 * (test/fixtures/int64/contract/), for the round trips of Rust u64/i64 values through a client
 * in bigint mode. It proves digits, not shapes: echo answers with its params as read, so an
 * integer past the safe range (read exactly, core/exact-json.ts) goes back digit for digit, and
 * extremes answers the values a double cannot hold. It refuses what the contract refuses, as a
 * Rust host would (a u64 past u64::MAX too, which the schema's `format` names), so `conform`
 * finds it correct; a test that wants the client's own validators to refuse an answer sends the
 * frames itself.
 */
import type { Allowlist } from "../../core/allowlist.js";
import { failure, HOST_ERROR, success, type Outcome } from "../../core/outcome.js";
import type { Service } from "../../core/service.js";
import { isJsonObject } from "../../../json.js";

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
      case "int64.echo": {
        if (!isJsonObject(params)) return failure("invalid_arguments", "params must be an object");
        const refusal = numbersRefusal(params);
        return refusal === undefined ? success(params) : failure("invalid_arguments", refusal);
      }
      case "int64.extremes":
        if (params !== undefined && params !== null && !isJsonObject(params))
          return failure("invalid_arguments", "params must be an object");
        return isJsonObject(params) && Object.keys(params).length > 0
          ? failure("invalid_arguments", "extremes takes no params")
          : success(INT64_EXTREMES);
      default:
        return failure(HOST_ERROR.unknownMethod, `Method not found: ${method}`);
    }
  }

  /** Nothing of its own runs between calls. */
  stop(): void {}
}

const U64: Range = [0n, 2n ** 64n - 1n];
const I64: Range = [-(2n ** 63n), 2n ** 63n - 1n];
type Range = readonly [bigint, bigint];

/** Why echo's params are not the contract's `numbers`, or undefined when they are. */
function numbersRefusal(params: Record<string, unknown>): string | undefined {
  const known = ["id", "offset", "maybe", "list", "small", "label"];
  const unknown = Object.keys(params).find((key) => !known.includes(key));
  if (unknown !== undefined) return `unknown param ${JSON.stringify(unknown)}`;
  if (!("id" in params) || !within(params.id, U64)) return "id must be a u64";
  if (!("offset" in params) || !within(params.offset, I64)) return "offset must be an i64";
  if ("maybe" in params && params.maybe !== null && !within(params.maybe, U64)) return "maybe must be a u64 or null";
  if ("list" in params && !(Array.isArray(params.list) && params.list.every((item) => within(item, U64))))
    return "list must be an array of u64";
  if ("small" in params && !(typeof params.small === "number" && Number.isInteger(params.small) && params.small >= 0))
    return "small must be a non-negative integer";
  if ("label" in params && typeof params.label !== "string") return "label must be a string";
  return undefined;
}

/** An integer (a number, or the bigint exact-json reads past the safe range) within the range. */
function within(value: unknown, [low, high]: Range): boolean {
  const exact =
    typeof value === "bigint" ? value : typeof value === "number" && Number.isInteger(value) ? BigInt(value) : undefined;
  return exact !== undefined && exact >= low && exact <= high;
}
