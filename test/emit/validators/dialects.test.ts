/**
 * What differs between the dialects, as the dialect and keyword tables say, seen through the
 * compiled validators: draft-07, 2019-09 and 2020-12 each read the same keywords their own way.
 */
import { describe, expect, it } from "vitest";
import { emitValidatorModule } from "../../../generator/emit/validators/index.js";
import { loadModule } from "../../support/load-module.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const DRAFT_2019_09 = "https://json-schema.org/draft/2019-09/schema";
const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

function verdicts(schema: object, values: readonly unknown[]): boolean[] {
  const { validate, isValid } = loadModule(emitValidatorModule(schema));
  return values.map((value) => {
    const ok = validate(value).ok;
    expect(isValid(value)).toBe(ok);
    return ok;
  });
}

describe("the dialects", () => {
  it("2019-09 reads array-form items as a tuple and additionalItems as its rest", () => {
    const schema = { $schema: DRAFT_2019_09, items: [{ type: "string" }], additionalItems: { type: "integer" } };
    expect(verdicts(schema, [["a"], ["a", 1], ["a", "b"], [1]])).toEqual([true, true, false, false]);
  });

  it("2019-09 ignores prefixItems and $dynamicRef (2020-12 keywords), as draft-07 does", () => {
    const schema = { $schema: DRAFT_2019_09, prefixItems: [{ type: "string" }], $defs: { a: { $dynamicRef: "#x" } } };
    expect(verdicts(schema, [[1], ["a"]])).toEqual([true, true]);
  });

  it("2019-09 applies the siblings of $ref; draft-07 ignores them", () => {
    const schema = (dialect: string) => ({ $schema: dialect, $defs: { s: { type: "string" } }, $ref: "#/$defs/s", maxLength: 1 });
    expect(verdicts(schema(DRAFT_2019_09), ["a", "ab"])).toEqual([true, false]);
    expect(
      verdicts({ ...schema(DRAFT_07), definitions: { s: { type: "string" } }, $ref: "#/definitions/s" }, ["a", "ab"]),
    ).toEqual([true, true]);
  });

  it("contains marks items evaluated for unevaluatedItems in 2020-12, not in 2019-09", () => {
    const schema = (dialect: string) => ({ $schema: dialect, contains: { type: "string" }, unevaluatedItems: false });
    expect(verdicts(schema(DRAFT_2020_12), [["a"], ["a", 1]])).toEqual([true, false]);
    expect(verdicts(schema(DRAFT_2019_09), [["a"]])).toEqual([false]);
  });

  it("$recursiveRef goes to the outermost resource with $recursiveAnchor: true", () => {
    const schema = {
      $schema: DRAFT_2019_09,
      $id: "https://example.com/strict",
      $recursiveAnchor: true,
      $ref: "tree",
      unevaluatedProperties: false,
      $defs: {
        tree: {
          $id: "tree",
          $recursiveAnchor: true,
          type: "object",
          properties: { data: true, children: { type: "array", items: { $recursiveRef: "#" } } },
        },
      },
    };
    expect(verdicts(schema, [{ children: [{ data: 1 }] }, { children: [{ daat: 1 }] }])).toEqual([true, false]);
  });

  it("$dynamicRef goes to the outermost resource with the $dynamicAnchor it names", () => {
    const schema = {
      $schema: DRAFT_2020_12,
      $id: "https://example.com/strict",
      $dynamicAnchor: "node",
      $ref: "tree",
      unevaluatedProperties: false,
      $defs: {
        tree: {
          $id: "tree",
          $dynamicAnchor: "node",
          type: "object",
          properties: { data: true, children: { type: "array", items: { $dynamicRef: "#node" } } },
        },
      },
    };
    expect(verdicts(schema, [{ children: [{ data: 1 }] }, { children: [{ daat: 1 }] }])).toEqual([true, false]);
  });
});
