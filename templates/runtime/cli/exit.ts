import { ToolError } from "../core/errors.js";
import { RpcError } from "../core/rpc-error.js";

/**
 * How a tool command line ends, as `right-ctl` (rightkit-agent-tools) does it: the result JSON
 * on stdout, a failure on stderr as one line `{"error":{"code","message","retryable"}}`, and
 * an exit code saying which kind of failure it was. Contract-neutral.
 */
export const CLI_EXIT = {
  /** The result is on stdout; so are help, the tool list and a dry run. */
  ok: 0,
  /** The call failed (a ToolError, or the server's RpcError) after its arguments were accepted. */
  toolError: 1,
  /** Bad arguments or options, found before connecting: nothing was sent. */
  usage: 2,
  /** A gate refused the call: its code is one of REFUSED_CODES. */
  refused: 3,
  /** A bug in this program, not a ToolError (EX_SOFTWARE in sysexits.h); the stack follows on stderr. */
  internal: 70,
} as const;

export type CliExitCode = (typeof CLI_EXIT)[keyof typeof CLI_EXIT];

/**
 * The error codes that mean the call was refused by a gate rather than failed (exit 3), with
 * what each gate is. The one list: `right-ctl` exits 3 for exposure, allowlist and admission
 * refusals; these are the codes such refusals reach a client with.
 */
export const REFUSED_CODES: Readonly<Record<string, string>> = Object.freeze({
  /** rightkit-daemon's ERROR_NOT_ALLOWED. */
  request_not_allowed: "the daemon's allowlist does not let this app label call the method",
  /** An agent-tools contract code. */
  target_blocked:
    "a host gate refused the target: a secure or credential field, a denied app, or the host itself",
});

/** Where a failure happened: while reading the arguments (nothing was sent) or during the call. */
export type CliStage = "arguments" | "call";

/** The exit code for a failure: a bug whatever the stage, then a refusal, then by stage. */
export function exitCodeFor(error: unknown, stage: CliStage): CliExitCode {
  if (error instanceof RpcError) return stage === "arguments" ? CLI_EXIT.usage : CLI_EXIT.toolError;
  if (!(error instanceof ToolError)) return CLI_EXIT.internal;
  if (Object.hasOwn(REFUSED_CODES, error.code)) return CLI_EXIT.refused;
  return stage === "arguments" ? CLI_EXIT.usage : CLI_EXIT.toolError;
}

/**
 * What a failure prints on stderr: the error line, then for a bug its stack. A ToolError's
 * `details` is never printed; an RpcError prints as the server sent it, numeric code and `data`.
 */
export function failureLines(error: unknown): string[] {
  if (error instanceof RpcError) return [JSON.stringify({ error: error.toJSON() })];
  if (error instanceof ToolError) {
    return [
      JSON.stringify({ error: { code: error.code, message: error.message, retryable: error.retryable } }),
    ];
  }
  const message = error instanceof Error ? error.message : describe(error);
  const line = JSON.stringify({ error: { code: "internal_error", message, retryable: false } });
  return [line, error instanceof Error && typeof error.stack === "string" ? error.stack : message];
}

/** Writes the failure to `err`, one call per line, and returns its exit code. */
export function reportFailure(io: { err(text: string): void }, error: unknown, stage: CliStage): CliExitCode {
  for (const line of failureLines(error)) io.err(line);
  return exitCodeFor(error, stage);
}

/** Something thrown that is not an Error; describing it must not throw in turn. */
function describe(value: unknown): string {
  try {
    return String(value);
  } catch {
    return `a thrown ${typeof value}`;
  }
}
