/**
 * The generated client `mcp` calls through, opened on the target the command line named: a
 * rightkit-daemon binding's client over `DaemonTransport` (the suite root as its CLI finds it),
 * a jsonrpc-stdio binding's `spawn()`ed over stdio — started at the first call, so listing the
 * tools starts nothing, and started again by the next call after a failed start. A method is
 * called as a TypeScript caller would: `client.identity.resolve(params, options)`, by the
 * member path the naming stage gave it.
 */
import { BindgenError } from "../errors.js";
import type { ContractModel, Method, Namespace } from "../model/types.js";
import type { ToolCallOptions } from "../../templates/runtime/core/call.js";
import type { BindingModule } from "./binding-module.js";

/** Where the service is: as the generated CLIs take it (`--suite-root`, `--server`). */
export type McpTarget =
  | { readonly kind: "rightkit-daemon"; readonly suiteRoot: string | undefined }
  | { readonly kind: "jsonrpc-stdio"; readonly command: readonly string[] | undefined };

export interface ToolCaller {
  call(method: Method, params: unknown, options: ToolCallOptions): Promise<unknown>;
  /** Ends the transport (and a spawned server); calls in flight fail with service_unavailable. */
  close(): Promise<void>;
}

type Callable = (params: unknown, options: ToolCallOptions) => Promise<unknown>;
type ClientObject = { readonly [member: string]: unknown; close(): Promise<void> };
type DaemonClientClass = new (transport: unknown) => ClientObject;
type StdioClientClass = { spawn(options: object): Promise<ClientObject> };

/**
 * Bad input unless the binding names a transport of the target's kind: checked before anything
 * is loaded or compiled, and again when the caller opens.
 */
export function checkTarget(model: ContractModel, target: McpTarget, bindingFile: string | undefined): void {
  const transportKind = model.transport?.kind;
  if (transportKind === undefined) {
    throw new BindgenError("bad_binding", "names no transport; mcp needs one to reach the service", {
      file: bindingFile,
      pointer: "#/transport",
    });
  }
  if (transportKind !== target.kind) {
    throw new BindgenError(
      "bad_argument",
      `${model.id} is served over ${transportKind}; ${target.kind === "rightkit-daemon" ? "--suite-root" : "--server"} does not apply`,
    );
  }
}

export function openCaller(binding: BindingModule, model: ContractModel, target: McpTarget): ToolCaller {
  checkTarget(model, target, undefined);
  const clientClass = binding[model.names.clientClass];
  return target.kind === "rightkit-daemon"
    ? daemonCaller(binding, clientClass as DaemonClientClass, target.suiteRoot, model)
    : stdioCaller(clientClass as StdioClientClass, target.command, model);
}

function daemonCaller(
  binding: BindingModule,
  Client: DaemonClientClass,
  suiteRoot: string | undefined,
  model: ContractModel,
): ToolCaller {
  const resolve = binding["resolveSuiteRoot"] as (option: string | undefined) => string;
  const Transport = binding["DaemonTransport"] as new (options: { suiteRoot: string }) => unknown;
  let root: string;
  try {
    root = resolve(suiteRoot);
  } catch (error) {
    // suite_unresolved: a relative root, which the client refuses rather than guess against the
    // working directory. The binding's own runtime threw it, so its ToolError is known by its code.
    if (!(error instanceof Error && (error as { code?: unknown }).code === "suite_unresolved")) throw error;
    throw new BindgenError("bad_argument", `--suite-root: ${error.message}`);
  }
  const client = new Client(new Transport({ suiteRoot: root }));
  return {
    call: (method, params, options) => member(client, model, method)(params, options),
    close: () => client.close(),
  };
}

/** What the gate's transport rejects with: the client accepted the params and would now send them. */
const PARAMS_ACCEPTED = Symbol("params accepted");

function stdioCaller(Client: StdioClientClass, command: readonly string[] | undefined, model: ContractModel): ToolCaller {
  let started: Promise<ClientObject> | undefined;
  // The server's stderr is not ours to pass on: it may echo what it was sent, secrets included.
  const options =
    command === undefined ? { stderr: "ignore" } : { command: command[0], args: command.slice(1), stderr: "ignore" };
  const client = (): Promise<ClientObject> => {
    started ??= Client.spawn(options).catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    return started;
  };
  // Starting the server is this transport's connecting, and params are checked before it: each
  // call first meets the same generated client over a transport that is never reached, so
  // refused params are refused by the client itself and start nothing.
  const gate = new (Client as unknown as DaemonClientClass)({
    call: () => Promise.reject(PARAMS_ACCEPTED),
    close: () => Promise.resolve(),
  });
  return {
    call: async (method, params, callOptions) => {
      const checked = await member(
        gate,
        model,
        method,
      )(params, callOptions).then(
        () => PARAMS_ACCEPTED,
        (error: unknown) => error,
      );
      if (checked !== PARAMS_ACCEPTED) throw checked;
      return member(await client(), model, method)(params, callOptions);
    },
    close: async () => {
      const running = started;
      started = undefined;
      if (running !== undefined) await (await running.catch(() => undefined))?.close();
    },
  };
}

/** The client's function for `method`, found by the namespace members leading to it. */
function member(client: ClientObject, model: ContractModel, method: Method): Callable {
  const path = memberPath(model.tree, method);
  if (path === undefined) throw new Error(`${method.tool} is not a member of the ${model.names.clientClass} tree`);
  let holder: { readonly [member: string]: unknown } = client;
  for (const namespace of path.slice(0, -1)) holder = holder[namespace] as { readonly [member: string]: unknown };
  const fn = holder[path[path.length - 1] as string] as Callable;
  return (params, options) => fn.call(holder, params, options);
}

function memberPath(namespace: Namespace, method: Method): string[] | undefined {
  const own = namespace.methods.find((candidate) => candidate.name === method.name);
  if (own !== undefined) return [own.member];
  for (const child of namespace.namespaces) {
    const below = memberPath(child, method);
    if (below !== undefined) return [child.member, ...below];
  }
  return undefined;
}
