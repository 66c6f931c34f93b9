/**
 * Issue 33: `mcp` serves the contract it is given — a binding repo's own contract after its bot
 * updated it included — through a binding generated from that contract in process, where it
 * used to refuse anything but the contracts this package was released with. And `--contract ID`
 * finds the package's own contract from a directory without ./contract. The server runs as a
 * child in the binding repo's directory, driven by the SDK's `Client`, against the conformance
 * host.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI_TABLE } from "../../generated/rightkit.agent.demo.v1/index.js";
import { FIXTURE_APP_ID, startHost } from "../../generator/host/index.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { DEMO_TOOL_NAMES, errorOf, startMcp, type McpSession } from "../support/mcp.js";
import { paramsSchemaOf } from "../support/stated-schema.js";

const cleanups = cleanupAfterEach();
const SLOW = { timeout: 60_000 };
const DEMO = "rightkit.agent.demo.v1";

/** A binding repo: ./contract holding the demo contract, its schema as `edit` leaves it. */
async function bindingRepo(
  edit: (schema: { $defs: Record<string, { params: { properties: object } }> }) => void,
): Promise<string> {
  const repo = await cleanups.dir();
  mkdirSync(join(repo, "contract"));
  const schema = JSON.parse(readFileSync(`contract/${DEMO}.schema.json`, "utf8"));
  edit(schema);
  writeFileSync(join(repo, "contract", `${DEMO}.schema.json`), `${JSON.stringify(schema, null, 2)}\n`);
  writeFileSync(join(repo, "contract", `${DEMO}.binding.json`), readFileSync(`contract/${DEMO}.binding.json`));
  return repo;
}

/** A demo host in a suite root of its own, and the methods it was asked for. */
async function demoHost(): Promise<{ suiteRoot: string; requests: string[] }> {
  const suiteRoot = await cleanups.dir();
  const host = await startHost({ suiteRoot, consent: { answer: "approve" } });
  cleanups.add(() => host.close());
  const requests: string[] = [];
  host.events.on("request", ({ method }: { method: string }) => requests.push(method));
  return { suiteRoot, requests };
}

/** `rightkit-bindgen mcp ARGS` started in `cwd`, with the SDK's client connected to it. */
async function mcpIn(cwd: string, args: readonly string[]): Promise<McpSession> {
  const session = await startMcp(args, cwd);
  cleanups.add(async () => {
    await session.close();
  });
  return session;
}

describe("mcp and a contract this package was not released with (issue 33)", () => {
  it("mcp serves a binding repo's updated contract (issue 33)", SLOW, async () => {
    const repo = await bindingRepo((schema) => {
      // The upstream update: one added optional param.
      schema.$defs["apps"]!.params.properties = { limit: { type: "integer", minimum: 1, maximum: 100 } };
    });
    const { suiteRoot, requests } = await demoHost();
    const { client, stderr } = await mcpIn(repo, ["--contract", DEMO, "--suite-root", suiteRoot]);

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(DEMO_TOOL_NAMES);
    // The repo's contract, not the one the package carries: ./contract comes first.
    const apps = tools.find((tool) => tool.name === "demo_apps");
    expect(apps?.inputSchema.properties).toEqual({ limit: { type: "integer", minimum: 1, maximum: 100 } });
    const carried = CLI_TABLE.tools.find((entry) => entry.tool === "demo.apps");
    expect(paramsSchemaOf(carried)).not.toEqual(apps?.inputSchema);

    // Through the client generated from it: the new param is checked before anything is sent.
    const refused = await client.callTool({ name: "demo_apps", arguments: { limit: 0 } });
    expect(errorOf(refused)).toMatchObject({ code: "invalid_arguments", retryable: false });
    expect(JSON.stringify(errorOf(refused)["details"])).toContain("/limit");
    expect(requests).toEqual([]);

    const listed = await client.callTool({ name: "demo_apps", arguments: { limit: 5 } });
    expect(listed.isError).toBeUndefined();
    expect(listed.structuredContent).toEqual({ apps: [{ id: FIXTURE_APP_ID, name: "Demo Fixture" }] });

    // The rest of the contract works through it as before: a session to its end.
    const requested = await client.callTool({ name: "demo_request", arguments: { app: FIXTURE_APP_ID, agent_name: "bot" } });
    const { token } = requested.structuredContent as { token: string };
    const ended = await client.callTool({ name: "demo_end", arguments: { token } });
    expect(ended.isError).toBeUndefined();
    const after = await client.callTool({ name: "demo_snapshot", arguments: { token } });
    expect(errorOf(after)["code"]).toMatch(/invalid_token|session_ended/);
    expect(requests).toEqual(["demo.apps", "demo.request", "demo.end", "demo.snapshot"]);
    expect(stderr()).not.toContain(token);
    expect(stderr()).not.toMatch(/not the one|use a release/);
  });

  it("--contract ID finds the package's contract from a directory without ./contract", SLOW, async () => {
    const elsewhere = await cleanups.dir();
    const { suiteRoot, requests } = await demoHost();
    const { client } = await mcpIn(elsewhere, ["--contract", DEMO, "--suite-root", suiteRoot]);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(DEMO_TOOL_NAMES);
    const listed = await client.callTool({ name: "demo_apps", arguments: {} });
    expect(listed.structuredContent).toEqual({ apps: [{ id: FIXTURE_APP_ID, name: "Demo Fixture" }] });
    expect(requests).toEqual(["demo.apps"]);
  });
});
