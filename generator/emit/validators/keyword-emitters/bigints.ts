/**
 * What the binding's `numbers.int64: "bigint"` asks of the validators (schema/integers.ts): at a
 * 64-bit integer location the value is a `bigint`, and anywhere a bigint can arrive, numbers
 * compare exactly. This module holds those rules for the keyword emitters; in "number" mode
 * none of it runs, so that output stays what it always was.
 */
import { isJsonObject, type Pointer } from "../../../json.js";
import { readsBigint as readsBigintAt, schemaInteger } from "../../../schema/integers.js";
import { code, type Code } from "../../code.js";
import type { CompileContext } from "../context.js";
import type { SchemaObject } from "./emit.js";

/** Whether the value at this schema object is read as a bigint: bigint mode, and a 64-bit integer location. */
export function readsBigint(ctx: CompileContext, schema: SchemaObject): boolean {
  return readsBigintAt(schema, ctx.int64);
}

/**
 * Whether, in bigint mode, a bigint can reach this schema object's keywords without it being a
 * 64-bit location: only when it declares no `type` (an allOf sibling of a u64, a `not` branch),
 * since every declared type but a 64-bit `integer` refuses a bigint first.
 */
export function bigintMayArrive(ctx: CompileContext, schema: SchemaObject): boolean {
  return ctx.int64 === "bigint" && !Object.hasOwn(schema, "type");
}

/**
 * The exact integer a schema holds (schemaInteger): at `key` of the schema object at `pointer`,
 * or of its `within` keyword's value (`enum`'s array). Read from the object as the loader read
 * it, not a dialect's view of it: a view may be a copy, which the loader's digits do not follow.
 */
export function exactInteger(ctx: CompileContext, pointer: Pointer, key: string | number, within?: string): bigint | undefined {
  const schema = ctx.graph.node(pointer).written;
  if (!isJsonObject(schema)) return undefined;
  const container = within === undefined ? schema : schema[within];
  if (!isJsonObject(container) && !Array.isArray(container)) return undefined;
  return schemaInteger(container, key);
}

/** A bigint as a module constant, built once from its digits (exact at any size). */
export function bigintConstant(ctx: CompileContext, value: bigint): Code {
  return ctx.hoist(`bigint:${value}`, "bigint", () => bigintExpression(value));
}

/**
 * A bigint as an expression, for the initialiser of another module constant: constants are
 * declared in name order, so one may not read another (it could still be uninitialised).
 */
export function bigintExpression(value: bigint): Code {
  return code`BigInt(${value.toString()})`;
}

/**
 * A numeric keyword's value as the comparison operand: in bigint mode an integer past
 * ±(2^53 − 1) is the bigint of the digits the schema wrote (the number was rounded when read);
 * every other value is its number literal, as relational operators between a bigint and a
 * number compare exactly. `text` is what a message prints.
 */
export function exactOperand(
  ctx: CompileContext,
  pointer: Pointer,
  keyword: string,
  value: number,
): { readonly operand: Code | number; readonly text: string } {
  if (ctx.int64 !== "bigint" || !Number.isInteger(value) || Number.isSafeInteger(value))
    return { operand: value, text: `${value}` };
  const exact = exactInteger(ctx, pointer, keyword) ?? BigInt(value);
  return { operand: bigintConstant(ctx, exact), text: exact.toString() };
}

/**
 * What the numeric keywords of this schema object can meet once its `type` passed: a bigint at a
 * 64-bit location, a number or a bigint where no `type` is declared, else a number (every other
 * `type` refuses a bigint, and a 64-bit one refuses a number).
 */
function numericKind(ctx: CompileContext, schema: SchemaObject): "number" | "bigint" | "either" {
  if (readsBigint(ctx, schema)) return "bigint";
  return bigintMayArrive(ctx, schema) ? "either" : "number";
}

/** Whether the numeric keywords of this schema object can meet a bigint (numericKind). */
export function numbersMeetBigint(ctx: CompileContext, schema: SchemaObject): boolean {
  return numericKind(ctx, schema) !== "number";
}

/** The guard of the numeric keywords (numericKind). NaN passes it: the `type` keyword is what rejects NaN. */
export function numericTest(ctx: CompileContext, schema: SchemaObject, value: Code): Code {
  switch (numericKind(ctx, schema)) {
    case "number":
      return code`typeof ${value} === "number"`;
    case "bigint":
      return code`typeof ${value} === "bigint"`;
    case "either":
      return code`(typeof ${value} === "number" || typeof ${value} === "bigint")`;
  }
}

/** The value as the numeric keywords see it once the guard passed. */
export function numericValue(ctx: CompileContext, schema: SchemaObject, value: Code): Code {
  switch (numericKind(ctx, schema)) {
    case "number":
      return code`(${value} as number)`;
    case "bigint":
      return code`(${value} as bigint)`;
    case "either":
      return code`(${value} as number | bigint)`;
  }
}

/**
 * The comparands of a `const`/`enum` member, for `===` or a Set: in bigint mode an integer is its
 * bigint where the value is read as one, and both its number and its bigint where a bigint may
 * arrive untyped; any other member is itself. The bigint comes from the schema's digits.
 */
export function memberForms(ctx: CompileContext, schema: SchemaObject, member: unknown): "number" | "bigint" | "both" {
  if (typeof member !== "number" || !Number.isInteger(member)) return "number";
  if (readsBigint(ctx, schema)) return "bigint";
  return bigintMayArrive(ctx, schema) ? "both" : "number";
}

/** The multipleOf divisor as digits and a scale: `digits / 10^scale`, read from the schema's text. */
export function exactDivisor(
  ctx: CompileContext,
  pointer: Pointer,
  divisor: number,
): { readonly digits: bigint; readonly scale: number } {
  const integral = Number.isInteger(divisor) ? exactInteger(ctx, pointer, "multipleOf") : undefined;
  if (integral !== undefined) return { digits: integral, scale: 0 };
  // String(d) is the shortest decimal that reads back as d: the number as the JSON text wrote it.
  const text = String(divisor);
  const e = text.indexOf("e");
  const mantissa = e === -1 ? text : text.slice(0, e);
  let exponent = e === -1 ? 0 : Number(text.slice(e + 1));
  const dot = mantissa.indexOf(".");
  if (dot !== -1) exponent -= mantissa.length - dot - 1;
  const digits = BigInt(dot === -1 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1));
  return exponent >= 0 ? { digits: digits * 10n ** BigInt(exponent), scale: 0 } : { digits, scale: -exponent };
}
