import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_SERVED_METHODS, SERVED_METHODS } from "../../generator/host/services/agentcli/methods.js";
import { DESCRIBE_TARGETS, SCHEMA_TARGET_ALIASES, SCHEMA_TARGETS } from "../../generator/host/services/agentcli/surface.js";
import { DOCUMENT_EXAMPLE_MANIFEST, FULLER_MANIFEST } from "./support/agentcli-manifests.js";
import { StdioChild, type Frame } from "./support/stdio-child.js";

// One server for the whole file: it keeps no state between calls.
let server: StdioChild;
beforeAll(async () => {
  server = StdioChild.agentcli();
  expect(await server.nextFrame()).toMatchObject({ method: "agentcli.ready" });
});
afterAll(async () => {
  expect(await server.close()).toEqual({ code: 0, signal: null });
  expect(server.isAlive()).toBe(false);
});

const invalidArgument = (validation: unknown) => ({
  code: -32602,
  message: expect.any(String) as unknown,
  data: { code: "invalid_argument", error_type: "invalid_argument", validation },
});

const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

describe("agentcli.ping and agentcli.version", () => {
  it("ping answers ok and pong", async () => {
    expect(await server.result("agentcli.ping")).toEqual({ ok: true, pong: true });
  });

  it("version names the package and the manifest version", async () => {
    expect(await server.result("agentcli.version", {})).toEqual({
      ok: true,
      package_version: "0.5.0",
      manifest_version: "0.2",
    });
  });

  it("takes null params as none, and refuses params that are not an object", async () => {
    expect(await server.result("agentcli.ping", null)).toEqual({ ok: true, pong: true });
    expect(await server.error("agentcli.ping", ["x"])).toEqual({
      ...invalidArgument([{ path: "$", message: "params must be an object" }]),
      message: "params must be an object",
    });
  });
});

describe("agentcli.schema", () => {
  it("defaults to the manifest target as JSON Schema 2020-12", async () => {
    const result = await server.result("agentcli.schema");
    expect(result).toMatchObject({ ok: true, schema_format: "json-schema-draft-2020-12" });
    expect(result["schema"]).toMatchObject({
      $schema: DRAFT_2020_12,
      title: "manifest",
      type: "object",
      required: ["version", "workflows"],
      properties: { version: { type: "string", enum: ["0.1", "0.2"] }, workflows: { type: "array", minItems: 1 } },
    });
    expect(await server.result("agentcli.schema", { target: "manifest", legacy: false })).toEqual(result);
  });

  it("serves a fragment for each of the eight targets", async () => {
    expect(SCHEMA_TARGETS).toEqual([
      "manifest",
      "workflow",
      "task",
      "schedulerJob",
      "standalonePlan",
      "handoffV4",
      "rpcRequest",
      "rpcResponse",
    ]);
    for (const target of SCHEMA_TARGETS) {
      const { schema } = await server.result("agentcli.schema", { target });
      expect(schema).toMatchObject({ $schema: DRAFT_2020_12, title: target, type: "object" });
    }
  });

  it("takes the five kebab-case aliases for the same fragment", async () => {
    expect(Object.keys(SCHEMA_TARGET_ALIASES)).toEqual([
      "scheduler-job",
      "standalone-plan",
      "handoff-v4",
      "rpc-request",
      "rpc-response",
    ]);
    for (const [alias, target] of Object.entries(SCHEMA_TARGET_ALIASES)) {
      expect(await server.result("agentcli.schema", { target: alias })).toEqual(
        await server.result("agentcli.schema", { target }),
      );
    }
  });

  it("returns the legacy descriptor with legacy: true", async () => {
    const result = await server.result("agentcli.schema", { target: "task", legacy: true });
    expect(result["schema_format"]).toBe("agentcli-legacy");
    const schema = result["schema"] as { name: string; kind: string; fields: { name: string; required: boolean }[] };
    expect(schema).toMatchObject({ name: "task", kind: "object" });
    expect(schema.fields.filter((field) => field.required).map((field) => field.name)).toEqual([
      "id",
      "name",
      "prompt",
      "target",
      "schedule",
    ]);
    expect(await server.result("agentcli.schema", { target: "rpc-response", legacy: true })).toMatchObject({
      schema_format: "agentcli-legacy",
      schema: { name: "rpcResponse", kind: "object" },
    });
  });

  it.each([
    [{ target: "nope" }, "$.target"],
    [{ target: "Manifest" }, "$.target"],
    [{ target: 3 }, "$.target"],
    [{ legacy: "yes" }, "$.legacy"],
  ])("refuses %j with -32602 and the issue in data.validation", async (params, path) => {
    const error = await server.error("agentcli.schema", params);
    expect(error).toEqual(invalidArgument([{ path, message: expect.any(String) }]));
  });
});

describe("agentcli.describe", () => {
  it("defaults to the commands topic, derived from the methods it serves", async () => {
    const { description } = (await server.result("agentcli.describe")) as { description: Frame };
    expect(description["name"]).toBe("commands");
    const items = description["items"] as { command: string; methods: string[] }[];
    expect(items.map((item) => item.command)).toEqual([
      "ping",
      "version",
      "schema",
      "describe",
      "targets",
      "validate",
      "convert",
      "identity",
      "authorization-proof",
      "authorization",
      "evidence",
    ]);
    expect(items.flatMap((item) => item.methods)).toEqual(SERVED_METHODS.map((method) => method.name));
  });

  it("lists exactly the served methods and the ready notification under rpc", async () => {
    const { description } = (await server.result("agentcli.describe", { target: "rpc" })) as { description: Frame };
    const methods = (description["methods"] as { method: string; summary: string }[]).map((entry) => entry.method);
    expect(methods).toEqual([
      "agentcli.ping",
      "agentcli.version",
      "agentcli.schema",
      "agentcli.describe",
      "agentcli.targets",
      "agentcli.validate",
      "agentcli.convert",
      "agentcli.identity.providers",
      "agentcli.identity.schema",
      "agentcli.authorizationProof.methods",
      "agentcli.authorizationProof.schema",
      "agentcli.authorization.providers",
      "agentcli.authorization.schema",
      "agentcli.evidence.providers",
      "agentcli.evidence.schema",
    ]);
    for (const { name } of NOT_SERVED_METHODS) expect(methods).not.toContain(name);
    expect(description["notifications"]).toEqual([
      {
        method: "agentcli.ready",
        summary: expect.any(String),
        params: { ok: true, manifest_version: "0.2" },
      },
    ]);
  });

  it("answers every documented topic", async () => {
    expect(DESCRIBE_TARGETS).toEqual(["manifest", "workflow", "task", "targets", "commands", "rpc"]);
    for (const target of DESCRIBE_TARGETS) {
      expect(await server.result("agentcli.describe", { target })).toMatchObject({ ok: true, description: { name: target } });
    }
    expect(await server.result("agentcli.describe", { target: "task" })).toMatchObject({
      description: { required_fields: ["id", "name", "prompt", "target", "schedule"], optional_fields: ["enabled"] },
    });
  });

  it("refuses an unknown topic with -32602", async () => {
    expect(await server.error("agentcli.describe", { target: "everything" })).toEqual(
      invalidArgument([{ path: "$.target", message: expect.stringContaining("must be one of: manifest, workflow") }]),
    );
  });
});

describe("agentcli.targets", () => {
  it("lists the compile targets with description, capabilities and features", async () => {
    const { targets } = (await server.result("agentcli.targets")) as { targets: Frame[] };
    expect(targets.map((target) => target["name"])).toEqual(["standalone", "openclaw-scheduler"]);
    for (const target of targets) {
      expect(target).toEqual({
        name: expect.any(String),
        description: expect.any(String),
        capabilities: expect.any(Array),
        features: expect.any(Object),
      });
    }
  });
});

describe("agentcli.validate", () => {
  it("passes the protocol document's example manifest, as the document's example response says", async () => {
    expect(await server.call("1", "agentcli.validate", { manifest: DOCUMENT_EXAMPLE_MANIFEST })).toEqual({
      jsonrpc: "2.0",
      id: "1",
      result: { ok: true, errors: [], warnings: [] },
    });
  });

  it("passes a fuller v0.2 manifest, warning about the field it does not know", async () => {
    expect(await server.result("agentcli.validate", { manifest: FULLER_MANIFEST })).toEqual({
      ok: true,
      errors: [],
      warnings: [{ path: "$.workflows[1].owner", message: "is not a field this server knows; it is kept as is" }],
    });
  });

  it("reports what breaks a manifest in the result, with ok false, not as an RPC error", async () => {
    const [workflow] = DOCUMENT_EXAMPLE_MANIFEST.workflows;
    const [task] = workflow.tasks;
    const manifest = {
      version: "0.3",
      workflows: [
        {
          ...workflow,
          id: "bad id",
          tasks: [
            { ...task, prompt: " ", target: { session_target: "cloud" } },
            { ...task, schedule: undefined },
          ],
        },
        { ...workflow, id: "bad id", name: 7 },
      ],
    };
    expect(await server.result("agentcli.validate", { manifest })).toEqual({
      ok: false,
      errors: [
        { path: "$.version", message: "must be one of: 0.1, 0.2" },
        { path: "$.workflows[0].id", message: "must match /^[A-Za-z0-9][A-Za-z0-9._-]*$/" },
        { path: "$.workflows[0].tasks[0].prompt", message: "cannot be empty" },
        { path: "$.workflows[0].tasks[0].target.session_target", message: "must be one of: main, isolated, shell" },
        { path: "$.workflows[0].tasks[1].schedule", message: "is required" },
        { path: "$.workflows[1].id", message: "must match /^[A-Za-z0-9][A-Za-z0-9._-]*$/" },
        { path: "$.workflows[1].name", message: "must be a string" },
        { path: "$.workflows[0].tasks[1].id", message: "must be unique within the workflow" },
        { path: "$.workflows[1].id", message: "must be unique" },
      ],
      warnings: [],
    });
  });

  it("reports a manifest that is not an object, or has no workflows, in the result", async () => {
    expect(await server.result("agentcli.validate", { manifest: null })).toEqual({
      ok: false,
      errors: [{ path: "$", message: "must be an object" }],
      warnings: [],
    });
    expect(await server.result("agentcli.validate", { manifest: { version: "0.2", workflows: [] } })).toEqual({
      ok: false,
      errors: [{ path: "$.workflows", message: "must be a non-empty array" }],
      warnings: [],
    });
  });

  it("refuses a call without a manifest with -32602", async () => {
    expect(await server.error("agentcli.validate", {})).toEqual(
      invalidArgument([{ path: "$.manifest", message: "is required" }]),
    );
  });
});

describe("agentcli.convert", () => {
  it("raises a v0.1 manifest to v0.2, every field kept, and the result validates", async () => {
    const v01 = { ...DOCUMENT_EXAMPLE_MANIFEST, note: "kept" };
    const { manifest } = (await server.result("agentcli.convert", { manifest: v01 })) as { manifest: Frame };
    expect(manifest).toEqual({ ...v01, version: "0.2" });
    expect(Object.keys(manifest)).toEqual(Object.keys(v01));
    expect(await server.result("agentcli.validate", { manifest })).toMatchObject({ ok: true, errors: [] });
  });

  it("refuses a manifest that is not v0.1, or not a valid one, with -32602 and the issues", async () => {
    expect(await server.error("agentcli.convert", { manifest: FULLER_MANIFEST })).toEqual({
      ...invalidArgument([{ path: "$.version", message: "must equal 0.1" }]),
      message: "manifest must be version 0.1 to convert",
    });
    const broken = { version: "0.1", workflows: [{ id: "w", name: "W", tasks: [] }] };
    expect(await server.error("agentcli.convert", { manifest: broken })).toEqual(
      invalidArgument([{ path: "$.workflows[0].tasks", message: "must be a non-empty array" }]),
    );
    expect(await server.error("agentcli.convert", { manifest: "0.1" })).toEqual(
      invalidArgument([{ path: "$.manifest", message: "must be an object" }]),
    );
  });
});

describe("the provider and method listings", () => {
  it.each([
    ["agentcli.identity.providers", "providers", ["none", "env-bearer", "oidc-client-credentials"]],
    ["agentcli.authorizationProof.methods", "methods", ["none", "jwt", "detached-signature"]],
    ["agentcli.authorization.providers", "providers", ["none", "opa"]],
    ["agentcli.evidence.providers", "providers", ["none", "ssh"]],
  ])("%s lists name and capabilities of each", async (method, key, names) => {
    const result = await server.result(method);
    const entries = result[key] as Frame[];
    expect(entries.map((entry) => entry["name"])).toEqual(names);
    for (const entry of entries) expect(entry).toEqual({ name: expect.any(String), capabilities: expect.any(Object) });
  });

  it("looks each entry up by name", async () => {
    expect(await server.result("agentcli.identity.schema", { provider: "env-bearer" })).toEqual({
      ok: true,
      provider: "env-bearer",
      capabilities: { presentation: ["env"], delegation: false, network: false },
    });
    expect(await server.result("agentcli.authorizationProof.schema", { method: "jwt" })).toEqual({
      ok: true,
      method: "jwt",
      verifier: "jwt-compact-jws",
    });
    expect(await server.result("agentcli.authorization.schema", { provider: "opa" })).toEqual({
      ok: true,
      provider: "opa",
      capabilities: { decisions: ["allow", "deny"], network: true },
    });
    expect(await server.result("agentcli.evidence.schema", { provider: "ssh" })).toEqual({
      ok: true,
      provider: "ssh",
      methods: ["ssh-signature"],
    });
  });

  it.each([
    ["agentcli.identity.schema", { provider: "kerberos" }, "Unknown identity provider: kerberos", "$.provider"],
    ["agentcli.authorizationProof.schema", { method: "x509" }, "Unknown authorization proof method: x509", "$.method"],
    ["agentcli.authorization.schema", { provider: "cedar" }, "Unknown authorization provider: cedar", "$.provider"],
    ["agentcli.evidence.schema", { provider: "gpg" }, "Unknown evidence provider: gpg", "$.provider"],
  ])("%s refuses an unknown name with -32602", async (method, params, message, path) => {
    expect(await server.error(method, params)).toEqual({
      ...invalidArgument([{ path, message: expect.stringMatching(/^must be one of: none, /) }]),
      message,
    });
  });

  it.each([
    ["agentcli.identity.schema", {}, "$.provider", "is required"],
    ["agentcli.authorizationProof.schema", { method: "" }, "$.method", "cannot be empty"],
    ["agentcli.evidence.schema", { provider: 1 }, "$.provider", "must be a string"],
  ])("%s refuses %j with -32602", async (method, params, path, message) => {
    expect(await server.error(method, params)).toEqual({
      ...invalidArgument([{ path, message }]),
      message: `${path.slice(2)} ${message}`,
    });
  });
});
