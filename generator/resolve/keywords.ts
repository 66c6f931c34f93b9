/**
 * Where subschemas live, per draft 2020-12 (plus draft-07's `definitions`, `dependencies` and
 * array-form `items`, which Rust-generated schemas still use). Only these positions are schemas;
 * the values of `enum`, `const`, `default`, `examples` and unknown keywords are plain data.
 */
export const SCHEMA_VALUED = [
  "additionalProperties",
  "propertyNames",
  "items",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
  "additionalItems",
] as const;

export const SCHEMA_MAP_VALUED = ["$defs", "definitions", "properties", "patternProperties", "dependentSchemas"] as const;

export const SCHEMA_ARRAY_VALUED = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;
