/**
 * The validator compiler's public surface: JSON Schema (draft 2020-12) in, zero-dependency
 * TypeScript validators out.
 */
import { byCodeUnits } from "../../order.js";
import { schemaGraph, type SchemaGraph, type SchemaRegistry } from "../../resolve/index.js";
import { code, EMPTY, ident, join, type Code } from "../code.js";
import { buildValidatorModule } from "./module.js";
import type { Int64Reading } from "../../schema/integers.js";

export { REF_DEPTH_LIMIT } from "./keyword-emitters/ref.js";

/**
 * The body of `validators.ts` for named shapes: `validate<Name>` and `is<Name>` for each entry,
 * the `ValidationIssue`/`ValidationResult` types, and a type-only import of the names from
 * `./types.js`.
 */
export function emitValidators(
  graph: SchemaGraph,
  entries: readonly { name: string; pointer: string }[],
  int64: Int64Reading = "number",
): Code {
  const types = [...new Set(entries.map((entry) => entry.name))].sort(byCodeUnits).map((name) => ident(name));
  const preamble = types.length === 0 ? EMPTY : code`import type { ${join(types)} } from "./types.js";`;
  return buildValidatorModule(
    graph,
    entries.map((entry) => ({
      pointer: entry.pointer,
      stem: entry.name,
      validateName: ident(`validate${entry.name}`),
      guardName: ident(`is${entry.name}`),
      type: ident(entry.name),
    })),
    preamble,
    types.map(String),
    int64,
  );
}

/**
 * A self-contained TypeScript module for one schema: `validate(value)` and `isValid(value)`.
 * Throws a BindgenError whose `code` is `unsupported_keyword` (with `keyword` and `pointer`) for
 * schemas it will not honour, and `bad_pattern` for a pattern that is not a valid regex.
 * `registry`: other documents its `$ref`s may reach, by absolute URI (nothing is ever fetched).
 */
export function emitValidatorModule(
  schema: object,
  options: { name?: string; registry?: SchemaRegistry; int64?: Int64Reading } = {},
): string {
  const module = buildValidatorModule(
    schemaGraph(schema, options.name, options.registry),
    [{ pointer: "#", stem: "Root", validateName: ident("validate"), guardName: ident("isValid"), type: code`unknown` }],
    EMPTY,
    [],
    options.int64,
  );
  return `${module}`;
}
