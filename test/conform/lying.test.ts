/**
 * Every failing check against the lying scenario made for it: conform reports that check on the
 * method the host lies in, with a shrunk reproducer, and the reproducer shows the failure again —
 * pasted (the command, run through a shell with the bins of this checkout) for a single call,
 * replayed (`--replay` on the saved JSON report, against a fresh host) for a sequence. The
 * replay against a host that does not lie reproduces nothing, so a replay can fail.
 */
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { ScenarioName } from "../../generator/host/index.js";
import type { ConformReport, ReportFinding } from "../../generator/values/report-shape.js";
import { runCli } from "../support/bindgen.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { failOnUnhandledRejections } from "../support/rejection.js";
import { agentcliTarget, ALL_CALLS, conform, conformJson, demoHost } from "./support.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

const BINS: Readonly<Record<string, string>> = {
  "right-ctl": resolve("generator/bin/right-ctl.js"),
  "agentcli-rpc": resolve("generator/bin/agentcli-rpc.js"),
};

/** The finding for `check` on `method`, failing; the test fails with the whole report when there is none. */
function findingOf(report: ConformReport, method: string, check: string, message?: RegExp): ReportFinding {
  const found = report.findings.find(
    (finding) =>
      finding.method === method &&
      finding.check === check &&
      finding.severity === "failing" &&
      (message?.test(finding.message) ?? true),
  );
  if (found === undefined)
    throw new Error(
      `no failing ${check} on ${method}: ${JSON.stringify(report.findings.map((f) => [f.method, f.check, f.message]))}`,
    );
  return found;
}

/** The command as a person pastes it into sh, with the checkout's bins for right-ctl and agentcli-rpc. */
async function paste(command: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const [program] = command.split(" ");
  const bin = BINS[program ?? ""];
  if (bin === undefined) throw new Error(`not a CLI command: ${command}`);
  const line = `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)}${command.slice((program ?? "").length)}`;
  try {
    const { stdout, stderr } = await promisify(execFile)("sh", ["-c", line], { encoding: "utf8" });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout = "", stderr = "" } = error as { code: number; stdout?: string; stderr?: string };
    return { code, stdout, stderr };
  }
}

/** Saves the report and replays it against `target`; the replay's exit and lines. */
async function replay(report: ConformReport, target: readonly string[], ...extra: string[]) {
  const file = join(await cleanups.dir(), "report.json");
  writeFileSync(file, JSON.stringify(report));
  return conform(target, "--replay", file, ...extra);
}

describe("host --help", () => {
  it("describes every lying scenario with the check it trips, one per failing check", async () => {
    // A scenario's text wraps at 100 columns under itself (25 or more columns in): one line each again.
    const help = (await runCli(["host", "--help"])).stdout.replace(/\n {25,}(?=\S)/g, " ");
    const lying = [...help.matchAll(/^ {2}(\w+) +.*a lying host.*\(conform: (\w+)\)$/gm)].map(
      ([, name, check]) => `${check} ${name}`,
    );
    expect(lying.sort()).toEqual([
      "deadline slow_snapshot",
      "error_model error_without_retryable",
      "error_model errors_without_data",
      "lifecycle token_survives_end",
      "negative_rejected accepts_invalid_params",
      "negative_rejected describe_accepts_unknown_target",
      "no_server_error crash_on_long_text",
      "no_server_error duplicate_response",
      "no_server_error schema_internal_error",
      "response_schema malformed_result",
      "response_schema version_wrong_shape",
    ]);
  });
});

describe("conform against the demo host's lying scenarios", () => {
  const lying = async (scenario: ScenarioName, ...options: string[]) => {
    const { args } = await demoHost(cleanups, scenario);
    const { run, report } = await conformJson(args, ALL_CALLS, "--seed", "5", "--max-examples", "30", ...options);
    expect(run.code).toBe(1);
    return { report, args };
  };

  it("malformed_result → response_schema; the pasted right-ctl command fails on the same result", async () => {
    const { report, args } = await lying("malformed_result", "--methods", "demo.apps");
    const finding = findingOf(report, "demo.apps", "response_schema");
    expect(finding.message).toMatch(/\/apps: must be array/);
    expect(finding.reproducer.command).toBe(`right-ctl demo apps ${args.slice(2).join(" ")}`);
    const pasted = await paste(finding.reproducer.command);
    expect(pasted.code).toBe(1);
    expect(pasted.stderr).toContain('"code":"malformed_response"');
  });

  it("accepts_invalid_params → negative_rejected on demo.batch, shrunk to 21 bare steps; the replay shows it again", async () => {
    const { report, args } = await lying("accepts_invalid_params", "--methods", "demo.batch");
    const finding = findingOf(report, "demo.batch", "negative_rejected", /21 items, over maxItems 20/);
    expect(finding.reproducer.shrink).toBe("shrunk");
    const steps = (finding.params as { steps: Record<string, unknown>[] }).steps;
    expect(steps).toHaveLength(21);
    for (const step of steps) expect(Object.keys(step).sort()).toEqual(["op", "ref"]);
    // The CLI validates params before sending: a negative case is pasted as the raw request.
    expect(JSON.parse(finding.reproducer.command)).toMatchObject({ type: "request", method: "demo.batch" });
    const again = await replay(report, args);
    expect(again.stdout).toContain("reproduced: demo.batch negative_rejected");
    expect(again.code).toBe(1);
  });

  it("token_survives_end → lifecycle; the call sequence (issue, end, use) replays against a fresh host, and not against a truthful one", async () => {
    const { report, args } = await lying("token_survives_end", "--methods", "demo.snapshot");
    const finding = findingOf(report, "demo.snapshot", "lifecycle", /end had ended/);
    expect(finding.reproducer.steps.map((step) => step.method)).toEqual([
      "demo.apps",
      "demo.request",
      "demo.end",
      "demo.snapshot",
    ]);
    expect(finding.reproducer.steps[3]?.params).toEqual({ token: { $from: { step: 2, pointer: "/token" } } });
    const fresh = await demoHost(cleanups, "token_survives_end");
    const again = await replay({ ...report, findings: [finding] }, fresh.args);
    expect(again.stdout).toContain("reproduced: demo.snapshot lifecycle");
    expect(again.code).toBe(1);
    const truthful = await demoHost(cleanups);
    const not = await replay({ ...report, findings: [finding] }, truthful.args);
    expect(not.stdout).toContain("not reproduced: demo.snapshot lifecycle");
    expect(not.code).toBe(0);
    expect(args).not.toEqual(fresh.args);
  });

  it("crash_on_long_text → no_server_error on demo.act, its text shrunk to 9 characters", async () => {
    const { report, args } = await lying("crash_on_long_text", "--methods", "demo.act");
    const finding = findingOf(report, "demo.act", "no_server_error", /closed the connection/);
    expect([...((finding.params as { text: string }).text ?? "")]).toHaveLength(9);
    const again = await replay(report, args);
    expect(again.stdout).toContain("reproduced: demo.act no_server_error");
  });

  it("error_without_retryable → error_model; the replay shows it again", async () => {
    const { report, args } = await lying("error_without_retryable", "--methods", "demo.apps");
    const finding = findingOf(report, "demo.apps", "error_model");
    expect(finding.message).toBe("the error lacks a boolean retryable");
    const again = await replay(report, args);
    expect(again.stdout).toContain("reproduced: demo.apps error_model");
  });

  it("duplicate_response → no_server_error: a second response for one id", async () => {
    const { report, args } = await lying("duplicate_response", "--methods", "demo.apps");
    findingOf(report, "demo.apps", "no_server_error", /a second response for request id/);
    const again = await replay(report, args);
    expect(again.stdout).toContain("reproduced: demo.apps no_server_error");
  });

  it("slow_snapshot → deadline (contract timeouts scaled down), and snapshot is not called again", async () => {
    const { report, args } = await lying("slow_snapshot", "--methods", "demo.snapshot", "--deadline-scale", "0.005");
    const finding = findingOf(report, "demo.snapshot", "deadline");
    expect(finding.message).toBe("no answer within 150 ms (the contract's 30000 ms, scaled)");
    expect(report.summary.methods["demo.snapshot"]?.checks.deadline?.cases).toBe(1);
    expect(report.notes.some((note) => note.includes("missed its deadline once, so it is not called again"))).toBe(true);
    const again = await replay(report, args, "--deadline-scale", "0.005");
    expect(again.stdout).toContain("reproduced: demo.snapshot deadline");
  });
});

describe("conform against the agentcli test server's lying scenarios", () => {
  const lying = async (scenario: string, ...options: string[]) => {
    const target = agentcliTarget(scenario);
    const { run, report } = await conformJson(target, "--seed", "5", "--max-examples", "30", ...options);
    expect(run.code).toBe(1);
    return { report, target };
  };

  it("version_wrong_shape → response_schema; the pasted agentcli-rpc command fails on it too", async () => {
    const { report } = await lying("version_wrong_shape", "--methods", "agentcli.version");
    const finding = findingOf(report, "agentcli.version", "response_schema", /package_version: must be string/);
    expect(finding.params).toEqual({});
    const pasted = await paste(finding.reproducer.command);
    expect(pasted.code).toBe(1);
    expect(pasted.stderr).toContain("malformed_response");
  });

  it("schema_internal_error → no_server_error, shrunk to {legacy: true}; pasted, agentcli-rpc gets the -32603", async () => {
    const { report } = await lying("schema_internal_error", "--methods", "agentcli.schema");
    const finding = findingOf(report, "agentcli.schema", "no_server_error", /-32603/);
    expect(finding.params).toEqual({ legacy: true });
    expect(finding.reproducer.command).toMatch(/^agentcli-rpc schema legacy=true --server '\[/);
    const pasted = await paste(finding.reproducer.command);
    expect(pasted.code).toBe(1);
    expect(pasted.stderr).toContain("-32603");
  });

  it("errors_without_data → error_model; the replay shows it again", async () => {
    const { report, target } = await lying("errors_without_data", "--methods", "agentcli.ping");
    findingOf(report, "agentcli.ping", "error_model", /-32602 error without data/);
    const again = await replay(report, target);
    expect(again.stdout).toContain("reproduced: agentcli.ping error_model");
  });

  it("describe_accepts_unknown_target → negative_rejected on an enum outsider", async () => {
    const { report, target } = await lying("describe_accepts_unknown_target", "--methods", "agentcli.describe");
    const finding = findingOf(report, "agentcli.describe", "negative_rejected", /\/target: a string outside its enum/);
    expect(finding.params).toEqual({ target: "conform-outsider" });
    const again = await replay(report, target);
    expect(again.stdout).toContain("reproduced: agentcli.describe negative_rejected");
  });
});
