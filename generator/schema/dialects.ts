/**
 * The dialect table: which `$schema` URIs name which draft, and what a draft means where the
 * drafts differ. Draft 2020-12 is the target; draft-07 and 2019-09 are read too, because Rust
 * schema generators (schemars) still emit them. A resource's `$schema` decides its dialect, and an
 * embedded resource may change it; a location without one inherits its parent's.
 */
import { isJsonObject, type JsonObject } from "../json.js";
import { keywordRow } from "./keyword-table.js";

/** The dialects schemas may be written in. */
export type Dialect = "2020-12" | "2019-09" | "draft-07" | "openapi-3.0";

export interface DialectRow {
  readonly dialect: Dialect;
  /** The `$schema` values naming it; a trailing empty fragment (`…/schema#`) names the same. */
  readonly uris: readonly string[];
  /**
   * Keywords beside a `$ref`: `applied` beside it (2019-09 on), or `ignored`, the `$ref` alone
   * deciding (draft-07) — an `$id` beside it too, which therefore changes no base URI and names
   * no resource. Ignored siblings still document: the types' JSDoc shows them.
   */
  readonly refSiblings: "applied" | "ignored";
  /**
   * What the fragment of an `$id` is: `anchor` (draft-07 spells a location-independent name
   * `"$id": "#foo"`, or `"$id": "other.json#foo"`), or `none`: the `$anchor` keyword names places
   * (2019-09 on), and an `$id` fragment names nothing.
   */
  readonly idFragment: "anchor" | "none";
  /** `items: [A, B]`: a tuple (draft-07, 2019-09), or refused (2020-12 spells a tuple `prefixItems`). */
  readonly itemsArray: "tuple" | "refused";
  /** Whether the items `contains` matched count as evaluated for `unevaluatedItems` (2020-12 on). */
  readonly containsEvaluates: boolean;
  /**
   * Where definitions are: paths from a schema object to a map of schemas by name. The JSON
   * Schema dialects read both `$defs` and `definitions`: a contract's shape is read from either
   * (contract/shape.ts), a `$ref` reaches into either by pointer, and the 2020-12 meta-schema
   * still describes `definitions`. OpenAPI 3.0 keeps them in the document's
   * `components/schemas`.
   */
  readonly definitions: readonly (readonly [string] | readonly [string, string])[];
  /**
   * `nullable: true` (OpenAPI 3.0): `keyword`, the value may also be null — when the same
   * schema has a `type`, which then allows "null" too (OpenAPI 3.0.3 on: without `type` it adds
   * nothing); `unknown`: an annotation, as any keyword a dialect does not define.
   */
  readonly nullable: "keyword" | "unknown";
  /**
   * `exclusiveMinimum`/`exclusiveMaximum`: `numbers` (draft-06 on: the bound itself), or `flags`
   * (OpenAPI 3.0, after draft-04: a boolean making `minimum`/`maximum` exclusive; a number is read
   * as the bound too, since schemars writes numbers in this dialect).
   */
  readonly exclusiveBounds: "numbers" | "flags";
  /**
   * Keywords of older drafts this one replaced. They are refused, not ignored: a schema using
   * them was written for the older draft, and ignoring them would validate less than it says.
   */
  readonly retired: readonly string[];
}

export const DIALECTS: Readonly<Record<Dialect, DialectRow>> = {
  "2020-12": {
    dialect: "2020-12",
    uris: ["https://json-schema.org/draft/2020-12/schema"],
    refSiblings: "applied",
    idFragment: "none",
    itemsArray: "refused",
    containsEvaluates: true,
    definitions: [["$defs"], ["definitions"]],
    nullable: "unknown",
    exclusiveBounds: "numbers",
    retired: ["additionalItems", "dependencies", "$recursiveRef", "$recursiveAnchor"],
  },
  "2019-09": {
    dialect: "2019-09",
    uris: ["https://json-schema.org/draft/2019-09/schema"],
    refSiblings: "applied",
    idFragment: "none",
    itemsArray: "tuple",
    containsEvaluates: false,
    definitions: [["$defs"], ["definitions"]],
    nullable: "unknown",
    exclusiveBounds: "numbers",
    // 2019-09 split `dependencies` into dependentRequired and dependentSchemas.
    retired: ["dependencies"],
  },
  "draft-07": {
    dialect: "draft-07",
    uris: ["http://json-schema.org/draft-07/schema", "https://json-schema.org/draft-07/schema"],
    refSiblings: "ignored",
    idFragment: "anchor",
    itemsArray: "tuple",
    containsEvaluates: false,
    definitions: [["$defs"], ["definitions"]],
    nullable: "unknown",
    exclusiveBounds: "numbers",
    retired: [],
  },
  /**
   * The Schema Object of OpenAPI 3.0 as schemars writes it (`SchemaSettings::openapi3()`): its
   * keywords (nullable, example, boolean exclusive bounds), definitions under
   * `#/components/schemas`, `$ref` alone; and an array-form `items` (with `additionalItems`) as
   * a tuple, which OpenAPI does not define but schemars emits for Rust tuples. A document says
   * it is one with the `$schema` schemars writes: the OpenAPI 3.0 schema's `#/definitions/Schema`.
   */
  "openapi-3.0": {
    dialect: "openapi-3.0",
    uris: [
      "https://spec.openapis.org/oas/3.0/schema/2019-04-02#/definitions/Schema",
      "https://spec.openapis.org/oas/3.0/schema/2021-09-28#/definitions/Schema",
      "https://spec.openapis.org/oas/3.0/schema/2024-10-18#/definitions/Schema",
    ],
    refSiblings: "ignored",
    idFragment: "none",
    itemsArray: "tuple",
    containsEvaluates: false,
    definitions: [["components", "schemas"]],
    nullable: "keyword",
    exclusiveBounds: "flags",
    retired: [],
  },
};

/** What a schema without `$schema`, at the root of a document, is read as. */
export const DEFAULT_DIALECT: Dialect = "2020-12";

const BY_URI: ReadonlyMap<string, Dialect> = new Map(
  Object.values(DIALECTS).flatMap((row) => row.uris.map((uri): [string, Dialect] => [uri, row.dialect])),
);

/** The dialect a `$schema` value names, or undefined when it names none that is read. */
export function dialectNamed(uri: unknown): Dialect | undefined {
  return typeof uri === "string" ? BY_URI.get(uri.replace(/#$/, "")) : undefined;
}

/**
 * The dialect of a schema object: its own `$schema`, else the one it inherits. A `$schema` that
 * names no dialect we read changes nothing here; the loader and the validator compiler refuse it.
 */
export function dialectOf(schema: unknown, inherited: Dialect): Dialect {
  return isJsonObject(schema) && Object.hasOwn(schema, "$schema") ? (dialectNamed(schema.$schema) ?? inherited) : inherited;
}

/**
 * How a dialect reads a keyword: `known` (it defines it, or it holds its definitions),
 * `retired` (replaced in this dialect, so refused), or `unknown` (an annotation, whatever other
 * drafts make of it).
 */
export type Reading = "known" | "retired" | "unknown";

export function readingOf(dialect: Dialect, keyword: string): Reading {
  const row = DIALECTS[dialect];
  if (row.definitions.some((path) => path[0] === keyword)) return "known";
  if (keywordRow(keyword)?.dialects.includes(dialect) === true) return "known";
  return row.retired.includes(keyword) ? "retired" : "unknown";
}

/** Where a schema object's tuple and rest-of-items schemas are, as its dialect spells them. */
export interface ArrayKeywords {
  /** The tuple's keyword, when the schema has one. */
  readonly prefix: "prefixItems" | "items" | undefined;
  /** The keyword for items after the tuple (all items, without one). */
  readonly rest: "items" | "additionalItems";
}

/**
 * An array-form `items` is read as the tuple it was written as in any dialect (2020-12 refuses
 * it in the validator compiler, which names the place); `prefixItems` only where it is defined.
 */
export function arrayKeywords(dialect: Dialect, schema: { readonly [keyword: string]: unknown }): ArrayKeywords {
  if (readingOf(dialect, "prefixItems") === "known" && Array.isArray(schema.prefixItems))
    return { prefix: "prefixItems", rest: "items" };
  if (Array.isArray(schema.items)) return { prefix: "items", rest: "additionalItems" };
  return { prefix: undefined, rest: "items" };
}

/** The JSON types a schema's `type` allows as its dialect reads it (OpenAPI's `nullable` adds "null"); undefined without `type`. */
export function declaredTypes(dialect: Dialect, schema: { readonly [keyword: string]: unknown }): unknown[] | undefined {
  if (!Object.hasOwn(schema, "type")) return undefined;
  const declared: unknown[] = Array.isArray(schema.type) ? [...schema.type] : [schema.type];
  if (DIALECTS[dialect].nullable === "keyword" && schema.nullable === true && !declared.includes("null")) declared.push("null");
  return declared;
}

/**
 * A schema object with OpenAPI 3.0's spellings written as JSON Schema's (the object itself in
 * every other dialect): `nullable: true` is "null" added to `type` (nothing without a `type`),
 * and a boolean exclusive bound is the `minimum`/`maximum` beside it made exclusive (the rows'
 * `nullable` and `exclusiveBounds`). The validators and the types' docs read this spelling.
 */
export function jsonSchemaSpelling(dialect: Dialect, schema: JsonObject): JsonObject {
  const row = DIALECTS[dialect];
  const nullable = row.nullable === "keyword" && Object.hasOwn(schema, "nullable");
  const flags =
    row.exclusiveBounds === "flags" &&
    BOUND_FLAGS.some(({ flag }) => Object.hasOwn(schema, flag) && typeof schema[flag] === "boolean");
  if (!nullable && !flags) return schema;
  // fromEntries defines own data properties: a `__proto__` key stays one.
  const view: JsonObject = Object.fromEntries(Object.entries(schema).filter(([key]) => key !== "nullable"));
  if (nullable && Object.hasOwn(schema, "type")) view.type = declaredTypes(dialect, schema);
  for (const { flag, bound } of BOUND_FLAGS) {
    if (typeof schema[flag] !== "boolean") continue;
    delete view[flag];
    if (schema[flag] === true && Object.hasOwn(schema, bound)) {
      view[flag] = schema[bound];
      delete view[bound];
    }
  }
  return view;
}

const BOUND_FLAGS = [
  { flag: "exclusiveMinimum", bound: "minimum" },
  { flag: "exclusiveMaximum", bound: "maximum" },
] as const;
