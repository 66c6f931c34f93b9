/**
 * The pull-request body `update` writes: a summary line, the changes grouped by severity, the
 * API-surface diff, and every file the update touches.
 */
import { assertNever } from "../errors.js";
import { escapeMarkdown, codeBlock, inlineCode } from "../output/markdown.js";
import { renderMarkdownSections, summaryLine } from "./render.js";
import type { FileChange, PlannedFile, UpdatePlan } from "./update.js";

function fileLine(file: PlannedFile): string {
  const change: FileChange = file.change;
  switch (change) {
    case "added":
    case "changed":
    case "removed":
      return `- ${inlineCode(file.path)} (${change})`;
    case "moved":
      return `- ${inlineCode(file.path)} (moved from ${inlineCode(file.movedFrom ?? "")})`;
    default:
      return assertNever(change, "file change");
  }
}

export function prBody(plan: UpdatePlan): string {
  const { diff } = plan;
  const lines = [
    `## Contract update: ${escapeMarkdown(diff.from)} → ${escapeMarkdown(diff.to)}`,
    "",
    `**${escapeMarkdown(summaryLine(diff))}**`,
    "",
  ];
  if (plan.major) {
    lines.push(
      `This is a new major version. The old contract is kept in ${inlineCode(plan.contractFiles.find((f) => f.change === "moved")?.path.replace(/\/[^/]*$/, "/") ?? "contract/")} and its binding stays generated; the new one is generated beside it. Review the copied binding file.`,
      "",
    );
  }
  lines.push("### Changes", "");
  if (diff.changes.length === 0) lines.push("No caller-visible changes.", "");
  else lines.push(...renderMarkdownSections(diff, 4));
  lines.push("### API surface", "");
  if (plan.readingChange !== undefined) lines.push(`**${escapeMarkdown(plan.readingChange)}**`, "");
  if (plan.surfacePatch === "") lines.push("The public TypeScript API did not change.", "");
  else lines.push(...codeBlock("diff", plan.surfacePatch.trimEnd().split("\n")), "");
  lines.push("### Files", "");
  if (plan.contractFiles.length === 0) lines.push("The contract files are already this schema.");
  lines.push(...plan.contractFiles.map(fileLine), ...plan.regenerated.map(fileLine));
  if (plan.regenerated.length === 0) lines.push("", "The generated binding did not change.");
  return `${lines.join("\n").trimEnd()}\n`;
}
