/**
 * A second MCP client, independent of the SDK: JSON-RPC 2.0 lines written and read by hand on
 * the server's stdio — initialize, notifications/initialized, tools/list, tools/call — as the
 * MCP specification's stdio transport describes them. (The MCP Inspector needs Node ≥ 22.7.5;
 * its CLI alone installs on Node 20 but fails at start, and drives the same SDK client the other
 * tests use; this one shares nothing with the server's SDK.)
 * Against the demo host and the agentcli test server: the tools, a whole demo session, a
 * refused call with the contract's code, and no token on stderr.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { FIXTURE_APP_ID, startHost } from "../../generator/host/index.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { DEMO_TOOL_NAMES, agentcliServer, BINDGEN, childEnv, isAlive } from "../support/mcp.js";

const SLOW = { timeout: 60_000 };
const cleanups = cleanupAfterEach();
const children: ChildProcessWithoutNullStreams[] = [];

afterEach(() => {
  for (const child of children.splice(0)) {
    const alive = isAlive(child.pid as number);
    if (alive) child.kill("SIGKILL");
    expect(alive, "an mcp server outlived its test").toBe(false);
  }
});

type Message = { id?: number; method?: string; result?: Record<string, unknown>; error?: { code: number; message: string } };

/** One server and a line-by-line JSON-RPC conversation with it. */
class RawClient {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #waiting = new Map<number, (message: Message) => void>();
  readonly notifications: Message[] = [];
  stderr = "";
  #next = 1;

  constructor(args: string[]) {
    this.#child = spawn(process.execPath, [BINDGEN, "mcp", ...args], { env: childEnv() });
    children.push(this.#child);
    this.#child.stderr.setEncoding("utf8").on("data", (chunk: string) => (this.stderr += chunk));
    createInterface({ input: this.#child.stdout }).on("line", (line) => {
      const message = JSON.parse(line) as Message;
      expect(message).toMatchObject({ jsonrpc: "2.0" });
      if (message.id !== undefined && message.method === undefined) this.#waiting.get(message.id)?.(message);
      else this.notifications.push(message);
    });
  }

  request(method: string, params: Record<string, unknown>): Promise<Message> {
    const id = this.#next++;
    const answered = new Promise<Message>((resolve) => this.#waiting.set(id, resolve));
    this.#child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    return answered;
  }

  notify(method: string): void {
    this.#child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method })}\n`);
  }

  async initialize(): Promise<Record<string, unknown>> {
    const answer = await this.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "raw-json-rpc", version: "1.0.0" },
    });
    this.notify("notifications/initialized");
    return answer.result as Record<string, unknown>;
  }

  async call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    const answer = await this.request("tools/call", { name, arguments: args });
    expect(answer.error, JSON.stringify(answer.error)).toBeUndefined();
    return answer.result as Record<string, unknown>;
  }

  /** Ends its stdin and waits for the server to exit by itself. */
  end(): Promise<number | null> {
    return new Promise((resolve) => {
      this.#child.once("exit", (code) => resolve(code));
      this.#child.stdin.end();
    });
  }
}

const text = (result: Record<string, unknown>): unknown =>
  JSON.parse((result["content"] as { text: string }[])[0]?.text as string);

describe("mcp with a JSON-RPC client of our own (no SDK)", () => {
  it("serves the demo: initialize, tools/list, a whole session, a refusal, and exits 0 when stdin ends", SLOW, async () => {
    const suiteRoot = await cleanups.dir();
    const host = await startHost({ suiteRoot, consent: { answer: "approve" } });
    cleanups.add(() => host.close());
    const client = new RawClient(["--contract", "rightkit.agent.demo.v1", "--suite-root", suiteRoot]);
    const init = await client.initialize();
    expect(init).toMatchObject({
      protocolVersion: "2025-06-18",
      capabilities: { tools: {} },
      serverInfo: { name: "rightkit-bindgen rightkit.agent.demo.v1" },
    });

    const listed = (await client.request("tools/list", {})).result as {
      tools: { name: string; inputSchema: object; outputSchema: object }[];
    };
    expect(listed.tools.map((tool) => tool.name)).toEqual(DEMO_TOOL_NAMES);

    const session = await client.call("demo_request", { app: FIXTURE_APP_ID, agent_name: "bot" });
    const { token } = session["structuredContent"] as { token: string };
    expect(text(session)).toEqual(session["structuredContent"]);
    const snapshot = (await client.call("demo_snapshot", { token }))["structuredContent"] as {
      elements: { ref: string; label: string }[];
    };
    const search = snapshot.elements.find((element) => element.label === "Search")?.ref;
    expect((await client.call("demo_act", { token, ref: search, op: "type", text: "x" }))["isError"]).toBeUndefined();
    const batch = await client.call("demo_batch", { token, steps: [{ ref: search, op: "press", key: "enter" }] });
    expect(batch["structuredContent"]).toMatchObject({ completed: 1 });
    expect((await client.call("demo_end", { token }))["structuredContent"]).toMatchObject({ ended: true });

    const refused = await client.call("demo_act", { token, ref: search, op: "hover" });
    expect(refused["isError"]).toBe(true);
    expect(refused["structuredContent"]).toBeUndefined();
    expect(text(refused)).toMatchObject({ error: { code: "invalid_arguments", retryable: false } });

    const unknown = await client.request("tools/call", { name: "demo_nothing", arguments: {} });
    expect(unknown.error).toMatchObject({ code: -32602 });

    expect(await client.end()).toBe(0);
    expect(client.stderr).not.toContain(token);
  });

  it("serves agentcli over its stdio server, RpcErrors as isError results", SLOW, async () => {
    const client = new RawClient(["--contract", "agentcli.v0.2", "--server", agentcliServer()]);
    await client.initialize();
    const listed = (await client.request("tools/list", {})).result as { tools: { name: string }[] };
    expect(listed.tools).toHaveLength(27);
    expect((await client.call("agentcli_ping", {}))["structuredContent"]).toEqual({ ok: true, pong: true });
    const refused = await client.call("agentcli_registry_show", {});
    expect(refused["isError"]).toBe(true);
    expect(text(refused)).toMatchObject({ error: { code: -32602, data: { code: "invalid_argument" } } });
    expect(await client.end()).toBe(0);
  });
});
