/**
 * What `mock` knows of the contract it serves, read once through the pipeline's own model: each
 * method's wire name and schemas, the links and lifecycle rules between methods, the error model,
 * the transport the binding declares (and its ready notification). Nothing here names a product:
 * every fact comes from the contract and its binding file.
 */
import type { ErrorModel } from "../contract/shape.js";
import type { Pointer } from "../json.js";
import type { ReadyBinding } from "../load/binding.js";
import type { LifecycleRule, Link } from "../model/types.js";
import type { SchemaGraph } from "../resolve/index.js";
import { servedContract } from "../values/served-contract.js";
import type { Int64Reading } from "../schema/integers.js";

export interface MockMethod {
  /** The method's key in the schema (what links and lifecycle rules name). */
  readonly name: string;
  /** The wire name. */
  readonly tool: string;
  readonly params: Pointer;
  readonly result: Pointer;
  /** The binding's timeout for the method: a client gives up after it. */
  readonly timeoutMs: number;
  /** The binding marks the method as waiting for a person (consent): `--wait` delays its answer. */
  readonly waitsForPerson: boolean;
}

export type MockTransport =
  | { readonly kind: "rightkit-daemon"; readonly service: string; readonly app: string }
  | { readonly kind: "jsonrpc-stdio"; readonly ready: (ReadyBinding & { readonly params: Pointer }) | undefined };

export interface MockPlan {
  /** The contract's `$id`. */
  readonly id: string;
  readonly graph: SchemaGraph;
  /** Sorted by name. */
  readonly methods: readonly MockMethod[];
  readonly links: readonly Link[];
  readonly lifecycle: readonly LifecycleRule[];
  readonly errors: ErrorModel;
  readonly transport: MockTransport;
  /** Every result carries a boolean `ok` (binding `results.okEnvelope`): the mock answers `ok: true`. */
  readonly okEnvelope: boolean;
  readonly int64: Int64Reading;
}

export function mockPlan(choice: { readonly contract?: string | undefined }): MockPlan {
  const served = servedContract(choice, "mock needs one to serve");
  const { graph, model } = served;
  // The mock is the server: the command a client would start it with is not its to know.
  const transport: MockTransport =
    served.transport.kind === "rightkit-daemon"
      ? served.transport
      : { kind: served.transport.kind, ready: served.transport.ready };
  return {
    id: model.id,
    graph,
    methods: model.methods.map(({ name, tool, params, result, timeoutMs, waitsForPerson }) => ({
      name,
      tool,
      params,
      result,
      timeoutMs,
      waitsForPerson,
    })),
    links: model.links,
    lifecycle: model.lifecycle,
    errors: model.errors,
    transport,
    okEnvelope: model.okEnvelope,
    int64: model.int64,
  };
}

/** The method a wire name or a schema key names, if the contract has it. */
export function methodNamed(plan: MockPlan, name: string): MockMethod | undefined {
  return plan.methods.find((method) => method.tool === name || method.name === name);
}
