/**
 * standard-schema.ts (issue 23): every named type of a binding has a Standard Schema v1 object,
 * `standard<Name>`, whose validate wraps `validate<Name>` (valid → `{ value }`, invalid →
 * `{ issues }` with our messages, and the JSON pointer as keys), and whose Standard JSON Schema
 * gives, for "draft-2020-12" only, a self-contained document that means what the validator does
 * (Ajv 2020 on it agrees with validate<Name> on seeded instances). Both committed bindings, a
 * draft-07 corpus schema, and small contracts made here for the edges (odd keys, `$dynamicRef`).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { loadContract, type ContractSource } from "../../generator/load/contract.js";
import type { ContractModel } from "../../generator/model/types.js";
import { standardSchemaName } from "../../generator/naming/binding-names.js";
import { generateFiles, modelOf } from "../../generator/pipeline.js";
import { schemaGraph } from "../../generator/resolve/index.js";
import * as agentcli from "../../generated/agentcli.v0.2/index.js";
import * as demo from "../../generated/rightkit.agent.demo.v1/index.js";
import { ajvFor } from "../support/ajv-dialect.js";
import { writeTree } from "../support/consumer-settings.js";
import { SchemaSampler, seedOf } from "../support/schema-sampler.js";

type Issue = { instancePath: string; message: string };
type Validate = (value: unknown) => { ok: true; value: unknown } | { ok: false; issues: Issue[] };
type Standard = {
  "~standard": {
    version: number;
    vendor: string;
    validate(value: unknown): { value?: unknown; issues?: { message: string; path?: PropertyKey[] }[] };
    jsonSchema: {
      input(options: { target: string }): Record<string, unknown>;
      output(options: { target: string }): Record<string, unknown>;
    };
  };
};
type Binding = Readonly<Record<string, unknown>>;

const root = mkdtempSync(join(tmpdir(), "rightkit-bindgen-standard-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A contract's binding, generated into a temporary folder and bundled from its index.ts into one live module. */
async function liveBinding(source: ContractSource): Promise<Binding> {
  const { files, model } = await generateFiles(source, { typeCheck: "never" });
  const out = mkdtempSync(join(root, "binding-"));
  writeTree(out, files);
  const entry = join(out, [...files.keys()].find((path) => path.endsWith("/index.ts") && !path.startsWith("runtime/")) as string);
  const { outputFiles } = buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "cjs",
    write: false,
    logLevel: "silent",
  });
  const module = { exports: {} as Record<string, unknown> };
  new Function("module", "exports", outputFiles[0]?.text ?? "")(module, module.exports);
  expect(Object.keys(module.exports).length, model.id).toBeGreaterThan(0);
  return module.exports;
}

/** A contract made here: the schema written to a file of its own. */
function contractFile(name: string, schema: object): ContractSource {
  const file = join(root, `${name}.schema.json`);
  writeFileSync(file, JSON.stringify(schema));
  return { contract: file };
}

const standardOf = (binding: Binding, typeName: string): Standard => binding[standardSchemaName(typeName)] as Standard;
const validatorOf = (binding: Binding, typeName: string): Validate => binding[`validate${typeName}`] as Validate;

/** RFC 6901 again, from keys: what the path must turn back into. */
const pointerOf = (path: readonly PropertyKey[]): string =>
  path.map((key) => `/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

/**
 * The wrapper agrees with validate<Name> on `value`: the same verdict, the value itself back, the
 * same messages in order, each path the instance path's keys, a number exactly where it indexes an array.
 */
function expectAgreement(binding: Binding, typeName: string, value: unknown): void {
  const ours = validatorOf(binding, typeName)(value);
  const standard = standardOf(binding, typeName)["~standard"].validate(value);
  if (ours.ok) {
    expect(standard).toEqual({ value });
    expect(standard.value).toBe(value);
    return;
  }
  expect(standard.value).toBeUndefined();
  expect(standard.issues?.map((issue) => issue.message)).toEqual(ours.issues.map((issue) => issue.message));
  standard.issues?.forEach((issue, i) => {
    const pointer = ours.issues[i]?.instancePath ?? "";
    expect(pointerOf(issue.path ?? []), issue.message).toBe(pointer);
    if (pointer === "") expect(issue.path).toBeUndefined();
    let at: unknown = value;
    for (const key of issue.path ?? []) {
      expect(typeof key, `${pointer}: ${String(key)}`).toBe(Array.isArray(at) ? "number" : "string");
      at = (at as Record<PropertyKey, unknown> | undefined)?.[key];
    }
  });
}

interface Sampled {
  readonly model: ContractModel;
  readonly sampler: SchemaSampler;
}

function sampled(source: ContractSource): Sampled {
  const contract = loadContract(source);
  const graph = schemaGraph(contract.schema, contract.schemaFile);
  return { model: modelOf(contract, graph), sampler: new SchemaSampler(graph) };
}

/** Seeded instances of each type, one valid for every four broken. */
function* instances({ model, sampler }: Sampled, perType: number): Generator<[string, unknown]> {
  for (const type of model.types) {
    for (let i = 0; i < perType; i++) {
      const seed = seedOf(`${model.id}:${type.id}:${i}`);
      yield [type.name, i % 5 === 0 ? sampler.sampleValid(type.id, seed) : sampler.sampleMutated(type.id, seed)];
    }
  }
}

/** Ajv 2020 on each type's draft-2020-12 document gives validate<Name>'s verdict on every instance. */
function expectExactDocuments(binding: Binding, contract: Sampled, perType: number): { valid: number; invalid: number } {
  const ajv = ajvFor("2020-12");
  const compiled = new Map<string, (value: unknown) => boolean>();
  const verdicts = { valid: 0, invalid: 0 };
  for (const [name, value] of instances(contract, perType)) {
    let reference = compiled.get(name);
    if (reference === undefined) {
      const document = standardOf(binding, name)["~standard"].jsonSchema.input({ target: "draft-2020-12" });
      const check = ajv.compile(document);
      reference = (instance: unknown) => check(instance) === true;
      compiled.set(name, reference);
    }
    const ok = validatorOf(binding, name)(value).ok;
    expect(reference(value), `${name}: ${JSON.stringify(value)}`).toBe(ok);
    verdicts[ok ? "valid" : "invalid"] += 1;
  }
  return verdicts;
}

const DEMO = sampled({
  contract: "contract/rightkit.agent.demo.v1.schema.json",
  binding: "contract/rightkit.agent.demo.v1.binding.json",
});
const AGENTCLI = sampled({ contract: "contract/agentcli.v0.2.schema.json", binding: "contract/agentcli.v0.2.binding.json" });

describe.each([
  ["rightkit.agent.demo.v1", demo as Binding, DEMO],
  ["agentcli.v0.2", agentcli as Binding, AGENTCLI],
])("the committed binding %s", (id, binding, contract) => {
  it("has a Standard Schema object for every named type, methods' params and results included, and no other", () => {
    const names = contract.model.types.map((type) => standardSchemaName(type.name)).sort();
    expect(Object.keys(binding).filter((key) => key.startsWith("standard"))).toEqual(names);
    const methods = contract.model.methods.flatMap((method) => [method.params, method.result]);
    for (const pointer of methods) expect(binding[standardSchemaName(contract.model.typeNames.get(pointer) ?? "")]).toBeDefined();
    for (const type of contract.model.types) {
      const props = standardOf(binding, type.name)["~standard"];
      expect(props.version).toBe(1);
      expect(props.vendor).toBe("rightkit-bindgen");
      expect(typeof props.validate).toBe("function");
      // `types` is for the compiler only.
      expect("types" in props).toBe(false);
    }
  });

  it("validates synchronously as validate<Name> does: { value } or { issues } with our messages and key paths", () => {
    let failures = 0;
    for (const [name, value] of instances(contract, 25)) {
      expect(standardOf(binding, name)["~standard"].validate(value)).not.toBeInstanceOf(Promise);
      expectAgreement(binding, name, value);
      if (!validatorOf(binding, name)(value).ok) failures += 1;
    }
    expect(failures, id).toBeGreaterThan(contract.model.types.length);
  });

  it("states each type as a draft 2020-12 document that means what the validator does", () => {
    const verdicts = expectExactDocuments(binding, contract, 25);
    expect(verdicts.valid).toBeGreaterThan(0);
    expect(verdicts.invalid).toBeGreaterThan(0);
  });

  it("refuses every other target with an error naming it and the one it supports", () => {
    const props = standardOf(binding, contract.model.types[0]?.name ?? "")["~standard"];
    for (const target of ["draft-07", "openapi-3.0", "draft-04", ""]) {
      for (const side of ["input", "output"] as const) {
        expect(() => props.jsonSchema[side]({ target })).toThrow(
          new RegExp(`no exact JSON Schema in target "${target}"; the target it supports is "draft-2020-12"`),
        );
      }
    }
  });
});

describe("what a front end pulls in", () => {
  it.each(["generated/rightkit.agent.demo.v1", "generated/agentcli.v0.2"])(
    "%s/standard-schema.ts bundles for a browser: the runtime part it imports has no Node import",
    (dir) => {
      const { outputFiles, metafile } = buildSync({
        entryPoints: [`${dir}/standard-schema.ts`],
        bundle: true,
        platform: "browser",
        format: "esm",
        write: false,
        metafile: true,
        logLevel: "silent",
      });
      expect(outputFiles).toHaveLength(1);
      const runtime = Object.keys(metafile.inputs).filter((path) => path.startsWith("generated/runtime/"));
      expect(runtime.sort()).toEqual(["generated/runtime/core/standard-schema.ts"]);
    },
  );
});

describe("the demo binding's documents", () => {
  const schemaOf = (name: string, side: "input" | "output" = "input"): Record<string, unknown> =>
    standardOf(demo, name)["~standard"].jsonSchema[side]({ target: "draft-2020-12" });

  it("are self-contained: $schema first, the type's own keywords, then exactly the definitions it reaches, sorted", () => {
    const document = schemaOf("BatchParams");
    expect(Object.keys(document)).toEqual(["$schema", "properties", "required", "type", "$defs"]);
    expect(document.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(Object.keys(document.$defs as object)).toEqual(["elementOp", "elementRef", "step", "token"]);
    expect(schemaOf("ActResult")).not.toHaveProperty("$defs");
    // A type that is itself a definition is stated as that definition.
    expect(schemaOf("Step")).toMatchObject({ type: "object", required: ["ref", "op"] });
    expect(Object.keys(schemaOf("Step").$defs as object)).toEqual(["elementOp", "elementRef"]);
  });

  it("are the same for input and output, and fresh on every call", () => {
    expect(schemaOf("BatchParams", "output")).toEqual(schemaOf("BatchParams", "input"));
    const first = schemaOf("BatchParams");
    (first.$defs as Record<string, unknown>)["step"] = false;
    first["type"] = "array";
    expect(schemaOf("BatchParams")).toEqual(schemaOf("BatchParams", "output"));
    expect(schemaOf("BatchParams")).not.toEqual(first);
  });

  it("come back with our issues for a value one step off", () => {
    const value = {
      token: "t",
      steps: [
        { ref: "e1", op: "click" },
        { ref: "e2", op: "jump" },
      ],
    };
    const result = demo.standardBatchParams["~standard"].validate(value);
    const ours = demo.validateBatchParams(value);
    expect(ours.ok).toBe(false);
    if (ours.ok !== false || result instanceof Promise) throw new Error("expected a synchronous failure");
    expect(result.issues).toEqual(ours.issues.map((issue) => ({ message: issue.message, path: ["steps", 1, "op"] })));
    expect(result.issues?.[0]?.message).toMatch(/^\/steps\/1\/op: /);
  });
});

describe("paths, from contracts made for their edges", () => {
  it("unescapes ~1 and ~0, and makes a number only of an array's index (an object's key \"0\" stays a string)", async () => {
    const binding = await liveBinding(
      contractFile("odd-keys", {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        $id: "https://example.test/odd-keys.v1",
        type: "object",
        properties: {
          "a/b": { type: "object", properties: { "0": { type: "integer" } } },
          "~c": { type: "array", items: { type: "object", properties: { "1": { type: "string" } } } },
          // Computed, or the literal would set the prototype instead of adding a key.
          ["__proto__"]: { type: "object", properties: { d: { type: "boolean" } } },
        },
      }),
    );
    const name = Object.keys(binding)
      .find((key) => key.startsWith("standard"))
      ?.slice("standard".length) as string;
    const cases: [unknown, PropertyKey[]][] = [
      [{ "a/b": { "0": "zero" } }, ["a/b", "0"]],
      [{ "~c": [{}, { "1": 1 }] }, ["~c", 1, "1"]],
      [JSON.parse('{"__proto__": {"d": "no"}}'), ["__proto__", "d"]],
    ];
    for (const [value, path] of cases) {
      const result = standardOf(binding, name)["~standard"].validate(value);
      expect(
        result.issues?.map((issue) => issue.path),
        JSON.stringify(value),
      ).toEqual([path]);
      expectAgreement(binding, name, value);
    }
    // An issue about the value itself has no path.
    expect(standardOf(binding, name)["~standard"].validate(7).issues?.[0]).toEqual({
      message: (validatorOf(binding, name)(7) as { issues: Issue[] }).issues[0]?.message,
    });
    // A definition or property called __proto__ stays an own key of the document.
    const document = standardOf(binding, name)["~standard"].jsonSchema.input({ target: "draft-2020-12" });
    expect(Object.getPrototypeOf(document.properties)).toBe(Object.prototype);
    expect(Object.keys(document.properties as object)).toContain("__proto__");
  });
});

describe("documents of schemas in other dialects and shapes", () => {
  it("states a draft-07 corpus schema as draft 2020-12 documents that mean what the validators do", async () => {
    const source = { contract: "test/fixtures/corpus/oxidecomputer__omicron__schema_deployment-config.json" };
    const verdicts = expectExactDocuments(await liveBinding(source), sampled(source), 20);
    expect(verdicts.valid).toBeGreaterThan(0);
    expect(verdicts.invalid).toBeGreaterThan(0);
  });

  it("states a recursive definition with itself in $defs", async () => {
    const source = contractFile("recursive", {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "https://example.test/recursive.v1",
      $ref: "#/$defs/node",
      $defs: {
        node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/node" } } } },
      },
    });
    const binding = await liveBinding(source);
    const contract = sampled(source);
    const node = contract.model.typeNames.get("#/$defs/node") as string;
    const document = standardOf(binding, node)["~standard"].jsonSchema.input({ target: "draft-2020-12" });
    expect(Object.keys(document.$defs as object)).toEqual(["node"]);
    expect(expectExactDocuments(binding, contract, 20).invalid).toBeGreaterThan(0);
    const nested = { children: [{ children: [{ children: 3 }] }] };
    expect(standardOf(binding, node)["~standard"].validate(nested).issues?.[0]?.path).toEqual([
      "children",
      0,
      "children",
      0,
      "children",
    ]);
  });

  it("has no document for a type whose schema uses $dynamicRef, in any target, and still validates", async () => {
    const source = contractFile("dynamic", {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "https://example.test/dynamic.v1",
      $dynamicAnchor: "node",
      $ref: "#/$defs/tree",
      unevaluatedProperties: false,
      $defs: {
        tree: {
          $dynamicAnchor: "node",
          type: "object",
          properties: { data: true, children: { type: "array", items: { $dynamicRef: "#node" } } },
        },
        leaf: { type: "string" },
      },
    });
    const binding = await liveBinding(source);
    const { model } = sampled(source);
    const leaf = model.typeNames.get("#/$defs/leaf") as string;
    const inexact = model.types.filter((type) => type.id !== "#/$defs/leaf");
    expect(inexact.length).toBeGreaterThan(0);
    for (const type of inexact) {
      const props = standardOf(binding, type.name)["~standard"];
      for (const target of ["draft-2020-12", "draft-07"]) {
        expect(() => props.jsonSchema.input({ target })).toThrow(
          `rightkit-bindgen: ${type.name} has no exact JSON Schema in any target, "${target}" included: its schema uses $dynamicRef`,
        );
      }
      expectAgreement(binding, type.name, { children: [{ data: 1 }, { daat: 1 }] });
    }
    // The other types keep theirs.
    expect(standardOf(binding, leaf)["~standard"].jsonSchema.output({ target: "draft-2020-12" })).toMatchObject({
      type: "string",
    });
    expect(readFileSync(join(root, "dynamic.schema.json"), "utf8")).toContain("$dynamicRef");
  });
});

describe("names", () => {
  it("keeps contract types off the module's own type names and the globals it uses, and compiles", async () => {
    const taken = ["StandardSchemaV1", "StandardValidator", "StandardJSONSchemaV1Options", "PropertyKey", "Record"];
    const source = contractFile("taken-names", {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "https://example.test/taken-names.v1",
      type: "object",
      properties: Object.fromEntries(taken.map((name) => [name, { $ref: `#/$defs/${name}` }])),
      $defs: Object.fromEntries(taken.map((name) => [name, { type: "object", properties: { [name]: { type: "string" } } }])),
    });
    // Type-checked: a contract type shadowing one of these would break standard-schema.ts.
    const { model } = await generateFiles(source, { typeCheck: "always" });
    const names = model.types.map((type) => type.name);
    for (const name of taken) expect(names, name).not.toContain(name);
    const binding = await liveBinding(source);
    for (const name of names) expect(standardOf(binding, name)["~standard"].vendor).toBe("rightkit-bindgen");
  });
});
