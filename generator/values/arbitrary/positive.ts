/**
 * JSON Schema → a fast-check arbitrary of values the schema accepts: the positive cases. Built
 * from the keywords contracts use (type, enum/const, properties/required/additionalProperties,
 * items/prefixItems/minItems/maxItems/uniqueItems, string lengths and patterns, number bounds
 * and multipleOf, anyOf/oneOf, `$ref`), with every bound's boundary values, the schema's own
 * `default` and `examples`, strings and arrays from empty to a few hundred units, any code
 * point. Formats are annotations: some strings are shaped like the format, the rest are not.
 * Keywords it does not build for (not, if, unevaluated*, …, allOf beyond its first member)
 * give values that may fail the validator; the caller checks each value and skips those.
 * In bigint mode (binding `numbers.int64`), a 64-bit location's integers are bigints, exact.
 */
import fc from "fast-check";
import { appendPointer, canonicalJson, isJsonObject, type JsonObject, type Pointer } from "../../json.js";
import type { SchemaGraph } from "../../resolve/index.js";
import { readsBigint, type Int64Reading } from "../../schema/integers.js";
import { bigIntegers, int64Sample } from "./bigints.js";
import { child, locate, numberAt, propertyNames, requiredOf, typesOf, type JsonType, type Located } from "./reading.js";
import { formatArbitrary, stringArbitrary } from "./strings.js";

/** Past this nesting, objects keep their required keys only and arrays their fewest items. */
const MAX_DEPTH = 6;
/** The most items a generated array has ("a few hundred"). */
export const MAX_ITEMS = 200;
/** The integer range used where the schema sets no bound of its own. */
const INT32 = 2 ** 31;

export class PositiveArbitraries {
  readonly #graph: SchemaGraph;
  readonly #memo = new Map<string, fc.Arbitrary<unknown>>();
  readonly #int64: Int64Reading;

  constructor(graph: SchemaGraph, int64: Int64Reading = "number") {
    this.#graph = graph;
    this.#int64 = int64;
  }

  /** Values the schema at `at` accepts. */
  of(at: Pointer, depth = 0): fc.Arbitrary<unknown> {
    const key = `${Math.min(depth, MAX_DEPTH)} ${at}`;
    let arbitrary = this.#memo.get(key);
    if (arbitrary === undefined) {
      arbitrary = this.#valueOf(locate(this.#graph, at), depth);
      this.#memo.set(key, arbitrary);
    }
    return arbitrary;
  }

  #valueOf({ schema, at }: Located, depth: number): fc.Arbitrary<unknown> {
    if (schema === false) return fc.constant(null);
    const base = this.#byKeywords(schema, at, depth);
    const bigint = readsBigint(schema, this.#int64);
    const samples = [
      ...(Object.hasOwn(schema, "default") ? [bigint ? int64Sample(schema, "default") : schema.default] : []),
      ...(Array.isArray(schema.examples) ? schema.examples.map((_, i, all) => (bigint ? int64Sample(all, i) : all[i])) : []),
    ];
    return samples.length === 0
      ? base
      : fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...samples) }, { weight: 4, arbitrary: base });
  }

  #byKeywords(schema: JsonObject, at: Pointer, depth: number): fc.Arbitrary<unknown> {
    const bigint = readsBigint(schema, this.#int64);
    if (Object.hasOwn(schema, "const")) return fc.constant(bigint ? int64Sample(schema, "const") : schema.const);
    if (Array.isArray(schema.enum) && schema.enum.length > 0) {
      const members = schema.enum;
      return fc.constantFrom(...(bigint ? members.map((_, i) => int64Sample(members, i)) : members));
    }
    for (const keyword of ["anyOf", "oneOf"] as const) {
      const branches = schema[keyword];
      if (Array.isArray(branches) && branches.length > 0) {
        return fc.oneof(...branches.map((_, i) => this.#valueOf(child(this.#graph, at, keyword, i), depth + 1)));
      }
    }
    // allOf: its first member, the rest left to the validator (contracts wrap a $ref in it).
    if (Array.isArray(schema.allOf) && schema.allOf.length > 0 && typesOf(schema) === undefined) {
      return this.#valueOf(child(this.#graph, at, "allOf", 0), depth + 1);
    }
    const types = typesOf(schema);
    if (types === undefined) return anyJson(depth);
    const each = types.map((type) => this.#byType(type, schema, at, depth));
    return each.length === 1 ? (each[0] as fc.Arbitrary<unknown>) : fc.oneof(...each);
  }

  #byType(type: JsonType, schema: JsonObject, at: Pointer, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer":
        if (readsBigint(schema, this.#int64)) return bigIntegers(schema);
        return integers(schema) ?? fc.constant(integerBounds(schema).min ?? 0);
      case "number": {
        const whole = integers(schema);
        return whole === undefined ? doubles(schema) : fc.oneof(whole, doubles(schema));
      }
      case "string":
        return strings(schema);
      case "array":
        return this.#arrays(schema, at, depth);
      case "object":
        return this.#objects(schema, at, depth);
    }
  }

  #arrays(schema: JsonObject, at: Pointer, depth: number): fc.Arbitrary<unknown> {
    const prefix = Array.isArray(schema.prefixItems)
      ? schema.prefixItems.map((_, i) => this.of(appendPointer(at, "prefixItems", i), depth + 1))
      : [];
    const item =
      schema.items === false
        ? undefined
        : isJsonObject(schema.items)
          ? this.of(appendPointer(at, "items"), depth + 1)
          : anyJson(depth + 1);
    const minItems = Math.max(0, numberAt(schema, "minItems") ?? 0);
    const declaredMax = numberAt(schema, "maxItems");
    const maxItems = Math.min(
      declaredMax ?? minItems + MAX_ITEMS,
      minItems + MAX_ITEMS,
      depth >= MAX_DEPTH ? minItems : Infinity,
    );
    const rest = (min: number, max: number, size?: "max"): fc.Arbitrary<unknown[]> => {
      if (item === undefined) return fc.constant([]);
      const bounds = {
        minLength: Math.max(0, min - prefix.length),
        maxLength: Math.max(0, max - prefix.length),
        ...(size ? { size } : {}),
      };
      return schema.uniqueItems === true ? fc.uniqueArray(item, { ...bounds, selector: canonicalJson }) : fc.array(item, bounds);
    };
    const lengths: fc.Arbitrary<unknown[]>[] = [rest(minItems, Math.min(maxItems, minItems + 8)), rest(minItems, minItems)];
    if (maxItems > minItems + 8) lengths.push(rest(minItems, maxItems, "max"));
    if (declaredMax !== undefined && declaredMax <= maxItems) lengths.push(rest(declaredMax, declaredMax));
    const tail = fc.oneof(...lengths);
    return prefix.length === 0 ? tail : fc.tuple(fc.tuple(...prefix), tail).map(([head, more]) => [...head, ...more]);
  }

  #objects(schema: JsonObject, at: Pointer, depth: number): fc.Arbitrary<unknown> {
    const names = propertyNames(schema);
    const required = requiredOf(schema);
    const deep = depth >= MAX_DEPTH;
    const shape: Record<string, fc.Arbitrary<unknown>> = {};
    for (const name of names) {
      if (deep && !required.includes(name)) continue;
      shape[name] = this.of(appendPointer(at, "properties", name), depth + 1);
    }
    const extraValue = isJsonObject(schema.additionalProperties)
      ? this.of(appendPointer(at, "additionalProperties"), depth + 1)
      : EXTRA_VALUE;
    // A required key no property describes still needs a value; the validator has the last word.
    for (const name of required) if (!Object.hasOwn(shape, name)) shape[name] = extraValue;
    const record = fc.record(shape, { requiredKeys: required.filter((name) => Object.hasOwn(shape, name)) });
    const closed = schema.additionalProperties === false || "patternProperties" in schema || "propertyNames" in schema;
    if (closed || deep) return record;
    const extraName = fc
      .string({ unit: "grapheme-ascii", minLength: 1, maxLength: 12 })
      .filter((name) => !Object.hasOwn(shape, name) && name !== "__proto__");
    const extras = fc.dictionary(extraName, extraValue, { maxKeys: 3 });
    // An open object takes keys the schema does not name: a host must too.
    return fc.oneof(
      { weight: 4, arbitrary: record },
      { weight: 1, arbitrary: fc.tuple(record, extras).map(([declared, extra]) => ({ ...extra, ...declared })) },
    );
  }
}

/**
 * What an undeclared key of an open object holds: a scalar or an empty container. The host is
 * to keep or ignore it, whatever it is; a deep value would only cost the draw.
 */
const EXTRA_VALUE: fc.Arbitrary<unknown> = fc.oneof(
  fc.boolean(),
  fc.integer(),
  fc.string({ maxLength: 8 }),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);

/** Any JSON value, smaller the deeper it sits. */
function anyJson(depth: number): fc.Arbitrary<unknown> {
  return depth >= MAX_DEPTH ? fc.constant(null) : fc.jsonValue({ maxDepth: Math.max(0, 2 - Math.floor(depth / 2)) });
}

/** The bounds a schema sets on a number, exclusive ones made inclusive for integers. */
function integerBounds(schema: JsonObject): { min: number | undefined; max: number | undefined } {
  const min = numberAt(schema, "minimum");
  const exclusiveMin = numberAt(schema, "exclusiveMinimum");
  const max = numberAt(schema, "maximum");
  const exclusiveMax = numberAt(schema, "exclusiveMaximum");
  const lows = [
    min === undefined ? undefined : Math.ceil(min),
    exclusiveMin === undefined ? undefined : Math.floor(exclusiveMin) + 1,
  ];
  const highs = [
    max === undefined ? undefined : Math.floor(max),
    exclusiveMax === undefined ? undefined : Math.ceil(exclusiveMax) - 1,
  ];
  const defined = (values: (number | undefined)[]): number[] => values.filter((v): v is number => v !== undefined);
  const low = defined(lows);
  const high = defined(highs);
  return { min: low.length > 0 ? Math.max(...low) : undefined, max: high.length > 0 ? Math.min(...high) : undefined };
}

/**
 * Whole numbers within the bounds, their boundaries included, multiples of multipleOf when it is
 * whole; undefined when the bounds hold none.
 */
function integers(schema: JsonObject): fc.Arbitrary<number> | undefined {
  const { min, max } = integerBounds(schema);
  const step = numberAt(schema, "multipleOf");
  const unit = step !== undefined && Number.isInteger(step) && step > 0 ? step : 1;
  const low = Math.ceil((min ?? (max === undefined ? -INT32 : max - 2 * INT32)) / unit);
  const high = Math.floor((max ?? (min === undefined ? INT32 - 1 : min + 2 * INT32)) / unit);
  if (low > high) return undefined;
  const safeLow = Math.max(low, Math.ceil(Number.MIN_SAFE_INTEGER / unit));
  const safeHigh = Math.min(high, Math.floor(Number.MAX_SAFE_INTEGER / unit));
  const boundaries = [safeLow, safeLow + 1, safeHigh - 1, safeHigh, 0].filter((k) => k >= safeLow && k <= safeHigh);
  return fc
    .oneof(
      { weight: 1, arbitrary: fc.constantFrom(...boundaries) },
      { weight: 3, arbitrary: fc.integer({ min: safeLow, max: safeHigh }) },
    )
    .map((k) => k * unit);
}

/** Finite doubles within the bounds (JSON has no NaN or Infinity). */
function doubles(schema: JsonObject): fc.Arbitrary<number> {
  const min = numberAt(schema, "minimum") ?? numberAt(schema, "exclusiveMinimum");
  const max = numberAt(schema, "maximum") ?? numberAt(schema, "exclusiveMaximum");
  return fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(min === undefined ? {} : { min, minExcluded: numberAt(schema, "minimum") === undefined }),
    ...(max === undefined ? {} : { max, maxExcluded: numberAt(schema, "maximum") === undefined }),
  });
}

function strings(schema: JsonObject): fc.Arbitrary<string> {
  const plain = stringArbitrary(schema);
  const format = typeof schema.format === "string" ? formatArbitrary(schema.format) : undefined;
  return format === undefined ? plain : fc.oneof({ weight: 2, arbitrary: format }, { weight: 1, arbitrary: plain });
}
