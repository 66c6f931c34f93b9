/**
 * Schemas for the validators in bigint mode (binding `numbers.int64: "bigint"`): Rust's u64/i64
 * as schemars writes them, and the keywords around them. Shared by bigint.test.ts, which runs
 * them, and typecheck.test.ts, which type-checks what they compile to. The ones whose integers
 * lie past ±(2^53 − 1) are read from JSON text with the loader's reader, which keeps the digits
 * a JavaScript number would round.
 */
import { readJson } from "../../../templates/runtime/core/json-reader.js";

export const U64 = { type: "integer", format: "uint64", minimum: 0 } as const;
export const I64 = { type: "integer", format: "int64" } as const;
export const OPTION_U64 = { type: ["integer", "null"], format: "uint64", minimum: 0 } as const;
export const U32 = { type: "integer", format: "uint32", minimum: 0 } as const;

/** JSON text read as the loader reads a contract: integers past the safe range keep their digits. */
export function fromText(text: string): object {
  return readJson(text) as object;
}

export const U64_MAX = "18446744073709551615";

export const BIGINT_SCHEMAS = {
  u64: U64,
  i64: I64,
  optionU64: OPTION_U64,
  u32: U32,
  u64AtMost: () => fromText(`{"type": "integer", "format": "uint64", "minimum": 0, "maximum": ${U64_MAX}}`),
  untypedAtMost: () => fromText(`{"maximum": ${U64_MAX}}`),
  i64Range: () =>
    fromText(`{"type": "integer", "format": "int64", "minimum": -9223372036854775808, "maximum": 9223372036854775807}`),
  i64AtLeast: { ...I64, minimum: -5 },
  multipleOf3: { ...U64, multipleOf: 3 },
  multipleOfHalf: { ...I64, multipleOf: 0.5 },
  multipleOf2_5: { ...I64, multipleOf: 2.5 },
  untypedMultipleOfHalf: { multipleOf: 0.5 },
  multipleOfU64Max: () => fromText(`{"type": "integer", "format": "uint64", "multipleOf": ${U64_MAX}}`),
  const5: { ...U64, const: 5 },
  constU64Max: () => fromText(`{"type": "integer", "format": "uint64", "const": ${U64_MAX}}`),
  enumSmall: () => fromText(`{"type": "integer", "format": "uint64", "enum": [1, 2, ${U64_MAX}, "x"]}`),
  enumMany: { ...U64, enum: [1, 2, 3, 4, 5, 6, 7, 8] },
  untypedConst5: { const: 5 },
  untypedEnumMany: { enum: [1, 2, 3, 4, 5, 6, 7, "eight"] },
  allOfConst: { allOf: [U64, { const: 5 }] },
  allOfMaximum: { allOf: [U64, { maximum: 10 }] },
  oneOfOption: { oneOf: [{ ...U64, maximum: 10 }, { type: "null" }] },
  anyOfLeaves: { anyOf: [{ ...U64, maximum: 5 }, { type: "string" }] },
  containerConst: { const: [5, { n: 6 }] },
  uniqueItems: { uniqueItems: true },
  uniqueU64s: { type: "array", items: U64, uniqueItems: true },
  numberAtMost: () => fromText(`{"type": "number", "maximum": ${U64_MAX}}`),
} as const;

/** Each schema, as an object (the ones read from text read afresh). */
export function bigintSchema(name: keyof typeof BIGINT_SCHEMAS): object {
  const entry = BIGINT_SCHEMAS[name];
  return typeof entry === "function" ? entry() : entry;
}
