/**
 * The proxy in front of the mock, driven by real clients: the demo's generated client and conform
 * over the daemon transport, conform against the mock of a contract no host implements (the
 * notes service, test/mock/fixtures/notes), and raw frames over JSON-RPC stdio, where what the
 * client reads through the proxy is byte for byte what it reads from the mock alone. A mock keeps
 * its contract, so nothing the host did is reported; conform's deliberately invalid params are
 * reported as the client's own.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { access } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AgentcliClient } from "../../generated/agentcli.v0.2/index.js";
import { DaemonTransport, DemoClient } from "../../generated/rightkit.agent.demo.v1/index.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { failOnUnhandledRejections } from "../support/rejection.js";
import { ALL_CALLS } from "../conform/support.js";
import { AGENTCLI, BIN, DEMO, spawnMock } from "../mock/support.js";
import { collect, conformThrough, spawnProxy, suiteProxy } from "./support.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

const NOTES = join(import.meta.dirname, "..", "mock", "fixtures", "notes", "notes.v1.schema.json");

/** A mock of `contract` in one suite root and the proxy in front of it in another. */
async function proxiedMock(contract: string, service: string, ...proxyArgs: string[]) {
  const upstream = { suiteRoot: await cleanups.dir(), service };
  const mock = await spawnMock(cleanups, ["--contract", contract, "--suite-root", upstream.suiteRoot]);
  expect(mock.started).toContain("serving");
  return suiteProxy(cleanups, contract, upstream, proxyArgs);
}

describe("proxy in front of the mock", () => {
  it("passes a generated client's whole session and reports nothing; its record goes on exit", async () => {
    const { suiteRoot, proxy } = await proxiedMock(DEMO, "rightkit.agent.demo");
    const transport = new DaemonTransport({ suiteRoot });
    cleanups.add(() => transport.close());
    const client = new DemoClient(transport);
    const { apps } = await client.apps();
    const { token } = await client.request({ app: apps[0]?.id ?? "app", agent_name: "proxy tests" });
    await client.snapshot({ token });
    await client.end({ token });
    await expect(client.snapshot({ token })).rejects.toMatchObject({ code: "session_ended" });
    await transport.close();
    const record = join(suiteRoot, "runtime", "rightkit.agent.demo", "service.json");
    await access(record);
    expect(await proxy.stop()).toBe(0);
    await expect(access(record)).rejects.toThrow();
    expect(proxy.stdout()).toContain("5 calls forwarded and judged");
    expect(proxy.stdout()).toContain("conforms (0 failing");
  });

  it("stands between conform and the notes mock: conform sees a conforming host, the proxy only conform's own invalid params", async () => {
    const report = join(await cleanups.dir(), "proxy.json");
    const { suiteRoot, proxy } = await proxiedMock(NOTES, "example.notes", "--report", report, "--format", "json");
    const { exit, seen } = await conformThrough(
      proxy,
      report,
      "--contract",
      NOTES,
      "--suite-root",
      suiteRoot,
      ALL_CALLS,
      "--seed",
      "3",
      "--max-examples",
      "8",
    );
    expect(exit).toBe(1);
    // conform's negative cases break the params on purpose: the client's fault, and the mock refused each.
    expect(new Set(seen.findings.map((finding) => finding.check))).toEqual(new Set(["client_params"]));
    expect(seen.summary.calls).toBeGreaterThan(20);
  });

  it("on JSON-RPC stdio, the client reads through the proxy exactly what it reads from the mock alone", async () => {
    const mockCommand = JSON.stringify([process.execPath, BIN, "mock", "--contract", AGENTCLI, "--stdio"]);
    const requests =
      '{"jsonrpc":"2.0","id":1,"method":"agentcli.ping","params":{}}\n{"jsonrpc":"2.0","id":"two","method":"agentcli.version","params":{}}\n';
    const direct = spawn(process.execPath, [BIN, "mock", "--contract", AGENTCLI, "--stdio"], {
      stdio: ["pipe", "pipe", "ignore"],
    });
    const directOut = collect(direct.stdout);
    direct.stdin.end(requests);
    await once(direct, "exit");
    const expected = directOut.bytes();
    expect(expected.toString("utf8").split("\n").filter(Boolean)).toHaveLength(3);
    const proxy = await spawnProxy(cleanups, ["--contract", AGENTCLI, "--stdio", "--upstream-command", mockCommand]);
    const proxied = collect(proxy.output);
    proxy.stdin.end(requests);
    expect(await proxy.exited).toBe(0);
    expect(proxied.bytes().equals(expected)).toBe(true);
    expect(proxy.stderr()).toContain("2 calls forwarded and judged");
    expect(proxy.stderr()).toContain("conforms (0 failing");
  });

  it("on JSON-RPC stdio, the generated client spawns the proxy in the mock's place: ready gate, calls, answers", async () => {
    const mockCommand = JSON.stringify([process.execPath, BIN, "mock", "--contract", AGENTCLI, "--stdio"]);
    const client = await AgentcliClient.spawn({
      command: process.execPath,
      args: [BIN, "proxy", "--contract", AGENTCLI, "--stdio", "--upstream-command", mockCommand],
      stderr: "ignore",
    });
    cleanups.add(() => client.close());
    // The mock's ready notification came through unchanged: the client read its version from it.
    expect(client.manifestVersion).toBe("0.2");
    expect(await client.ping()).toEqual({ ok: true, pong: true });
    await expect(client.version()).resolves.toBeDefined();
  });
});
