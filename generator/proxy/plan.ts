/**
 * What the proxy knows of the contract whose traffic it watches, read once through the pipeline's
 * own model: what every tool reads (values/served-contract.ts), and each method's sensitive params
 * and 64-bit locations, the methods found by wire name.
 */
import type { Pointer } from "../json.js";
import {
  methodIntegers,
  servedContract,
  servedMethod,
  servedPlan,
  type MethodIntegers,
  type ServedMethod,
  type ServedPlan,
} from "../values/served-contract.js";

/** The binding's timeout (`timeoutMs`) is the deadline: an answer later than it is a violation. */
export interface ProxyMethod extends ServedMethod, MethodIntegers {
  readonly sensitiveParams: readonly string[];
}

export interface ProxyPlan extends ServedPlan {
  /** By wire name. */
  readonly methods: ReadonlyMap<string, ProxyMethod>;
}

export function proxyPlan(choice: { readonly contract?: string | undefined }): ProxyPlan {
  const served = servedContract(choice, "the proxy needs one to know the traffic");
  const { graph, model } = served;
  const methods = model.methods.map((method): ProxyMethod => ({
    ...servedMethod(method),
    sensitiveParams: method.sensitiveParams,
    ...methodIntegers(graph, method, model.int64),
  }));
  return { ...servedPlan(served, served.transport), methods: new Map(methods.map((method) => [method.tool, method])) };
}

/** Every schema the proxy judges by: each method's params and result. */
export function judgedSchemas(plan: ProxyPlan): Pointer[] {
  return [...plan.methods.values()].flatMap((method) => [method.params, method.result]);
}
