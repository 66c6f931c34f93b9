/**
 * Regression (issue 11): a validator function's name was its place in the compiler's discovery
 * order, so the same shapes listed in another order, or a schema whose keys came in another
 * order, gave other names. Names are now planned from what each symbol is, and two locations
 * whose readable names meet (`a-b` and `a_b`) are told apart by a hash of their pointers, which
 * neither order nor the other symbols can change.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { emitValidators, emitValidatorModule } from "../../generator/emit/validators/index.js";
import { schemaGraph } from "../../generator/resolve/index.js";
import { EMBEDDED } from "../support/bindgen.js";
import { reverseKeys } from "../support/json.js";
import { DEMO_SHAPES } from "../support/demo-contract.js";
import { loadModule } from "../support/load-module.js";

/** Two `$defs` whose readable stems are both `Root_$defs_a_b`, reached from properties that meet too. */
const COLLIDING = {
  $defs: {
    "a-b": { type: "object", properties: { next: { $ref: "#/$defs/a_b" } } },
    a_b: { type: "object", properties: { back: { $ref: "#/$defs/a-b" } } },
  },
  properties: {
    "x-y": { $ref: "#/$defs/a-b" },
    x_y: { $ref: "#/$defs/a_b" },
    items: { not: { type: "null" } },
  },
  items: { not: { type: "string" } },
};

const functionNames = (source: string): string[] =>
  [...source.matchAll(/^function ([\w$]+)/gm)].map((match) => match[1] as string);

describe("validator names do not depend on discovery order", () => {
  it("the demo's shapes in any order give byte-identical validators", () => {
    const graph = schemaGraph(JSON.parse(readFileSync(EMBEDDED.contract, "utf8")));
    const forward = `${emitValidators(graph, DEMO_SHAPES)}`;
    expect(`${emitValidators(graph, [...DEMO_SHAPES].reverse())}`).toBe(forward);
    expect(forward).not.toMatch(/\b(?:is|check|evaluated|allowed|pattern|declared|constant)\d+\b/);
  });

  it("readable names that meet are told apart by pointer, whatever the key order", () => {
    const source = emitValidatorModule(COLLIDING);
    expect(emitValidatorModule(reverseKeys(COLLIDING) as object)).toBe(source);
    const names = functionNames(source);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => /^matchesRoot_\$defs_a_b_[0-9a-f]{6}$/.test(name))).toHaveLength(2);
    expect(names.filter((name) => /^matchesRoot_items_not_[0-9a-f]{6}$/.test(name))).toHaveLength(2);
    const { isValid } = loadModule(source);
    expect(isValid({ "x-y": { next: { back: {} } }, x_y: {} })).toBe(true);
    expect(isValid({ "x-y": { next: { back: 1 } } })).toBe(false);
    expect(isValid({ items: null })).toBe(false);
    expect(isValid(["a"])).toBe(false);
  });
});
