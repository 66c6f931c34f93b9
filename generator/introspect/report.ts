/**
 * The two renderings of a comparison. JSON is the machine form, with a fixed key order and
 * sorted names so it is byte-stable; text is for terminals, one line per name a side lacks.
 */
import { assertNever } from "../errors.js";
import { terminalLine } from "../terminal.js";
import type { Comparison, NameSets } from "./compare.js";

export type ReportFormat = "text" | "json";

export const REPORT_FORMATS: readonly ReportFormat[] = ["text", "json"];

export function isReportFormat(value: string): value is ReportFormat {
  return (REPORT_FORMATS as readonly string[]).includes(value);
}

export interface Report {
  /** The contract's `$id`. */
  readonly contract: string;
  /** The server's command as messages quote it. */
  readonly server: string;
  readonly comparison: Comparison;
}

export function renderReport(report: Report, format: ReportFormat): string {
  switch (format) {
    case "json":
      return renderJson(report);
    case "text":
      return renderText(report);
    default:
      return assertNever(format, "report format");
  }
}

/** `server.notifications` is null when the binding does not say where the server lists them. */
function renderJson({ contract, comparison }: Report): string {
  // Rebuilt, so the keys come out in this order whatever object was passed in.
  const names = (sets: NameSets): NameSets => ({ methods: sets.methods, notifications: sets.notifications });
  return JSON.stringify(
    {
      contract,
      server: { methods: comparison.server.methods, notifications: comparison.server.notifications ?? null },
      onlyOnServer: names(comparison.onlyOnServer),
      onlyInContract: names(comparison.onlyInContract),
    },
    null,
    2,
  );
}

function renderText({ contract, server, comparison }: Report): string {
  const { onlyOnServer, onlyInContract, notificationsCompared } = comparison;
  const tally = (methods: number, notifications: number | undefined): string =>
    notificationsCompared
      ? `${count(methods, "method")} and ${count(notifications ?? 0, "notification")}`
      : count(methods, "method");
  const offers = tally(comparison.server.methods.length, comparison.server.notifications?.length);
  const has = tally(comparison.contract.methods.length, comparison.contract.notifications.length);
  const unlisted = notificationsCompared
    ? ""
    : " Notifications are not compared: the binding's introspection names no notifications pointer.";
  const lines = [
    `${contract}: the server at ${server} offers ${offers}; the contract has ${has}.${unlisted}`,
    ...onlyOnServer.methods.map((name) => `+ method ${name} (the server has it, the contract does not)`),
    ...onlyOnServer.notifications.map((name) => `+ notification ${name} (the server has it, the contract does not)`),
    ...onlyInContract.methods.map((name) => `- method ${name} (the contract has it, the server does not)`),
    ...onlyInContract.notifications.map((name) => `- notification ${name} (the contract has it, the server does not)`),
  ];
  if (comparison.agree) lines.push("They agree: neither side has a method or notification the other lacks.");
  // Names come from a server and a schema: through the terminal door, so a newline in one cannot
  // split its line and a control character is shown, not obeyed.
  return lines.map(terminalLine).join("\n");
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
