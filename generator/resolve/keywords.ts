/**
 * The keyword table's subschema positions and refusals (generator/schema/keywords.ts) as the
 * flat lists the resolver, the tool-schema copier and the validator compiler's dialect reader
 * still walk with, in every dialect alike. New readers should walk with `forEachSubschema`
 * (generator/schema/subschemas.ts), which reads each position in its own dialect.
 */
import { KEYWORDS, type KeywordRow, type Subschemas } from "../schema/keywords.js";

const where = (...kinds: readonly Subschemas[]): readonly string[] =>
  KEYWORDS.filter((row: KeywordRow) => kinds.includes(row.subschemas)).map((row) => row.keyword);

/** One schema, or (draft-07 `items`) an array of them. */
export const SCHEMA_VALUED: readonly string[] = where("schema", "schema-or-array");

/** Objects of schemas by name. Draft-07 `dependencies`, whose values may also be lists of names, is not one. */
export const SCHEMA_MAP_VALUED: readonly string[] = where("map");

export const SCHEMA_ARRAY_VALUED: readonly string[] = where("array");

/**
 * Standard keywords whose meaning needs machinery this toolchain does not have (dynamic scopes,
 * vocabularies): refused at generation time, naming keyword and pointer, never ignored.
 */
export const REFUSED_KEYWORDS: ReadonlySet<string> = new Set(
  KEYWORDS.filter((row) => row.role === "refused").map((row) => row.keyword),
);
