/**
 * The three renderings of a contract diff. JSON is the stable machine form (documented in
 * docs/evolution.md); text is for terminals; Markdown is for pull-request bodies. All keep the diff's order.
 */
import { assertNever } from "../errors.js";
import { SEVERITIES, type Change, type Severity } from "./changes.js";
import type { ContractDiff } from "./diff.js";
import { escapeMarkdown, inlineCode } from "../output/markdown.js";
import { terminalLine } from "../terminal.js";

export type DiffFormat = "text" | "markdown" | "json";

export const DIFF_FORMATS: readonly DiffFormat[] = ["text", "markdown", "json"];

export function renderDiff(diff: ContractDiff, format: DiffFormat): string {
  switch (format) {
    case "json":
      return renderJson(diff);
    case "text":
      return renderText(diff);
    case "markdown":
      return renderMarkdown(diff);
    default:
      return assertNever(format, "diff format");
  }
}

/** Fixed key order, so the JSON is byte-stable: from, to, breaking, changes[severity, kind, method?, pointer, message]. */
function renderJson(diff: ContractDiff): string {
  const changes = diff.changes.map((change) => ({
    severity: change.severity,
    kind: change.kind,
    ...(change.method === undefined ? {} : { method: change.method }),
    pointer: change.pointer,
    message: change.message,
  }));
  return JSON.stringify({ from: diff.from, to: diff.to, breaking: diff.breaking, changes }, null, 2);
}

function counts(diff: ContractDiff): string {
  const parts = SEVERITIES.map(
    (severity) => [severity, diff.changes.filter((change) => change.severity === severity).length] as const,
  )
    .filter(([, count]) => count > 0)
    .map(([severity, count]) => `${count} ${severity}`);
  return parts.length === 0 ? "no changes" : parts.join(", ");
}

export function summaryLine(diff: ContractDiff): string {
  const ids = diff.from === diff.to ? diff.from : `${diff.from} → ${diff.to}`;
  return `${ids}: ${counts(diff)}${diff.breaking ? " — BREAKING" : ""}`;
}

function renderText(diff: ContractDiff): string {
  // Ids, method names, pointers and messages are schema text: through the terminal door, so a
  // newline cannot split a change's line and an escape sequence is shown, not obeyed.
  const lines = diff.changes.map(
    (change) =>
      `${change.severity.padEnd(12)} ${change.kind.padEnd(22)} ${(change.method ?? "(contract)").padEnd(12)} ${change.pointer}  ${change.message}`,
  );
  return [summaryLine(diff), ...lines].map(terminalLine).join("\n");
}

const HEADINGS: Readonly<Record<Severity, string>> = {
  breaking: "Breaking",
  dangerous: "Dangerous (compiles, may misbehave)",
  "non-breaking": "Non-breaking",
  annotation: "Annotations (documentation only)",
};

function markdownItem(change: Change): string {
  const method = change.method === undefined ? "contract" : inlineCode(change.method);
  return `- ${method} ${inlineCode(change.kind)}: ${escapeMarkdown(change.message)} (${inlineCode(change.pointer)})`;
}

/** Changes grouped by severity, most severe first; `level` sets the heading depth. */
export function renderMarkdownSections(diff: ContractDiff, level: number): string[] {
  const hashes = "#".repeat(level);
  const sections: string[] = [];
  for (const severity of SEVERITIES) {
    const group = diff.changes.filter((change) => change.severity === severity);
    if (group.length === 0) continue;
    sections.push(`${hashes} ${HEADINGS[severity]} (${group.length})`, "", ...group.map(markdownItem), "");
  }
  return sections;
}

function renderMarkdown(diff: ContractDiff): string {
  return [`**${escapeMarkdown(summaryLine(diff))}**`, "", ...renderMarkdownSections(diff, 3)].join("\n").trimEnd();
}
