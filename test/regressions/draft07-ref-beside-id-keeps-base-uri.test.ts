/**
 * Regression (issue 12): in draft-07 every sibling of `$ref` is ignored, `$id` included, so an
 * `$id` beside a `$ref` must not change the base URI the `$ref` resolves against. The resolver
 * applied it, and `"$ref": "foo.json"` reached the wrong resource. The dialect table's
 * `refSiblings` now decides for `$id` too; from 2019-09 on the `$id` applies.
 */
import { describe, expect, it } from "vitest";
import { emitValidatorModule } from "../../generator/emit/validators/index.js";
import { loadModule } from "../support/load-module.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

function schema(dialect: string | undefined): object {
  return {
    ...(dialect === undefined ? {} : { $schema: dialect }),
    $id: "http://localhost:1234/sibling_id/base/",
    definitions: {
      foo: { $id: "http://localhost:1234/sibling_id/foo.json", type: "string" },
      base_foo: { $id: "foo.json", type: "number" },
    },
    allOf: [{ $id: "http://localhost:1234/sibling_id/", $ref: "foo.json" }],
  };
}

describe("a draft-07 $ref beside an $id", () => {
  it("resolves against the base in force outside the $id", () => {
    const { validate } = loadModule(emitValidatorModule(schema(DRAFT_07)));
    expect(validate(5).ok).toBe(true);
    expect(validate("a").ok).toBe(false);
  });

  it("in draft 2020-12 resolves against its sibling $id", () => {
    const { validate } = loadModule(emitValidatorModule(schema(undefined)));
    expect(validate("a").ok).toBe(true);
    expect(validate(5).ok).toBe(false);
  });
});
