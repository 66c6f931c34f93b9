/**
 * Regression (issue 22, found by `npm run bench`'s nesting row after Standard Schema landed): the
 * Standard Schema module's table of definitions copied each root's whole subtree, so objects nested
 * n deep, each a named type, filled it with n copies of the innermost (nesting at 1,000 object
 * types: generate 0.94 s → 8.6 s CPU against Ajv's 0.94 s). A root inside another is now a
 * definition of its own that the outer one refers to, and the documents still mean the same.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { sharedSchemas } from "../../generator/analyses/bundle.js";
import { schemaGraph } from "../../generator/resolve/index.js";
import { nestedTypes, nestedValue } from "../support/nested-types.js";

const tableSize = (depth: number): number => {
  const { schema, pointers } = nestedTypes(depth);
  return JSON.stringify([...sharedSchemas(schemaGraph(schema), pointers).definitions]).length;
};

describe("the Standard Schema table of a deeply nested type", () => {
  it("grows with the depth, not with its square", () => {
    // Twice as deep, about twice the table: each level's definition holds one property and a $ref.
    expect(tableSize(80) / tableSize(40)).toBeLessThan(2.3);
  });

  it("still states the outer type exactly: its document, refs followed, accepts and refuses what the schema does", () => {
    const { schema, pointers } = nestedTypes(12);
    const shared = sharedSchemas(schemaGraph(schema), pointers);
    const root = shared.roots.get(pointers[0] as string);
    expect(root?.exact).toBe(true);
    const document = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $ref: `#/$defs/${root?.definition}`,
      $defs: Object.fromEntries(shared.definitions),
    };
    const validate = new Ajv2020({ strict: false }).compile(document);
    expect(validate(nestedValue(12, "x"))).toBe(true);
    expect(validate(nestedValue(12, ""))).toBe(false);
  });
});
