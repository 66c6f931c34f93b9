/**
 * The generated agentcli client against the agentcli test server, a real child process over
 * stdio: spawn() and its ready gate, namespaces, the JSON-RPC error model (RpcError, numeric
 * code and data, the client's own -32602), `ok: false` results, notifications and close().
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  AgentcliClient,
  isRpcError,
  RpcError,
  StdioTransport,
  ToolError,
  type SpawnOptions,
} from "../../../generated/agentcli.v0.2/index.js";
import { cleanupAfterEach } from "../../support/cleanups.js";
import { failOnUnhandledRejections, rejection } from "../../support/rejection.js";

const BIN = fileURLToPath(new URL("../../../generator/bin/rightkit-bindgen.js", import.meta.url));
const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

/** The test server as a `spawn()` would start it, in one of its scenarios. */
function server(scenario = "normal", options: SpawnOptions = {}): SpawnOptions {
  return {
    command: process.execPath,
    args: [BIN, "host", "--stdio", "--service", "agentcli", "--scenario", scenario],
    stderr: "ignore",
    ...options,
  };
}

async function spawned(scenario = "normal"): Promise<AgentcliClient> {
  const client = await AgentcliClient.spawn(server(scenario));
  cleanups.add(() => client.close());
  return client;
}

async function rpcRejection(promise: Promise<unknown>): Promise<RpcError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RpcError);
  return error as RpcError;
}

describe("AgentcliClient.spawn", () => {
  it("waits for agentcli.ready and exposes the manifest version it reported", async () => {
    const client = await spawned();
    expect(client.manifestVersion).toBe("0.2");
    expect(await client.ping()).toEqual({ ok: true, pong: true });
  });

  it("refuses a server whose manifest version has another major, and stops it", async () => {
    const error = await rejection(AgentcliClient.spawn(server("bad_manifest_version")));
    expect(error.code).toBe("version_mismatch");
    expect(error.message).toContain('"1.0"');
    expect(error.details).toEqual({ field: "manifest_version", reported: "1.0", expected: "0.2" });
  });

  it("fails clearly when the server exits before it is ready", async () => {
    const error = await rejection(AgentcliClient.spawn(server("exit_at_start")));
    expect(error.code).toBe("service_unavailable");
    expect(error.message).toMatch(/exited before agentcli\.ready \(code 3\)/);
  });

  it("fails within the bound when agentcli.ready never comes", async () => {
    const error = await rejection(AgentcliClient.spawn(server("no_ready", { readyTimeoutMs: 1500 })));
    expect(error.code).toBe("service_unavailable");
    expect(error.details).toMatchObject({ reason: "not_ready", timeoutMs: 1500 });
  });

  it("fails clearly when the first line is not JSON", async () => {
    const error = await rejection(AgentcliClient.spawn(server("garbage_ready")));
    expect(error.code).toBe("malformed_response");
  });

  it("fails clearly when the command cannot run", async () => {
    const error = await rejection(AgentcliClient.spawn({ command: "/nonexistent/agentcli", args: ["serve"] }));
    expect(error.code).toBe("service_unavailable");
    expect(error.message).toContain("/nonexistent/agentcli");
  });
});

describe("AgentcliClient methods", () => {
  it("mirrors the dotted names as namespaces, camelCase params as on the wire", async () => {
    const client = await spawned();
    const providers = await client.identity.providers();
    expect(providers.ok).toBe(true);
    const version = await client.version();
    expect(version.ok).toBe(true);
    const methods = await client.authorizationProof.methods();
    expect(methods.ok).toBe(true);
    expect(typeof client.registry.list).toBe("function");
  });

  it("returns a validation failure inside the result (ok: false) instead of throwing", async () => {
    const client = await spawned();
    const result = await client.validate({ manifest: { version: "0.1" } });
    expect(result.ok).toBe(false);
    expect(result.errors.length).toBeGreaterThan(0);
  });

  it("raises the server's own -32602 shape for params its check refuses, before sending", async () => {
    const client = await spawned();
    const error = await rpcRejection(client.schema({ target: "manifest", legacy: "yes" } as never));
    // Refused by the client's own check: the same shape the server would send, before anything is sent.
    expect(error.code).toBe(-32602);
    expect(error.data).toMatchObject({ code: "invalid_argument", error_type: "invalid_argument" });
    expect(Array.isArray((error.data as { validation: unknown }).validation)).toBe(true);
    expect(isRpcError(error)).toBe(true);
  });

  it("passes the server's own RpcError through unchanged", async () => {
    const client = await spawned("missing_method");
    // The client knows agentcli.convert; this server answers -32601 for it.
    const error = await rpcRejection(client.convert({ manifest: { version: "0.1", workflows: [] } }));
    expect(error.code).toBe(-32601);
    expect(error.message.length).toBeGreaterThan(0);
  });

  it("never sends a JSON array: params that are not an object are refused before sending", async () => {
    const client = await spawned();
    const error = await rpcRejection(client.ping([] as never));
    expect(error.code).toBe(-32602);
  });

  it("delivers each accepted ready notification to on('ready'), typed", async () => {
    const options = server();
    const transport = new StdioTransport({
      command: options.command as string,
      args: options.args as string[],
      stderr: "ignore",
      ready: { notification: "agentcli.ready" },
    });
    const client = new AgentcliClient(transport);
    cleanups.add(() => client.close());
    const seen: string[] = [];
    const stop = client.on("ready", (params) => seen.push(params.manifest_version));
    await transport.start();
    expect(seen).toEqual(["0.2"]);
    expect(client.manifestVersion).toBe("0.2");
    stop();
  });

  it("close() ends the child: later calls fail with service_unavailable", async () => {
    const client = await AgentcliClient.spawn(server());
    await client.close();
    const error = await rejection(client.ping());
    expect(error).toBeInstanceOf(ToolError);
    expect(error.code).toBe("service_unavailable");
  });
});
