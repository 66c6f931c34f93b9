/**
 * `$ref`: a call to the target location's functions, so recursion is just a recursive call.
 * Every call through a `$ref` adds one to the depth `d`; past REF_DEPTH_LIMIT the instance is
 * rejected with an issue instead of overflowing the stack (only `$ref` can make a schema walk
 * recurse, so counting these calls bounds the stack — provided no recursive target is inlined:
 * see `descends`).
 */
import { isBindgenError, BindgenError } from "../../../errors.js";
import { appendPointer } from "../../../resolve/pointer.js";
import { KEYWORDS } from "../../../schema/keywords.js";
import { code, EMPTY, type Code } from "../../code.js";
import { fail, type Mode, said } from "../mode.js";
import type { CompileContext, LocationFunctions } from "../context.js";
import { keywordValue, type KeywordEmit } from "./emit.js";

export const REF_DEPTH_LIMIT = 1000;

/** The target pointer; refs that leave the document are refused as unsupported `$ref`. */
export function refTarget(ctx: CompileContext, pointer: string, ref: unknown): string {
  if (typeof ref !== "string") {
    throw new BindgenError("meta_schema", "$ref must be a string", {
      file: ctx.index.file,
      pointer: appendPointer(pointer, "$ref"),
      keyword: "$ref",
    });
  }
  try {
    return ctx.index.resolveRef(ref, pointer).pointer;
  } catch (error) {
    if (isBindgenError(error) && error.code === "external_ref") ctx.refuse("$ref", appendPointer(pointer, "$ref"), error.message);
    throw error;
  }
}

export function emitRef(k: KeywordEmit): Code {
  const ref = keywordValue(k.schema, "$ref");
  if (ref === undefined) return EMPTY;
  const targetPointer = refTarget(k.ctx, k.pointer, ref);
  const targetSchema = k.ctx.view(targetPointer, k.ctx.index.schemaAt(targetPointer));
  // A target that neither descends nor refers further cannot recurse: inline it like a subschema
  // (its issues still name its own location), saving a call and the depth bookkeeping.
  if (!descends(targetSchema)) return k.sub(targetPointer, targetSchema, k.value, k.mode);
  const target = k.ctx.functionsFor(targetPointer);
  const site = { pointer: k.pointer, keyword: "$ref" };
  const presence =
    k.mode.kind === "check" && k.mode.absent !== undefined
      ? code`if (${k.value} === undefined) { return [${k.mode.absent}]; }`
      : EMPTY;
  const tooDeep = fail(
    k.ctx,
    k.mode,
    code`d >= ${REF_DEPTH_LIMIT}`,
    site,
    said(`must not nest deeper than ${REF_DEPTH_LIMIT} references`),
  );
  return code`${presence}
${tooDeep}
${callFunctions(k.mode, target, k.value, code`d + 1`, true)}`;
}

/**
 * A call to a location's functions. Fast path: its `is`. Issue path: its `check`, whose issues
 * end the walk. `is` runs first when that is cheaper — inside a loop, or when the target does not
 * descend into the instance — so the path string is built only on failure; a target that walks a
 * container is checked directly, so an invalid payload is walked once, not twice.
 */
export function callFunctions(mode: Mode, target: LocationFunctions, value: Code, depth: Code, targetDescends: boolean): Code {
  switch (mode.kind) {
    case "fast":
      return code`if (!${target.is}(${value}, ${depth})) return false;`;
    case "check":
      if (mode.inLoop || !targetDescends)
        return code`if (!${target.is}(${value}, ${depth})) return ${target.check}(${value}, ${mode.path}, ${depth});`;
      return code`{
const issues = ${target.check}(${value}, ${mode.path}, ${depth});
if (issues !== undefined) return issues;
}`;
  }
}

/**
 * Keywords through which checking may reach another schema: every constraining keyword with
 * subschemas in the keyword table (draft-07's `dependencies` and `additionalItems` included), and
 * every reference (`$ref`, `$recursiveRef`, `$dynamicRef`). A target using none of them cannot
 * recurse, so it may be inlined; any other is called through its functions, and so counts toward
 * the depth limit.
 */
const DESCENDING: ReadonlySet<string> = new Set(
  KEYWORDS.filter((row) => (row.subschemas !== "none" && row.role === "constrains") || row.refers).map((row) => row.keyword),
);

/** Whether checking against `schema` may walk a container (or go through more references). */
export function descends(schema: unknown): boolean {
  return typeof schema === "object" && schema !== null && Object.keys(schema).some((keyword) => DESCENDING.has(keyword));
}
