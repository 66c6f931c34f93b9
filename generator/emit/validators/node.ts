/**
 * One schema location applied to one instance value, in one mode. The `type` check comes first
 * (it tells every later group which guards it can skip), then each keyword family in turn.
 * Subschemas are inlined into the enclosing function while that stays shallow; deeper ones
 * become calls to their location's functions, which keeps generated functions small however
 * deep the schema nests.
 */
import { BindgenError } from "../../errors.js";
import { isJsonObject, type Pointer } from "../../json.js";
import { code, EMPTY, exits, lines, type Code } from "../code.js";
import type { CompileContext } from "./context.js";
import { ALWAYS, failure, issueExpression, text, type Mode } from "./mode.js";
import { emitArrays } from "./keyword-emitters/arrays.js";
import { emitCombinators } from "./keyword-emitters/combinators.js";
import type { KeywordEmit, SchemaObject } from "./keyword-emitters/emit.js";
import { emitNumbers } from "./keyword-emitters/numbers.js";
import { emitObjects } from "./keyword-emitters/objects.js";
import { callFunctions, emitRef } from "./keyword-emitters/ref.js";
import { emitDynamicRef } from "./keyword-emitters/dynamic-ref.js";
import { emitStrings } from "./keyword-emitters/strings.js";
import { typeCheck } from "./keyword-emitters/type.js";
import { emitUnevaluated } from "./keyword-emitters/unevaluated.js";
import { emitConst, emitEnum, valuesImplyType } from "./keyword-emitters/values.js";
import { refusalOf } from "../../schema/refusals.js";
import { roleOf } from "./keyword-roles.js";

/**
 * How many subschema levels are inlined before calling a function instead. Both paths inline
 * alike: on the issue path a failure returns at once and paths are built only then, so inlined
 * checks cost what they cost on the fast path.
 */
const INLINE_DEPTH = 6;

export function emitNode(outer: CompileContext, pointer: Pointer, schema: unknown, value: Code, mode: Mode, depth: number): Code {
  if (schema === true) return EMPTY;
  const ctx = outer.enter(pointer);
  if (schema === false) {
    return failure(
      ctx,
      mode,
      { pointer, keyword: "false", schemaPath: pointer },
      text("is not allowed here (the schema is false)"),
    );
  }
  const s = asSchemaObject(ctx, pointer, ctx.graph.node(pointer).schema);
  refuseUnsupported(ctx, s, pointer);
  if (mode.kind === "check" && mode.absent !== undefined && !Object.hasOwn(s, "type") && !isBareRef(s)) {
    const present: Mode = { kind: "check", path: mode.path };
    return lines([
      code`if (${value} === undefined) { return [${mode.absent}]; }`,
      emitNode(ctx, pointer, schema, value, present, depth),
    ]);
  }
  const type = typeCheck(ctx, s, pointer, value);
  const site = { pointer, keyword: "type" };
  const typeFolded =
    type.failsWhen !== undefined && valuesImplyType(s, ctx.int64)
      ? { failsWhen: type.failsWhen, issue: mode.kind === "check" ? issueExpression(ctx, mode, site, type.message) : undefined }
      : undefined;
  const k: KeywordEmit = {
    ctx,
    pointer,
    schema: s,
    value,
    mode,
    known: type.known,
    ...(typeFolded === undefined ? {} : { typeFolded }),
    sub: (at, subschema, subvalue, submode) => applySubschema(ctx, at, subschema, subvalue, submode, depth + 1),
  };
  const rest = lines([
    ...emitConst(k),
    ...emitEnum(k),
    emitNumbers(k),
    emitStrings(k),
    emitArrays(k),
    emitObjects(k),
    emitRef(k),
    emitDynamicRef(k),
    ...emitCombinators(k),
    emitUnevaluated(k),
  ]);
  if (type.failsWhen === undefined || typeFolded !== undefined) return rest;
  const typeFailure =
    mode.kind === "check" && mode.absent !== undefined
      ? exits(code`return [${value} === undefined ? ${mode.absent} : ${issueExpression(ctx, mode, site, type.message)}];`)
      : failure(ctx, mode, site, type.message);
  if (type.failsWhen === ALWAYS) return typeFailure;
  return lines([code`if (${type.failsWhen}) { ${typeFailure} }`, rest]);
}

/** A subschema: nothing when it cannot fail, inline when cheap, else a call to its functions. */
export function applySubschema(
  ctx: CompileContext,
  pointer: Pointer,
  schema: unknown,
  value: Code,
  mode: Mode,
  depth: number,
): Code {
  if (acceptsEverything(ctx, pointer, schema)) return EMPTY;
  if (depth < INLINE_DEPTH && !ctx.worthCalling(pointer)) return emitNode(ctx, pointer, schema, value, mode, depth);
  const call = callFunctions(ctx, mode, ctx.functionsFor(pointer), value, ctx.depth(), ctx.schemaPath(pointer));
  if (mode.kind === "check" && mode.absent !== undefined)
    return lines([code`if (${value} === undefined) { return [${mode.absent}]; }`, call]);
  return call;
}

/** `true`, `{}`, or a schema of annotations only (checked for refused keywords all the same). */
function acceptsEverything(ctx: CompileContext, pointer: Pointer, raw: unknown): boolean {
  if (raw === true) return true;
  const schema = ctx.graph.node(pointer).schema;
  if (!isJsonObject(schema)) return false;
  refuseUnsupported(ctx, schema, pointer);
  return Object.keys(schema).every((keyword) => roleOf(keyword) !== "assertion");
}

function asSchemaObject(ctx: CompileContext, pointer: Pointer, schema: unknown): SchemaObject {
  if (!isJsonObject(schema)) {
    throw new BindgenError("meta_schema", "a schema must be an object or a boolean", { file: ctx.graph.file, pointer });
  }
  return schema;
}

/** Only `$ref` (and annotations): the presence test can travel on to the target's type check. */
function isBareRef(schema: SchemaObject): boolean {
  return Object.keys(schema).every((keyword) => keyword === "$ref" || roleOf(keyword) !== "assertion");
}

/** Throws `unsupported_keyword` if the schema object says anything the compiler will not honour (schema/refusals.ts). */
function refuseUnsupported(ctx: CompileContext, schema: SchemaObject, pointer: Pointer): void {
  const refusal = refusalOf(schema, ctx.graph.node(pointer).dialect);
  if (refusal !== undefined) ctx.refuse(refusal.keyword, pointer, refusal.why);
}
