/**
 * MCP tool names from a contract's wire names. Several MCP clients refuse anything outside
 * `^[a-zA-Z0-9_-]{1,64}$` (dots included), so each character outside that set becomes `_`
 * (`demo.request` → `demo_request`). The mapping is kept reversible by refusing a contract in
 * which two wire names would share one tool name, or a name would be empty or too long: each
 * tool name then means exactly one method, looked up in the table this builds.
 */
import { BindgenError } from "../errors.js";

/** What several MCP clients accept as a tool name. */
export const MCP_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** The tool name a wire name is published as; the table below checks that it is usable. */
export function mcpToolName(wireName: string): string {
  return wireName.replace(/[^a-zA-Z0-9_-]/g, "_");
}

/** Tool name → wire name and back, for one contract. */
export interface ToolNameTable {
  readonly toolOf: ReadonlyMap<string, string>;
  readonly wireOf: ReadonlyMap<string, string>;
}

/** Maps every wire name, refusing a clash or a name MCP clients would not take (bad input, exit 2). */
export function toolNameTable(wireNames: readonly string[], file: string | undefined): ToolNameTable {
  const toolOf = new Map<string, string>();
  const wireOf = new Map<string, string>();
  for (const wire of wireNames) {
    const tool = mcpToolName(wire);
    if (!MCP_TOOL_NAME.test(tool)) {
      throw new BindgenError(
        "bad_contract",
        `method ${JSON.stringify(wire)} becomes the MCP tool name ${JSON.stringify(tool)} (${tool.length} characters), outside ${MCP_TOOL_NAME.source}`,
        { file },
      );
    }
    const taken = wireOf.get(tool);
    if (taken !== undefined && taken !== wire) {
      throw new BindgenError(
        "bad_contract",
        `methods ${JSON.stringify(taken)} and ${JSON.stringify(wire)} would both be the MCP tool ${JSON.stringify(tool)}`,
        { file },
      );
    }
    toolOf.set(wire, tool);
    wireOf.set(tool, wire);
  }
  return { toolOf, wireOf };
}
