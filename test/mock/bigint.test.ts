/**
 * A bigint-mode contract served by `rightkit-bindgen mock` (issue 37): the test-only int64
 * contract (`numbers.int64: "bigint"`), whose u64/i64 locations the mock's validators read as
 * bigints and whose answers it draws across the whole 64-bit range. Conform finds the mock
 * conforming, and the int64 binding's client reads every 64-bit answer as a bigint, exactly.
 */
import { describe, expect, it } from "vitest";
import { DaemonTransport, Int64Client } from "../fixtures/int64/generated/rightkit.test.int64.v1/index.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { failOnUnhandledRejections } from "../support/rejection.js";
import { ALL_CALLS, conformJson, failing } from "../conform/support.js";
import { spawnMock } from "./support.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

const INT64 = "test/fixtures/int64/contract/rightkit.test.int64.v1.schema.json";
const U64_MAX = 2n ** 64n - 1n;
const I64_MIN = -(2n ** 63n);

describe("the mock of a bigint-mode contract", () => {
  it("is found conforming by conform", async () => {
    const suiteRoot = await cleanups.dir();
    const mock = await spawnMock(cleanups, ["--contract", INT64, "--suite-root", suiteRoot, "--seed", "3"]);
    expect(mock.started).toContain("serving rightkit.test.int64");
    const { run, report } = await conformJson("--contract", INT64, "--suite-root", suiteRoot, ALL_CALLS, "--seed", "9");
    expect(failing(report)).toEqual([]);
    expect(run.code).toBe(0);
    expect(await mock.stop()).toBe(0);
  });

  it("answers the int64 client with bigints at every 64-bit location, inside their range, under every seed tried", async () => {
    for (const seed of ["0", "1", "2", "3"]) {
      const suiteRoot = await cleanups.dir();
      const mock = await spawnMock(cleanups, ["--contract", INT64, "--suite-root", suiteRoot, "--seed", seed]);
      const transport = new DaemonTransport({ suiteRoot });
      cleanups.add(() => transport.close());
      const client = new Int64Client(transport);
      const extremes = await client.extremes({});
      for (const value of [extremes.u64_max, extremes.past_safe, extremes.zero]) {
        expect(typeof value).toBe("bigint");
        expect(value >= 0n && value <= U64_MAX).toBe(true);
      }
      expect(typeof extremes.i64_min).toBe("bigint");
      expect(extremes.i64_min >= I64_MIN && extremes.i64_min < 2n ** 63n).toBe(true);
      const echoed = await client.echo({ id: U64_MAX, offset: I64_MIN, small: 7 });
      expect(typeof echoed.id).toBe("bigint");
      expect(typeof echoed.offset).toBe("bigint");
      // A u32 stays a number in bigint mode.
      if (echoed.small !== undefined) expect(typeof echoed.small).toBe("number");
      await transport.close();
      expect(await mock.stop()).toBe(0);
    }
  });
});
