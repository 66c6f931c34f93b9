/**
 * Issue 34, "A generated validator throws on valid JSON": the validator for
 * `{"properties":{"prototype":{"additionalProperties":{"anyOf":[{"minLength":3}]}}}}` threw
 * `Cannot read properties of null (reading 'length')` on `{"prototype":{"prototype":null}}`, which
 * Ajv and the spec call valid. The key names were a red herring: the anyOf branch was written as
 * one expression (leaf.ts), and minLength's miss `a || (b && c)` was joined unparenthesised after
 * its type test, so it read `(typeof v === "string" && a) || (b && c)` and `b` ran on null. The
 * class (a validator that throws on any JSON value) is held by test/emit/validators/never-throws.test.ts.
 */
import { describe, expect, it } from "vitest";
import { emitValidatorModule } from "../../generator/emit/validators/index.js";
import { loadModule } from "../support/load-module.js";

const compile = (schema: string) => loadModule(emitValidatorModule(JSON.parse(schema) as object));

describe("a generated validator throws on valid JSON", () => {
  it("the issue's schema and instance: valid, no throw", () => {
    const v = compile(`{"properties":{"prototype":{"additionalProperties":{"anyOf":[{"minLength":3}]}}}}`);
    const instance: unknown = JSON.parse(`{"prototype":{"prototype":null}}`);
    expect(v.isValid(instance)).toBe(true);
    expect(v.validate(instance).ok).toBe(true);
    expect(v.isValid(JSON.parse(`{"prototype":{"prototype":"ab"}}`))).toBe(false);
    expect(v.isValid(JSON.parse(`{"prototype":{"prototype":"abc"}}`))).toBe(true);
  });

  it("any key, any branch that is a length check on a value of another type", () => {
    for (const branch of [`{"minLength":3}`, `{"minLength":3,"maxLength":5}`, `{"maxLength":1}`]) {
      for (const keyword of ["anyOf", "oneOf"]) {
        const v = compile(`{"items":{"${keyword}":[${branch},{"type":"boolean","const":true}]}}`);
        for (const item of ["null", "0", "[]", "{}", "false"]) {
          expect(() => v.validate(JSON.parse(`[${item}]`)), `${keyword} ${branch} on ${item}`).not.toThrow();
          expect(v.isValid(JSON.parse(`[${item}]`)), `${keyword} ${branch} on ${item}`).toBe(true);
        }
      }
    }
  });

  it("a leaf joined with `&&` keeps its own grouping: a certain type and minLength in one branch", () => {
    // Both branches are leaves: the first one's miss is `a || (b && c)` with no type guard.
    const v = compile(`{"anyOf":[{"type":"string","minLength":3},{"type":"string","maxLength":0}]}`);
    for (const [text, valid] of [
      [`""`, true],
      [`"ab"`, false],
      [`"abc"`, true],
      [`null`, false],
      [`7`, false],
    ] as const) {
      expect(v.isValid(JSON.parse(text)), text).toBe(valid);
      expect(v.validate(JSON.parse(text)).ok, text).toBe(valid);
    }
  });
});
