/**
 * A finding as something a person can repeat. `steps` are the calls in order, the form
 * `conform --replay` runs: a param that came from an earlier answer is written as that answer's
 * place (`{"$from": {"step": 1, "pointer": "/token"}}`), one given by --value as `{"$value": NAME}`,
 * and any other sensitive param as `{"$redacted": …}`, for which a replay sends a fresh value.
 * `command` is the judged call as a person pastes it: the binding's CLI (`right-ctl demo act
 * token='<redacted>' ref=… op=type`) when the CLI would pass the params through unchanged,
 * else the raw request line. Sensitive values never appear in either. Every word of the command
 * is quoted by the shell door (output/shell.ts): a method or command that holds shell syntax
 * arrives as one word and runs nothing.
 */
import { requestFrame } from "../../templates/runtime/protocols/daemon.js";
import { requestMessage } from "../../templates/runtime/protocols/jsonrpc.js";
import { isJsonObject } from "../json.js";
import { shellCommand, shellWord } from "../output/shell.js";
import { locate, propertyNames } from "../values/arbitrary/reading.js";
import type { Step } from "./execute.js";
import { redactedParams } from "../values/redact.js";
import type { ReplayStep } from "../values/report-shape.js";
import { jsonText } from "../values/json-text.js";
import { setAt } from "../values/links.js";
import type { ConformPlan, PlannedMethod } from "./plan.js";
import type { Source } from "./provider.js";

export interface Reproducer {
  readonly command: string;
  readonly steps: readonly ReplayStep[];
}

/** The steps as `--replay` reads them, every linked or sensitive value replaced by where it came from. */
export function replaySteps(steps: readonly Step[]): ReplayStep[] {
  const serials = new Map<Source, number>();
  return steps.map((step, index) => {
    const params = structuredClone(step.params) as unknown;
    for (const use of step.uses) {
      const from = use.source === undefined ? undefined : serials.get(use.source);
      if (use.source !== undefined && from !== undefined && use.from !== undefined)
        setAt(params, use.param, { $from: { step: from, pointer: use.from } });
      else if (use.source === undefined) setAt(params, use.param, { $value: use.link });
    }
    redactSensitive(step.method, params, step.uses);
    // Later steps find this one's answer under its number (1-based, as people count steps).
    for (const use of steps.slice(index + 1).flatMap((later) => later.uses)) {
      if (use.source !== undefined && use.source.params === step.params) serials.set(use.source, index + 1);
    }
    return { method: step.method.tool, params };
  });
}

/** The params shown for a finding: sensitive ones redacted, the rest as sent. */
export function shownParams(step: Step): unknown {
  return redactedParams(step.params, step.method.sensitiveParams);
}

function redactSensitive(method: PlannedMethod, params: unknown, uses: Step["uses"]): void {
  if (!isJsonObject(params)) return;
  for (const name of method.sensitiveParams) {
    if (!Object.hasOwn(params, name) || uses.some((use) => use.param === `/${name}`)) continue;
    params[name] = { $redacted: "a value of a sensitive param; a replay sends a fresh one" };
  }
}

/**
 * The judged call as a command line: the CLI when it would send these params unchanged (it
 * validates them first, so only for params the schema accepts), else the raw request. The
 * binding's `cli.command` is how a person types the command, so its words are the words it is
 * split into at whitespace; `target` is the connection's options, already shell words.
 */
export function commandFor(plan: ConformPlan, step: Step, target: string, valid: boolean): string {
  const params = shownParams(step);
  const words = plan.cliCommand === undefined || !valid ? undefined : cliWords(plan, step.method, params);
  if (words !== undefined && plan.cliCommand !== undefined) {
    const command = plan.cliCommand.split(/\s+/).filter((word) => word !== "");
    return [shellCommand([...command, step.method.cliName, ...words]), target].join(" ");
  }
  const frame =
    plan.transport.kind === "rightkit-daemon"
      ? requestFrame(1, step.method.tool, params as object)
      : requestMessage(1, step.method.tool, params as object);
  return jsonText(frame);
}

/**
 * `key=value` words (the line quotes them) that the generated CLI reads back as exactly these
 * params, or undefined: a key the params schema does not declare, a non-string for a verbatim key, params that are no
 * object, or params the CLI's validator would refuse before sending (a negative case) all need
 * the raw request instead.
 */
function cliWords(plan: ConformPlan, method: PlannedMethod, params: unknown): string[] | undefined {
  if (!isJsonObject(params)) return undefined;
  const schema = locate(plan.graph, method.params).schema;
  const declared = schema === false ? [] : propertyNames(schema);
  const words: string[] = [];
  for (const [key, value] of Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!declared.includes(key) || key.includes("=") || key === "") return undefined;
    const verbatim = plan.verbatimKeys.includes(key);
    if (verbatim && typeof value !== "string") return undefined;
    const text = verbatim || (typeof value === "string" && !readsAsJson(value)) ? (value as string) : jsonText(value);
    words.push(`${key}=${text}`);
  }
  return words;
}

function readsAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The shell door's word quoting, for the connection options conform shows (connect.ts). */
export { shellWord };
