/**
 * Runs one case against the host: its linked params filled from real answers, its params held
 * to what its family promises (a positive case validates, a negative one does not), the calls
 * made one at a time and each judged. The result says what the case's own call showed and every
 * call it took, in order, so a failure can be repeated: the answers its values came from, the
 * ending call, the case itself. Each method's standing is kept here too: one that said it has no
 * such method, or missed its deadline, is not called again.
 */
import type { LifecycleRule } from "../model/types.js";
import { render } from "../values/arbitrary/mutations.js";
import type { CaseFamily, CaseValue } from "./cases.js";
import { judge, type CaseKind, type CheckName, type Judgement, type Observation } from "../values/checks.js";
import { placesIn, valueAt } from "../values/links.js";
import { observe, type Wire } from "./observe.js";
import type { ConformPlan, PlannedMethod } from "./plan.js";
import type { Provider, Source, Use } from "./provider.js";
import { refusalToCall, type Safety } from "./safety.js";
import type { Validate } from "../values/validators.js";
import { asSent } from "../values/json-text.js";

export interface Step {
  readonly method: PlannedMethod;
  readonly params: unknown;
  readonly uses: readonly Use[];
}

export interface Called {
  readonly observation: Observation;
  readonly judgement: Judgement;
}

export interface Execution {
  /** Why the case made no call of its own (its values could not be had, its method is stopped...). */
  readonly skipped?: string;
  readonly called?: Called;
  /** Every call to repeat the case: value sources in order, the ending call, the case's own. */
  readonly steps: readonly Step[];
}

export interface ExecutorOptions {
  readonly plan: ConformPlan;
  readonly wire: Wire;
  readonly validators: ReadonlyMap<string, Validate>;
  readonly provider: Provider;
  readonly safety: Safety;
  readonly enabled: ReadonlySet<CheckName>;
  /** Multiplies every contract timeout (tests shorten them). */
  readonly deadlineScale: number;
  /** Hears every call the case did not make for itself (value sources, ending calls) with its steps. */
  readonly onSideCall: (steps: readonly Step[], called: Called) => void;
}

export class Executor {
  readonly #options: ExecutorOptions;
  /** Why a method is no longer called, by name. */
  readonly stopped = new Map<string, string>();
  /** Calls made, by method name: every call, sources and ending calls included. */
  readonly calls = new Map<string, number>();

  constructor(options: ExecutorOptions) {
    this.#options = options;
    options.provider.useCalls(async (method, params, uses) => {
      if (!this.validParams(method, params)) return { ok: false, reason: "got linked values its params schema refuses" };
      const steps = [...lineage(uses), { method, params, uses }];
      const called = await this.call(method, params, "setup");
      if (called === undefined)
        return { ok: false, reason: `could not be called (${this.stopped.get(method.name) ?? "stopped"})` };
      this.#options.onSideCall(steps, called);
      const { observation } = called;
      if (observation.kind === "result") return { ok: true, result: observation.value };
      return {
        ok: false,
        reason:
          observation.kind === "error" ? `answered ${String(observation.code)}: ${observation.message}` : observation.reason,
      };
    });
  }

  async run(family: CaseFamily, value: CaseValue): Promise<Execution> {
    const { method } = family;
    const stop = this.stopped.get(method.name);
    if (stop !== undefined) return { skipped: stop, steps: [] };
    const refused = refusalToCall(method, family.family === "positive" ? "succeed" : "be-refused", this.#options.safety);
    if (refused !== undefined) return { skipped: refused, steps: [] };
    const params = asSent(value.params);
    const { provider } = this.#options;
    const spends = this.#spendsGiven(method);
    if (family.family === "positive" && spends !== undefined)
      return { skipped: `${spends} comes from --value, which this call would end`, steps: [] };
    const skip = new Set(family.family === "never-issued" && family.link !== undefined ? [family.link.name] : []);
    const broken = value.mutation === undefined ? undefined : family.mutations[value.mutation];
    const filled = await provider.fill(
      method,
      params,
      value.picks,
      skip,
      broken === undefined ? undefined : overlaps(render(broken.path)),
    );
    // A negative case goes without the values it could not get: the break is what it is about.
    if (!filled.ok && family.family !== "negative") return { skipped: filled.reason, steps: [] };
    const uses = filled.ok ? filled.uses : [];
    const valid = this.validParams(method, params);
    const meantValid = family.family !== "negative";
    if (meantValid !== valid) {
      return { skipped: `the generated params ${valid ? "pass" : "fail"} the params validator`, steps: [] };
    }
    const steps: Step[] = [...lineage(uses)];
    let rule: LifecycleRule | undefined;
    if (family.family === "never-issued" && family.target !== undefined && family.link !== undefined) {
      const link = family.link.name;
      const values = placesIn(params, family.target.param).map((place) => valueAt(params, place.pointer));
      if (values.some((found) => found.found && provider.wasIssued(link, found.value)))
        return { skipped: "the generated value was issued", steps: [] };
      rule = family.rule;
    }
    if (family.family === "ended") {
      const ending = await this.#end(family, value, uses, steps);
      if (typeof ending === "string") return { skipped: ending, steps: [] };
      rule = family.rule;
    }
    const kind: CaseKind = family.family;
    const mutation = broken?.description;
    const called = await this.call(method, params, kind, {
      ...(rule === undefined ? {} : { rule }),
      ...(mutation === undefined ? {} : { mutation }),
    });
    steps.push({ method, params, uses });
    if (called === undefined) return { skipped: this.stopped.get(method.name) ?? "stopped", steps };
    if (called.observation.kind === "result") this.#afterSuccess(method, uses);
    return { called, steps };
  }

  /** One call, judged; undefined when the method is no longer called. */
  async call(
    method: PlannedMethod,
    params: unknown,
    kind: CaseKind,
    extra: { rule?: LifecycleRule; mutation?: string } = {},
  ): Promise<Called | undefined> {
    if (this.stopped.has(method.name)) return undefined;
    const { wire, deadlineScale, enabled, validators, plan } = this.#options;
    const timeoutMs = Math.max(1, Math.round(method.timeoutMs * deadlineScale));
    this.calls.set(method.name, (this.calls.get(method.name) ?? 0) + 1);
    const observation = await observe(wire, method.tool, params, timeoutMs, method.resultIntegers);
    const judgement = judge(observation, {
      kind,
      validateResult: validators.get(method.result) as Validate,
      errors: plan.errors,
      timeoutMs,
      contractTimeoutMs: method.timeoutMs,
      enabled,
      ...extra,
    });
    if (judgement.notServed) this.stopped.set(method.name, `${method.tool} is not served: the host has no such method`);
    if (judgement.timedOut) this.stopped.set(method.name, `${method.tool} missed its deadline once, so it is not called again`);
    if (observation.kind === "result") this.#options.provider.noteIssued(method, observation.value);
    return { observation, judgement };
  }

  validParams(method: PlannedMethod, params: unknown): boolean {
    return (this.#options.validators.get(method.params) as Validate)(params).ok;
  }

  /** The ended family's middle step: the ending method, called with the same value; a string says why it could not be. */
  async #end(family: CaseFamily, value: CaseValue, uses: readonly Use[], steps: Step[]): Promise<string | undefined> {
    const { ender, link } = family;
    if (ender === undefined || link === undefined) return "no ending method";
    if (this.#options.provider.isGiven(link.name)) return `${link.name} comes from --value, which an ending call would spend`;
    const refused = refusalToCall(ender, "succeed", this.#options.safety);
    if (refused !== undefined) return refused;
    const enderParams = asSent(value.enderParams);
    const filled = await this.#options.provider.fill(ender, enderParams, value.picks);
    if (!filled.ok) return filled.reason;
    const shared = uses.filter((use) => use.link === link.name);
    const ended = filled.uses.filter((use) => use.link === link.name);
    // The ending call must carry the very value the case will use.
    if (shared.length === 0 || ended.length === 0 || ended.some((use) => shared.every((other) => other.value !== use.value)))
      return "the ending call and the case hold different values";
    if (!this.validParams(ender, enderParams)) return "the ending call's generated params fail its params validator";
    const called = await this.call(ender, enderParams, "setup");
    const enderSteps = [...steps, { method: ender, params: enderParams, uses: filled.uses }];
    if (called === undefined) return this.stopped.get(ender.name) ?? "stopped";
    this.#options.onSideCall(enderSteps, called);
    if (called.observation.kind !== "result")
      return `${ender.tool} did not end the value (it answered ${called.observation.kind === "error" ? String(called.observation.code) : "nothing"})`;
    this.#options.provider.ended(ended);
    steps.push({ method: ender, params: enderParams, uses: filled.uses });
    return undefined;
  }

  /** The link given by --value that a successful call of `method` would end, if any. */
  #spendsGiven(method: PlannedMethod): string | undefined {
    const { plan, provider } = this.#options;
    return plan.lifecycle.find((rule) => rule.kind === "ended" && rule.by === method.name && provider.isGiven(rule.link))?.link;
  }

  /** A successful call of a method that ends values: the answers those values came from are spent. */
  #afterSuccess(method: PlannedMethod, uses: readonly Use[]): void {
    const ends = this.#options.plan.lifecycle
      .filter((rule) => rule.kind === "ended" && rule.by === method.name)
      .map((rule) => rule.link);
    if (ends.length > 0) this.#options.provider.ended(uses.filter((use) => ends.includes(use.link)));
  }
}

/** The answers a case's values came from, and the answers theirs came from, oldest first. */
export function lineage(uses: readonly Use[]): Step[] {
  if (uses.every((use) => use.source === undefined)) return [];
  const sources = new Map<number, Source>();
  const visit = (list: readonly Use[]): void => {
    for (const use of list) {
      if (use.source === undefined || sources.has(use.source.serial)) continue;
      sources.set(use.source.serial, use.source);
      visit(use.source.uses);
    }
  };
  visit(uses);
  return [...sources.values()]
    .sort((a, b) => a.serial - b.serial)
    .map(({ method, params, uses: own }) => ({ method, params, uses: own }));
}

/** Whether a place is the broken one, inside it, or holds it: a link must not mend the break. */
function overlaps(broken: string): (pointer: string) => boolean {
  const at = broken === "/" ? "" : broken;
  return (pointer) => pointer === at || pointer.startsWith(`${at}/`) || at.startsWith(`${pointer}/`);
}
