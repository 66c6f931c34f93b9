/**
 * A subschema that is only a few checks on one value — `type`, `enum`, `const`, numeric bounds,
 * string lengths, `pattern`, or a `$ref` to such a schema — as one boolean expression that is
 * true when the value misses it. anyOf and oneOf ask their branches with it instead of calling
 * each branch's `is` function: Rust's `Option<Enum>` is `oneOf [{$ref: Enum}, {type: null}]`, and
 * two calls per value cost more than the checks themselves. Anything else gives undefined, and
 * the caller calls the function. Misses, not matches, so that the caller joins them with `&&`
 * (see `typeMiss` in guard.ts for why no `!(a || b)` is written).
 *
 * Every operand is parenthesised where it is joined (`anyOf`, `guard`), and what leafMiss
 * returns is one group: minLength's miss `a || (b && c)`, joined unparenthesised after its type
 * test, read `(string && a) || (b && c)`, and `b` ran on null (issue 34). The formatter drops
 * the parentheses that change nothing.
 */
import { appendPointer, type Pointer } from "../../../json.js";
import { code, join, type Code } from "../../code.js";
import type { CompileContext } from "../context.js";
import { roleOf } from "../keyword-roles.js";
import { keywordValue, type SchemaObject } from "./emit.js";
import { assertedBounds, BOUNDS, comparisonOperator } from "./numbers.js";
import { refTarget } from "./ref.js";
import { regexFor } from "./strings.js";
import { typeCheck } from "./type.js";
import { constMisses, primitiveMisses, valuesImplyType } from "./values.js";
import { numericTest, numericValue } from "./bigints.js";

/** Keywords a leaf may hold besides annotations; anything else asks for the function. */
const LEAF_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "enum",
  "const",
  ...BOUNDS.map((bound) => bound.keyword),
  "minLength",
  "maxLength",
  "pattern",
  "$ref",
]);

/** `$ref` chains followed before giving up (a chain of bare references could otherwise loop). */
const MAX_REFS = 8;

/**
 * The miss of a schema no value misses (`true`, annotations only). Its callers drop what it
 * would guard: an anyOf with such a branch always holds, and `if (false && …)` is code no value
 * reaches (allowUnreachableCode refuses it).
 */
export const NEVER_MISSES: Code = code`false`;

export function leafMiss(ctx: CompileContext, pointer: Pointer, raw: unknown, value: Code, refs = 0): Code | undefined {
  if (raw === true) return NEVER_MISSES;
  if (raw === false) return code`true`;
  const schema = ctx.graph.node(pointer).schema;
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return undefined;
  const s = schema as SchemaObject;
  const keywords = Object.keys(s).filter((keyword) => roleOf(keyword) !== "annotation");
  if (!keywords.every((keyword) => LEAF_KEYWORDS.has(keyword))) return undefined;
  // Each entry is true when the value misses one keyword; the value misses the schema when any is.
  const misses: Code[] = [];
  const ref = keywordValue(s, "$ref");
  if (ref !== undefined) {
    if (refs >= MAX_REFS) return undefined;
    const target = refTarget(ctx, pointer, ref);
    const miss = leafMiss(ctx, target, ctx.graph.node(target).written, value, refs + 1);
    if (miss === undefined) return undefined;
    if (miss !== NEVER_MISSES) misses.push(miss);
  }
  const type = typeCheck(ctx, s, pointer, value);
  // Parenthesised: `type`'s own miss may be a `&&` or `||` chain, and it is joined with `||` here.
  if (type.failsWhen !== undefined && !valuesImplyType(s, ctx.int64)) misses.push(code`(${type.failsWhen})`);
  const values = valueMiss(ctx, pointer, s, value);
  if (values === undefined) return undefined;
  if (values !== null) misses.push(values);
  const only = type.known.size === 1;
  const numbers = numberMisses(ctx, pointer, s, value);
  if (numbers.length > 0) misses.push(guard(only && type.known.has("number"), numericTest(ctx, s, value), numbers));
  const strings = stringMisses(ctx, pointer, s, value);
  if (strings === undefined) return undefined;
  if (strings.length > 0) misses.push(guard(only && type.known.has("string"), code`typeof ${value} === "string"`, strings));
  if (misses.length === 0) return NEVER_MISSES;
  return anyMiss(misses);
}

/** True when any miss is: one group, each operand its own group, whatever operators it holds. */
function anyMiss(misses: readonly Code[]): Code {
  return code`(${join(
    misses.map((miss) => code`(${miss})`),
    code` || `,
  )})`;
}

/** `(of that type && (a miss))`, or just the misses when the type is certain. */
function guard(certain: boolean, ofType: Code, misses: readonly Code[]): Code {
  const any = anyMiss(misses);
  return certain ? any : code`((${ofType}) && ${any})`;
}

/** The enum/const miss; null when there is neither, undefined when a member is a container (deepEqual: call the function). */
function valueMiss(ctx: CompileContext, pointer: Pointer, s: SchemaObject, value: Code): Code | null | undefined {
  let each: Code[];
  if (Object.hasOwn(s, "const")) {
    const expected = s.const;
    if (expected !== null && typeof expected === "object") return undefined;
    each = constMisses(ctx, pointer, s, expected as string | number | boolean | null, value);
  } else {
    const members = keywordValue(s, "enum");
    if (members === undefined) return null;
    if (!Array.isArray(members) || members.some((member) => member !== null && typeof member === "object")) return undefined;
    // The enum keyword's own misses (values.ts): a Set of many members is the same constant.
    each = primitiveMisses(ctx, pointer, s, members, value);
  }
  if (each.length === 0) return code`true`;
  return code`(${join(
    each.map((miss) => code`(${miss})`),
    code` && `,
  )})`;
}

function numberMisses(ctx: CompileContext, pointer: Pointer, s: SchemaObject, value: Code): Code[] {
  const n = numericValue(ctx, s, value);
  return assertedBounds(ctx, pointer, s).map((bound) => comparisonOperator(bound.failsWith, n, bound.operand));
}

function stringMisses(ctx: CompileContext, pointer: Pointer, s: SchemaObject, value: Code): Code[] | undefined {
  const text = code`(${value} as string)`;
  const misses: Code[] = [];
  const count = (keyword: string): number | undefined | false => {
    const limit = keywordValue(s, keyword);
    if (limit === undefined) return undefined;
    return typeof limit === "number" && Number.isInteger(limit) && limit >= 0 ? limit : false;
  };
  const min = count("minLength");
  const max = count("maxLength");
  // A malformed bound is reported by the function's own compilation.
  if (min === false || max === false) return undefined;
  if (min !== undefined && min > 0) {
    const codePoints = ctx.helper("codePoints");
    misses.push(code`${text}.length < ${min} || (${text}.length < ${min * 2} && ${codePoints}(${text}) < ${min})`);
  }
  if (max !== undefined) misses.push(code`(${text}.length > ${max} && ${ctx.helper("codePoints")}(${text}) > ${max})`);
  const pattern = keywordValue(s, "pattern");
  if (pattern !== undefined) misses.push(code`!${regexFor({ ctx }, appendPointer(pointer, "pattern"), pattern)}.test(${text})`);
  return misses;
}
