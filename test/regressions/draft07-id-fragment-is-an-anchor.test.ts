/**
 * Regression (issue 12): draft-07 spells a location-independent name as an `$id` fragment
 * (`"$id": "#foo"`, or `"$id": "other.json#foo"`), where 2019-09 on write `$anchor`. The resolver
 * indexed only `$anchor`, so `"$ref": "#foo"` in a draft-07 schema was refused as naming nothing.
 * The dialect table now says what an `$id` fragment is in each draft; from 2019-09 on it names
 * nothing.
 */
import { describe, expect, it } from "vitest";
import { emitValidatorModule } from "../../generator/emit/validators/index.js";
import { schemaGraph } from "../../generator/resolve/index.js";
import { loadModule } from "../support/load-module.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

describe("a draft-07 $id fragment is an anchor", () => {
  it("resolves #foo to the schema whose $id is #foo", () => {
    const schema = { $schema: DRAFT_07, allOf: [{ $ref: "#foo" }], definitions: { A: { $id: "#foo", type: "integer" } } };
    const { validate } = loadModule(emitValidatorModule(schema));
    expect(validate(1).ok).toBe(true);
    expect(validate("a").ok).toBe(false);
  });

  it("resolves an absolute URI with the fragment, under an embedded resource's base", () => {
    const schema = {
      $schema: DRAFT_07,
      $id: "http://localhost:1234/root",
      allOf: [{ $ref: "http://localhost:1234/nested.json#foo" }],
      definitions: { A: { $id: "nested.json", definitions: { B: { $id: "#foo", type: "integer" } } } },
    };
    expect(schemaGraph(schema).target("http://localhost:1234/nested.json#foo", "#/allOf/0").pointer).toBe(
      "#/definitions/A/definitions/B",
    );
    const { validate } = loadModule(emitValidatorModule(schema));
    expect(validate(1).ok).toBe(true);
    expect(validate("a").ok).toBe(false);
  });

  it("names nothing in draft 2020-12, where $anchor names places", () => {
    const schema = { allOf: [{ $ref: "#foo" }], $defs: { A: { $id: "#foo", type: "integer" } } };
    expect(() => schemaGraph(schema).target("#foo", "#/allOf/0")).toThrow(/names no anchor/);
  });
});
