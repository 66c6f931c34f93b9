/**
 * bench:validators — our `validate*` against Ajv and @exodus/schemasafe (both code-generating
 * validators, compiled once), and our `is*` guard against a hand-written validator, on the
 * payloads of validator-cases.ts: the demo contract, agentcli's manifest-carrying params, and
 * sample sets from two large corpus schemas; and pattern-heavy payloads (patternRows below): the
 * corpus definitions that hold a `pattern`, and a synthetic object of six common patterns.
 *
 * A plain measured loop, not a timed assertion: each case is warmed up, then the contenders take
 * turns in ROUNDS rounds of ROUND_MS wall time each, and each figure is the median of its rounds
 * in operations per CPU second of this process (GC threads included, so allocation costs what it
 * costs), with operations per wall second beside it; each ratio is the median of the rounds' own.
 * CPU time, because on a shared 2-core machine a contender preempted mid-round would otherwise be
 * charged for another process's work.
 * Run: tsx test/bench/validators.bench.ts [--quick] [--patterns] (only the pattern rows)
 */
import { readFileSync } from "node:fs";
import { validator as schemasafe } from "@exodus/schemasafe";
import fc from "fast-check";
import { emitValidatorModule } from "../../generator/emit/validators/index.js";
import { ajvDraftOf, ajvFor } from "../support/ajv-dialect.js";
import { loadModule } from "../support/load-module.js";
import { geomean, median, QUICK, record, ROUNDS, type Figure } from "./figures.js";
import { benchCases, SCHEMASAFE_OPTIONS, verdictOf, type Case, type Check } from "./validator-cases.js";

const ROUND_MS = QUICK ? 60 : 150;
const WARM_UP_OPS = QUICK ? 5_000 : 20_000;
const GEOMEAN_AIM = 2;
const INVALID_AIM = 1.3;

let sink = 0;

interface Rate {
  readonly cpu: number;
  readonly wall: number;
}

function round(check: Check, payloads: readonly unknown[]): Rate {
  let ops = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  let at = 0;
  while (performance.now() - start < ROUND_MS) {
    for (let i = 0; i < 100; i++) {
      if (check(payloads[at] as unknown)) sink++;
      at = at + 1 === payloads.length ? 0 : at + 1;
    }
    ops += 100;
  }
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - start;
  return { cpu: (ops / (used.user + used.system)) * 1e6, wall: (ops / wallMs) * 1e3 };
}

/**
 * The median rate of each contender over ROUNDS interleaved rounds, and `over(a, b)`: the median
 * of each round's own ratio of contender a's CPU rate to b's. The contenders of one round share the
 * machine's state of the moment (this 2-core VM drifts by ±15 % and more between rounds), so the
 * quotient within a round is steadier than the quotient of two medians. Rounds rotate who goes first.
 */
function measure(
  contenders: readonly Check[],
  payloads: readonly unknown[],
): { rates: Rate[]; over(a: number, b: number): number } {
  for (const check of contenders) for (let i = 0; i < WARM_UP_OPS; i++) if (check(payloads[i % payloads.length])) sink++;
  const rounds = contenders.map(() => [] as Rate[]);
  for (let r = 0; r < ROUNDS; r++)
    for (let k = 0; k < contenders.length; k++) {
      const i = (k + r) % contenders.length;
      rounds[i]?.push(round(contenders[i] as Check, payloads));
    }
  return {
    rates: rounds.map((rates) => ({ cpu: median(rates.map((rate) => rate.cpu)), wall: median(rates.map((rate) => rate.wall)) })),
    over: (a, b) => median((rounds[a] ?? []).map((rate, r) => rate.cpu / ((rounds[b] ?? [])[r] as Rate).cpu)),
  };
}

const format = (n: number): string => (n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : `${(n / 1e3).toFixed(1)}k`);
const times = (n: number): string => `${n.toFixed(2)}x`;

/** A case of this file: the shared ones, and the pattern rows (group "patterns"). */
type Row = Omit<Case, "group"> & { readonly group: string };

/** The semantic-versioning pattern cargo's manifest schema uses (semver.org's, less its named groups). */
const SEMVER =
  "^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$";
const SYNTHETIC_PATTERNS: Readonly<Record<string, string>> = {
  version: SEMVER,
  email: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$",
  id: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
  name: "^[A-Za-z_][A-Za-z0-9_]*$",
  host: "^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$",
  tag: "^v\\d+\\.\\d+$",
};
/** Corpus definitions that hold a pattern: file, definition, label. */
const PATTERN_DEFINITIONS = [
  ["oxidecomputer__omicron__schema_all-zones-requests.json", "Ipv4Net", "omicron Ipv4Net"],
  ["oxidecomputer__omicron__schema_start-sled-agent-request.json", "Ipv6Net", "omicron Ipv6Net"],
  ["oxidecomputer__omicron__schema_all-zones-requests.json", "MacAddr", "omicron MacAddr"],
  ["oxidecomputer__omicron__schema_all-zones-requests.json", "ZpoolName", "omicron ZpoolName"],
  ["rust-lang__cargo__crates_cargo-util-schemas_manifest.schema.json", "SemVer", "cargo SemVer"],
  ["astral-sh__uv__uv.schema.json", "PackageNameSpecifier", "uv PackageNameSpecifier"],
] as const;
const PATTERN_SET = 100;

/** Strings matching `pattern`, drawn by fast-check with a fixed seed. */
function matching(pattern: string, seed: number): string[] {
  return fc.sample(fc.stringMatching(new RegExp(pattern, "u"), { size: "small" }), { seed, numRuns: PATTERN_SET });
}

/** Our validate*, Ajv (the draft's, as the differential test configures it) and schemasafe on one schema. */
function contenders(schema: Record<string, unknown>): Pick<Case, "ours" | "guard" | "ajv" | "schemasafe"> {
  const module = loadModule<Record<string, Check>>(emitValidatorModule(schema));
  const { format: _format, ...unformatted } = schema;
  return {
    ours: module.validate as Check,
    guard: module.isValid as Check,
    ajv: ajvFor(ajvDraftOf(schema)).compile(schema) as Check,
    schemasafe: schemasafe(unformatted, SCHEMASAFE_OPTIONS) as Check,
  };
}

/**
 * Pattern-heavy payloads: each corpus definition on 100 strings matching its pattern (and, for
 * all of them at once, the same strings with one character appended that no pattern ends with),
 * and the synthetic object on 100 valid objects and 100 with one field broken.
 */
function patternRows(): Row[] {
  const rows: Row[] = [];
  for (const [file, name, label] of PATTERN_DEFINITIONS) {
    const document = JSON.parse(readFileSync(`test/fixtures/corpus/${file}`, "utf8")) as Record<string, Record<string, unknown>>;
    const definition = (document.definitions ?? document.$defs ?? {})[name] as Record<string, unknown>;
    const schema = { ...definition, ...(typeof document.$schema === "string" ? { $schema: document.$schema } : {}) };
    const strings = matching(definition.pattern as string, 34);
    rows.push({
      group: "patterns",
      name: `corpus ${label}, ${strings.length} valid`,
      payloads: strings,
      valid: true,
      ...contenders(schema),
    });
    rows.push({
      group: "patterns",
      name: `corpus ${label}, ${strings.length} invalid`,
      payloads: strings.map((s) => `${s}@`),
      valid: false,
      ...contenders(schema),
    });
  }
  const schema = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    required: Object.keys(SYNTHETIC_PATTERNS),
    properties: Object.fromEntries(
      Object.entries(SYNTHETIC_PATTERNS).map(([key, pattern]) => [key, { type: "string", pattern }]),
    ),
  };
  const columns = Object.entries(SYNTHETIC_PATTERNS).map(([key, pattern], i) => [key, matching(pattern, 34 + i)] as const);
  const objects = Array.from({ length: PATTERN_SET }, (_, i) =>
    Object.fromEntries(columns.map(([key, values]) => [key, values[i]])),
  );
  const broken = objects.map((object, i) => {
    const [key] = columns[i % columns.length] as (typeof columns)[number];
    return { ...object, [key]: `${object[key] as string}@` };
  });
  rows.push({
    group: "patterns",
    name: `synthetic 6 patterns, ${objects.length} valid`,
    payloads: objects,
    valid: true,
    ...contenders(schema),
  });
  rows.push({
    group: "patterns",
    name: `synthetic 6 patterns, ${broken.length} invalid`,
    payloads: broken,
    valid: false,
    ...contenders(schema),
  });
  return rows;
}

const shared = benchCases();
const notes = shared.notes;
const cases: Row[] = [...(process.argv.includes("--patterns") ? [] : shared.cases), ...patternRows()];
const rows: string[][] = [];
const figures: Figure[] = [];
const vsAjv: number[] = [];
/** The pattern rows sit near parity by construction (one V8 engine): their geomean is printed apart. */
const patternRatios: number[] = [];
const otherRatios: number[] = [];
for (const c of cases) {
  // A benchmark of validators that disagree measures nothing: check the verdicts first.
  for (const payload of c.payloads) {
    const verdicts = [c.ours, c.ajv, c.schemasafe, c.guard, ...(c.hand === undefined ? [] : [c.hand])].map((check) =>
      verdictOf(check(payload)),
    );
    if (verdicts.some((verdict) => verdict !== c.valid)) throw new Error(`${c.name}: a validator gives the wrong verdict`);
  }
  const measured = measure([c.ours, c.ajv, c.schemasafe, ...(c.hand === undefined ? [] : [c.guard, c.hand])], c.payloads);
  const [ours, ajv, safe, guard, hand] = measured.rates as [Rate, Rate, Rate, Rate | undefined, Rate | undefined];
  const oursOverAjv = measured.over(0, 1);
  const oursOverSafe = measured.over(0, 2);
  const guardOverHand = guard === undefined ? Number.NaN : measured.over(3, 4);
  vsAjv.push(oursOverAjv);
  (c.group === "patterns" ? patternRatios : otherRatios).push(oursOverAjv);
  const row = `${c.group}: ${c.name}`;
  const wall = `wall: ours ${format(ours.wall)}/s, Ajv ${format(ajv.wall)}/s, schemasafe ${format(safe.wall)}/s`;
  const base = { section: "validators (validate*)", row, unit: "ops per CPU s", better: "higher", ratioAs: "factor" } as const;
  figures.push({
    ...base,
    anchor: "Ajv 8",
    anchorValue: ajv.cpu,
    ours: ours.cpu,
    ratio: oursOverAjv,
    ...(c.valid ? {} : { aim: `≥ ${INVALID_AIM}×`, met: oursOverAjv >= INVALID_AIM }),
    note: wall,
  });
  figures.push({
    ...base,
    row: `${row} (vs schemasafe)`,
    anchor: "schemasafe 1.3",
    anchorValue: safe.cpu,
    ours: ours.cpu,
    ratio: oursOverSafe,
  });
  if (guard !== undefined && hand !== undefined) {
    figures.push({
      section: "validators (is* guard)",
      row,
      anchor: "hand-written",
      anchorValue: hand.cpu,
      ours: guard.cpu,
      unit: "ops per CPU s",
      better: "higher",
      ratioAs: "factor",
      ratio: guardOverHand,
      ...(c.valid ? { aim: "≥ 1.00×", met: guardOverHand >= 1 } : {}),
      note: `wall: is* ${format(guard.wall)}/s, hand ${format(hand.wall)}/s`,
    });
  }
  rows.push([
    row,
    format(ours.cpu),
    format(ajv.cpu),
    times(oursOverAjv),
    format(safe.cpu),
    times(oursOverSafe),
    guard === undefined ? "" : format(guard.cpu),
    hand === undefined ? "" : format(hand.cpu),
    guard === undefined || hand === undefined ? "" : times(guardOverHand),
  ]);
}
const mean = geomean(vsAjv);
const summary = {
  section: "validators (validate*)",
  anchor: "Ajv 8",
  anchorValue: 1,
  unit: "ratio",
  better: "higher",
  ratioAs: "factor",
} as const;
if (otherRatios.length > 0) {
  const others = geomean(otherRatios);
  figures.push({
    ...summary,
    row: `geomean over ${otherRatios.length} payloads (min ${Math.min(...otherRatios).toFixed(2)}×)`,
    ours: others,
    aim: `≥ ${GEOMEAN_AIM}×`,
    met: others >= GEOMEAN_AIM,
  });
}
if (patternRatios.length > 0) {
  const least = Math.min(...patternRatios);
  figures.push({
    ...summary,
    row: `geomean over ${patternRatios.length} pattern payloads (min ${least.toFixed(2)}×)`,
    ours: geomean(patternRatios),
    aim: "min ≥ 1.00×",
    met: least >= 1,
  });
}

const header = ["payload", "validate*/CPU s", "Ajv", "vs Ajv", "schemasafe", "vs safe", "is*", "hand", "is* vs hand"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
const line = (cells: readonly string[]): string => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
console.log(
  `median of ${ROUNDS} rounds of ${ROUND_MS} ms, ops per CPU second; schemasafe: ${JSON.stringify(SCHEMASAFE_OPTIONS)}`,
);
console.log(line(header));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
rows.forEach((row) => console.log(line(row)));
console.log(`\ngeomean vs Ajv: ${mean.toFixed(2)}x  (min ${Math.min(...vsAjv).toFixed(2)}x)`);
for (const [label, picked] of [
  ["pattern rows", patternRatios],
  ["other rows", otherRatios],
] as const)
  if (picked.length > 0) console.log(`geomean vs Ajv, ${label}: ${geomean(picked).toFixed(2)}x over ${picked.length}`);
notes.forEach((note) => console.log(`note: ${note}`));
record(...figures);
if (sink === -1) console.log("unreachable: keeps the results alive");
