/**
 * `rightkit-bindgen introspect --stdio "<command>" [--contract FILE|ID] [--binding FILE]
 * [--format text|json] [--timeout MS] [--ready-timeout MS]`: live drift. Starts the server, asks
 * it what it serves (the binding's introspection method) and compares that with the contract.
 * Exit 0 when they agree, 1 on drift, 2 on bad input — the server being input here: one that
 * does not start, exits early, is not ready in time or answers something malformed.
 */
import { EXIT, type Io } from "./exit.js";
import { COMMAND_SPECS, parseCommandArgs } from "./options.js";
import { milliseconds } from "./option-values.js";
import { BindgenError } from "../errors.js";
import { compareNames } from "../introspect/compare.js";
import { serverNames } from "../introspect/listing.js";
import { probeServer, type ReadyWait } from "../introspect/probe.js";
import { isReportFormat, renderReport, REPORT_FORMATS, type ReportFormat } from "../introspect/report.js";
import { serverCommand, showCommand } from "../introspect/server-command.js";
import { introspectTarget, versionRefusal, type IntrospectTarget } from "../introspect/target.js";

/** What the binding's ready section and --timeout fall back to. */
export const DEFAULT_READY_TIMEOUT_MS = 10_000;
export const DEFAULT_CALL_TIMEOUT_MS = 10_000;
export interface IntrospectOptions {
  readonly command: readonly string[];
  readonly contract: string | undefined;
  readonly binding: string | undefined;
  readonly format: ReportFormat;
  readonly callTimeoutMs: number;
  /** Overrides the binding's ready.timeoutMs (a test lowers it; a slow server may need more). */
  readonly readyTimeoutMs: number | undefined;
}

export function introspectOptions(args: readonly string[]): IntrospectOptions {
  const { values, positionals } = parseCommandArgs(COMMAND_SPECS.introspect, args);
  if (positionals.length > 0) throw new BindgenError("bad_argument", `unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values.stdio === undefined)
    throw new BindgenError("bad_argument", 'introspect needs --stdio "<command>" (the server to start)');
  const format = values.format ?? "text";
  if (!isReportFormat(format)) {
    throw new BindgenError("bad_argument", `--format must be one of ${REPORT_FORMATS.join(", ")}, got ${JSON.stringify(format)}`);
  }
  return Object.freeze({
    command: serverCommand(values.stdio),
    contract: values.contract,
    binding: values.binding,
    format,
    callTimeoutMs: values.timeout === undefined ? DEFAULT_CALL_TIMEOUT_MS : milliseconds("--timeout", values.timeout),
    readyTimeoutMs: values["ready-timeout"] === undefined ? undefined : milliseconds("--ready-timeout", values["ready-timeout"]),
  });
}

export async function runIntrospect(args: readonly string[], io: Io): Promise<number> {
  const options = introspectOptions(args);
  // The contract is checked before anything is started: a bad one never costs a child process.
  const target = introspectTarget(options);
  const { method, params } = target.introspection;
  const shown = showCommand(options.command);
  const result = await probeServer({
    command: options.command,
    ready: readyWait(target, options.readyTimeoutMs),
    method,
    params,
    callTimeoutMs: options.callTimeoutMs,
  });
  const comparison = compareNames(
    serverNames(result, target.introspection, `--stdio ${shown}: the result of ${method}`),
    target.names,
  );
  io.out(renderReport({ contract: target.id, server: shown, comparison }, options.format));
  return comparison.agree ? EXIT.ok : EXIT.drift;
}

function readyWait(target: IntrospectTarget, override: number | undefined): ReadyWait | undefined {
  const { ready } = target;
  if (ready === undefined) {
    // A bound on a wait that does not happen is a mistake worth saying, not an option to ignore.
    if (override !== undefined)
      throw new BindgenError("bad_argument", `--ready-timeout: ${target.id}'s binding names no ready notification`);
    return undefined;
  }
  return {
    notification: ready.notification,
    timeoutMs: override ?? ready.timeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
    refuse: (params) => versionRefusal(ready, params),
  };
}
