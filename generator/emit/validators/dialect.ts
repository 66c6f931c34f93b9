/**
 * Dialects. Draft 2020-12 is the target; draft-07 is compiled too, because Rust schema
 * generators (schemars) still emit it. A resource's `$schema` decides its dialect, and an
 * embedded resource may change it. A draft-07 location is compiled through a *view* of its
 * schema object that keeps only what draft-07 means — `$ref` overrides its siblings there, and
 * 2020-12-only keywords are unknown, hence ignored — while draft-07's `items` array,
 * `additionalItems` and `dependencies` are read by the array and object emitters. Dropping keys
 * never moves the ones that stay, so every pointer still names the real location.
 */
import { SCHEMA_ARRAY_VALUED, SCHEMA_MAP_VALUED, SCHEMA_VALUED } from "../../resolve/keywords.js";
import { isJsonObject, parsePointer, type Pointer } from "../../resolve/pointer.js";

export type Dialect = "2020-12" | "draft-07";

const DIALECT_URIS: ReadonlyMap<string, Dialect> = new Map<string, Dialect>([
  ["https://json-schema.org/draft/2020-12/schema", "2020-12"],
  ["http://json-schema.org/draft-07/schema", "draft-07"],
  ["https://json-schema.org/draft-07/schema", "draft-07"],
]);

/** The dialect a `$schema` value names, or undefined when it names one that is not compiled. */
export function dialectNamed(uri: unknown): Dialect | undefined {
  return typeof uri === "string" ? DIALECT_URIS.get(uri.replace(/#$/, "")) : undefined;
}

/** Keywords draft-07 does not define: unknown there, so they assert nothing. */
const NOT_IN_DRAFT_07 = [
  "prefixItems",
  "dependentRequired",
  "dependentSchemas",
  "unevaluatedItems",
  "unevaluatedProperties",
  "minContains",
  "maxContains",
  "$dynamicRef",
  "$recursiveRef",
  "$recursiveAnchor",
  "$vocabulary",
];

/** Keywords that only draft-07 defines; draft 2020-12 refuses them rather than guess. */
export const DRAFT_07_ONLY: ReadonlySet<string> = new Set(["dependencies", "additionalItems"]);

/**
 * The dialect in force at `pointer`: the innermost `$schema` on the way down, read only where a
 * schema object stands (a property *named* "$schema" is data, not a dialect).
 */
export function dialectAt(root: unknown, pointer: Pointer): Dialect {
  let dialect: Dialect = "2020-12";
  let current: unknown = root;
  let isSchema = true;
  let container: "map" | "array" | undefined;
  for (const segment of [...(parsePointer(pointer) ?? []), undefined]) {
    if (isSchema && isJsonObject(current) && Object.hasOwn(current, "$schema"))
      dialect = dialectNamed(current.$schema) ?? dialect;
    if (segment === undefined) break;
    const next: unknown = Array.isArray(current)
      ? current[Number(segment)]
      : isJsonObject(current)
        ? current[segment]
        : undefined;
    if (container !== undefined) {
      isSchema = true;
      container = undefined;
    } else if (isSchema && (SCHEMA_VALUED as readonly string[]).includes(segment)) {
      // draft-07's array-form `items` holds schemas one level further down.
      isSchema = !Array.isArray(next);
      container = Array.isArray(next) ? "array" : undefined;
    } else if (isSchema && ((SCHEMA_MAP_VALUED as readonly string[]).includes(segment) || segment === "dependencies")) {
      isSchema = false;
      container = "map";
    } else if (isSchema && (SCHEMA_ARRAY_VALUED as readonly string[]).includes(segment)) {
      isSchema = false;
      container = "array";
    } else {
      isSchema = false;
    }
    current = next;
  }
  return dialect;
}

/** The schema as its dialect means it (see the file comment); booleans are themselves. */
export function schemaView(dialect: Dialect, schema: unknown): unknown {
  if (dialect === "2020-12" || !isJsonObject(schema)) return schema;
  if (Object.hasOwn(schema, "$ref")) return { $ref: schema.$ref };
  if (!NOT_IN_DRAFT_07.some((keyword) => Object.hasOwn(schema, keyword))) return schema;
  return Object.fromEntries(Object.entries(schema).filter(([keyword]) => !NOT_IN_DRAFT_07.includes(keyword)));
}
