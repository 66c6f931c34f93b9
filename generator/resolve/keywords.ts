/**
 * The keyword table's refusals (generator/schema/keywords.ts) as a set. Subschema positions are
 * not listed here: walk them with `forEachSubschema` (generator/schema/subschemas.ts), which
 * reads each position in its own dialect.
 */
import { KEYWORDS } from "../schema/keywords.js";

/**
 * Standard keywords whose meaning needs machinery this toolchain does not have (dynamic scopes,
 * vocabularies): refused at generation time, naming keyword and pointer, never ignored.
 */
export const REFUSED_KEYWORDS: ReadonlySet<string> = new Set(
  KEYWORDS.filter((row) => row.role === "refused").map((row) => row.keyword),
);
