/**
 * `rightkit-bindgen mcp` on bad input: one line naming the argument or file, exit 2, and no
 * server started (stdout stays MCP's: nothing is written to it). Also what a binding repo without
 * the optional SDK is told.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isBindgenError } from "../../generator/errors.js";
import { installCommand, loadMcpSdk } from "../../generator/mcp/sdk.js";
import { runCli } from "../support/bindgen.js";
import { cleanupAfterEach } from "../support/cleanups.js";

const cleanups = cleanupAfterEach();

async function refused(args: string[]): Promise<string> {
  const run = await runCli(["mcp", ...args]);
  expect(run.code, run.stderr).toBe(2);
  expect(run.stdout).toBe("");
  expect(run.stderr.split("\n")).toHaveLength(1);
  return run.stderr;
}

describe("mcp on bad input", () => {
  it("refuses two targets, a bad heartbeat, a stray argument and an unknown option", async () => {
    expect(await refused(["--suite-root", "/a", "--server", "b"])).toMatch(/--suite-root and --server name two targets/);
    expect(await refused(["--heartbeat", "0"])).toMatch(/--heartbeat needs whole milliseconds/);
    expect(await refused(["serve"])).toMatch(/unexpected argument "serve"/);
    expect(await refused(["--port", "1"])).toMatch(/--port/);
    expect(await refused(["--server", "[]"])).toMatch(/--server needs a JSON array/);
  });

  it("needs --contract when ./contract holds more than one contract it serves", async () => {
    expect(await refused([])).toMatch(
      /--contract is required: .*2 contracts mcp serves \(agentcli.v0.2, rightkit.agent.demo.v1\)/,
    );
  });

  it("refuses a target of the other transport's kind, and a relative suite root", async () => {
    expect(await refused(["--contract", "agentcli.v0.2", "--suite-root", "/abs"])).toMatch(
      /agentcli.v0.2 is served over jsonrpc-stdio; --suite-root does not apply/,
    );
    expect(await refused(["--contract", "rightkit.agent.demo.v1", "--server", "x"])).toMatch(/--server does not apply/);
    expect(await refused(["--contract", "rightkit.agent.demo.v1", "--suite-root", "relative/suite"])).toMatch(
      /--suite-root: .*absolute/,
    );
  });

  it("refuses a contract whose binding names no transport: there is nothing to reach", async () => {
    expect(await refused(["--contract", "test/fixtures/bad/two-methods.json"])).toMatch(
      /two-methods\.json:#\/transport: names no transport; mcp needs one to reach the service/,
    );
  });

  it("names the id it looked for, and where, when no contract has it", async () => {
    const line = await refused(["--contract", "rightkit.agent.nope.v9", "--suite-root", "/abs"]);
    expect(line).toBe(
      "rightkit-bindgen: rightkit.agent.nope.v9: cannot read: no such file, and no *.schema.json in ./contract has this $id",
    );
  });

  it("looks for an id in ./contract, then in the package's contracts, from a directory without ./contract", async () => {
    const home = process.cwd();
    const elsewhere = await cleanups.dir();
    process.chdir(elsewhere);
    try {
      // The package's contract is found: the refusal is about the target, past the lookup.
      expect(await refused(["--contract", "agentcli.v0.2", "--suite-root", "/abs"])).toMatch(
        /agentcli.v0.2 is served over jsonrpc-stdio; --suite-root does not apply/,
      );
      expect(await refused(["--contract", "rightkit.agent.nope.v9"])).toBe(
        `rightkit-bindgen: rightkit.agent.nope.v9: cannot read: no such file, and no *.schema.json in ./contract or in ${join(home, "contract")} has this $id`,
      );
    } finally {
      process.chdir(home);
    }
  });

  it("names the install command when the SDK is missing", async () => {
    const missing = Object.assign(new Error("Cannot find package '@modelcontextprotocol/sdk'"), { code: "ERR_MODULE_NOT_FOUND" });
    const error = await loadMcpSdk(() => Promise.reject(missing)).catch((thrown: unknown) => thrown);
    expect(isBindgenError(error) && error.oneLine()).toBe(
      "mcp needs the MCP SDK, an optional peer dependency: npm install --save-dev @modelcontextprotocol/sdk@1.32.2",
    );
    expect(installCommand()).toContain(
      `@${(JSON.parse(readFileSync("package.json", "utf8")) as { peerDependencies: Record<string, string> }).peerDependencies["@modelcontextprotocol/sdk"]}`,
    );
    const other = new Error("something else");
    await expect(loadMcpSdk(() => Promise.reject(other))).rejects.toBe(other);
  });
});
