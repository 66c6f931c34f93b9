/**
 * `npm run bench [-- --quick]`: builds the package (so the bins time the compiled CLI, as
 * installed), runs every benchmark in turn, one process each, and writes the figures of this one
 * run as one table into docs/benchmarks.md (between its markers) and the cost-per-definition
 * chart into docs/. A benchmark that fails is named above the table and the others still run.
 * About 25 minutes on the 2-core machine (bench:peer about 10 of them); `--quick` is a smoke run
 * of a few minutes.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, tmpdir, totalmem, type } from "node:os";
import { join } from "node:path";
import type { Figure } from "./figures.js";
import { CHART_FILE, costChart, EMPTY_PAGE, renderTable, spliceTable, type RunFacts } from "./table.js";

const BENCHES = [
  "validators",
  "json-reader",
  "client",
  "mcp",
  "conform",
  "mock",
  "scaling",
  "peer",
  "generate",
  "package",
] as const;
const PAGE = "docs/benchmarks.md";
const quick = process.argv.includes("--quick");

const work = mkdtempSync(join(tmpdir(), "rightkit-bench-all-"));
const figuresFile = join(work, "figures.jsonl");
const failed: string[] = [];
const load = loadavg()
  .map((value) => value.toFixed(2))
  .join(" ");
const started = Date.now();

const build = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
if (build.status !== 0) failed.push(`npm run build exited ${build.status}: the bins timed the sources through tsx`);
for (const bench of BENCHES) {
  process.stdout.write(`\n=== bench:${bench}${quick ? " --quick" : ""}\n`);
  const run = spawnSync(process.execPath, ["--import", "tsx", `test/bench/${bench}.bench.ts`, ...(quick ? ["--quick"] : [])], {
    stdio: "inherit",
    env: { ...process.env, RIGHTKIT_BENCH_FIGURES: figuresFile, ...(quick ? { RIGHTKIT_BENCH_QUICK: "1" } : {}) },
  });
  if (run.status !== 0) failed.push(`bench:${bench} exited ${run.status ?? run.signal}`);
}

const figures: Figure[] = existsSync(figuresFile)
  ? readFileSync(figuresFile, "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as Figure)
  : [];
const first = cpus()[0];
const facts: RunFacts = {
  machine: `${cpus().length} × ${first?.model.trim() ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${type()} ${release()}, Node ${process.version}`,
  date: new Date(started).toISOString().slice(0, 16).replace("T", " ") + " UTC",
  quick,
  load,
  failed,
};
const page = existsSync(PAGE) ? readFileSync(PAGE, "utf8") : EMPTY_PAGE;
writeFileSync(PAGE, spliceTable(page, renderTable(figures, facts)));
writeFileSync(join("docs", CHART_FILE), costChart(figures, facts));
rmSync(work, { recursive: true, force: true });
process.stdout.write(
  `\nwrote ${figures.length} rows to ${PAGE} and docs/${CHART_FILE} in ${Math.round((Date.now() - started) / 1000)} s${failed.length > 0 ? `; failed: ${failed.join("; ")}` : ""}\n`,
);
process.exitCode = failed.length > 0 ? 1 : 0;
