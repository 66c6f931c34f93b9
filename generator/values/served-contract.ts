/**
 * A contract as the tools that talk to its service read it (`conform` judges a host, `mock` is
 * one, the proxy watches one): loaded, indexed and modelled through the pipeline, with the
 * transport its binding declares, the ready notification's params found among the contract's
 * notifications. A binding that names no transport is bad input: no tool has a service to reach
 * or to be. Each tool's plan is a `ServedPlan`: the facts every one of them reads, said here
 * once, and a method table of its own built on `ServedMethod`.
 */
import type { IntegerShape } from "../../templates/runtime/core/integers.js";
import { integerShape } from "../analyses/integer-shape.js";
import { BindgenError } from "../errors.js";
import type { Pointer } from "../json.js";
import type { ReadyBinding } from "../load/binding.js";
import { loadContract, type LoadedContract } from "../load/contract.js";
import { discoverContract } from "../load/discover.js";
import type { ErrorModel } from "../contract/shape.js";
import type { ContractModel, LifecycleRule, Link, Method } from "../model/types.js";
import { modelOf } from "../pipeline.js";
import { schemaGraph, type SchemaGraph } from "../resolve/index.js";
import type { Int64Reading } from "../schema/integers.js";

export type ServedTransport =
  | { readonly kind: "rightkit-daemon"; readonly service: string; readonly app: string }
  | {
      readonly kind: "jsonrpc-stdio";
      /** The server's command line, as the binding gives it. */
      readonly command: readonly string[];
      readonly ready: (ReadyBinding & { readonly params: Pointer }) | undefined;
    };

export interface ServedContract {
  readonly loaded: LoadedContract;
  readonly graph: SchemaGraph;
  readonly model: ContractModel;
  readonly transport: ServedTransport;
}

/** What every tool reads of a method: its names, schemas and the binding's timeout. */
export interface ServedMethod {
  /** The method's key in the schema (what links and lifecycle rules name). */
  readonly name: string;
  /** The wire name. */
  readonly tool: string;
  readonly params: Pointer;
  readonly result: Pointer;
  /** The binding's timeout for the method: a client gives up after it. */
  readonly timeoutMs: number;
}

/** What every tool reads of the contract beside its methods. */
export interface ServedPlan<Transport = ServedTransport> {
  /** The contract's `$id`. */
  readonly id: string;
  readonly graph: SchemaGraph;
  readonly links: readonly Link[];
  readonly lifecycle: readonly LifecycleRule[];
  readonly errors: ErrorModel;
  readonly transport: Transport;
  /** How the binding reads its 64-bit integer locations (binding `numbers.int64`). */
  readonly int64: Int64Reading;
}

/** The plan's facts every tool shares, from the served contract; `transport` as the tool needs it. */
export function servedPlan<Transport>(served: ServedContract, transport: Transport): ServedPlan<Transport> {
  const { graph, model } = served;
  return {
    id: model.id,
    graph,
    links: model.links,
    lifecycle: model.lifecycle,
    errors: model.errors,
    transport,
    int64: model.int64,
  };
}

/** A model method's shared facts. */
export function servedMethod({ name, tool, params, result, timeoutMs }: Method): ServedMethod {
  return { name, tool, params, result, timeoutMs };
}

/**
 * In bigint mode, where a method's params and result hold 64-bit integers (the client's
 * `paramsIntegers`/`resultIntegers`): answers and params are read along them as the binding's
 * client reads them. Undefined in number mode, or when the schema has none.
 */
export interface MethodIntegers {
  readonly paramsIntegers: IntegerShape | undefined;
  readonly resultIntegers: IntegerShape | undefined;
}

export function methodIntegers(graph: SchemaGraph, method: Method, int64: Int64Reading): MethodIntegers {
  return { paramsIntegers: bigintShape(graph, method.params, int64), resultIntegers: bigintShape(graph, method.result, int64) };
}

/** `needs` completes the refusal of a binding without a transport: "conform needs one to reach the host". */
export function servedContract(choice: { readonly contract?: string | undefined }, needs: string): ServedContract {
  const loaded = loadContract(discoverContract(choice));
  const graph = schemaGraph(loaded.schema, loaded.schemaFile);
  const model = modelOf(loaded, graph);
  const bound = model.transport;
  if (bound === undefined) {
    throw new BindgenError("bad_binding", `names no transport; ${needs}`, {
      file: loaded.bindingFile ?? loaded.schemaFile,
      pointer: "#/transport",
    });
  }
  if (bound.kind === "rightkit-daemon") {
    return { loaded, graph, model, transport: { kind: bound.kind, service: bound.service, app: bound.app } };
  }
  const ready = bound.ready;
  const notification = ready === undefined ? undefined : model.notifications.find((n) => n.name === ready.notification);
  const transport: ServedTransport = {
    kind: bound.kind,
    command: [bound.command, ...(bound.args ?? [])],
    ready: ready === undefined || notification === undefined ? undefined : { ...ready, params: notification.params },
  };
  return { loaded, graph, model, transport };
}

/**
 * The table the binding's client reads a value's 64-bit integers by (analyses/integer-shape.ts):
 * the generator writes it as a literal for the client, and conform and the proxy read the same
 * data, so all read alike. Only in bigint mode, and only when the table has a 64-bit location:
 * number mode reads nothing differently.
 */
function bigintShape(graph: SchemaGraph, at: Pointer, int64: Int64Reading): IntegerShape | undefined {
  if (int64 !== "bigint") return undefined;
  const shape = integerShape(graph, at, int64);
  return shape?.some((node) => node.int64 === true) === true ? shape : undefined;
}
