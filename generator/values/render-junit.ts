/**
 * The report as JUnit XML for CI test reporters: one testsuite for the contract, one testcase
 * per method × check — failed by its failing findings (a baselined one is written as passing,
 * with its text in system-out), skipped when no case ran that check on that method, passing
 * otherwise, its warnings in system-out. No times or timestamps: the same run writes the same
 * file.
 */
import type { ReportedCheck } from "./checks.js";
import type { ConformReport } from "./report-shape.js";

/** `tool`: the tool the suites are named for (conform's report, or the proxy's). */
export function renderJunit(report: ConformReport, enabled: readonly ReportedCheck[], tool = "conform"): string {
  const cases: string[] = [];
  let failures = 0;
  let skipped = 0;
  for (const [method, summary] of Object.entries(report.summary.methods)) {
    for (const check of enabled) {
      const findings = report.findings.filter((finding) => finding.method === method && finding.check === check);
      const failing = findings.filter((finding) => finding.severity === "failing" && !finding.baselined);
      const notes = findings.filter((finding) => !failing.includes(finding));
      const ran = (summary.checks[check]?.cases ?? 0) > 0;
      const body: string[] = [];
      if (failing.length > 0) {
        failures += 1;
        const text = failing
          .map((finding) => `${finding.message}\ncommand: ${finding.reproducer.command}\nseed: ${finding.seed}`)
          .join("\n\n");
        body.push(
          `      <failure type="${escapeAttribute(check)}" message="${escapeAttribute(failing[0]?.message ?? "")}">${escapeText(text)}</failure>`,
        );
      } else if (!ran && findings.length === 0) {
        skipped += 1;
        body.push(`      <skipped message="no case ran this check on this method"/>`);
      }
      if (notes.length > 0) {
        const text = notes
          .map((finding) => `${finding.baselined ? "in the baseline" : finding.severity}: ${finding.message}`)
          .join("\n");
        body.push(`      <system-out>${escapeText(text)}</system-out>`);
      }
      const open = `    <testcase classname="${escapeAttribute(method)}" name="${escapeAttribute(check)}"`;
      cases.push(body.length === 0 ? `${open}/>` : `${open}>\n${body.join("\n")}\n    </testcase>`);
    }
  }
  const counts = `tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}"`;
  const stale = report.stale.map(
    (entry) => `stale baseline entry ${entry.fingerprint}: ${entry.method} ${entry.check}: ${entry.message}`,
  );
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="rightkit-bindgen ${tool}" ${counts}>`,
    `  <testsuite name="${escapeAttribute(`${tool} ${report.contract}`)}" ${counts}>`,
    `    <properties>`,
    `      <property name="seed" value="${report.seed}"/>`,
    `      <property name="target" value="${escapeAttribute(report.target)}"/>`,
    `    </properties>`,
    ...cases,
    ...(stale.length === 0 ? [] : [`    <system-err>${escapeText(stale.join("\n"))}</system-err>`]),
    `  </testsuite>`,
    `</testsuites>`,
    "",
  ].join("\n");
}

/** XML 1.0 has no place for most control characters, even escaped: they are dropped. */
function clean(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/[\ud800-\udfff]/g, (c, i: number, s: string) => {
      const code = c.charCodeAt(0);
      const next = s.charCodeAt(i + 1);
      const prev = s.charCodeAt(i - 1);
      const paired = (code < 0xdc00 && next >= 0xdc00 && next <= 0xdfff) || (code >= 0xdc00 && prev >= 0xd800 && prev < 0xdc00);
      return paired ? c : "";
    });
}

function escapeText(text: string): string {
  return clean(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\t/g, "&#9;");
}
