import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { holdsLongDigitRun, readExact, writeExact } from "../../generator/host/core/exact-json.js";

describe("exact-json", () => {
  const ordinary = [
    '{"type":"request","id":1,"method":"demo.apps","params":{}}',
    '{"jsonrpc":"2.0","id":"x","result":{"n":[1,-2,3.5,1e3,-0,9007199254740991],"s":"é\\u0000","t":true,"z":null}}',
    '{"a":1,"a":2}',
    '{"pi":3.1415926535897932384626}',
    // a long digit run sends these through lossless-json, which must then agree with JSON.parse too
    '{"a":1,"a":2,"n":-0,"f":1234567890123456.5,"s":"1234567890123456\\"\\n"}',
    "[]",
    '"text"',
  ];

  it.each(ordinary)("reads %s as JSON.parse does", (text) => {
    expect(readExact(text)).toEqual(JSON.parse(text));
  });

  it.each(ordinary)("writes what it read of %s as JSON.stringify does", (text) => {
    expect(writeExact(readExact(text))).toBe(JSON.stringify(JSON.parse(text)));
  });

  it("reads integers past the safe range as their exact bigint, safe ones as numbers", () => {
    expect(readExact("[18446744073709551615,-9223372036854775808,9007199254740993,9007199254740992,9007199254740991,0]")).toEqual(
      [18446744073709551615n, -9223372036854775808n, 9007199254740993n, 9007199254740992n, 9007199254740991, 0],
    );
  });

  it("keeps a fraction with many digits a plain number", () => {
    expect(readExact("[1234567890123456789.5, 12345678901234567890e2]")).toEqual([1234567890123456789.5, 12345678901234567890e2]);
  });

  it("writes a bigint as its digits, anywhere in the value", () => {
    const value = { id: 18446744073709551615n, nested: [{ offset: -9223372036854775808n }], small: 7, label: "x" };
    expect(writeExact(value)).toBe(
      '{"id":18446744073709551615,"nested":[{"offset":-9223372036854775808}],"small":7,"label":"x"}',
    );
  });

  it("keeps the digits both ways", () => {
    const text = '{"u64_max":18446744073709551615,"i64_min":-9223372036854775808,"past_safe":9007199254740993,"zero":0}';
    expect(writeExact(readExact(text))).toBe(text);
  });

  it("leaves a string of 20 digits a string", () => {
    const text = '{"label":"12345678901234567890","id":18446744073709551615}';
    expect(readExact(text)).toEqual({ label: "12345678901234567890", id: 18446744073709551615n });
    expect(writeExact(readExact(text))).toBe(text);
  });

  it("refuses what JSON refuses", () => {
    expect(() => readExact("{1234567890123456789}")).toThrow(SyntaxError);
    expect(() => readExact("not json")).toThrow(SyntaxError);
    const circle: Record<string, unknown> = {};
    circle["self"] = circle;
    expect(() => writeExact(circle)).toThrow(TypeError);
  });

  it("finds a run of 16 digits wherever /\\d{16}/ does", () => {
    const piece = fc.oneof(fc.constantFrom("", "x", '"', ".", "-", "e"), fc.stringMatching(/^\d{1,20}$/));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join("");
        expect(holdsLongDigitRun(text)).toBe(/\d{16}/.test(text));
      }),
      { numRuns: 2000 },
    );
    for (const text of ["1".repeat(15), "1".repeat(16), `x${"1".repeat(16)}`, `${"x".repeat(15)}${"1".repeat(16)}x`]) {
      expect(holdsLongDigitRun(text)).toBe(/\d{16}/.test(text));
    }
  });
});
