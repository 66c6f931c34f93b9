/**
 * A binding that reads 64-bit integers as bigint (binding `numbers.int64`, issue 23 part 2): the
 * integer shape marks those locations `int64` (generator/analyses/integer-shape.ts), the runtime reads
 * the integers there as exact bigints (core/integers.ts `readBigints`) and writes bigints back as
 * their digits (core/json-writer.ts `writeJson`). Every other number stays a number.
 */
import { describe, expect, it } from "vitest";
import { integerShape } from "../../../generator/analyses/integer-shape.js";
import { schemaGraph } from "../../../generator/resolve/index.js";
import type { Int64Reading } from "../../../generator/schema/integers.js";
import { NDJSON, readBigints, readJson, writeJson, type IntegerShape } from "../../support/runtime.js";

const U64_MAX = "18446744073709551615";
const I64_MIN = "-9223372036854775808";
const PAST_SAFE = "9007199254740993";

const COUNTER = { type: "integer", format: "uint64", minimum: 0 };
const NUMBERS = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $defs: { counter: COUNTER, offset: { type: "integer", format: "int64" } },
  type: "object",
  properties: {
    id: { $ref: "#/$defs/counter" },
    offset: { $ref: "#/$defs/offset" },
    maybe: { type: ["integer", "null"], format: "uint64" },
    list: { type: "array", items: { $ref: "#/$defs/counter" } },
    byKey: { type: "object", additionalProperties: { $ref: "#/$defs/counter" } },
    small: { type: "integer", format: "uint32" },
    ratio: { type: "number" },
  },
};

function shapeOf(schema: object, int64: Int64Reading): IntegerShape {
  const shape = integerShape(schemaGraph(schema), "#", int64);
  if (shape === undefined) throw new Error("no integer in the schema");
  return shape;
}

describe("the integer shape in bigint mode", () => {
  it("marks the 64-bit locations int64 and leaves u32 an integer", () => {
    const shape = shapeOf(NUMBERS, "bigint");
    expect(shape.filter((node) => node.int64 === true)).toHaveLength(1);
    expect(shape.filter((node) => node.integer === true)).toHaveLength(1);
  });

  it("is today's table in number mode: no int64 node", () => {
    expect(shapeOf(NUMBERS, "number").some((node) => node.int64 === true)).toBe(false);
  });
});

describe("readBigints", () => {
  const shape = shapeOf(NUMBERS, "bigint");
  const read = (text: string): unknown => readBigints(shape, readJson(text));

  it("reads u64::MAX, i64::MIN, 2^53 + 1 and 0 exactly where the schema says a 64-bit integer", () => {
    const value = read(
      `{"id":${U64_MAX},"offset":${I64_MIN},"maybe":${PAST_SAFE},"list":[0,${U64_MAX},7],"byKey":{"a":${PAST_SAFE},"b":1}}`,
    );
    expect(value).toEqual({
      id: BigInt(U64_MAX),
      offset: BigInt(I64_MIN),
      maybe: BigInt(PAST_SAFE),
      list: [0n, BigInt(U64_MAX), 7n],
      byKey: { a: BigInt(PAST_SAFE), b: 1n },
    });
  });

  it("leaves every other number a number, and null, fractions and strings as they are", () => {
    const value = read(`{"id":"12","maybe":null,"small":5,"ratio":2.5,"offset":1.5}`);
    expect(value).toEqual({ id: "12", maybe: null, small: 5, ratio: 2.5, offset: 1.5 });
  });

  it("changes nothing for a shape without int64 nodes", () => {
    const plain = shapeOf(NUMBERS, "number");
    const value = readJson(`{"id":5,"list":[1,2]}`);
    expect(readBigints(plain, value)).toEqual({ id: 5, list: [1, 2] });
  });

  it("reads a top-level 64-bit integer", () => {
    expect(readBigints(shapeOf(COUNTER, "bigint"), 42)).toBe(42n);
  });

  it("reads a key named like an inherited property only where the object has it as its own", () => {
    const schema = {
      type: "object",
      properties: { ["__proto__"]: COUNTER, constructor: COUNTER, toString: { type: "object", properties: { n: COUNTER } } },
    };
    const own = readBigints(shapeOf(schema, "bigint"), readJson(`{"__proto__":${U64_MAX},"constructor":7}`));
    expect(Object.getOwnPropertyDescriptor(own, "__proto__")?.value).toBe(BigInt(U64_MAX));
    expect((own as { constructor: unknown }).constructor).toBe(7n);
    expect(Object.getPrototypeOf(own)).toBe(Object.prototype);
    const none = readBigints(shapeOf(schema, "bigint"), readJson(`{"id":1}`));
    expect(none).toEqual({ id: 1 });
    expect(Object.getPrototypeOf(none)).toBe(Object.prototype);
    expect(Object.prototype.toString).toBeTypeOf("function");
  });

  it("reads a list of 64-bit integers, with nulls, fractions and strings among them left as they are", () => {
    const value = read(`{"list":[${U64_MAX},null,1.5,"7",${I64_MIN},3]}`);
    expect(value).toEqual({ list: [BigInt(U64_MAX), null, 1.5, "7", BigInt(I64_MIN), 3n] });
  });

  it("reads a long array of 64-bit integers without growing per index (one state for every item)", () => {
    const items = Array.from({ length: 2000 }, (_, i) => (i % 2 === 0 ? U64_MAX : String(i)));
    const value = read(`{"list":[${items.join(",")}]}`) as { list: bigint[] };
    expect(value.list[0]).toBe(BigInt(U64_MAX));
    expect(value.list[1999]).toBe(1999n);
  });
});

describe("writeJson", () => {
  it("writes bigints as their digits", () => {
    expect(writeJson({ id: BigInt(U64_MAX), offset: BigInt(I64_MIN), list: [0n, 1], label: "x" })).toBe(
      `{"id":${U64_MAX},"offset":${I64_MIN},"list":[0,1],"label":"x"}`,
    );
  });

  it("is JSON.stringify where no bigint is: toJSON, undefined and functions skipped, null in arrays, non-finite as null", () => {
    const date = new Date(0);
    const value = { a: undefined, b: () => 1, c: [undefined, NaN, Infinity], d: date, e: "é\u2028", big: 1n };
    const { big: _big, ...plain } = value;
    expect(writeJson(value)).toBe(JSON.stringify(plain).replace(/}$/, ',"big":1}'));
    expect(writeJson(plain)).toBe(JSON.stringify(plain));
  });

  it("throws on a cycle, as JSON.stringify does", () => {
    const cycle: Record<string, unknown> = { n: 1n };
    cycle.self = cycle;
    expect(() => writeJson(cycle)).toThrow(TypeError);
  });

  it("is what NDJSON frames are written with", () => {
    expect(NDJSON.encode({ id: BigInt(U64_MAX) })).toBe(`{"id":${U64_MAX}}\n`);
  });
});
