/**
 * Where linked params get their values: from real answers of the links' sources. One live
 * answer per source method at a time (the current lineage): a token's request, the snapshot
 * taken with that token. A source is called when a case first needs it, with positive params of
 * its own (its links filled the same way), and its answer is reused until a method ends a value
 * it issued; then it and every answer made with its values are dropped, and the next case makes
 * new ones. `--value NAME=VALUE` gives a link's value by hand instead of calling its source.
 * Every value a source ever issued is remembered, so a "never issued" value really never was.
 */
import fc from "fast-check";
import type { Link } from "../model/types.js";
import type { PositiveArbitraries } from "../values/arbitrary/positive.js";
import { asSent } from "../values/json-text.js";
import { canonicalJson } from "../json.js";
import { chooseValue, mix, placesIn, setAt, valuesAt } from "../values/links.js";
import type { ConformPlan, PlannedMethod } from "./plan.js";
import { refusalToCall, type Safety } from "./safety.js";

/** A call whose answer feeds links, as a step of a reproducer. */
export interface Source {
  readonly serial: number;
  readonly method: PlannedMethod;
  readonly params: unknown;
  readonly uses: readonly Use[];
  readonly result: unknown;
}

/** A param filled from a link: where it went, and where it came from. */
export interface Use {
  readonly link: string;
  /** The concrete place in the params, e.g. `/steps/0/ref`. */
  readonly param: string;
  readonly value: unknown;
  /** The answer it came from, with the concrete place in its result; absent when given by --value. */
  readonly source?: Source;
  readonly from?: string;
}

export type Filled = { readonly ok: true; readonly uses: readonly Use[] } | { readonly ok: false; readonly reason: string };

/** Makes a source call: judged and recorded like any call; resolves with its result, or why there is none. */
export type SourceCall = (
  method: PlannedMethod,
  params: unknown,
  uses: readonly Use[],
) => Promise<{ ok: true; result: unknown } | { ok: false; reason: string }>;

/** A source that failed this many times in a row is not asked again this run. */
const MAX_SOURCE_FAILURES = 3;
/** Tries at positive params a source's validator accepts. */
const SOURCE_PARAM_TRIES = 10;
/** Source params are drawn this many at a time. */
const DRAW_BATCH = 64;

/** A value as the set of issued ones holds it: a string as itself (most are), anything else canonical. */
function issuedKey(value: unknown): string {
  return typeof value === "string" ? `"${value}` : canonicalJson(value);
}

export class Provider {
  readonly #plan: ConformPlan;
  readonly #positives: PositiveArbitraries;
  readonly #validParams: (method: PlannedMethod, params: unknown) => boolean;
  readonly #safety: Safety;
  readonly #given: ReadonlyMap<string, string>;
  readonly #seed: number;
  #call: SourceCall = () => Promise.resolve({ ok: false, reason: "no source call" });
  readonly #live = new Map<string, Source>();
  readonly #failures = new Map<string, { count: number; reason: string }>();
  readonly #issued = new Map<string, Set<string>>();
  #serial = 0;
  /** How many source calls were prepared: each one's link choices have a seed of their own. */
  #draws = 0;
  /** Drawn source params not yet used, and how many batches were drawn, by source method. */
  readonly #drawn = new Map<string, unknown[]>();
  readonly #batches = new Map<string, number>();

  constructor(options: {
    plan: ConformPlan;
    positives: PositiveArbitraries;
    validParams: (method: PlannedMethod, params: unknown) => boolean;
    safety: Safety;
    given: ReadonlyMap<string, string>;
    seed: number;
  }) {
    this.#plan = options.plan;
    this.#positives = options.positives;
    this.#validParams = options.validParams;
    this.#safety = options.safety;
    this.#given = options.given;
    this.#seed = options.seed;
  }

  useCalls(call: SourceCall): void {
    this.#call = call;
  }

  /** The links that feed `method`, by name. */
  linksInto(method: PlannedMethod): Link[] {
    return this.#plan.links.filter((link) => link.targets.some((target) => target.method === method.name));
  }

  isGiven(link: string): boolean {
    return this.#given.has(link);
  }

  /**
   * Fills every place a link feeds in `params` (changed in place), but the links in `skip` and
   * the places `keep` says to leave as they are (a negative case's broken value).
   */
  async fill(
    method: PlannedMethod,
    params: unknown,
    picks: number,
    skip: ReadonlySet<string> = new Set(),
    keep: (pointer: string) => boolean = () => false,
  ): Promise<Filled> {
    const uses: Use[] = [];
    for (const link of this.linksInto(method)) {
      if (skip.has(link.name)) continue;
      const target = link.targets.find((candidate) => candidate.method === method.name);
      const places = target === undefined ? [] : placesIn(params, target.param).filter((place) => !keep(place.pointer));
      if (places.length === 0) continue;
      const given = this.#given.get(link.name);
      if (given !== undefined) {
        for (const place of places) {
          setAt(params, place.pointer, given);
          uses.push({ link: link.name, param: place.pointer, value: given });
        }
        continue;
      }
      const source = await this.#source(link.from);
      if (typeof source === "string") return { ok: false, reason: `${link.name}: ${source}` };
      for (const place of places) {
        const chosen = chooseValue(source.result, link.from, link.pointer, picks, place.key);
        if (chosen === undefined)
          return { ok: false, reason: `${link.name}: ${source.method.tool}'s answer holds nothing at ${link.pointer}` };
        setAt(params, place.pointer, chosen.value);
        uses.push({ link: link.name, param: place.pointer, value: chosen.value, source, from: chosen.pointer });
      }
    }
    return { ok: true, uses };
  }

  /** Notes what a call of a source issued, so no "never issued" case uses it. */
  noteIssued(method: PlannedMethod, result: unknown): void {
    for (const link of this.#plan.links) {
      if (link.from !== method.name) continue;
      const issued = this.#issued.get(link.name) ?? new Set<string>();
      for (const { value } of valuesAt(result, link.pointer)) issued.add(issuedKey(value));
      this.#issued.set(link.name, issued);
    }
  }

  wasIssued(link: string, value: unknown): boolean {
    return this.#issued.get(link)?.has(issuedKey(value)) === true || this.#given.get(link) === value;
  }

  /** A method ended the values of these uses: their answers, and every answer made with them, are dropped. */
  ended(uses: readonly Use[]): void {
    for (const use of uses) if (use.source !== undefined) this.#drop(use.source);
  }

  #drop(source: Source): void {
    if (this.#live.get(source.method.name) === source) this.#live.delete(source.method.name);
    for (const other of [...this.#live.values()]) if (other.uses.some((use) => use.source === source)) this.#drop(other);
  }

  /** The next positive params for a source call, drawn a batch at a time (each draw has a cost of its own), each batch from a seed of its own. */
  #nextParams(method: PlannedMethod): unknown {
    let pending = this.#drawn.get(method.name);
    if (pending === undefined || pending.length === 0) {
      const batch = (this.#batches.get(method.name) ?? 0) + 1;
      this.#batches.set(method.name, batch);
      pending = fc.sample(this.#positives.of(method.params), {
        seed: mix(`${this.#seed}:${method.name}:${batch}`) | 0,
        numRuns: DRAW_BATCH,
      });
      this.#drawn.set(method.name, pending);
    }
    return pending.shift();
  }

  async #source(name: string): Promise<Source | string> {
    const live = this.#live.get(name);
    if (live !== undefined) return live;
    const method = this.#plan.methods.find((candidate) => candidate.name === name);
    if (method === undefined) return `no method ${name}`;
    const failed = this.#failures.get(name);
    if (failed !== undefined && failed.count >= MAX_SOURCE_FAILURES) return failed.reason;
    const refused = refusalToCall(method, "succeed", this.#safety);
    if (refused !== undefined) return refused;
    const draw = ++this.#draws;
    let params: unknown;
    for (let attempt = 0; attempt < SOURCE_PARAM_TRIES && params === undefined; attempt++) {
      const copy = asSent(this.#nextParams(method) ?? {});
      if (this.#validParams(method, copy)) params = copy;
    }
    if (params === undefined) return `no params for ${method.tool} that its params schema accepts could be generated`;
    const filled = await this.fill(method, params, draw);
    if (!filled.ok) return filled.reason;
    const answered = await this.#call(method, params, filled.uses);
    if (!answered.ok) {
      const reason = `${method.tool}, called for a value, ${answered.reason}`;
      this.#failures.set(name, { count: (failed?.count ?? 0) + 1, reason });
      return reason;
    }
    this.#failures.delete(name);
    // Numbered once answered, so a source's own sources come before it.
    const source: Source = { serial: ++this.#serial, method, params, uses: filled.uses, result: answered.result };
    this.#live.set(name, source);
    return source;
  }
}
