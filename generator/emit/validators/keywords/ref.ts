/**
 * `$ref`: a call to the target location's functions, so recursion is just a recursive call.
 * Every call through a `$ref` adds one to the depth `d`; past REF_DEPTH_LIMIT the instance is
 * rejected with an issue instead of overflowing the stack (only `$ref` can make a schema walk
 * recurse, so counting these calls bounds the stack).
 */
import { isBindgenError, BindgenError } from "../../../errors.js";
import { appendPointer } from "../../../resolve/pointer.js";
import { code, EMPTY, type Code } from "../../code.js";
import { fail, type Mode } from "../mode.js";
import type { CompileContext, LocationFunctions } from "../context.js";
import { keywordValue, type KeywordEmit } from "./emit.js";

export const REF_DEPTH_LIMIT = 1000;

/** The target pointer; refs that leave the document are refused as unsupported `$ref`. */
export function refTarget(ctx: CompileContext, pointer: string, ref: unknown): string {
  if (typeof ref !== "string") {
    throw new BindgenError("meta_schema", "$ref must be a string", { file: ctx.index.file, pointer: appendPointer(pointer, "$ref"), keyword: "$ref" });
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
  const target = k.ctx.functionsFor(refTarget(k.ctx, k.pointer, ref));
  const site = { pointer: k.pointer, keyword: "$ref" };
  const tooDeep = fail(k.ctx, k.mode, code`d >= ${REF_DEPTH_LIMIT}`, site, code`${`must not nest deeper than ${REF_DEPTH_LIMIT} references`}`);
  return code`${tooDeep}
${callFunctions(k.mode, target, k.value, code`d + 1`)}`;
}

/**
 * A call to a location's functions. Fast path: its `is`. Issue path: its `check`, whose issues
 * end the walk; inside a loop `is` runs first so the path string is built only for a failing item.
 */
export function callFunctions(mode: Mode, target: LocationFunctions, value: Code, depth: Code): Code {
  switch (mode.kind) {
    case "fast":
      return code`if (!${target.is}(${value}, ${depth})) return false;`;
    case "check":
      if (mode.inLoop) return code`if (!${target.is}(${value}, ${depth})) return ${target.check}(${value}, ${mode.path}, ${depth});`;
      return code`{
const issues = ${target.check}(${value}, ${mode.path}, ${depth});
if (issues !== undefined) return issues;
}`;
  }
}
