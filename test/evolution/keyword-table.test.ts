/**
 * The keyword and dialect tables (generator/schema/), and what the stages that read them do with
 * them: the validator compiler (roles, refusals, draft-07 views), the tool-schema copier, the
 * resolver's index, the model's JSDoc words, the one walker, and docs/evolution.md's
 * table. There is one view of the keywords, so these pin behaviour, not agreement.
 */
import { describe, expect, it } from "vitest";
import { selfContainedSchema } from "../../generator/analyses/bundle.js";
import { emitValidatorModule } from "../../generator/emit/validators/index.js";
import { BindgenError } from "../../generator/errors.js";
import { docsOf } from "../../generator/model/docs.js";
import { schemaGraph } from "../../generator/resolve/index.js";
import type { JsonObject } from "../../generator/json.js";
import { dialectNamed, readingOf, type Dialect } from "../../generator/schema/dialects.js";
import { constraintWords } from "../../generator/schema/docs-words.js";
import { KEYWORDS, keywordRow, type Cost } from "../../generator/schema/keyword-table.js";
import { dialectAt } from "../../generator/resolve/document-index.js";
import { forEachSubschema } from "../../generator/schema/subschemas.js";
import { loadModule } from "../support/load-module.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

/** The compiled validator's verdict on each value. */
function verdicts(schema: object, values: readonly unknown[]): boolean[] {
  const { isValid } = loadModule(emitValidatorModule(schema));
  return values.map((value) => isValid(value));
}

/** The validator compiler's refusal, as `code keyword pointer: message`. */
function refusal(schema: object): string {
  try {
    emitValidatorModule(schema);
  } catch (error) {
    if (!(error instanceof BindgenError)) throw error;
    return `${error.code} ${String(error.keyword)} ${String(error.pointer)}: ${error.message}`;
  }
  return "compiled";
}

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

  it("classifies changes as docs/evolution.md's table does", () => {
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

describe("the validator compiler reads the tables", () => {
  it("refuses the table's refused keywords by name", () => {
    const refused = KEYWORDS.filter((row) => row.role === "refused").map((row) => row.keyword);
    // Nothing is refused for itself any more: $vocabulary only means something in a meta-schema, and a
    // custom meta-schema is refused at the $schema naming it.
    expect(refused.sort()).toEqual([]);
    expect(refusal({ properties: { a: { $recursiveRef: "#" } } })).toBe(
      "unsupported_keyword $recursiveRef #/properties/a: $recursiveRef at #/properties/a is not supported by the validator compiler: a draft 2019-09 keyword; draft 2020-12 spells it $dynamicRef",
    );
    expect(refusal({ $vocabulary: {} })).toBe("compiled");
  });

  it("refuses draft-07's keywords in a 2020-12 resource with the reasons it always gave", () => {
    expect(refusal({ dependencies: { a: ["b"] } })).toBe(
      "unsupported_keyword dependencies #: dependencies at # is not supported by the validator compiler: a draft-07 keyword; draft 2020-12 splits it into dependentRequired and dependentSchemas",
    );
    expect(refusal({ properties: { p: { additionalItems: false } } })).toBe(
      "unsupported_keyword additionalItems #/properties/p: additionalItems at #/properties/p is not supported by the validator compiler: a draft-07 keyword; draft 2020-12 uses prefixItems and items",
    );
    expect(refusal({ items: [{ type: "string" }] })).toBe(
      "unsupported_keyword items #: items at # is not supported by the validator compiler: array-form items is draft-07; draft 2020-12 spells it prefixItems",
    );
    // With two refused keywords, the one named does not depend on key order.
    expect(refusal({ dependencies: {}, additionalItems: false })).toMatch(/^unsupported_keyword additionalItems #:/);
    expect(refusal({ $schema: "http://json-schema.org/draft-04/schema#" })).toMatch(
      /^unsupported_keyword \$schema #: .*only the 2020-12, 2019-09, draft-07, openapi-3.0 dialects are compiled, not "http:\/\/json-schema.org\/draft-04\/schema#"$/,
    );
  });

  it("compiles the same keywords in a draft-07 resource", () => {
    const tuple = { $schema: DRAFT_07, items: [{ type: "string" }], additionalItems: { type: "integer" } };
    expect(verdicts(tuple, [["a"], ["a", 1], ["a", "b"], [1]])).toEqual([true, true, false, false]);
    const dependencies = { $schema: DRAFT_07, dependencies: { a: ["b"], c: { required: ["d"] } } };
    expect(verdicts(dependencies, [{ a: 1, b: 2 }, { a: 1 }, { c: 1 }, { c: 1, d: 2 }, {}])).toEqual([
      true,
      false,
      false,
      true,
      true,
    ]);
  });

  it("lets a draft-07 $ref override its siblings, and a 2020-12 one apply beside them", () => {
    const schema = (dialect: string): object => ({
      $schema: dialect,
      definitions: { name: { type: "string" } },
      properties: { name: { $ref: "#/definitions/name", maxLength: 1 } },
    });
    expect(verdicts(schema(DRAFT_07), [{ name: "long" }, { name: 1 }])).toEqual([true, false]);
    expect(verdicts(schema(DRAFT_2020_12), [{ name: "long" }, { name: "l" }])).toEqual([false, true]);
  });

  it("ignores keywords a dialect does not define: x-foo everywhere, later drafts' keywords in draft-07", () => {
    const unknown = { "x-foo": { type: "string" }, "x-rust-type": "demo::Token", markdownDescription: "m", type: "integer" };
    expect(verdicts(unknown, [1, "a"])).toEqual([true, false]);
    expect(verdicts({ $schema: DRAFT_07, ...unknown }, [1, "a"])).toEqual([true, false]);
    const later = {
      $schema: DRAFT_07,
      prefixItems: [{ type: "string" }],
      unevaluatedProperties: false,
      dependentRequired: { a: ["b"] },
      $dynamicRef: "#x",
      $vocabulary: {},
    };
    expect(verdicts(later, [[1], { a: 1, z: 2 }])).toEqual([true, true]);
  });

  it("copies a draft-07 location into a tool schema as the validators read it", () => {
    const root = {
      $schema: DRAFT_07,
      definitions: { name: { type: "string" } },
      properties: {
        name: { $ref: "#/definitions/name", maxLength: 1 },
        tags: { prefixItems: [{ type: "string" }], items: [{ type: "integer" }], "x-foo": 1, deprecated: true },
      },
    };
    expect(selfContainedSchema(schemaGraph(root), "#")).toEqual({
      $schema: DRAFT_2020_12,
      properties: {
        name: { $ref: "#/$defs/name" },
        tags: { prefixItems: [{ type: "integer" }], "x-foo": 1, deprecated: true },
      },
      $defs: { name: { type: "string" } },
    });
  });
});

describe("the dialect table and the one walker", () => {
  it("names a dialect by its URIs only, with or without an empty fragment", () => {
    for (const uri of [
      DRAFT_2020_12,
      `${DRAFT_2020_12}#`,
      DRAFT_07,
      "https://json-schema.org/draft-07/schema",
      "https://json-schema.org/draft/2019-09/schema",
    ])
      expect(dialectNamed(uri), uri).toBeDefined();
    for (const uri of ["http://json-schema.org/draft-04/schema#", "https://json-schema.org/draft/2019-09/schema/", 7])
      expect(dialectNamed(uri), String(uri)).toBeUndefined();
  });

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
    // A 2020-12-only keyword in a draft-07 object holds data; a target's own `$schema` still counts.
    const draft07 = { $schema: DRAFT_07, dependentSchemas: { a: { $schema: DRAFT_2020_12, items: {} } } };
    expect(dialectAt(draft07, "#/dependentSchemas/a")).toBe("2020-12");
    expect(dialectAt(draft07, "#/dependentSchemas/a/items")).toBe("draft-07");
  });

  it("indexes ids and anchors at schema positions of each dialect only", () => {
    const root = {
      $schema: DRAFT_07,
      dependencies: { c: { $id: "https://example.com/c.json" } },
      prefixItems: [{ $id: "https://example.com/p.json" }],
      enum: [{ $id: "https://example.com/e.json" }],
    };
    const graph = schemaGraph(root);
    expect(graph.target("https://example.com/c.json", "#").pointer).toBe("#/dependencies/c");
    for (const ref of ["https://example.com/p.json", "https://example.com/e.json"])
      expect(() => graph.target(ref, "#"), ref).toThrow(/leaves the document/);
  });
});
