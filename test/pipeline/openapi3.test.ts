/**
 * The OpenAPI 3.0 schema dialect as schemars writes it (`SchemaSettings::openapi3()`), announced
 * by its `$schema`: `nullable: true` makes the value nullable in the types (`T | null`) and in
 * the validators, definitions under `#/components/schemas` are named types, a boolean
 * `exclusiveMinimum` makes `minimum` exclusive, `example` is an annotation, and a tuple's
 * array-form `items` is a tuple. The fixture is modelled on schemars' openapi3 output.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { emitValidatorModule } from "../../generator/emit/validators/index.js";
import { generateFiles } from "../../generator/pipeline.js";
import { loadModule } from "../support/load-module.js";

const FIXTURE = "test/fixtures/openapi3/inventory.schema.json";
const schema = JSON.parse(readFileSync(FIXTURE, "utf8")) as object;

const VALID = { label: "a", kind: "Bolt", slot: [1, null] };

describe("the OpenAPI 3.0 dialect", () => {
  it("types: nullable is `| null`, components/schemas are named types, tuples are tuples", async () => {
    const { model, files } = await generateFiles({ contract: FIXTURE }, { typeCheck: "always" });
    const types = [...files].find(([path]) => path.endsWith("/types.ts"))?.[1] ?? "";
    expect(model.types.map((type) => type.name).sort()).toEqual(["Inventory", "Kind", "KindCustom"]);
    expect(types).toContain("count?: number | null;");
    expect(types).toContain("previous_kind?: Kind | null;");
    expect(types).toContain("slot: [number, string | null, ...unknown[]];");
    expect(types).toContain("label: string;");
    expect(types).toContain("greater than 0, maximum 1.");
    expect(types).toContain('export type Kind = "Bolt" | "Nut" | KindCustom;');
  });

  it("validators: null passes where nullable says so, and only there", () => {
    const { validate, isValid } = loadModule(emitValidatorModule(schema));
    const verdict = (value: unknown): boolean => {
      const ok = validate(value).ok;
      expect(isValid(value)).toBe(ok);
      return ok;
    };
    expect(verdict(VALID)).toBe(true);
    expect(verdict({ ...VALID, count: null })).toBe(true);
    expect(verdict({ ...VALID, count: 2 })).toBe(true);
    expect(verdict({ ...VALID, count: -1 })).toBe(false);
    expect(verdict({ ...VALID, label: null })).toBe(false);
    expect(verdict({ ...VALID, previous_kind: null })).toBe(true);
    expect(verdict({ ...VALID, previous_kind: { Custom: "x" } })).toBe(true);
    expect(verdict({ ...VALID, previous_kind: "Washer" })).toBe(false);
    expect(verdict({ ...VALID, kind: null })).toBe(false);
    expect(verdict({ ...VALID, slot: [1, "x"] })).toBe(true);
    expect(verdict({ ...VALID, slot: [null, "x"] })).toBe(false);
    expect(verdict({ ...VALID, ratio: 0 })).toBe(false);
    expect(verdict({ ...VALID, ratio: 1 })).toBe(true);
    expect(verdict({ ...VALID, ratio: 0.5 })).toBe(true);
  });

  it("nullable adds null only to a type beside it, and means nothing in the JSON Schema drafts", () => {
    const alone = loadModule(emitValidatorModule({ ...schema, properties: { a: { nullable: true, enum: ["x"] } } }));
    expect(alone.isValid({ a: null })).toBe(false);
    const plain = loadModule(emitValidatorModule({ type: "integer", nullable: true }));
    expect(plain.isValid(null)).toBe(false);
    expect(plain.isValid(1)).toBe(true);
  });
});
