/**
 * The validators in bigint mode (binding `numbers.int64: "bigint"`): a 64-bit integer location
 * holds a bigint and only a bigint, numeric keywords apply to bigints wherever one can arrive and
 * compare exactly, const/enum match a bigint of the member's value (digits as the schema wrote
 * them), and number mode compiles what it always did.
 */
import { describe, expect, it } from "vitest";
import { emitValidatorModule } from "../../../generator/emit/validators/index.js";
import { generateFiles } from "../../../generator/pipeline.js";
import { bigintSchema, BIGINT_SCHEMAS, U64, U64_MAX } from "./bigint-schemas.js";
import { loadModule, type LoadedValidator } from "../../support/load-module.js";

const MAX = BigInt(U64_MAX);

function compiled(name: keyof typeof BIGINT_SCHEMAS): LoadedValidator {
  return loadModule(emitValidatorModule(bigintSchema(name), { int64: "bigint" }));
}

/** Each value's verdict, the fast path and the issue path agreeing on it. */
function verdicts(name: keyof typeof BIGINT_SCHEMAS, values: readonly unknown[]): boolean[] {
  const { validate, isValid } = compiled(name);
  return values.map((value) => {
    const ok = validate(value).ok;
    expect(isValid(value), `${name}: ${String(value)}`).toBe(ok);
    return ok;
  });
}

/** The first issue's message for a value that fails. */
function firstMessage(name: keyof typeof BIGINT_SCHEMAS, value: unknown): string | undefined {
  const result = compiled(name).validate(value);
  return result.ok ? undefined : result.issues[0]?.message;
}

describe("a 64-bit integer location holds a bigint", () => {
  it('u64 accepts 0n and u64::MAX, refuses -1n, the number 5 and the string "5"', () => {
    expect(verdicts("u64", [0n, MAX, -1n, 5, "5", 5.5, null])).toEqual([true, true, false, false, false, false, false]);
    expect(firstMessage("u64", 5)).toBe("must be bigint, got number");
    expect(firstMessage("u64", "5")).toBe("must be bigint, got string");
    expect(firstMessage("u64", -1n)).toBe("must be >= 0, got -1");
  });

  it("i64 accepts i64::MIN and i64::MAX", () => {
    expect(verdicts("i64", [-9223372036854775808n, 9223372036854775807n, 0n, -1])).toEqual([true, true, true, false]);
  });

  it("Option<u64> is a bigint or null", () => {
    expect(verdicts("optionU64", [null, 7n, 7, -1n, undefined])).toEqual([true, true, false, false, false]);
    expect(firstMessage("optionU64", 7)).toBe("must be bigint or null, got number");
  });

  it("any other integer location stays a number, and names a bigint as such", () => {
    expect(verdicts("u32", [5, 5n, -1])).toEqual([true, false, false]);
    expect(firstMessage("u32", 5n)).toBe("must be integer, got bigint");
  });
});

describe("bounds compare exactly", () => {
  it("a maximum of u64::MAX written in the schema's text is that number, not its rounding", () => {
    expect(verdicts("u64AtMost", [MAX, MAX + 1n, 0n])).toEqual([true, false, true]);
    expect(firstMessage("u64AtMost", MAX + 1n)).toBe(`must be <= ${U64_MAX}, got 18446744073709551616`);
  });

  it("the bounds of i64 hold both ends, and no further", () => {
    expect(
      verdicts("i64Range", [-9223372036854775808n, 9223372036854775807n, -9223372036854775809n, 9223372036854775808n]),
    ).toEqual([true, true, false, false]);
  });

  it("an untyped bound applies to bigints and numbers alike", () => {
    // 2^64 as a number is past u64::MAX; a bigint one past it too.
    expect(verdicts("untypedAtMost", [MAX, MAX + 1n, 2 ** 64, 2 ** 63, "x"])).toEqual([true, false, false, true, true]);
  });

  it("a bound past 2^53 on a `number` location compares a number with the exact bound", () => {
    expect(verdicts("numberAtMost", [2 ** 64, 2 ** 63, 1.5])).toEqual([false, true, true]);
  });

  it("an allOf sibling without `type` bounds the bigint of a u64", () => {
    expect(verdicts("allOfMaximum", [10n, 11n, 5])).toEqual([true, false, false]);
  });
});

describe("a 64-bit location holds what its format names", () => {
  it("a u64 refuses u64::MAX + 1, where the schema sets no maximum, naming the format's range", () => {
    expect(verdicts("u64", [MAX, MAX + 1n, 2n ** 70n])).toEqual([true, false, false]);
    expect(firstMessage("u64", MAX + 1n)).toBe(`must be within the uint64 range, 0 to ${U64_MAX}, got 18446744073709551616`);
    expect(compiled("u64").validate(MAX + 1n)).toMatchObject({ issues: [{ keyword: "format", schemaPath: "#/format" }] });
  });

  it("an i64 holds i64::MIN and i64::MAX, and nothing past either", () => {
    expect(verdicts("i64", [-(2n ** 63n), 2n ** 63n - 1n, -(2n ** 63n) - 1n, 2n ** 63n])).toEqual([true, true, false, false]);
  });

  it("a bound of the schema's own decides its side; the format still holds the other", () => {
    expect(verdicts("i64AtLeast", [-5n, -6n, 2n ** 63n - 1n, 2n ** 63n])).toEqual([true, false, true, false]);
    expect(firstMessage("i64AtLeast", -6n)).toBe("must be >= -5, got -6");
  });
});

describe("multipleOf on bigints", () => {
  it("an integral divisor", () => {
    expect(verdicts("multipleOf3", [9n, 10n, 0n, MAX, MAX - 1n])).toEqual([true, false, true, true, false]);
    expect(firstMessage("multipleOf3", 10n)).toBe("must be a multiple of 3, got 10");
  });

  it("a fractional divisor", () => {
    expect(verdicts("multipleOfHalf", [1n, -7n, 2n ** 63n - 1n])).toEqual([true, true, true]);
    expect(verdicts("multipleOf2_5", [5n, 10n, 3n, -15n])).toEqual([true, true, false, true]);
  });

  it("untyped: numbers as before, bigints exactly", () => {
    expect(verdicts("untypedMultipleOfHalf", [1.5, 1.25, 3n, "x"])).toEqual([true, false, true, true]);
  });

  it("a divisor past 2^53 is its digits, not its rounding", () => {
    expect(verdicts("multipleOfU64Max", [0n, MAX, MAX - 1n, 2n ** 64n])).toEqual([true, true, false, false]);
    expect(firstMessage("multipleOfU64Max", 1n)).toBe(`must be a multiple of ${U64_MAX}, got 1`);
  });
});

describe("const and enum", () => {
  it("a 64-bit location's const matches the bigint only", () => {
    expect(verdicts("const5", [5n, 5, 6n])).toEqual([true, false, false]);
  });

  it("a const of u64::MAX written in the schema's text matches u64::MAX", () => {
    expect(verdicts("constU64Max", [MAX, MAX + 1n, 2 ** 64])).toEqual([true, false, false]);
    expect(firstMessage("constU64Max", 1n)).toBe(`must be equal to constant ${U64_MAX}`);
  });

  it("a 64-bit location's enum, few members and many", () => {
    expect(verdicts("enumSmall", [1n, 2n, MAX, 2, 3n, "x"])).toEqual([true, true, true, false, false, false]);
    expect(firstMessage("enumSmall", 3n)).toBe(`must be equal to one of the allowed values: 1, 2, ${U64_MAX}, "x"`);
    expect(verdicts("enumMany", [8n, 1n, 8, 9n])).toEqual([true, true, false, false]);
  });

  it("untyped, a member matches its number and its bigint", () => {
    expect(verdicts("untypedConst5", [5, 5n, 6n, "5"])).toEqual([true, true, false, false]);
    expect(verdicts("untypedEnumMany", [7, 7n, "eight", 8n])).toEqual([true, true, true, false]);
  });

  it("a const beside a u64 in allOf matches its bigint", () => {
    expect(verdicts("allOfConst", [5n, 6n, 5])).toEqual([true, false, false]);
  });

  it("a container const matches bigints of its integers (deepEqual)", () => {
    expect(
      verdicts("containerConst", [
        [5, { n: 6 }],
        [5n, { n: 6n }],
        [5n, { n: 7n }],
        [5.5, { n: 6 }],
      ]),
    ).toEqual([true, true, false, false]);
  });

  it("uniqueItems finds a bigint and a number of the same value equal", () => {
    expect(
      verdicts("uniqueItems", [
        [5, 5n],
        [1n, 2n],
        [[1n], [1]],
        [1.5, 1n],
      ]),
    ).toEqual([false, true, false, true]);
    expect(
      verdicts("uniqueU64s", [
        [1n, 2n],
        [1n, 1n],
      ]),
    ).toEqual([true, false]);
  });
});

describe("combinators over a u64", () => {
  it("Option<u64> as oneOf [u64, null] says why a bigint matched no branch", () => {
    expect(verdicts("oneOfOption", [null, 10n, 11n, 10])).toEqual([true, true, false, false]);
    const result = compiled("oneOfOption").validate(11n);
    expect(result.ok === false && result.issues.map((issue) => issue.message)).toEqual([
      "must be <= 10, got 11",
      "must match exactly one schema in oneOf, matched none",
    ]);
  });

  it("anyOf branches tested inline (leaf.ts)", () => {
    expect(verdicts("anyOfLeaves", [3n, "x", 6n, 3])).toEqual([true, true, false, false]);
  });
});

describe("number mode", () => {
  it("compiles a schema of int64 formats as before: no bigint anywhere", () => {
    for (const name of Object.keys(BIGINT_SCHEMAS) as (keyof typeof BIGINT_SCHEMAS)[]) {
      const source = emitValidatorModule(bigintSchema(name));
      expect(emitValidatorModule(bigintSchema(name), { int64: "number" })).toBe(source);
      expect(source).not.toMatch(/"bigint"|BigInt\("|isMultipleOfExact/);
    }
    const { isValid } = loadModule(emitValidatorModule(U64));
    expect([isValid(5), isValid(5n), isValid(-1)]).toEqual([true, false, false]);
  });
});

describe("the int64 test contract (test/fixtures/int64)", () => {
  it("its validators check Counter and Offset as bigints", async () => {
    const { files } = await generateFiles(
      {
        contract: "test/fixtures/int64/contract/rightkit.test.int64.v1.schema.json",
        binding: "test/fixtures/int64/contract/rightkit.test.int64.v1.binding.json",
      },
      { typeCheck: "never" },
    );
    const source = files.get("rightkit.test.int64.v1/validators.ts") ?? "";
    // A leaf check takes no depth: nothing in it reads one (issue 35).
    expect(source).toMatch(/function matchesCounter\(x: unknown\): boolean \{\n\s*if \(typeof x !== "bigint"\)/);
    expect(source).toMatch(/function matchesOffset\(x: unknown\): boolean \{\n\s*if \(typeof x !== "bigint"\)/);
    const validators = loadModule<Record<string, (value: unknown) => boolean>>(source);
    const numbers = { id: MAX, offset: -9223372036854775808n, maybe: null, list: [0n, 1n], small: 7, label: "x" };
    expect(validators.isNumbers?.(numbers)).toBe(true);
    expect(validators.isNumbers?.({ ...numbers, small: 7n })).toBe(false);
    expect(validators.isNumbers?.({ ...numbers, id: 5 })).toBe(false);
    expect(validators.isNumbers?.({ ...numbers, list: [1n, 2] })).toBe(false);
    expect(validators.isExtremesResult?.({ u64_max: MAX, i64_min: -(2n ** 63n), past_safe: 2n ** 53n + 1n, zero: 0n })).toBe(
      true,
    );
  });
});
