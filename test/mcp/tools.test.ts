/**
 * The pure parts of the MCP bridge, on explicit inputs: tool names (MCP's alphabet, the clash
 * check, the length bound), the annotation mapping from a `sideEffects` marking, and the tool
 * table a contract makes — object-rooted input schemas, result schemas published only when MCP
 * can take them, descriptions that say a long deadline.
 */
import { describe, expect, it } from "vitest";
import { effectHints } from "../../generator/mcp/annotations.js";
import { mcpTools } from "../../generator/mcp/tools.js";
import { MCP_TOOL_NAME, mcpToolName, toolNameTable } from "../../generator/mcp/tool-names.js";
import type { LoadedContract } from "../../generator/load/contract.js";
import { fingerprint, sortKeys } from "../../generator/json.js";
import { modelOf } from "../../generator/pipeline.js";
import { schemaGraph } from "../../generator/resolve/index.js";
import { isBindgenError } from "../../generator/errors.js";

describe("MCP tool names", () => {
  it("maps each character outside MCP's alphabet to _, and keeps the rest", () => {
    expect(mcpToolName("demo.request")).toBe("demo_request");
    expect(mcpToolName("agentcli.authorizationProof.verify")).toBe("agentcli_authorizationProof_verify");
    expect(mcpToolName("a-b_C9")).toBe("a-b_C9");
    expect(mcpToolName("ns/x y:é")).toBe("ns_x_y__");
  });

  it("keeps the mapping reversible: two wire names on one tool name are refused, naming both", () => {
    const table = toolNameTable(["demo.request", "demo.apps"], "c.json");
    expect(table.wireOf.get("demo_request")).toBe("demo.request");
    expect(table.toolOf.get("demo.apps")).toBe("demo_apps");
    expect(() => toolNameTable(["a.b", "a_b"], "c.json")).toThrow(/"a.b" and "a_b" would both be the MCP tool "a_b"/);
  });

  it("refuses a name MCP clients would not take", () => {
    const long = "x".repeat(65);
    expect(() => toolNameTable([long], "c.json")).toThrow(/65 characters/);
    expect(() => toolNameTable([""], "c.json")).toThrow(MCP_TOOL_NAME.source);
    expect(toolNameTable(["x".repeat(64)], "c.json").toolOf.size).toBe(1);
  });
});

describe("annotations from a sideEffects marking", () => {
  it("says what the marking says, and nothing without one", () => {
    expect(effectHints(undefined)).toBeUndefined();
    expect(effectHints("none")).toEqual({ readOnlyHint: true });
    expect(effectHints("additive")).toEqual({ readOnlyHint: false, destructiveHint: false });
    expect(effectHints("destructive")).toEqual({ readOnlyHint: false, destructiveHint: true });
  });
});

/** A contract in memory: `$defs` of methods with these params and result schemas. */
function contract(methods: Record<string, { params: object; result: object }>, binding?: object): LoadedContract {
  const schema = sortKeys({ $schema: "https://json-schema.org/draft/2020-12/schema", $id: "example.tools.v1", $defs: methods });
  const bound = binding === undefined ? undefined : (sortKeys(binding) as LoadedContract["binding"]);
  return {
    schemaFile: "example.schema.json",
    schema,
    draft: "2020-12",
    bindingFile: bound === undefined ? undefined : "example.binding.json",
    binding: bound,
    schemaSha256: fingerprint(schema),
    bindingSha256: bound === undefined ? undefined : fingerprint(bound),
  };
}

function tools(loaded: LoadedContract) {
  const graph = schemaGraph(loaded.schema, loaded.schemaFile);
  return mcpTools(modelOf(loaded, graph), graph, loaded.schemaFile);
}

describe("the tool table of a contract", () => {
  it("roots every input schema at an object, which MCP arguments always are", () => {
    const byName = Object.fromEntries(
      tools(
        contract({
          untyped: { params: { properties: { a: { type: "string" } } }, result: { type: "object" } },
          either: { params: { type: ["object", "null"] }, result: { type: "object" } },
        }),
      ).map((tool) => [tool.name, tool]),
    );
    const [untyped, either] = [byName["untyped"], byName["either"]];
    expect(untyped?.inputSchema).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      properties: { a: { type: "string" } },
      type: "object",
    });
    expect(either?.inputSchema.type).toBe("object");
  });

  it("refuses a method whose params admit no object", () => {
    let thrown: unknown;
    try {
      tools(contract({ listy: { params: { type: "array" }, result: { type: "object" } } }));
    } catch (error) {
      thrown = error;
    }
    expect(isBindgenError(thrown) && thrown.oneLine()).toMatch(/listy.*admits no object.*cannot be an MCP tool/);
  });

  it("publishes a result schema only when its root is an object schema", () => {
    const byName = Object.fromEntries(
      tools(
        contract({
          object: { params: { type: "object" }, result: { type: "object", properties: { n: { type: "integer" } } } },
          list: { params: { type: "object" }, result: { type: "array" } },
          choice: { params: { type: "object" }, result: { oneOf: [{ type: "object" }, { type: "string" }] } },
        }),
      ).map((tool) => [tool.name, tool]),
    );
    expect(byName["object"]?.outputSchema).toMatchObject({ type: "object", properties: { n: { type: "integer" } } });
    expect(byName["list"]?.outputSchema).toBeUndefined();
    expect(byName["choice"]?.outputSchema).toBeUndefined();
  });

  it("describes a tool by its summary, adding the deadline when it passes an MCP client's default", () => {
    const byName = Object.fromEntries(
      tools(
        contract(
          {
            slow: { params: { type: "object" }, result: { type: "object" } },
            quick: { params: { type: "object" }, result: { type: "object" } },
            wipe: { params: { type: "object" }, result: { type: "object" } },
          },
          {
            contract: "example.tools.v1",
            methods: {
              slow: { summary: "Waits.", timeoutMs: 90_000, sideEffects: "none" },
              quick: { summary: "Answers." },
              wipe: { summary: "Wipes.", sideEffects: "destructive" },
            },
          },
        ),
      ).map((tool) => [tool.name, tool]),
    );
    expect(byName["slow"]?.description).toBe("Waits. Takes up to 90 s: allow the call that long.");
    expect(byName["quick"]?.description).toBe("Answers.");
    expect(byName["quick"]?.annotations, "no marking, no hint").toBeUndefined();
    expect(byName["slow"]?.annotations).toEqual({ readOnlyHint: true });
    expect(byName["wipe"]?.annotations).toEqual({ readOnlyHint: false, destructiveHint: true });
  });
});
