/**
 * The contract-neutral parser with tables no contract has: open params, no verbatim keys,
 * awkward keys. Shows the rules live in the runtime and the table only supplies facts.
 */
import { describe, expect, it } from "vitest";
import {
  parseToolArgs,
  renderToolHelp,
  renderToolsHelp,
  toolsJson,
  type CliTable,
  type CliTool,
  type StandardJSONSchemaV1,
} from "../../support/runtime.js";
import { paramsSchemaOf, statedSchema } from "../../support/stated-schema.js";
import { refusal } from "../../support/refusal.js";

const accept = (value: unknown) => ({ ok: true as const, value: value as Record<string, unknown> });

const open: CliTool<"put", "store.put", Record<string, unknown>> = {
  method: "put",
  tool: "store.put",
  summary: "Stores anything.",
  timeoutMs: 1500,
  params: [{ name: "id", required: true, type: "integer (minimum 1)", description: "Row id." }],
  shapes: [],
  openKeys: true,
  schema: statedSchema({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", required: ["id"] }),
  validate: accept,
};
const same: CliTool<"ping", "ping", Record<string, unknown>> = {
  method: "ping",
  tool: "ping",
  summary: "Answers.",
  timeoutMs: 30000,
  params: [],
  shapes: [],
  openKeys: false,
  schema: statedSchema({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", additionalProperties: false }),
  validate: accept,
};
const table: CliTable<typeof open | typeof same> = {
  command: "store-ctl",
  connection: "none",
  verbatimKeys: [],
  tools: [open, same],
};

describe("a table without verbatim keys or closed params", () => {
  it("parses every value as JSON when it is JSON", () => {
    expect(parseToolArgs(table, ["put", "id=1", "text=1e3", "flag=true", "nothing=null", "word=abc"]).params).toEqual({
      id: 1,
      text: 1000,
      flag: true,
      nothing: null,
      word: "abc",
    });
  });

  it("accepts undeclared keys when the params schema is open", () => {
    expect(parseToolArgs(table, ["store.put", "id=2", "a-b=1", "x=y"]).params).toEqual({ id: 2, "a-b": 1, x: "y" });
  });

  it("keeps a __proto__ key as an own property, never the prototype", () => {
    const params = parseToolArgs(table, ["put", "id=1", '__proto__={"polluted":true}']).params;
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(Object.hasOwn(params, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(JSON.stringify(params)).toBe('{"id":1,"__proto__":{"polluted":true}}');
  });

  it("still requires the declared required keys", () => {
    expect(refusal(() => parseToolArgs(table, ["put", "x=1"])).message).toBe(
      'put: missing required key "id" (/id)\nusage: store-ctl put id=<integer (minimum 1)>',
    );
  });

  it("shows a tool whose wire name is its short name once", () => {
    expect(renderToolHelp(table, same)).toContain("\nping: Answers.\n");
    expect(renderToolHelp(table, same)).toContain("Params:\n  (none)");
    expect(renderToolHelp(table, open)).toContain("store.put (put): Stores anything.\nDefault timeout 1500 ms.");
  });

  it("says all values are JSON in help when no key is verbatim", () => {
    const help = renderToolsHelp(table);
    expect(help).toContain("Values parse as JSON when they are JSON, else stay strings.");
    expect(help).not.toContain("verbatim");
  });

  it("lists a tool whose params have no exact schema without params, rather than a wrong one", () => {
    const inexact: StandardJSONSchemaV1<never> = {
      "~standard": {
        version: 1,
        vendor: "test",
        jsonSchema: {
          input: () => {
            throw new Error("no exact JSON Schema: $dynamicRef");
          },
          output: () => ({}),
        },
      },
    };
    expect(toolsJson({ ...table, tools: [{ ...same, schema: inexact }] })).toEqual([{ name: "ping", description: "Answers." }]);
  });

  it("lists the tool specs as a JSON array sorted by wire name, params as the table's schema", () => {
    expect(toolsJson(table)).toEqual([
      { name: "ping", description: "Answers.", params: paramsSchemaOf(same) },
      { name: "store.put", description: "Stores anything.", params: paramsSchemaOf(open) },
    ]);
  });
});
