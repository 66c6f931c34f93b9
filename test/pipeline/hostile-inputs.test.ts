/**
 * The generator against hostile input (test/support/hostile-inputs.ts): arbitrary strings in
 * every string position of a schema and its binding file, through `generate` and `diff`. A
 * bounded number of cases here; `npm run sweep:hostile -- --cases N` runs thousands.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileCase, positionName, POSITIONS, runHostileCase } from "../support/hostile-inputs.js";

/** Each case type-checks a binding; this bounds a hang, it asserts nothing. */
const SLOW = { timeout: 600_000 };

describe("hostile strings in every position of a schema and binding file", () => {
  it(
    "keep every promise: exit 0 or 2, nothing outside --out, nothing written on 2, no control character or live Markdown",
    SLOW,
    async () => {
      await fc.assert(
        fc.asyncProperty(hostileCase, async (hostile) => {
          const verdict = await runHostileCase(hostile);
          expect(verdict.problems, `${positionName(hostile)}: ${JSON.stringify(hostile.text)}`).toEqual([]);
        }),
        { numRuns: 40 },
      );
    },
  );

  it("reach every position at least once in a run", SLOW, async () => {
    for (let position = 0; position < POSITIONS.length; position++) {
      const verdict = await runHostileCase({ position, text: "*/@team https://x.example :rocket: \u001b[31m" });
      expect(verdict.problems, POSITIONS[position]?.name).toEqual([]);
    }
  });
});
