/**
 * The dialect table: which `$schema` URIs name which draft, and what a draft means where the
 * drafts differ. Draft 2020-12 is the target; draft-07 is read too, because Rust schema
 * generators (schemars) still emit it. A resource's `$schema` decides its dialect, and an
 * embedded resource may change it; a location without one inherits its parent's.
 */
import { isJsonObject } from "../resolve/pointer.js";
import { keywordRow } from "./keywords.js";

/** The dialects schemas may be written in. */
export type Dialect = "2020-12" | "draft-07";

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
  /**
   * Keywords holding definitions. Both dialects read both: a contract's shape is read from
   * either (contract/shape.ts), a `$ref` reaches into either by pointer, and the 2020-12
   * meta-schema still describes `definitions`.
   */
  readonly definitions: readonly string[];
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
    definitions: ["$defs", "definitions"],
    retired: ["additionalItems", "dependencies", "$recursiveRef", "$recursiveAnchor"],
  },
  "draft-07": {
    dialect: "draft-07",
    uris: ["http://json-schema.org/draft-07/schema", "https://json-schema.org/draft-07/schema"],
    refSiblings: "ignored",
    idFragment: "anchor",
    itemsArray: "tuple",
    definitions: ["$defs", "definitions"],
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
  if (row.definitions.includes(keyword)) return "known";
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
