/** The `diff` command: exit codes, the documented JSON shape, its order, and the other renderings. */
import { describe, expect, it } from "vitest";
import { CONTRACT_DOC, EMBEDDED, runCli } from "../support/bindgen.js";

const CASE = (name: string, side: "old" | "new"): string => `test/fixtures/evolution/${name}/${side}.json`;

describe("rightkit-bindgen diff", () => {
  it("exits 0 when nothing is breaking", async () => {
    const run = await runCli(["diff", CASE("param-added-optional", "old"), CASE("param-added-optional", "new")]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("param_added_optional");
  });

  it("exits 1 when something is breaking", async () => {
    const run = await runCli(["diff", CASE("param-added-required", "old"), CASE("param-added-required", "new")]);
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n")[0]).toContain("BREAKING");
  });

  it("exits 2 on bad input: a missing file, a wrong argument count, an unknown format", async () => {
    for (const argv of [
      ["diff", "test/fixtures/evolution/nowhere.json", CASE("field-added", "new")],
      ["diff", CASE("field-added", "old")],
      ["diff", CASE("field-added", "old"), CASE("field-added", "new"), "--format", "yaml"],
    ]) {
      const run = await runCli(argv);
      expect(run.code, argv.join(" ")).toBe(2);
      expect(run.stderr.split("\n")).toHaveLength(1);
    }
  });

  it("prints the documented JSON: from, to, breaking, changes sorted by severity, method, pointer, kind", async () => {
    const run = await runCli([
      "diff",
      CASE("shared-def-both-directions", "old"),
      CASE("result-bounds-loosened", "new"),
      "--format",
      "json",
    ]);
    const report = JSON.parse(run.stdout);
    expect(Object.keys(report)).toEqual(["from", "to", "breaking", "changes"]);
    expect(report).toMatchObject({ from: "fixture.evolution.v1", to: "fixture.evolution.v1", breaking: true });
    for (const change of report.changes) {
      expect(Object.keys(change)).toEqual(
        change.method === undefined
          ? ["severity", "kind", "pointer", "message"]
          : ["severity", "kind", "method", "pointer", "message"],
      );
    }
    const rank = ["breaking", "dangerous", "non-breaking", "annotation"];
    const keys = report.changes.map((c: { severity: string; method?: string; pointer: string; kind: string }) => [
      rank.indexOf(c.severity),
      c.method ?? "",
      c.pointer,
      c.kind,
    ]);
    const sorted = [...keys].sort(
      (a, b) =>
        a[0] - b[0] ||
        (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) ||
        (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0) ||
        (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : 0),
    );
    expect(keys).toEqual(sorted);
    expect(run.code).toBe(1);
  });

  it("renders Markdown grouped by severity, most severe first", async () => {
    const run = await runCli([
      "diff",
      CASE("shared-def-both-directions", "old"),
      CASE("shared-def-both-directions", "new"),
      "--format",
      "markdown",
    ]);
    expect(run.code).toBe(0);
    const dangerous = run.stdout.indexOf("### Dangerous");
    const safe = run.stdout.indexOf("### Non-breaking");
    expect(dangerous).toBeGreaterThan(0);
    expect(safe).toBeGreaterThan(dangerous);
  });

  it("reads the contract document (.md) like its .json schema", async () => {
    const run = await runCli(["diff", EMBEDDED.contract, CONTRACT_DOC, "--format", "json"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).changes).toEqual([]);
  });
});
