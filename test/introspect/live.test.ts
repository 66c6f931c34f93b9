/**
 * introspect against the real agentcli test server (`host --stdio --service agentcli`) as a child
 * process, the CLI run in-process. Bounds are generous and nothing is timed: a slow machine only
 * makes these slower.
 */
import { describe, expect, it, vi } from "vitest";
import { EXTRA_METHOD, MISSING_METHOD, NOT_SERVED_METHODS } from "../../generator/host/index.js";
import { runCli } from "../support/bindgen.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { failOnUnhandledRejections } from "../support/rejection.js";
import { agentcliServer, servedAgentcliContract } from "./support.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

/** Child processes and pipes the test's own process holds, to prove the command leaves none behind. */
function processHandles(): { ProcessWrap: number; PipeWrap: number } {
  const active = process.getActiveResourcesInfo();
  const count = (kind: string): number => active.filter((name) => name === kind).length;
  return { ProcessWrap: count("ProcessWrap"), PipeWrap: count("PipeWrap") };
}

/** A closed handle leaves the list on a later turn of the event loop, so this waits for it (no timing asserted). */
async function expectHandlesBackTo(before: ReturnType<typeof processHandles>): Promise<void> {
  await vi.waitFor(() => expect(processHandles()).toEqual(before), { timeout: 20_000, interval: 50 });
}

/** Bounds far above the binding's 10 s: a loaded 2-core machine may take seconds to start node and tsx. */
const GENEROUS = ["--ready-timeout", "30000", "--timeout", "30000"];

async function introspect(scenario: string, ...options: string[]) {
  const contract = servedAgentcliContract(await cleanups.dir());
  return runCli(["introspect", "--stdio", agentcliServer(scenario), "--contract", contract, ...GENEROUS, ...options]);
}

describe("introspect against the agentcli test server", () => {
  it("exits 0 when the server serves exactly the contract's methods and notifications, leaving nothing behind", async () => {
    const before = processHandles();
    const run = await introspect("normal");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^agentcli\.v0\.2: the server at `.+ --scenario normal` offers 15 methods and 1 notification; the contract has 15 methods and 1 notification\.\nThey agree: /,
    );
    await expectHandlesBackTo(before);
  });

  it("extra_method: exits 1 naming the method only the server has", async () => {
    const run = await introspect("extra_method");
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n").slice(1)).toEqual([`+ method ${EXTRA_METHOD} (the server has it, the contract does not)`]);
    expect(run.stdout).toContain("offers 16 methods and 1 notification; the contract has 15 methods");
  });

  it("missing_method: exits 1 naming the method only the contract has", async () => {
    const run = await introspect("missing_method");
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n").slice(1)).toEqual([`- method ${MISSING_METHOD} (the contract has it, the server does not)`]);
  });

  it("--format json: the contract, the server's names and each side's extras, sorted", async () => {
    const run = await introspect("extra_method", "--format", "json");
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Record<string, { methods: string[]; notifications: string[] } | string>;
    expect(Object.keys(report)).toEqual(["contract", "server", "onlyOnServer", "onlyInContract"]);
    expect(report["contract"]).toBe("agentcli.v0.2");
    expect(report["onlyOnServer"]).toEqual({ methods: [EXTRA_METHOD], notifications: [] });
    expect(report["onlyInContract"]).toEqual({ methods: [], notifications: [] });
    const server = report["server"] as { methods: string[]; notifications: string[] };
    expect(server.notifications).toEqual(["agentcli.ready"]);
    expect(server.methods).toHaveLength(16);
    expect(server.methods).toEqual([...server.methods].sort());
    expect(server.methods).toContain("agentcli.describe");
  });

  it("no_ready: exits 2 once the ready bound passes, naming the notification and the bound", async () => {
    const before = processHandles();
    const run = await introspect("no_ready", "--ready-timeout", "1500");
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^rightkit-bindgen: --stdio `.+`: sent no agentcli\.ready within 1500 ms/);
    expect(run.stderr.split("\n")).toHaveLength(1);
    await expectHandlesBackTo(before);
  });

  it("exit_at_start: exits 2 with the exit code and the end of the server's stderr", async () => {
    const run = await introspect("exit_at_start");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/: exited before agentcli\.ready \(code 3\); its stderr ends: .*exited at start with code 3/);
    expect(run.stderr.split("\n")).toHaveLength(1);
  });

  it("garbage_ready: exits 2 quoting the line that is not JSON", async () => {
    const run = await introspect("garbage_ready");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(': line 1 of its stdout is not JSON: "this is not json {"');
  });

  it("bad_manifest_version: exits 2, the server's ready notification reporting another major", async () => {
    const run = await introspect("bad_manifest_version");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('its agentcli.ready reports manifest_version "1.0"; the contract is for 0.2 (major 0)');
  });

  it("a command that does not exist: exits 2 naming it", async () => {
    const dir = await cleanups.dir();
    const run = await runCli(["introspect", "--stdio", `${dir}/no-such-server serve`, "--contract", servedAgentcliContract(dir)]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`rightkit-bindgen: --stdio \`${dir}/no-such-server serve\`: cannot start: no such command`);
  });

  it("without --contract, finds the one contract in ./contract that can be introspected", async () => {
    // The repository's own agentcli contract lists the methods this offline server does not serve.
    const run = await runCli(["introspect", "--stdio", agentcliServer(), ...GENEROUS]);
    expect(run.code).toBe(1);
    const missing = NOT_SERVED_METHODS.map(({ name }) => `- method ${name} (the contract has it, the server does not)`).sort();
    expect(run.stdout.split("\n").slice(1)).toEqual(missing);
    expect(run.stdout).toMatch(/^agentcli\.v0\.2: /);
  });
});
