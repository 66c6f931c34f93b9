/**
 * `rightkit-bindgen openrpc`: the document on stdout or in `--out`, the same bytes either way;
 * bad input is one line, exit 2, and leaves no file (not even a temporary one) behind.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/bindgen.js";
import { cleanupAfterEach } from "../support/cleanups.js";

const cleanups = cleanupAfterEach();

describe("rightkit-bindgen openrpc", () => {
  it("prints the document, and writes the same bytes to --out", async () => {
    const dir = await cleanups.dir();
    const printed = await runCli(["openrpc", "--contract", "agentcli.v0.2"]);
    expect(printed.code).toBe(0);
    expect(JSON.parse(printed.stdout)).toMatchObject({ openrpc: "1.3.2", info: { title: "agentcli.v0.2", version: "0.2" } });
    const out = join(dir, "agentcli.openrpc.json");
    writeFileSync(out, "an older document");
    const written = await runCli(["openrpc", "--contract", "agentcli.v0.2", "--out", out]);
    expect(written).toMatchObject({ code: 0, stdout: "", stderr: "" });
    expect(readFileSync(out, "utf8")).toBe(`${printed.stdout}\n`);
    expect(readdirSync(dir)).toEqual(["agentcli.openrpc.json"]);
  });

  it("refuses bad input with one line and writes nothing", async () => {
    const dir = await cleanups.dir();
    const out = join(dir, "doc.json");
    for (const [args, message] of [
      [["--contract", "no-such.v1", "--out", out], /no-such\.v1: cannot read: no such file/],
      [["--contract", "test/fixtures/bad/malformed.json", "--out", out], /malformed\.json/],
      [["--out", out], /--contract is required/],
      [
        ["--contract", "agentcli.v0.2", "--out", join(dir, "missing-dir", "doc.json")],
        /missing-dir\/doc\.json: cannot be written: its folder does not exist/,
      ],
      [["--contract", "agentcli.v0.2", "extra"], /unexpected argument "extra"/],
    ] as const) {
      const run = await runCli(["openrpc", ...args]);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.split("\n")).toHaveLength(1);
      expect(run.stdout).toBe("");
    }
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});
