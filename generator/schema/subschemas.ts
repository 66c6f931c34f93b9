/**
 * The one schema walker: where a schema object's subschemas are, read from the keyword table's
 * `subschemas` column in the dialect of that object. Only these positions are schemas; the values
 * of `enum`, `const`, `default`, `examples` and of keywords the dialect does not know are data.
 * This is about positions, not meaning: the siblings of a draft-07 `$ref` are still visited,
 * since they are still schemas to check even where they have no effect.
 */
import { assertNever } from "../errors.js";
import { byCodeUnits } from "../order.js";
import { appendPointer, isJsonObject, type Pointer } from "../json.js";
import { DIALECTS, dialectOf, readingOf, type Dialect } from "./dialects.js";
import { keywordRow, type Subschemas } from "./keyword-table.js";

/** Where `keyword`'s value holds subschemas when a schema of `dialect` uses it. */
export function subschemasIn(dialect: Dialect, keyword: string): Subschemas {
  if (DIALECTS[dialect].definitions.some((path) => path.length === 1 && path[0] === keyword)) return "map";
  if (readingOf(dialect, keyword) === "unknown") return "none";
  return keywordRow(keyword)?.subschemas ?? "none";
}

/** A schema is an object or a boolean; anything else at a schema position is left to the meta-schema check. */
const isSchema = (value: unknown): boolean => isJsonObject(value) || typeof value === "boolean";

/**
 * Calls `visit` for each direct subschema of `schema`, with its pointer and the dialect it
 * inherits. `dialect` is the one `schema` inherits; its own `$schema` is applied here. Keywords
 * are visited in code-unit order, so the walk never depends on the input's key order.
 */
export function forEachSubschema(
  schema: unknown,
  pointer: Pointer,
  dialect: Dialect,
  visit: (subschema: unknown, pointer: Pointer, dialect: Dialect) => void,
): void {
  if (!isJsonObject(schema)) return;
  const own = dialectOf(schema, dialect);
  for (const keyword of Object.keys(schema).sort(byCodeUnits)) {
    const value = schema[keyword];
    const at = appendPointer(pointer, keyword);
    // Definitions one level down (OpenAPI's `components/schemas`).
    for (const path of DIALECTS[own].definitions) {
      const map = path.length === 2 && path[0] === keyword && isJsonObject(value) ? value[path[1]] : undefined;
      if (!isJsonObject(map)) continue;
      for (const key of Object.keys(map).sort(byCodeUnits))
        if (isSchema(map[key])) visit(map[key], appendPointer(at, path[1] as string, key), own);
    }
    const kind = subschemasIn(own, keyword);
    switch (kind) {
      case "none":
        break;
      case "schema":
        visit(value, at, own);
        break;
      case "schema-or-array":
        if (Array.isArray(value)) value.forEach((item, i) => visit(item, appendPointer(at, i), own));
        else visit(value, at, own);
        break;
      case "array":
        if (Array.isArray(value)) value.forEach((item, i) => visit(item, appendPointer(at, i), own));
        break;
      case "map":
      case "schema-or-names-map":
        if (!isJsonObject(value)) break;
        for (const key of Object.keys(value).sort(byCodeUnits)) {
          if (isSchema(value[key])) visit(value[key], appendPointer(at, key), own);
        }
        break;
      default:
        assertNever(kind, "subschema position");
    }
  }
}
