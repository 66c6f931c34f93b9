/**
 * Ajv configured as the reference for a schema's own draft: Ajv 2020 for 2020-12, Ajv 2019 for
 * 2019-09, plain Ajv for draft-07 (with `$ref` overriding its siblings, as draft-07 says and
 * Ajv only does when asked). Set to what the generated validators do where the choice is ours:
 * `format` is an annotation (docs/types-and-validators.md: bounds, patterns and formats are
 * JSDoc; the keyword table gives `format` the annotation role), so formats are not validated;
 * a pattern compiles with the `u` flag and falls back to the non-`u` form when only that
 * compiles (generator/schema/patterns.ts); unknown keywords are annotations (`strict: false`).
 */
import { Ajv, type Options } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";

export type AjvDraft = "2020-12" | "2019-09" | "draft-07";

/** The draft a document's `$schema` names; 2020-12 without one, as the generator reads it. */
export function ajvDraftOf(schema: unknown): AjvDraft {
  const uri = typeof schema === "object" && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
  if (typeof uri !== "string") return "2020-12";
  if (uri.includes("draft-07")) return "draft-07";
  if (uri.includes("2019-09")) return "2019-09";
  return "2020-12";
}

/** `u` when the pattern compiles with it, else without, as the validators compile patterns. */
function regExp(pattern: string, flags: string): RegExp {
  try {
    return new RegExp(pattern, flags);
  } catch (error) {
    if (!flags.includes("u")) throw error;
    return new RegExp(pattern, flags.replace("u", ""));
  }
}
// Ajv's standalone code calls the engine by this expression.
regExp.code = "(function (p, f) { try { return new RegExp(p, f) } catch (e) { return new RegExp(p, f.replace('u', '')) } })";

export function ajvFor(draft: AjvDraft, extra: Options = {}): Ajv {
  const options: Options = {
    strict: false,
    validateFormats: false,
    logger: false,
    ...(draft === "draft-07" ? { ignoreKeywordsWithRef: true } : {}),
    ...extra,
    code: { regExp, ...extra.code },
  };
  switch (draft) {
    case "2020-12":
      return new Ajv2020(options);
    case "2019-09":
      return new Ajv2019(options);
    case "draft-07":
      return new Ajv(options);
  }
}
