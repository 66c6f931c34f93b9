/**
 * Generated validators vs Ajv (2020 mode, default options, compiled once) vs a hand-written
 * validator, on the demo contract's largest payloads and every batch-result error code.
 * Run: tsx test/bench/validators.bench.ts
 *
 * A plain measured loop, not a timed assertion: each case is warmed up, then the contenders are
 * timed in alternating rounds of a fixed duration and each one's best round is reported — on a
 * shared machine the best round is the one least disturbed by other work.
 */
import Ajv2020Module from "ajv/dist/2020.js";
import { emitValidators } from "../../generator/emit/validators/index.js";
import { indexSchema } from "../../generator/resolve/index.js";
import { DEMO_SHAPES, demoSchema, ERROR_CODES } from "../validators/demo-contract.js";
import { loadModule } from "../validators/load-module.js";
import { handIsBatchParams, handIsSnapshotResult } from "./handwritten.js";

type Check = (value: unknown) => unknown;

const ROUNDS = 7;
const ROUND_MS = 150;

const schema = demoSchema();
const generated = loadModule<Record<string, Check>>(`${emitValidators(indexSchema(schema), DEMO_SHAPES)}`);
const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;
const ajv = new Ajv2020();
ajv.addSchema(schema);
const ajvFor = (pointer: string): Check => {
  const validate = ajv.getSchema(`rightkit.agent.demo.v1${pointer}`);
  if (validate === undefined) throw new Error(`Ajv has no schema at ${pointer}`);
  return (value) => validate(value);
};

/** Payloads go through JSON.parse, as wire data does. */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

const element = (i: number): unknown => ({
  ref: `e${i}`,
  role: i % 3 === 0 ? "button" : "textfield",
  label: `Element number ${i}`,
  ops: i % 2 === 0 ? ["click"] : ["click", "type"],
});
const snapshot = (count: number, broken?: number): unknown =>
  wire({
    capture_state: "safe",
    elements: Array.from({ length: count }, (_, i) => (i === broken ? { ...(element(i) as object), ops: ["drag"] } : element(i))),
  });
const step = (i: number): unknown =>
  i % 3 === 0
    ? { ref: `e${i}`, op: "type", text: "hello world" }
    : i % 3 === 1
      ? { ref: `e${i}`, op: "press", key: "cmd+s" }
      : { ref: `e${i}`, op: "click" };
const batch = (count: number): unknown =>
  wire({ token: "tok-0123456789abcdef", steps: Array.from({ length: count }, (_, i) => step(i)) });
const batchResult = (code: string | null): unknown =>
  wire({
    completed: code === null ? 5 : 2,
    results: [{ receipt_id: "r1" }, { receipt_id: "r2" }],
    failed_step: code === null ? null : 2,
    error_code: code,
  });

interface Case {
  readonly name: string;
  readonly shape: string;
  readonly pointer: string;
  readonly payload: unknown;
  readonly valid: boolean;
  readonly hand?: Check;
}

const CASES: readonly Case[] = [
  {
    name: "snapshot-200 valid",
    shape: "SnapshotResult",
    pointer: "#/$defs/snapshot/result",
    payload: snapshot(200),
    valid: true,
    hand: handIsSnapshotResult,
  },
  {
    name: "snapshot-200 invalid",
    shape: "SnapshotResult",
    pointer: "#/$defs/snapshot/result",
    payload: snapshot(200, 150),
    valid: false,
    hand: handIsSnapshotResult,
  },
  {
    name: "batch-20 valid",
    shape: "BatchParams",
    pointer: "#/$defs/batch/params",
    payload: batch(20),
    valid: true,
    hand: handIsBatchParams,
  },
  {
    name: "batch-21 invalid",
    shape: "BatchParams",
    pointer: "#/$defs/batch/params",
    payload: batch(21),
    valid: false,
    hand: handIsBatchParams,
  },
  ...[...ERROR_CODES, null].map((code) => ({
    name: `batch-result ${code ?? "null"}`,
    shape: "BatchResult",
    pointer: "#/$defs/batch/result",
    payload: batchResult(code),
    valid: true,
  })),
  {
    name: "batch-result not_allowed (invalid)",
    shape: "BatchResult",
    pointer: "#/$defs/batch/result",
    payload: batchResult("not_allowed"),
    valid: false,
  },
];

let sink = 0;

function warmUp(check: Check, payload: unknown): void {
  for (let i = 0; i < 20_000; i++) if (check(payload)) sink++;
}

/**
 * ops per second of this process's CPU time, over one round of ROUND_MS wall time. CPU time, not
 * wall time: on a shared 2-core machine a contender preempted mid-round would otherwise be
 * charged for the other process's work (the client benchmark reports CPU per call for the same
 * reason). GC helper threads count too, so allocation still costs what it costs.
 */
function round(check: Check, payload: unknown): number {
  let ops = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  while (performance.now() - start < ROUND_MS) {
    for (let i = 0; i < 100; i++) if (check(payload)) sink++;
    ops += 100;
  }
  const used = process.cpuUsage(cpu);
  return (ops / (used.user + used.system)) * 1e6;
}

/** Best-of-ROUNDS ops/s for each contender, rounds interleaved so drift hits all alike. */
function measure(contenders: readonly Check[], payload: unknown): number[] {
  contenders.forEach((check) => warmUp(check, payload));
  const best = contenders.map(() => 0);
  for (let r = 0; r < ROUNDS; r++) {
    contenders.forEach((check, i) => {
      best[i] = Math.max(best[i] ?? 0, round(check, payload));
    });
  }
  return best;
}

const format = (n: number): string => (n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : `${(n / 1e3).toFixed(1)}k`);

function verdictOf(result: unknown): boolean {
  return typeof result === "object" && result !== null ? (result as { ok: boolean }).ok : Boolean(result);
}

const rows: string[][] = [];
const ratios: number[] = [];
const handRatios: number[] = [];
for (const c of CASES) {
  const ours = generated[`validate${c.shape}`];
  if (ours === undefined) throw new Error(`no validate${c.shape}`);
  const theirs = ajvFor(c.pointer);
  // A benchmark of validators that disagree measures nothing: check the verdicts first.
  if (
    verdictOf(ours(c.payload)) !== c.valid ||
    verdictOf(theirs(c.payload)) !== c.valid ||
    (c.hand !== undefined && verdictOf(c.hand(c.payload)) !== c.valid)
  ) {
    throw new Error(`${c.name}: a validator gives the wrong verdict`);
  }
  const guard = generated[`is${c.shape}`];
  if (guard === undefined) throw new Error(`no is${c.shape}`);
  // The hand-written validators answer yes/no, so they are compared with the generated guard.
  const [oursRate = 0, ajvRate = 0, guardRate, handRate] = measure(
    c.hand === undefined ? [ours, theirs] : [ours, theirs, guard, c.hand],
    c.payload,
  );
  ratios.push(oursRate / ajvRate);
  if (handRate !== undefined && guardRate !== undefined) handRatios.push(guardRate / handRate);
  rows.push([
    c.name,
    format(oursRate),
    format(ajvRate),
    `${(oursRate / ajvRate).toFixed(2)}x`,
    guardRate === undefined ? "" : format(guardRate),
    handRate === undefined ? "" : format(handRate),
    handRate === undefined || guardRate === undefined ? "" : `${(guardRate / handRate).toFixed(2)}x`,
  ]);
}

const geomean = (values: readonly number[]): number => Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);
const header = ["payload", "validate* ops/s", "ajv ops/s", "vs ajv", "is* ops/s", "hand ops/s", "is* vs hand"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
const line = (cells: readonly string[]): string => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
console.log(line(header));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
rows.forEach((row) => console.log(line(row)));
console.log(`\ngeomean vs ajv: ${geomean(ratios).toFixed(2)}x  (min ${Math.min(...ratios).toFixed(2)}x)`);
console.log(`geomean is* vs hand-written: ${geomean(handRatios).toFixed(2)}x  (min ${Math.min(...handRatios).toFixed(2)}x)`);
if (sink === -1) console.log("unreachable: keeps the results alive");
