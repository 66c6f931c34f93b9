/**
 * The params schema each tool spec publishes (`--tools`, the binding's Standard JSON Schema, and
 * selfContainedSchema, what mcp and openrpc publish): self-contained draft 2020-12 that Ajv
 * compiles on its own, meaning what the generated validator means. Checked on the demo binding,
 * on a contract full of recursive and non-$defs refs, on draft-07 input, and for stable names.
 */
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import Ajv2020Module from "ajv/dist/2020.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selfContainedSchema } from "../../generator/analyses/bundle.js";
import { emitValidatorModule } from "../../generator/emit/validators/index.js";
import { generateFiles } from "../../generator/pipeline.js";
import { schemaGraph } from "../../generator/resolve/index.js";
import { CLI_TABLE } from "../../generated/rightkit.agent.demo.v1/index.js";
import { privateTempDir } from "../support/host.js";
import { reverseKeys } from "../support/json.js";
import { mutated, validInstance } from "../support/arbitraries.js";
import { EMBEDDED } from "../support/bindgen.js";
import { loadModule } from "../support/load-module.js";
import { paramsSchemaOf } from "../support/stated-schema.js";
import type { CliTool } from "../support/runtime.js";

const SEED = 20261130;
const DEMO_SCHEMA = JSON.parse(readFileSync(EMBEDDED.contract, "utf8")) as object;
const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";
const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;

type Schema = Record<string, unknown>;
type Tool = { tool: string; method: string; paramsSchema: Schema; validate(value: unknown): { ok: boolean } };

/** A CLI table's tool with the schema its `--tools` entry publishes. */
const published = (tool: CliTool): Tool => ({ ...tool, paramsSchema: paramsSchemaOf(tool) as Schema });

/**
 * Compiles the schema alone, in a fresh Ajv: nothing else is registered to resolve refs against.
 * Strict about the schema itself (unknown keywords, bad numbers); Ajv's style lints (a tuple
 * without maxItems, `properties` without `type`) are not validity and stay off.
 */
function compile(schema: Schema): (value: unknown) => boolean {
  const ajv = new Ajv2020({ strictSchema: true, strictNumbers: true, strictTypes: false, strictTuples: false, logger: false });
  expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
  const validate = ajv.compile(schema);
  return (value) => validate(value) === true;
}

/** Every `$ref` in a tool schema is `#` or `#/$defs/<name>` of a definition it holds. */
function expectSelfContained(schema: Schema): void {
  const defs = (schema["$defs"] ?? {}) as Schema;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === "object" && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key === "$ref") {
          expect(typeof child).toBe("string");
          if (child !== "#") {
            const name = decodeURIComponent((child as string).replace(/^#\/\$defs\//, ""))
              .replace(/~1/g, "/")
              .replace(/~0/g, "~");
            expect(child as string).toMatch(/^#\/\$defs\/[^/]+$/);
            expect(Object.hasOwn(defs, name), `${child as string} in ${Object.keys(defs).join(", ")}`).toBe(true);
          }
        } else visit(child);
      }
    }
  };
  visit(schema);
  expect(Object.keys(schema)[0]).toBe("$schema");
  expect(schema["$schema"]).toBe(DRAFT_2020_12);
}

/**
 * The tool schema and the generated validator agree on seeded samples: values built from the
 * schema, mutations of them and arbitrary JSON. Both verdicts must come up often enough to count.
 */
function expectAgreement(tool: Tool, samples: fc.Arbitrary<unknown>, runs = 1500): void {
  const ajv = compile(tool.paramsSchema);
  const verdicts = { valid: 0, invalid: 0 };
  fc.assert(
    fc.property(samples, (sample) => {
      const expected = tool.validate(sample).ok;
      verdicts[expected ? "valid" : "invalid"]++;
      expect(ajv(sample), JSON.stringify(sample)).toBe(expected);
    }),
    { seed: SEED, numRuns: runs },
  );
  expect(verdicts.valid, tool.tool).toBeGreaterThan(runs / 10);
  expect(verdicts.invalid, tool.tool).toBeGreaterThan(runs / 10);
}

/** Samples for the params at `pointer` of `schema`, as the validators' differential test makes them. */
function samplesFor(schema: object, pointer: string): fc.Arbitrary<unknown> {
  const valid = validInstance(schemaGraph(schema), pointer);
  return fc.oneof(valid, mutated(valid), fc.jsonValue());
}

/** Every sample gets the same verdict from the tool schema and the validator. */
function expectSameVerdicts(tool: Tool, samples: readonly unknown[]): void {
  const ajv = compile(tool.paramsSchema);
  for (const sample of samples) expect(ajv(sample), JSON.stringify(sample)).toBe(tool.validate(sample).ok);
}

/** Mostly `good`, sometimes `bad`: deep values stay valid often enough for both verdicts to count. */
const mostly = <T>(good: readonly T[], bad: readonly T[]): fc.Arbitrary<T> =>
  fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...good) }, { weight: 1, arbitrary: fc.constantFrom(...bad) });

/** Values near the fixture's shapes, valid and not: labels and leaves that break minLength and pattern, and so on. */
const label = mostly<unknown>(["a", "abc"], ["", 1]);
const tree: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.record(
    { label, children: fc.oneof({ maxDepth: 3 }, fc.constant([]), fc.array(tie("node"), { maxLength: 3 })) },
    { requiredKeys: ["label"] },
  ),
})).node;
const pingPong: fc.Arbitrary<unknown> = fc.letrec<{ ping: unknown }>((tie) => ({
  ping: fc.oneof(
    { maxDepth: 4 },
    fc.constant({}),
    fc.record({ pong: fc.record({ depth: mostly<unknown>([0, 3], [-1, "1"]), ping: tie("ping") }, { requiredKeys: ["depth"] }) }),
  ),
})).ping;
const walkParams: fc.Arbitrary<unknown> = fc
  .tuple(
    fc.letrec<{ walk: unknown }>((tie) => ({
      walk: fc.record(
        {
          tree,
          again: fc.oneof(
            { maxDepth: 2 },
            tree.map((t) => ({ tree: t })),
            tie("walk"),
          ),
          ping: pingPong,
          label,
          leaf: mostly<unknown>(["abc", "x"], ["ABC", ""]),
          ext: fc.record({ n: mostly<unknown>([0, 9], [10, "1"]) }),
        },
        { requiredKeys: ["tree"] },
      ),
    })).walk,
    mostly([false], [true]),
  )
  // A key the closed params do not declare, now and then.
  .map(([params, stray]) => (stray ? { ...(params as object), stray: 1 } : params));

describe("the demo binding's tool schemas", () => {
  const tools = CLI_TABLE.tools.map(published);

  it("are self-contained draft 2020-12 documents", () => {
    expect(tools).toHaveLength(6);
    for (const tool of tools) expectSelfContained(tool.paramsSchema);
  });

  it.each(tools.map((tool) => [tool.tool, tool] as const))(
    "%s compiles with Ajv 2020 and agrees with the validator",
    (_, tool) => {
      expectAgreement(tool, samplesFor(DEMO_SCHEMA, `#/$defs/${tool.method}/params`));
    },
  );

  it("keep each shape once, under its contract name, with the contract's own words", () => {
    const batch = tools.find((tool) => tool.tool === "demo.batch")?.paramsSchema;
    expect(Object.keys((batch?.["$defs"] ?? {}) as Schema)).toEqual(["elementOp", "elementRef", "step", "token"]);
    expect(batch?.["properties"]).toEqual({
      steps: { items: { $ref: "#/$defs/step" }, maxItems: 20, minItems: 1, type: "array" },
      token: { $ref: "#/$defs/token" },
    });
    expect(tools.find((tool) => tool.tool === "demo.apps")?.paramsSchema).toEqual({
      $schema: DRAFT_2020_12,
      properties: {},
      type: "object",
    });
  });
});

describe("a contract of recursive and non-$defs refs, through the whole pipeline", () => {
  let temp: { dir: string; remove(): Promise<void> };
  let tools: Tool[];
  let source: object;

  beforeAll(async () => {
    const generated = await generateFiles({ contract: "test/fixtures/recursive-tools/schema.json" }, { typeCheck: "always" });
    source = generated.contract.schema as object;
    temp = await privateTempDir();
    for (const [path, text] of generated.files) {
      const file = join(temp.dir, path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, text);
    }
    const cli = (await import(pathToFileURL(join(temp.dir, "recursive-tools.v1/cli.ts")).href)) as {
      CLI_TABLE: { tools: CliTool[] };
    };
    tools = cli.CLI_TABLE.tools.map(published);
  });

  afterAll(() => temp.remove());

  it("rewrites every ref into its own $defs: keys for $defs entries, content names otherwise, the root's own for itself", () => {
    const walk = tools.find((tool) => tool.tool === "walk")?.paramsSchema as Schema;
    expectSelfContained(walk);
    // The binding's table holds each schema once: a root some ref reaches is a definition too.
    const { $schema: _, $defs: ownDefs, ...body } = walk;
    const again = ((walk["properties"] as Schema)["again"] as { $ref: string }).$ref;
    expect((ownDefs as Schema)[again.replace("#/$defs/", "")]).toEqual(body);
    expect(walk["properties"]).toEqual({
      again: { $ref: expect.stringMatching(/^#\/\$defs\/schema-[0-9a-f]{12}$/) },
      ext: { $ref: "#/$defs/ext" },
      label: { $ref: expect.stringMatching(/^#\/\$defs\/schema-[0-9a-f]{12}$/) },
      leaf: { $ref: "#/$defs/leaf" },
      ping: { $ref: "#/$defs/ping" },
      tree: { $ref: "#/$defs/node" },
    });
    const defs = walk["$defs"] as Schema;
    // The embedded resource lost its $id (its ref would resolve against it) and its own $defs.
    expect(defs["ext"]).toEqual({
      properties: { n: { $ref: expect.stringMatching(/^#\/\$defs\/schema-[0-9a-f]{12}$/) } },
      type: "object",
    });
    expect(defs["leaf"]).toEqual({ pattern: "^[a-z]+$", type: "string" });
    expect(Object.keys(defs)).not.toContain("unused");
    // The label's and ext's content-named targets, and the root's own.
    expect(Object.keys(defs).filter((name) => name.startsWith("schema-"))).toHaveLength(3);
  });

  it("compiles and agrees with the generated validator, recursion included", () => {
    const walk = tools.find((tool) => tool.tool === "walk") as Tool;
    expectAgreement(walk, fc.oneof(walkParams, fc.jsonValue()));
    const flat = tools.find((tool) => tool.tool === "flat") as Tool;
    expectAgreement(flat, samplesFor(source, "#/$defs/flat/params"));
  });

  it("accepts and refuses deep recursive values as the validator does", () => {
    const walk = tools.find((tool) => tool.tool === "walk") as Tool;
    const deep = (depth: number, label: string): object =>
      depth === 0 ? { label } : { label: "n", children: [deep(depth - 1, label)] };
    const pingPong = (depth: number): object => (depth === 0 ? {} : { pong: { depth, ping: pingPong(depth - 1) } });
    expectSameVerdicts(walk, [
      { tree: deep(6, "leaf") },
      { tree: deep(6, "") },
      { tree: { label: "a" }, again: { tree: { label: "b" }, again: { tree: { label: "" } } } },
      { tree: { label: "a" }, again: { tree: { label: "b" }, again: { tree: { label: "c" } } } },
      { tree: { label: "a" }, ping: pingPong(5) },
      { tree: { label: "a" }, ping: { pong: { ping: { pong: {} } } } },
      { tree: { label: "a" }, leaf: "abc", ext: { n: 9 } },
      { tree: { label: "a" }, leaf: "ABC" },
      { tree: { label: "a" }, ext: { n: 10 } },
    ]);
    const ajv = compile(walk.paramsSchema);
    expect(ajv({ tree: deep(6, "leaf") })).toBe(true);
    expect(ajv({ tree: deep(6, "") })).toBe(false);
  });
});

describe("selfContainedSchema on its own", () => {
  /** The tool schema of a whole document, and the generated validator of the same document. */
  function both(schema: object): { tool: Tool; schema: Schema } {
    const validator = loadModule(emitValidatorModule(schema));
    const tool: Tool = {
      tool: "root",
      method: "root",
      paramsSchema: selfContainedSchema(schemaGraph(schema), "#"),
      validate: validator.validate,
    };
    return { tool, schema: tool.paramsSchema };
  }

  it("reads draft-07 input as draft-07 and writes its 2020-12 equivalent", () => {
    const draft07 = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      definitions: { s: { type: "string" }, n: { type: "integer" } },
      properties: {
        a: { $ref: "#/definitions/s", minLength: 5 },
        t: { type: "array", items: [{ $ref: "#/definitions/s" }, { type: "integer" }], additionalItems: false },
        u: { type: "array", items: { type: "integer" }, additionalItems: false },
        p: { type: "array", prefixItems: [{ type: "string" }] },
        o: { dependencies: { x: ["y"], z: { required: ["w"] } } },
      },
    };
    const { tool, schema } = both(draft07);
    expect(schema).toEqual({
      $schema: DRAFT_2020_12,
      properties: {
        a: { $ref: "#/$defs/s" },
        o: { dependentRequired: { x: ["y"] }, dependentSchemas: { z: { required: ["w"] } } },
        p: { type: "array" },
        t: { items: false, prefixItems: [{ $ref: "#/$defs/s" }, { type: "integer" }], type: "array" },
        u: { items: { type: "integer" }, type: "array" },
      },
      type: "object",
      $defs: { s: { type: "string" } },
    });
    expectSameVerdicts(tool, [
      { a: "x" },
      { a: 1 },
      { t: ["a", 1] },
      { t: ["a", "b"] },
      { t: ["a", 1, 2] },
      { u: [1, 2] },
      { u: ["a"] },
      { p: [1] },
      { o: { x: 1 } },
      { o: { x: 1, y: 2 } },
      { o: { z: 1 } },
      { o: { z: 1, w: 2 } },
      [],
    ]);
  });

  it("takes an embedded draft-07 resource's meaning into a 2020-12 document", () => {
    const mixed = {
      $schema: DRAFT_2020_12,
      $defs: { old: { $id: "old.json", $schema: "http://json-schema.org/draft-07/schema#", items: [{ type: "string" }] } },
      $ref: "old.json",
    };
    const { tool, schema } = both(mixed);
    expect(schema).toEqual({
      $schema: DRAFT_2020_12,
      $ref: "#/$defs/old",
      $defs: { old: { prefixItems: [{ type: "string" }] } },
    });
    expectSameVerdicts(tool, [["a", 1], [1], [], "x"]);
  });

  it("gives a colliding draft-07 key a content name, $defs keeping its own", () => {
    const schema = selfContainedSchema(
      schemaGraph({
        $defs: { x: { type: "string" } },
        definitions: { x: { type: "integer" } },
        properties: { a: { $ref: "#/$defs/x" }, b: { $ref: "#/definitions/x" } },
      }),
      "#",
    );
    expect(schema["properties"]).toEqual({ a: { $ref: "#/$defs/x" }, b: { $ref: expect.stringMatching(/^#\/\$defs\/schema-/) } });
    expectSelfContained(schema);
  });

  it("is stable: key order and unrelated definitions do not change it", () => {
    const contract = {
      $defs: {
        a: { type: "object", properties: { b: { $ref: "#/$defs/b" }, c: { $ref: "#/$defs/b/properties/c" } } },
        b: { type: "object", properties: { c: { type: "string", maxLength: 3 }, a: { $ref: "#/$defs/a" } } },
      },
    };
    const base = selfContainedSchema(schemaGraph(contract), "#/$defs/a");
    expect(selfContainedSchema(schemaGraph(reverseKeys(contract)), "#/$defs/a")).toEqual(base);
    const grown = { $defs: { ...contract.$defs, z: { type: "null" }, aa: { $ref: "#/$defs/b/properties/c" } } };
    expect(JSON.stringify(selfContainedSchema(schemaGraph(grown), "#/$defs/a"))).toBe(JSON.stringify(base));
  });

  it("shares one definition between targets that mean the same", () => {
    const schema = selfContainedSchema(
      schemaGraph({
        $defs: { p: { properties: { x: { type: "string" } } }, q: { properties: { y: { type: "string" } } } },
        properties: { a: { $ref: "#/$defs/p/properties/x" }, b: { $ref: "#/$defs/q/properties/y" } },
      }),
      "#",
    );
    const properties = schema["properties"] as Record<string, { $ref: string }>;
    expect(properties["a"]?.$ref).toBe(properties["b"]?.$ref);
    expect(Object.keys(schema["$defs"] as Schema)).toHaveLength(1);
  });

  it("writes a boolean schema as an object", () => {
    expect(selfContainedSchema(schemaGraph({ $defs: { t: true, f: false } }), "#/$defs/t")).toEqual({ $schema: DRAFT_2020_12 });
    expect(selfContainedSchema(schemaGraph({ $defs: { t: true, f: false } }), "#/$defs/f")).toEqual({
      $schema: DRAFT_2020_12,
      not: {},
    });
  });

  it("percent-encodes names a URI fragment cannot hold, and Ajv reads them back", () => {
    const hostile = {
      $defs: { 'a b%/~"é': { type: "integer" }, "x?y#z": { type: "string" } },
      properties: { n: { $ref: "#/$defs/a%20b%25~1~0%22%C3%A9" }, s: { $ref: "#/$defs/x%3Fy%23z" } },
    };
    const { tool, schema } = both(hostile);
    expect(schema["properties"]).toEqual({ n: { $ref: "#/$defs/a%20b%25~1~0%22%C3%A9" }, s: { $ref: "#/$defs/x?y%23z" } });
    expectSelfContained(schema);
    expectSameVerdicts(tool, [{ n: 1, s: "s" }, { n: "1" }, { s: 1 }]);
  });
});
