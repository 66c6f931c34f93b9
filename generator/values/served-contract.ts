/**
 * A contract as the tools that talk to its service read it (`conform` judges a host, `mock` is
 * one): loaded, indexed and modelled through the pipeline, with the transport its binding
 * declares, the ready notification's params found among the contract's notifications. A binding
 * that names no transport is bad input: neither tool has a service to reach or to be.
 */
import type { IntegerShape } from "../../templates/runtime/core/integers.js";
import { integerShape } from "../analyses/integer-shape.js";
import { BindgenError } from "../errors.js";
import type { Pointer } from "../json.js";
import type { ReadyBinding } from "../load/binding.js";
import { loadContract, type LoadedContract } from "../load/contract.js";
import { discoverContract } from "../load/discover.js";
import type { ContractModel } from "../model/types.js";
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
export function bigintShape(graph: SchemaGraph, at: Pointer, int64: Int64Reading): IntegerShape | undefined {
  if (int64 !== "bigint") return undefined;
  const shape = integerShape(graph, at, int64);
  return shape?.some((node) => node.int64 === true) === true ? shape : undefined;
}
