/**
 * `rightkit-bindgen proxy`'s command line: bad input is one line naming the option, exit 2, and
 * nothing written (no suite directory, no socket, no report); `proxy --help` lists every option
 * of its table, and the top-level usage names the command.
 */
import { access } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMAND_SPECS } from "../../generator/commands/options.js";
import { runCli } from "../support/bindgen.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { AGENTCLI, DEMO } from "../mock/support.js";

const cleanups = cleanupAfterEach();
const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

describe("rightkit-bindgen proxy's command line", () => {
  it.each([
    [["--contract", DEMO], "--suite-root DIR, --socket PATH or --stdio is required"],
    [["--contract", DEMO, "--suite-root", "SUITE"], "--suite-root needs --upstream-suite-root"],
    [
      ["--contract", DEMO, "--suite-root", "SUITE", "--upstream-suite-root", "SUITE"],
      "--upstream-suite-root: the proxy's own suite root",
    ],
    [["--contract", DEMO, "--stdio"], "--stdio: rightkit.agent.demo.v1's binding speaks rightkit-daemon"],
    [
      ["--contract", AGENTCLI, "--suite-root", "SUITE", "--upstream-suite-root", "UP"],
      "--suite-root: agentcli.v0.2's binding speaks JSON-RPC",
    ],
    [["--contract", AGENTCLI, "--socket", "SOCK"], "--socket needs --upstream-socket"],
    [
      ["--contract", AGENTCLI, "--socket", "SOCK", "--upstream-suite-root", "UP"],
      "--upstream-suite-root does not go with --socket",
    ],
    [["--contract", AGENTCLI, "--stdio", "--socket", "SOCK"], "--suite-root, --socket and --stdio: choose one"],
    [["--contract", AGENTCLI, "--stdio", "--upstream-command", "[1"], "--upstream-command"],
    [
      ["--contract", DEMO, "--suite-root", "SUITE", "--upstream-suite-root", "UP", "--format", "xml"],
      '--format "xml": text, json or junit',
    ],
    [["--contract", DEMO, "--suite-root", "SUITE", "--upstream-suite-root", "UP", "--bogus"], "'--bogus'"],
  ])("refuses %j: exit 2, one line naming the option, nothing written", async (args, says) => {
    const dir = await cleanups.dir();
    const places: Record<string, string> = { SUITE: join(dir, "suite"), UP: join(dir, "up"), SOCK: join(dir, "proxy.sock") };
    const run = await runCli(["proxy", ...args.map((arg) => places[arg] ?? arg), "--report", join(dir, "report.txt")]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.split("\n")).toHaveLength(1);
    expect(run.stderr).toContain(says);
    for (const place of [...Object.values(places), join(dir, "report.txt")]) expect(await exists(place)).toBe(false);
  });

  it("lists every option under --help, and the top-level usage names the command", async () => {
    const help = await runCli(["proxy", "--help"]);
    expect(help.code).toBe(0);
    for (const option of Object.keys(COMMAND_SPECS.proxy.options)) expect(help.stdout).toContain(`  --${option}`);
    expect((await runCli(["--help"])).stdout).toContain("  proxy ");
  });
});
