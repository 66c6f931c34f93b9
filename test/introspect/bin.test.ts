/** introspect through the real `rightkit-bindgen` bin, as a child process that itself starts the test server. */
import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";
import { EXTRA_METHOD } from "../../generator/host/index.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { agentcliServer, BIN, servedAgentcliContract } from "./support.js";

const cleanups = cleanupAfterEach();

interface BinRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Async, so the test's own timeout still runs while the bin works (two node processes with tsx on
 * a slow machine); a bin that hangs is killed before that timeout, and its status is then null.
 */
function runBin(args: readonly string[]): Promise<BinRun> {
  return new Promise((resolve) => {
    const options = { encoding: "utf8", timeout: 50_000, killSignal: "SIGKILL" } as const;
    execFile(process.execPath, [BIN, ...args], options, (error, stdout, stderr) => {
      const status = error === null ? 0 : typeof error.code === "number" ? error.code : null;
      resolve({ status, stdout, stderr });
    });
  });
}

describe("rightkit-bindgen introspect (the bin)", () => {
  it("exits 1 naming the method only the server has", async () => {
    const contract = servedAgentcliContract(await cleanups.dir());
    const run = await runBin([
      "introspect",
      "--stdio",
      agentcliServer("extra_method"),
      "--contract",
      contract,
      "--ready-timeout",
      "30000",
    ]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`\n+ method ${EXTRA_METHOD} (the server has it, the contract does not)\n`);
  });

  it("exits as soon as it has its answer, even with the largest bounds: no timer outlives the conversation", async () => {
    // A timer left armed would hold the process for its whole bound, far past this test's timeout.
    const contract = servedAgentcliContract(await cleanups.dir());
    const largest = ["--ready-timeout", "2147483647", "--timeout", "2147483647"];
    const run = await runBin(["introspect", "--stdio", agentcliServer(), "--contract", contract, ...largest, "--format", "json"]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ contract: "agentcli.v0.2", onlyOnServer: { methods: [], notifications: [] } });
  });

  it("exits 2 on bad arguments, with one line on stderr", async () => {
    const run = await runBin(["introspect", "--stdio", agentcliServer(), "--format", "xml"]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe('rightkit-bindgen: --format must be one of text, json, got "xml"\n');
  });

  it("exits 2 when the server exits at start", async () => {
    const run = await runBin(["introspect", "--stdio", agentcliServer("exit_at_start"), "--ready-timeout", "30000"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^rightkit-bindgen: --stdio `.+`: exited before agentcli\.ready \(code 3\); its stderr ends: /);
  });

  it("is in --help", async () => {
    const run = await runBin(["--help"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('introspect --stdio "<command>" [--contract FILE|ID]');
  });
});
