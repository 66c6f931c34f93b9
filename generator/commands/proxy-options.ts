/**
 * `proxy`'s options, read from its table (options.ts) and checked before anything is loaded,
 * started or written: every refusal is one line naming the option (exit 2).
 */
import { resolve } from "node:path";
import { commandWords } from "../../templates/runtime/cli/command-line.js";
import { BindgenError } from "../errors.js";
import { COMMAND_SPECS, parseCommandArgs } from "./options.js";

export type ProxyMode =
  | { readonly kind: "suite"; readonly suiteRoot: string; readonly upstreamSuiteRoot: string }
  | { readonly kind: "socket"; readonly socketPath: string; readonly upstreamSocket: string }
  /** `upstreamCommand` undefined: the binding's server command. */
  | { readonly kind: "stdio"; readonly upstreamCommand: readonly string[] | undefined };

export type ReportFormat = "text" | "json" | "junit";

export interface ProxyOptions {
  readonly contract: string | undefined;
  readonly mode: ProxyMode;
  readonly report: string | undefined;
  readonly format: ReportFormat;
}

export function proxyOptions(args: readonly string[]): ProxyOptions {
  const { values, positionals } = parseCommandArgs(COMMAND_SPECS.proxy, args);
  if (positionals.length > 0) throw new BindgenError("bad_argument", `unexpected argument ${JSON.stringify(positionals[0])}`);
  const format = values.format ?? "text";
  if (format !== "text" && format !== "json" && format !== "junit")
    throw new BindgenError("bad_argument", `--format ${JSON.stringify(format)}: text, json or junit`);
  if (values.report === "") throw new BindgenError("bad_argument", "--report needs a path");
  return Object.freeze({ contract: values.contract, mode: modeOf(values), report: values.report, format });
}

type Given = {
  readonly "suite-root"?: string | undefined;
  readonly "upstream-suite-root"?: string | undefined;
  readonly socket?: string | undefined;
  readonly "upstream-socket"?: string | undefined;
  readonly stdio?: boolean | undefined;
  readonly "upstream-command"?: string | undefined;
};

/** One listening side, and the upstream option that belongs to it (never another side's). */
function modeOf(values: Given): ProxyMode {
  const sides = [values["suite-root"] !== undefined, values.socket !== undefined, values.stdio === true];
  if (sides.filter(Boolean).length > 1) throw new BindgenError("bad_argument", "--suite-root, --socket and --stdio: choose one");
  if (values["suite-root"] !== undefined) {
    refuseOthers(values, ["upstream-socket", "upstream-command"], "--suite-root");
    const suiteRoot = needed("--suite-root", values["suite-root"]);
    const upstreamSuiteRoot = needed("--upstream-suite-root", values["upstream-suite-root"], "--suite-root");
    // The same root would make the proxy its own upstream: its record is where it looks for the host.
    if (resolve(suiteRoot) === resolve(upstreamSuiteRoot))
      throw new BindgenError("bad_argument", "--upstream-suite-root: the proxy's own suite root; give the host's");
    return { kind: "suite", suiteRoot, upstreamSuiteRoot };
  }
  if (values.socket !== undefined) {
    refuseOthers(values, ["upstream-suite-root", "upstream-command"], "--socket");
    const socketPath = needed("--socket", values.socket);
    const upstreamSocket = needed("--upstream-socket", values["upstream-socket"], "--socket");
    if (resolve(socketPath) === resolve(upstreamSocket))
      throw new BindgenError("bad_argument", "--upstream-socket: the proxy's own socket; give the host's");
    return { kind: "socket", socketPath, upstreamSocket };
  }
  if (values.stdio === true) {
    refuseOthers(values, ["upstream-suite-root", "upstream-socket"], "--stdio");
    const given = values["upstream-command"];
    if (given === undefined) return { kind: "stdio", upstreamCommand: undefined };
    const read = commandWords(given);
    if (!read.ok) throw new BindgenError("bad_argument", `--upstream-command ${read.reason}`);
    return { kind: "stdio", upstreamCommand: Object.freeze([...read.words]) };
  }
  throw new BindgenError("bad_argument", "--suite-root DIR, --socket PATH or --stdio is required");
}

function needed(option: string, value: string | undefined, side?: string): string {
  if (value === undefined) throw new BindgenError("bad_argument", `${side ?? option} needs ${option}`);
  if (value === "") throw new BindgenError("bad_argument", `${option} needs a path`);
  return value;
}

function refuseOthers(values: Given, others: readonly (keyof Given)[], side: string): void {
  const given = others.find((other) => values[other] !== undefined);
  if (given !== undefined) throw new BindgenError("bad_argument", `--${given} does not go with ${side}`);
}
