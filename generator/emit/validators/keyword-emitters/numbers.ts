/**
 * Numeric assertions; they apply to numbers only (the guard) — in bigint mode to bigints too
 * (bigints.ts) — and compare exactly as JSON does.
 */
import { BindgenError } from "../../../errors.js";
import { appendPointer } from "../../../json.js";
import { code, type Code } from "../../code.js";
import { fail, said } from "../mode.js";
import { keywordValue, type KeywordEmit } from "./emit.js";
import { guarded } from "./guard.js";
import { FORMAT_RANGES, int64FormatOf } from "../../../schema/integers.js";
import type { CompileContext } from "../context.js";
import type { Pointer } from "../../../json.js";
import type { SchemaObject } from "./emit.js";
import {
  bigintConstant,
  exactDivisor,
  exactOperand,
  numbersMeetBigint,
  numericTest,
  numericValue,
  readsBigint,
} from "./bigints.js";

/** Each bound: the comparison that fails a value, the one that passes it, and what a failure says. */
export const BOUNDS = [
  { keyword: "minimum", failsWith: "<", passesWith: ">=", says: "must be >=" },
  { keyword: "exclusiveMinimum", failsWith: "<=", passesWith: ">", says: "must be >" },
  { keyword: "maximum", failsWith: ">", passesWith: "<=", says: "must be <=" },
  { keyword: "exclusiveMaximum", failsWith: ">=", passesWith: "<", says: "must be <" },
] as const;

/** A bound a value must keep: the comparison that fails it, against what, and what a failure says. */
export interface AssertedBound {
  readonly keyword: string;
  readonly failsWith: "<" | "<=" | ">" | ">=";
  readonly operand: Code | number;
  readonly says: string;
}

/**
 * The bounds the schema object asserts: its own (`minimum` …), and, at a 64-bit location of a
 * bigint-mode binding, the range its `format` names on each side the schema leaves open (u64::MAX
 * for a `uint64`): the value is typed `bigint` because a Rust u64 or i64 holds it, which a bigint
 * past that range could never be. A bound that is no finite number is left out (emitNumbers refuses it).
 */
export function assertedBounds(ctx: CompileContext, pointer: Pointer, schema: SchemaObject): AssertedBound[] {
  const asserted: AssertedBound[] = [];
  for (const bound of BOUNDS) {
    const limit = schema[bound.keyword];
    if (typeof limit !== "number" || !Number.isFinite(limit)) continue;
    const { operand, text } = exactOperand(ctx, pointer, bound.keyword, limit);
    asserted.push({ keyword: bound.keyword, failsWith: bound.failsWith, operand, says: `${bound.says} ${text}` });
  }
  const format = readsBigint(ctx, schema) ? int64FormatOf(schema) : undefined;
  if (format === undefined) return asserted;
  const { low, high } = FORMAT_RANGES[format];
  const range = `must be within the ${format} range, ${low} to ${high}`;
  const open = (keywords: readonly string[]): boolean => keywords.every((keyword) => !Object.hasOwn(schema, keyword));
  if (open(["minimum", "exclusiveMinimum"]))
    asserted.push({ keyword: "format", failsWith: "<", operand: bigintConstant(ctx, low), says: range });
  if (open(["maximum", "exclusiveMaximum"]))
    asserted.push({ keyword: "format", failsWith: ">", operand: bigintConstant(ctx, high), says: range });
  return asserted;
}

export function emitNumbers(k: KeywordEmit): Code {
  const n = numericValue(k.ctx, k.schema, k.value);
  const statements: Code[] = [];
  // A bound that is not a finite number is the schema's error, refused here with its place.
  for (const bound of BOUNDS) numberKeyword(k, bound.keyword);
  for (const bound of assertedBounds(k.ctx, k.pointer, k.schema)) {
    statements.push(
      fail(
        k.ctx,
        k.mode,
        comparisonOperator(bound.failsWith, n, bound.operand),
        { pointer: k.pointer, keyword: bound.keyword },
        said(`${bound.says}, got `, code`${n}`),
      ),
    );
  }
  const divisor = numberKeyword(k, "multipleOf");
  if (divisor !== undefined) {
    if (divisor <= 0) throw badValue(k, "multipleOf", "must be greater than 0");
    const { test, text } = multipleOfMiss(k, n, divisor);
    statements.push(
      fail(
        k.ctx,
        k.mode,
        test,
        { pointer: k.pointer, keyword: "multipleOf" },
        said(`must be a multiple of ${text}, got `, code`${n}`),
      ),
    );
  }
  return guarded(k.known, "number", k.value, statements, numericTest(k.ctx, k.schema, k.value));
}

/**
 * When the value is no multiple of the divisor. In bigint mode a bigint is tested on integers
 * (`%` between a bigint and a number throws): the divisor's exact digits and decimal scale are
 * worked out now, from the schema.
 */
function multipleOfMiss(k: KeywordEmit, n: Code, divisor: number): { readonly test: Code; readonly text: string } {
  if (!numbersMeetBigint(k.ctx, k.schema))
    return { test: code`!${k.ctx.helper("isMultipleOf")}(${n}, ${divisor})`, text: `${divisor}` };
  const { digits, scale } = exactDivisor(k.ctx, k.pointer, divisor);
  const exact = bigintConstant(k.ctx, digits);
  const text = scale === 0 ? digits.toString() : `${divisor}`;
  return { test: code`!${k.ctx.helper("isMultipleOfExact")}(${n}, ${divisor}, ${exact}, ${scale})`, text };
}

/** The comparison is chosen from a fixed set of operators, so no schema text reaches it. */
export function comparisonOperator(operator: "<" | "<=" | ">" | ">=", n: Code, limit: Code | number): Code {
  switch (operator) {
    case "<":
      return code`${n} < ${limit}`;
    case "<=":
      return code`${n} <= ${limit}`;
    case ">":
      return code`${n} > ${limit}`;
    case ">=":
      return code`${n} >= ${limit}`;
  }
}

export function numberKeyword(k: KeywordEmit, keyword: string): number | undefined {
  const value = keywordValue(k.schema, keyword);
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value)) throw badValue(k, keyword, "must be a number");
  return value;
}

/** A count keyword (minLength, maxItems…): a non-negative integer. */
export function countKeyword(k: KeywordEmit, keyword: string): number | undefined {
  const value = numberKeyword(k, keyword);
  if (value !== undefined && (!Number.isInteger(value) || value < 0))
    throw badValue(k, keyword, "must be a non-negative integer");
  return value;
}

export function badValue(k: KeywordEmit, keyword: string, why: string): BindgenError {
  return new BindgenError("meta_schema", `${keyword} ${why}`, {
    file: k.ctx.graph.file,
    pointer: appendPointer(k.pointer, keyword),
    keyword,
  });
}
