/**
 * `rightkit-bindgen mock`'s command line: bad input is one line naming the option, exit 2, and
 * nothing written; `mock --help` lists every option of its table; an answer outside the contract
 * stops the mock with exit 3 instead of being sent.
 */
import { access, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { COMMAND_SPECS } from "../../generator/commands/options.js";
import { DaemonTransport, DemoClient } from "../../generated/rightkit.agent.demo.v1/index.js";
import { runCli } from "../support/bindgen.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { AGENTCLI, DEMO, spawnMock } from "./support.js";

const cleanups = cleanupAfterEach();
const exists = (path: string): Promise<boolean> =>
  promisify(access)(path).then(
    () => true,
    () => false,
  );

describe("rightkit-bindgen mock's command line", () => {
  it.each([
    [["--contract", DEMO], "--suite-root DIR, --socket PATH or --stdio is required"],
    [["--contract", DEMO, "--stdio", "--socket", "SOCK"], "--suite-root, --socket and --stdio: choose one"],
    [["--contract", DEMO, "--stdio"], "--stdio: rightkit.agent.demo.v1's binding speaks rightkit-daemon"],
    [["--contract", AGENTCLI, "--suite-root", "SUITE"], "--suite-root: agentcli.v0.2's binding speaks JSON-RPC"],
    [["--contract", DEMO, "--suite-root", "SUITE", "--seed", "1e3"], "--seed needs a whole number"],
    [["--contract", DEMO, "--suite-root", "SUITE", "--scenario", "apps=unknown_app"], "--scenario needs error:<method>=<code>"],
    [
      ["--contract", DEMO, "--suite-root", "SUITE", "--scenario", "error:nothing=unknown_app"],
      "--scenario: rightkit.agent.demo.v1 has no method",
    ],
    [["--contract", DEMO, "--suite-root", "SUITE", "--scenario", "error:apps=-32000"], '--scenario: "-32000" is not one of'],
    [
      ["--contract", AGENTCLI, "--stdio", "--scenario", "error:agentcli.ping=unknown_app"],
      '--scenario: "unknown_app" is not one of',
    ],
    [["--contract", DEMO, "--suite-root", "SUITE", "--bogus"], "'--bogus'"],
    [
      ["--contract", DEMO, "--suite-root", "SUITE", "--wait", "600000"],
      "--wait 600000: demo.request waits for a person, and its client gives up after 600000 ms",
    ],
    [["--contract", DEMO, "--suite-root", "SUITE", "--wait", "soon"], "--wait needs a whole number"],
  ])("refuses %j: exit 2, one line naming the option, nothing written", async (args, says) => {
    const dir = await cleanups.dir();
    const argv = args.map((arg) => (arg === "SUITE" ? join(dir, "suite") : arg === "SOCK" ? join(dir, "mock.sock") : arg));
    const run = await runCli(["mock", ...argv]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.split("\n")).toHaveLength(1);
    expect(run.stderr).toContain(says);
    expect(await exists(join(dir, "suite"))).toBe(false);
    expect(await exists(join(dir, "mock.sock"))).toBe(false);
  });

  it("lists every option under --help, and the top-level usage names the command", async () => {
    const help = await runCli(["mock", "--help"]);
    expect(help.code).toBe(0);
    for (const option of Object.keys(COMMAND_SPECS.mock.options)) expect(help.stdout).toContain(`  --${option}`);
    expect((await runCli(["--help"])).stdout).toContain("  mock ");
  });

  it("stops with exit 3, the call's connection dropped, rather than send an answer outside its contract", async () => {
    const dir = await cleanups.dir();
    const schema = JSON.parse(readFileSync("contract/rightkit.agent.demo.v1.schema.json", "utf8")) as {
      $defs: { apps: { result: Record<string, unknown> } };
    };
    schema.$defs.apps.result.examples = [{ apps: "none" }];
    const contract = join(dir, "rightkit.agent.demo.v1.schema.json");
    writeFileSync(contract, JSON.stringify(schema));
    writeFileSync(join(dir, "rightkit.agent.demo.v1.binding.json"), readFileSync("contract/rightkit.agent.demo.v1.binding.json"));
    const suiteRoot = await cleanups.dir();
    const mock = await spawnMock(cleanups, ["--contract", contract, "--suite-root", suiteRoot]);
    const transport = new DaemonTransport({ suiteRoot });
    cleanups.add(() => transport.close());
    await expect(new DemoClient(transport).apps()).rejects.toThrow();
    expect(await mock.exited).toBe(3);
    expect(mock.stderr()).toContain("internal error: demo.apps: the result schema's first example fails its own validator");
    expect(await exists(join(suiteRoot, "runtime", "rightkit.agent.demo", "service.json"))).toBe(false);
  });
});
