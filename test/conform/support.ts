/**
 * What the conform tests share: the demo host started in this process as the other host tests
 * start it (a rightkit-daemon host in a private suite root), the agentcli test server as a child
 * process that conform itself starts (`--server`), and conform run in-process through the CLI's
 * `main` with its lines captured. Reports are read back as the JSON they print.
 */
import { startHost, type DaemonHostHandle, type ScenarioName } from "../../generator/host/index.js";
import type { ConformReport } from "../../generator/values/report-shape.js";
import { runCli, type CliRun } from "../support/bindgen.js";
import type { Cleanups } from "../support/cleanups.js";
import { agentcliServer } from "../introspect/support.js";

export const DEMO = "rightkit.agent.demo.v1";
export const AGENTCLI = "agentcli.v0.2";
/** Both safety gates open: the conformance host answers by itself. */
export const ALL_CALLS = ["--include-side-effects", "--include-waiting"];

export interface DemoTarget {
  readonly host: DaemonHostHandle;
  readonly suiteRoot: string;
  readonly args: readonly string[];
}

/** A demo host with its own suite root, closed after the test. */
export async function demoHost(cleanups: Cleanups, scenario: ScenarioName = "normal"): Promise<DemoTarget> {
  const suiteRoot = await cleanups.dir();
  const host = await startHost({ suiteRoot, scenario });
  cleanups.add(() => host.close());
  return { host, suiteRoot, args: ["--contract", DEMO, "--suite-root", suiteRoot] };
}

/** conform's target arguments for the agentcli test server in `scenario`. */
export function agentcliTarget(scenario = "normal"): readonly string[] {
  return ["--contract", AGENTCLI, "--server", agentcliServer(scenario)];
}

export function conform(...args: readonly (string | readonly string[])[]): Promise<CliRun> {
  return runCli(["conform", ...args.flat()]);
}

/** A `--format json` run, its report parsed. */
export async function conformJson(
  ...args: readonly (string | readonly string[])[]
): Promise<{ run: CliRun; report: ConformReport }> {
  const run = await conform(...args, "--format", "json");
  let report: ConformReport;
  try {
    report = JSON.parse(run.stdout) as ConformReport;
  } catch {
    throw new Error(`conform printed no JSON report (exit ${run.code}): ${run.stderr}${run.stdout.slice(0, 2000)}`);
  }
  return { run, report };
}

export function failing(report: ConformReport): ConformReport["findings"] {
  return report.findings.filter((finding) => finding.severity === "failing");
}
