/**
 * conform through the real `rightkit-bindgen` bin, as a child process: the command is wired in
 * the dispatcher (and in --help), its exit codes reach the shell, no progress line is written
 * when stderr is no terminal, and the process ends on its own once the report is out — no
 * timer, socket or server child of it outlives the run (the bin sets exitCode, never exits).
 */
import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../support/cleanups.js";
import { BIN } from "../introspect/support.js";
import { agentcliTarget, ALL_CALLS, demoHost } from "./support.js";

const cleanups = cleanupAfterEach();

function runBin(args: readonly string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const options = { encoding: "utf8", timeout: 50_000, killSignal: "SIGKILL" } as const;
    execFile(process.execPath, [BIN, ...args], options, (error, stdout, stderr) => {
      resolve({ status: error === null ? 0 : typeof error.code === "number" ? error.code : null, stdout, stderr });
    });
  });
}

describe("rightkit-bindgen conform (the bin)", () => {
  it("is listed in --help", async () => {
    const run = await runBin(["--help"]);
    expect(run.stdout).toMatch(/^ {2}conform {4}\[--contract FILE\|ID\] \(--suite-root DIR \| --server CMD\)/m);
  });

  it("exits 0 against the agentcli test server it starts itself, and leaves nothing running", async () => {
    const run = await runBin(["conform", ...agentcliTarget(), "--seed", "2", "--max-examples", "5", "--time-budget", "86400"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout.trimEnd().split("\n").at(-1)).toMatch(/^conforms \(0 failing, 0 in the baseline, 14 warnings, 0 stale\)$/);
  });

  it("exits 1 against a lying demo host, past a deadline it gave up on", async () => {
    const { args } = await demoHost(cleanups, "slow_snapshot");
    const run = await runBin([
      "conform",
      ...args,
      ...ALL_CALLS,
      "--seed",
      "2",
      "--max-examples",
      "5",
      "--methods",
      "demo.snapshot",
      "--deadline-scale",
      "0.005",
    ]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("FAIL deadline\n  demo.snapshot: no answer within 150 ms");
  });
});
