/**
 * Switching a binding to bigint (binding `numbers.int64`) is an API-surface change that breaks
 * callers: every 64-bit field changes type. `check` shows it in its diff and says so, and
 * `update`'s pull-request body says so above the API-surface diff (issue 23, part 4).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const BIN = resolve("generator/bin/rightkit-bindgen.js");
const BINDING = "contract/rightkit.test.int64.v1.binding.json";
/** Each case starts Node processes that load the compiler; this bounds a hang, it asserts nothing. */
const SLOW = { timeout: 180_000 };

function bindgen(repo: string, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd: repo, encoding: "utf8" });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function setReading(repo: string, int64: "number" | "bigint"): void {
  const path = join(repo, BINDING);
  const binding = JSON.parse(readFileSync(path, "utf8"));
  binding.numbers = { int64 };
  writeFileSync(path, `${JSON.stringify(binding, null, 2)}\n`);
}

describe("switching a binding to bigint", () => {
  let repo: string;

  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), "rightkit-bindgen-int64-"));
    cpSync("test/fixtures/int64/contract", join(repo, "contract"), { recursive: true });
    setReading(repo, "number");
    expect(bindgen(repo, "generate").code).toBe(0);
    setReading(repo, "bigint");
  }, SLOW.timeout);

  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it(
    "check fails with the types' diff and names it breaking for callers",
    () => {
      const run = bindgen(repo, "check");
      expect(run.code).toBe(1);
      expect(run.stdout).toContain("-export type Counter = number;");
      expect(run.stdout).toContain("+export type Counter = bigint;");
      expect(run.stderr).toContain(
        "breaking for callers: 64-bit integers (format int64/uint64) are now read as bigint, not number (binding numbers.int64)",
      );
    },
    SLOW.timeout,
  );

  it(
    "update's pull-request body says so above the API-surface diff",
    () => {
      const run = bindgen(repo, "update", "--from", "contract/rightkit.test.int64.v1.schema.json", "--body", "body.md");
      expect(run.code, run.stderr).toBe(0);
      const body = readFileSync(join(repo, "body.md"), "utf8");
      const surface = body.slice(body.indexOf("### API surface"));
      expect(surface).toMatch(/^### API surface\n\n\*\*breaking for callers: 64-bit integers/);
      expect(surface).toContain("+type Counter = bigint");
      // The manifest's `numbers` line is not a caller's API: the headline above says it once.
      expect(surface).not.toContain("numbers: {");
    },
    SLOW.timeout,
  );

  it(
    "check says nothing of the kind once the binding is generated again",
    () => {
      expect(bindgen(repo, "generate").code).toBe(0);
      const run = bindgen(repo, "check");
      expect(run.code).toBe(0);
      expect(run.stderr).not.toContain("breaking");
    },
    SLOW.timeout,
  );
});
