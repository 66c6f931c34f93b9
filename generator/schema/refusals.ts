/**
 * The one rule for what a schema may not say: a keyword whose meaning this toolchain cannot
 * honour, a keyword the schema's dialect retired (written for an older draft: reading it as an
 * annotation would validate less than it says), a `$schema` naming a dialect that is not
 * compiled, and array-form `items` where the dialect spells a tuple `prefixItems`. Both the
 * model's schema check and the validator compiler ask it; each says it in its own words.
 */
import type { JsonObject } from "../json.js";
import { byCodeUnits } from "../order.js";
import { DIALECTS, dialectNamed, readingOf, type Dialect } from "./dialects.js";
import { keywordRow } from "./keyword-table.js";

export interface Refusal {
  readonly keyword: string;
  readonly why: string;
}

const DIALECT_NAMES = Object.keys(DIALECTS).join(", ");

/** Why each retired keyword is refused, in the words of the draft that replaced it. */
const RETIRED_REASONS: { readonly [keyword: string]: string } = {
  $recursiveRef: "a draft 2019-09 keyword; draft 2020-12 spells it $dynamicRef",
  $recursiveAnchor: "a draft 2019-09 keyword; draft 2020-12 spells it $dynamicAnchor",
  dependencies: "a draft-07 keyword; draft 2020-12 splits it into dependentRequired and dependentSchemas",
  additionalItems: "a draft-07 keyword; draft 2020-12 uses prefixItems and items",
};

/** The first thing `schema`, read in `dialect`, may not say; keywords in code-unit order, so key order never decides. */
export function refusalOf(schema: JsonObject, dialect: Dialect): Refusal | undefined {
  for (const keyword of Object.keys(schema).sort(byCodeUnits)) {
    const reading = readingOf(dialect, keyword);
    if (reading === "retired") return { keyword, why: RETIRED_REASONS[keyword] ?? "a keyword of an older draft" };
    // A keyword the dialect does not define is an annotation, whatever another draft makes of it.
    if (keywordRow(keyword)?.role === "refused" && reading !== "unknown") return { keyword, why: "not implemented" };
  }
  if (Object.hasOwn(schema, "$schema") && dialectNamed(schema.$schema) === undefined) {
    // A custom meta-schema would say which vocabularies apply: they are not compiled.
    return { keyword: "$schema", why: `only the ${DIALECT_NAMES} dialects are compiled, not ${JSON.stringify(schema.$schema)}` };
  }
  if (DIALECTS[dialect].itemsArray === "refused" && Array.isArray(schema.items))
    return { keyword: "items", why: "array-form items is draft-07; draft 2020-12 spells it prefixItems" };
  return undefined;
}
