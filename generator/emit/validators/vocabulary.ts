/**
 * What the compiler does with each keyword it meets, read from the keyword table
 * (generator/schema/keywords.ts) and the dialect table (generator/schema/dialects.ts). A standard
 * keyword is either compiled, an annotation, a container of subschemas reached only by `$ref`, or
 * refused at generation time — never silently ignored. Keywords no JSON Schema draft defines
 * (`x-rust-type`, `markdownDescription`) are annotations, as the specification says.
 */
import { assertNever } from "../../errors.js";
import { isJsonObject, type Pointer } from "../../json.js";
import { DIALECTS, dialectNamed, readingOf } from "../../schema/dialects.js";
import { keywordRow, type Role } from "../../schema/keywords.js";
import type { CompileContext } from "./context.js";

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

/** Throws `unsupported_keyword` if the schema object uses anything the compiler will not honour. */
export function refuseUnsupported(ctx: CompileContext, schema: { readonly [key: string]: unknown }, pointer: Pointer): void {
  const dialect = ctx.dialectAt(pointer);
  // Sorted: with two refused keywords, the one named must not depend on the schema's key order.
  for (const keyword of Object.keys(schema).sort()) {
    if (roleOf(keyword) === "refused") ctx.refuse(keyword, pointer, REFUSAL_REASONS[keyword] ?? "not implemented");
    // A keyword this dialect replaced was written for an older draft: ignoring it would validate less than it says.
    if (readingOf(dialect, keyword) === "retired")
      ctx.refuse(keyword, pointer, REFUSAL_REASONS[keyword] ?? "a keyword of an older draft");
  }
  if (Object.hasOwn(schema, "$schema") && dialectNamed(schema.$schema) === undefined) {
    // A custom meta-schema would say which vocabularies apply: they are not compiled.
    ctx.refuse("$schema", pointer, `only the ${DIALECT_NAMES} dialects are compiled, not ${JSON.stringify(schema.$schema)}`);
  }
  if (DIALECTS[dialect].itemsArray === "refused" && Array.isArray(schema.items))
    ctx.refuse("items", pointer, "array-form items is draft-07; draft 2020-12 spells it prefixItems");
}

const DIALECT_NAMES = Object.keys(DIALECTS).join(", ");

const REFUSAL_REASONS: { readonly [keyword: string]: string } = {
  $recursiveRef: "a draft 2019-09 keyword; draft 2020-12 spells it $dynamicRef",
  $recursiveAnchor: "a draft 2019-09 keyword; draft 2020-12 spells it $dynamicAnchor",
  dependencies: "a draft-07 keyword; draft 2020-12 splits it into dependentRequired and dependentSchemas",
  additionalItems: "a draft-07 keyword; draft 2020-12 uses prefixItems and items",
};

export function isSchemaObject(value: unknown): value is { readonly [key: string]: unknown } {
  return isJsonObject(value);
}
