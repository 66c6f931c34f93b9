/**
 * The runtime's JSON reader (templates/runtime/core/json-reader.ts): JSON.parse's value, and the
 * integer literals past ±(2^53 − 1) it would round, found only when a long digit run is there.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson, unsafeIntegersIn } from "../support/runtime.js";

const U64_MAX = "18446744073709551615";
const I64_MIN = "-9223372036854775808";

describe("readJson", () => {
  it("gives JSON.parse's value for any JSON text", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(readJson(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 300, seed: 22 },
    );
  });

  it("notes each integer literal past the safe range, with its pointer from every container on the way", () => {
    const value = readJson(`{"id":${U64_MAX},"nested":{"list":[1,${I64_MIN},{"a/b~c":9007199254740993}]},"ok":9007199254740991}`);
    expect(unsafeIntegersIn(value)).toEqual([
      { pointer: "/id", digits: U64_MAX },
      { pointer: "/nested/list/1", digits: I64_MIN },
      { pointer: "/nested/list/2/a~1b~0c", digits: "9007199254740993" },
    ]);
    const list = (value as { nested: { list: unknown[] } }).nested.list;
    expect(unsafeIntegersIn(list)).toEqual([
      { pointer: "/1", digits: I64_MIN },
      { pointer: "/2/a~1b~0c", digits: "9007199254740993" },
    ]);
    expect(unsafeIntegersIn(list[2])).toEqual([{ pointer: "/a~1b~0c", digits: "9007199254740993" }]);
  });

  it("leaves alone the safe range's edge, fractions, exponents, and digits inside strings", () => {
    for (const text of [
      '{"max":9007199254740991,"min":-9007199254740991}',
      '{"f":18446744073709551615.5,"e":1844674407370955e10,"big":1e400}',
      `{"hash":"${U64_MAX}${U64_MAX}","key\\"${U64_MAX}":1}`,
      `[${"1234567 ".repeat(40).trim().replace(/ /g, ",")}]`,
    ])
      expect(unsafeIntegersIn(readJson(text)), text).toEqual([]);
  });

  it("finds a long run wherever it starts (the scan looks at every eighth character)", () => {
    for (let pad = 0; pad < 24; pad++) {
      const value = readJson(`{"${"k".repeat(pad)}":${U64_MAX}}`);
      expect(unsafeIntegersIn(value), `pad ${pad}`).toEqual([{ pointer: `/${"k".repeat(pad)}`, digits: U64_MAX }]);
    }
  });

  it("a key given twice keeps its last value, as JSON.parse does: only a literal still in the value is noted", () => {
    expect(unsafeIntegersIn(readJson(`{"n":${U64_MAX},"n":1}`))).toEqual([]);
    expect(unsafeIntegersIn(readJson(`{"n":1,"n":${U64_MAX}}`))).toEqual([{ pointer: "/n", digits: U64_MAX }]);
  });

  it("throws JSON.parse's SyntaxError on text that is not JSON", () => {
    expect(() => readJson(`{"n":${U64_MAX}`)).toThrow(SyntaxError);
  });
});
