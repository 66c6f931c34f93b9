/**
 * How the case generators read a schema: `$ref`s followed through the contract's graph, the
 * JSON types a schema admits (from `type`, else guessed from the keywords beside it), and the
 * JSON type of a value, as JSON Schema counts them (an integer is also a number).
 */
import { appendPointer, isJsonObject, type JsonObject, type Pointer } from "../../json.js";
import { byCodeUnits } from "../../order.js";
import type { SchemaGraph } from "../../resolve/index.js";

export const JSON_TYPES = ["null", "boolean", "object", "array", "number", "integer", "string"] as const;
export type JsonType = (typeof JSON_TYPES)[number];

/** A schema and where it stands, its `$ref` chain followed; `true` reads as `{}`. */
export interface Located {
  readonly schema: JsonObject | false;
  readonly at: Pointer;
}

const MAX_REF_HOPS = 32;

export function locate(graph: SchemaGraph, at: Pointer): Located {
  let node = graph.node(at);
  for (let hops = 0; isJsonObject(node.written) && typeof node.written.$ref === "string" && hops < MAX_REF_HOPS; hops++) {
    node = graph.target(node.written.$ref, node.pointer);
  }
  if (node.written === false) return { schema: false, at: node.pointer };
  return { schema: isJsonObject(node.written) ? node.written : {}, at: node.pointer };
}

/** The located subschema under `keyword` (and `key`, for properties and the like). */
export function child(graph: SchemaGraph, at: Pointer, ...segments: (string | number)[]): Located {
  return locate(graph, appendPointer(at, ...segments));
}

/** The types a schema admits: its `type`, else what its keywords imply, else undefined (any JSON). */
export function typesOf(schema: JsonObject): readonly JsonType[] | undefined {
  const type = schema.type;
  if (typeof type === "string") return isJsonType(type) ? [type] : [];
  if (Array.isArray(type)) return type.filter((t): t is JsonType => typeof t === "string" && isJsonType(t));
  if (["properties", "required", "additionalProperties", "minProperties", "maxProperties"].some((k) => k in schema))
    return ["object"];
  if (["items", "prefixItems", "minItems", "maxItems", "uniqueItems"].some((k) => k in schema)) return ["array"];
  if (["minLength", "maxLength", "pattern", "format"].some((k) => k in schema)) return ["string"];
  if (["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"].some((k) => k in schema)) return ["number"];
  return undefined;
}

export function isJsonType(name: string): name is JsonType {
  return (JSON_TYPES as readonly string[]).includes(name);
}

/** The JSON type of a JSON value, `integer` for whole numbers. */
export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "string") return "string";
  return "object";
}

/** Whether a value of type `actual` satisfies `type: allowed` (an integer is a number). */
export function admits(allowed: readonly JsonType[], actual: JsonType): boolean {
  return allowed.includes(actual) || (actual === "integer" && allowed.includes("number"));
}

export function numberAt(schema: JsonObject, keyword: string): number | undefined {
  const value = schema[keyword];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

export function requiredOf(schema: JsonObject): readonly string[] {
  return Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === "string") : [];
}

export function propertyNames(schema: JsonObject): readonly string[] {
  return isJsonObject(schema.properties) ? Object.keys(schema.properties).sort(byCodeUnits) : [];
}

/** Keywords the generators do not build values for; a schema using one is generated loosely and checked by its validator. */
export const LOOSELY_GENERATED = [
  "not",
  "if",
  "dependentRequired",
  "dependentSchemas",
  "patternProperties",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contains",
  "$dynamicRef",
] as const;
