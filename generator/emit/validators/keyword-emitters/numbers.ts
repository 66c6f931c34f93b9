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
import { bigintConstant, exactDivisor, exactOperand, numbersMeetBigint, numericTest, numericValue } from "./bigints.js";

/** Each bound: the comparison that fails a value, the one that passes it, and what a failure says. */
export const BOUNDS = [
  { keyword: "minimum", failsWith: "<", passesWith: ">=", says: "must be >=" },
  { keyword: "exclusiveMinimum", failsWith: "<=", passesWith: ">", says: "must be >" },
  { keyword: "maximum", failsWith: ">", passesWith: "<=", says: "must be <=" },
  { keyword: "exclusiveMaximum", failsWith: ">=", passesWith: "<", says: "must be <" },
] as const;

export function emitNumbers(k: KeywordEmit): Code {
  const n = numericValue(k.ctx, k.schema, k.value);
  const statements: Code[] = [];
  for (const bound of BOUNDS) {
    const limit = numberKeyword(k, bound.keyword);
    if (limit === undefined) continue;
    const { operand, text } = exactOperand(k.ctx, k.pointer, bound.keyword, limit);
    const comparison = comparisonOperator(bound.failsWith, n, operand);
    statements.push(
      fail(
        k.ctx,
        k.mode,
        comparison,
        { pointer: k.pointer, keyword: bound.keyword },
        said(`${bound.says} ${text}, got `, code`${n}`),
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
