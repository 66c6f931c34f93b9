/**
 * Bad input, schemas and instances: deep nesting, huge enums, invalid regexes, recursion, an
 * instance nested 10,000 deep, `__proto__` keys, sparse arrays, NaN/Infinity, huge strings, and
 * strings that try to break out of generated code. Plus the refusals the compiler must make.
 */
import { describe, expect, it } from "vitest";
import { emitValidatorModule, REF_DEPTH_LIMIT } from "../../../generator/emit/validators/index.js";
import { isBindgenError, type BindgenError } from "../../../generator/errors.js";
import { loadModule } from "../../support/load-module.js";
import {
  hugeEnum,
  LINKED_LIST_SCHEMA,
  NASTY_NAMES,
  NASTY_STRINGS,
  nastySchemas,
  nestedAllOf,
  nestedProperties,
  TREE_SCHEMA,
} from "./hostile-schemas.js";

const compile = (schema: object) => loadModule(emitValidatorModule(schema));
const wire = (text: string): unknown => JSON.parse(text);

function generationError(schema: object): BindgenError {
  try {
    emitValidatorModule(schema);
  } catch (error) {
    if (isBindgenError(error)) return error;
    throw error;
  }
  throw new Error("expected generation to fail");
}

function nestedInstance(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe("schemas nested 500 deep", () => {
  it("properties 500 deep compile and validate down to the bottom", () => {
    const v = compile(nestedProperties(500));
    expect(v.validate(nestedInstance(500, 7)).ok).toBe(true);
    const bad = v.validate(nestedInstance(500, "seven"));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues[0]?.instancePath).toBe("/a".repeat(500));
    expect(v.isValid(nestedInstance(499, 7))).toBe(false);
  });

  it("allOf 500 deep compiles", () => {
    const v = compile(nestedAllOf(500));
    expect(v.isValid(1)).toBe(true);
    expect(v.isValid(-1)).toBe(false);
  });
});

describe("an enum of 10,000 values", () => {
  const source = emitValidatorModule(hugeEnum(10_000));
  const v = loadModule(source);
  it("is one module-scope Set, looked up in constant time", () => {
    expect(source).toMatch(/const allowed_[0-9a-f]+ = new Set<unknown>\(\[/);
    expect(source.match(/value-9999/g)?.length).toBe(1);
  });
  it("accepts members and rejects near misses", () => {
    expect(v.isValid("value-0")).toBe(true);
    expect(v.isValid("value-9999")).toBe(true);
    expect(v.isValid("value-10000")).toBe(false);
    const result = v.validate(42);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]?.message).toMatch(/must be equal to one of the allowed values: "value-0"/);
  });
});

describe("invalid regular expressions fail generation naming the pointer", () => {
  it("pattern", () => {
    const error = generationError({ properties: { name: { type: "string", pattern: "([a-z]" } } });
    expect(error.code).toBe("bad_pattern");
    expect(error.pointer).toBe("#/properties/name/pattern");
  });
  it("patternProperties key", () => {
    const error = generationError({ patternProperties: { "[z-a]": true } });
    expect(error.code).toBe("bad_pattern");
    expect(error.pointer).toBe("#/patternProperties/[z-a]");
  });
  it("a pattern valid only without the u flag compiles without it (issue 12), and matches as it reads there", () => {
    const v = compile({ type: "string", pattern: "^\\-\\p{L}$" });
    // Without u, `\-` is "-" and `\p{L}` is "p{L}" read literally.
    expect(v.isValid("-p{L}")).toBe(true);
    expect(v.isValid("-a")).toBe(false);
  });
});

describe("recursive $ref", () => {
  it("a tree validates at any shape", () => {
    const v = compile(TREE_SCHEMA);
    expect(v.isValid({ value: 1, children: [{ value: 2, children: [] }, { value: 3 }] })).toBe(true);
    const bad = v.validate({ value: 1, children: [{ value: 2, children: [{ value: "x" }] }] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues[0]?.instancePath).toBe("/children/0/children/0/value");
  });

  it(`an instance nested 10,000 deep returns issues instead of overflowing the stack (limit ${REF_DEPTH_LIMIT} references)`, () => {
    const v = compile(LINKED_LIST_SCHEMA);
    let deep: unknown = { next: null };
    for (let i = 0; i < 10_000; i++) deep = { next: deep };
    expect(v.isValid(deep)).toBe(false);
    const result = v.validate(deep);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues.some((issue) => issue.keyword === "$ref" && /deeper than 1000 references/.test(issue.message))).toBe(
        true,
      );
    let shallow: unknown = { next: null };
    for (let i = 0; i < 400; i++) shallow = { next: shallow };
    expect(v.validate(shallow).ok).toBe(true);
  });

  it("a $ref cycle that never consumes the instance ends with an issue, not a hang", () => {
    const v = compile({ $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } }, $ref: "#/$defs/a" });
    expect(v.isValid(1)).toBe(false);
    expect(v.validate(1).ok).toBe(false);
  });
});

describe("__proto__, constructor and toString are data", () => {
  const v = compile(
    wire(
      '{"type":"object","properties":{"__proto__":{"type":"number"},"constructor":{"type":"number"}},"required":["__proto__","toString"]}',
    ) as object,
  );
  it("own keys count; inherited ones do not", () => {
    expect(v.isValid(wire('{"__proto__": 1, "toString": 2}'))).toBe(true);
    expect(v.isValid(wire('{"__proto__": "x", "toString": 2}'))).toBe(false);
    expect(v.isValid(wire('{"toString": 2}'))).toBe(false);
    expect(v.isValid({})).toBe(false);
    expect(v.isValid(wire('{"__proto__": 1, "toString": 2, "constructor": "x"}'))).toBe(false);
  });
  it("additionalProperties sees an own __proto__ key", () => {
    const closed = compile({ type: "object", additionalProperties: false });
    expect(closed.isValid({})).toBe(true);
    expect(closed.isValid(wire('{"__proto__": {}}'))).toBe(false);
  });
  it("const and enum compare own keys only", () => {
    const c = compile(wire('{"const": {"__proto__": 1}}') as object);
    expect(c.isValid(wire('{"__proto__": 1}'))).toBe(true);
    expect(c.isValid({})).toBe(false);
  });
});

describe("instances JSON cannot hold", () => {
  it("holes in sparse arrays are not values", () => {
    // A real hole (not an undefined element): what `new Array(3)` or `delete a[1]` leaves.
    const sparse = [1, 2, 3];
    delete sparse[1];
    expect(compile({ type: "array", items: { type: "number" } }).isValid(sparse)).toBe(false);
    expect(compile({ type: "array" }).isValid(sparse)).toBe(false);
    expect(compile({ items: {} }).isValid(sparse)).toBe(false);
    expect(compile({ type: "array" }).isValid([1, 2, 3])).toBe(true);
  });
  it("NaN and the infinities are not numbers", () => {
    for (const type of ["number", "integer"]) {
      const v = compile({ type });
      for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
        expect(v.isValid(value)).toBe(false);
        const result = v.validate(value);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.issues[0]?.message).toMatch(/must be (number|integer), got (NaN|-?Infinity)/);
      }
    }
    expect(compile({ type: "integer" }).isValid(1.0)).toBe(true);
  });
  it("huge strings: lengths count code points, patterns still run", () => {
    const huge = "x".repeat(5_000_000);
    expect(compile({ maxLength: 5 }).isValid(huge)).toBe(false);
    expect(compile({ minLength: 4_999_999 }).isValid(huge)).toBe(true);
    expect(compile({ pattern: "^x+$" }).isValid(huge)).toBe(true);
    expect(compile({ maxLength: 2 }).isValid("😀😀")).toBe(true);
    expect(compile({ minLength: 3 }).isValid("😀😀")).toBe(false);
  });
  it("multipleOf decides on decimals", () => {
    const cents = compile({ multipleOf: 0.01 });
    expect(cents.isValid(19.99)).toBe(true);
    expect(cents.isValid(19.999)).toBe(false);
    expect(compile({ multipleOf: 0.1 }).isValid(0.3)).toBe(true);
    expect(compile({ type: "integer", multipleOf: 0.123456789 }).isValid(1e308)).toBe(false);
  });
});

describe("strings that try to break out of generated code", () => {
  it("every nasty schema compiles (by loading it) and means exactly the schema", () => {
    for (const schema of nastySchemas()) expect(() => compile(schema)).not.toThrow();
  });
  it("property names", () => {
    const [closed] = nastySchemas();
    const v = compile(closed ?? {});
    const all = JSON.parse(JSON.stringify(Object.fromEntries(NASTY_NAMES.map((name) => [name, "ok"])))) as Record<
      string,
      unknown
    >;
    expect(v.isValid(all)).toBe(true);
    for (const name of NASTY_NAMES) {
      const missing = { ...all };
      delete missing[name];
      expect(v.isValid(wire(JSON.stringify(missing))), `without ${JSON.stringify(name)}`).toBe(false);
      expect(v.isValid(wire(JSON.stringify({ ...all, [name]: 1 }))), `${JSON.stringify(name)}: 1`).toBe(false);
    }
    const extra = v.validate(wire(JSON.stringify({ ...all, "${evil}": "ok" })));
    expect(extra.ok).toBe(false);
    if (!extra.ok) expect(extra.issues[0]?.message).toContain('"${evil}"');
  });
  it("enum and const values", () => {
    const e = compile({ enum: NASTY_STRINGS });
    for (const value of NASTY_STRINGS) {
      expect(e.isValid(value)).toBe(true);
      expect(e.isValid(`${value} `)).toBe(false);
      const c = compile({ const: value });
      expect(c.isValid(value)).toBe(true);
      expect(c.isValid(value.slice(1))).toBe(false);
    }
  });
  it("patterns with quotes, backticks, ${ and U+2028", () => {
    const v = compile({ type: "string", pattern: "^\"[`$]\\{\u2028\\}'$" });
    expect(v.isValid("\"`{\u2028}'")).toBe(true);
    expect(v.isValid("\"${\u2028}'")).toBe(true);
    expect(v.isValid("\"x{\u2028}'")).toBe(false);
  });
  it("instance paths escape ~ and / (RFC 6901)", () => {
    const v = compile({ additionalProperties: { type: "string" } });
    const result = v.validate({ "a/b~c": 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]?.instancePath).toBe("/a~1b~0c");
  });
});

describe("refusals name the keyword and the pointer", () => {
  it("$recursiveRef in a 2020-12 schema (a 2019-09 keyword)", () => {
    const error = generationError({ $defs: { x: { $recursiveRef: "#" } }, properties: { a: { $ref: "#/$defs/x" } } });
    expect(error.code).toBe("unsupported_keyword");
    expect(error.keyword).toBe("$recursiveRef");
    expect(error.pointer).toBe("#/$defs/x");
  });
  it("a $ref that leaves the document, the meta-schema included", () => {
    for (const ref of ["https://json-schema.org/draft/2020-12/schema", "other.json#/x"]) {
      const error = generationError({ properties: { a: { $ref: ref } } });
      expect(error.code).toBe("unsupported_keyword");
      expect(error.keyword).toBe("$ref");
      expect(error.pointer).toBe("#/properties/a/$ref");
    }
  });
  it("a dialect the table does not name, and draft-07 keywords in a 2020-12 schema", () => {
    expect(generationError({ $schema: "http://json-schema.org/draft-04/schema#" }).keyword).toBe("$schema");
    expect(generationError({ dependencies: { a: ["b"] } }).keyword).toBe("dependencies");
    expect(generationError({ items: [{ type: "string" }] }).keyword).toBe("items");
    expect(generationError({ additionalItems: false }).keyword).toBe("additionalItems");
  });
  it("non-standard keywords are annotations, ignored as the specification says", () => {
    const v = compile({ type: "string", "x-rust-type": "String", markdownDescription: "**x**" });
    expect(v.isValid("s")).toBe(true);
    expect(v.isValid(1)).toBe(false);
  });
});

describe("draft-07 resources (what schemars emits) keep draft-07 meaning", () => {
  const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
  it("$ref overrides its siblings", () => {
    const v = compile({
      $schema: DRAFT_07,
      definitions: { s: { type: "string" } },
      properties: { a: { $ref: "#/definitions/s", minLength: 5 } },
    });
    expect(v.isValid({ a: "x" })).toBe(true);
    expect(v.isValid({ a: 1 })).toBe(false);
  });
  it("array-form items and additionalItems make a tuple", () => {
    const v = compile({
      $schema: DRAFT_07,
      type: "array",
      items: [{ type: "string" }, { type: "integer" }],
      additionalItems: false,
    });
    expect(v.isValid(["a", 1])).toBe(true);
    expect(v.isValid(["a", "b"])).toBe(false);
    expect(v.isValid(["a", 1, 2])).toBe(false);
  });
  it("dependencies: names and schemas", () => {
    const v = compile({ $schema: DRAFT_07, dependencies: { a: ["b"], c: { required: ["d"] } } });
    expect(v.isValid({ a: 1, b: 2 })).toBe(true);
    expect(v.isValid({ a: 1 })).toBe(false);
    expect(v.isValid({ c: 1 })).toBe(false);
    expect(v.isValid({ c: 1, d: 2 })).toBe(true);
  });
  it("2020-12-only keywords are unknown there, so they assert nothing", () => {
    const v = compile({ $schema: DRAFT_07, type: "array", prefixItems: [{ type: "string" }], unevaluatedItems: false });
    expect(v.isValid([1, 2])).toBe(true);
  });
  it("a property named $schema is data, not a dialect", () => {
    const v = compile({ $schema: DRAFT_07, properties: { $schema: { type: "string" }, t: { items: [{ type: "string" }] } } });
    expect(v.isValid({ $schema: "x", t: ["a"] })).toBe(true);
    expect(v.isValid({ t: [1] })).toBe(false);
  });
});

describe("draft 2020-12 is the default dialect", () => {
  it("without $schema, array-form items is refused rather than read as draft-07", () => {
    expect(generationError({ items: [true] }).code).toBe("unsupported_keyword");
  });
  it("an embedded draft-07 resource inside a 2020-12 document keeps draft-07 meaning", () => {
    const v = compile({
      $defs: { old: { $id: "old.json", $schema: "http://json-schema.org/draft-07/schema#", items: [{ type: "string" }] } },
      $ref: "old.json",
    });
    expect(v.isValid(["a", 1])).toBe(true);
    expect(v.isValid([1])).toBe(false);
  });
});
