/**
 * bench:peer — whole-process `generate` (type check included) against the toolchain a binding-repo
 * author would otherwise run (issue 36): json-schema-to-typescript for the types plus Ajv's
 * standalone code generation for the validators, in one process, each with its default formatting
 * (test/bench/peer-toolchain.mjs). CPU seconds of the process and its children, median of ROUNDS
 * rounds, every input's runs interleaved with the others' and the contenders' order turned each
 * round; the ratio is the median of the rounds' own ratios (the rounds pair the contenders).
 *
 * Three facts, one table each:
 * 1. `generate` over the peer toolchain, on every corpus schema over 150 KB and on the synthetic
 *    chain, fan-out, nesting and pairs shapes (synthetic-shapes.ts) at 1,000 and 2,000
 *    definitions, and the 1,550-definition chain: ≤ 1.0× required, ≤ 0.5× the aim;
 * 2. the generator's own work (everything but the type check: the `generate` process's own CPU,
 *    read in-process as it exits, its tsgo child left out) over Ajv standalone alone (≤ 0.8×), with
 *    the type check's share of the whole `generate` beside it;
 * 3. the 1,550-definition chain, whole `generate` over Ajv standalone alone (≤ 1.0×).
 *
 * Times the CLI the bins run: the compiled dist/ when it is fresh (`npm run build`; `npm run
 * bench` builds first), else the sources through tsx. Not a test: nothing here asserts a time.
 * `--quick`: 3 rounds, the synthetic shapes at 1,000 definitions only. RIGHTKIT_BENCH_SHAPES=chain,pairs,
 * RIGHTKIT_BENCH_SIZES=1000 and RIGHTKIT_BENCH_CORPUS=0 narrow a run (to re-measure one row).
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { median, OWN_CPU_PRELOAD, QUICK, record, ROUNDS, timeProcess, type Figure, type ProcessRun } from "./figures.js";
import { SHAPES, syntheticSchema } from "./synthetic-shapes.js";

const BIN = resolve("generator/bin/rightkit-bindgen.js");
const AJV = resolve("test/bench/ajv-standalone.mjs");
const PEER = resolve("test/bench/peer-toolchain.mjs");
const CORPUS = "test/fixtures/corpus";
const CORPUS_OVER_BYTES = 150_000;
const SIZES = (process.env.RIGHTKIT_BENCH_SIZES?.split(",").map(Number) ?? (QUICK ? [1000] : [1000, 2000])).filter(
  (size) => size > 0,
);
/** The chain of issue 36's figures: ≤ 1.0× Ajv standalone alone. */
const CHAIN_AGAINST_AJV = 1550;
const PEER_REQUIRED = 1.0;
const PEER_AIM = 0.5;
const OWN_WORK_AIM = 0.8;
const CHAIN_AIM = 1.0;
const PEER_NAME = "json-schema-to-typescript 16 + Ajv standalone";

interface Input {
  readonly label: string;
  /** The label under the chart's bars, where the room is narrow. */
  readonly short: string;
  readonly file: string;
}

interface Runs {
  readonly ours: ProcessRun[];
  readonly peer: ProcessRun[];
  readonly ajv: ProcessRun[];
}

const work = mkdtempSync(join(tmpdir(), "rightkit-bench-peer-"));
/** A contender that failed on an input, and why: the row says so, the others still run. */
const failures = new Map<string, string>();

function attempt(key: string, run: () => ProcessRun): ProcessRun {
  try {
    return run();
  } catch (error) {
    if (!failures.has(key))
      failures.set(
        key,
        String(error)
          .split("\n")
          .filter((line) => line.trim() !== "")
          .slice(0, 2)
          .join(" ")
          .replace(/^.*?exited/, "exited")
          .slice(0, 200),
      );
    return { wallS: Number.NaN, cpuS: Number.NaN, maxRssKib: Number.NaN, ownCpuS: Number.NaN };
  }
}

function inFreshDir<T>(use: (dir: string) => T): T {
  const dir = mkdtempSync(join(work, "run-"));
  try {
    return use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const contenders: Record<keyof Runs, (input: Input) => ProcessRun> = {
  ours: (input) =>
    attempt(`ours ${input.label}`, () =>
      inFreshDir((dir) => {
        cpSync(input.file, join(dir, "schema.json"));
        return timeProcess([process.execPath, "--import", OWN_CPU_PRELOAD, BIN, "generate", "--contract", "schema.json"], dir, {
          ownCpu: true,
        });
      }),
    ),
  peer: (input) =>
    attempt(`peer ${input.label}`, () =>
      inFreshDir((dir) => timeProcess([process.execPath, PEER, input.file, join(dir, "out")], dir)),
    ),
  ajv: (input) =>
    attempt(`ajv ${input.label}`, () =>
      inFreshDir((dir) => timeProcess([process.execPath, AJV, input.file, join(dir, "ajv.mjs")], dir)),
    ),
};

/** Every input, ROUNDS times, interleaved; within an input the contenders' order turns each round. */
function measure(inputs: readonly Input[]): Map<Input, Runs> {
  const runs = new Map(inputs.map((input): [Input, Runs] => [input, { ours: [], peer: [], ajv: [] }]));
  const order: (keyof Runs)[] = ["ours", "peer", "ajv"];
  for (let round = 0; round < ROUNDS; round++) {
    for (const input of inputs) {
      const own = runs.get(input) as Runs;
      for (let i = 0; i < order.length; i++) {
        const contender = order[(i + round) % order.length] as keyof Runs;
        own[contender].push(contenders[contender](input));
      }
    }
    process.stderr.write(`round ${round + 1}/${ROUNDS} done\n`);
  }
  return runs;
}

const s = (seconds: number): string => (Number.isFinite(seconds) ? `${seconds.toFixed(2)} s` : "—");
const pct = (share: number): string => (Number.isFinite(share) ? `${Math.round(share * 100)} %` : "—");
const finite = (values: readonly number[]): number[] => values.filter((value) => Number.isFinite(value));
/** Median of what ran; NaN when nothing did. */
const mid = (values: readonly number[]): number => (finite(values).length > 0 ? median(finite(values)) : Number.NaN);
/** The median of the rounds' own ratios (a round where either failed is left out). */
const paired = (ours: readonly number[], anchor: readonly number[]): number =>
  mid(ours.map((value, i) => value / (anchor[i] as number)));

const cpu = (runs: readonly ProcessRun[]): number[] => runs.map((run) => run.cpuS);
const ownCpu = (runs: readonly ProcessRun[]): number[] => runs.map((run) => run.ownCpuS ?? Number.NaN);
const wall = (runs: readonly ProcessRun[]): number => mid(runs.map((run) => run.wallS));

function write(name: string, schema: object): string {
  const file = join(work, `${name}.json`);
  writeFileSync(file, JSON.stringify(schema));
  return file;
}

function corpusInputs(): Input[] {
  return readdirSync(CORPUS)
    .filter((name) => name.endsWith(".json"))
    .map((name) => ({ name, size: statSync(join(CORPUS, name)).size }))
    .filter(({ size }) => size > CORPUS_OVER_BYTES)
    .sort((a, b) => b.size - a.size || (a.name < b.name ? -1 : 1))
    .map(({ name, size }) => ({
      label: `${name.split("__")[1] ?? name} ${name.split("__").slice(2).join("/").slice(0, 40)} (${Math.round(size / 1000)} KB)`,
      short: `${name.split("__")[1] ?? name} ${
        name
          .split("_")
          .pop()
          ?.replace(/\.json$/, "") ?? ""
      }`,
      file: resolve(CORPUS, name),
    }));
}

const shapes = SHAPES.filter((shape) => (process.env.RIGHTKIT_BENCH_SHAPES?.split(",") ?? SHAPES).includes(shape));
const synthetic: Input[] = shapes.flatMap((shape) =>
  SIZES.map((size) => ({
    label: `${shape} ${size}`,
    short: `${shape} ${size}`,
    file: write(`${shape}-${size}`, syntheticSchema(shape, size)),
  })),
);
const chain: Input | undefined = shapes.includes("chain")
  ? {
      label: `chain ${CHAIN_AGAINST_AJV}`,
      short: `chain ${CHAIN_AGAINST_AJV}`,
      file: write(`chain-${CHAIN_AGAINST_AJV}`, syntheticSchema("chain", CHAIN_AGAINST_AJV)),
    }
  : undefined;
const corpus = process.env.RIGHTKIT_BENCH_CORPUS === "0" ? [] : corpusInputs();
const inputs = [...corpus, ...synthetic, ...(chain === undefined ? [] : [chain])];

console.log(
  `whole-process generate vs ${PEER_NAME} (one process, default formatting), CPU s (process + children), median of ${ROUNDS} interleaved rounds, ratio the median of the rounds' own, node ${process.version}`,
);
const runs = measure(inputs);
const get = (input: Input): Runs => runs.get(input) as Runs;
const WHO: Record<keyof Runs, string> = { ours: "generate", peer: "the peer toolchain", ajv: "Ajv standalone" };
/** The first of `who` that failed on `input`, said as the row's note. */
function failure(input: Input, ...who: (keyof Runs)[]): string | undefined {
  const first = who.find((one) => failures.has(`${one} ${input.label}`));
  return first === undefined ? undefined : `${WHO[first]} failed: ${failures.get(`${first} ${input.label}`) ?? ""}`;
}

/** One row: ours against an anchor in CPU seconds, the ratio paired by round; unjudged (no aim) when either failed. */
function compared(
  section: string,
  input: Input,
  anchor: string,
  pair: { readonly ours: readonly number[]; readonly anchor: readonly number[] },
  aim: number,
  note: (ratio: number) => string,
  bar?: Figure["bar"],
): Figure {
  const ratio = paired(pair.ours, pair.anchor);
  const figure: Figure = {
    section: `${section} (${corpus.includes(input) ? "corpus over 150 KB" : "synthetic"})`,
    row: input.label,
    anchor,
    anchorValue: mid(pair.anchor),
    ours: mid(pair.ours),
    unit: "CPU s",
    better: "lower",
    ratioAs: "factor",
    ratio,
    ...(Number.isFinite(ratio) ? { aim: `≤ ${aim.toFixed(1)}×`, met: ratio <= aim } : {}),
    note: note(ratio),
    ...(bar === undefined ? {} : { bar }),
  };
  console.log(
    `  ${figure.row.padEnd(60)} ours ${s(figure.ours)}  ${anchor.split(" ")[0]} ${s(figure.anchorValue)}  ${Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : "—"}  (${figure.note ?? ""})`,
  );
  return figure;
}

function versusPeer(input: Input): Figure {
  const run = get(input);
  return compared(
    "generate vs the peer toolchain",
    input,
    PEER_NAME,
    { ours: cpu(run.ours), anchor: cpu(run.peer) },
    PEER_REQUIRED,
    (ratio) =>
      failure(input, "ours", "peer") ??
      `aim ≤ ${PEER_AIM}×: ${ratio <= PEER_AIM ? "met" : "not met"}; wall ${s(wall(run.ours))} vs ${s(wall(run.peer))}`,
    { panel: `generate vs ${PEER_NAME}`, label: input.short, marks: [PEER_AIM, PEER_REQUIRED] },
  );
}

function ownWorkVersusAjv(input: Input): Figure {
  const run = get(input);
  const checks = cpu(run.ours).map((total, i) => total - (ownCpu(run.ours)[i] as number));
  const share = mid(checks.map((check, i) => check / (cpu(run.ours)[i] as number)));
  return compared(
    "generate's own work, type check apart, vs Ajv standalone",
    input,
    "Ajv standalone",
    { ours: ownCpu(run.ours), anchor: cpu(run.ajv) },
    OWN_WORK_AIM,
    () => failure(input, "ours", "ajv") ?? `type check ${s(mid(checks))} CPU, ${pct(share)} of the whole generate`,
    { panel: "generate's own work (no type check) vs Ajv standalone", label: input.short, marks: [OWN_WORK_AIM] },
  );
}

function wholeVersusAjv(input: Input): Figure {
  const run = get(input);
  return compared(
    "generate vs Ajv standalone alone",
    input,
    "Ajv standalone",
    { ours: cpu(run.ours), anchor: cpu(run.ajv) },
    CHAIN_AIM,
    () => failure(input, "ours", "ajv") ?? `wall ${s(wall(run.ours))} vs ${s(wall(run.ajv))}`,
  );
}

console.log(`\ngenerate vs ${PEER_NAME} (aim ≤ ${PEER_REQUIRED}× required, ≤ ${PEER_AIM}× aimed)`);
const figures: Figure[] = inputs.map(versusPeer);
console.log(`\ngenerate's own work (its process, the tsgo type check apart) vs Ajv standalone (aim ≤ ${OWN_WORK_AIM}×)`);
figures.push(...inputs.map(ownWorkVersusAjv));
if (chain !== undefined) {
  console.log(`\nthe ${CHAIN_AGAINST_AJV}-definition chain, whole generate vs Ajv standalone alone (aim ≤ ${CHAIN_AIM}×)`);
  figures.push(wholeVersusAjv(chain));
}
for (const [key, failure] of failures) console.log(`FAILED: ${key}: ${failure}`);
record(...figures);
rmSync(work, { recursive: true, force: true });
