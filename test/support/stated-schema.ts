/**
 * A CLI table's `schema` for tests that build tables by hand: a Standard JSON Schema stating a
 * fixed document, and the reading `--tools` does of a tool's.
 */
import type { CliTool, StandardJSONSchemaV1 } from "./runtime.js";

export function statedSchema(document: Record<string, unknown>): StandardJSONSchemaV1<never> {
  const state = (): Record<string, unknown> => structuredClone(document);
  return { "~standard": { version: 1, vendor: "test", jsonSchema: { input: state, output: state } } };
}

/** The params' JSON Schema a tool's `--tools` entry publishes. */
export function paramsSchemaOf(tool: Pick<CliTool, "schema"> | undefined): Record<string, unknown> | undefined {
  return tool?.schema["~standard"].jsonSchema.input({ target: "draft-2020-12" });
}
