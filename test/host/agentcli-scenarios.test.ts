import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { AGENTCLI_SCENARIOS, EXTRA_METHOD, MISSING_METHOD, SCENARIO_NAMES, serveStdioHost } from "../../generator/host/index.js";
import { runHostCommand } from "../../generator/commands/host.js";
import { StdioChildren, type StdioChild } from "./support/stdio-child.js";

const children = new StdioChildren();
afterEach(async () => {
  expect(await children.closeAll()).toEqual([]);
});

async function rpcMethods(server: StdioChild): Promise<string[]> {
  const { description } = (await server.result("agentcli.describe", { target: "rpc" })) as {
    description: { methods: { method: string }[] };
  };
  return description.methods.map((entry) => entry.method);
}

async function readyLine(server: StdioChild): Promise<Record<string, unknown>> {
  const ready = await server.nextFrame();
  expect(ready).toMatchObject({ jsonrpc: "2.0", method: "agentcli.ready" });
  return ready;
}

describe("agentcli scenarios", () => {
  it("registers each scenario of the agentcli service with the host", () => {
    expect(Object.keys(AGENTCLI_SCENARIOS)).toEqual([
      "extra_method",
      "missing_method",
      "no_ready",
      "exit_at_start",
      "bad_manifest_version",
      "garbage_ready",
      "version_wrong_shape",
      "schema_internal_error",
      "errors_without_data",
      "describe_accepts_unknown_target",
    ]);
    for (const name of Object.keys(AGENTCLI_SCENARIOS)) expect(SCENARIO_NAMES).toContain(name);
  });

  it("extra_method: describe rpc lists one method more, and the server serves it", async () => {
    const server = children.agentcli("extra_method");
    await readyLine(server);
    const methods = await rpcMethods(server);
    expect(methods.at(-1)).toBe(EXTRA_METHOD);
    expect(methods).toHaveLength(16);
    expect(await server.result(EXTRA_METHOD, { value: { a: [1] } })).toEqual({ ok: true, value: { a: [1] } });
  });

  it("missing_method: one documented method is gone from describe rpc and answers -32601", async () => {
    const server = children.agentcli("missing_method");
    await readyLine(server);
    const methods = await rpcMethods(server);
    expect(methods).toHaveLength(14);
    expect(methods).not.toContain(MISSING_METHOD);
    expect(await server.error(MISSING_METHOD, { manifest: {} })).toMatchObject({ code: -32601 });
    expect(await server.result("agentcli.ping")).toEqual({ ok: true, pong: true });
  });

  it("no_ready: the first line is the answer to the first request", async () => {
    const server = children.agentcli("no_ready");
    expect(await server.call(1, "agentcli.ping")).toEqual({ jsonrpc: "2.0", id: 1, result: { ok: true, pong: true } });
    expect(await server.close()).toEqual({ code: 0, signal: null });
    expect(server.received()).not.toContain("agentcli.ready");
  });

  it("exit_at_start: the process exits with code 3 and writes nothing to stdout", async () => {
    const server = children.agentcli("exit_at_start");
    server.send({ jsonrpc: "2.0", id: 1, method: "agentcli.ping" });
    expect(await server.exited()).toEqual({ code: 3, signal: null });
    await expect(server.nextLine()).rejects.toThrow("closed its stdout");
    expect(server.received()).toBe("");
    expect(server.stderr()).toContain("exited at start with code 3");
  });

  it('bad_manifest_version: agentcli.ready (and describe rpc) say "1.0"', async () => {
    const server = children.agentcli("bad_manifest_version");
    expect(await server.nextLine()).toBe(
      '{"jsonrpc":"2.0","method":"agentcli.ready","params":{"ok":true,"manifest_version":"1.0"}}',
    );
    const { description } = (await server.result("agentcli.describe", { target: "rpc" })) as {
      description: { notifications: { params: unknown }[] };
    };
    expect(description.notifications.map((entry) => entry.params)).toEqual([{ ok: true, manifest_version: "1.0" }]);
  });

  it("garbage_ready: the first line is not JSON, and requests are answered after it", async () => {
    const server = children.agentcli("garbage_ready");
    const first = await server.nextLine();
    expect(() => JSON.parse(first) as unknown).toThrow();
    expect(await server.call(2, "agentcli.ping")).toMatchObject({ id: 2, result: { pong: true } });
    expect(await server.close()).toEqual({ code: 0, signal: null });
    expect(server.received()).not.toContain("agentcli.ready");
  });

  it("runs a transport fault of the JSON-RPC host (split_writes) on the agentcli service too", async () => {
    const server = children.agentcli("split_writes");
    await readyLine(server);
    expect(await server.result("agentcli.version")).toMatchObject({ ok: true, manifest_version: "0.2" });
  });
});

describe("host --service", () => {
  it("serves the demo by default, as before: no ready line, demo methods", async () => {
    const host = children.host(["--stdio"]);
    expect(await host.call(1, "demo.apps")).toMatchObject({ id: 1, result: { apps: expect.any(Array) } });
    expect(await host.call(2, "agentcli.ping")).toMatchObject({ id: 2, error: { code: -32601 } });
  });

  it.each([
    [["--stdio", "--service", "agentcli", "--scenario", "demo_disabled"], "belongs to the demo service"],
    [["--stdio", "--scenario", "no_ready"], "belongs to the agentcli service"],
    [["--stdio", "--service", "demo", "--scenario", "extra_method"], "belongs to the agentcli service"],
    [["--stdio", "--service", "agentcli", "--scenario", "ok_flag"], "exists only on the daemon host"],
    [["--socket", "/tmp/x.sock", "--service", "agentcli"], "--service agentcli is served on --stdio only"],
    [["--suite-root", "/tmp/s", "--service", "agentcli"], "--service agentcli is served on --stdio only"],
    [["--stdio", "--service", "agentcli", "--consent", "deny"], "--consent and --consent-delay go with the demo service"],
    [["--stdio", "--service", "rightkit"], "--service must be one of demo, agentcli"],
  ])("exits 2 on %j", async (argv, reason) => {
    const err: string[] = [];
    expect(await runHostCommand(argv, { out: () => undefined, err: (line) => err.push(line) })).toBe(2);
    expect(err.join("\n")).toContain(reason);
    expect(err.join("\n")).toContain("usage: rightkit-bindgen host");
  });

  it("refuses a scenario of the other service in process too", () => {
    const stream = { input: new PassThrough(), output: new PassThrough(), drop: () => undefined, end: async () => undefined };
    expect(() => serveStdioHost(stream, { service: "agentcli", scenario: "capture_unsafe" })).toThrow(
      "scenario capture_unsafe belongs to the demo service",
    );
    expect(() => serveStdioHost(stream, { scenario: "garbage_ready" })).toThrow(
      "scenario garbage_ready belongs to the agentcli service",
    );
  });

  it("lists the agentcli scenarios and --service under --help", async () => {
    const out: string[] = [];
    expect(await runHostCommand(["--help"], { out: (line) => out.push(line), err: () => undefined })).toBe(0);
    expect(out.join("\n")).toContain("--service NAME");
    for (const name of Object.keys(AGENTCLI_SCENARIOS)) expect(out.join("\n")).toContain(`  ${name} `);
  });
});
