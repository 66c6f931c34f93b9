/**
 * A generated validator never throws, on any JSON value (issue 34, item 3): it returns a verdict.
 * A validator that throws on a host's answer is a crash, not a verdict. Fed to every exported
 * `validate*`/`is*` of
 * - the committed goldens (generated/<contract>/validators.ts, the int64 fixture's in bigint mode),
 * - every corpus schema (test/fixtures/corpus, generated in process by the pipeline),
 * - schemas drawn from the keywords a branch may hold inline (leaf.ts), under hostile key names,
 * values drawn from `fc.jsonValue()`, from JSON text whose keys are the names that meet
 * `Object.prototype` or a function's own properties (`__proto__` an own key, as JSON.parse makes
 * it), the same with every integer a bigint (what bigint mode hands a validator), and the corpus
 * sampler's valid and mutated instances with one spot replaced by such a value.
 */
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emitValidatorModule, emitValidators } from "../../../generator/emit/validators/index.js";
import { loadContract } from "../../../generator/load/contract.js";
import { modelOf } from "../../../generator/pipeline.js";
import { schemaGraph } from "../../../generator/resolve/index.js";
import { Random, SchemaSampler, seedOf, type Json } from "../../support/schema-sampler.js";
import { loadModule } from "../../support/load-module.js";

const SEED = 20_260_334;
const HOSTILE_KEYS = [
  "prototype",
  "constructor",
  "__proto__",
  "length",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "0",
  "",
] as const;

type Verdict = (value: unknown) => unknown;

/** JSON text, built as text so that `__proto__` is an own key once parsed. */
const { value: jsonText } = fc.letrec<{ value: string; leaf: string; array: string; object: string }>((tie) => ({
  value: fc.oneof({ depthSize: "small" }, tie("leaf"), tie("array"), tie("object")),
  leaf: fc.oneof(
    fc.constantFrom("null", "true", "false", "0", "-1", "1.5", "9007199254740993", "1e308", '""', '"abc"'),
    fc.integer().map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
    fc.string({ maxLength: 8 }).map((s) => JSON.stringify(s)),
  ),
  array: fc.array(tie("value"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
  object: fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 6 })), tie("value")), { maxLength: 5 })
    .map((entries) => `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${item}`).join(",")}}`),
}));

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  jsonText.map((text) => JSON.parse(text) as unknown),
);

/** Every integer a bigint: what readBigints hands a bigint-mode validator at its int64 places (and nowhere else). */
function withBigints(value: unknown): unknown {
  if (typeof value === "number") return Number.isSafeInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(withBigints);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    Object.defineProperty(out, key, {
      value: withBigints(item),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/** Hostile values put in place of one spot of an instance. */
const GRAFTS: readonly string[] = [
  "null",
  "[]",
  "{}",
  '""',
  "0",
  ...HOSTILE_KEYS.flatMap((key) => [`{${JSON.stringify(key)}:null}`, `{${JSON.stringify(key)}:{${JSON.stringify(key)}:null}}`]),
];

/** The instance with the value at one random place (the root included) replaced by a graft. */
function graft(instance: Json, random: Random): unknown {
  const replacement = JSON.parse(random.pick(GRAFTS)) as Json;
  const walk = (node: Json, depth: number): Json => {
    if (depth > 0 && random.chance(0.3)) return replacement;
    if (Array.isArray(node) && node.length > 0) {
      const copy = [...node];
      const i = random.int(0, copy.length - 1);
      copy[i] = walk(copy[i] as Json, depth + 1);
      return copy;
    }
    if (typeof node === "object" && node !== null) {
      const members = node as Record<string, Json>;
      const keys = Object.keys(members);
      if (keys.length === 0) return replacement;
      const key = random.pick(keys);
      const copy: Record<string, Json> = {};
      for (const k of keys)
        Object.defineProperty(copy, k, {
          value: members[k],
          enumerable: true,
          writable: true,
          configurable: true,
        });
      Object.defineProperty(copy, key, {
        value: walk(members[key] as Json, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return copy;
    }
    return replacement;
  };
  return walk(instance, 0);
}

/** The exported validators and guards of a generated module. */
function verdicts(source: string): [string, Verdict][] {
  const module = loadModule<Record<string, unknown>>(source);
  return Object.entries(module)
    .filter(([name, f]) => typeof f === "function" && /^(validate|is)[A-Z_]/.test(name))
    .map(([name, f]) => [name, f as Verdict]);
}

/** Runs `f` on `value`; a thrown error fails the property with the function and the value. */
function verdictOf(where: string, f: Verdict, value: unknown): void {
  try {
    f(value);
  } catch (error) {
    const shown = JSON.stringify(value, (_, v: unknown) => (typeof v === "bigint" ? `${v}n` : v));
    throw new Error(`${where} threw ${String(error)} on ${shown}`, { cause: error });
  }
}

function eachValue(all: readonly [string, Verdict][], runs: number, seed: number): void {
  fc.assert(
    fc.property(hostileValue, (value) => {
      const bigints = withBigints(value);
      for (const [name, f] of all) {
        verdictOf(name, f, value);
        verdictOf(name, f, bigints);
      }
    }),
    { numRuns: runs, seed },
  );
}

const GOLDENS = [
  "generated/rightkit.agent.demo.v1/validators.ts",
  "generated/agentcli.v0.2/validators.ts",
  "test/fixtures/int64/generated/rightkit.test.int64.v1/validators.ts",
];

describe("a generated validator never throws, on any JSON value", () => {
  for (const path of GOLDENS) {
    it(`golden ${path}`, () => {
      const all = verdicts(readFileSync(path, "utf8"));
      expect(all.length).toBeGreaterThan(4);
      eachValue(all, 2_000, SEED);
    });
  }

  const DIR = "test/fixtures/corpus";
  const corpus = readdirSync(DIR)
    .filter((name) => name.endsWith(".json"))
    .sort();
  it("has the corpus", () => expect(corpus.length).toBeGreaterThan(30));
  for (const name of corpus) {
    it(`corpus ${name}`, { timeout: 120_000 }, () => {
      const path = `${DIR}/${name}`;
      // The validators generate makes, unformatted (and without the output folder generate would name).
      const contract = loadContract({ contract: path });
      const graph = schemaGraph(contract.schema, contract.schemaFile);
      const model = modelOf(contract, graph);
      const entries = model.types.map((type) => ({ name: type.name, pointer: type.id }));
      const source = `${emitValidators(graph, entries, model.int64)}`.replace(/^import type .*$/m, "");
      const module = loadModule<Record<string, unknown>>(source);
      const all = verdicts(source);
      expect(all.length).toBe(model.types.length * 2);
      // Random values: fewer per function for schemas of many types, the same work each.
      eachValue(all, Math.max(20, Math.min(400, Math.floor(40_000 / all.length))), seedOf(`${SEED}:${name}`));
      // Instances shaped by the schema, with one spot made hostile: they reach the deep places.
      const sampler = new SchemaSampler(schemaGraph(JSON.parse(readFileSync(path, "utf8")) as unknown, path));
      const perType = Math.max(4, Math.min(60, Math.floor(6_000 / model.types.length)));
      for (const type of model.types) {
        const validate = module[`validate${type.name}`] as Verdict;
        const guard = module[`is${type.name}`] as Verdict;
        for (let i = 0; i < perType; i++) {
          const seed = seedOf(`${SEED}:${name}:${type.id}:${i}`);
          const random = new Random(seed);
          const base = i % 2 === 0 ? sampler.sampleValid(type.id, seed) : sampler.sampleMutated(type.id, seed);
          const value = graft(base, random);
          verdictOf(`validate${type.name}`, validate, value);
          verdictOf(`is${type.name}`, guard, value);
          verdictOf(`validate${type.name}`, validate, withBigints(value));
        }
      }
    });
  }

  /** Schemas of the keywords an anyOf/oneOf branch may hold inline (leaf.ts), under hostile keys. */
  const KEYWORDS: Readonly<Record<string, fc.Arbitrary<unknown>>> = {
    type: fc.constantFrom("string", "number", "integer", "null", "boolean", "object", "array", ["string", "null"]),
    minLength: fc.nat(4),
    maxLength: fc.nat(6),
    minimum: fc.integer({ min: -3, max: 3 }),
    exclusiveMaximum: fc.integer({ min: -3, max: 9 }),
    multipleOf: fc.constantFrom(1, 2, 0.5),
    enum: fc.array(fc.oneof(fc.constant(null), fc.boolean(), fc.integer({ min: -2, max: 2 }), fc.string({ maxLength: 3 })), {
      minLength: 1,
      maxLength: 8,
    }),
    const: fc.oneof(fc.constant(null), fc.integer({ min: -2, max: 2 }), fc.string({ maxLength: 3 })),
    pattern: fc.constantFrom("^a", "b$", "[0-9]"),
    format: fc.constantFrom("int64", "uint64", "uint32"),
  };
  /** One to three of those keywords: few, so that a branch is often a single check. */
  const leaf: fc.Arbitrary<Record<string, unknown>> = fc
    .uniqueArray(fc.constantFrom(...Object.keys(KEYWORDS)), { minLength: 1, maxLength: 3 })
    .chain((keywords) =>
      fc
        .tuple(...keywords.map((keyword) => KEYWORDS[keyword] as fc.Arbitrary<unknown>))
        .map((values) => Object.fromEntries(keywords.map((keyword, i) => [keyword, values[i]]))),
    );
  const { schema: drawnSchema } = fc.letrec<{ schema: unknown }>((tie) => ({
    schema: fc.oneof(
      { depthSize: "small", maxDepth: 4 },
      leaf,
      fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
      fc.record({ oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
      fc.record({ not: tie("schema") }),
      fc.record({ items: tie("schema") }),
      fc.record({ additionalProperties: tie("schema") }),
      fc
        .tuple(fc.constantFrom(...HOSTILE_KEYS), tie("schema"), fc.boolean())
        .map(([key, sub, required]) =>
          JSON.parse(
            `{"properties":{${JSON.stringify(key)}:${JSON.stringify(sub)}}${required ? `,"required":[${JSON.stringify(key)}]` : ""}}`,
          ),
        ),
    ),
  }));

  it("schemas drawn from the inline keywords, nested under hostile keys, in number and bigint mode", { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(
        drawnSchema,
        fc.constantFrom("number" as const, "bigint" as const),
        fc.array(hostileValue, { minLength: 20, maxLength: 20 }),
        (schema, int64, values) => {
          const source = emitValidatorModule(schema as object, { int64 });
          const all = verdicts(source);
          for (const value of values)
            for (const [name, f] of all) {
              verdictOf(`${name} of ${JSON.stringify(schema)}`, f, value);
              verdictOf(`${name} of ${JSON.stringify(schema)}`, f, withBigints(value));
            }
        },
      ),
      { numRuns: 400, seed: SEED },
    );
  });
});
