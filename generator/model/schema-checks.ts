/**
 * A walk over every schema in the document before conversion: refuses what no emitter can
 * honour (schema/refusals.ts), checks that every `$ref` lands inside the document and every pattern is a valid
 * ECMA-262 regular expression (with the `u` flag, else without it and a warning: schema/patterns.ts)
 * that a linear-time matcher can run (else a warning, or an error as the binding says: schema/pattern-program.ts). Subschemas and refusals come from the keyword table,
 * read in each schema's own dialect; keywords the dialect does not define are annotations.
 */
import { BindgenError } from "../errors.js";
import type { SchemaGraph } from "../resolve/index.js";
import { byCodeUnits } from "../order.js";
import { appendPointer, isJsonObject, type Pointer } from "../json.js";
import { DEFAULT_DIALECT, dialectOf, type Dialect } from "../schema/dialects.js";
import { refusalOf } from "../schema/refusals.js";
import { planPattern } from "../schema/pattern-program.js";
import { readPattern } from "../schema/patterns.js";
import { forEachSubschema } from "../schema/subschemas.js";

/** Something valid input may still deserve a word about; generation goes on. */
export interface SchemaWarning {
  readonly file: string | undefined;
  readonly pointer: Pointer;
  readonly message: string;
}

/**
 * What the binding says of a pattern only a backtracking RegExp can run (backreferences,
 * lookaround: schema/pattern-program.ts): a warning (the default), or an error.
 */
export type BacktrackingPatterns = "warn" | "error";

export function checkPattern(
  pattern: string,
  file: string | undefined,
  pointer: Pointer,
  warn: (w: SchemaWarning) => void,
  backtracking: BacktrackingPatterns = "warn",
): void {
  const reading = readPattern(pattern);
  if (!reading.ok) {
    throw new BindgenError("bad_pattern", `not a valid ECMA-262 regular expression: ${reading.why}`, { file, pointer });
  }
  if (reading.flags === "") {
    warn({ file, pointer, message: `pattern is not valid with the u flag (${reading.why}); compiled without it` });
  }
  const plan = planPattern(pattern);
  if (plan.kind !== "backtracking") return;
  // Every other pattern is matched in time linear in the string; this one can take longer on a
  // hostile string, and validation runs after the call's deadline could fire.
  const message = `pattern is left to a backtracking RegExp, whose time may grow exponentially with the string: ${plan.why}`;
  if (backtracking === "error") {
    throw new BindgenError("bad_pattern", `${message} (the binding's patterns.backtracking is "error")`, {
      file,
      pointer,
      keyword: "pattern",
    });
  }
  warn({ file, pointer, message });
}

/** Visits every schema reachable from the root, plus the parts of methods and notifications (`params`, `result`, `notification`). */
export function checkSchemas(
  graph: SchemaGraph,
  partPointers: readonly Pointer[],
  backtracking: BacktrackingPatterns = "warn",
): SchemaWarning[] {
  const seen = new Set<Pointer>();
  const warnings: SchemaWarning[] = [];
  const warn = (warning: SchemaWarning): void => {
    warnings.push(warning);
  };
  const visit = (schema: unknown, pointer: Pointer, inherited: Dialect): void => {
    if (!isJsonObject(schema) || seen.has(pointer)) return;
    seen.add(pointer);
    const dialect = dialectOf(schema, inherited);
    const refusal = refusalOf(schema, dialect);
    if (refusal !== undefined) {
      const { keyword, why } = refusal;
      throw new BindgenError("unsupported_keyword", `keyword ${keyword} is not supported: ${why}`, {
        file: graph.file,
        pointer: appendPointer(pointer, keyword),
        keyword,
      });
    }
    if (typeof schema.$ref === "string") graph.target(schema.$ref, pointer);
    if (typeof schema.pattern === "string")
      checkPattern(schema.pattern, graph.file, appendPointer(pointer, "pattern"), warn, backtracking);
    if (isJsonObject(schema.patternProperties)) {
      for (const key of Object.keys(schema.patternProperties))
        checkPattern(key, graph.file, appendPointer(pointer, "patternProperties", key), warn, backtracking);
    }
    forEachSubschema(schema, pointer, dialect, visit);
  };
  visit(graph.root.written, "#", DEFAULT_DIALECT);
  for (const part of partPointers) {
    const node = graph.node(part);
    visit(node.written, part, node.dialect);
  }
  // Sorted by pointer: the same schema warns the same way whatever order the walk met things in.
  return warnings.sort((a, b) => byCodeUnits(a.pointer, b.pointer));
}
