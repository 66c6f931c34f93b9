/**
 * What `conform` knows of the contract it tests, read once through the pipeline's own model:
 * beside what every tool reads (values/served-contract.ts), each method's CLI name, secrets,
 * safety marks and 64-bit locations, and how a person types the binding's CLI. Nothing here names
 * a product: every fact comes from the contract and its binding file.
 */
import { isJsonObject } from "../json.js";
import type { SideEffects } from "../load/binding.js";
import {
  methodIntegers,
  servedContract,
  servedMethod,
  servedPlan,
  type MethodIntegers,
  type ServedMethod,
  type ServedPlan,
} from "../values/served-contract.js";

export interface PlannedMethod extends ServedMethod, MethodIntegers {
  /** What a person types after the binding's CLI command. */
  readonly cliName: string;
  readonly sensitiveParams: readonly string[];
  readonly sideEffects: SideEffects | undefined;
  readonly waitsForPerson: boolean;
}

export interface ConformPlan extends ServedPlan {
  /** Sorted by name. */
  readonly methods: readonly PlannedMethod[];
  /** How a person types the binding's CLI (`right-ctl demo`), when the binding names one. */
  readonly cliCommand: string | undefined;
  readonly verbatimKeys: readonly string[];
}

export function conformPlan(choice: { readonly contract?: string | undefined }): ConformPlan {
  const served = servedContract(choice, "conform needs one to reach the host");
  const { loaded, graph, model } = served;
  const cli = isJsonObject(loaded.binding?.cli) && typeof loaded.binding?.cli.command === "string";
  return {
    ...servedPlan(served, served.transport),
    methods: model.methods.map((method) => ({
      ...servedMethod(method),
      cliName: method.cliName,
      sensitiveParams: method.sensitiveParams,
      sideEffects: method.sideEffects,
      waitsForPerson: method.waitsForPerson,
      ...methodIntegers(graph, method, model.int64),
    })),
    cliCommand: cli ? model.cliCommand : undefined,
    verbatimKeys: model.verbatimKeys,
  };
}
