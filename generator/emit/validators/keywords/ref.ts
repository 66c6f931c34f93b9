/**
 * `$ref`: a call to the target location's functions, so recursion is just a recursive call.
 * Every call through a `$ref` adds one to the depth `d`; past REF_DEPTH_LIMIT the instance is
 * rejected with an issue instead of overflowing the stack (only `$ref` can make a schema walk
 * recurse, so counting these calls bounds the stack).
 */
import { isBindgenError, BindgenError } from "../../../errors.js";
import { appendPointer } from "../../../resolve/pointer.js";
import { code, EMPTY, type Code } from "../../code.js";
import { fail } from "../mode.js";
import type { CompileContext } from "../context.js";
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
  switch (k.mode.kind) {
    case "fast":
      return code`if (d >= ${REF_DEPTH_LIMIT} || !${target.is}(${k.value}, d + 1)) return false;`;
    case "check":
      return code`${tooDeep} else if (!${target.is}(${k.value}, d + 1)) ${target.check}(${k.value}, ${k.mode.path}, d + 1, out);`;
  }
}
