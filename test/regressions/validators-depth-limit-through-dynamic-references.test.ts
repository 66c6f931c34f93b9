/**
 * Issue 12: `$recursiveRef` (2019-09) and `$dynamicRef` (2020-12) are compiled as calls whose
 * target the compiler picks from the dynamic scope. Each such call counts toward the 1,000-level
 * depth limit as a `$ref` does, so an instance nested 60,000 deep gets the depth issue, never a
 * stack overflow — through the dynamic target and through the static one alike.
 */
import { describe, expect, it } from "vitest";
import { emitValidatorModule } from "../../generator/emit/validators/index.js";
import { loadModule } from "../support/load-module.js";

function nested(depth: number): unknown {
  let value: Record<string, unknown> = {};
  for (let i = 0; i < depth; i++) value = { b: value };
  return value;
}

const RECURSIVE = {
  $schema: "https://json-schema.org/draft/2019-09/schema",
  $recursiveAnchor: true,
  type: "object",
  additionalProperties: { $recursiveRef: "#" },
};

const RECURSIVE_WITHOUT_ANCHOR = { ...RECURSIVE, $recursiveAnchor: false };

const DYNAMIC = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $dynamicAnchor: "node",
  type: "object",
  additionalProperties: { $dynamicRef: "#node" },
};

describe("the depth limit holds through dynamic references", () => {
  it.each([
    ["$recursiveRef", RECURSIVE],
    ["$recursiveRef without an anchor (a plain $ref)", RECURSIVE_WITHOUT_ANCHOR],
    ["$dynamicRef", DYNAMIC],
  ])("%s: a 60,000-deep instance fails with the depth issue", (_, schema) => {
    const { validate, isValid } = loadModule(emitValidatorModule(schema));
    const result = validate(nested(60_000)) as { ok: boolean; issues?: { message: string }[] };
    expect(result.ok).toBe(false);
    expect(result.issues?.[0]?.message).toContain("must not nest deeper than 1000 references");
    expect(isValid(nested(60_000))).toBe(false);
    expect(validate(nested(10)).ok).toBe(true);
    expect(validate({ b: 1 }).ok).toBe(false);
  });
});
