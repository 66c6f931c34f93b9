/**
 * The reports: `--format json` (findings, each with method, check, severity, message, params,
 * seed and reproducer, and a summary of cases per method and check), the text report grouped by
 * check and method, `--junit` (well-formed XML: one testcase per method × check, failures where
 * the findings are, counts that add up), and `--baseline`: `--update-baseline` adopts the run's
 * failing findings (method, check, fingerprint, normalised message: no params, seed or value),
 * a later run with another seed passes on them, and an entry that no longer occurs is stale and
 * fails the run. Files are written whole, at the end, and not at all when the run cannot start.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ConformReport } from "../../generator/values/report-shape.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { failOnUnhandledRejections } from "../support/rejection.js";
import { agentcliTarget, ALL_CALLS, conform, conformJson, demoHost } from "./support.js";
import { parseXml, type XmlElement } from "./xml.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

const LIFECYCLE_ONLY = ["--methods", "demo.snapshot", "--max-examples", "20"];

describe("--format json and the text report", () => {
  it("json: one object with the findings and the census", async () => {
    const { args } = await demoHost(cleanups, "token_survives_end");
    const { run, report } = await conformJson(args, ALL_CALLS, "--seed", "9", LIFECYCLE_ONLY);
    expect(run.code).toBe(1);
    expect(report).toMatchObject({ contract: "rightkit.agent.demo.v1", seed: 9, maxExamples: 20, conforms: false, stale: [] });
    const finding = report.findings.find((candidate) => candidate.check === "lifecycle");
    expect(Object.keys(finding ?? {}).sort()).toEqual(
      [
        "baselined",
        "check",
        "fingerprint",
        "message",
        "method",
        "occurrences",
        "params",
        "reproducer",
        "seed",
        "severity",
      ].sort(),
    );
    expect(finding).toMatchObject({ method: "demo.snapshot", severity: "failing", seed: 9, params: { token: "<redacted>" } });
    expect(Object.keys(finding?.reproducer ?? {}).sort()).toEqual(["command", "family", "kind", "path", "shrink", "steps"]);
    const snapshot = report.summary.methods["demo.snapshot"];
    expect(snapshot?.cases).toBe(80);
    expect(snapshot?.checks.lifecycle).toMatchObject({ cases: 40, failing: expect.any(Number) });
    expect(report.summary.calls).toBeGreaterThan(80);
  });

  it("text: failing checks first, grouped by check and method, the census, the verdict last", async () => {
    const { args } = await demoHost(cleanups, "token_survives_end");
    const run = await conform(args, ALL_CALLS, "--seed", "9", "--methods", "demo.snapshot,demo.act", "--max-examples", "20");
    expect(run.code).toBe(1);
    const lines = run.stdout.split("\n");
    const fail = lines.indexOf("FAIL lifecycle");
    const warn = lines.indexOf("warn positive_accepted");
    expect(fail).toBeGreaterThan(0);
    expect(warn).toBeGreaterThan(fail);
    expect(lines.slice(fail + 1).find((line) => line.startsWith("  demo."))).toMatch(/^ {2}demo\.act: /);
    expect(lines.some((line) => /^demo\.snapshot +80 /.test(line))).toBe(true);
    expect(lines.at(-1)).toMatch(/^does not conform \(\d+ failing, 0 in the baseline, \d+ warnings?, 0 stale\)$/);
  });

  it("the same seed against a deterministic host prints the same report", async () => {
    const once = await conform(agentcliTarget(), "--seed", "4", "--max-examples", "10", "--format", "json");
    const twice = await conform(agentcliTarget(), "--seed", "4", "--max-examples", "10", "--format", "json");
    expect(once.code).toBe(0);
    expect(twice.stdout).toBe(once.stdout);
  });
});

describe("--junit", () => {
  const elements = (parent: XmlElement, name: string): XmlElement[] => parent.children.filter((child) => child.name === name);

  it("is well-formed JUnit XML: a testcase per method × check, failures where the findings are", async () => {
    const { args } = await demoHost(cleanups, "token_survives_end");
    const file = join(await cleanups.dir(), "conform.xml");
    const { run, report } = await conformJson(args, ALL_CALLS, "--seed", "9", LIFECYCLE_ONLY, "--junit", file);
    expect(run.code).toBe(1);
    const root = parseXml(readFileSync(file, "utf8"));
    expect(root.name).toBe("testsuites");
    const [suite, ...more] = elements(root, "testsuite");
    expect(more).toEqual([]);
    expect(suite?.attributes.name).toBe("conform rightkit.agent.demo.v1");
    const cases = elements(suite as XmlElement, "testcase");
    expect(cases).toHaveLength(9);
    expect(new Set(cases.map((testcase) => testcase.attributes.classname))).toEqual(new Set(["demo.snapshot"]));
    const failed = cases.filter((testcase) => elements(testcase, "failure").length > 0);
    const skipped = cases.filter((testcase) => elements(testcase, "skipped").length > 0);
    expect(failed.map((testcase) => testcase.attributes.name)).toEqual(["lifecycle"]);
    expect(elements(failed[0] as XmlElement, "failure")[0]?.attributes.message).toBe(
      report.findings.find((finding) => finding.check === "lifecycle")?.message,
    );
    for (const node of [root, suite as XmlElement]) {
      expect(node.attributes).toMatchObject({
        tests: "9",
        failures: String(failed.length),
        skipped: String(skipped.length),
        errors: "0",
      });
    }
    expect(elements(elements(suite as XmlElement, "properties")[0] as XmlElement, "property")[0]?.attributes).toEqual({
      name: "seed",
      value: "9",
    });
  });

  it("is not written when the run cannot start", async () => {
    const empty = await cleanups.dir();
    const file = join(await cleanups.dir(), "conform.xml");
    const run = await conform("--contract", "rightkit.agent.demo.v1", "--suite-root", empty, "--junit", file);
    expect(run.code).toBe(2);
    expect(run.stderr.split("\n")).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
  });
});

describe("--baseline", () => {
  it("adopts the failing findings, then passes on them with another seed; a fixed one is a stale entry and fails the run", async () => {
    const lying = await demoHost(cleanups, "token_survives_end");
    const file = join(await cleanups.dir(), "baseline.json");
    const adopt = await conformJson(
      lying.args,
      ALL_CALLS,
      "--seed",
      "1",
      LIFECYCLE_ONLY,
      "--baseline",
      file,
      "--update-baseline",
    );
    expect(adopt.run.code).toBe(0);
    const baseline = JSON.parse(readFileSync(file, "utf8")) as { contract: string; entries: Record<string, string>[] };
    const failing = adopt.report.findings.filter((finding) => finding.severity === "failing");
    expect(baseline.contract).toBe("rightkit.agent.demo.v1");
    expect(baseline.entries.map((entry) => entry.fingerprint).sort()).toEqual(
      failing.map((finding) => finding.fingerprint).sort(),
    );
    for (const entry of baseline.entries) {
      expect(Object.keys(entry).sort()).toEqual(["check", "fingerprint", "message", "method"]);
      expect(entry.message).not.toMatch(/[0-9]/);
    }

    const known = await conformJson(lying.args, ALL_CALLS, "--seed", "2", LIFECYCLE_ONLY, "--baseline", file);
    expect(known.run.code).toBe(0);
    expect(known.report.conforms).toBe(true);
    expect(known.report.findings.filter((finding) => finding.severity === "failing").every((finding) => finding.baselined)).toBe(
      true,
    );

    const truthful = await demoHost(cleanups);
    const fixed = await conformJson(truthful.args, ALL_CALLS, "--seed", "2", LIFECYCLE_ONLY, "--baseline", file);
    expect(fixed.run.code).toBe(1);
    expect(fixed.report.stale.map((entry) => entry.fingerprint).sort()).toEqual(
      baseline.entries.map((entry) => entry.fingerprint).sort(),
    );
    const text = await conform(truthful.args, ALL_CALLS, "--seed", "2", LIFECYCLE_ONLY, "--baseline", file);
    expect(text.stdout).toMatch(/^STALE baseline entry [0-9a-f]{16}: demo\.snapshot lifecycle: /m);
  });

  it("refuses a baseline for another contract, or none, before reaching the host", async () => {
    const dir = await cleanups.dir();
    const missing = await conform(agentcliTarget(), "--baseline", join(dir, "nope.json"));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.json: --baseline: cannot read: no such file \(--update-baseline writes one\)$/);
    const other = join(dir, "other.json");
    const { report } = await conformJson(
      agentcliTarget(),
      "--max-examples",
      "1",
      "--methods",
      "agentcli.ping",
      "--baseline",
      other,
      "--update-baseline",
    );
    expect((report as ConformReport).contract).toBe("agentcli.v0.2");
    const wrong = await conform("--contract", "rightkit.agent.demo.v1", "--suite-root", dir, "--baseline", other);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--baseline: it is for "agentcli.v0.2", not "rightkit.agent.demo.v1"');
  });
});
