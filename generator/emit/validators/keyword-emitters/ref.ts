/**
 * `$ref`: a call to the target location's functions, so recursion is just a recursive call.
 * Every call through a `$ref` adds one to the depth `d`; past REF_DEPTH_LIMIT the instance is
 * rejected with an issue instead of overflowing the stack (only `$ref` can make a schema walk
 * recurse, so counting these calls bounds the stack — provided no recursive target is inlined:
 * see `descends`).
 */
import { isBindgenError, BindgenError } from "../../../errors.js";
import { appendPointer } from "../../../json.js";
import { KEYWORDS, keywordRow } from "../../../schema/keyword-table.js";
import { code, EMPTY, type Code } from "../../code.js";
import { fail, type Mode, said, within } from "../mode.js";
import { callOf, type CompileContext, type LocationFunctions } from "../context.js";
import { keywordValue, type KeywordEmit } from "./emit.js";

export const REF_DEPTH_LIMIT = 1000;

/** The target pointer; refs that leave the document are refused as unsupported `$ref`. */
export function refTarget(ctx: CompileContext, pointer: string, ref: unknown): string {
  if (typeof ref !== "string") {
    throw new BindgenError("meta_schema", "$ref must be a string", {
      file: ctx.graph.file,
      pointer: appendPointer(pointer, "$ref"),
      keyword: "$ref",
    });
  }
  try {
    return ctx.graph.target(ref, pointer).pointer;
  } catch (error) {
    if (isBindgenError(error) && error.code === "external_ref") ctx.refuse("$ref", appendPointer(pointer, "$ref"), error.message);
    throw error;
  }
}

export function emitRef(k: KeywordEmit): Code {
  const ref = keywordValue(k.schema, "$ref");
  if (ref === undefined) return EMPTY;
  const targetPointer = refTarget(k.ctx, k.pointer, ref);
  const targetSchema = k.ctx.graph.node(targetPointer).schema;
  const refPointer = appendPointer(k.pointer, "$ref");
  // A target that neither descends nor refers further cannot recurse: inline it like a subschema
  // (its schema paths continue through this `$ref`), saving a call and the depth bookkeeping.
  if (!descends(targetSchema))
    return k.ctx.inlined(targetPointer, refPointer, () => k.sub(targetPointer, targetSchema, k.value, k.mode));
  return countedCall(k, "$ref", k.ctx.functionsFor(targetPointer));
}

/**
 * The call a reference keyword (`$ref`, `$dynamicRef`, `$recursiveRef`) makes to its target's
 * functions: a missing value is reported first (check mode), then the depth limit, then the call
 * with `d + 1`, its schema paths continuing through the keyword.
 */
export function countedCall(k: KeywordEmit, keyword: string, target: LocationFunctions): Code {
  const presence =
    k.mode.kind === "check" && k.mode.absent !== undefined
      ? code`if (${k.value} === undefined) { return [${k.mode.absent}]; }`
      : EMPTY;
  const depth = k.ctx.depth();
  const tooDeep = fail(
    k.ctx,
    k.mode,
    code`${depth} >= ${REF_DEPTH_LIMIT}`,
    { pointer: k.pointer, keyword },
    said(`must not nest deeper than ${REF_DEPTH_LIMIT} references`),
  );
  const schemaPrefix = k.ctx.schemaPath(appendPointer(k.pointer, keyword));
  return code`${presence}
${tooDeep}
${callFunctions(k.ctx, k.mode, target, k.value, code`${depth} + 1`, schemaPrefix)}`;
}

/**
 * A call to a location's functions. Fast path: its `is`. Issue path: its `check`, whose issues
 * end the walk, moved under this call's instance path and `schemaPrefix` (the called schema's
 * place, relative to the calling function). Paths are only joined on failure, so the walk of a
 * valid value allocates nothing, and an invalid payload is walked once, not twice.
 */
export function callFunctions(
  ctx: CompileContext,
  mode: Mode,
  target: LocationFunctions,
  value: Code,
  depth: Code,
  schemaPrefix: string,
): Code {
  switch (mode.kind) {
    case "fast":
      return code`if (!${callOf(target.is, [value, depth])}) return false;`;
    case "check":
      return code`{
const issues = ${callOf(target.check, [value, depth])};
if (issues !== undefined) return ${within(ctx, mode, code`issues`, schemaPrefix)};
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

/**
 * How a combinator asks a subschema for its answer (a yes/no `is` call, or the issues of its
 * `check`, relative to `schemaPrefix`). Most subschemas are asked through their own functions. A
 * subschema that is only a `$ref` to a location called in any case — Rust's `Option<Struct>` is
 * `anyOf [$ref, null]` — asks that location straight, with the reference's depth count inline,
 * instead of through a pair of functions that would do nothing else: the same answers and issues,
 * two functions fewer per such branch.
 */
export interface SubschemaCall {
  is(value: Code): Code;
  check(value: Code): Code;
  readonly schemaPrefix: string;
}

export function subschemaCall(ctx: CompileContext, pointer: string): SubschemaCall {
  const schema = ctx.graph.node(pointer).schema;
  const ref = bareRef(schema);
  if (ref !== undefined) {
    const targetPointer = refTarget(ctx, pointer, ref);
    if (descends(ctx.graph.node(targetPointer).schema)) {
      const target = ctx.functionsFor(targetPointer);
      const tooDeep = code`${ctx.helper("issue")}("", "", "$ref", ${`: must not nest deeper than ${REF_DEPTH_LIMIT} references`})`;
      const depth = ctx.depth();
      return {
        is: (value) => code`(${depth} < ${REF_DEPTH_LIMIT} && ${callOf(target.is, [value, code`${depth} + 1`])})`,
        check: (value) =>
          code`(${depth} >= ${REF_DEPTH_LIMIT} ? [${tooDeep}] : ${callOf(target.check, [value, code`${depth} + 1`])})`,
        schemaPrefix: ctx.schemaPath(appendPointer(pointer, "$ref")),
      };
    }
  }
  const own = ctx.functionsFor(pointer);
  return {
    is: (value) => callOf(own.is, [value, ctx.depth()]),
    check: (value) => callOf(own.check, [value, ctx.depth()]),
    schemaPrefix: ctx.schemaPath(pointer),
  };
}

/** The `$ref` of a schema that says nothing else but annotations (no identifier: an `$id` would move the base). */
function bareRef(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema) || !Object.hasOwn(schema, "$ref")) return undefined;
  const onlyAnnotations = Object.keys(schema).every(
    (keyword) => keyword === "$ref" || (keywordRow(keyword)?.role ?? "annotates") === "annotates",
  );
  return onlyAnnotations ? (schema as Record<string, unknown>).$ref : undefined;
}
