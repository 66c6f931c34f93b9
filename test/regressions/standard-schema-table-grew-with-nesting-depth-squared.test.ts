/**
 * Regression (issue 22, found by `npm run bench`'s nesting row after Standard Schema landed): the
 * Standard Schema module's table of definitions copied each root's whole subtree, so objects nested
 * n deep, each a named type, filled it with n copies of the innermost (nesting at 1,000 object
 * types: generate 0.94 s → 8.6 s CPU against Ajv's 0.94 s). A root inside another is now a
 * definition of its own that the outer one refers to, and the documents still mean the same.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { sharedSchemas } from "../../generator/emit/tool-schema.js";
import { indexSchema } from "../../generator/resolve/index.js";

/** One definition nested `depth` objects deep, and the pointer of every level (each a named type, as the naming stage makes them). */
function nested(depth: number): { schema: object; pointers: string[] } {
  let inner: object = { type: "object", properties: { name: { type: "string", minLength: 1 } }, required: ["name"] };
  for (let level = depth; level >= 1; level--) inner = { type: "object", properties: { [`level${level}`]: inner } };
  const pointers: string[] = [];
  let pointer = "#/$defs/Deep";
  for (let level = 1; level <= depth; level++) {
    pointers.push(pointer);
    pointer += `/properties/level${level}`;
  }
  pointers.push(pointer);
  return { schema: { $schema: "https://json-schema.org/draft/2020-12/schema", $defs: { Deep: inner } }, pointers };
}

const tableSize = (depth: number): number => {
  const { schema, pointers } = nested(depth);
  return JSON.stringify([...sharedSchemas(indexSchema(schema), pointers).definitions]).length;
};

describe("the Standard Schema table of a deeply nested type", () => {
  it("grows with the depth, not with its square", () => {
    // Twice as deep, about twice the table: each level's definition holds one property and a $ref.
    expect(tableSize(80) / tableSize(40)).toBeLessThan(2.3);
  });

  it("still states the outer type exactly: its document, refs followed, accepts and refuses what the schema does", () => {
    const { schema, pointers } = nested(12);
    const shared = sharedSchemas(indexSchema(schema), pointers);
    const root = shared.roots.get(pointers[0] as string);
    expect(root?.exact).toBe(true);
    const document = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $ref: `#/$defs/${root?.definition}`,
      $defs: Object.fromEntries(shared.definitions),
    };
    const validate = new Ajv2020({ strict: false }).compile(document);
    let good: unknown = { name: "x" };
    let bad: unknown = { name: "" };
    for (let level = 12; level >= 1; level--) {
      good = { [`level${level}`]: good };
      bad = { [`level${level}`]: bad };
    }
    expect(validate(good)).toBe(true);
    expect(validate(bad)).toBe(false);
  });
});
