/**
 * The OpenRPC documents of both embedded contracts: valid against the OpenRPC meta-schema (with
 * the JSON Schema meta-schema it refers to), byte-for-byte deterministic, and meaning what the
 * contract means — on seeded valid and broken samples of every method's params and result,
 * Ajv reading the embedded draft-07 Schema Objects (the dialect they are written in) gives the
 * generated validator's verdict every time.
 */
import { readFileSync } from "node:fs";
import * as jsonSchemaTools from "@json-schema-tools/meta-schema";
import * as openRpcMeta from "@open-rpc/meta-schema";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import * as agentcli from "../../generated/agentcli.v0.2/index.js";
import * as demo from "../../generated/rightkit.agent.demo.v1/index.js";
import { loadContract } from "../../generator/load/contract.js";
import { openRpcDocument } from "../../generator/openrpc/document.js";
import { modelOf } from "../../generator/pipeline.js";
import { schemaGraph } from "../../generator/resolve/index.js";
import { ajvFor } from "../support/ajv-dialect.js";
import { SchemaSampler, seedOf } from "../support/schema-sampler.js";

const SAMPLES = 40;
type Validator = (value: unknown) => { ok: boolean };
type Doc = {
  methods: {
    name: string;
    params: { name: string; schema: unknown; required: boolean }[];
    result: { schema: unknown };
    "x-params-schema"?: unknown;
  }[];
} & Record<string, unknown>;

const CONTRACTS = [
  { id: "rightkit.agent.demo.v1", validators: demo as unknown as Record<string, Validator> },
  { id: "agentcli.v0.2", validators: agentcli as unknown as Record<string, Validator> },
];

function documentOf(id: string) {
  const contract = loadContract({ contract: `contract/${id}.schema.json`, binding: `contract/${id}.binding.json` });
  const graph = schemaGraph(contract.schema, contract.schemaFile);
  const model = modelOf(contract, graph);
  return { model, graph, document: openRpcDocument(model, graph, contract) as Doc };
}

/** The OpenRPC meta-schema, its `$ref`s to the JSON Schema meta-schema resolved (it names it with and without a trailing slash). */
function metaValidator() {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, validateFormats: false, logger: false });
  // A CommonJS module: its schema is its `default` export.
  const metaSchema =
    (jsonSchemaTools as unknown as { default?: Record<string, unknown> }).default ??
    (jsonSchemaTools as unknown as Record<string, unknown>);
  const { $id: _id, ...anonymous } = metaSchema;
  ajv.addMetaSchema(metaSchema);
  ajv.addMetaSchema(anonymous, "https://meta.json-schema.tools");
  // Its typings name the type only; the module exports the schema as `openrpcDocument`.
  return ajv.compile((openRpcMeta as unknown as { openrpcDocument: object }).openrpcDocument);
}

describe.each(CONTRACTS)("the OpenRPC document of $id", ({ id, validators }) => {
  const { model, graph, document } = documentOf(id);

  it("validates against the OpenRPC meta-schema, and a broken copy does not", () => {
    const validate = metaValidator();
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    const broken = structuredClone(document);
    (broken.methods[0] as Record<string, unknown>)["paramStructure"] = "by-magic";
    expect(validate(broken)).toBe(false);
  });

  it("has every method by its wire name, by name, with its result and the contract's errors", () => {
    expect(document["openrpc"]).toBe("1.3.2");
    expect(document.methods.map((method) => method.name)).toEqual(model.methods.map((method) => method.tool));
    for (const method of document.methods) {
      expect(method).toMatchObject({ paramStructure: "by-name", result: { name: "result" } });
      expect((method as Record<string, unknown>)["errors"] ?? (method as Record<string, unknown>)["x-errors"]).toHaveLength(
        model.errors.codes.length,
      );
    }
    // Nothing had to be left to x-: both contracts say only what draft-07 can.
    expect(document["x-json-schema"]).toBeUndefined();
  });

  it("is the same bytes every time", () => {
    expect(JSON.stringify(documentOf(id).document)).toBe(JSON.stringify(document));
  });

  it("gives the generated validators' verdicts on seeded samples of every params and result", () => {
    const ajv = ajvFor("draft-07");
    ajv.addSchema(document, "https://openrpc.test/document.json");
    const sampler = new SchemaSampler(graph);
    let disagreements = 0;
    let refused = 0;
    model.methods.forEach((method, i) => {
      const entry = document.methods[i] as Doc["methods"][number];
      const paramsSchema = entry["x-params-schema"] ?? {
        type: "object",
        properties: Object.fromEntries(entry.params.map((param) => [param.name, param.schema])),
        required: entry.params.filter((param) => param.required).map((param) => param.name),
      };
      const sides = [
        { pointer: method.params, openrpc: paramsSchema, ours: validators[`validate${model.typeNames.get(method.params)}`] },
        {
          pointer: method.result,
          openrpc: { $ref: `https://openrpc.test/document.json#/methods/${i}/result/schema` },
          ours: validators[`validate${model.typeNames.get(method.result)}`],
        },
      ];
      for (const side of sides) {
        expect(side.ours, `${method.tool} ${side.pointer}`).toBeTypeOf("function");
        const theirs = ajv.compile(
          JSON.parse(
            JSON.stringify(side.openrpc).replaceAll('"#/components/', '"https://openrpc.test/document.json#/components/'),
          ),
        );
        for (let n = 0; n < SAMPLES; n++) {
          const seed = seedOf(`${id} ${side.pointer} ${n}`);
          const sample = n % 2 === 0 ? sampler.sampleValid(side.pointer, seed) : sampler.sampleMutated(side.pointer, seed);
          const verdict = (side.ours as Validator)(sample).ok;
          if (!verdict) refused++;
          if (theirs(sample) !== verdict) {
            disagreements++;
            expect.soft(theirs(sample), `${method.tool} ${side.pointer} seed ${seed}: ${JSON.stringify(sample)}`).toBe(verdict);
          }
        }
      }
    });
    expect(disagreements).toBe(0);
    // The samples are not all one kind: the broken ones are refused.
    expect(refused).toBeGreaterThan(model.methods.length * 10);
  });
});

it("names what OpenRPC cannot say: string codes, server notifications, binding facts", () => {
  const demoDoc = documentOf("rightkit.agent.demo.v1").document;
  expect(Object.keys(demoDoc["x-error-codes"] as object)).toHaveLength(13);
  const snapshot = demoDoc.methods.find((method) => method.name === "demo.snapshot") as Record<string, unknown>;
  expect(snapshot["x-fail-closed"]).toMatchObject({ field: "capture_state", expected: "safe", code: "capture_unsafe" });
  expect(snapshot["params"]).toEqual([expect.objectContaining({ name: "token", required: true, "x-sensitive": true })]);
  expect((demoDoc.methods.find((method) => method.name === "demo.request") as Record<string, unknown>)["x-timeout-ms"]).toBe(
    600_000,
  );
  const agentcliDoc = documentOf("agentcli.v0.2").document;
  expect(agentcliDoc["x-notifications"]).toEqual([
    expect.objectContaining({ name: "agentcli.ready", paramStructure: "by-name" }),
  ]);
  expect((agentcliDoc["components"] as { errors: Record<string, unknown> }).errors["-32602"]).toEqual({
    code: -32602,
    message: expect.any(String),
  });
  expect(readFileSync("contract/agentcli.v0.2.schema.json", "utf8")).toContain("agentcli.ready");
});
