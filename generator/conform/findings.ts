/**
 * Findings and the census. A finding is one departure: a method, a check, conform's own words
 * for it; repeats are counted, and the first case that showed it is kept (later shrunk). Its
 * fingerprint is the method, the check and the message with every number made `#` and any
 * trailing ", got …" dropped — never params, seeds or values — so a baseline entry survives
 * another seed. The census counts, per method, the cases run, how they were answered, and for
 * each check the cases it looked at and the findings it made.
 */
import type { CheckName, Judged, Severity } from "../values/checks.js";
import type { Execution, Step } from "./execute.js";
import { fingerprintOf } from "../values/fingerprint.js";
import type { Shrink } from "../values/report-shape.js";

export interface Finding {
  /** The wire name. */
  readonly method: string;
  readonly check: CheckName;
  readonly severity: Severity;
  /** The words of the case kept (the shrunk one's, once shrunk); the fingerprint is the first's. */
  message: string;
  detail: string | undefined;
  readonly fingerprint: string;
  /** Which family showed it first (`setup` for a call made for a value or to end one). */
  readonly family: string;
  occurrences: number;
  /** The calls that show it, in order: the last is the one judged. */
  steps: readonly Step[];
  /** How the kept case came to be: fast-check's run path under the family's seed, once shrunk. */
  replayPath: string | undefined;
  shrink: Shrink;
}

export class Findings {
  readonly #strict: boolean;
  readonly #byKey = new Map<string, Finding>();

  constructor(strict: boolean) {
    this.#strict = strict;
  }

  /** A warning is a failure under --strict. */
  severityOf(judged: Judged): Severity {
    return this.#strict ? "failing" : judged.severity;
  }

  /** Records one departure; the finding it belongs to, and whether it is new. */
  record(method: string, judged: Judged, family: string, steps: readonly Step[]): { finding: Finding; isNew: boolean } {
    const fingerprint = fingerprintOf(method, judged.check, judged.message);
    const known = this.#byKey.get(fingerprint);
    if (known !== undefined) {
      known.occurrences += 1;
      return { finding: known, isNew: false };
    }
    const finding: Finding = {
      method,
      check: judged.check,
      severity: this.severityOf(judged),
      message: judged.message,
      detail: judged.detail,
      fingerprint,
      family,
      occurrences: 1,
      steps,
      replayPath: undefined,
      shrink: "not shrunk",
    };
    this.#byKey.set(fingerprint, finding);
    return { finding, isNew: true };
  }

  /** Sorted: failing first, then by check (in the table's order), method, message. */
  all(order: readonly CheckName[]): Finding[] {
    return [...this.#byKey.values()].sort(
      (a, b) =>
        rank(a.severity) - rank(b.severity) ||
        order.indexOf(a.check) - order.indexOf(b.check) ||
        compare(a.method, b.method) ||
        compare(a.message, b.message),
    );
  }
}

const rank = (severity: Severity): number => (severity === "failing" ? 0 : 1);
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export interface CheckTally {
  cases: number;
  failing: number;
  warnings: number;
}

export interface MethodTally {
  cases: number;
  results: number;
  errors: number;
  faults: number;
  skipped: number;
  /** Why cases were skipped, with how many. */
  readonly skips: Map<string, number>;
  readonly checks: Map<CheckName, CheckTally>;
}

export class Census {
  readonly methods = new Map<string, MethodTally>();

  of(method: string): MethodTally {
    let tally = this.methods.get(method);
    if (tally === undefined) {
      tally = { cases: 0, results: 0, errors: 0, faults: 0, skipped: 0, skips: new Map(), checks: new Map() };
      this.methods.set(method, tally);
    }
    return tally;
  }

  skip(method: string, reason: string): void {
    const tally = this.of(method);
    tally.skipped += 1;
    tally.skips.set(reason, (tally.skips.get(reason) ?? 0) + 1);
  }

  count(method: string, execution: Execution, severityOf: (judged: Judged) => Severity): void {
    const called = execution.called;
    if (called === undefined) return this.skip(method, execution.skipped ?? "not called");
    const tally = this.of(method);
    tally.cases += 1;
    const kind = called.observation.kind;
    if (kind === "result") tally.results += 1;
    else if (kind === "error") tally.errors += 1;
    else tally.faults += 1;
    for (const check of called.judgement.applied) this.#check(tally, check).cases += 1;
    this.violations(method, called.judgement.violations, severityOf);
  }

  /** Findings made by calls that are no case of their own (value sources, ending calls) count too. */
  violations(method: string, violations: readonly Judged[], severityOf: (judged: Judged) => Severity): void {
    const tally = this.of(method);
    for (const judged of violations) {
      const check = this.#check(tally, judged.check);
      if (severityOf(judged) === "failing") check.failing += 1;
      else check.warnings += 1;
    }
  }

  #check(tally: MethodTally, check: CheckName): CheckTally {
    let counted = tally.checks.get(check);
    if (counted === undefined) {
      counted = { cases: 0, failing: 0, warnings: 0 };
      tally.checks.set(check, counted);
    }
    return counted;
  }
}
