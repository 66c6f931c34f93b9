/**
 * Regression (issue 12, found by differential fuzzing): draft-07 recursion through `dependencies`
 * bypassed the 1,000-level depth limit, because a target using only `dependencies` was taken for
 * one that cannot recurse and inlined, so its `$ref` calls were never counted; an instance nested
 * 60,000 deep made `validate` throw "Maximum call stack size exceeded". Every keyword with
 * subschemas in the keyword table now counts.
 */
import { describe, expect, it } from "vitest";
import { emitValidatorModule } from "../../generator/emit/validators/index.js";
import { loadModule } from "../support/load-module.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

function nested(depth: number, key: string): unknown {
  let value: Record<string, unknown> = {};
  for (let i = 0; i < depth; i++) value = { a: 1, [key]: value };
  return value;
}

describe("the depth limit holds whatever keyword recursion goes through", () => {
  it.each([
    ["dependencies", { dependencies: { a: { properties: { b: { $ref: "#/definitions/T" } } } } }],
    ["additionalItems", { items: [{}], additionalItems: { properties: { b: { $ref: "#/definitions/T" } } } }],
    ["then", { if: true, then: { properties: { b: { $ref: "#/definitions/T" } } } }],
  ])("through %s: a 60,000-deep instance fails with the depth issue, never a stack overflow", (_, T) => {
    const { validate } = loadModule(emitValidatorModule({ $schema: DRAFT_07, $ref: "#/definitions/T", definitions: { T } }));
    const deep = _ === "additionalItems" ? nestedArray(60_000) : nested(60_000, "b");
    const result = validate(deep) as { ok: boolean; issues?: { message: string }[] };
    expect(result.ok).toBe(false);
    expect(result.issues?.[0]?.message).toContain("must not nest deeper than 1000 references");
    expect((validate(_ === "additionalItems" ? nestedArray(10) : nested(10, "b")) as { ok: boolean }).ok).toBe(true);
  });
});

function nestedArray(depth: number): unknown {
  let value: unknown = [0, {}];
  for (let i = 0; i < depth; i++) value = [0, { b: value }];
  return value;
}
