/** What a schema says about a value that a TypeScript type cannot: kept as JSDoc text, in the words of the keyword table's docs column. */
import { isJsonObject } from "../json.js";
import { constraintWords } from "../schema/docs-words.js";
import type { Docs } from "./types.js";

export const NO_DOCS: Docs = { constraints: [], deprecated: false };

export function docsOf(schema: unknown): Docs {
  if (!isJsonObject(schema)) return NO_DOCS;
  const s = schema;
  const constraints = constraintWords(s);
  return {
    ...(typeof s.title === "string" ? { title: s.title } : {}),
    ...(typeof s.description === "string" ? { description: s.description } : {}),
    constraints,
    deprecated: s.deprecated === true,
  };
}
