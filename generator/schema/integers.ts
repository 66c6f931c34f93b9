/**
 * Which `integer` locations hold 64-bit integers, and a schema number's exact value.
 *
 * Rust's `u64`/`i64` reach a schema as schemars writes them: `type: integer` with `format`
 * `uint64`/`int64` (`["integer", "null"]` for an `Option`). An integer whose bounds reach past
 * ±(2^53 − 1) is one too, whatever its format says. A binding whose `numbers.int64` is `bigint`
 * types, validates, sends and reads exactly these locations as `bigint`; every other number stays
 * a JavaScript number (docs/decisions.md, "Integers past ±(2^53 − 1)").
 */
import { isJsonObject, type JsonObject } from "../json.js";
import { unsafeDigitsAt } from "../../templates/runtime/core/json-reader.js";

/** How a binding reads the integers of its 64-bit locations (binding `numbers.int64`). */
export type Int64Reading = "number" | "bigint";

/** The `format` values that name a 64-bit integer (schemars, OpenAPI). */
export const INT64_FORMATS: ReadonlySet<string> = new Set(["int64", "uint64"]);

/** The integers each 64-bit `format` names: what a Rust u64 or i64 can hold. */
export const FORMAT_RANGES = {
  uint64: { low: 0n, high: 2n ** 64n - 1n },
  int64: { low: -(2n ** 63n), high: 2n ** 63n - 1n },
} as const satisfies Readonly<Record<string, { readonly low: bigint; readonly high: bigint }>>;

export type Int64Format = keyof typeof FORMAT_RANGES;

/** The 64-bit format a schema object names, if it names one. */
export function int64FormatOf(schema: JsonObject): Int64Format | undefined {
  return schema.format === "uint64" || schema.format === "int64" ? schema.format : undefined;
}

const BOUNDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const;

/**
 * Whether the schema object declares a 64-bit integer: its `type` is or lists `integer` (and not
 * `number`, which would admit fractions), and its `format` is a 64-bit one or a bound lies past
 * ±(2^53 − 1).
 */
export function isInt64Location(schema: unknown): boolean {
  if (!isJsonObject(schema)) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.includes("integer") || types.includes("number")) return false;
  if (typeof schema.format === "string" && INT64_FORMATS.has(schema.format)) return true;
  return BOUNDS.some((bound) => {
    const value = schema[bound];
    return typeof value === "number" && Math.abs(value) > Number.MAX_SAFE_INTEGER;
  });
}

/** Whether a binding holds a bigint at this schema object: bigint mode, at a 64-bit location. */
export function readsBigint(schema: unknown, int64: Int64Reading): boolean {
  return int64 === "bigint" && isInt64Location(schema);
}

/**
 * The exact value of the integer a schema holds at `container[key]`: the digits the schema's text
 * gave when the loader noticed them past the safe range (load/json.ts reads with readJson), else
 * the number itself. Undefined when the value is not an integer.
 */
export function schemaInteger(container: JsonObject | readonly unknown[], key: string | number): bigint | undefined {
  const value: unknown = (container as Record<string, unknown>)[key];
  if (typeof value !== "number" || !Number.isInteger(value)) return undefined;
  if (Number.isSafeInteger(value)) return BigInt(value);
  return BigInt(unsafeDigitsAt(container, String(key)) ?? value);
}
