/**
 * Differential test: for every shape of the demo contract (each method's params and result, and
 * the shared $defs), the generated validators and Ajv (draft 2020-12, compiled once) give the
 * same verdict on 10,000 fast-check instances per shape — valid ones built from the schema and
 * mutated ones — with a fixed seed, so every run sees the same instances.
 */
import Ajv2020Module from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emitValidators } from "../../../generator/emit/validators/index.js";
import { schemaGraph } from "../../../generator/resolve/index.js";
import { mutated, validInstance } from "../../support/arbitraries.js";
import { DEMO_SHAPES, demoSchema } from "../../support/demo-contract.js";
import { loadModule } from "../../support/load-module.js";

const RUNS_PER_SHAPE = 10_000;
const SEED = 20_261_130;

type Validate = (value: unknown) => { ok: boolean; issues?: unknown[] };
type Guard = (value: unknown) => boolean;

const schema = demoSchema();
const graph = schemaGraph(schema);
const generated = loadModule<Record<string, Validate | Guard>>(`${emitValidators(graph, DEMO_SHAPES)}`);
const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;
const ajv = new Ajv2020();
ajv.addSchema(schema);

describe("generated validators agree with Ajv 2020 on the demo contract", () => {
  for (const shape of DEMO_SHAPES) {
    it(`${shape.name} (${shape.pointer}): ${RUNS_PER_SHAPE} seeded instances`, () => {
      const ajvValidate = ajv.getSchema(`rightkit.agent.demo.v1${shape.pointer}`);
      const validate = generated[`validate${shape.name}`] as Validate;
      const guard = generated[`is${shape.name}`] as Guard;
      expect(ajvValidate).toBeDefined();
      const valid = validInstance(graph, shape.pointer);
      const verdicts = { valid: 0, invalid: 0 };
      fc.assert(
        fc.property(fc.oneof(valid, mutated(valid), fc.jsonValue()), (instance) => {
          const expected = ajvValidate?.(instance) === true;
          const result = validate(instance);
          verdicts[expected ? "valid" : "invalid"] += 1;
          expect(result.ok).toBe(expected);
          expect(guard(instance)).toBe(expected);
          if (!result.ok) expect(result.issues?.length).toBeGreaterThan(0);
        }),
        { seed: SEED, numRuns: RUNS_PER_SHAPE },
      );
      // Both verdicts must be exercised in earnest, or the agreement proves little.
      expect(verdicts.valid).toBeGreaterThan(RUNS_PER_SHAPE / 5);
      expect(verdicts.invalid).toBeGreaterThan(RUNS_PER_SHAPE / 10);
    });
  }
});
