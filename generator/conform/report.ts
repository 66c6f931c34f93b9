/**
 * A run as one plain object, the source of every report format: the findings with their
 * params (sensitive ones redacted) and reproducers, the census, the baseline's verdicts and
 * what could not be tested. `--format json` prints it as it is; text and JUnit render it.
 */
import { CHECKS, type CaseKind, type CheckName } from "../values/checks.js";
import type { ConformReport, MethodSummary, CheckSummary, ReportFinding, StaleEntry } from "../values/report-shape.js";
import type { ConformPlan } from "./plan.js";
import { commandFor, replaySteps, shownParams } from "./reproducer.js";
import type { RunResult } from "./runner.js";
import type { Validate } from "../values/validators.js";

export interface ReportFacts {
  readonly plan: ConformPlan;
  readonly target: string;
  readonly seed: number;
  readonly maxExamples: number;
  readonly strict: boolean;
  readonly deadlineScale: number;
  readonly validators: ReadonlyMap<string, Validate>;
  readonly enabled: readonly CheckName[];
  /** Fingerprints the baseline knows; undefined without one. */
  readonly baseline: ReadonlySet<string> | undefined;
  readonly stale: readonly StaleEntry[];
}

export function buildReport(run: RunResult, facts: ReportFacts): ConformReport {
  const findings = run.findings.map((finding): ReportFinding => {
    const last = finding.steps[finding.steps.length - 1];
    const kind: CaseKind = finding.family === "setup" ? "setup" : (finding.family.split(" ")[0] as CaseKind);
    const valid = last === undefined ? false : (facts.validators.get(last.method.params) as Validate)(last.params).ok;
    return {
      method: finding.method,
      check: finding.check,
      severity: finding.severity,
      message: finding.message,
      ...(finding.detail === undefined ? {} : { detail: finding.detail }),
      params: last === undefined ? {} : shownParams(last),
      seed: facts.seed,
      fingerprint: finding.fingerprint,
      occurrences: finding.occurrences,
      baselined: facts.baseline?.has(finding.fingerprint) === true,
      reproducer: {
        command: last === undefined ? "" : commandFor(facts.plan, last, facts.target, valid),
        steps: replaySteps(finding.steps),
        kind,
        family: finding.family,
        path: finding.replayPath,
        shrink: finding.shrink,
      },
    };
  });
  const methods: Record<string, MethodSummary> = {};
  for (const method of facts.plan.methods) {
    const tally = run.census.methods.get(method.tool);
    // A method only called for a value, without a finding, had no case of its own to show.
    const found = [...(tally?.checks.values() ?? [])].some((counted) => counted.failing + counted.warnings > 0);
    if (tally === undefined || (tally.cases === 0 && tally.skipped === 0 && !found)) continue;
    const checks: Record<string, CheckSummary> = {};
    for (const check of facts.enabled) {
      const counted = tally.checks.get(check);
      if (counted !== undefined) checks[check] = { cases: counted.cases, failing: counted.failing, warnings: counted.warnings };
    }
    methods[method.tool] = {
      cases: tally.cases,
      results: tally.results,
      errors: tally.errors,
      faults: tally.faults,
      skipped: tally.skipped,
      checks,
    };
  }
  const failing = findings.some((finding) => finding.severity === "failing" && !finding.baselined);
  return {
    contract: facts.plan.id,
    target: facts.target,
    seed: facts.seed,
    maxExamples: facts.maxExamples,
    strict: facts.strict,
    deadlineScale: facts.deadlineScale,
    conforms: !failing && facts.stale.length === 0,
    findings,
    stale: facts.stale,
    summary: { methods, calls: [...run.calls.values()].reduce((sum, n) => sum + n, 0) },
    notes: run.notes,
  };
}

/** The checks in the table's order, each with its default severity and what it asks. */
export function checkLegend(enabled: readonly CheckName[]): string[] {
  return enabled.map((check) => `${check} (${CHECKS[check].severity}): ${CHECKS[check].text}`);
}
