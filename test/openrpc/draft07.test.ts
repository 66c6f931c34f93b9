/**
 * 2020-12 spellings written as draft-07 Schema Objects: each translation means what the
 * original means (Ajv 2020 on the original and Ajv draft-07 on the translation agree on every
 * instance), and a keyword draft-07 has no word for goes under `x-` and is named.
 */
import { describe, expect, it } from "vitest";
import { Draft07Writer } from "../../generator/openrpc/draft07.js";
import { ajvFor } from "../support/ajv-dialect.js";

function agree(original: object, instances: unknown[]): unknown {
  const writer = new Draft07Writer("test.json");
  const written = writer.schema({ $schema: "https://json-schema.org/draft/2020-12/schema", ...original }) as object;
  const before = ajvFor("2020-12").compile(original);
  const after = ajvFor("draft-07").compile(written);
  for (const instance of instances) expect(after(instance), JSON.stringify(instance)).toBe(before(instance));
  expect(writer.unsaid.size).toBe(0);
  return written;
}

describe("draft-07 Schema Objects from 2020-12", () => {
  it("writes a tuple as items + additionalItems", () => {
    const written = agree({ type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false }, [
      ["a", 1],
      ["a"],
      ["a", 1, 2],
      [1, "a"],
      [],
    ]);
    expect(written).toEqual({ type: "array", items: [{ type: "string" }, { type: "integer" }], additionalItems: false });
    expect(agree({ prefixItems: [{ const: 1 }] }, [[1], [2], [1, "x"]])).toEqual({ items: [{ const: 1 }] });
  });

  it("writes dependentRequired and dependentSchemas as dependencies, both for one name", () => {
    const written = agree(
      {
        dependentRequired: { a: ["b"] },
        dependentSchemas: { a: { properties: { c: { type: "string" } } }, d: { required: ["e"] } },
      },
      [{ a: 1, b: 1 }, { a: 1 }, { a: 1, b: 1, c: 2 }, { d: 1 }, { d: 1, e: 1 }, {}],
    );
    expect(written).toEqual({
      dependencies: { a: { allOf: [{ required: ["b"] }, { properties: { c: { type: "string" } } }] }, d: { required: ["e"] } },
    });
  });

  it("keeps the siblings of a $ref, which draft-07 would ignore, by moving the $ref into allOf", () => {
    const writer = new Draft07Writer("test.json");
    expect(writer.schema({ $ref: "#/$defs/x", maxLength: 2 })).toEqual({
      maxLength: 2,
      allOf: [{ $ref: "#/components/schemas/x" }],
    });
    expect(writer.schema({ $ref: "#/$defs/x" })).toEqual({ $ref: "#/components/schemas/x" });
    expect(() => writer.schema({ $ref: "#" })).toThrow(/refers to itself/);
  });

  it("puts a keyword draft-07 lacks under x-, and names it", () => {
    const writer = new Draft07Writer("test.json");
    expect(
      writer.schema({
        type: "object",
        unevaluatedProperties: { type: "string" },
        properties: { a: { minContains: 2, contains: { const: 1 } } },
      }),
    ).toEqual({
      type: "object",
      "x-unevaluatedProperties": { type: "string" },
      properties: { a: { "x-minContains": 2, contains: { const: 1 } } },
    });
    expect([...writer.unsaid].sort()).toEqual(["minContains", "unevaluatedProperties"]);
  });
});
