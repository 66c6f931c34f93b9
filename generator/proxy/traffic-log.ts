/**
 * What the proxy saw, kept for the report: each departure printed the moment it is found (one
 * line, sensitive values redacted) and folded into findings by conform's fingerprint (a repeat is
 * counted, the first call that showed it kept); per method, the calls, how they were answered and
 * the checks that looked at them; notes on what was forwarded but not judged. On exit it becomes
 * a report of conform's shape, so conform's renderers print it.
 */
import { isJsonObject } from "../json.js";
import { CHECKS, CLIENT_CHECKS, type CheckName, type ReportedCheck, type Severity } from "../values/checks.js";
import { fingerprintOf } from "../values/fingerprint.js";
import { jsonText } from "../values/json-text.js";
import { redactedParams, type Redactor } from "../values/redact.js";
import type { CheckSummary, ConformReport, MethodSummary, ReportFinding } from "../values/report-shape.js";

/** Which way the judged frame travelled. */
export type Direction = "client→host" | "host→client";

export interface Departure {
  /** The wire name, or `(connection)` for a frame no call owns. */
  readonly method: string;
  readonly check: ReportedCheck;
  readonly message: string;
  /** What the host said, for people (never fingerprinted). */
  readonly detail?: string | undefined;
  readonly direction: Direction;
  /** Where in the params or the answer the departure is ("" for the whole frame). */
  readonly pointer: string;
  /** The call's params as the client sent them, and which of them are sensitive. */
  readonly params: unknown;
  readonly sensitiveParams: readonly string[];
  /** The request frame as it travelled, for the report's reproducer (a parsed frame's text). */
  readonly request: string;
}

export type Answered = "result" | "error" | "fault";

/** Distinct notes kept; past them, one counts the rest (a client inventing method names cannot grow the log). */
const MAX_NOTES = 100;
const OTHER_NOTES = "other things forwarded unjudged";

/** One check's count on one method. */
interface Counted {
  cases: number;
  failing: number;
  warnings: number;
}

interface Tally {
  cases: number;
  results: number;
  errors: number;
  faults: number;
  readonly checks: Map<ReportedCheck, Counted>;
}

export class TrafficLog {
  readonly #redactor: Redactor;
  readonly #print: (line: string) => void;
  readonly #findings = new Map<string, ReportFinding>();
  readonly #tallies = new Map<string, Tally>();
  readonly #notes = new Map<string, number>();
  #calls = 0;

  constructor(redactor: Redactor, print: (line: string) => void) {
    this.#redactor = redactor;
    this.#print = print;
  }

  /** A request of a contract method, forwarded. */
  called(method: string): void {
    this.#calls += 1;
    this.#of(method).cases += 1;
  }

  answered(method: string, how: Answered): void {
    const tally = this.#of(method);
    if (how === "result") tally.results += 1;
    else if (how === "error") tally.errors += 1;
    else tally.faults += 1;
  }

  /** The checks that looked at one frame of `method`. */
  applied(method: string, checks: readonly ReportedCheck[]): void {
    for (const check of checks) this.#check(method, check).cases += 1;
  }

  /** Something forwarded but not judged, counted (a method outside the contract, a client's unreadable frame). */
  note(text: string): void {
    const kept = this.#notes.has(text) || this.#notes.size < MAX_NOTES ? text : OTHER_NOTES;
    this.#notes.set(kept, (this.#notes.get(kept) ?? 0) + 1);
  }

  /** A note that is printed as well: something a person watching should know at once. */
  notice(text: string): void {
    this.note(text);
    this.#print(this.#redactor.text(text));
  }

  depart(departure: Departure): void {
    this.#redactor.learn(departure.params, departure.sensitiveParams);
    const severity: Severity = severityOf(departure.check);
    const counted = this.#check(departure.method, departure.check);
    if (severity === "failing") counted.failing += 1;
    else counted.warnings += 1;
    const shown = redactedParams(departure.params, departure.sensitiveParams);
    const where = departure.pointer === "" ? "" : ` at ${departure.pointer}`;
    const said = departure.detail === undefined ? "" : ` (the host said: ${departure.detail})`;
    this.#print(
      this.#redactor.text(
        `${severity === "failing" ? "FAIL" : "warn"} ${departure.check} ${departure.method} ${departure.direction}${where}: ${departure.message}${said}; params ${jsonText(shown)}`,
      ),
    );
    const fingerprint = fingerprintOf(departure.method, departure.check, departure.message);
    const known = this.#findings.get(fingerprint);
    if (known !== undefined) {
      this.#findings.set(fingerprint, { ...known, occurrences: known.occurrences + 1 });
      return;
    }
    this.#findings.set(fingerprint, {
      method: departure.method,
      check: departure.check,
      severity,
      message: departure.message,
      ...(departure.detail === undefined ? {} : { detail: departure.detail }),
      params: shown,
      seed: 0,
      fingerprint,
      occurrences: 1,
      baselined: false,
      reproducer: {
        command: commandOf(departure, shown),
        steps: [{ method: departure.method, params: shown }],
        kind: departure.check === "client_params" ? "negative" : "positive",
        family: `proxy ${departure.direction}`,
        path: undefined,
        shrink: "not shrunk",
      },
    });
  }

  /** The whole report; its text goes through the redactor where it is printed or written. */
  report(contract: string, target: string, enabled: readonly ReportedCheck[]): ConformReport {
    const order = (check: ReportedCheck): number => enabled.indexOf(check);
    const findings = [...this.#findings.values()].sort(
      (a, b) =>
        (a.severity === b.severity ? 0 : a.severity === "failing" ? -1 : 1) ||
        order(a.check) - order(b.check) ||
        (a.method < b.method ? -1 : a.method > b.method ? 1 : 0),
    );
    const methods: Record<string, MethodSummary> = {};
    for (const [method, tally] of [...this.#tallies].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const checks: Record<string, CheckSummary> = {};
      for (const check of enabled) {
        const counted = tally.checks.get(check);
        if (counted !== undefined) checks[check] = { cases: counted.cases, failing: counted.failing, warnings: counted.warnings };
      }
      methods[method] = {
        cases: tally.cases,
        results: tally.results,
        errors: tally.errors,
        faults: tally.faults,
        skipped: 0,
        checks,
      };
    }
    return {
      contract,
      target,
      seed: 0,
      maxExamples: 0,
      strict: false,
      deadlineScale: 1,
      conforms: !findings.some((finding) => finding.severity === "failing"),
      findings,
      stale: [],
      summary: { methods, calls: this.#calls },
      notes: [...this.#notes].map(([text, count]) => `${text} (${count}×)`),
    };
  }

  #of(method: string): Tally {
    let tally = this.#tallies.get(method);
    if (tally === undefined) {
      tally = { cases: 0, results: 0, errors: 0, faults: 0, checks: new Map() };
      this.#tallies.set(method, tally);
    }
    return tally;
  }

  #check(method: string, check: ReportedCheck): Counted {
    const tally = this.#of(method);
    let counted = tally.checks.get(check);
    if (counted === undefined) {
      counted = { cases: 0, failing: 0, warnings: 0 };
      tally.checks.set(check, counted);
    }
    return counted;
  }
}

/**
 * The request to paste: the frame as it travelled, or, when it carries a sensitive param, the
 * frame written again with that param redacted (text redaction alone would miss a short value).
 */
function commandOf(departure: Departure, shown: unknown): string {
  const { params, sensitiveParams, request } = departure;
  const carries = isJsonObject(params) && sensitiveParams.some((name) => Object.hasOwn(params, name));
  if (!carries || request === "") return request;
  return jsonText({ ...(JSON.parse(request) as Record<string, unknown>), params: shown });
}

function severityOf(check: ReportedCheck): Severity {
  return check === "client_params" ? CLIENT_CHECKS[check].severity : CHECKS[check as CheckName].severity;
}
