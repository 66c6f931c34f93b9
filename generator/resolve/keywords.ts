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

/**
 * Standard keywords whose meaning needs machinery this toolchain does not have (dynamic scopes,
 * vocabularies): refused at generation time, naming keyword and pointer, never ignored.
 */
export const REFUSED_KEYWORDS: ReadonlySet<string> = new Set(["$dynamicRef", "$recursiveRef", "$recursiveAnchor", "$vocabulary"]);

export const SCHEMA_ARRAY_VALUED = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;
