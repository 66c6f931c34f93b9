/**
 * The agentcli contract schema (a fixture until the contract seam consumes it), checked against
 * the document it was written from, the upstream agentcli-jsonrpc-protocol.md, through that
 * document's facts (test/fixtures/contract-facts/agentcli-jsonrpc-protocol.json): it is a valid
 * 2020-12 schema; its methods and notifications are exactly the document's headings; the
 * document's JSON examples validate; the documented params, defaults, enums and error codes are
 * there; it compiles through the project's validator compiler; and the conformance server's
 * answers validate.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020Module from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractShape } from "../../generator/contract/shape.js";
import { emitValidators } from "../../generator/emit/validators/index.js";
import { emitValidatorModule } from "../../generator/index.js";
import { schemaGraph } from "../../generator/resolve/index.js";
import { StdioChild } from "../host/support/stdio-child.js";
import { contractFacts, examples, fact, type DocumentedEntry, type DocumentedParam } from "../support/contract-facts.js";
import { loadModule } from "../support/load-module.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const SCHEMA_FILE = resolve(HERE, "../../contract/agentcli.v0.2.schema.json");
const ID = "agentcli.v0.2";

type Json = Record<string, unknown>;

const schema = JSON.parse(readFileSync(SCHEMA_FILE, "utf8")) as Json;
const defs = schema["$defs"] as Record<string, Json>;
const facts = contractFacts("agentcli-jsonrpc-protocol");

const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(schema);

/** Ajv's verdict on `value` at `pointer` (e.g. `#/$defs/agentcli.ping/result`), with its errors. */
function check(pointer: string, value: unknown): { valid: boolean; errors: unknown } {
  const validate = ajv.getSchema(`${ID}${pointer}`);
  if (validate === undefined) throw new Error(`no schema at ${pointer}`);
  const valid = validate(value) === true;
  return { valid, errors: validate.errors ?? null };
}

function expectValid(pointer: string, value: unknown): void {
  expect(check(pointer, value), `${pointer}: ${JSON.stringify(value)}`).toEqual({ valid: true, errors: null });
}

const part = (method: string, which: "params" | "result" | "notification"): string => `#/$defs/${method}/${which}`;

/** The entries (`### \`name\`` headings) of one `## Section` of the document, in document order. */
const headings = (section: string): string[] => fact(facts, section, "entries").map((entry) => entry.name);

function documented(name: string): DocumentedEntry {
  const found = [...fact(facts, "Methods", "entries"), ...fact(facts, "Notifications", "entries")].find((e) => e.name === name);
  if (found === undefined) throw new Error(`the document has no ${name}`);
  return found;
}

function documentedParam(method: string, name: string): DocumentedParam {
  const found = documented(method).params?.find((param) => param.name === name);
  if (found === undefined) throw new Error(`the document gives ${method} no param ${name}`);
  return found;
}

function example(predicate: (frame: Json) => boolean, what: string): Json {
  const found = examples(facts).find(predicate);
  if (found === undefined) throw new Error(`the document has no ${what} example`);
  return found;
}

/** Every schema object of the fixture with its JSON pointer (through properties, items, $defs, …). */
function* walk(node: unknown, pointer = "#"): Generator<{ node: Json; pointer: string }> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* walk(item, `${pointer}/${i}`);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  yield { node: node as Json, pointer };
  for (const [key, value] of Object.entries(node)) {
    if (key === "enum" || key === "const" || key === "default" || key === "required") continue;
    yield* walk(value, `${pointer}/${key}`);
  }
}

const SCHEMA_TARGETS = documentedParam("agentcli.schema", "target").enum as string[];
const DESCRIBE_TARGETS = documentedParam("agentcli.describe", "target").enum as string[];

const shape = contractShape(schema);
const methodNames = shape.methods.map((method) => method.name);
const notificationNames = Object.keys(defs).filter((name) => Object.hasOwn(defs[name] ?? {}, "notification"));

describe("the agentcli schema is a 2020-12 schema", () => {
  it("passes the 2020-12 meta-schema and compiles with Ajv (strict: false)", () => {
    const fresh = new Ajv2020({ strict: false });
    expect(fresh.validateSchema(schema), JSON.stringify(fresh.errors)).toBe(true);
    expect(() => fresh.compile(schema)).not.toThrow();
    expect(schema["$schema"]).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema["$id"]).toBe(ID);
    expect(schema["description"]).toContain(facts.document.file);
  });

  it("every method part, notification and shared shape compiles on its own", () => {
    for (const name of methodNames) {
      for (const which of ["params", "result"] as const) expect(ajv.getSchema(`${ID}${part(name, which)}`)).toBeDefined();
    }
    for (const name of notificationNames) expect(ajv.getSchema(`${ID}${part(name, "notification")}`)).toBeDefined();
    for (const name of shape.shapes) expect(ajv.getSchema(`${ID}#/$defs/${name}`)).toBeDefined();
  });
});

describe("the method list is the document's", () => {
  it("the ## Methods headings are exactly the $defs entries holding params and result", () => {
    const documented = headings("Methods");
    expect(documented.length).toBe(27);
    expect(new Set(documented).size).toBe(documented.length);
    expect([...methodNames].sort()).toEqual([...documented].sort());
    for (const method of shape.methods) expect(method.missing, method.name).toEqual([]);
  });

  it("the ## Notifications headings are exactly the $defs entries holding notification", () => {
    expect(headings("Notifications")).toEqual(["agentcli.ready"]);
    expect(notificationNames).toEqual(headings("Notifications"));
    // The contract seam reads it as a notification, neither a method nor a shared shape.
    expect(shape.notifications.map((n) => n.name)).toEqual(["agentcli.ready"]);
    expect(shape.shapes).not.toContain("agentcli.ready");
    expect(Object.keys(defs["agentcli.ready"] ?? {}).sort()).toEqual(["description", "notification"]);
  });

  it("every other definition is a camelCase shared shape", () => {
    const others = shape.shapes.filter((name) => !notificationNames.includes(name));
    expect(others.length).toBeGreaterThan(0);
    for (const name of others) expect(name).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });
});

describe("the document's JSON examples validate", () => {
  it("the example request's params against agentcli.validate's params", () => {
    const request = example((frame) => frame["method"] === "agentcli.validate" && "id" in frame, "request");
    expect(request["params"]).toBeDefined();
    expectValid(part("agentcli.validate", "params"), request["params"]);
  });

  it("the example response's result against agentcli.validate's result", () => {
    const response = example((frame) => "result" in frame, "response");
    expectValid(part("agentcli.validate", "result"), response["result"]);
    expectValid(part("agentcli.validate", "result"), { ok: false, errors: [{ path: "$" }], warnings: [] });
  });

  it("the ready notification's params against agentcli.ready's notification", () => {
    const ready = example((frame) => frame["method"] === "agentcli.ready", "ready notification");
    expect("id" in ready).toBe(false);
    expectValid(part("agentcli.ready", "notification"), ready["params"]);
    expect(check(part("agentcli.ready", "notification"), { ok: true }).valid).toBe(false);
  });

  it("the example error against the error object shape, whose codes are the Error Model's", () => {
    const response = example((frame) => "error" in frame, "error response");
    expectValid("#/$defs/rpcError", response["error"]);
    expectValid("#/$defs/rpcError", { code: -32603, message: "Internal error" });
    expect(check("#/$defs/rpcError", { code: -1, message: "x" }).valid).toBe(false);
    expect(defs["rpcErrorCode"]?.["enum"]).toEqual(fact(facts, "Error Model", "rpcErrorCodes"));
  });

  it("the results the document writes as JSON validate", () => {
    const written = fact(facts, "Methods", "entries").filter((entry) => entry.result !== undefined);
    expect(written.map((entry) => entry.name)).toEqual([
      "agentcli.ping",
      "agentcli.version",
      "agentcli.authorizationProof.schema",
      "agentcli.evidence.schema",
    ]);
    for (const { name, result } of written) expectValid(part(name, "result"), result);
  });

  it("the result shapes the document writes out as templates validate, instantiated", () => {
    expectValid(part("agentcli.authorization.evaluate", "result"), { ok: true, decision: { allowed: false, reason: "denied" } });
    expectValid(part("agentcli.audit", "result"), {
      ok: true,
      count: 0,
      records: [],
      warnings: [{ line_number: 3, message: "malformed audit record skipped" }],
    });
    const action = { action: "created", job_id: "j1", name: "T", invocation_mode: "schedule" };
    const applied = {
      ok: true,
      target: "openclaw-scheduler",
      dry_run: true,
      scheduler: { command: "openclaw-scheduler", db_path: "/tmp/s.db" },
      capabilities: { source: "static", negotiated: false, handoff_version: "4", schema_version: null, handoff_contract: null },
      handoff: { field_version: "4", projected_fields: 12, v02_fields_included: true },
      job_count: 1,
      actions: [action, { ...action, action: "adopted", adopted_from_job_id: "old", authorization_proof_verification: {} }],
    };
    expectValid(part("agentcli.apply", "result"), applied);
    expectValid(part("agentcli.apply", "result"), { ...applied, authorization_proof_verifications: [{}], explain: [] });
    expect(check(part("agentcli.apply", "result"), { ...applied, actions: [{ ...action, action: "deleted" }] }).valid).toBe(
      false,
    );
    expect(
      check(part("agentcli.apply", "result"), { ...applied, handoff: { ...applied.handoff, field_version: "5" } }).valid,
    ).toBe(false);
  });
});

describe("documented params, defaults and enums", () => {
  const paramsOf = (name: string): Json => (defs[name]?.["params"] ?? defs[name]?.["notification"]) as Json;
  const property = (method: string, name: string): Json => {
    const found = (paramsOf(method)["properties"] as Record<string, Json>)[name];
    if (found === undefined) throw new Error(`${method} has no param ${name}`);
    return found;
  };
  const requiredOf = (method: string): unknown => paramsOf(method)["required"] ?? [];
  const documentedParams = (name: string): readonly DocumentedParam[] => documented(name).params ?? [];

  it("every method's and notification's params are the documented ones, in document order", () => {
    for (const name of [...methodNames, ...notificationNames])
      expect(Object.keys(paramsOf(name)["properties"] as Json), name).toEqual(documentedParams(name).map((p) => p.name));
  });

  it("every documented type, minimum, default and enum is the schema's", () => {
    const all = methodNames.flatMap((method) => documentedParams(method).map((param) => ({ method, param })));
    // The document's own count, so a refreshed facts file that lost some fails here.
    expect(all.filter(({ param }) => "default" in param)).toHaveLength(6);
    expect(all.filter(({ param }) => param.enum !== undefined)).toHaveLength(4);
    for (const { method, param } of all) {
      const { name, required: _required, type, ...stated } = param;
      const schemaOf = property(method, name);
      const types = Array.isArray(type) ? (schemaOf["anyOf"] as Json[]).map((branch) => branch["type"]) : schemaOf["type"];
      if (type !== undefined) expect(types, `${method} ${name}`).toEqual(type);
      expect(schemaOf, `${method} ${name}`).toMatchObject(stated);
    }
  });

  it("schema target: default manifest, the 8 names and the 5 kebab-case aliases in one enum; legacy false", () => {
    expect(SCHEMA_TARGETS).toHaveLength(8 + 5);
    expect(property("agentcli.schema", "target")).toMatchObject({ type: "string", default: "manifest", enum: SCHEMA_TARGETS });
    expect(property("agentcli.schema", "legacy")).toMatchObject({ type: "boolean", default: false });
    for (const target of SCHEMA_TARGETS) expectValid(part("agentcli.schema", "params"), { target });
    expect(check(part("agentcli.schema", "params"), { target: "scheduler_job" }).valid).toBe(false);
  });

  it("describe target: default commands and the 6 targets", () => {
    expect(DESCRIBE_TARGETS).toHaveLength(6);
    expect(property("agentcli.describe", "target")).toMatchObject({ default: "commands", enum: DESCRIBE_TARGETS });
  });

  it("apply: adoptBy id|name defaulting to id; dryRun and allowProofCommand false", () => {
    expect(property("agentcli.apply", "adoptBy")).toMatchObject({ enum: ["id", "name"], default: "id" });
    expect(property("agentcli.apply", "dryRun")).toMatchObject({ type: "boolean", default: false });
    expect(property("agentcli.apply", "allowProofCommand")).toMatchObject({ type: "boolean", default: false });
  });

  it("approvals status, inspect fields and audit limit", () => {
    expect(property("agentcli.approvals.list", "status")).toMatchObject({
      enum: ["pending", "consumed", "expired", "revoked", "all"],
    });
    const inspect = part("agentcli.inspect", "params");
    expectValid(inspect, { fields: ["id", "name"] });
    expectValid(inspect, { fields: "id,name" });
    expect(check(inspect, { fields: 3 }).valid).toBe(false);
    expect(property("agentcli.audit", "limit")).toMatchObject({ type: "integer", minimum: 1 });
    expect(check(part("agentcli.audit", "params"), { limit: 0 }).valid).toBe(false);
  });

  it("required params only where the document says so", () => {
    const required = (method: string): string[] => documentedParams(method).flatMap((p) => (p.required ? [p.name] : []));
    expect(methodNames.filter((method) => required(method).length > 0)).toHaveLength(10);
    for (const method of methodNames) expect(requiredOf(method), method).toEqual(required(method));
  });

  it("results carry ok: const true, except validate's plain boolean", () => {
    for (const method of methodNames) {
      const result = defs[method]?.["result"] as { properties: Record<string, Json>; required: string[] };
      expect(result.required, method).toContain("ok");
      expect(result.properties["ok"], method).toEqual(
        method === "agentcli.validate"
          ? { type: "boolean", description: expect.any(String) }
          : { type: "boolean", const: true, description: expect.any(String) },
      );
    }
  });
});

describe("the convention: open where the document is loose, and described", () => {
  it("no object is closed", () => {
    for (const { node, pointer } of walk(schema)) {
      expect(node["additionalProperties"], pointer).not.toBe(false);
      expect(node["unevaluatedProperties"], pointer).toBeUndefined();
    }
  });

  it("an object the document shows as {...} accepts fields the document does not name", () => {
    expectValid(part("agentcli.validate", "result"), { ok: true, errors: [], warnings: [], extra: 1 });
    expectValid(part("agentcli.identity.resolve", "result"), {
      ok: true,
      declared_identity: { anything: 1 },
      resolved_identity: {},
      principal_used: "p",
    });
    expectValid(part("agentcli.describe", "result"), { ok: true, description: { methods: [{}], notifications: [] } });
  });

  it("every method, notification and property has a description", () => {
    for (const name of [...methodNames, ...notificationNames])
      expect(defs[name]?.["description"], name).toEqual(expect.any(String));
    for (const { node, pointer } of walk(schema)) {
      const properties = node["properties"];
      if (typeof properties !== "object" || properties === null || pointer.endsWith("/properties")) continue;
      for (const [key, value] of Object.entries(properties as Record<string, Json>)) {
        expect(value["description"], `${pointer}/properties/${key}`).toEqual(expect.any(String));
      }
    }
  });
});

/** Every method's params and result, the notification and the shared shapes, as emitValidators entries. */
const ENTRIES = [
  ...shape.methods.flatMap((method, i) => [
    { name: `Method${i}Params`, pointer: part(method.name, "params"), method: method.name, which: "params" as const },
    { name: `Method${i}Result`, pointer: part(method.name, "result"), method: method.name, which: "result" as const },
  ]),
  ...notificationNames.map((name, i) => ({
    name: `Notification${i}`,
    pointer: part(name, "notification"),
    method: name,
    which: "notification" as const,
  })),
];

type Validate = (value: unknown) => { ok: boolean };
const generated = loadModule<Record<string, Validate>>(
  `${emitValidators(
    schemaGraph(schema),
    ENTRIES.map(({ name, pointer }) => ({ name, pointer })),
  )}`,
);

/** The generated validator for a method part agrees with Ajv, and says valid. */
function expectBothValid(method: string, which: "params" | "result" | "notification", value: unknown): void {
  const pointer = part(method, which);
  expectValid(pointer, value);
  const entry = ENTRIES.find((candidate) => candidate.pointer === pointer);
  if (entry === undefined) throw new Error(`no entry for ${pointer}`);
  expect(generated[`validate${entry.name}`]?.(value).ok, pointer).toBe(true);
}

describe("the project's validator compiler takes it", () => {
  it("emitValidatorModule(schema) returns code, no unsupported_keyword", () => {
    const source = emitValidatorModule(schema);
    expect(source).toContain("export function validate");
    expect(loadModule(source).isValid({})).toBe(true);
  });

  it("emitValidators compiles every method part and the notification; the verdicts match Ajv's on the examples", () => {
    expect(ENTRIES.length).toBe(2 * 27 + 1);
    const request = example((frame) => frame["method"] === "agentcli.validate" && "id" in frame, "request");
    expectBothValid("agentcli.validate", "params", request["params"]);
    expectBothValid("agentcli.validate", "result", example((frame) => "result" in frame, "response")["result"]);
    expectBothValid(
      "agentcli.ready",
      "notification",
      example((frame) => frame["method"] === "agentcli.ready", "ready")["params"],
    );
    const bad = generated[`validate${ENTRIES.find((e) => e.pointer === part("agentcli.schema", "params"))?.name}`];
    expect(bad?.({ target: "nope" }).ok).toBe(false);
  });
});

describe("the agentcli conformance server's answers validate against the schema", () => {
  let server: StdioChild;
  let ready: Json;
  beforeAll(async () => {
    server = StdioChild.agentcli();
    ready = await server.nextFrame();
  });
  afterAll(async () => {
    expect(await server.close()).toEqual({ code: 0, signal: null });
  });

  /** Calls with params valid per the schema, and checks the result against the schema's result. */
  async function served(method: string, params?: Json): Promise<Json> {
    expectBothValid(method, "params", params ?? {});
    const result = await server.result(method, params);
    expectBothValid(method, "result", result);
    return result;
  }

  it("the ready notification", () => {
    expect(ready["method"]).toBe("agentcli.ready");
    expectBothValid("agentcli.ready", "notification", ready["params"]);
  });

  it("describe rpc: the served methods are the schema's, the notifications exactly the schema's", async () => {
    const { description } = await served("agentcli.describe", { target: "rpc" });
    const rpc = description as { methods: { method: string }[]; notifications: { method: string; params: unknown }[] };
    const servedNames = rpc.methods.map((entry) => entry.method);
    expect(servedNames.length).toBeGreaterThan(0);
    for (const name of servedNames) expect(methodNames, name).toContain(name);
    expect(rpc.notifications.map((entry) => entry.method)).toEqual(notificationNames);
    for (const notification of rpc.notifications) expectBothValid(notification.method, "notification", notification.params);
  });

  it("every served method answers with a result the schema accepts", async () => {
    const { description } = await served("agentcli.describe", { target: "rpc" });
    const servedNames = new Set((description as { methods: { method: string }[] }).methods.map((entry) => entry.method));
    const called = new Set<string>();
    const call = async (method: string, params?: Json): Promise<Json> => {
      called.add(method);
      return served(method, params);
    };
    const manifest = (example((frame) => frame["method"] === "agentcli.validate" && "id" in frame, "request")["params"] as Json)[
      "manifest"
    ] as Json;

    await call("agentcli.ping");
    await call("agentcli.version");
    for (const target of SCHEMA_TARGETS) {
      for (const legacy of [false, true]) await call("agentcli.schema", { target, legacy });
    }
    await call("agentcli.schema");
    for (const target of DESCRIBE_TARGETS) await call("agentcli.describe", { target });
    await call("agentcli.describe");
    await call("agentcli.targets");
    expect((await call("agentcli.validate", { manifest })).ok).toBe(true);
    expect((await call("agentcli.validate", { manifest: { version: "9", workflows: [] } })).ok).toBe(false);
    expect((await call("agentcli.validate", { manifest: "not an object" })).ok).toBe(false);
    await call("agentcli.convert", { manifest });
    for (const [listing, lookup, param, field] of [
      ["agentcli.identity.providers", "agentcli.identity.schema", "provider", "providers"],
      ["agentcli.authorizationProof.methods", "agentcli.authorizationProof.schema", "method", "methods"],
      ["agentcli.authorization.providers", "agentcli.authorization.schema", "provider", "providers"],
      ["agentcli.evidence.providers", "agentcli.evidence.schema", "provider", "providers"],
    ] as const) {
      const entries = (await call(listing))[field] as { name: string }[];
      expect(entries.length, listing).toBeGreaterThan(0);
      for (const { name } of entries) expect((await call(lookup, { [param]: name }))[param]).toBe(name);
    }
    // Every method the server says it serves was called and validated.
    expect([...called].sort()).toEqual([...servedNames].sort());
  });

  it("its errors have the documented error object: unknown and unserved methods, bad params", async () => {
    const { description } = await served("agentcli.describe", { target: "rpc" });
    const servedNames = new Set((description as { methods: { method: string }[] }).methods.map((entry) => entry.method));
    const unserved = methodNames.filter((name) => !servedNames.has(name));
    expect(unserved.length).toBeGreaterThan(0);
    for (const method of [...unserved, "agentcli.nope"]) {
      const error = await server.error(method, {});
      expect(error["code"], method).toBe(-32601);
      expectValid("#/$defs/rpcError", error);
    }
    const bad = await server.error("agentcli.schema", { target: "nope" });
    expect(bad["code"]).toBe(-32602);
    expectValid("#/$defs/rpcError", bad);
    expect(check(part("agentcli.schema", "params"), { target: "nope" }).valid).toBe(false);
  });
});
