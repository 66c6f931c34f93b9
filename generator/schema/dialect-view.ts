/**
 * Dialects, as the dialect table (dialects.ts) defines them, applied to one schema object. A
 * draft-07 location is read (by the validators, the bundler, the integer shapes) through a *view*
 * of its schema object that keeps only what draft-07 means — `$ref` overrides its siblings there,
 * and keywords only later drafts define to assert something are unknown, hence ignored — while
 * draft-07's `items` array, `additionalItems` and `dependencies` are read by whoever reads arrays
 * and objects. Dropping keys never moves the ones that stay, so every pointer still names the
 * real location.
 */
import { isJsonObject } from "../json.js";
import { DIALECTS, jsonSchemaSpelling, readingOf, type Dialect } from "./dialects.js";
import { keywordRow } from "./keyword-table.js";

/**
 * A keyword the dialect does not define but another draft gives force (in draft-07:
 * `prefixItems`, `unevaluatedProperties`, `$dynamicRef`): dropped from the view, so it neither
 * asserts nor is refused. Unknown keywords that only document (`deprecated`, `x-rust-type`) stay:
 * they change nothing a validator does, and the tool schemas copy them.
 */
function unknownWithForce(dialect: Dialect, keyword: string): boolean {
  const role = keywordRow(keyword)?.role;
  return readingOf(dialect, keyword) === "unknown" && role !== undefined && role !== "annotates" && role !== "identifies";
}

/** The schema as its dialect means it (see the file comment); booleans are themselves. */
export function schemaView(dialect: Dialect, schema: unknown): unknown {
  if (!isJsonObject(schema)) return schema;
  if (DIALECTS[dialect].refSiblings === "ignored" && Object.hasOwn(schema, "$ref")) return { $ref: schema.$ref };
  const kept = Object.keys(schema).some((keyword) => unknownWithForce(dialect, keyword))
    ? Object.fromEntries(Object.entries(schema).filter(([keyword]) => !unknownWithForce(dialect, keyword)))
    : schema;
  return jsonSchemaSpelling(dialect, kept);
}
