/**
 * The SDK's own MCP `Client` (default output-schema validation on) against `rightkit-bindgen
 * mcp` over the demo's conformance host in rightkit-daemon mode: the six tools with their
 * schemas, a whole session request → apps → snapshot → act → batch → end, and refused calls as
 * `isError` results with the contract's code. Every byte the server wrote to stderr is then
 * searched for each token the session used: none may appear.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_TABLE } from "../../generated/rightkit.agent.demo.v1/index.js";
import { FIXTURE_APP_ID, startHost, type DaemonHostHandle } from "../../generator/host/index.js";
import { privateTempDir } from "../support/host.js";
import { DEMO_TOOL_NAMES, errorOf, startMcp, textOf, type McpSession } from "../support/mcp.js";
import { paramsSchemaOf } from "../support/stated-schema.js";

const SLOW = { timeout: 60_000 };

let suite: { dir: string; remove(): Promise<void> };
let host: DaemonHostHandle;
let mcp: McpSession;
const requests: string[] = [];
const tokens: string[] = [];

beforeAll(async () => {
  suite = await privateTempDir();
  host = await startHost({ suiteRoot: suite.dir, consent: { answer: "approve" } });
  host.events.on("request", ({ method }: { method: string }) => requests.push(method));
  mcp = await startMcp(["--contract", "rightkit.agent.demo.v1", "--suite-root", suite.dir]);
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await host?.close();
  await suite?.remove();
});

async function call(name: string, args: Record<string, unknown>) {
  return mcp.client.callTool({ name, arguments: args });
}

const READ_ONLY = { readOnlyHint: true };
const DESTRUCTIVE = { readOnlyHint: false, destructiveHint: true };
const DEMO_HINTS: Record<string, object> = {
  demo_act: DESTRUCTIVE,
  demo_apps: READ_ONLY,
  demo_batch: DESTRUCTIVE,
  demo_end: DESTRUCTIVE,
  demo_request: { readOnlyHint: false, destructiveHint: false },
  demo_snapshot: READ_ONLY,
};

describe("mcp over the demo contract, with the SDK's Client", () => {
  it("lists the six tools, each with its self-contained params schema and its result schema", SLOW, async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(DEMO_TOOL_NAMES);
    for (const tool of tools) {
      const spec = CLI_TABLE.tools.find((entry) => entry.tool === tool.name.replace("_", "."));
      // One table for one fact: the params schema `right-ctl demo --tools` prints.
      expect(tool.inputSchema).toEqual(paramsSchemaOf(spec));
      expect(tool.outputSchema).toMatchObject({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object" });
      expect(tool.description?.startsWith(spec?.summary as string)).toBe(true);
      // The binding's sideEffects marking, as MCP hints (contract/rightkit.agent.demo.v1.binding.json).
      expect(tool.annotations, tool.name).toEqual(DEMO_HINTS[tool.name]);
    }
    expect(tools.find((tool) => tool.name === "demo_request")?.description).toContain("up to 600 s");
  });

  it("runs a whole session: request → apps → snapshot → act → batch → end", SLOW, async () => {
    const requested = await call("demo_request", { app: FIXTURE_APP_ID, agent_name: "bot" });
    expect(requested.isError).toBeUndefined();
    const session = requested.structuredContent as { token: string; app: string; session: string };
    expect(session.app).toBe(FIXTURE_APP_ID);
    expect(JSON.parse(textOf(requested))).toEqual(session);
    tokens.push(session.token);
    const { token } = session;

    const apps = await call("demo_apps", {});
    expect(apps.structuredContent).toEqual({ apps: [{ id: FIXTURE_APP_ID, name: "Demo Fixture" }] });

    const snapshot = await call("demo_snapshot", { token });
    const { capture_state, elements } = snapshot.structuredContent as {
      capture_state: string;
      elements: { ref: string; label: string }[];
    };
    expect(capture_state).toBe("safe");
    const refs = Object.fromEntries(elements.map((element) => [element.label, element.ref]));

    const act = await call("demo_act", { token, ref: refs["Name — full"], op: "type", text: "1e3" });
    expect(act.structuredContent).toEqual({ receipt_id: expect.stringMatching(/^receipt-/) });

    const steps = [
      { ref: refs["Search"], op: "type", text: "x=y" },
      { ref: refs["Search"], op: "press", key: "enter" },
      { ref: refs["Submit ✓"], op: "click" },
    ];
    const batch = await call("demo_batch", { token, steps });
    expect(batch.structuredContent).toMatchObject({ completed: 3, failed_step: null, error_code: null });

    const end = await call("demo_end", { token });
    expect(end.structuredContent).toMatchObject({ ended: true, bundle_state: "complete" });

    const after = errorOf(await call("demo_snapshot", { token }));
    expect(after.code).toMatch(/^(invalid_token|session_ended)$/);
    expect(requests).toEqual([
      "demo.request",
      "demo.apps",
      "demo.snapshot",
      "demo.act",
      "demo.batch",
      "demo.end",
      "demo.snapshot",
    ]);
  });

  it("refuses bad arguments before connecting, naming the argument", SLOW, async () => {
    const before = requests.length;
    const tooMany = Array.from({ length: 21 }, () => ({ ref: "r", op: "click" }));
    const batch = errorOf(await call("demo_batch", { token: "tok-in-a-refused-call", steps: tooMany }));
    tokens.push("tok-in-a-refused-call");
    expect(batch).toMatchObject({ code: "invalid_arguments", retryable: false });
    expect(batch["details"]).toEqual([expect.objectContaining({ instancePath: "/steps", keyword: "maxItems" })]);

    const missing = errorOf(await call("demo_act", { token: "tok-without-a-ref", op: "click" }));
    tokens.push("tok-without-a-ref");
    expect(JSON.stringify(missing["details"])).toContain("ref");

    const wrongType = errorOf(await call("demo_request", { app: 7, agent_name: "bot" }));
    expect(wrongType["details"]).toEqual([expect.objectContaining({ instancePath: "/app" })]);
    expect(requests.length, "a refused call reached the host").toBe(before);
  });

  it("passes a host's error through with its code: a token the host does not know", SLOW, async () => {
    const refused = errorOf(await call("demo_snapshot", { token: "tok-the-host-never-issued" }));
    tokens.push("tok-the-host-never-issued");
    expect(refused).toEqual({ code: "invalid_token", message: expect.any(String), retryable: false });
  });

  it("answers an unknown tool with a protocol error, not a tool result", SLOW, async () => {
    await expect(call("demo.request", {})).rejects.toThrow(/unknown tool/);
  });

  it("writes no token to stderr, and ends by itself when its stdin closes", SLOW, async () => {
    const took = await mcp.close();
    expect(took).toBeLessThan(2000);
    const stderr = mcp.stderr();
    expect(stderr).toContain("serving 6 tools over stdio");
    expect(tokens.length).toBeGreaterThan(3);
    for (const token of tokens) expect(stderr, `stderr holds ${token}`).not.toContain(token);
  });
});
