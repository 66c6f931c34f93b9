/**
 * The diff's reading of the keyword table: which comparer owns a keyword and what its change
 * costs, as seen from the dialects of the two schemas compared. A keyword neither dialect
 * defines is an annotation, whatever other drafts make of it — `x-rust-type` beside a type
 * changes no value on the wire.
 */
import { readingOf, type Dialect } from "../schema/dialects.js";
import { ANNOTATION_DIFF, KEYWORDS, keywordRow, type Comparison, type DiffClass } from "../schema/keyword-table.js";

export function diffClassOf(keyword: string, dialects: readonly Dialect[]): DiffClass {
  const row = keywordRow(keyword);
  if (row === undefined || dialects.every((dialect) => readingOf(dialect, keyword) === "unknown")) return ANNOTATION_DIFF;
  return row.diff;
}

/** The class of a keyword every dialect defines (`type`, `required`, `minimum`, …). */
export function diffClassOfKnown(keyword: string): DiffClass {
  const row = keywordRow(keyword);
  if (row === undefined) throw new Error(`${keyword} is not in the keyword table`);
  return row.diff;
}

/** The keywords one comparer owns, sorted, so its reports come out in one order. */
export function keywordsComparedBy(compare: Comparison): readonly string[] {
  return KEYWORDS.filter((row) => row.diff.compare === compare)
    .map((row) => row.keyword)
    .sort();
}

/** Keywords whose change is documentation only, or not a change at all (`$id`, `$defs`, …), where they stand. */
export function onlyDocumentsOrLocates(keyword: string, dialects: readonly Dialect[]): boolean {
  const { compare } = diffClassOf(keyword, dialects);
  return compare === "annotation" || compare === "location";
}
