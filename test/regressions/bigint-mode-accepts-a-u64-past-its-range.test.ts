/**
 * Issue 37, found by `conform` against the mock of the bigint-mode int64 contract: the mock took
 * `echo` params holding u64::MAX + 1 at a `uint64` and i64::MAX + 1 at an `int64`, and answered.
 * The mock judges params with the contract's own validators, and those, in bigint mode, checked
 * only that the value was a bigint: a format is an annotation to JSON Schema. But the format is
 * what made the location a bigint — the Rust field is a u64, which no host can fill with 2^64 —
 * so in bigint mode the validators now hold a 64-bit location to its format's range on each side
 * the schema leaves open (numbers.ts `assertedBounds`), the generated client refuses such params
 * before sending them, and the mock refuses them as a Rust host would.
 */
import { expect, it } from "vitest";
import { validateNumbers } from "../fixtures/int64/generated/rightkit.test.int64.v1/validators.js";

it("the int64 binding's validators refuse a u64 or an i64 past its format's range", () => {
  const inRange = validateNumbers({ id: 2n ** 64n - 1n, offset: -(2n ** 63n), list: [0n] });
  expect(inRange.ok).toBe(true);
  for (const params of [
    { id: 2n ** 64n, offset: 0n },
    { id: 0n, offset: 2n ** 63n },
    { id: 0n, offset: -(2n ** 63n) - 1n },
    { id: 0n, offset: 0n, maybe: 2n ** 64n },
    { id: 0n, offset: 0n, list: [2n ** 64n] },
  ]) {
    const result = validateNumbers(params);
    expect(
      result.ok,
      JSON.stringify(params, (_, value: unknown) => (typeof value === "bigint" ? `${value}` : value)),
    ).toBe(false);
    if (!result.ok) expect(result.issues[0]?.keyword).toBe("format");
  }
});
