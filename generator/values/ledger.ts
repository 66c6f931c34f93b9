/**
 * A service's state, from the binding's links and lifecycle rules alone: which values each link's
 * source has issued, and which an ending method has ended. A method a link feeds is refused with
 * the rule's code when a fed value was ended, or (under a never-issued rule) never issued; a link
 * without rules is not policed. Values are compared as canonical JSON. The mock keeps one to
 * answer by; the proxy keeps one to know which calls carry an ended value.
 */
import { canonicalJson, isJsonObject, parsePointer } from "../json.js";
import { EVERY_ITEM } from "../model/links.js";
import type { LifecycleRule, Link } from "../model/types.js";
import { placesIn, valueAt, valuesAt } from "./links.js";

/** What the ledger reads of a contract: its methods' schema keys and wire names, its links and rules. */
export interface LedgerContract {
  readonly methods: readonly LedgerMethod[];
  readonly links: readonly Link[];
  readonly lifecycle: readonly LifecycleRule[];
}

export interface LedgerMethod {
  /** The method's key in the schema (what links and lifecycle rules name). */
  readonly name: string;
  /** The wire name. */
  readonly tool: string;
}

export interface Refusal {
  readonly code: string | number;
  readonly message: string;
  /** The rule the value breaks. */
  readonly rule: LifecycleRule;
}

type NeverIssued = Extract<LifecycleRule, { kind: "never-issued" }>;
type Ended = Extract<LifecycleRule, { kind: "ended" }>;

export class LinkLedger {
  readonly #links: readonly Link[];
  readonly #neverIssued: ReadonlyMap<string, NeverIssued>;
  readonly #ended: readonly Ended[];
  readonly #tools: ReadonlyMap<string, string>;
  /** Link name → the values its source issued that are live. */
  readonly #live = new Map<string, Set<string>>();
  /** Link name → the values an ending method ended (until the source issues one again). */
  readonly #dead = new Map<string, Set<string>>();

  constructor(plan: LedgerContract) {
    this.#links = plan.links;
    this.#neverIssued = new Map(
      plan.lifecycle.filter((rule): rule is NeverIssued => rule.kind === "never-issued").map((rule) => [rule.link, rule]),
    );
    this.#ended = plan.lifecycle.filter((rule): rule is Ended => rule.kind === "ended");
    this.#tools = new Map(plan.methods.map((method) => [method.name, method.tool]));
    for (const link of plan.links) {
      this.#live.set(link.name, new Set());
      this.#dead.set(link.name, new Set());
    }
  }

  /**
   * Why `method` must refuse `params` under a lifecycle rule, or undefined when it may answer.
   * `rules`: "ended only" for a watcher that cannot know every value issued (the proxy: a value
   * may have been issued to a connection it never saw), so only what it saw ended counts.
   */
  refusal(method: LedgerMethod, params: unknown, rules: "every rule" | "ended only" = "every rule"): Refusal | undefined {
    for (const { link, value } of this.#fed(method, params)) {
      const key = canonicalJson(value);
      const ended = this.#ended.find((rule) => rule.link === link.name);
      if (ended !== undefined && this.#dead.get(link.name)?.has(key) === true) {
        return {
          code: endedCode(ended, this.#neverIssued.get(link.name)),
          message: `this ${link.name} was ended by ${this.#tools.get(ended.by) ?? ended.by}`,
          rule: ended,
        };
      }
      const never = this.#neverIssued.get(link.name);
      const first = never?.refusedWith[0];
      if (rules === "every rule" && never !== undefined && first !== undefined && this.#live.get(link.name)?.has(key) !== true) {
        return {
          code: first,
          message: `no answer of ${this.#tools.get(link.from) ?? link.from} issued this ${link.name}`,
          rule: never,
        };
      }
    }
    return undefined;
  }

  /** After `method` answered `result` to `params`: what it ended is dead, what it issued is live. */
  record(method: LedgerMethod, params: unknown, result: unknown): void {
    for (const rule of this.#ended.filter((ended) => ended.by === method.name)) {
      for (const { link, value } of this.#fed(method, params).filter(({ link }) => link.name === rule.link)) {
        const key = canonicalJson(value);
        this.#live.get(link.name)?.delete(key);
        this.#dead.get(link.name)?.add(key);
      }
    }
    for (const link of this.#links.filter((candidate) => candidate.from === method.name)) {
      for (const { value } of valuesAt(result, link.pointer)) {
        const key = canonicalJson(value);
        this.#dead.get(link.name)?.delete(key);
        this.#live.get(link.name)?.add(key);
      }
    }
  }

  /**
   * True when `result` holds a value at every pointer of each link `method` is the source of,
   * through every item of every array on the way (each element of a snapshot has an op, say),
   * so whichever item a caller picks, it has something to take.
   */
  issuesEveryLink(method: LedgerMethod, result: unknown): boolean {
    return this.#links
      .filter((link) => link.from === method.name)
      .every((link) => holdsEverywhere(result, parsePointer(link.pointer) ?? []));
  }

  /** Every linked value `params` carries into `method`, with its link. */
  #fed(method: LedgerMethod, params: unknown): { link: Link; value: unknown }[] {
    const fed: { link: Link; value: unknown }[] = [];
    for (const link of this.#links) {
      for (const target of link.targets.filter((candidate) => candidate.method === method.name)) {
        for (const place of placesIn(params, target.param)) {
          const found = valueAt(params, place.pointer);
          if (found.found) fed.push({ link, value: found.value });
        }
      }
    }
    return fed;
  }
}

function holdsEverywhere(value: unknown, segments: readonly string[]): boolean {
  const [segment, ...rest] = segments;
  if (segment === undefined) return true;
  if (segment === EVERY_ITEM)
    return Array.isArray(value) && value.length > 0 && value.every((item) => holdsEverywhere(item, rest));
  if (Array.isArray(value)) {
    const index = /^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : -1;
    return index >= 0 && index < value.length && holdsEverywhere(value[index], rest);
  }
  return isJsonObject(value) && Object.hasOwn(value, segment) && holdsEverywhere(value[segment], rest);
}

/**
 * The code an ended value is refused with: the rule's first code that the never-issued rule does
 * not also list (`session_ended`, not `invalid_token`), else its first.
 */
function endedCode(rule: Ended, never: NeverIssued | undefined): string | number {
  const own = rule.refusedWith.find((code) => !(never?.refusedWith ?? []).includes(code));
  return own ?? rule.refusedWith[0] ?? "";
}
