/**
 * The report for people: findings grouped by check (failing checks first) and method, each
 * with its params, the command to paste, the calls to replay and the seed; the census as a
 * table of cases per method and check; what could not be tested; the verdict last. Method names,
 * messages and what the host said are schema and host text: each line goes through the terminal
 * door (generator/terminal.ts), so a line break cannot split a line and a control character is
 * shown, not obeyed.
 */
import { REPORTED_CHECK_NAMES, type ReportedCheck } from "./checks.js";
import type { ConformReport, ReportFinding } from "./report-shape.js";
import { jsonText } from "./json-text.js";
import { terminalLine } from "../terminal.js";
import { TERMINAL_COLUMNS, type Tone } from "../terminal-style.js";

/** A line of the report and what it means (a terminal shows that in colour). */
export interface ReportLine {
  readonly text: string;
  readonly tone?: Tone;
}

/** `heading`: the report's first lines (the proxy says what it watched; conform's are the default). */
export function renderText(
  report: ConformReport,
  enabled: readonly ReportedCheck[],
  heading: readonly string[] = conformHeading(report),
): ReportLine[] {
  const toned = new Map<number, Tone>();
  const lines: string[] = [...heading];
  for (const severity of ["failing", "warning"] as const) {
    for (const check of REPORTED_CHECK_NAMES) {
      const group = report.findings.filter((finding) => finding.check === check && finding.severity === severity);
      if (group.length === 0) continue;
      lines.push("", `${severity === "failing" ? "FAIL" : "warn"} ${check}`);
      toned.set(lines.length - 1, severity === "failing" ? "bad" : "warn");
      for (const finding of group) lines.push(...renderFinding(finding));
    }
  }
  for (const entry of report.stale) {
    lines.push(
      "",
      `STALE baseline entry ${entry.fingerprint}: ${entry.method} ${entry.check}: ${entry.message} (it no longer occurs; remove it)`,
    );
  }
  lines.push("", ...renderCensus(report, enabled));
  if (report.notes.length > 0) lines.push("", "not tested:", ...report.notes.map((note) => `  ${note}`));
  const failing = report.findings.filter((finding) => finding.severity === "failing" && !finding.baselined).length;
  const known = report.findings.filter((finding) => finding.severity === "failing" && finding.baselined).length;
  const warnings = report.findings.filter((finding) => finding.severity === "warning").length;
  const counts = `${failing} failing, ${known} in the baseline, ${warnings} warning${warnings === 1 ? "" : "s"}, ${report.stale.length} stale`;
  lines.push("", report.conforms ? `conforms (${counts})` : `does not conform (${counts})`);
  toned.set(lines.length - 1, report.conforms ? "good" : "bad");
  return lines.map((line, i) => {
    const tone = toned.get(i);
    return tone === undefined ? { text: terminalLine(line) } : { text: terminalLine(line), tone };
  });
}

function conformHeading(report: ConformReport): string[] {
  return [
    `conform ${report.contract} against ${report.target}`,
    `seed ${report.seed}, ${report.maxExamples} cases per method and case family${report.strict ? ", --strict" : ""}${report.deadlineScale === 1 ? "" : `, deadlines × ${report.deadlineScale}`}`,
  ];
}

function renderFinding(finding: ReportFinding): string[] {
  const { reproducer } = finding;
  const lines = [`  ${finding.method}: ${finding.message}${finding.baselined ? " [in the baseline]" : ""}`];
  if (finding.detail !== undefined) lines.push(`    the host said: ${finding.detail}`);
  lines.push(`    params: ${jsonText(finding.params)}`);
  lines.push(`    command: ${reproducer.command}`);
  if (reproducer.steps.length > 1) {
    lines.push(`    calls (--replay repeats them from a --format json report):`);
    reproducer.steps.forEach((step, i) => lines.push(`      ${i + 1}. ${step.method} ${jsonText(step.params)}`));
  }
  const where = reproducer.path === undefined ? "" : `, fast-check path ${reproducer.path}`;
  lines.push(
    `    seed ${finding.seed} (${reproducer.family}${where}), ${reproducer.shrink}, seen ${finding.occurrences}×, fingerprint ${finding.fingerprint}`,
  );
  return lines;
}

/** Cases per method and check; `!n` failing findings, `~n` warnings. */
function renderCensus(report: ConformReport, enabled: readonly ReportedCheck[]): string[] {
  const methods = Object.entries(report.summary.methods);
  const columns = ["method", "cases", "results", "errors", "faults", "skipped", ...enabled];
  const rows = methods.map(([name, summary]) => [
    name,
    String(summary.cases),
    String(summary.results),
    String(summary.errors),
    String(summary.faults),
    String(summary.skipped),
    ...enabled.map((check) => {
      const counted = summary.checks[check];
      if (counted === undefined) return "-";
      return `${counted.cases}${counted.failing > 0 ? ` !${counted.failing}` : ""}${counted.warnings > 0 ? ` ~${counted.warnings}` : ""}`;
    }),
  ]);
  return [
    `cases per method and check (!n failing findings, ~n warnings; ${report.summary.calls} calls in all):`,
    ...fitted(columns, rows, TERMINAL_COLUMNS),
  ];
}

/**
 * A table in as many blocks as it takes to fit `width` columns: each block repeats the first
 * column (the method) and takes the next columns while they fit. A first column wider than the
 * terminal (a long method name) still gets one more column per block.
 */
export function fitted(columns: readonly string[], rows: readonly (readonly string[])[], width: number): string[] {
  const widths = columns.map((column, i) => Math.max(column.length, ...rows.map((row) => (row[i] ?? "").length)));
  const blocks: number[][] = [];
  let block: number[] = [];
  let used = widths[0] ?? 0;
  for (let i = 1; i < columns.length; i++) {
    const more = 2 + (widths[i] ?? 0);
    if (block.length > 0 && used + more > width) {
      blocks.push(block);
      block = [];
      used = widths[0] ?? 0;
    }
    block.push(i);
    used += more;
  }
  if (block.length > 0 || blocks.length === 0) blocks.push(block);
  const line = (cells: readonly string[], picked: readonly number[]): string =>
    [0, ...picked]
      .map((i) => (i === 0 ? (cells[0] ?? "").padEnd(widths[0] ?? 0) : (cells[i] ?? "").padStart(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return blocks.flatMap((picked, b) => [
    ...(b === 0 ? [] : [""]),
    line(columns, picked),
    ...rows.map((row) => line(row, picked)),
  ]);
}
