/**
 * What `conform` knows of the contract it tests, read once through the pipeline's own model:
 * each method's wire name, timeout, schemas, secrets and safety marks, the links and lifecycle
 * rules between methods, the error model and how the host is reached. Nothing here names a
 * product: every fact comes from the contract and its binding file.
 */
import type { ErrorModel } from "../contract/shape.js";
import { isJsonObject, type Pointer } from "../json.js";
import type { SideEffects } from "../load/binding.js";
import type { LifecycleRule, Link } from "../model/types.js";
import type { SchemaGraph } from "../resolve/index.js";
import { bigintShape, servedContract, type ServedTransport } from "../values/served-contract.js";
import type { Int64Reading } from "../schema/integers.js";
import type { IntegerShape } from "../../templates/runtime/core/integers.js";

export interface PlannedMethod {
  /** The method's key in the schema (what links and lifecycle rules name). */
  readonly name: string;
  /** The wire name. */
  readonly tool: string;
  /** What a person types after the binding's CLI command. */
  readonly cliName: string;
  readonly timeoutMs: number;
  readonly params: Pointer;
  readonly result: Pointer;
  readonly sensitiveParams: readonly string[];
  readonly sideEffects: SideEffects | undefined;
  readonly waitsForPerson: boolean;
  /**
   * In bigint mode, where the params and the result hold 64-bit integers (the client's
   * `paramsIntegers`/`resultIntegers`): answers and saved params are read along them as the
   * binding's client reads them. Undefined in number mode, or when the schema has none.
   */
  readonly paramsIntegers: IntegerShape | undefined;
  readonly resultIntegers: IntegerShape | undefined;
}

export type PlannedTransport = ServedTransport;

export interface ConformPlan {
  /** The contract's `$id`. */
  readonly id: string;
  readonly graph: SchemaGraph;
  /** Sorted by name. */
  readonly methods: readonly PlannedMethod[];
  readonly links: readonly Link[];
  readonly lifecycle: readonly LifecycleRule[];
  readonly errors: ErrorModel;
  readonly transport: PlannedTransport;
  /** How a person types the binding's CLI (`right-ctl demo`), when the binding names one. */
  readonly cliCommand: string | undefined;
  readonly verbatimKeys: readonly string[];
  /** How the binding reads its 64-bit integer locations (binding `numbers.int64`): cases follow it. */
  readonly int64: Int64Reading;
}

export function conformPlan(choice: { readonly contract?: string | undefined }): ConformPlan {
  const { loaded, graph, model, transport } = servedContract(choice, "conform needs one to reach the host");
  const cli = isJsonObject(loaded.binding?.cli) && typeof loaded.binding?.cli.command === "string";
  return {
    id: model.id,
    graph,
    methods: model.methods.map((method) => ({
      name: method.name,
      tool: method.tool,
      cliName: method.cliName,
      timeoutMs: method.timeoutMs,
      params: method.params,
      result: method.result,
      sensitiveParams: method.sensitiveParams,
      sideEffects: method.sideEffects,
      waitsForPerson: method.waitsForPerson,
      paramsIntegers: bigintShape(graph, method.params, model.int64),
      resultIntegers: bigintShape(graph, method.result, model.int64),
    })),
    links: model.links,
    lifecycle: model.lifecycle,
    errors: model.errors,
    transport,
    cliCommand: cli ? model.cliCommand : undefined,
    verbatimKeys: model.verbatimKeys,
    int64: model.int64,
  };
}
