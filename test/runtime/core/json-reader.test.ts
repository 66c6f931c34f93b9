/**
 * The runtime's JSON reader (templates/runtime/core/json-reader.ts): JSON.parse's value, and the
 * integer literals past ±(2^53 − 1) it would round, found only when a long digit run is there.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson, unsafeIntegersIn, unsafeLiteralsRecorded } from "../../support/runtime.js";

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

  it("notes exactly the integer literals past the safe range, wherever they sit among strings, numbers and containers", () => {
    // Values whose leaves may be 64-bit integers, written with their digits; the expected list is read off the value itself.
    const leaf = fc.oneof(
      fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }),
      fc.constantFrom(2n ** 53n - 1n, 2n ** 53n, -(2n ** 53n) + 1n, -(2n ** 53n)),
      fc.string(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    );
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("tree")), fc.dictionary(fc.string(), tie("tree"))),
    }));
    const write = (value: unknown): string =>
      typeof value === "bigint"
        ? String(value)
        : Array.isArray(value)
          ? `[${value.map(write).join(",")}]`
          : typeof value === "object" && value !== null
            ? `{${Object.entries(value)
                .map(([key, child]) => `${JSON.stringify(key)}:${write(child)}`)
                .join(",")}}`
            : JSON.stringify(value);
    const unsafeIn = (value: unknown, prefix: string): { pointer: string; digits: string }[] => {
      if (typeof value === "bigint")
        return value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)
          ? [{ pointer: prefix, digits: String(value) }]
          : [];
      // A double is written as JSON.stringify writes it: an integer past 2^53 below 1e21 as its digits.
      if (typeof value === "number")
        return /^-?\d{16,}$/.test(JSON.stringify(value)) && !Number.isSafeInteger(value)
          ? [{ pointer: prefix, digits: JSON.stringify(value) }]
          : [];
      if (typeof value !== "object" || value === null) return [];
      return Object.entries(value).flatMap(([key, child]) =>
        unsafeIn(child, `${prefix}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`),
      );
    };
    const byPointer = (a: { pointer: string }, b: { pointer: string }): number => (a.pointer < b.pointer ? -1 : 1);
    fc.assert(
      fc.property(fc.oneof(fc.array(tree), fc.dictionary(fc.string(), tree)), (value) => {
        const read = readJson(write(value));
        expect([...unsafeIntegersIn(read)].sort(byPointer)).toEqual(unsafeIn(value, "").sort(byPointer));
      }),
      { numRuns: 400, seed: 23 },
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

  it("regression: a string after an empty object in an array was read as a key, and the literal after it put under the wrong index", () => {
    // Found by the property above: `{}` left a key expected, so `""` became the array's current
    // "index" and the u64 after it was recorded at index "1" instead of 2.
    expect(unsafeIntegersIn(readJson(`[{},"",${U64_MAX}]`))).toEqual([{ pointer: "/2", digits: U64_MAX }]);
    expect(unsafeIntegersIn(readJson(`{"a":[[{}],"x",${U64_MAX}]}`))).toEqual([{ pointer: "/a/2", digits: U64_MAX }]);
  });

  it("regression: a literal within eight characters after another digit run was missed (two runs taken for one)", () => {
    // Found by the property above: the scan saw digits at i and i + 8 and took them for one run,
    // though a comma stood between; the run it measured began in an exponent, so it passed over
    // the u64 right after it, and JSON.parse's rounding went unnoticed.
    expect(unsafeIntegersIn(readJson("[-1.0883665613135852e-233,9007199254740992]"))).toEqual([
      { pointer: "/1", digits: "9007199254740992" },
    ]);
    for (let pad = 0; pad < 8; pad++) {
      const text = `{"f":1.${"5".repeat(16 + pad)}e-3,"n":${U64_MAX}}`;
      expect(unsafeIntegersIn(readJson(text)), text).toEqual([{ pointer: "/n", digits: U64_MAX }]);
    }
  });

  it("reads a long list of numbers at once, and notes exactly its plain integers past the safe range", () => {
    // From 16 items a list of numbers is split at its commas: whitespace, fractions and exponents
    // among the items must not shift or add an entry.
    // Fractions and exponents rare enough that many lists hold none (those are the ones read at once).
    const item = fc.oneof(
      {
        weight: 12,
        arbitrary: fc
          .bigInt({ min: -(2n ** 64n), max: 2n ** 64n })
          .map((n) => ({ text: String(n), unsafe: n > 2n ** 53n - 1n || n < 1n - 2n ** 53n })),
      },
      { weight: 6, arbitrary: fc.integer().map((n) => ({ text: String(n), unsafe: false })) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom("1e20", "1.5", "-0.0", "18446744073709551615.0", "9.3e18")
          .map((text) => ({ text, unsafe: false })),
      },
    );
    const space = fc.constantFrom("", " ", "\n  ", "\t");
    fc.assert(
      fc.property(fc.array(fc.tuple(space, item, space), { minLength: 16, maxLength: 40 }), (items) => {
        const text = `{"list":[${items.map(([before, { text }, after]) => before + text + after).join(",")}]}`;
        const expected = items.flatMap(([, { text, unsafe }], index) =>
          unsafe ? [{ pointer: `/list/${index}`, digits: text }] : [],
        );
        expect(unsafeIntegersIn(readJson(text)), text).toEqual(expected);
      }),
      { numRuns: 200, seed: 24 },
    );
  });

  it("a key given twice, around a long list: the text of the earlier occurrence may hold anything", () => {
    const numbers = (first: string): string => [first, ...Array.from({ length: 20 }, (_, i) => String(i))].join(",");
    const twenty = Array.from({ length: 20 }, (_, i) => String(i)).join(",");
    for (const earlier of [
      `["]",${numbers(U64_MAX)}]`,
      // Its `]` inside a string, after as many pieces as the last occurrence has items.
      `[${twenty},"]"]`,
      `[${numbers("null")}]`,
      `[{"x":"]"},${numbers(U64_MAX)}]`,
      `[${numbers(U64_MAX)}]`,
    ])
      for (const [later, digits] of [
        [`[${numbers(I64_MIN)}]`, I64_MIN],
        [`[${numbers("1e20")}]`, undefined],
        [`[${numbers("18446744073709551615.0")}]`, undefined],
      ] as const) {
        const text = `{"a":${earlier},"b":"]","a":${later},"c":${U64_MAX}}`;
        const expected = [...(digits === undefined ? [] : [{ pointer: "/a/0", digits }]), { pointer: "/c", digits: U64_MAX }];
        expect(unsafeIntegersIn(readJson(text)), text).toEqual(expected);
      }
  });

  it("finds each key however it is written: escaped, after keys that look like indexes, after a key given twice", () => {
    const value = readJson(
      `{"2":${U64_MAX},"a\\\\":{"x":${U64_MAX}},"b\\"c":[${U64_MAX}],"d":1,"d":2,"e\\u0041":${I64_MIN},"1":{"y":${I64_MIN}},"n":{"10":${U64_MAX},"1":2}}`,
    );
    // In /n the value's own order puts "1" first, at the place "10" has in the text: a key must be
    // the whole of the text's key, not a prefix of it.
    expect(unsafeIntegersIn(value)).toEqual([
      { pointer: "/1/y", digits: I64_MIN },
      { pointer: "/2", digits: U64_MAX },
      { pointer: "/a\\/x", digits: U64_MAX },
      { pointer: '/b"c/0', digits: U64_MAX },
      { pointer: "/eA", digits: I64_MIN },
      { pointer: "/n/10", digits: U64_MAX },
    ]);
  });

  it("finds where a string ends however many backslashes stand before its quotes", () => {
    for (let run = 0; run < 6; run++) {
      const text = JSON.stringify({ s: `${"\\".repeat(run)}"${"\\".repeat(run)}`, [`k${"\\".repeat(run)}`]: 1 }).replace(
        /\}$/,
        `,"n":${U64_MAX}}`,
      );
      expect(unsafeIntegersIn(readJson(text)), text).toEqual([{ pointer: "/n", digits: U64_MAX }]);
    }
  });

  it("keeps what it notes out of sight: the value has JSON.parse's own keys, and equals it strictly and as a clone", () => {
    const text = `{"id":${U64_MAX},"list":[${Array.from({ length: 20 }, () => I64_MIN).join(",")}],"o":{"n":${U64_MAX}}}`;
    const read = readJson(text) as Record<string, unknown>;
    expect(unsafeIntegersIn(read)).toHaveLength(22);
    for (const container of [read, read.list as object, read.o as object])
      expect(Reflect.ownKeys(container)).toEqual(Reflect.ownKeys(JSON.parse(JSON.stringify(container)) as object));
    expect(read).toStrictEqual(JSON.parse(text));
    expect(structuredClone(read)).toStrictEqual(JSON.parse(text));
    expect({ ...read }).toStrictEqual(JSON.parse(text));
  });

  it("throws JSON.parse's SyntaxError on text that is not JSON", () => {
    expect(() => readJson(`{"n":${U64_MAX}`)).toThrow(SyntaxError);
  });
});
