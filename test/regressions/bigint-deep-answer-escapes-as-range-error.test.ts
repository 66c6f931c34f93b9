/**
 * Issue 34, "Deep answers in bigint mode escape as RangeError": with `numbers.int64: "bigint"` and
 * a recursive type holding an int64, a 50 kB answer nested 5,000 deep rejected `callTool` with a
 * raw RangeError from `readBigints`, which recursed and runs before the validators' depth limit,
 * not `malformed_response`. `readBigints` now leaves containers past 256 levels to a list
 * (core/integers.ts), and the other walks over an answer (`unsafeInteger`, `unsafeIntegersIn`)
 * use a stack of their own. The class is held by test/runtime/core/deep-answers.test.ts.
 */
import { expect, it } from "vitest";
import { integerShape } from "../../generator/analyses/integer-shape.js";
import { emitValidatorModule } from "../../generator/emit/validators/index.js";
import { schemaGraph } from "../../generator/resolve/index.js";
import { rejection } from "../support/rejection.js";
import { callTool, readJson, type IntegerShape, type ToolSpec } from "../support/runtime.js";
import { loadModule } from "../support/load-module.js";

const TREE = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $defs: {
    tree: {
      type: "object",
      properties: {
        id: { type: "integer", format: "uint64", minimum: 0 },
        children: { type: "array", items: { $ref: "#/$defs/tree" } },
      },
      required: ["id"],
    },
  },
  $ref: "#/$defs/tree",
};

it("a 50 kB answer nested 5,000 deep in bigint mode is malformed_response, not RangeError", async () => {
  const { validate } = loadModule<{ validate: ToolSpec<object, unknown>["validateResult"] }>(
    emitValidatorModule(TREE, { int64: "bigint" }),
  );
  const shape = integerShape(schemaGraph(TREE), "#", "bigint") as IntegerShape;
  const depth = 5_000;
  const text = `${'{"id":1,"children":['.repeat(depth)}{"id":2}${"]}".repeat(depth)}`;
  expect(text.length).toBeGreaterThan(50_000);
  const spec: ToolSpec<object, unknown> = {
    method: "tree.read",
    timeoutMs: 30_000,
    validateParams: (value) => ({ ok: true, value: value as object }),
    validateResult: validate,
    resultIntegers: shape,
  };
  const transport = { call: async () => readJson(text), close: async () => undefined };
  const error = await rejection(callTool(transport, spec, {}));
  expect(error.code).toBe("malformed_response");
});
