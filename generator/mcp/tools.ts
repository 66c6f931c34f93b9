/**
 * One MCP tool per method of a contract: its name (tool-names.ts), the binding's summary as the
 * description, the method's self-contained params schema as `inputSchema` and its result schema
 * as `outputSchema` — self-contained schemas (analyses/bundle.ts) meaning what `--tools` prints
 * (the binding's one table: the same document, except that a root some ref reaches again is `#`
 * here and its definition's name there), so a tool spec says one thing wherever it is read.
 * Plain data; server.ts publishes it.
 *
 * MCP wants both schemas to be object schemas (`"type": "object"` at the root). Tool arguments
 * are always a JSON object, so a params schema without a root `type`, or one whose `type` list
 * holds `"object"`, is published with `"type": "object"`: for MCP that says exactly what it
 * said. A params schema that admits no object cannot be a tool. A result schema whose root is
 * not `"type": "object"` is published without `outputSchema`: the result then reaches the
 * agent as text, and as `structuredContent` only when it is an object (server.ts).
 */
import { selfContainedSchema } from "../analyses/bundle.js";
import { BindgenError } from "../errors.js";
import type { JsonObject } from "../json.js";
import type { ContractModel, Method } from "../model/types.js";
import type { SchemaGraph } from "../resolve/index.js";
import { effectHints, type EffectHints } from "./annotations.js";
import { toolNameTable } from "./tool-names.js";

/** Past this a caller must allow for the call: the MCP SDK client's default request timeout. */
export const SDK_DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

export interface McpTool {
  /** The MCP tool name, e.g. `demo_request`. */
  readonly name: string;
  readonly method: Method;
  readonly description: string;
  readonly inputSchema: JsonObject;
  /** Absent for a result that is not an object schema. */
  readonly outputSchema: JsonObject | undefined;
  readonly annotations: EffectHints | undefined;
}

export function mcpTools(model: ContractModel, graph: SchemaGraph, file: string | undefined): McpTool[] {
  const names = toolNameTable(
    model.methods.map((method) => method.tool),
    file,
  );
  return model.methods.map((method) => ({
    name: names.toolOf.get(method.tool) as string,
    method,
    description: description(method),
    inputSchema: inputSchema(selfContainedSchema(graph, method.params), method, file),
    outputSchema: isObjectSchema(selfContainedSchema(graph, method.result))
      ? selfContainedSchema(graph, method.result)
      : undefined,
    annotations: effectHints(method.sideEffects),
  }));
}

/** The summary, and the call's own deadline when an MCP client would give up before it by default. */
function description(method: Method): string {
  const summary = method.summary ?? `Calls ${method.tool}.`;
  if (method.timeoutMs <= SDK_DEFAULT_REQUEST_TIMEOUT_MS) return summary;
  return `${summary} Takes up to ${seconds(method.timeoutMs)} s: allow the call that long.`;
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

function isObjectSchema(schema: JsonObject): boolean {
  return schema["type"] === "object";
}

/** The params schema with `"type": "object"` at its root, which MCP arguments always are. */
function inputSchema(schema: JsonObject, method: Method, file: string | undefined): JsonObject {
  const type = schema["type"];
  if (type === "object") return schema;
  if (type !== undefined && !(Array.isArray(type) && type.includes("object"))) {
    throw new BindgenError(
      "bad_contract",
      `method ${JSON.stringify(method.tool)}: its params schema admits no object (type ${JSON.stringify(type)}), so it cannot be an MCP tool`,
      { file, pointer: method.params },
    );
  }
  return { ...schema, type: "object" };
}
