import { describe, expect, it } from "vitest";
import { analyseBinding } from "../../generator/analyses/binding-analyses.js";
import { schemaGraph } from "../../generator/resolve/index.js";
import { modelOf } from "../../generator/pipeline.js";
import type { LoadedContract } from "../../generator/load/contract.js";

/** A schemars-shaped contract: one method whose params reach an integer through a `$ref`, and whose result reaches none. */
const schema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "test.analyses.v1",
  $defs: {
    count: {
      params: { type: "object", properties: { limit: { $ref: "#/$defs/Limit" } }, required: ["limit"] },
      result: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    },
    Limit: { type: "integer", minimum: 0 },
  },
};

function analysed() {
  const contract = { schema, schemaFile: "analyses.json" } as unknown as LoadedContract;
  const graph = schemaGraph(schema, "analyses.json");
  const model = modelOf({ ...contract, draft: "2020-12" } as LoadedContract, graph);
  return { model, analyses: analyseBinding(model, graph) };
}

describe("a binding's analyses", () => {
  it("hold an integer shape for each method part that reaches an integer, and none for one that does not", () => {
    const { analyses } = analysed();
    expect([...analyses.integerShapes.keys()]).toEqual(["#/$defs/count/params"]);
    const shape = analyses.integerShapes.get("#/$defs/count/params");
    // The params object reads `limit` through its `$ref` to Limit, an integer.
    expect(shape).toEqual([{ properties: [["limit", [1]]] }, { inPlace: [2] }, { integer: true }]);
  });

  it("bundle every named type's schema over one table of definitions, a shared definition once", () => {
    const { model, analyses } = analysed();
    expect([...analyses.typeSchemas.roots.keys()].sort()).toEqual(model.types.map((type) => type.id).sort());
    expect([...analyses.typeSchemas.definitions.keys()]).toContain("Limit");
    expect(analyses.typeSchemas.definitions.get("Limit")).toEqual({ type: "integer", minimum: 0 });
  });
});
