/**
 * `npm run sweep:conform [-- --seeds N] [--first S]`: `conform` against the correct hosts over
 * many seeds — the demo host as the contract describes it, the demo host that checks argument
 * rules the schema does not state before the token (`arguments_first`), and agentcli's test
 * server — counting failing findings, which must be none (issue 37: a conformance tool that
 * accuses a correct host is switched off). Prints each host's total and every failing finding;
 * exits 1 when there is any. Not part of `npm run bench`: it measures a promise, not speed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { ConformReport } from "../../generator/values/report-shape.js";
import { startHost, type ScenarioName } from "../../generator/host/index.js";
import { runCli } from "../support/bindgen.js";
import { agentcliServer } from "../support/mcp.js";

const { values } = parseArgs({ options: { seeds: { type: "string" }, first: { type: "string" } } });
const seeds = Number(values.seeds ?? 50);
const first = Number(values.first ?? 1);
const ALL_CALLS = ["--include-side-effects", "--include-waiting"];

async function failingFindings(target: readonly string[], seed: number): Promise<string[]> {
  const run = await runCli(["conform", ...target, ...ALL_CALLS, "--seed", String(seed), "--format", "json"]);
  const report = JSON.parse(run.stdout) as ConformReport;
  return report.findings
    .filter((finding) => finding.severity === "failing")
    .map((finding) => `seed ${seed}: ${finding.method} ${finding.check}: ${finding.message}`);
}

const targets: { name: string; open: () => Promise<{ args: string[]; close: () => Promise<void> }> }[] = [
  ...(["normal", "arguments_first"] as ScenarioName[]).map((scenario) => ({
    name: `demo host, ${scenario}`,
    open: async () => {
      const suiteRoot = mkdtempSync(join(tmpdir(), "rightkit-sweep-"));
      const host = await startHost({ suiteRoot, scenario });
      return {
        args: ["--contract", "rightkit.agent.demo.v1", "--suite-root", suiteRoot],
        close: async () => {
          await host.close();
          rmSync(suiteRoot, { recursive: true, force: true });
        },
      };
    },
  })),
  {
    name: "agentcli test server, normal",
    open: async () => ({ args: ["--contract", "agentcli.v0.2", "--server", agentcliServer("normal")], close: async () => {} }),
  },
];

let total = 0;
for (const target of targets) {
  const started = Date.now();
  const { args, close } = await target.open();
  const found: string[] = [];
  try {
    for (let seed = first; seed < first + seeds; seed++) found.push(...(await failingFindings(args, seed)));
  } finally {
    await close();
  }
  total += found.length;
  console.log(
    `${target.name}: ${found.length} failing findings over ${seeds} seeds (${first}…${first + seeds - 1}), ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  for (const line of found) console.log(`  ${line}`);
}
process.exitCode = total === 0 ? 0 : 1;
