/**
 * Type guards around keyword groups. After `type` the compiler knows which JSON types remain;
 * a group whose type is certain needs no guard, and a group whose type is impossible is dropped.
 */
import { code, EMPTY, lines, type Code } from "../../code.js";
import type { JsonType } from "./emit.js";

/** A boolean expression: `value` has JSON type `type` (`integer` is a subset of `number`). */
export function typeTest(value: Code, type: JsonType | "integer"): Code {
  switch (type) {
    case "null":
      return code`${value} === null`;
    case "boolean":
      return code`typeof ${value} === "boolean"`;
    case "number":
      return code`(typeof ${value} === "number" && Number.isFinite(${value}))`;
    case "integer":
      return code`Number.isInteger(${value})`;
    case "string":
      return code`typeof ${value} === "string"`;
    case "array":
      return code`Array.isArray(${value})`;
    case "object":
      return code`(typeof ${value} === "object" && ${value} !== null && !Array.isArray(${value}))`;
  }
}

/**
 * The negation of `typeTest`, written without a negated group: `!(a || b)` at the top of an `if`
 * is laid out differently by prettier and the fast formatter (generator/output/format.ts), so
 * callers join misses with `&&` instead. Compound misses are parenthesised for that join.
 */
export function typeMiss(value: Code, type: JsonType | "integer"): Code {
  switch (type) {
    case "null":
      return code`${value} !== null`;
    case "boolean":
      return code`typeof ${value} !== "boolean"`;
    case "number":
      return code`(typeof ${value} !== "number" || !Number.isFinite(${value}))`;
    case "integer":
      return code`(typeof ${value} !== "number" || !Number.isInteger(${value}))`;
    case "string":
      return code`typeof ${value} !== "string"`;
    case "array":
      return code`!Array.isArray(${value})`;
    case "object":
      return code`(typeof ${value} !== "object" || ${value} === null || Array.isArray(${value}))`;
  }
}

/**
 * Wraps the group's statements in a guard unless the type is already certain; drops them if
 * impossible. `test` replaces the guard's own test (the numeric keywords' in bigint mode).
 */
export function guarded(
  known: ReadonlySet<JsonType>,
  type: JsonType,
  value: Code,
  body: readonly Code[],
  test: Code = guardTest(type, value),
): Code {
  const statements = lines(body);
  if (statements.isEmpty || !known.has(type)) return EMPTY;
  if (known.size === 1) return statements;
  return code`if (${test}) {
${statements}
}`;
}

function guardTest(type: JsonType, value: Code): Code {
  // Numeric keywords apply to any number, NaN included; the type keyword is what rejects NaN.
  return type === "number" ? code`typeof ${value} === "number"` : typeTest(value, type);
}
