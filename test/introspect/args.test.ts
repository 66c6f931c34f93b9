/**
 * introspect's bad input that needs no server: arguments, and contracts it cannot introspect.
 * Each is one line on stderr and exit 2, and none starts a child (the --stdio command here would
 * fail the test if it ever ran: it does not exist).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_CALL_TIMEOUT_MS, introspectOptions } from "../../generator/commands/introspect.js";
import { runCli } from "../support/bindgen.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { servedAgentcliContract, smallContract } from "./support.js";

const cleanups = cleanupAfterEach();
const home = process.cwd();
afterEach(() => {
  process.chdir(home);
});

const NEVER_RUN = "/nonexistent/introspect-must-not-start-this";

async function refused(args: readonly string[]): Promise<string> {
  const run = await runCli(["introspect", ...args]);
  expect(run.stdout).toBe("");
  expect(run.code).toBe(2);
  expect(run.stderr.split("\n")).toHaveLength(1);
  expect(run.stderr).not.toContain("cannot start");
  return run.stderr;
}

describe("introspect: bad arguments exit 2", () => {
  it.each([
    [[], 'introspect needs --stdio "<command>"'],
    [["--stdio", ""], "--stdio needs a command"],
    [["--stdio", "[1]"], "--stdio needs a JSON array of non-empty strings"],
    [["--stdio", NEVER_RUN, "extra"], 'unexpected argument "extra"'],
    [["--stdio", NEVER_RUN, "--nope"], "--nope"],
    [["--stdio", NEVER_RUN, "--format", "yaml"], '--format must be one of text, json, got "yaml"'],
    [["--stdio", NEVER_RUN, "--timeout", "5s"], '--timeout needs whole milliseconds from 1 to 2147483647, got "5s"'],
    [["--stdio", NEVER_RUN, "--timeout", "0"], "--timeout needs whole milliseconds"],
    [["--stdio", NEVER_RUN, "--ready-timeout", "1e3"], "--ready-timeout needs whole milliseconds"],
    [["--stdio", NEVER_RUN, "--ready-timeout", "2147483648"], "--ready-timeout needs whole milliseconds"],
    [["--stdio", NEVER_RUN, "--binding", "x.binding.json"], "--binding goes with --contract"],
  ])("%j", async (args, message) => {
    expect(await refused(args)).toContain(message);
  });

  it("defaults: text, a 10 s call bound, the binding's ready bound", () => {
    expect(introspectOptions(["--stdio", "agentcli serve"])).toEqual({
      command: ["agentcli", "serve"],
      contract: undefined,
      binding: undefined,
      format: "text",
      callTimeoutMs: DEFAULT_CALL_TIMEOUT_MS,
      readyTimeoutMs: undefined,
    });
  });
});

describe("introspect: contracts it cannot use exit 2", () => {
  it("a contract whose binding names no introspection (the demo's daemon transport)", async () => {
    expect(await refused(["--stdio", NEVER_RUN, "--contract", "rightkit.agent.demo.v1"])).toBe(
      "rightkit-bindgen: contract/rightkit.agent.demo.v1.binding.json:#/transport: names no introspection; introspect needs a binding whose transport (kind jsonrpc-stdio) has an introspection section",
    );
  });

  it("a contract without a binding file", async () => {
    const dir = await cleanups.dir();
    const file = join(dir, "bare.schema.json");
    writeFileSync(file, JSON.stringify({ $schema: "https://json-schema.org/draft/2020-12/schema", $id: "bare.v1", $defs: {} }));
    expect(await refused(["--stdio", NEVER_RUN, "--contract", file])).toBe(
      `rightkit-bindgen: ${file}: has no binding file; introspect needs a binding whose transport (kind jsonrpc-stdio) has an introspection section`,
    );
  });

  it("a contract file that does not exist", async () => {
    expect(await refused(["--stdio", NEVER_RUN, "--contract", "no/such.schema.json"])).toBe(
      "rightkit-bindgen: no/such.schema.json: cannot read: no such file",
    );
  });

  it("--ready-timeout for a binding that names no ready notification", async () => {
    const file = smallContract(await cleanups.dir(), { method: "describe", methods: "/methods" });
    expect(await refused(["--stdio", NEVER_RUN, "--contract", file, "--ready-timeout", "100"])).toContain(
      "--ready-timeout: example.small.v1's binding names no ready notification",
    );
  });

  it("without --contract, ./contract holding no introspectable contract", async () => {
    const repo = await cleanups.dir();
    mkdirSync(join(repo, "contract"));
    smallContract(join(repo, "contract"), { method: "describe", methods: "/methods" });
    // The same contract, its binding now without a transport.
    writeFileSync(join(repo, "contract/small.binding.json"), JSON.stringify({ contract: "example.small.v1", methods: {} }));
    process.chdir(repo);
    expect(await refused(["--stdio", NEVER_RUN])).toBe(
      "rightkit-bindgen: --contract is required: no contract in ./contract has a binding with an introspection section",
    );
  });

  it("without --contract, ./contract holding two introspectable contracts", async () => {
    const repo = await cleanups.dir();
    mkdirSync(join(repo, "contract"));
    servedAgentcliContract(join(repo, "contract"));
    smallContract(join(repo, "contract"), { method: "describe", methods: "/methods" });
    process.chdir(repo);
    expect(await refused(["--stdio", NEVER_RUN])).toBe(
      "rightkit-bindgen: --contract is required: ./contract holds 2 contracts whose bindings have an introspection section (contract/agentcli.v0.2.schema.json, contract/small.schema.json)",
    );
  });

  it("without --contract, an empty ./contract", async () => {
    process.chdir(await cleanups.dir());
    expect(await refused(["--stdio", NEVER_RUN])).toContain("--contract is required: ./contract holds no *.schema.json file");
  });
});
