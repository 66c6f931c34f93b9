/**
 * The case families of one method, each with its fast-check arbitrary:
 * - positive: params its schema accepts, linked params to be filled from real answers;
 * - negative: params breaking exactly one constraint (one family, its plans mixed);
 * - never-issued (per lifecycle rule): positive params whose linked value its source never issued;
 * - ended (per lifecycle rule): positive params, and the ending method's own positive params, so
 *   a case is: get a value, end it, call with it.
 * A case value also carries `picks`, the seed its link choices are made from, so shrinking it
 * moves each choice towards the first item.
 */
import fc from "fast-check";
import type { LifecycleRule, Link, LinkTarget } from "../model/types.js";
import { mutationsOf, type Mutation } from "../values/arbitrary/mutations.js";
import type { NegativeArbitraries } from "../values/arbitrary/negative.js";
import type { PositiveArbitraries } from "../values/arbitrary/positive.js";
import type { ConformPlan, PlannedMethod } from "./plan.js";

export type Family = "positive" | "negative" | "never-issued" | "ended";

export interface CaseValue {
  readonly params: unknown;
  readonly picks: number;
  /** A negative case's plan, an index into its family's mutations. */
  readonly mutation?: number;
  /** An ended case's params for the ending method. */
  readonly enderParams?: unknown;
}

export interface CaseFamily {
  readonly family: Family;
  readonly method: PlannedMethod;
  readonly arbitrary: fc.Arbitrary<CaseValue>;
  readonly mutations: readonly Mutation[];
  /** A lifecycle family's rule, its link, where the link's value goes, and the method that ends it. */
  readonly rule?: LifecycleRule;
  readonly link?: Link;
  readonly target?: LinkTarget;
  readonly ender?: PlannedMethod;
}

/** A seed small enough to shrink well, large enough to spread choices. */
const picks = (): fc.Arbitrary<number> => fc.nat({ max: 0xffff });

export function familiesOf(
  plan: ConformPlan,
  method: PlannedMethod,
  positives: PositiveArbitraries,
  negatives: NegativeArbitraries,
): CaseFamily[] {
  const positive = positives.of(method.params);
  const families: CaseFamily[] = [
    { family: "positive", method, mutations: [], arbitrary: fc.record({ params: positive, picks: picks() }) },
  ];
  const mutations = mutationsOf(plan.graph, method.params, plan.int64);
  if (mutations.length > 0) {
    const plans = mutations.map((mutation, index) =>
      fc.record({ params: negatives.of(method.params, mutation), picks: picks(), mutation: fc.constant(index) }),
    );
    families.push({ family: "negative", method, mutations, arbitrary: fc.oneof(...plans) });
  }
  for (const rule of plan.lifecycle) {
    const link = plan.links.find((candidate) => candidate.name === rule.link);
    const target = link?.targets.find((candidate) => candidate.method === method.name);
    if (link === undefined || target === undefined) continue;
    if (rule.kind === "never-issued") {
      families.push({
        family: "never-issued",
        method,
        mutations: [],
        rule,
        link,
        target,
        arbitrary: fc.record({ params: positive, picks: picks() }),
      });
      continue;
    }
    const ender = plan.methods.find((candidate) => candidate.name === rule.by);
    if (ender === undefined || !link.targets.some((candidate) => candidate.method === ender.name)) continue;
    families.push({
      family: "ended",
      method,
      mutations: [],
      rule,
      link,
      target,
      ender,
      arbitrary: fc.record({ params: positive, picks: picks(), enderParams: positives.of(ender.params) }),
    });
  }
  return families;
}

/** A family's name in reports: `positive`, `negative`, `lifecycle never-issued token`. */
export function familyName(family: CaseFamily): string {
  return family.rule === undefined ? family.family : `${family.family} ${family.rule.link}`;
}
