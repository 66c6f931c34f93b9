/** The real `rightkit-bindgen` bin, as a child process: generate, check, drift, exit codes. */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const BIN = resolve("generator/bin/rightkit-bindgen.js");
const run = (args: string[], cwd: string) => spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8" });

/** A scratch binding repo holding a copy of the embedded contract. */
function scratchRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), "bindgen-cli-"));
  cpSync("contract", join(dir, "contract"), { recursive: true });
  return dir;
}

describe("rightkit-bindgen bin", () => {
  it("generates, then check passes; a changed byte makes check exit 1 with a diff", () => {
    const repo = scratchRepo();
    const generated = run(["generate"], repo);
    expect(generated.status).toBe(0);
    expect(generated.stdout).toMatch(/^wrote generated\/rightkit\.agent\.demo\.v1\/types\.ts$/m);
    expect(run(["check"], repo).status).toBe(0);

    const types = join(repo, "generated/rightkit.agent.demo.v1/types.ts");
    writeFileSync(types, readFileSync(types, "utf8").replace("receipt_id: string", "receipt_id: number"));
    const stale = run(["check"], repo);
    expect(stale.status).toBe(1);
    expect(stale.stdout).toContain("-  receipt_id: number;");
    expect(stale.stdout).toContain("+  receipt_id: string;");
    expect(stale.stderr).toMatch(/stale or hand-edited: 1 file\(s\) differ \(rightkit\.agent\.demo\.v1\/types\.ts\)/);

    expect(run(["generate"], repo).status).toBe(0);
    expect(run(["check"], repo).status).toBe(0);
  });

  it("reports a file that should not be there as drift", () => {
    const repo = scratchRepo();
    run(["generate"], repo);
    writeFileSync(join(repo, "generated/rightkit.agent.demo.v1/extra.ts"), "export {};\n");
    const result = run(["check"], repo);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("no longer generated");
  });

  it("answers --help and --version, and exits 2 on an unknown command", () => {
    const cwd = process.cwd();
    expect(run(["--help"], cwd).stdout).toContain("Usage: rightkit-bindgen <command>");
    const version = JSON.parse(readFileSync("package.json", "utf8")).version as string;
    expect(execFileSync(process.execPath, [BIN, "--version"], { encoding: "utf8" }).trim()).toBe(version);
    const unknown = run(["frobnicate"], cwd);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr.trim().split("\n")).toHaveLength(1);
  });
});
