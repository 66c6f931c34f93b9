/**
 * The negative cases' plans: each breaks exactly one constraint of a params schema, at one place
 * (a required key dropped, a wrong type, a bound crossed by one, an enum outsider, an extra key
 * where the object is closed, too few or too many items), found by walking the schema through
 * properties (optional ones made present) and array items. A subschema under a combinator
 * (anyOf, oneOf, allOf, not) is left alone: breaking one branch may satisfy another. At the root
 * the wrong type is an array: the one value both wire protocols carry as params that is not an
 * object. Descriptions never quote a value, so a secret cannot reach a report through them.
 * In bigint mode a 64-bit location's bounds are crossed by bigints, exactly, and its format's
 * range too where the schema sets no bound (u64::MAX + 1 for a `uint64`).
 */
import { appendPointer, isJsonObject, type JsonObject, type Pointer } from "../../json.js";
import type { SchemaGraph } from "../../resolve/index.js";
import { FORMAT_RANGES, int64FormatOf, readsBigint, schemaInteger, type Int64Reading } from "../../schema/integers.js";
import { declaredBounds, divCeil, int64Range, int64Step } from "./bigints.js";
import { admits, jsonTypeOf, locate, numberAt, propertyNames, requiredOf, typesOf, type JsonType } from "./reading.js";

export type PathStep = { readonly kind: "property"; readonly name: string } | { readonly kind: "item" };

export type Break =
  | { readonly kind: "drop"; readonly name: string }
  | { readonly kind: "extra"; readonly name: string }
  | { readonly kind: "replace"; readonly value: unknown }
  | { readonly kind: "length"; readonly length: number }
  | { readonly kind: "items"; readonly count: number };

export interface Mutation {
  /** From the params root to the value broken. */
  readonly path: readonly PathStep[];
  /** The schema of the value broken, its `$ref`s followed. */
  readonly at: Pointer;
  readonly break: Break;
  /** Where and what, e.g. `/steps: 21 items, over maxItems 20`. */
  readonly description: string;
}

const MAX_DEPTH = 4;
const COMBINATORS = ["anyOf", "oneOf", "allOf", "not", "if"];
/** A key no schema of ours declares, for a closed object. */
export const EXTRA_KEY = "conform_extra_key";
/** A string no enum of a real contract holds. */
const OUTSIDER = "conform-outsider";
/** Strings tried, in order, for one that a pattern does not match. */
const PATTERN_MISSES = ["", " ", "!", "\u0000", "0", "a", "A", "-", "conform outsider ✗"];

/** One value of each JSON type, tried in order for a type the schema does not admit. */
const WRONG_TYPES: readonly unknown[] = ["0", 0, 0.5, true, null, [], {}];

/** `int64`: how the binding reads its 64-bit locations; in bigint mode they are broken with bigints. */
export function mutationsOf(graph: SchemaGraph, params: Pointer, int64: Int64Reading = "number"): Mutation[] {
  return walk(graph, params, [], 0, int64);
}

function walk(graph: SchemaGraph, at: Pointer, path: readonly PathStep[], depth: number, int64: Int64Reading): Mutation[] {
  const located = locate(graph, at);
  const { schema } = located;
  if (schema === false || COMBINATORS.some((keyword) => keyword in schema)) return [];
  const found: Mutation[] = [];
  const add = (broken: Break, what: string): void => {
    found.push({ path, at: located.at, break: broken, description: `${render(path)}: ${what}` });
  };
  const types = typesOf(schema);
  if (types !== undefined) wrongType(types, path.length === 0, add);
  if (path.length > 0) outsiders(schema, types, add);
  if (types === undefined || types.includes("string")) stringBounds(schema, add);
  if (readsBigint(schema, int64)) int64Bounds(schema, add);
  else if (types === undefined || types.some((t) => t === "number" || t === "integer")) numberBounds(schema, types ?? [], add);
  if (depth >= MAX_DEPTH) return found;
  if (types?.includes("array")) {
    const minItems = numberAt(schema, "minItems");
    const maxItems = numberAt(schema, "maxItems");
    if (minItems !== undefined && minItems > 0)
      add({ kind: "items", count: minItems - 1 }, `${minItems - 1} items, under minItems ${minItems}`);
    if (maxItems !== undefined) add({ kind: "items", count: maxItems + 1 }, `${maxItems + 1} items, over maxItems ${maxItems}`);
    if (isJsonObject(schema.items) && maxItems !== 0) {
      found.push(...walk(graph, appendPointer(located.at, "items"), [...path, { kind: "item" }], depth + 1, int64));
    }
  }
  if (types?.includes("object")) {
    for (const name of requiredOf(schema)) add({ kind: "drop", name }, `required key ${JSON.stringify(name)} left out`);
    if (schema.additionalProperties === false && !("patternProperties" in schema)) {
      add({ kind: "extra", name: EXTRA_KEY }, "a key the closed object does not declare");
    }
    for (const name of propertyNames(schema)) {
      found.push(
        ...walk(graph, appendPointer(located.at, "properties", name), [...path, { kind: "property", name }], depth + 1, int64),
      );
    }
  }
  return found;
}

function wrongType(types: readonly JsonType[], atRoot: boolean, add: (broken: Break, what: string) => void): void {
  if (types.length === 0) return;
  const candidates = atRoot ? [[]] : WRONG_TYPES;
  const value = candidates.find((candidate) => !admits(types, jsonTypeOf(candidate)));
  if (value !== undefined)
    add({ kind: "replace", value }, `${article(jsonTypeOf(value))} where the schema asks for ${types.join(" or ")}`);
}

function outsiders(schema: JsonObject, types: readonly JsonType[] | undefined, add: (broken: Break, what: string) => void): void {
  const allowed = Array.isArray(schema.enum) ? schema.enum : Object.hasOwn(schema, "const") ? [schema.const] : undefined;
  if (allowed === undefined) return;
  const keyword = Array.isArray(schema.enum) ? "enum" : "const";
  const numbers = allowed.filter((value): value is number => typeof value === "number");
  const candidates: unknown[] = [
    ...(types === undefined || types.includes("string") ? [OUTSIDER] : []),
    ...(numbers.length > 0 ? [Math.max(...numbers) + 1] : []),
    ...(types?.includes("boolean") ? [true, false] : []),
  ];
  const value = candidates.find((candidate) => !allowed.some((known) => JSON.stringify(known) === JSON.stringify(candidate)));
  if (value !== undefined) add({ kind: "replace", value }, `${article(jsonTypeOf(value))} outside its ${keyword}`);
}

function stringBounds(schema: JsonObject, add: (broken: Break, what: string) => void): void {
  const minLength = numberAt(schema, "minLength");
  const maxLength = numberAt(schema, "maxLength");
  if (minLength !== undefined && minLength > 0)
    add({ kind: "length", length: minLength - 1 }, `${minLength - 1} characters, under minLength ${minLength}`);
  if (maxLength !== undefined && maxLength < 100_000)
    add({ kind: "length", length: maxLength + 1 }, `${maxLength + 1} characters, over maxLength ${maxLength}`);
  if (typeof schema.pattern === "string") {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(schema.pattern, "u");
    } catch {
      pattern = undefined;
    }
    const miss = pattern === undefined ? undefined : PATTERN_MISSES.find((candidate) => !(pattern as RegExp).test(candidate));
    if (miss !== undefined) add({ kind: "replace", value: miss }, "a string its pattern does not match");
  }
}

function numberBounds(schema: JsonObject, types: readonly JsonType[], add: (broken: Break, what: string) => void): void {
  const integer = types.includes("integer") && !types.includes("number");
  const step = integer ? 1 : 0.5;
  const bound = (keyword: string, value: number | undefined, crossed: number, what: string): void => {
    if (value !== undefined) add({ kind: "replace", value: crossed }, `${what} ${keyword} ${value}`);
  };
  const minimum = numberAt(schema, "minimum");
  const maximum = numberAt(schema, "maximum");
  const exclusiveMinimum = numberAt(schema, "exclusiveMinimum");
  const exclusiveMaximum = numberAt(schema, "exclusiveMaximum");
  bound("minimum", minimum, (minimum ?? 0) - step, "under");
  bound("maximum", maximum, (maximum ?? 0) + step, "over");
  bound("exclusiveMinimum", exclusiveMinimum, exclusiveMinimum ?? 0, "at");
  bound("exclusiveMaximum", exclusiveMaximum, exclusiveMaximum ?? 0, "at");
  if (integer && types.length > 0) {
    const low = minimum ?? exclusiveMinimum ?? 0;
    add({ kind: "replace", value: Math.floor(low) + 1.5 }, "a fraction where the schema asks for an integer");
  }
  const multipleOf = numberAt(schema, "multipleOf");
  if (multipleOf !== undefined && multipleOf > 0) {
    const base = Math.ceil((minimum ?? exclusiveMinimum ?? 0) / multipleOf) * multipleOf;
    add({ kind: "replace", value: base + multipleOf / 2 }, `a number that is not a multiple of ${multipleOf}`);
  }
}

/**
 * A 64-bit location in bigint mode: each bound crossed by one, as a bigint made from the bound's
 * own digits; where the schema sets no bound on a side, its format's range crossed instead (the
 * validators assert it there: numbers.ts `assertedBounds`); a fraction (a number: no bigint holds
 * one); a bigint that is no multiple.
 */
function int64Bounds(schema: JsonObject, add: (broken: Break, what: string) => void): void {
  const crossings: [string, bigint, string][] = [];
  for (const [keyword, by, what] of [
    ["minimum", -1n, "under"],
    ["maximum", 1n, "over"],
    ["exclusiveMinimum", 0n, "at"],
    ["exclusiveMaximum", 0n, "at"],
  ] as const) {
    const bound = schemaInteger(schema, keyword);
    if (bound !== undefined) crossings.push([keyword, bound + by, what]);
  }
  for (const [keyword, value, what] of crossings)
    add({ kind: "replace", value }, `${what} ${keyword} ${String(schema[keyword])}`);
  const declared = declaredBounds(schema);
  const format = int64FormatOf(schema);
  if (format !== undefined) {
    const { low, high } = FORMAT_RANGES[format];
    if (declared.low === undefined) add({ kind: "replace", value: low - 1n }, `under the ${format} range`);
    if (declared.high === undefined) add({ kind: "replace", value: high + 1n }, `over the ${format} range`);
  }
  add({ kind: "replace", value: 1.5 }, "a fraction where the schema asks for an integer");
  const step = int64Step(schema);
  if (step !== undefined) {
    const { low } = int64Range(schema);
    const base = divCeil(low, step) * step;
    add({ kind: "replace", value: base + 1n }, `a number that is not a multiple of ${String(schema.multipleOf)}`);
  }
}

function article(type: JsonType): string {
  return type === "array" || type === "object" || type === "integer" ? `an ${type}` : type === "null" ? "null" : `a ${type}`;
}

/** The path as a JSON pointer; the broken item of an array is its first. */
export function render(path: readonly PathStep[]): string {
  return path.length === 0 ? "/" : path.map((step) => (step.kind === "item" ? "/0" : appendPointer("", step.name))).join("");
}
