/**
 * bench:scaling — whole-process `generate` against Ajv's standalone code generation (issue 22),
 * in CPU seconds of the process and its children (the tsgo type check included), median of
 * ROUNDS rounds, every input's runs interleaved with the others' so drift hits all alike.
 *
 * 1. Synthetic shapes (synthetic-shapes.ts) at 250, 500, 1,000 and 2,000 definitions: the cost
 *    per added definition between sizes, and the slope from 1,000 to 2,000 over the slope from
 *    250 to 500 (the aim: at most 1.2, i.e. linear). At 1,000 and 2,000, ours over Ajv's.
 * 2. The real corpus (test/fixtures/corpus): for schemas over 200 KB, ours over Ajv's; for the
 *    smaller ones, where Node's and the type checker's start-up dominate, the ratio net of a
 *    one-definition schema's run of each (both minus their own floor).
 *
 * Times the CLI the bins run: the compiled dist/ when it is fresh (`npm run build`; `npm run
 * bench` builds first), else the sources through tsx. Not a test: nothing here asserts a time.
 * `--quick` runs smaller sizes and a few corpus schemas.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { median, QUICK, record, ROUNDS, timeProcess, type Figure, type ProcessRun } from "./figures.js";
import { SHAPES, syntheticSchema, type Shape } from "./synthetic-shapes.js";

const BIN = resolve("generator/bin/rightkit-bindgen.js");
const AJV = resolve("test/bench/ajv-standalone.mjs");
const CORPUS = "test/fixtures/corpus";
const SIZES = QUICK ? [50, 100, 200, 400] : [250, 500, 1000, 2000];
/** Sizes at which ours is compared with Ajv's: 1,000 definitions and more. */
const AJV_FROM = QUICK ? 200 : 1000;
const LARGE_SCHEMA_BYTES = 200_000;
const SLOPE_AIM = 1.2;
const RATIO_AIM = 0.8;

interface Input {
  readonly label: string;
  readonly file: string;
  readonly withAjv: boolean;
}

const work = mkdtempSync(join(tmpdir(), "rightkit-bench-scaling-"));

/** Inputs whose `generate` failed (a tree before issue 22 exits 3 on a wide object): shown, not fatal. */
const failures = new Map<string, string>();

function ours(input: Input): ProcessRun {
  const dir = mkdtempSync(join(work, "gen-"));
  try {
    cpSync(input.file, join(dir, "schema.json"));
    return timeProcess([process.execPath, BIN, "generate", "--contract", "schema.json"], dir);
  } catch (error) {
    failures.set(
      input.label,
      String(error)
        .split("\n")[0]
        ?.replace(/^.*?exited/, "exited")
        .slice(0, 120) ?? "failed",
    );
    return { wallS: Number.NaN, cpuS: Number.NaN, maxRssKib: Number.NaN };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function ajv(input: Input): ProcessRun {
  return timeProcess([process.execPath, AJV, input.file, join(work, "ajv.mjs")], work);
}

/** Every input, ROUNDS times, interleaved: ours then Ajv's, input after input, round after round. */
function measure(inputs: readonly Input[]): Map<Input, { ours: ProcessRun[]; ajv: ProcessRun[] }> {
  const runs = new Map(inputs.map((input) => [input, { ours: [] as ProcessRun[], ajv: [] as ProcessRun[] }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const input of inputs) {
      const own = runs.get(input) as { ours: ProcessRun[]; ajv: ProcessRun[] };
      own.ours.push(ours(input));
      if (input.withAjv) own.ajv.push(ajv(input));
    }
    process.stderr.write(`round ${round + 1}/${ROUNDS} done\n`);
  }
  return runs;
}

const cpu = (runs: readonly ProcessRun[]): number => median(runs.map((run) => run.cpuS));
const wall = (runs: readonly ProcessRun[]): number => median(runs.map((run) => run.wallS));
const s = (seconds: number): string => `${seconds.toFixed(2)} s`;

function write(name: string, schema: object): string {
  const file = join(work, `${name}.json`);
  writeFileSync(file, JSON.stringify(schema));
  return file;
}

function corpusInputs(): Input[] {
  const names = readdirSync(CORPUS)
    .filter((name) => name.endsWith(".json"))
    .map((name) => ({ name, size: statSync(join(CORPUS, name)).size }))
    .sort((a, b) => b.size - a.size || (a.name < b.name ? -1 : 1));
  const chosen = QUICK ? [...names.filter((n) => n.size > LARGE_SCHEMA_BYTES), ...names.slice(-2)] : names;
  return chosen.map(({ name, size }) => ({
    label: `${name.split("__")[1] ?? name} ${name.split("__").slice(2).join("/").slice(0, 40)} (${Math.round(size / 1000)} KB)`,
    file: resolve(CORPUS, name),
    withAjv: true,
  }));
}

// RIGHTKIT_BENCH_SHAPES=chain,pairs and RIGHTKIT_BENCH_CORPUS=0 narrow a run (to re-measure one row).
const shapes = SHAPES.filter((shape) => (process.env.RIGHTKIT_BENCH_SHAPES?.split(",") ?? SHAPES).includes(shape));
const synthetic = new Map<Shape, Input[]>(
  shapes.map((shape) => [
    shape,
    SIZES.map((size) => ({
      label: `${shape} ${size}`,
      file: write(`${shape}-${size}`, syntheticSchema(shape, size)),
      withAjv: size >= AJV_FROM,
    })),
  ]),
);
const floor: Input = { label: "one definition", file: write("one", syntheticSchema("fan-out", 1)), withAjv: true };
const corpus = process.env.RIGHTKIT_BENCH_CORPUS === "0" ? [] : corpusInputs();
console.log(
  `whole-process generate vs Ajv standalone, CPU s (process + children), median of ${ROUNDS} interleaved rounds, node ${process.version}`,
);
const runs = measure([floor, ...[...synthetic.values()].flat(), ...corpus]);
const get = (input: Input): { ours: ProcessRun[]; ajv: ProcessRun[] } =>
  runs.get(input) as { ours: ProcessRun[]; ajv: ProcessRun[] };
const figures: Figure[] = [];

console.log("\nsynthetic shapes: CPU s at each size, ms per added definition between sizes, slope ratio");
for (const [shape, inputs] of synthetic) {
  const cpus = inputs.map((input) => cpu(get(input).ours));
  const slopes = cpus
    .slice(1)
    .map((value, i) => ((value - (cpus[i] as number)) / ((SIZES[i + 1] as number) - (SIZES[i] as number))) * 1000);
  const ratio = (slopes[2] as number) / (slopes[0] as number);
  console.log(
    `${shape.padEnd(8)} ${cpus.map((value, i) => `${SIZES[i]}: ${s(value)}`).join("  ")}  |  ms/def ${slopes.map((v) => v.toFixed(2)).join(" → ")}  |  slope ${SIZES[2]}→${SIZES[3]} over ${SIZES[0]}→${SIZES[1]}: ${ratio.toFixed(2)}`,
  );
  figures.push({
    section: "generate: cost per added definition",
    row: `${shape}: ms CPU per definition, ${SIZES[2]}→${SIZES[3]} (anchor: ${SIZES[0]}→${SIZES[1]})`,
    anchor: `same shape, ${SIZES[0]}→${SIZES[1]}`,
    anchorValue: slopes[0] as number,
    ours: slopes[2] as number,
    unit: "ms CPU / definition",
    better: "lower",
    ratioAs: "factor",
    aim: `≤ ${SLOPE_AIM}×`,
    met: ratio <= SLOPE_AIM,
    note: `${slopes.map((v) => v.toFixed(2)).join(" → ")} ms/def; wall ${inputs.map((input) => s(wall(get(input).ours))).join(" / ")}`,
    series: { label: shape, sizes: SIZES, cpuS: cpus },
  });
  for (const input of inputs.filter((input) => input.withAjv)) figures.push(versusAjv(input, "synthetic"));
}

function versusAjv(input: Input, kind: string, net?: { ours: number; ajv: number }): Figure {
  const run = get(input);
  const oursCpu = cpu(run.ours) - (net?.ours ?? 0);
  const ajvCpu = cpu(run.ajv) - (net?.ajv ?? 0);
  const figure: Figure = {
    section: `generate vs Ajv standalone (${kind})`,
    row: net === undefined ? input.label : `${input.label}, net of one definition`,
    anchor: "Ajv standalone",
    anchorValue: ajvCpu,
    ours: oursCpu,
    unit: "CPU s",
    better: "lower",
    ratioAs: "factor",
    ...(net === undefined ? { aim: `≤ ${RATIO_AIM}×`, met: oursCpu <= RATIO_AIM * ajvCpu } : {}),
    note: `wall ${s(wall(run.ours))} vs ${s(wall(run.ajv))}; peak RSS ${Math.round(median(run.ours.map((r) => r.maxRssKib)) / 1024)} MB`,
  };
  console.log(
    `  ${figure.row.padEnd(72)} ours ${s(oursCpu)}  Ajv ${s(ajvCpu)}  ${(oursCpu / ajvCpu).toFixed(2)}×  (${figure.note})`,
  );
  return figure;
}

console.log("\nthe corpus (over 200 KB: whole process; smaller: net of a one-definition schema's run)");
const floorCpu = { ours: cpu(get(floor).ours), ajv: cpu(get(floor).ajv) };
console.log(`  one definition: ours ${s(floorCpu.ours)}, Ajv ${s(floorCpu.ajv)}`);
/** Below this net CPU time of Ajv's, a ratio of two small differences is noise: such schemas are summed into one row. */
const MEANINGFUL_NET_S = 0.1;
const tiny: Input[] = [];
for (const input of corpus) {
  const large = statSync(input.file).size > LARGE_SCHEMA_BYTES;
  if (!large && cpu(get(input).ajv) - floorCpu.ajv < MEANINGFUL_NET_S) tiny.push(input);
  else figures.push(versusAjv(input, large ? "corpus over 200 KB" : "corpus, smaller", large ? undefined : floorCpu));
}
if (tiny.length > 0) {
  const net = (pick: (run: { ours: ProcessRun[]; ajv: ProcessRun[] }) => ProcessRun[], own: number): number =>
    tiny.reduce((sum, input) => sum + cpu(pick(get(input))) - own, 0);
  const [oursNet, ajvNet] = [net((run) => run.ours, floorCpu.ours), net((run) => run.ajv, floorCpu.ajv)];
  const figure: Figure = {
    section: "generate vs Ajv standalone (corpus, smaller)",
    row: `${tiny.length} small schemas (Ajv under ${MEANINGFUL_NET_S} s net each), summed, net of one definition`,
    anchor: "Ajv standalone",
    anchorValue: ajvNet,
    ours: oursNet,
    unit: "CPU s",
    better: "lower",
    ratioAs: "factor",
  };
  console.log(`  ${figure.row}: ours ${s(oursNet)}  Ajv ${s(ajvNet)}`);
  figures.push(figure);
}
for (const [label, failure] of failures) console.log(`FAILED: ${label}: ${failure}`);
record(...figures);
rmSync(work, { recursive: true, force: true });
