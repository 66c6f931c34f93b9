/** What a schema says about a value that a TypeScript type cannot: kept as JSDoc text. */
import { isJsonObject } from "../resolve/pointer.js";
import type { Docs } from "./types.js";

const count = (n: unknown, unit: string): string => `${String(n)} ${unit}${n === 1 ? "" : "s"}`;

function range(min: unknown, max: unknown, unit: string): string | undefined {
  if (min !== undefined && max !== undefined)
    return min === max ? `exactly ${count(min, unit)}` : `${String(min)} to ${count(max, unit)}`;
  if (min !== undefined) return `at least ${count(min, unit)}`;
  if (max !== undefined) return `at most ${count(max, unit)}`;
  return undefined;
}

export const NO_DOCS: Docs = { constraints: [], deprecated: false };

export function docsOf(schema: unknown): Docs {
  if (!isJsonObject(schema)) return NO_DOCS;
  const s = schema;
  const constraints = [
    s.type === "integer" || (Array.isArray(s.type) && s.type.includes("integer")) ? "integer" : undefined,
    range(s.minItems, s.maxItems, "item"),
    range(s.minLength, s.maxLength, "character"),
    range(s.minProperties, s.maxProperties, "property"),
    s.minimum !== undefined ? `minimum ${String(s.minimum)}` : undefined,
    s.exclusiveMinimum !== undefined ? `greater than ${String(s.exclusiveMinimum)}` : undefined,
    s.maximum !== undefined ? `maximum ${String(s.maximum)}` : undefined,
    s.exclusiveMaximum !== undefined ? `less than ${String(s.exclusiveMaximum)}` : undefined,
    s.multipleOf !== undefined ? `multiple of ${String(s.multipleOf)}` : undefined,
    s.uniqueItems === true ? "items are unique" : undefined,
    typeof s.pattern === "string" ? `pattern: ${s.pattern}` : undefined,
    typeof s.format === "string" ? `format: ${s.format}` : undefined,
    s.default !== undefined ? `default: ${JSON.stringify(s.default)}` : undefined,
  ].filter((line): line is string => line !== undefined);
  return {
    ...(typeof s.title === "string" ? { title: s.title } : {}),
    ...(typeof s.description === "string" ? { description: s.description } : {}),
    constraints,
    deprecated: s.deprecated === true,
  };
}
