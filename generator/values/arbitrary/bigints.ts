/**
 * The 64-bit integer locations of a bigint-mode binding (binding `numbers.int64: "bigint"`,
 * schema/integers.ts's `isInt64Location`): the bigints a case puts there and the ones that break
 * them. Bounds are read exactly (`schemaInteger`: the digits the schema's text gave), so u64::MAX
 * is u64::MAX, not the double nearest it. Where the schema sets no bound, the range is the one its
 * `format` names — u64 for `uint64`, i64 otherwise — which is what a Rust host can hold.
 */
import fc from "fast-check";
import type { JsonObject } from "../../json.js";
import { FORMAT_RANGES, schemaInteger } from "../../schema/integers.js";

export const U64_MAX = FORMAT_RANGES.uint64.high;
export const I64_MIN = FORMAT_RANGES.int64.low;
export const I64_MAX = FORMAT_RANGES.int64.high;
/** The first integer a double cannot hold exactly. */
const PAST_SAFE = 2n ** 53n + 1n;

/**
 * A schema value (`const`, an `enum` member, `default`, an example) at a 64-bit location, as a
 * case sends it: an integer as its exact bigint, anything else (a fraction, a string) as it is,
 * for the validator to judge.
 */
export function int64Sample(container: JsonObject | readonly unknown[], key: string | number): unknown {
  return schemaInteger(container, key) ?? (container as Record<string, unknown>)[key];
}

/** The range the format names where the schema sets no bound (a 64-bit location named by its bounds alone: i64's). */
function formatRange(schema: JsonObject): { low: bigint; high: bigint } {
  return schema.format === "uint64" ? FORMAT_RANGES.uint64 : FORMAT_RANGES.int64;
}

/** The bounds the schema sets, exclusive ones made inclusive; undefined where it sets none. */
export function declaredBounds(schema: JsonObject): { low: bigint | undefined; high: bigint | undefined } {
  const pick = (values: (bigint | undefined)[], choose: (a: bigint, b: bigint) => bigint): bigint | undefined =>
    values.reduce<bigint | undefined>(
      (best, value) => (value === undefined ? best : best === undefined ? value : choose(best, value)),
      undefined,
    );
  const plus = (value: bigint | undefined, by: bigint): bigint | undefined => (value === undefined ? undefined : value + by);
  return {
    low: pick([ceilOf(schema, "minimum"), plus(floorOf(schema, "exclusiveMinimum"), 1n)], (a, b) => (a > b ? a : b)),
    high: pick([floorOf(schema, "maximum"), plus(ceilOf(schema, "exclusiveMaximum"), -1n)], (a, b) => (a < b ? a : b)),
  };
}

/** The integers the schema admits: its bounds, else its format's range. */
export function int64Range(schema: JsonObject): { low: bigint; high: bigint } {
  const declared = declaredBounds(schema);
  const range = formatRange(schema);
  const low = declared.low ?? (declared.high !== undefined && declared.high < range.low ? declared.high - U64_MAX : range.low);
  const high = declared.high ?? (low > range.high ? low + U64_MAX : range.high);
  return { low, high };
}

/** The bigint `multipleOf` asks for, when it is a whole number above 1. */
export function int64Step(schema: JsonObject): bigint | undefined {
  const step = schemaInteger(schema, "multipleOf");
  return step !== undefined && step > 1n ? step : undefined;
}

/**
 * Bigints within the range, multiples of `multipleOf` when it is whole, a quarter of them the
 * extremes a careless host gets wrong (the range's ends and their neighbours, 0, 2^53 + 1,
 * u64::MAX, i64::MIN and i64::MAX) when the range holds them.
 */
export function bigIntegers(schema: JsonObject): fc.Arbitrary<bigint> {
  const { low, high } = int64Range(schema);
  const unit = int64Step(schema) ?? 1n;
  const kLow = divCeil(low, unit);
  const kHigh = divFloor(high, unit);
  if (kLow > kHigh) return fc.constant(low);
  const extremes = [low, low + 1n, high - 1n, high, 0n, PAST_SAFE, -PAST_SAFE, U64_MAX, I64_MIN, I64_MAX].filter(
    (value) => value >= kLow * unit && value <= kHigh * unit && value % unit === 0n,
  );
  const unique = [...new Set(extremes)];
  const drawn = fc.bigInt({ min: kLow, max: kHigh }).map((k) => k * unit);
  return unique.length === 0
    ? drawn
    : fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...unique) }, { weight: 3, arbitrary: drawn });
}

function ceilOf(schema: JsonObject, keyword: string): bigint | undefined {
  const exact = schemaInteger(schema, keyword);
  if (exact !== undefined) return exact;
  const value = schema[keyword];
  return typeof value === "number" && Number.isFinite(value) ? BigInt(Math.ceil(value)) : undefined;
}

function floorOf(schema: JsonObject, keyword: string): bigint | undefined {
  const exact = schemaInteger(schema, keyword);
  if (exact !== undefined) return exact;
  const value = schema[keyword];
  return typeof value === "number" && Number.isFinite(value) ? BigInt(Math.floor(value)) : undefined;
}

function divFloor(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

export function divCeil(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n === b < 0n ? q + 1n : q;
}
