/**
 * `conform`'s options, read and checked before anything is loaded or started: every refusal is
 * one line naming the option (exit 2), and nothing has been written or run by then.
 */
import { randomInt } from "node:crypto";
import { isCheckName, type CheckName } from "../values/checks.js";
import { BindgenError } from "../errors.js";
import { COMMAND_SPECS, parseCommandArgs } from "./options.js";
import { MAX_SEED, wholeNumber } from "./option-values.js";

export const REPORT_FORMATS = ["text", "json"] as const;
export type ConformFormat = (typeof REPORT_FORMATS)[number];

export const DEFAULT_MAX_EXAMPLES = 100;
export const DEFAULT_TIME_BUDGET_S = 300;
const MAX_MAX_EXAMPLES = 100_000;
const MAX_TIME_BUDGET_S = 86_400;

export interface ConformOptions {
  readonly contract: string | undefined;
  readonly suiteRoot: string | undefined;
  readonly server: string | undefined;
  readonly seed: number;
  readonly maxExamples: number;
  readonly methods: readonly string[] | undefined;
  readonly checks: readonly CheckName[] | undefined;
  readonly format: ConformFormat;
  readonly junit: string | undefined;
  readonly baseline: string | undefined;
  readonly updateBaseline: boolean;
  readonly timeBudgetMs: number;
  readonly strict: boolean;
  readonly includeSideEffects: boolean;
  readonly includeWaiting: boolean;
  /** Link name → value, from --value NAME=VALUE. */
  readonly values: ReadonlyMap<string, string>;
  readonly deadlineScale: number;
  readonly replay: string | undefined;
}

export function conformOptions(args: readonly string[]): ConformOptions {
  const { values, positionals } = parseCommandArgs(COMMAND_SPECS.conform, args);
  if (positionals.length > 0) throw new BindgenError("bad_argument", `unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values["suite-root"] !== undefined && values.server !== undefined) {
    throw new BindgenError("bad_argument", "--suite-root and --server: give the one the binding's transport uses");
  }
  const format = values.format ?? "text";
  if (!(REPORT_FORMATS as readonly string[]).includes(format)) {
    throw new BindgenError("bad_argument", `--format must be one of ${REPORT_FORMATS.join(", ")}, got ${JSON.stringify(format)}`);
  }
  if (values["update-baseline"] === true && values.baseline === undefined)
    throw new BindgenError("bad_argument", "--update-baseline needs --baseline FILE");
  for (const [option, value] of [
    ["--suite-root", values["suite-root"]],
    ["--junit", values.junit],
    ["--baseline", values.baseline],
    ["--replay", values.replay],
  ] as const) {
    if (value === "") throw new BindgenError("bad_argument", `${option} needs a path`);
  }
  return Object.freeze({
    contract: values.contract,
    suiteRoot: values["suite-root"],
    server: values.server,
    seed: values.seed === undefined ? randomInt(0, MAX_SEED) : wholeNumber("--seed", values.seed, 0, MAX_SEED),
    maxExamples:
      values["max-examples"] === undefined
        ? DEFAULT_MAX_EXAMPLES
        : wholeNumber("--max-examples", values["max-examples"], 1, MAX_MAX_EXAMPLES),
    methods: values.methods === undefined ? undefined : list("--methods", values.methods),
    checks: values.checks === undefined ? undefined : checkList(values.checks),
    format: format as ConformFormat,
    junit: values.junit,
    baseline: values.baseline,
    updateBaseline: values["update-baseline"] === true,
    timeBudgetMs:
      1000 *
      (values["time-budget"] === undefined
        ? DEFAULT_TIME_BUDGET_S
        : wholeNumber("--time-budget", values["time-budget"], 1, MAX_TIME_BUDGET_S)),
    strict: values.strict === true,
    includeSideEffects: values["include-side-effects"] === true,
    includeWaiting: values["include-waiting"] === true,
    values: givenValues(values.value ?? []),
    deadlineScale: values["deadline-scale"] === undefined ? 1 : scale(values["deadline-scale"]),
    replay: values.replay,
  });
}

function scale(value: string): number {
  const n = /^(0|[1-9][0-9]*)?(\.[0-9]+)?$/.test(value) && value !== "" && value !== "." ? Number(value) : Number.NaN;
  if (!(n > 0 && n <= 1))
    throw new BindgenError("bad_argument", `--deadline-scale needs a number above 0 and at most 1, got ${JSON.stringify(value)}`);
  return n;
}

function list(option: string, value: string): string[] {
  const items = value.split(",").map((item) => item.trim());
  if (items.some((item) => item === ""))
    throw new BindgenError("bad_argument", `${option} needs a comma-separated list of names, got ${JSON.stringify(value)}`);
  return [...new Set(items)];
}

function checkList(value: string): CheckName[] {
  const names = list("--checks", value);
  const unknown = names.find((name) => !isCheckName(name));
  if (unknown !== undefined) throw new BindgenError("bad_argument", `--checks: no check is called ${JSON.stringify(unknown)}`);
  return names as CheckName[];
}

/** `NAME=VALUE`, split at the first `=`; the value is never echoed (it may be a token). */
function givenValues(items: readonly string[]): Map<string, string> {
  const given = new Map<string, string>();
  for (const [i, item] of items.entries()) {
    const at = item.indexOf("=");
    const name = at < 1 ? "" : item.slice(0, at);
    if (name === "") throw new BindgenError("bad_argument", `--value ${i + 1}: needs NAME=VALUE (a link's name, then its value)`);
    if (given.has(name)) throw new BindgenError("bad_argument", `--value ${name} is given twice`);
    given.set(name, item.slice(at + 1));
  }
  return given;
}
