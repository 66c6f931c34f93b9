/**
 * What the validator compiler does with each keyword, read from the keyword table
 * (generator/schema/keyword-table.ts): a keyword that can fail a value is compiled (an assertion), one
 * that names or documents is not (an annotation), a container of subschemas is reached only
 * through `$ref`. Keywords no draft defines (`x-rust-type`, `markdownDescription`) are
 * annotations, as the specification says. What is refused is decided by schema/refusals.ts.
 */
import { assertNever } from "../../errors.js";
import { keywordRow, type Role } from "../../schema/keyword-table.js";

export type KeywordRole = "assertion" | "annotation" | "container" | "refused";

/** The table's roles as the compiler acts on them: what can fail a value is compiled, what names or documents is not. */
function compilerRole(role: Role): KeywordRole {
  switch (role) {
    case "constrains":
      return "assertion";
    case "annotates":
    case "identifies":
      return "annotation";
    case "contains":
      return "container";
    case "refused":
      return "refused";
    default:
      return assertNever(role, "keyword role");
  }
}

export function roleOf(keyword: string): KeywordRole {
  const row = keywordRow(keyword);
  return row === undefined ? "annotation" : compilerRole(row.role);
}
