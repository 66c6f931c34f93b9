/**
 * The binding mcp generates and loads in process for a contract this package carries no compiled
 * client for (generator/mcp/compile.ts): it is the given contract's own (its manifest's
 * fingerprints, its validators), schema text in it is never code, and the private directory it
 * is loaded from is gone once it is loaded.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadContract, type ContractSource } from "../../generator/load/contract.js";
import { compileBinding } from "../../generator/mcp/compile.js";
import { cleanupAfterEach } from "../support/cleanups.js";

const cleanups = cleanupAfterEach();
const DEMO_SCHEMA = "contract/rightkit.agent.demo.v1.schema.json";
const DEMO_BINDING = "contract/rightkit.agent.demo.v1.binding.json";

type Json = Record<string, unknown>;

/** The demo contract with `edit` applied to its schema, written to a fresh directory with its binding. */
async function editedDemo(
  edit: (schema: { $defs: Record<string, { params: Json & { properties: Json } }> }) => void,
): Promise<ContractSource> {
  const dir = await cleanups.dir();
  const schema = JSON.parse(readFileSync(DEMO_SCHEMA, "utf8"));
  edit(schema);
  const contract = join(dir, "rightkit.agent.demo.v1.schema.json");
  const binding = join(dir, "rightkit.agent.demo.v1.binding.json");
  writeFileSync(contract, JSON.stringify(schema, null, 2));
  writeFileSync(binding, readFileSync(DEMO_BINDING));
  return { contract, binding };
}

interface Sent {
  readonly method: string;
  readonly params: unknown;
}

/** A transport that records what the client sends and answers `answer`. */
function recordingTransport(answer: unknown): { transport: object; sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    sent,
    transport: {
      call: (method: string, params: unknown) => {
        sent.push({ method, params });
        return Promise.resolve(answer);
      },
      close: () => Promise.resolve(),
    },
  };
}

let tmp: string | undefined;
beforeEach(async () => {
  // Everything os.tmpdir() hands out during a test lands in a directory of the test's own.
  tmp = process.env["TMPDIR"];
  const dir = await cleanups.dir();
  process.env["TMPDIR"] = dir;
});
afterEach(() => {
  if (tmp === undefined) delete process.env["TMPDIR"];
  else process.env["TMPDIR"] = tmp;
});

describe("mcp's in-process binding", () => {
  it("is the given contract's own: its fingerprints and its validators, an added optional param included", async () => {
    const source = await editedDemo((schema) => {
      schema.$defs["apps"]!.params.properties["limit"] = { type: "integer", minimum: 1, maximum: 100 };
    });
    const binding = await compileBinding(source);
    const loaded = loadContract(source);
    expect(binding.BINDING_MANIFEST).toMatchObject({
      contract: "rightkit.agent.demo.v1",
      schemaSha256: loaded.schemaSha256,
      bindingSha256: loaded.bindingSha256,
    });
    const Client = binding["DemoClient"] as new (transport: object) => { apps(params: unknown): Promise<unknown> };
    const { transport, sent } = recordingTransport({ apps: [] });
    const client = new Client(transport);
    await expect(client.apps({ limit: 0 })).rejects.toMatchObject({ code: "invalid_arguments" });
    await expect(client.apps({ limit: 0 })).rejects.toBeInstanceOf(binding.ToolError);
    expect(sent).toEqual([]);
    await expect(client.apps({ limit: 5 })).resolves.toEqual({ apps: [] });
    expect(sent).toEqual([{ method: "demo.apps", params: { limit: 5 } }]);
  });

  it("compiles a jsonrpc-stdio binding the same way: agentcli's client, edited", async () => {
    const dir = await cleanups.dir();
    const schema = JSON.parse(readFileSync("contract/agentcli.v0.2.schema.json", "utf8")) as Json;
    schema["description"] = "an edited copy";
    const source = { contract: join(dir, "agentcli.v0.2.schema.json"), binding: join(dir, "agentcli.v0.2.binding.json") };
    writeFileSync(source.contract, JSON.stringify(schema));
    writeFileSync(source.binding, readFileSync("contract/agentcli.v0.2.binding.json"));
    const binding = await compileBinding(source);
    expect(binding.BINDING_MANIFEST.schemaSha256).toBe(loadContract(source).schemaSha256);
    expect(typeof (binding["AgentcliClient"] as { spawn?: unknown }).spawn).toBe("function");
    expect(typeof binding.RpcError).toBe("function");
  });

  it("never runs schema text as code", async () => {
    const source = await editedDemo((schema) => {
      const hostile = '*/ process.exit(7); /* `${process.exit(8)}` "); process.exit(9); ("';
      schema.$defs["apps"]!.params.properties[hostile] = { type: "string", description: hostile, const: hostile };
      schema.$defs["apps"]!.params["description"] = hostile;
    });
    const binding = await compileBinding(source);
    expect(Object.keys(binding)).toContain("DemoClient");
  });

  it("is loaded from a private directory that is gone once it is loaded", async () => {
    const source = await editedDemo((schema) => {
      schema.$defs["apps"]!.params["description"] = "edited";
    });
    const seen: string[] = [];
    const root = process.env["TMPDIR"] as string;
    // The directory exists only while the modules load: watch for it by polling the test's own tmp.
    const watch = setInterval(() => {
      for (const name of readdirSync(root)) {
        if (!name.startsWith("rightkit-bindgen-mcp-")) continue;
        try {
          seen.push((statSync(join(root, name)).mode & 0o777).toString(8));
        } catch {
          // Removed between the listing and the look.
        }
      }
    }, 0);
    try {
      await compileBinding(source);
    } finally {
      clearInterval(watch);
    }
    expect(readdirSync(root).filter((name) => name.startsWith("rightkit-bindgen-mcp-"))).toEqual([]);
    expect(seen.filter((mode) => mode !== "700")).toEqual([]);
  });
});
