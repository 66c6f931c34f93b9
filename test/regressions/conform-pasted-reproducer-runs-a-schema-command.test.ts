/**
 * Regression: conform's "command to paste" joined the binding's `cli.command` and the method's
 * CLI name unquoted (only the key=value words were quoted), so a method named
 * `x;touch PWNED;:` gave a line that ran `touch` when pasted. Every word now goes through the
 * shell-words door; pasted into bash, the line gives the CLI exactly its words and runs nothing else.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { conformPlan, type ConformPlan } from "../../generator/conform/plan.js";
import { commandFor } from "../../generator/conform/reproducer.js";

/** The line pasted into bash, `right-ctl` a function that prints its words; what it got and what appeared in the folder. */
function paste(line: string): { words: string[]; created: string[] } {
  const cwd = mkdtempSync(join(tmpdir(), "rightkit-paste-"));
  try {
    const run = spawnSync("bash", ["-c", `right-ctl() { printf '%s\\0' "$@"; }\n${line}`], { cwd, encoding: "utf8" });
    return { words: run.stdout.split("\0").slice(0, -1), created: readdirSync(cwd) };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

describe("conform: a pasted reproducer runs a schema's command", () => {
  const plan = conformPlan({ contract: "contract/rightkit.agent.demo.v1.schema.json" });
  const act = plan.methods.find((method) => method.name === "act");
  if (act === undefined) throw new Error("the demo contract has no act method");

  it("a method named `x;touch PWNED;:` is one word of the line", () => {
    const step = { method: { ...act, cliName: "x;touch PWNED;:" }, params: { ref: "e1", op: "click" }, uses: [] };
    const line = commandFor(plan, step, "--suite-root /tmp/suite", true);
    const pasted = paste(line);
    expect(pasted.created, line).toEqual([]);
    expect(pasted.words).toEqual(["demo", "x;touch PWNED;:", "op=click", "ref=e1", "--suite-root", "/tmp/suite"]);
  });

  it("a binding's command with shell syntax in it runs nothing either", () => {
    const hostile: ConformPlan = { ...plan, cliCommand: "right-ctl $(touch PWNED) `touch PWNED2`" };
    const step = { method: act, params: { ref: "$(touch PWNED3)", op: "click" }, uses: [] };
    const line = commandFor(hostile, step, "--suite-root /tmp/suite", true);
    const pasted = paste(line);
    expect(pasted.created, line).toEqual([]);
    expect(pasted.words).toEqual([
      "$(touch",
      "PWNED)",
      "`touch",
      "PWNED2`",
      "act",
      "op=click",
      "ref=$(touch PWNED3)",
      "--suite-root",
      "/tmp/suite",
    ]);
  });
});
