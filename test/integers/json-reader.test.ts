/**
 * The runtime's JSON reader (templates/runtime/core/json-reader.ts): JSON.parse's value, and the
 * integer literals past ±(2^53 − 1) it would round, found only when a long digit run is there.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson, unsafeIntegersIn, unsafeLiteralsRecorded } from "../support/runtime.js";

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

  it("a key given twice, around containers: a later fraction, exponent or other kind replaces what an earlier literal left", () => {
    for (const text of [
      `{"n":${U64_MAX},"n":1.5e20}`,
      `{"a":{"x":${U64_MAX}},"a":{"x":1e20}}`,
      `{"a":[${U64_MAX}],"a":[1e20]}`,
      `{"a":[${U64_MAX}],"a":{"0":1e20}}`,
      `{"a":{"x":${U64_MAX}},"a":{}}`,
      `{"a":{"x":${U64_MAX}},"a":"x"}`,
    ])
      expect(unsafeIntegersIn(readJson(text)), text).toEqual([]);
    expect(unsafeIntegersIn(readJson(`{"a":{"x":1},"a":{"x":${U64_MAX}}}`))).toEqual([{ pointer: "/a/x", digits: U64_MAX }]);
    expect(unsafeIntegersIn(readJson(`{"a":[${I64_MIN}],"a":[${U64_MAX}]}`))).toEqual([{ pointer: "/a/0", digits: U64_MAX }]);
  });

  it("counts each literal it records, and nothing for a text without one (callers skip their look when the count holds)", () => {
    const before = unsafeLiteralsRecorded();
    readJson(`{"hash":"${U64_MAX}","n":9007199254740991,"f":18446744073709551615.5}`);
    expect(unsafeLiteralsRecorded()).toBe(before);
    readJson(`{"a":${U64_MAX},"b":[${I64_MIN}]}`);
    expect(unsafeLiteralsRecorded()).toBe(before + 2);
  });

  it("throws JSON.parse's SyntaxError on text that is not JSON", () => {
    expect(() => readJson(`{"n":${U64_MAX}`)).toThrow(SyntaxError);
  });
});
