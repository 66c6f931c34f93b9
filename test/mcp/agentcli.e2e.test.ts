/**
 * The SDK's own MCP `Client` against `rightkit-bindgen mcp` over the agentcli binding, which
 * spawns the agentcli test server (`--server`) at its first call. Every tool whose params need
 * nothing is called: each answers a result that the SDK's default output-schema validation
 * accepts, or the server's JSON-RPC error exactly as sent. Refused params come back as the
 * server's own -32602 shape and start nothing; a server that dies at start is
 * service_unavailable, and the next call tries again.
 */
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../support/cleanups.js";
import { agentcliServer, errorOf, startMcp, type McpSession } from "../support/mcp.js";

const SLOW = { timeout: 120_000 };
const cleanups = cleanupAfterEach();

async function served(scenario = "normal"): Promise<McpSession> {
  const mcp = await startMcp(["--contract", "agentcli.v0.2", "--server", agentcliServer(scenario)]);
  cleanups.add(async () => void (await mcp.close()));
  return mcp;
}

describe("mcp over the agentcli binding, with the SDK's Client", () => {
  it("lists one tool per method, namespaced names mapped to MCP's alphabet", SLOW, async () => {
    const mcp = await served();
    const { tools } = await mcp.client.listTools();
    expect(tools).toHaveLength(27);
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["agentcli_ping", "agentcli_identity_resolve", "agentcli_authorizationProof_verify"]),
    );
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
    }
  });

  it(
    "calls every tool whose params need nothing: a result valid against its output schema, or the server's RpcError",
    SLOW,
    async () => {
      const mcp = await served();
      const { tools } = await mcp.client.listTools();
      const callable = tools.filter((tool) => (tool.inputSchema.required ?? []).length === 0);
      expect(callable.length).toBeGreaterThan(10);
      const outcomes: Record<string, string> = {};
      for (const tool of callable) {
        // The SDK client throws when structuredContent does not match the tool's outputSchema.
        const result = await mcp.client.callTool({ name: tool.name, arguments: {} });
        if (result.isError === true) {
          const error = errorOf(result);
          expect(Object.keys(error).sort(), tool.name).toEqual(expect.arrayContaining(["code", "message"]));
          expect(typeof error["code"], tool.name).toBe("number");
          outcomes[tool.name] = String(error["code"]);
        } else {
          expect(result.structuredContent, tool.name).toMatchObject({ ok: true });
          outcomes[tool.name] = "ok";
        }
      }
      expect(outcomes).toMatchObject({
        agentcli_ping: "ok",
        agentcli_version: "ok",
        agentcli_describe: "ok",
        agentcli_identity_providers: "ok",
      });
      expect(Object.values(outcomes).filter((outcome) => outcome === "ok").length).toBeGreaterThan(5);
    },
  );

  it("returns an ok: false result as a result, not an error", SLOW, async () => {
    const mcp = await served();
    const result = await mcp.client.callTool({ name: "agentcli_validate", arguments: { manifest: { version: "0.1" } } });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ ok: false });
  });

  it("refuses bad params with the server's own -32602 shape, before the server is started", SLOW, async () => {
    const mcp = await served("exit_at_start");
    // A server that would die at start: a refusal that reached it would say service_unavailable.
    const error = errorOf(await mcp.client.callTool({ name: "agentcli_identity_resolve", arguments: { taskId: 7 } }));
    expect(error).toMatchObject({ code: -32602, data: { code: "invalid_argument", error_type: "invalid_argument" } });
    expect(JSON.stringify((error["data"] as { validation: unknown }).validation)).toContain("manifest");
  });

  it("passes the server's JSON-RPC error through: a method it does not serve", SLOW, async () => {
    const mcp = await served("missing_method");
    const manifest = { version: "0.1", workflows: [] };
    expect(errorOf(await mcp.client.callTool({ name: "agentcli_convert", arguments: { manifest } }))).toMatchObject({
      code: -32601,
    });
  });

  it("says service_unavailable for a server that exits at start, and tries again on the next call", SLOW, async () => {
    const mcp = await served("exit_at_start");
    for (let i = 0; i < 2; i++) {
      expect(errorOf(await mcp.client.callTool({ name: "agentcli_ping", arguments: {} }))).toMatchObject({
        code: "service_unavailable",
      });
    }
  });
});
