/**
 * The run: for each method (by name) and each of its case families, fast-check draws
 * `maxExamples` cases from the family's arbitrary under a seed made from --seed, the method and
 * the family, and every case is run and judged — nothing stops at the first departure, so every
 * one is recorded and every case counted. Then each new finding is shrunk: `fc.check` replays
 * the run that showed it (`path`) and shrinks it against the host, a candidate counting as
 * failing only when it shows the same finding, within a budget of calls. Bounded: `maxExamples` per family,
 * a shrink budget per finding, and the time budget over all.
 */
import fc from "fast-check";
import { NegativeArbitraries } from "../values/arbitrary/negative.js";
import { PositiveArbitraries } from "../values/arbitrary/positive.js";
import { familiesOf, familyName, type CaseFamily, type CaseValue } from "./cases.js";
import { CHECK_NAMES, type CheckName, type Judged } from "../values/checks.js";
import type { Connection } from "./connect.js";
import { Executor, type Execution } from "./execute.js";
import { Census, Findings, type Finding } from "./findings.js";
import { fingerprintOf } from "../values/fingerprint.js";
import { mix } from "../values/links.js";
import type { ConformPlan, PlannedMethod } from "./plan.js";
import { Provider } from "./provider.js";
import type { Safety } from "./safety.js";
import type { Validate } from "../values/validators.js";

export interface RunOptions {
  readonly seed: number;
  readonly maxExamples: number;
  /** The methods to test, by wire name or schema key; undefined: all. */
  readonly methods: ReadonlySet<string> | undefined;
  readonly enabled: ReadonlySet<CheckName>;
  readonly strict: boolean;
  readonly deadlineScale: number;
  readonly timeBudgetMs: number;
  readonly safety: Safety;
  /** Link name → a value given by hand (--value). */
  readonly given: ReadonlyMap<string, string>;
  /** Hears each case as it is run: for a progress line. */
  readonly onCase?: (method: string, cases: number, failing: number) => void;
}

export interface RunResult {
  readonly findings: readonly Finding[];
  readonly census: Census;
  /** What could not be done, and why, in words. */
  readonly notes: readonly string[];
  /** Every call made, by wire name, value sources and shrinking included. */
  readonly calls: ReadonlyMap<string, number>;
}

/**
 * How many draws a family may take in all, per case it is to run: a case that proved nothing
 * (inconclusive: refused for its params) is replaced by the next draw, up to this many.
 */
const DRAWS_PER_CASE = 3;

/** Candidate cases tried while shrinking one finding, and the time that may take. */
const SHRINK_BUDGET = 300;
const SHRINK_TIME_MS = 5_000;

export async function runConformance(
  plan: ConformPlan,
  connection: Connection,
  validators: ReadonlyMap<string, Validate>,
  options: RunOptions,
): Promise<RunResult> {
  return new ConformanceRun(plan, connection, validators, options).run();
}

/** One run's state: what it has found and counted so far, the clock, and the executor that calls the host. */
class ConformanceRun {
  readonly #plan: ConformPlan;
  readonly #options: RunOptions;
  readonly #deadline: number;
  readonly #positives: PositiveArbitraries;
  readonly #negatives: NegativeArbitraries;
  readonly #findings: Findings;
  readonly #census = new Census();
  readonly #notes: string[] = [];
  readonly #executor: Executor;
  /** Whether side calls' departures are recorded: while cases run, not while a finding is shrunk. */
  #recording = true;
  /** New failing findings so far, for the progress line. */
  #failing = 0;

  constructor(plan: ConformPlan, connection: Connection, validators: ReadonlyMap<string, Validate>, options: RunOptions) {
    this.#plan = plan;
    this.#options = options;
    this.#deadline = performance.now() + options.timeBudgetMs;
    this.#positives = new PositiveArbitraries(plan.graph, plan.int64);
    this.#negatives = new NegativeArbitraries(plan.graph, this.#positives);
    this.#findings = new Findings(options.strict);
    const validParams = (method: PlannedMethod, params: unknown): boolean =>
      (validators.get(method.params) as Validate)(params).ok;
    const provider = new Provider({
      plan,
      positives: this.#positives,
      validParams,
      safety: options.safety,
      given: options.given,
      seed: options.seed,
    });
    this.#executor = new Executor({
      plan,
      wire: connection,
      validators,
      provider,
      safety: options.safety,
      enabled: options.enabled,
      deadlineScale: options.deadlineScale,
      onSideCall: (steps, called) => {
        if (!this.#recording) return;
        const method = steps[steps.length - 1]?.method.tool ?? "?";
        for (const judged of called.judgement.violations) this.#findings.record(method, judged, "setup", steps);
        this.#census.violations(method, called.judgement.violations, (judged) => this.#findings.severityOf(judged));
      },
    });
  }

  async run(): Promise<RunResult> {
    const options = this.#options;
    const chosen = this.#plan.methods.filter(
      (method) => options.methods === undefined || options.methods.has(method.tool) || options.methods.has(method.name),
    );
    for (const method of chosen) {
      for (const family of familiesOf(this.#plan, method, this.#positives, this.#negatives)) {
        if (this.#timeLeft() === 0)
          this.#notes.push(`${method.tool}: ${familyName(family)} cases not run: the time budget was spent`);
        else await this.#runFamily(method, family);
      }
    }
    return this.#result(chosen);
  }

  readonly #timeLeft = (): number => Math.max(0, this.#deadline - performance.now());

  /** Runs and judges the family's cases, notes what fell short, then shrinks each new failing finding. */
  async #runFamily(method: PlannedMethod, family: CaseFamily): Promise<void> {
    const options = this.#options;
    const name = familyName(family);
    const seed = mix(`${options.seed}:${method.name}:${name}`) | 0;
    const fresh: { finding: Finding; run: number }[] = [];
    // fast-check's own draws under the family's seed: the same values, in the same order, that
    // `fc.check` runs under it, so a finding's run index is its path for the shrink below.
    let judged = 0;
    let inconclusive = 0;
    let why = "";
    for (const [index, value] of draws(family, seed, options.maxExamples * DRAWS_PER_CASE)) {
      if (judged >= options.maxExamples || this.#timeLeft() === 0) break;
      const execution = await this.#executor.run(family, value);
      const unjudged = execution.called?.judgement.inconclusive;
      if (unjudged === undefined) judged += 1;
      else {
        inconclusive += 1;
        why = unjudged;
      }
      for (const finding of this.#judge(method, family, execution)) fresh.push({ finding, run: index });
      options.onCase?.(method.tool, this.#census.of(method.tool).cases, this.#failing);
    }
    if (judged < options.maxExamples && this.#timeLeft() === 0)
      this.#notes.push(`${method.tool}: ${options.maxExamples - judged} ${name} cases not run: the time budget was spent`);
    if (inconclusive > 0) {
      this.#notes.push(
        judged === 0
          ? `${method.tool}: ${name}: untested, none of ${inconclusive} cases got past its params (${why})`
          : `${method.tool}: ${name}: ${inconclusive} inconclusive cases, drawn again (${why})`,
      );
    }
    this.#recording = false;
    for (const { finding, run } of fresh) await shrink(this.#executor, family, finding, seed, run, this.#timeLeft);
    this.#recording = true;
  }

  /** Counts one case and records its departures; returns the failing findings it is the first to show. */
  #judge(method: PlannedMethod, family: CaseFamily, execution: Execution): Finding[] {
    const findings = this.#findings;
    this.#census.count(method.tool, execution, (judged) => findings.severityOf(judged));
    const fresh: Finding[] = [];
    for (const judged of execution.called?.judgement.violations ?? []) {
      const { finding, isNew } = findings.record(method.tool, judged, familyName(family), execution.steps);
      if (finding.severity === "failing" && isNew) {
        this.#failing += 1;
        fresh.push(finding);
      }
    }
    return fresh;
  }

  /** The findings, the census, the notes (with what was skipped, and methods never run) and the calls by tool name. */
  #result(chosen: readonly PlannedMethod[]): RunResult {
    const notes = this.#notes;
    for (const [method, tally] of this.#census.methods) {
      for (const [reason, count] of tally.skips)
        notes.push(`${method}: ${count} case${count === 1 ? "" : "s"} not run: ${reason}`);
    }
    for (const method of chosen) if (!this.#census.methods.has(method.tool)) notes.push(`${method.tool}: no case was run`);
    const plan = this.#plan;
    const calls = new Map(
      [...this.#executor.calls].map(([name, count]) => [plan.methods.find((m) => m.name === name)?.tool ?? name, count]),
    );
    return { findings: this.#findings.all(CHECK_NAMES), census: this.#census, notes: [...new Set(notes)].sort(), calls };
  }
}

/** The first draw's size; each next one doubles, so a run never draws much more than it uses. */
const FIRST_DRAW = 64;

/**
 * The family's first `count` draws with their indexes, drawn as they are needed: fast-check draws
 * from the start each time, so each draw doubles the last and the total is under twice what the
 * caller takes (it stops taking when the time is up).
 */
function* draws(family: CaseFamily, seed: number, count: number): Generator<[number, CaseValue]> {
  let index = 0;
  for (let size = Math.min(FIRST_DRAW, count); index < count; size = Math.min(size * 2, count)) {
    const values = fc.sample(family.arbitrary, { seed, numRuns: size });
    for (; index < values.length; index++) yield [index, values[index] as CaseValue];
  }
}

/**
 * Replays the run that showed `finding` and lets fast-check shrink it, a candidate failing when it
 * shows the same check again; the smallest such case replaces the first.
 */
async function shrink(
  executor: Executor,
  family: CaseFamily,
  finding: Finding,
  seed: number,
  run: number,
  timeLeft: () => number,
): Promise<void> {
  // Neither can show again: the method is no longer called.
  if (finding.check === "deadline" || finding.check === "not_served") return;
  let budget = SHRINK_BUDGET;
  const until = performance.now() + SHRINK_TIME_MS;
  let smallest: { execution: Execution; judged: Judged } | undefined;
  const result = await fc.check(
    fc.asyncProperty(family.arbitrary, async (value) => {
      if (budget-- <= 0 || timeLeft() === 0 || performance.now() > until) return true;
      const execution = await executor.run(family, value);
      // The same finding, not only the same check: a shrink must not turn one departure into another.
      const judged = execution.called?.judgement.violations.find(
        (candidate) => fingerprintOf(finding.method, candidate.check, candidate.message) === finding.fingerprint,
      );
      if (judged === undefined) return true;
      smallest = { execution, judged };
      return false;
    }),
    { seed, path: String(run), numRuns: 1 },
  );
  if (!result.failed || smallest === undefined) {
    finding.shrink = "did not fail again";
    return;
  }
  finding.steps = smallest.execution.steps;
  finding.message = smallest.judged.message;
  finding.detail = smallest.judged.detail;
  finding.replayPath = result.counterexamplePath ?? String(run);
  finding.shrink = "shrunk";
}
