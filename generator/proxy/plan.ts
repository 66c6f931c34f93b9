/**
 * What the proxy knows of the contract whose traffic it watches, read once through the pipeline's
 * own model: each method's wire name, schemas, timeout and sensitive params, the links and
 * lifecycle rules between methods, the error model and the transport the binding declares.
 */
import type { IntegerShape } from "../../templates/runtime/core/integers.js";
import type { ErrorModel } from "../contract/shape.js";
import type { Pointer } from "../json.js";
import type { LifecycleRule, Link } from "../model/types.js";
import type { SchemaGraph } from "../resolve/index.js";
import type { Int64Reading } from "../schema/integers.js";
import { bigintShape, servedContract, type ServedTransport } from "../values/served-contract.js";

export interface ProxyMethod {
  /** The method's key in the schema (what links and lifecycle rules name). */
  readonly name: string;
  /** The wire name. */
  readonly tool: string;
  readonly params: Pointer;
  readonly result: Pointer;
  /** The binding's timeout: an answer later than this is a deadline violation. */
  readonly timeoutMs: number;
  readonly sensitiveParams: readonly string[];
  /** In bigint mode, the 64-bit locations the binding's client reads as bigints (params and result). */
  readonly paramsIntegers: IntegerShape | undefined;
  readonly resultIntegers: IntegerShape | undefined;
}

export interface ProxyPlan {
  /** The contract's `$id`. */
  readonly id: string;
  readonly graph: SchemaGraph;
  /** By wire name. */
  readonly methods: ReadonlyMap<string, ProxyMethod>;
  readonly links: readonly Link[];
  readonly lifecycle: readonly LifecycleRule[];
  readonly errors: ErrorModel;
  readonly transport: ServedTransport;
  readonly int64: Int64Reading;
}

export function proxyPlan(choice: { readonly contract?: string | undefined }): ProxyPlan {
  const { graph, model, transport } = servedContract(choice, "the proxy needs one to know the traffic");
  const methods = model.methods.map((method): ProxyMethod => ({
    name: method.name,
    tool: method.tool,
    params: method.params,
    result: method.result,
    timeoutMs: method.timeoutMs,
    sensitiveParams: method.sensitiveParams,
    paramsIntegers: bigintShape(graph, method.params, model.int64),
    resultIntegers: bigintShape(graph, method.result, model.int64),
  }));
  return {
    id: model.id,
    graph,
    methods: new Map(methods.map((method) => [method.tool, method])),
    links: model.links,
    lifecycle: model.lifecycle,
    errors: model.errors,
    transport,
    int64: model.int64,
  };
}

/** Every schema the proxy judges by: each method's params and result. */
export function judgedSchemas(plan: ProxyPlan): Pointer[] {
  return [...plan.methods.values()].flatMap((method) => [method.params, method.result]);
}
