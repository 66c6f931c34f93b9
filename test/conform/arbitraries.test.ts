/**
 * The case generators against the validators conform compiles: every positive value a params
 * schema's arbitrary draws validates, and every negative one (each plan's) fails — for every
 * method of both contracts, and for a schema using every keyword the generators build for.
 * The draws cover what the issue asks: boundaries of every bound, enum values, defaults and
 * examples, unicode, strings and arrays from empty to a few hundred units.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mutationsOf } from "../../generator/values/arbitrary/mutations.js";
import { NegativeArbitraries } from "../../generator/values/arbitrary/negative.js";
import { PositiveArbitraries } from "../../generator/values/arbitrary/positive.js";
import { familiesOf } from "../../generator/conform/cases.js";
import { conformPlan } from "../../generator/conform/plan.js";
import { compileValidators } from "../../generator/values/validators.js";
import { schemaGraph } from "../../generator/resolve/index.js";

const asSent = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

for (const contract of ["rightkit.agent.demo.v1", "agentcli.v0.2"]) {
  const plan = conformPlan({ contract });
  const validators = await compileValidators(
    plan.graph,
    plan.methods.map((method) => method.params),
  );
  describe(`${contract}: generated params against the compiled params validators`, () => {
    const positives = new PositiveArbitraries(plan.graph);
    const negatives = new NegativeArbitraries(plan.graph, positives);

    it("every positive value validates", () => {
      const wrong: string[] = [];
      for (const method of plan.methods) {
        const validate = validators.get(method.params);
        for (const value of fc.sample(positives.of(method.params), { seed: 7, numRuns: 300 })) {
          const verdict = validate?.(asSent(value));
          if (verdict?.ok !== true) wrong.push(`${method.tool}: ${JSON.stringify(value)}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it("every negative value fails, for every plan of every method", () => {
      const wrong: string[] = [];
      let plans = 0;
      for (const method of plan.methods) {
        const validate = validators.get(method.params);
        for (const mutation of mutationsOf(plan.graph, method.params)) {
          plans += 1;
          for (const value of fc.sample(negatives.of(method.params, mutation), { seed: 7, numRuns: 40 })) {
            if (validate?.(asSent(value)).ok !== false)
              wrong.push(`${method.tool} ${mutation.description}: ${JSON.stringify(value)}`);
          }
        }
      }
      expect(plans).toBeGreaterThan(contract.startsWith("agentcli") ? 30 : 25);
      expect(wrong).toEqual([]);
    });
  });
}

describe("the draws a run makes are the runs fc.check replays", () => {
  // The runner takes a family's cases from fc.sample and shrinks a finding with fc.check at the
  // case's index as its path: that holds only while both draw the same values in the same order.
  it("for every family of the demo's methods, under two seeds", async () => {
    const plan = conformPlan({ contract: "rightkit.agent.demo.v1" });
    const positives = new PositiveArbitraries(plan.graph);
    const negatives = new NegativeArbitraries(plan.graph, positives);
    for (const seed of [1, 42]) {
      for (const method of plan.methods) {
        for (const family of familiesOf(plan, method, positives, negatives)) {
          const run: string[] = [];
          await fc.check(
            fc.asyncProperty(family.arbitrary, async (value) => {
              run.push(JSON.stringify(value));
              return true;
            }),
            { seed, numRuns: 30 },
          );
          const sampled = fc.sample(family.arbitrary, { seed, numRuns: 30 }).map((value) => JSON.stringify(value));
          expect(sampled, `${method.tool} ${family.family}`).toEqual(run);
        }
      }
    }
  });
});

describe("the demo's plans break one constraint each, at the place they name", () => {
  it("demo.batch", () => {
    const plan = conformPlan({ contract: "rightkit.agent.demo.v1" });
    const batch = plan.methods.find((method) => method.name === "batch");
    const descriptions = mutationsOf(plan.graph, batch?.params ?? "").map((mutation) => mutation.description);
    expect(descriptions).toEqual([
      "/: an array where the schema asks for object",
      '/: required key "token" left out',
      '/: required key "steps" left out',
      "/steps: a string where the schema asks for array",
      "/steps: 0 items, under minItems 1",
      "/steps: 21 items, over maxItems 20",
      "/steps/0: a string where the schema asks for object",
      '/steps/0: required key "ref" left out',
      '/steps/0: required key "op" left out',
      "/steps/0/key: an integer where the schema asks for string",
      "/steps/0/op: an integer where the schema asks for string",
      "/steps/0/op: a string outside its enum",
      "/steps/0/ref: an integer where the schema asks for string",
      "/steps/0/text: an integer where the schema asks for string",
      "/token: an integer where the schema asks for string",
    ]);
  });
});

/** A schema using every keyword the generators build values for. */
const EVERY_KEYWORD = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $defs: {
    code: { type: "string", pattern: "^[a-z]{2,4}$" },
    level: { type: "integer", minimum: 0, maximum: 10 },
  },
  type: "object",
  properties: {
    name: { type: "string", minLength: 2, maxLength: 5 },
    free: { type: "string" },
    level: { $ref: "#/$defs/level" },
    ratio: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 },
    step: { type: "integer", multipleOf: 5, minimum: -20, maximum: 20 },
    kind: { enum: ["a", "b", 3] },
    fixed: { const: "x" },
    code: { $ref: "#/$defs/code" },
    tags: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 20, uniqueItems: true },
    pair: { type: "array", prefixItems: [{ type: "boolean" }, { type: "null" }], items: false },
    either: {
      anyOf: [
        { type: "string", maxLength: 1 },
        { type: "integer", minimum: 100 },
      ],
    },
    one: { oneOf: [{ type: "string" }, { type: "boolean" }] },
    nullable: { type: ["integer", "null"] },
    when: { type: "string", format: "date-time" },
    mode: { type: "string", default: "fast", examples: ["slow"] },
    closed: { type: "object", properties: { a: { type: "boolean" } }, required: ["a"], additionalProperties: false },
  },
  required: ["name", "level", "closed"],
};

const everyKeywordIndex = schemaGraph(EVERY_KEYWORD);
const everyKeywordValidators = await compileValidators(everyKeywordIndex, ["#"]);

describe("a schema using every keyword the generators build for", () => {
  const index = everyKeywordIndex;
  const validate = everyKeywordValidators.get("#");
  const positives = new PositiveArbitraries(index);
  const values = fc.sample(positives.of("#"), { seed: 3, numRuns: 3000 }).map(asSent) as Record<string, unknown>[];
  const seen = (key: string): unknown[] => values.filter((value) => Object.hasOwn(value, key)).map((value) => value[key]);

  it("every positive value validates", () => {
    expect(values.filter((value) => validate?.(value).ok !== true)).toEqual([]);
  });

  it("draws every bound's boundaries, enum values, defaults and examples", () => {
    const lengths = new Set(seen("name").map((name) => [...(name as string)].length));
    expect([...lengths].sort()).toEqual([2, 3, 4, 5]);
    expect(seen("level")).toContain(0);
    expect(seen("level")).toContain(10);
    expect(seen("step")).toContain(-20);
    expect(seen("step")).toContain(20);
    expect(new Set(seen("kind"))).toEqual(new Set(["a", "b", 3]));
    expect(seen("mode")).toContain("fast");
    expect(seen("mode")).toContain("slow");
    const tagCounts = seen("tags").map((tags) => (tags as unknown[]).length);
    expect(tagCounts).toContain(1);
    expect(tagCounts).toContain(20);
    expect(seen("nullable")).toContain(null);
    expect(seen("when").some((when) => !Number.isNaN(Date.parse(when as string)))).toBe(true);
  });

  it("draws unicode and strings from empty to a few hundred code points, and keys an open object does not declare", () => {
    const free = seen("free") as string[];
    expect(free).toContain("");
    expect(free.some((text) => /[^\u0000-\u007f]/.test(text))).toBe(true);
    expect(Math.max(...free.map((text) => [...text].length))).toBeGreaterThanOrEqual(200);
    expect(values.some((value) => Object.keys(value).some((key) => !Object.hasOwn(EVERY_KEYWORD.properties, key)))).toBe(true);
  });

  it("every negative value fails, and every plan that can be made is", () => {
    const negatives = new NegativeArbitraries(index, positives);
    const mutations = mutationsOf(index, "#");
    const descriptions = mutations.map((mutation) => mutation.description);
    for (const expected of [
      "/name: 1 characters, under minLength 2",
      "/name: 6 characters, over maxLength 5",
      "/level: under minimum 0",
      "/level: over maximum 10",
      "/level: a fraction where the schema asks for an integer",
      "/ratio: at exclusiveMinimum 0",
      "/step: a number that is not a multiple of 5",
      "/kind: a string outside its enum",
      "/fixed: a string outside its const",
      "/code: a string its pattern does not match",
      "/tags: 0 items, under minItems 1",
      "/tags: 21 items, over maxItems 20",
      "/closed: a key the closed object does not declare",
      '/closed: required key "a" left out',
      '/: required key "closed" left out',
    ]) {
      expect(descriptions).toContain(expected);
    }
    const wrong = mutations.flatMap((mutation) =>
      fc
        .sample(negatives.of("#", mutation), { seed: 3, numRuns: 30 })
        .filter((value) => validate?.(asSent(value)).ok !== false)
        .map((value) => `${mutation.description}: ${JSON.stringify(value)}`),
    );
    expect(wrong).toEqual([]);
  });

  it("is reproducible: the same seed draws the same values", () => {
    expect(fc.sample(positives.of("#"), { seed: 3, numRuns: 50 })).toEqual(
      fc.sample(positives.of("#"), { seed: 3, numRuns: 50 }),
    );
  });
});
