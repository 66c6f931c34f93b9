/**
 * A report as one plain object, the source of every report format (`--format json` prints it as
 * it is; render-text.ts and render-junit.ts render it): `conform` builds one from its run, the
 * proxy from the traffic it watched, so both print alike and a reader of one reads the other.
 */
import type { CaseKind, ReportedCheck, Severity } from "./checks.js";

/** One call of a reproducer, as `conform --replay` runs it. */
export interface ReplayStep {
  readonly method: string;
  readonly params: unknown;
}

/** What became of a finding's case once it was found. */
export type Shrink = "shrunk" | "not shrunk" | "did not fail again";

export interface ReportReproducer {
  /** The judged call, to paste: the binding's CLI, or the raw request line. */
  readonly command: string;
  /** The calls in order, as `conform --replay` runs them. */
  readonly steps: readonly ReplayStep[];
  /** How the judged call was meant, so a replay judges it the same way. */
  readonly kind: CaseKind;
  readonly family: string;
  /** fast-check's run path under the family's seed (`--seed` and the family name make it), once shrunk. */
  readonly path: string | undefined;
  readonly shrink: Shrink;
}

export interface ReportFinding {
  readonly method: string;
  readonly check: ReportedCheck;
  readonly severity: Severity;
  readonly message: string;
  readonly detail?: string;
  readonly params: unknown;
  readonly seed: number;
  readonly fingerprint: string;
  readonly occurrences: number;
  /** Known in the baseline: reported, but it does not fail the run. */
  readonly baselined: boolean;
  readonly reproducer: ReportReproducer;
}

export interface CheckSummary {
  readonly cases: number;
  readonly failing: number;
  readonly warnings: number;
}

export interface MethodSummary {
  readonly cases: number;
  readonly results: number;
  readonly errors: number;
  /** Cases that got no answer (a timeout, a dropped connection, an unreadable frame). */
  readonly faults: number;
  readonly skipped: number;
  readonly checks: Readonly<Record<string, CheckSummary>>;
}

export interface StaleEntry {
  readonly method: string;
  readonly check: string;
  readonly fingerprint: string;
  readonly message: string;
}

export interface ConformReport {
  readonly contract: string;
  readonly target: string;
  readonly seed: number;
  readonly maxExamples: number;
  readonly strict: boolean;
  readonly deadlineScale: number;
  /** True when no failing finding is outside the baseline and no baseline entry is stale. */
  readonly conforms: boolean;
  readonly findings: readonly ReportFinding[];
  readonly stale: readonly StaleEntry[];
  readonly summary: { readonly methods: Readonly<Record<string, MethodSummary>>; readonly calls: number };
  readonly notes: readonly string[];
}
