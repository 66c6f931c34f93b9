/**
 * `conform --replay FILE`: the calls of saved findings run again against the host as it is now.
 * FILE is a `--format json` report, one finding of one, or a list of them. Each finding's steps
 * run in order on the same connection: `{"$from": {step, pointer}}` takes the value from that
 * step's answer, `{"$value": NAME}` from --value, `{"$redacted": …}` a fresh value never issued.
 * The last call is judged as the finding's case was, and the finding's check either shows again
 * (reproduced) or does not.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { BindgenError } from "../errors.js";
import { readBigints } from "../../templates/runtime/core/integers.js";
import { readJson } from "../../templates/runtime/core/json-reader.js";
import { isJsonObject } from "../json.js";
import type { LifecycleRule } from "../model/types.js";
import { isCheckName, judge, type CaseKind, type CheckName, type Judged } from "../values/checks.js";
import type { Connection } from "./connect.js";
import { valueAt } from "../values/links.js";
import { observe } from "./observe.js";
import type { ConformPlan } from "./plan.js";
import type { Validate } from "../values/validators.js";

export interface SavedFinding {
  readonly method: string;
  readonly check: CheckName;
  readonly message: string;
  readonly kind: CaseKind;
  readonly family: string;
  readonly steps: readonly { readonly method: string; readonly params: unknown }[];
}

export type Replayed =
  | { readonly finding: SavedFinding; readonly outcome: "reproduced"; readonly judged: Judged }
  | { readonly finding: SavedFinding; readonly outcome: "not reproduced"; readonly why: string };

export function readReplayFile(file: string): SavedFinding[] {
  let value: unknown;
  try {
    // The runtime's reader: it keeps the digits of an integer past ±(2^53 − 1), which a bigint-mode
    // binding's saved params hold (they are read as bigints when replayed).
    value = readJson(readFileSync(file, "utf8"));
  } catch (error) {
    throw new BindgenError("bad_argument", `--replay: cannot read: ${(error as Error).message}`, { file });
  }
  const list = isJsonObject(value) && Array.isArray(value.findings) ? value.findings : Array.isArray(value) ? value : [value];
  const saved = list.map((item, i) => savedFinding(item, file, i));
  if (saved.length === 0) throw new BindgenError("bad_argument", "--replay: the file holds no finding", { file });
  return saved;
}

function savedFinding(item: unknown, file: string, index: number): SavedFinding {
  const reproducer = isJsonObject(item) ? item.reproducer : undefined;
  const steps = isJsonObject(reproducer) ? reproducer.steps : undefined;
  const valid =
    isJsonObject(item) &&
    isJsonObject(reproducer) &&
    typeof item.method === "string" &&
    typeof item.check === "string" &&
    isCheckName(item.check) &&
    typeof reproducer.kind === "string" &&
    typeof reproducer.family === "string" &&
    Array.isArray(steps) &&
    steps.length > 0 &&
    steps.every((step) => isJsonObject(step) && typeof step.method === "string");
  if (!valid)
    throw new BindgenError("bad_argument", `--replay: finding ${index + 1} is not a conform finding with a reproducer`, { file });
  return {
    method: item.method as string,
    check: item.check as CheckName,
    message: typeof item.message === "string" ? item.message : "",
    kind: reproducer.kind as CaseKind,
    family: reproducer.family as string,
    steps: steps as SavedFinding["steps"],
  };
}

export async function replay(
  plan: ConformPlan,
  connection: Connection,
  validators: ReadonlyMap<string, Validate>,
  saved: SavedFinding,
  given: ReadonlyMap<string, string>,
  deadlineScale: number,
): Promise<Replayed> {
  const answers: unknown[] = [];
  for (const [i, step] of saved.steps.entries()) {
    const method = plan.methods.find((candidate) => candidate.tool === step.method);
    if (method === undefined)
      return { finding: saved, outcome: "not reproduced", why: `step ${i + 1}: ${step.method} is not a method of ${plan.id}` };
    // In bigint mode the saved params' 64-bit integers are read as the case sent them: bigints.
    const savedParams = method.paramsIntegers === undefined ? step.params : readBigints(method.paramsIntegers, step.params);
    const resolved = resolve(savedParams, answers, given);
    if (typeof resolved === "string")
      return { finding: saved, outcome: "not reproduced", why: `step ${i + 1} (${step.method}): ${resolved}` };
    const timeoutMs = Math.max(1, Math.round(method.timeoutMs * deadlineScale));
    const observation = await observe(connection, method.tool, resolved.value, timeoutMs, method.resultIntegers);
    const last = i === saved.steps.length - 1;
    if (!last) {
      answers.push(observation.kind === "result" ? observation.value : undefined);
      continue;
    }
    const rule = ruleOf(plan, saved);
    const judgement = judge(observation, {
      kind: saved.kind,
      validateResult: validators.get(method.result) as Validate,
      errors: plan.errors,
      timeoutMs,
      contractTimeoutMs: method.timeoutMs,
      enabled: new Set([saved.check]),
      ...(rule === undefined ? {} : { rule }),
      ...(saved.kind === "negative" ? { mutation: "as saved" } : {}),
    });
    const judged = judgement.violations.find((candidate) => candidate.check === saved.check);
    if (judged !== undefined) return { finding: saved, outcome: "reproduced", judged };
    return { finding: saved, outcome: "not reproduced", why: `the last call (${method.tool}) passes ${saved.check} now` };
  }
  return { finding: saved, outcome: "not reproduced", why: "no call" };
}

function ruleOf(plan: ConformPlan, saved: SavedFinding): LifecycleRule | undefined {
  if (saved.kind !== "never-issued" && saved.kind !== "ended") return undefined;
  const link = saved.family.split(" ")[1];
  return plan.lifecycle.find((rule) => rule.kind === saved.kind && rule.link === link);
}

/** The params with every reference replaced by its value; a string says what could not be had. */
function resolve(params: unknown, answers: readonly unknown[], given: ReadonlyMap<string, string>): { value: unknown } | string {
  if (Array.isArray(params)) {
    const items: unknown[] = [];
    for (const item of params) {
      const resolved = resolve(item, answers, given);
      if (typeof resolved === "string") return resolved;
      items.push(resolved.value);
    }
    return { value: items };
  }
  if (!isJsonObject(params)) return { value: params };
  const keys = Object.keys(params);
  if (keys.length === 1 && keys[0] === "$from" && isJsonObject(params.$from)) {
    const { step, pointer } = params.$from;
    const answer = typeof step === "number" ? answers[step - 1] : undefined;
    const found = answer === undefined || typeof pointer !== "string" ? { found: false as const } : valueAt(answer, pointer);
    return found.found ? { value: found.value } : `step ${String(step)} gave no value at ${String(pointer)}`;
  }
  if (keys.length === 1 && keys[0] === "$value" && typeof params.$value === "string") {
    const value = given.get(params.$value);
    return value === undefined ? `needs --value ${params.$value}=…` : { value };
  }
  if (keys.length === 1 && keys[0] === "$redacted") return { value: `conform-replay-${randomBytes(8).toString("hex")}` };
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const resolved = resolve(params[key], answers, given);
    if (typeof resolved === "string") return resolved;
    out[key] = resolved.value;
  }
  return { value: out };
}
