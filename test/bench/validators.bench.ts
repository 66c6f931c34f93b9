/**
 * bench:validators — our `validate*` against Ajv and @exodus/schemasafe (both code-generating
 * validators, compiled once), and our `is*` guard against a hand-written validator, on the
 * payloads of validator-cases.ts: the demo contract, agentcli's manifest-carrying params, and
 * sample sets from two large corpus schemas.
 *
 * A plain measured loop, not a timed assertion: each case is warmed up, then the contenders take
 * turns in ROUNDS rounds of ROUND_MS wall time each, and each figure is the median of its rounds
 * in operations per CPU second of this process (GC threads included, so allocation costs what it
 * costs), with operations per wall second beside it; each ratio is the median of the rounds' own.
 * CPU time, because on a shared 2-core machine a contender preempted mid-round would otherwise be
 * charged for another process's work.
 * Run: tsx test/bench/validators.bench.ts [--quick]
 */
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

const { cases, notes } = benchCases();
const rows: string[][] = [];
const figures: Figure[] = [];
const vsAjv: number[] = [];
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
figures.push({
  section: "validators (validate*)",
  row: `geomean over ${vsAjv.length} payloads (min ${Math.min(...vsAjv).toFixed(2)}×)`,
  anchor: "Ajv 8",
  anchorValue: 1,
  ours: mean,
  unit: "ratio",
  better: "higher",
  ratioAs: "factor",
  aim: `≥ ${GEOMEAN_AIM}×`,
  met: mean >= GEOMEAN_AIM,
});

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
notes.forEach((note) => console.log(`note: ${note}`));
record(...figures);
if (sink === -1) console.log("unreachable: keeps the results alive");
