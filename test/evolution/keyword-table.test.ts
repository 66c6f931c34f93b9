/**
 * The keyword and dialect tables (generator/schema/) against everything that reads keywords:
 * the lists the resolver and the tool-schema copier still walk with, the validator compiler's
 * own vocabulary and dialect reader (to be switched to the tables; until then they must agree),
 * the model's JSDoc words, the one walker, and the README's "Schema evolution" table.
 */
import { describe, expect, it } from "vitest";
import { dialectNamed as validatorDialectNamed, DRAFT_07_ONLY } from "../../generator/emit/validators/dialect.js";
import { roleOf } from "../../generator/emit/validators/vocabulary.js";
import { docsOf } from "../../generator/model/docs.js";
import { REFUSED_KEYWORDS, SCHEMA_ARRAY_VALUED, SCHEMA_MAP_VALUED, SCHEMA_VALUED } from "../../generator/resolve/keywords.js";
import type { JsonObject } from "../../generator/resolve/pointer.js";
import { DIALECTS, dialectNamed, readingOf, type Dialect } from "../../generator/schema/dialects.js";
import { constraintWords } from "../../generator/schema/docs-words.js";
import { KEYWORDS, keywordRow, type Cost, type Role } from "../../generator/schema/keywords.js";
import { dialectAt, forEachSubschema } from "../../generator/schema/subschemas.js";

/** Every schema position below `root`, with its dialect, through the one walker. */
function everySchema(root: unknown): { schema: unknown; pointer: string; dialect: Dialect }[] {
  const found: { schema: unknown; pointer: string; dialect: Dialect }[] = [];
  const visit = (schema: unknown, pointer: string, dialect: Dialect): void => {
    found.push({ schema, pointer, dialect });
    forEachSubschema(schema, pointer, dialect, visit);
  };
  visit(root, "#", dialectAt(root, "#"));
  return found;
}

describe("the keyword table", () => {
  it("has one row per keyword, each defined by some draft", () => {
    const names = KEYWORDS.map((row) => row.keyword);
    expect(new Set(names).size).toBe(names.length);
    for (const row of KEYWORDS) expect(row.dialects.length, row.keyword).toBeGreaterThan(0);
    expect(keywordRow("x-rust-type")).toBeUndefined();
  });

  it("gives the resolver and the tool-schema copier the lists (and order) they always walked with", () => {
    expect(SCHEMA_VALUED).toEqual([
      "additionalProperties",
      "propertyNames",
      "items",
      "contains",
      "not",
      "if",
      "then",
      "else",
      "unevaluatedItems",
      "unevaluatedProperties",
      "contentSchema",
      "additionalItems",
    ]);
    expect(SCHEMA_MAP_VALUED).toEqual(["$defs", "definitions", "properties", "patternProperties", "dependentSchemas"]);
    expect(SCHEMA_ARRAY_VALUED).toEqual(["allOf", "anyOf", "oneOf", "prefixItems"]);
    expect([...REFUSED_KEYWORDS].sort()).toEqual(["$dynamicRef", "$recursiveAnchor", "$recursiveRef", "$vocabulary"]);
  });

  it("agrees with the validator compiler's vocabulary on every keyword, unknown ones included", () => {
    const asValidatorRole: Readonly<Record<Role, string>> = {
      constrains: "assertion",
      annotates: "annotation",
      identifies: "annotation",
      contains: "container",
      refused: "refused",
    };
    for (const row of KEYWORDS) expect(roleOf(row.keyword), row.keyword).toBe(asValidatorRole[row.role]);
    for (const keyword of ["x-rust-type", "markdownDescription", "params"]) expect(roleOf(keyword)).toBe("annotation");
  });

  it("agrees with the validator compiler's dialect reader", () => {
    const retiredConstraints = DIALECTS["2020-12"].retired.filter((keyword) => keywordRow(keyword)?.role !== "refused");
    expect(new Set(retiredConstraints)).toEqual(DRAFT_07_ONLY);
    const uris = Object.values(DIALECTS).flatMap((row) => row.uris.flatMap((uri) => [uri, `${uri}#`]));
    for (const uri of [...uris, "https://json-schema.org/draft/2019-09/schema", "http://json-schema.org/draft-04/schema#", 7]) {
      expect(dialectNamed(uri), String(uri)).toBe(validatorDialectNamed(uri));
    }
  });

  it("writes the JSDoc constraint lines from the docs column, in table order", () => {
    const cases: [JsonObject, string[]][] = [
      [{ minItems: 2, maxItems: 2 }, ["exactly 2 items"]],
      [{ maxLength: 1 }, ["at most 1 character"]],
      // Regression: the plural of "property" was written "propertys".
      [{ minProperties: 1, maxProperties: 3 }, ["1 to 3 properties"]],
      [{ minProperties: 1 }, ["at least 1 property"]],
      [{ type: ["integer", "null"], uniqueItems: false, default: { a: [1] } }, ["integer", 'default: {"a":[1]}']],
      [
        { exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.5, uniqueItems: true, pattern: "^a", format: "date" },
        ["greater than 0", "less than 1", "multiple of 0.5", "items are unique", "pattern: ^a", "format: date"],
      ],
      [{ "x-rust-type": "demo::Token", description: "d", title: "t" }, []],
    ];
    for (const [schema, lines] of cases) {
      expect(constraintWords(schema), JSON.stringify(schema)).toEqual(lines);
      expect(docsOf(schema).constraints).toEqual(lines);
    }
  });

  it("classifies changes as the README's Schema evolution table does", () => {
    const costs = (keyword: string): [Cost, Cost] => {
      const row = keywordRow(keyword);
      if (row === undefined) throw new Error(keyword);
      return [row.diff.sends, row.diff.receives];
    };
    const bounds = ["minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"];
    const numbers = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"];
    for (const keyword of [...bounds, ...numbers, "pattern", "format", "multipleOf", "uniqueItems", "enum"])
      expect(costs(keyword), keyword).toEqual(["narrowing-breaks", "widening-dangerous"]);
    for (const keyword of ["type", "required"]) expect(costs(keyword), keyword).toEqual(["narrowing-breaks", "widening-breaks"]);
    expect(costs("const")).toEqual(["any-change-breaks", "any-change-breaks"]);
    for (const keyword of ["description", "title", "examples", "default", "$comment", "deprecated", "readOnly", "writeOnly"])
      expect(costs(keyword), keyword).toEqual(["annotation", "annotation"]);
    for (const keyword of ["not", "if", "then", "else", "dependentSchemas", "patternProperties", "contains"])
      expect(keywordRow(keyword)?.diff, keyword).toEqual({
        compare: "unclassified",
        sends: "any-change-breaks",
        receives: "any-change-breaks",
      });
  });
});

describe("the dialect table and the one walker", () => {
  it("reads each keyword in its dialect: known, retired (refused), or unknown (an annotation)", () => {
    expect(readingOf("2020-12", "prefixItems")).toBe("known");
    expect(readingOf("draft-07", "prefixItems")).toBe("unknown");
    expect(readingOf("2020-12", "dependencies")).toBe("retired");
    expect(readingOf("draft-07", "dependencies")).toBe("known");
    expect(readingOf("2020-12", "$recursiveRef")).toBe("retired");
    expect(readingOf("draft-07", "$dynamicRef")).toBe("unknown");
    for (const dialect of ["2020-12", "draft-07"] as const) {
      expect(readingOf(dialect, "$defs")).toBe("known");
      expect(readingOf(dialect, "definitions")).toBe("known");
      expect(readingOf(dialect, "x-rust-type")).toBe("unknown");
    }
  });

  it("finds subschemas where the dialect puts them, and never in data", () => {
    const draft07 = {
      $schema: "http://json-schema.org/draft-07/schema#",
      items: [{ type: "string" }, true],
      additionalItems: { type: "integer" },
      dependencies: { a: ["b"], c: { required: ["d"] } },
      prefixItems: [{ type: "string" }],
      enum: [{ type: "string" }],
      default: { type: "string" },
      "x-rust-type": { type: "string" },
      properties: { p: { $schema: "https://json-schema.org/draft/2020-12/schema", prefixItems: [{}] } },
    };
    expect(everySchema(draft07).map(({ pointer, dialect }) => `${pointer} ${dialect}`)).toEqual([
      "# draft-07",
      "#/additionalItems draft-07",
      "#/dependencies/c draft-07",
      "#/items/0 draft-07",
      "#/items/1 draft-07",
      "#/properties/p draft-07",
      "#/properties/p/prefixItems/0 2020-12",
    ]);
  });

  it("knows the dialect at any pointer, an embedded resource's own $schema included", () => {
    const root = {
      $schema: "http://json-schema.org/draft-07/schema#",
      definitions: { a: { $schema: "https://json-schema.org/draft/2020-12/schema", items: { type: "string" } } },
      enum: [{ $schema: "https://json-schema.org/draft/2020-12/schema" }],
    };
    expect(dialectAt(root, "#")).toBe("draft-07");
    expect(dialectAt(root, "#/definitions/a")).toBe("2020-12");
    expect(dialectAt(root, "#/definitions/a/items")).toBe("2020-12");
    // A `$schema` inside data is data.
    expect(dialectAt(root, "#/enum/0/x")).toBe("draft-07");
  });
});
