/**
 * What every benchmark shares: the rows it hands to `npm run bench` (test/bench/run-all.ts, which
 * writes them into docs/benchmarks.md), `--quick`, the median, and whole processes timed in CPU
 * seconds. Figures are CPU time first: on this 2-core machine other work moves wall time by
 * ±15 % between runs, and a process preempted mid-run is otherwise charged for someone else's
 * work. Wall time is reported beside it.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** One row of the table: an anchor's figure, ours, and ours over the anchor's. */
export interface Figure {
  /** The benchmark and the group within it: "validators", "generate vs Ajv". */
  readonly section: string;
  readonly row: string;
  /** What ours is measured against: "Ajv 8 (2020)", "raw NDJSON client". */
  readonly anchor: string;
  readonly anchorValue: number;
  readonly ours: number;
  /** "ops/s per CPU s", "CPU s", "µs CPU per call". */
  readonly unit: string;
  /** Which way is better. */
  readonly better: "higher" | "lower";
  /** How ours against the anchor reads: a factor (`2.13×`), a relative difference (`+4.2 %`) or an absolute one in the row's unit (`+0.25 ms`). */
  readonly ratioAs: "factor" | "percent" | "difference";
  /** Ours over the anchor when it is not their quotient: the median of each round's own ratio, where rounds pair the two. */
  readonly ratio?: number;
  /** The aim this row is held to, as text ("≥ 1.3×"), and whether this run met it. */
  readonly aim?: string;
  readonly met?: boolean;
  /** Wall time or anything else worth a glance, shown in the last column. */
  readonly note?: string;
  /** A curve for a chart: CPU seconds at each size (the cost-per-definition chart). */
  readonly series?: { readonly label: string; readonly sizes: readonly number[]; readonly cpuS: readonly number[] };
  /**
   * A bar for the chart's ratio panels: the row's ratio drawn in the panel of this title, with a
   * line at 1× and at each of `marks` (the aims).
   */
  readonly bar?: { readonly panel: string; readonly label: string; readonly marks: readonly number[] };
}

/** `npm run bench` names a file in this variable; a benchmark run alone just prints. */
const FIGURES_FILE = process.env.RIGHTKIT_BENCH_FIGURES;

export function record(...figures: readonly Figure[]): void {
  if (FIGURES_FILE === undefined) return;
  for (const figure of figures) appendFileSync(FIGURES_FILE, `${JSON.stringify(figure)}\n`);
}

/** `--quick`: fewer rounds and smaller inputs, a smoke run of the whole table. */
export const QUICK = process.argv.includes("--quick") || process.env.RIGHTKIT_BENCH_QUICK === "1";

/** Rounds per figure: the aims are judged on the median of at least 5, interleaved. */
export const ROUNDS = Number(process.env.RIGHTKIT_BENCH_ROUNDS ?? (QUICK ? 3 : 5));

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function geomean(values: readonly number[]): number {
  return Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);
}

export interface ProcessRun {
  readonly wallS: number;
  /** User + system time of the process and every child it waited for (tsgo, oxfmt's threads). */
  readonly cpuS: number;
  readonly maxRssKib: number;
  /** With `ownCpu`: user + system time of the Node process alone (all its threads), its children left out. */
  readonly ownCpuS?: number;
}

/**
 * A Node preload (`node --import OWN_CPU_PRELOAD …`) that writes the process's own CPU seconds
 * (`process.cpuUsage()`, every thread, no child) to file descriptor 3 as it exits: what
 * `timeProcess(…, { ownCpu: true })` reads. For `generate`, that is everything but the type
 * check, which runs in a tsgo process of its own.
 */
export const OWN_CPU_PRELOAD =
  'data:text/javascript,import{writeSync}from"node:fs";process.on("exit",()=>{const u=process.cpuUsage();writeSync(3,String((u.user+u.system)/1e6))})';

/**
 * GNU time reports what the kernel counted for the process and its waited-for children, the
 * type checker's own process included; without it, only wall time can be had (cpuS is NaN).
 */
const GNU_TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

/**
 * One whole process, timed: `argv[0]` is the executable. Throws on a non-zero exit. `ownCpu`: the
 * process is Node started with `--import OWN_CPU_PRELOAD`, and its own CPU is read from fd 3.
 */
export function timeProcess(argv: readonly string[], cwd: string, options: { readonly ownCpu?: boolean } = {}): ProcessRun {
  const dir = mkdtempSync(join(tmpdir(), "rightkit-bench-time-"));
  const report = join(dir, "times");
  const command = GNU_TIME === undefined ? [...argv] : [GNU_TIME, "-f", "%e %U %S %M", "-o", report, ...argv];
  const start = process.hrtime.bigint();
  const result = spawnSync(command[0] as string, command.slice(1), {
    cwd,
    encoding: "utf8",
    stdio: options.ownCpu === true ? ["ignore", "ignore", "pipe", "pipe"] : ["ignore", "ignore", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallS = Number(process.hrtime.bigint() - start) / 1e9;
  try {
    if (result.status !== 0) throw new Error(`${argv.join(" ")} exited ${result.status}: ${result.stderr.slice(-2000)}`);
    const own = options.ownCpu === true ? { ownCpuS: Number(result.output[3] || Number.NaN) } : {};
    if (GNU_TIME === undefined) return { wallS, cpuS: Number.NaN, maxRssKib: Number.NaN, ...own };
    const [, user = "", system = "", rss = ""] = readFileSync(report, "utf8").trim().split("\n").pop()?.split(" ") ?? [];
    return { wallS, cpuS: Number(user) + Number(system), maxRssKib: Number(rss), ...own };
  } finally {
    rmSync(dirname(report), { recursive: true, force: true });
  }
}

/** Ours over the anchor, as the row reads it: `2.13×`, or `+4.2 %` / `−3.1 %`. */
export function ratioText(figure: Pick<Figure, "ours" | "anchorValue" | "ratioAs" | "unit" | "ratio">): string {
  if (figure.ratioAs === "factor") return `${(figure.ratio ?? figure.ours / figure.anchorValue).toFixed(2)}×`;
  if (figure.ratioAs === "difference") {
    const by = figure.ours - figure.anchorValue;
    return `${by >= 0 ? "+" : "−"}${Math.abs(by).toFixed(2)} ${figure.unit.split(" ")[0]}`;
  }
  const over = ((figure.ratio ?? figure.ours / figure.anchorValue) - 1) * 100;
  return `${over >= 0 ? "+" : "−"}${Math.abs(over).toFixed(1)} %`;
}
