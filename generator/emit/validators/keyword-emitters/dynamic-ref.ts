/**
 * `$recursiveRef` (2019-09) and `$dynamicRef` (2020-12): references whose target depends on the
 * dynamic scope. Each resolves first as a `$ref` would (`$recursiveRef` is always `"#"`, its
 * resource's root); when that first target is itself a dynamic anchor — a resource root with
 * `"$recursiveAnchor": true`, or a `$dynamicAnchor` of the name the fragment gives — the target
 * is instead the outermost resource in the dynamic scope bringing that anchor. The compiler knows
 * the scope of the code it emits (dynamic-scope.ts), so the target is known here, and the call is
 * an ordinary call, counted toward the depth limit like a `$ref`'s.
 */
import { BindgenError } from "../../../errors.js";
import { appendPointer, type Pointer } from "../../../json.js";
import { EMPTY, lines, type Code } from "../../code.js";
import type { CompileContext } from "../context.js";
import { keywordValue, type KeywordEmit } from "./emit.js";
import { countedCall, refTarget } from "./ref.js";

/** The dynamic reference keywords; which of them a schema's dialect defines is the keyword table's to say. */
export const DYNAMIC_REFS = ["$recursiveRef", "$dynamicRef"] as const;

export type DynamicRef = (typeof DYNAMIC_REFS)[number];

/** The pointer the dynamic reference at `pointer` reaches in the context's scope. */
export function dynamicRefTarget(ctx: CompileContext, pointer: Pointer, keyword: DynamicRef, ref: unknown): Pointer {
  if (keyword === "$recursiveRef" && ref !== "#") {
    throw new BindgenError("meta_schema", '$recursiveRef must be "#"', {
      file: ctx.graph.file,
      pointer: appendPointer(pointer, keyword),
      keyword,
    });
  }
  const initial = refTarget(ctx, pointer, ref);
  const anchor = ctx.graph.dynamicAnchorName(keyword, ref as string, initial);
  if (anchor === undefined) return initial;
  return ctx.scope.anchors.get(anchor) ?? initial;
}

export function emitDynamicRef(k: KeywordEmit): Code {
  return lines(
    DYNAMIC_REFS.map((keyword) => {
      const ref = keywordValue(k.schema, keyword);
      if (ref === undefined) return EMPTY;
      return countedCall(k, keyword, k.ctx.functionsFor(dynamicRefTarget(k.ctx, k.pointer, keyword, ref)));
    }),
  );
}
