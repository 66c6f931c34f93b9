import { ELEMENT_OPS, type ElementOp } from "./fixture.js";
import { isJsonObject } from "../../../json.js";

/**
 * Host-side parameter checks, written by hand so the host does not trust the generator's own
 * validators: a conformance host that shares the client's checks would prove nothing.
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export type RequestParams = { app: string; agent_name: string };
export type TokenParams = { token: string };
export type Step = { ref: string; op: ElementOp; text?: string; key?: string };
export type ActParams = TokenParams & Step;
export type BatchParams = TokenParams & { steps: Step[] };

export const MAX_BATCH_STEPS = 20;

type Fields = Record<string, unknown>;

export function readRequestParams(params: unknown): Checked<RequestParams> {
  return readObject(params, (p) => {
    const app = readString(p, "app");
    const agentName = readString(p, "agent_name");
    if (typeof app !== "string") return app;
    if (typeof agentName !== "string") return agentName;
    return ok({ app, agent_name: agentName });
  });
}

/** A method that takes no params still takes an object (params left out count as none). */
export function readNoParams(params: unknown): Checked<Record<string, never>> {
  return params === undefined ? ok({}) : readObject(params, () => ok({}));
}

export function readTokenParams(params: unknown): Checked<TokenParams> {
  return readObject(params, (p) => {
    const token = readString(p, "token");
    return typeof token === "string" ? ok({ token }) : token;
  });
}

export function readActParams(params: unknown): Checked<ActParams> {
  return readObject(params, (p) => {
    const token = readString(p, "token");
    if (typeof token !== "string") return token;
    const step = readStep(p, "");
    return step.ok ? ok({ token, ...step.value }) : step;
  });
}

/** `maxSteps`: the contract's 20, unless a lying scenario says otherwise. */
export function readBatchParams(params: unknown, maxSteps = MAX_BATCH_STEPS): Checked<BatchParams> {
  return readObject(params, (p) => {
    const token = readString(p, "token");
    if (typeof token !== "string") return token;
    const steps = p["steps"];
    if (!Array.isArray(steps)) return fail("steps must be an array");
    if (steps.length < 1 || steps.length > maxSteps) {
      return fail(`steps must hold 1 to ${MAX_BATCH_STEPS} entries, not ${steps.length}`);
    }
    const read: Step[] = [];
    for (const [index, raw] of steps.entries()) {
      if (!isJsonObject(raw)) return fail(`steps/${index} must be an object`);
      const step = readStep(raw, `steps/${index}/`);
      if (!step.ok) return step;
      read.push(step.value);
    }
    return ok({ token, steps: read });
  });
}

function readStep(p: Fields, at: string): Checked<Step> {
  const ref = readString(p, "ref", at);
  if (typeof ref !== "string") return ref;
  const op = p["op"];
  if (!ELEMENT_OPS.includes(op as ElementOp)) return fail(`${at}op must be one of ${ELEMENT_OPS.join(", ")}`);
  const step: Step = { ref, op: op as ElementOp };
  for (const name of ["text", "key"] as const) {
    if (p[name] === undefined) continue;
    const value = readString(p, name, at);
    if (typeof value !== "string") return value;
    step[name] = value;
  }
  return ok(step);
}

function readObject<T>(params: unknown, read: (p: Fields) => Checked<T>): Checked<T> {
  return isJsonObject(params) ? read(params) : fail("params must be an object");
}

function readString(p: Fields, name: string, at = ""): string | { ok: false; message: string } {
  const value = p[name];
  return typeof value === "string" ? value : fail(`${at}${name} must be a string`);
}

function ok<T>(value: T): Checked<T> {
  return { ok: true, value };
}

function fail(message: string): { ok: false; message: string } {
  return { ok: false, message };
}
