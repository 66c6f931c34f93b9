/**
 * `mock`'s options, read from its table (options.ts) and checked before anything is loaded,
 * started or written: every refusal is one line naming the option (exit 2).
 */
import { BindgenError } from "../errors.js";
import { COMMAND_SPECS, parseCommandArgs } from "./options.js";
import { MAX_SEED, MAX_TIMEOUT_MS, wholeNumber } from "./option-values.js";

export type MockMode = { kind: "suite"; suiteRoot: string } | { kind: "socket"; socketPath: string } | { kind: "stdio" };

export interface MockOptions {
  readonly contract: string | undefined;
  readonly mode: MockMode;
  readonly seed: number;
  /** How long a method that waits for a person takes to answer. */
  readonly waitMs: number;
  readonly scenarios: readonly string[];
}

export function mockOptions(args: readonly string[]): MockOptions {
  const { values, positionals } = parseCommandArgs(COMMAND_SPECS.mock, args);
  if (positionals.length > 0) throw new BindgenError("bad_argument", `unexpected argument ${JSON.stringify(positionals[0])}`);
  return Object.freeze({
    contract: values.contract,
    mode: modeOf(values["suite-root"], values.socket, values.stdio === true),
    // 0 by default, not random: a mock answers alike on every run.
    seed: values.seed === undefined ? 0 : wholeNumber("--seed", values.seed, 0, MAX_SEED),
    waitMs: values.wait === undefined ? 0 : wholeNumber("--wait", values.wait, 0, MAX_TIMEOUT_MS),
    scenarios: values.scenario ?? [],
  });
}

function modeOf(suiteRoot: string | undefined, socket: string | undefined, stdio: boolean): MockMode {
  const chosen = [suiteRoot !== undefined, socket !== undefined, stdio].filter(Boolean).length;
  if (chosen > 1) throw new BindgenError("bad_argument", "--suite-root, --socket and --stdio: choose one");
  if (suiteRoot === "") throw new BindgenError("bad_argument", "--suite-root needs a path");
  if (socket === "") throw new BindgenError("bad_argument", "--socket needs a path");
  if (suiteRoot !== undefined) return { kind: "suite", suiteRoot };
  if (socket !== undefined) return { kind: "socket", socketPath: socket };
  if (stdio) return { kind: "stdio" };
  throw new BindgenError("bad_argument", "--suite-root DIR, --socket PATH or --stdio is required");
}
