import { describe, expect, it } from "vitest";
import { schemaGraph } from "../../generator/resolve/index.js";

describe("the schema graph", () => {
  const document = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $defs: {
      legacy: {
        $schema: "http://json-schema.org/draft-07/schema#",
        $ref: "#/$defs/legacy/definitions/name",
        type: "number",
        prefixItems: [{ type: "string" }],
        definitions: { name: { type: "string" } },
      },
      nested: { $id: "https://example.com/nested.json", $defs: { inner: { type: "integer" } } },
      list: { $dynamicAnchor: "item", type: "array" },
    },
  };

  it("knows each node's dialect, and reads its schema as that dialect means it", () => {
    const graph = schemaGraph(document, "contract.json");
    expect(graph.root.dialect).toBe("2020-12");
    const legacy = graph.node("#/$defs/legacy");
    expect(legacy.dialect).toBe("draft-07");
    // draft-07: `$ref` overrides its siblings, and `prefixItems` is not a keyword there.
    expect(legacy.schema).toEqual({ $ref: "#/$defs/legacy/definitions/name" });
    expect(legacy.written).toBe(document.$defs.legacy);
    expect(graph.node("#/$defs/legacy/definitions/name").dialect).toBe("draft-07");
  });

  it("makes each node once, keyed by its pointer", () => {
    const graph = schemaGraph(document);
    expect(graph.node("#/$defs/list")).toBe(graph.node("#/$defs/list"));
  });

  it("follows a reference as an edge to the node it names, resolved against the node's base", () => {
    const graph = schemaGraph(document);
    const target = graph.target("#/$defs/legacy/definitions/name", "#/$defs/legacy");
    expect(target).toBe(graph.node("#/$defs/legacy/definitions/name"));
    expect(graph.target("#/$defs/inner", "#/$defs/nested").pointer).toBe("#/$defs/nested/$defs/inner");
    expect(graph.node("#/$defs/nested/$defs/inner").resource).toBe("#/$defs/nested");
    expect(graph.node("#/$defs/nested/$defs/inner").baseUri).toBe("https://example.com/nested.json");
  });

  it("refuses a reference that lands nowhere or leaves the document, naming the file and place", () => {
    const graph = schemaGraph(document, "contract.json");
    expect(() => graph.target("#/$defs/missing", "#")).toThrow(/points at nothing/);
    expect(() => graph.target("https://elsewhere.example/x.json", "#")).toThrow(/leaves the document/);
    expect(() => graph.node("#/$defs/missing")).toThrow(/nothing at #\/\$defs\/missing/);
  });

  it("names the dynamic anchor a dynamic reference looks up, and none for a plain target", () => {
    const graph = schemaGraph(document);
    expect(graph.hasDynamicAnchors).toBe(true);
    expect(graph.dynamicAnchorName("$dynamicRef", "#item", "#/$defs/list")).toBe("item");
    expect(graph.dynamicAnchorName("$dynamicRef", "#/$defs/list", "#/$defs/list")).toBeUndefined();
    expect(graph.dynamicAnchorName("$dynamicRef", "#other", "#/$defs/list")).toBeUndefined();
  });
});
