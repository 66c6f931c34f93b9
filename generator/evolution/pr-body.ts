/**
 * The pull-request body `update` writes, for a reviewer to read in ten seconds: a summary line
 * counting breaking, dangerous and compatible changes; what `update` inferred for the binding
 * file, as a checklist; the changes grouped by severity; what a caller's code sees of the new API;
 * and every file the update touches. Every name in it is schema text, so each goes through the
 * Markdown door (output/markdown.ts).
 */
import { assertNever } from "../errors.js";
import { escapeMarkdown, codeBlock, inlineCode } from "../output/markdown.js";
import type { InferredFact, NewEntry } from "./binding-update.js";
import { SEVERITIES, type Severity } from "./changes.js";
import type { ContractDiff } from "./diff.js";
import { renderMarkdownSections } from "./render.js";
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

/** Documentation-only changes are compatible too: a reviewer weighs three kinds, not four. */
const TALLY: Readonly<Record<Severity, "breaking" | "dangerous" | "compatible">> = {
  breaking: "breaking",
  dangerous: "dangerous",
  "non-breaking": "compatible",
  annotation: "compatible",
};

function summary(diff: ContractDiff): string {
  const count = (kind: string): number =>
    SEVERITIES.filter((severity) => TALLY[severity] === kind).reduce(
      (sum, severity) => sum + diff.changes.filter((change) => change.severity === severity).length,
      0,
    );
  const tally = `${count("breaking")} breaking, ${count("dangerous")} dangerous, ${count("compatible")} compatible`;
  const verdict = diff.breaking ? "BREAKING: callers' code or calls may fail" : "callers keep working";
  return `**${escapeMarkdown(`${tally} — ${verdict}`)}**`;
}

function factLine(fact: InferredFact): string {
  switch (fact.kind) {
    case "tool":
      return fact.rule === undefined
        ? `tool name ${inlineCode(fact.tool)}: the method name (the other methods follow no one naming rule)`
        : `tool name ${inlineCode(fact.tool)}, by the rule every other method follows (${inlineCode(fact.rule)})`;
    case "timeout":
      return `timeout: the default, ${fact.timeoutMs} ms`;
    case "side-effects":
      return `side effects: ${inlineCode("destructive")}, the most cautious class (${inlineCode("none")} or ${inlineCode("additive")} if it changes less)`;
    case "waits-for-person":
      return `does not wait for a person (set ${inlineCode("waitsForPerson")} if a call blocks until someone answers)`;
    case "sensitive":
      return fact.params.length === 0
        ? "no sensitive params: none shares a name with another method's sensitive params"
        : `sensitive params ${fact.params.map(inlineCode).join(", ")}, as in ${fact.from.map(inlineCode).join(", ")}: redacted everywhere`;
    case "link":
      return `param ${inlineCode(fact.param)} is fed by link ${inlineCode(fact.link)} (from ${inlineCode(fact.source)}'s result) in ${inlineCode("conform")}`;
    case "carried":
      return `entry carried over from ${inlineCode(fact.from)} (timeout, sensitive params, side effects, summary, rules)`;
    default:
      return assertNever(fact, "inferred fact");
  }
}

function entryLines(entry: NewEntry): string[] {
  const heading =
    entry.renamedFrom === undefined
      ? `New method ${inlineCode(entry.method)}:`
      : `Method ${inlineCode(entry.renamedFrom)} renamed to ${inlineCode(entry.method)}:`;
  return [heading, "", ...entry.facts.map((fact) => `- [ ] ${factLine(fact)}`), ""];
}

/** What `update` wrote into the binding file on its own, for a person to confirm. */
function bindingSection(plan: UpdatePlan): string[] {
  const binding = plan.binding;
  if (binding === undefined || (binding.added.length === 0 && binding.removed.length === 0)) return [];
  const lines = ["### Binding file: check what was inferred", ""];
  for (const entry of binding.added) lines.push(...entryLines(entry));
  if (binding.removed.length > 0)
    lines.push(
      `Removed with their methods: the entries of ${binding.removed.map(inlineCode).join(", ")}, and every link and lifecycle rule that named them.`,
      "",
    );
  return lines;
}

export function prBody(plan: UpdatePlan): string {
  const { diff } = plan;
  const lines = [`## Contract update: ${escapeMarkdown(diff.from)} → ${escapeMarkdown(diff.to)}`, "", summary(diff), ""];
  if (plan.major) {
    lines.push(
      `This is a new major version. The old contract is kept in ${inlineCode(plan.contractFiles.find((f) => f.change === "moved")?.path.replace(/\/[^/]*$/, "/") ?? "contract/")} and its binding stays generated; the new one is generated beside it. Review the copied binding file.`,
      "",
    );
  }
  lines.push(...bindingSection(plan));
  lines.push("### Changes", "");
  if (diff.changes.length === 0) lines.push("No caller-visible changes.", "");
  else lines.push(...renderMarkdownSections(diff, 4));
  lines.push("### API surface", "");
  if (plan.readingChange !== undefined) lines.push(`**${escapeMarkdown(plan.readingChange)}**`, "");
  if (plan.surfacePatch === "") lines.push("The client's methods, error codes and types did not change.", "");
  else
    lines.push(
      "What a caller's code sees: the client's methods and error codes, and the types (the whole surface is in `api.md`).",
      "",
      ...codeBlock("diff", plan.surfacePatch.trimEnd().split("\n")),
      "",
    );
  lines.push("### Files", "");
  if (plan.contractFiles.length === 0) lines.push("The contract files are already this schema.");
  lines.push(...plan.contractFiles.map(fileLine), ...plan.regenerated.map(fileLine));
  if (plan.regenerated.length === 0) lines.push("", "The generated binding did not change.");
  return `${lines.join("\n").trimEnd()}\n`;
}
