/**
 * The baseline: violations a host team knows of and has not fixed yet, so it can run conform
 * in CI before fixing everything. An entry is a method, a check and a fingerprint (made of those
 * and the normalised message: never params, a seed or a value), with that message for people.
 * A failing finding the baseline knows does not fail the run; an entry no finding matches is
 * stale and does — a fixed violation must leave the file, so the file never hides a new one.
 * `--update-baseline` writes the run's failing findings as the baseline instead, at the end and
 * whole (a temporary file renamed into place).
 */
import { readFileSync } from "node:fs";
import { BindgenError } from "../errors.js";
import { isJsonObject } from "../json.js";
import { normalise } from "../values/fingerprint.js";
import type { ReportFinding, StaleEntry } from "../values/report-shape.js";

export interface BaselineEntry {
  readonly method: string;
  readonly check: string;
  readonly fingerprint: string;
  readonly message: string;
}

export interface Baseline {
  readonly contract: string;
  readonly entries: readonly BaselineEntry[];
}

export function readBaseline(file: string, contract: string): Baseline {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const why =
      (error as NodeJS.ErrnoException).code === "ENOENT"
        ? "no such file (--update-baseline writes one)"
        : (error as Error).message;
    throw new BindgenError("bad_argument", `--baseline: cannot read: ${why}`, { file });
  }
  if (
    !isJsonObject(value) ||
    typeof value.contract !== "string" ||
    !Array.isArray(value.entries) ||
    !value.entries.every(isEntry)
  ) {
    throw new BindgenError(
      "bad_argument",
      "--baseline: not a conform baseline ({contract, entries: [{method, check, fingerprint, message}]})",
      { file },
    );
  }
  if (value.contract !== contract) {
    throw new BindgenError(
      "bad_argument",
      `--baseline: it is for ${JSON.stringify(value.contract)}, not ${JSON.stringify(contract)}`,
      { file },
    );
  }
  return { contract: value.contract, entries: value.entries };
}

function isEntry(value: unknown): value is BaselineEntry {
  return (
    isJsonObject(value) &&
    ["method", "check", "fingerprint", "message"].every((key) => typeof value[key] === "string") &&
    /^[0-9a-f]{16}$/.test(value.fingerprint as string)
  );
}

/** The entries no failing finding matches. */
export function staleEntries(baseline: Baseline, findings: readonly ReportFinding[]): StaleEntry[] {
  const seen = new Set(findings.filter((finding) => finding.severity === "failing").map((finding) => finding.fingerprint));
  return baseline.entries
    .filter((entry) => !seen.has(entry.fingerprint))
    .map(({ method, check, fingerprint, message }) => ({ method, check, fingerprint, message }));
}

/** The baseline a run's failing findings make, sorted, as the file's text. */
export function baselineText(contract: string, findings: readonly ReportFinding[]): string {
  const entries = findings
    .filter((finding) => finding.severity === "failing")
    .map((finding) => ({
      method: finding.method,
      check: finding.check,
      fingerprint: finding.fingerprint,
      message: normalise(finding.message),
    }))
    .sort((a, b) => compare(a.method, b.method) || compare(a.check, b.check) || compare(a.fingerprint, b.fingerprint));
  return `${JSON.stringify({ contract, entries }, null, 2)}\n`;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
