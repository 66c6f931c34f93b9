/**
 * What `conform` knows of the contract it tests, read once through the pipeline's own model:
 * each method's wire name, timeout, schemas, secrets and safety marks, the links and lifecycle
 * rules between methods, the error model and how the host is reached. Nothing here names a
 * product: every fact comes from the contract and its binding file.
 */
import type { ErrorModel } from "../contract/shape.js";
import { BindgenError } from "../errors.js";
import { isJsonObject, type Pointer } from "../json.js";
import type { ReadyBinding, SideEffects } from "../load/binding.js";
import { loadContract } from "../load/contract.js";
import { discoverContract } from "../load/discover.js";
import type { LifecycleRule, Link } from "../model/types.js";
import { modelOf } from "../pipeline.js";
import { indexSchema, type SchemaIndex } from "../resolve/index.js";

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
}

export type PlannedTransport =
  | { readonly kind: "rightkit-daemon"; readonly service: string; readonly app: string }
  | {
      readonly kind: "jsonrpc-stdio";
      readonly command: readonly string[];
      readonly ready: (ReadyBinding & { readonly params: Pointer }) | undefined;
    };

export interface ConformPlan {
  /** The contract's `$id`. */
  readonly id: string;
  readonly index: SchemaIndex;
  /** Sorted by name. */
  readonly methods: readonly PlannedMethod[];
  readonly links: readonly Link[];
  readonly lifecycle: readonly LifecycleRule[];
  readonly errors: ErrorModel;
  readonly transport: PlannedTransport;
  /** How a person types the binding's CLI (`right-ctl demo`), when the binding names one. */
  readonly cliCommand: string | undefined;
  readonly verbatimKeys: readonly string[];
}

export function conformPlan(choice: { readonly contract?: string | undefined }): ConformPlan {
  const loaded = loadContract(discoverContract(choice));
  const index = indexSchema(loaded.schema, loaded.schemaFile);
  const model = modelOf(loaded, index);
  const bound = model.transport;
  if (bound === undefined) {
    throw new BindgenError("bad_binding", "names no transport; conform needs one to reach the host", {
      file: loaded.bindingFile ?? loaded.schemaFile,
      pointer: "#/transport",
    });
  }
  let transport: PlannedTransport;
  if (bound.kind === "rightkit-daemon") {
    transport = { kind: bound.kind, service: bound.service, app: bound.app };
  } else {
    const ready = bound.ready;
    const notification = ready === undefined ? undefined : model.notifications.find((n) => n.name === ready.notification);
    transport = {
      kind: bound.kind,
      command: [bound.command, ...(bound.args ?? [])],
      ready: ready === undefined || notification === undefined ? undefined : { ...ready, params: notification.params },
    };
  }
  const cli = isJsonObject(loaded.binding?.cli) && typeof loaded.binding?.cli.command === "string";
  return {
    id: model.id,
    index,
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
    })),
    links: model.links,
    lifecycle: model.lifecycle,
    errors: model.errors,
    transport,
    cliCommand: cli ? model.cliCommand : undefined,
    verbatimKeys: model.verbatimKeys,
  };
}
