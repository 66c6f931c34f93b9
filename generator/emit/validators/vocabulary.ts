/**
 * What the compiler does with each keyword it meets. The table is the feature list: a standard
 * keyword is either compiled, an annotation, a container of subschemas reached only by `$ref`, or
 * refused at generation time — never silently ignored. Keywords no JSON Schema draft defines
 * (`x-rust-type`, `markdownDescription`) are annotations, as the specification says.
 */
import { assertNever } from "../../errors.js";
import { REFUSED_KEYWORDS } from "../../resolve/keywords.js";
import { isJsonObject, type Pointer } from "../../resolve/pointer.js";
import type { CompileContext } from "./context.js";
import { dialectNamed, DRAFT_07_ONLY } from "./dialect.js";

export type KeywordRole = "assertion" | "annotation" | "container" | "refused";

const ROLES: ReadonlyMap<string, KeywordRole> = new Map<string, KeywordRole>([
  // core
  ["$schema", "annotation"],
  ["$id", "annotation"],
  ["$anchor", "annotation"],
  ["$comment", "annotation"],
  ["$defs", "container"],
  ["definitions", "container"],
  ["$ref", "assertion"],
  // $dynamicAnchor alone is an ordinary anchor (the resolver indexes it); only $dynamicRef is dynamic.
  ["$dynamicAnchor", "annotation"],
  ...[...REFUSED_KEYWORDS].map((keyword): [string, KeywordRole] => [keyword, "refused"]),
  // applicators
  ["allOf", "assertion"],
  ["anyOf", "assertion"],
  ["oneOf", "assertion"],
  ["not", "assertion"],
  ["if", "assertion"],
  ["then", "assertion"],
  ["else", "assertion"],
  ["dependentSchemas", "assertion"],
  ["prefixItems", "assertion"],
  ["items", "assertion"],
  ["contains", "assertion"],
  ["properties", "assertion"],
  ["patternProperties", "assertion"],
  ["additionalProperties", "assertion"],
  ["propertyNames", "assertion"],
  ["unevaluatedItems", "assertion"],
  ["unevaluatedProperties", "assertion"],
  // validation
  ["type", "assertion"],
  ["enum", "assertion"],
  ["const", "assertion"],
  ["multipleOf", "assertion"],
  ["maximum", "assertion"],
  ["exclusiveMaximum", "assertion"],
  ["minimum", "assertion"],
  ["exclusiveMinimum", "assertion"],
  ["maxLength", "assertion"],
  ["minLength", "assertion"],
  ["pattern", "assertion"],
  ["maxItems", "assertion"],
  ["minItems", "assertion"],
  ["uniqueItems", "assertion"],
  ["maxContains", "assertion"],
  ["minContains", "assertion"],
  ["maxProperties", "assertion"],
  ["minProperties", "assertion"],
  ["required", "assertion"],
  ["dependentRequired", "assertion"],
  // annotations
  ["title", "annotation"],
  ["description", "annotation"],
  ["default", "annotation"],
  ["deprecated", "annotation"],
  ["readOnly", "annotation"],
  ["writeOnly", "annotation"],
  ["examples", "annotation"],
  ["format", "annotation"],
  ["contentEncoding", "annotation"],
  ["contentMediaType", "annotation"],
  ["contentSchema", "annotation"],
  // draft-07 keywords: compiled in draft-07 resources, refused in 2020-12 ones (see dialect.ts).
  ["dependencies", "assertion"],
  ["additionalItems", "assertion"],
]);

export function roleOf(keyword: string): KeywordRole {
  return ROLES.get(keyword) ?? "annotation";
}

/** Throws `unsupported_keyword` if the schema object uses anything the compiler will not honour. */
export function refuseUnsupported(ctx: CompileContext, schema: { readonly [key: string]: unknown }, pointer: Pointer): void {
  const dialect = ctx.dialectAt(pointer);
  // Sorted: with two refused keywords, the one named must not depend on the schema's key order.
  for (const keyword of Object.keys(schema).sort()) {
    const role = roleOf(keyword);
    switch (role) {
      case "refused":
        ctx.refuse(keyword, pointer, REFUSAL_REASONS[keyword] ?? "not implemented");
        break;
      case "assertion":
        if (dialect === "2020-12" && DRAFT_07_ONLY.has(keyword))
          ctx.refuse(keyword, pointer, REFUSAL_REASONS[keyword] ?? "a draft-07 keyword");
        break;
      case "annotation":
      case "container":
        break;
      default:
        assertNever(role, "keyword role");
    }
  }
  if (Object.hasOwn(schema, "$schema") && dialectNamed(schema.$schema) === undefined) {
    ctx.refuse(
      "$schema",
      pointer,
      `only the draft 2020-12 and draft-07 dialects are compiled, not ${JSON.stringify(schema.$schema)}`,
    );
  }
  if (dialect === "2020-12" && Array.isArray(schema.items))
    ctx.refuse("items", pointer, "array-form items is draft-07; draft 2020-12 spells it prefixItems");
}

const REFUSAL_REASONS: { readonly [keyword: string]: string } = {
  $dynamicRef: "dynamic scope resolution is not compiled",
  $recursiveRef: "draft 2019-09 dynamic references are not compiled",
  $recursiveAnchor: "draft 2019-09 dynamic references are not compiled",
  $vocabulary: "custom vocabularies are not supported",
  dependencies: "a draft-07 keyword; draft 2020-12 splits it into dependentRequired and dependentSchemas",
  additionalItems: "a draft-07 keyword; draft 2020-12 uses prefixItems and items",
};

export function isSchemaObject(value: unknown): value is { readonly [key: string]: unknown } {
  return isJsonObject(value);
}
