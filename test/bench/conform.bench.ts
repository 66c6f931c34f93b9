/**
 * conform's speed: `npm run bench:conform`. The demo conformance host runs in its own process
 * (correct mode, a temporary suite root). A conform run at the default 100 cases per method and
 * family, both safety gates open, is made in process and every call it makes is recorded; then a
 * raw client — the runtime's bare DaemonTransport, one connection, no generation, no validation,
 * no judging — makes the same calls with the same params, in order, on the same host. Each is
 * run ROUNDS times and the medians are printed: conform's cases/s and calls/s, the raw calls/s,
 * and their ratio (the aim: conform at least half the raw rate). Last, the whole command as a
 * person runs it (the bin, a process of its own: start-up, validator compile, run, report),
 * wall time, median of three. Figures only: nothing here asserts a time. Bounded by a deadline.
 */
import { execFile } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { CHECK_NAMES } from "../../generator/values/checks.js";
import { connect } from "../../generator/conform/connect.js";
import { conformPlan } from "../../generator/conform/plan.js";
import { runConformance } from "../../generator/conform/runner.js";
import { compileValidators } from "../../generator/values/validators.js";
import { DaemonTransport } from "../support/runtime.js";
import { record } from "./figures.js";
import { startHostProcess } from "./host-process.js";

const CONTRACT = "rightkit.agent.demo.v1";
const ROUNDS = 5;
const CLI_ROUNDS = 3;
const SEED = 17;
const DEADLINE_MS = 600_000;
const ROUTE = { service: "rightkit.agent.demo", app: "right-ctl" };

type Call = { readonly tool: string; readonly params: unknown; readonly timeoutMs: number };

/** One conform run in process: its cases, the calls it made (recorded), and its wall time. */
async function conformRound(
  suiteRoot: string,
): Promise<{ cases: number; calls: Call[]; ms: number; cpuMs: number; failing: number }> {
  const plan = conformPlan({ contract: CONTRACT });
  const validators = await compileValidators(
    plan.graph,
    plan.methods.flatMap((method) => [method.params, method.result]),
  );
  const connection = await connect(plan, { suiteRoot }, undefined);
  const calls: Call[] = [];
  const call = connection.transport.call.bind(connection.transport);
  const recording = {
    ...connection,
    transport: {
      call: (tool: string, params: object, options: { timeoutMs: number }) => {
        calls.push({ tool, params: structuredClone(params), timeoutMs: options.timeoutMs });
        return call(tool, params, options as Parameters<typeof call>[2]);
      },
      close: () => connection.close(),
    },
  };
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    const run = await runConformance(plan, recording, validators, {
      seed: SEED,
      maxExamples: 100,
      methods: undefined,
      enabled: new Set(CHECK_NAMES),
      strict: false,
      deadlineScale: 1,
      timeBudgetMs: DEADLINE_MS,
      safety: { includeSideEffects: true, includeWaiting: true },
      given: new Map(),
    });
    const ms = performance.now() - started;
    const cpuMs = cpuMsSince(cpu);
    const cases = [...run.census.methods.values()].reduce((sum, tally) => sum + tally.cases, 0);
    return { cases, calls, ms, cpuMs, failing: run.findings.filter((finding) => finding.severity === "failing").length };
  } finally {
    await connection.close();
  }
}

/** The same calls through a bare transport, one at a time, answers ignored: what the calls cost without conform. */
async function rawRound(suiteRoot: string, calls: readonly Call[]): Promise<{ ms: number; cpuMs: number }> {
  const transport = new DaemonTransport({ suiteRoot, maxConnections: 1 });
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    for (const { tool, params, timeoutMs } of calls)
      await transport.call(tool, params as object, { timeoutMs, route: ROUTE }).catch(() => undefined);
    return { ms: performance.now() - started, cpuMs: cpuMsSince(cpu) };
  } finally {
    await transport.close();
  }
}

async function cliSeconds(suiteRoot: string): Promise<number> {
  const bin = fileURLToPath(new URL("../../generator/bin/rightkit-bindgen.js", import.meta.url));
  const args = [
    bin,
    "conform",
    "--contract",
    CONTRACT,
    "--suite-root",
    suiteRoot,
    "--include-side-effects",
    "--include-waiting",
    "--seed",
    String(SEED),
  ];
  const started = performance.now();
  await promisify(execFile)(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
  return (performance.now() - started) / 1000;
}

/** This process's CPU time since `start`: on a shared machine wall times wander, the work done does not. */
function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const rate = (count: number, ms: number): string => `${Math.round((count / ms) * 1000).toLocaleString("en-US")}/s`;

async function main(): Promise<void> {
  const suiteRoot = await mkdtemp(join(tmpdir(), "rk-bench-conform-"));
  await chmod(suiteRoot, 0o700);
  const guard = setTimeout(() => {
    process.stderr.write(`benchmark exceeded ${DEADLINE_MS} ms\n`);
    process.exit(1);
  }, DEADLINE_MS);
  const stopHost = await startHostProcess(["--suite-root", suiteRoot]);
  try {
    const conformMs: number[] = [];
    const conformCpu: number[] = [];
    const rawMs: number[] = [];
    const rawCpu: number[] = [];
    // A first round warms the JIT of both sides; it is not counted.
    let last = await conformRound(suiteRoot);
    for (let round = 0; round < ROUNDS; round++) {
      last = await conformRound(suiteRoot);
      conformMs.push(last.ms);
      conformCpu.push(last.cpuMs);
      const bare = await rawRound(suiteRoot, last.calls);
      rawMs.push(bare.ms);
      rawCpu.push(bare.cpuMs);
    }
    const conform = median(conformMs);
    const raw = median(rawMs);
    const perCall = (ms: number[]): string => `${Math.round((median(ms) / last.calls.length) * 1000)} µs`;
    const { cases, calls, failing } = last;
    const cli: number[] = [];
    for (let round = 0; round < CLI_ROUNDS; round++) cli.push(await cliSeconds(suiteRoot));
    const conformRate = (calls.length / conform) * 1000;
    const rawRate = (calls.length / raw) * 1000;
    record({
      section: "conform",
      row: `${CONTRACT}, 100 cases per method and family (${cases} cases, ${calls.length} calls)`,
      anchor: "raw DaemonTransport, the same calls",
      anchorValue: rawRate,
      ours: conformRate,
      unit: "ops/s (wall)",
      better: "higher",
      ratioAs: "factor",
      aim: "≥ 0.5×",
      met: conformRate / rawRate >= 0.5,
      note: `the whole command ${median(cli).toFixed(2)} s wall; CPU per call: conform ${perCall(conformCpu)}, raw ${perCall(rawCpu)}`,
    });
    process.stdout.write(
      [
        `conform ${CONTRACT}, 100 cases per method and family, seed ${SEED}, host in its own process, Node ${process.version}; median of ${ROUNDS} rounds`,
        `  conform (in process):  ${cases} cases, ${calls.length} calls in ${(conform / 1000).toFixed(2)} s: ${rate(cases, conform)} cases, ${rate(calls.length, conform)} calls (${failing} failing findings)`,
        `  raw DaemonTransport:   the same ${calls.length} calls in ${(raw / 1000).toFixed(2)} s: ${rate(calls.length, raw)} calls`,
        `  conform ÷ raw call rate: ${(raw / conform).toFixed(2)} (aim: at least 0.5)`,
        `  CPU of this process per call: conform ${perCall(conformCpu)}, raw ${perCall(rawCpu)} (the host's own is in neither)`,
        `  the command (the bin, its own process, start-up and report included): ${median(cli).toFixed(2)} s wall, median of ${CLI_ROUNDS}`,
        "",
      ].join("\n"),
    );
  } finally {
    clearTimeout(guard);
    await stopHost();
    await rm(suiteRoot, { recursive: true, force: true });
  }
}

await main();
