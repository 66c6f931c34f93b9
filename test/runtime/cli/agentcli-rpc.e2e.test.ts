/**
 * End to end: the real `agentcli-rpc` bin — the same generic CLI emitter as `right-ctl demo`,
 * over the jsonrpc-stdio transport — as a child process that itself starts the agentcli test
 * server (`--server`). Results go to stdout, failures to stderr as one JSON line; an RpcError
 * keeps its numeric code and data.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../../../generator/bin/agentcli-rpc.js", import.meta.url));
const BINDGEN = fileURLToPath(new URL("../../../generator/bin/rightkit-bindgen.js", import.meta.url));
const SLOW = { timeout: 60_000 };

type Child = { code: number | null; stdout: string; stderr: string };

/** `--server` as a JSON array, so the paths need no quoting rules. */
const server = (scenario = "normal"): string =>
  JSON.stringify([process.execPath, BINDGEN, "host", "--stdio", "--service", "agentcli", "--scenario", scenario]);

async function agentcliRpc(args: string[]): Promise<Child> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise<Child>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const errorLine = (run: Child): Record<string, unknown> => {
  const lines = run.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  return (JSON.parse(lines[0] as string) as { error: Record<string, unknown> }).error;
};

describe("agentcli-rpc against the agentcli test server", () => {
  it("calls a top-level method and prints its result", SLOW, async () => {
    const run = await agentcliRpc(["ping", "--server", server()]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(run.stdout)).toEqual({ ok: true, pong: true });
  });

  it("calls a namespaced method by its dotted name, with key=value params", SLOW, async () => {
    const run = await agentcliRpc(["identity.providers", "--server", server()]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true });
  });

  it("prints an ok: false result as a result, exit 0", SLOW, async () => {
    const run = await agentcliRpc(["validate", 'manifest={"version":"0.1"}', "--server", server()]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false });
  });

  it("prints the server's RpcError with its numeric code, exit 1", SLOW, async () => {
    const run = await agentcliRpc(["convert", 'manifest={"version":"0.1","workflows":[]}', "--server", server("missing_method")]);
    expect(run.code).toBe(1);
    expect(errorLine(run)).toMatchObject({ code: -32601 });
  });

  it("reports a server that exits before agentcli.ready, exit 1", SLOW, async () => {
    const run = await agentcliRpc(["ping", "--server", server("exit_at_start")]);
    expect(run.code).toBe(1);
    expect(errorLine(run)).toMatchObject({ code: "service_unavailable" });
    expect(String(errorLine(run).message)).toContain("before agentcli.ready");
  });

  it("refuses bad arguments before starting anything, exit 2", SLOW, async () => {
    const unknown = await agentcliRpc(["identity.nothing", "--server", "/nonexistent/agentcli"]);
    expect(unknown.code).toBe(2);
    const missing = await agentcliRpc(["identity.resolve", "--server", "/nonexistent/agentcli"]);
    expect(missing.code).toBe(2);
    expect(String(errorLine(missing).message)).toContain('missing required key "manifest"');
    const daemonOption = await agentcliRpc(["ping", "--suite-root", "/tmp"]);
    expect(daemonOption.code).toBe(2);
    expect(String(errorLine(daemonOption).message)).toContain("--suite-root does not apply to agentcli-rpc");
    const badServer = await agentcliRpc(["ping", "--server", "[1]"]);
    expect(badServer.code).toBe(2);
  });

  it("lists every method in --help (dotted names) and --tools (wire names), no server needed", SLOW, async () => {
    const help = await agentcliRpc(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("identity.resolve");
    expect(help.stdout).toContain("--server CMD");
    expect(help.stdout).not.toContain("--suite-root");
    const tools = await agentcliRpc(["--tools"]);
    const names = (JSON.parse(tools.stdout) as { name: string }[]).map((tool) => tool.name);
    expect(names).toHaveLength(27);
    // --tools publishes wire names, as right-ctl does.
    expect(names).toContain("agentcli.authorizationProof.verify");
  });
});
