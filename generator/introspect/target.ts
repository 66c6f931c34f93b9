/**
 * Which contract `introspect` compares a server with, and what its binding tells it: the ready
 * notification to wait for (and the version it must report), the introspection method and where
 * its answer lists names, and the contract's own names as they travel on the wire.
 */
import { readFileSync } from "node:fs";
import { majorOf, sameMajor } from "../../templates/runtime/transports/ready.js";
import { contractShape } from "../contract/shape.js";
import { BindgenError } from "../errors.js";
import { parseBinding, type Binding, type IntrospectionBinding, type ReadyBinding } from "../load/binding.js";
import { loadContract, type ContractSource, type LoadedContract } from "../load/contract.js";
import { discoverContract, discoverContracts } from "../load/discover.js";
import { isJsonObject } from "../json.js";
import type { NameSets } from "./compare.js";

export interface IntrospectTarget {
  /** The contract's `$id` (its file when it has none), as reports name it. */
  readonly id: string;
  readonly ready: ReadyBinding | undefined;
  readonly introspection: IntrospectionBinding;
  /** Wire names: a method's binding `tool` when set, else its name. */
  readonly names: NameSets;
}

export interface TargetChoice {
  readonly contract?: string | undefined;
  readonly binding?: string | undefined;
}

const NEEDS = "introspect needs a binding whose transport (kind jsonrpc-stdio) has an introspection section";

export function introspectTarget(choice: TargetChoice): IntrospectTarget {
  const loaded = loadContract(choice.contract === undefined ? onlyIntrospectable(choice) : discoverContract(choice));
  if (loaded.binding === undefined)
    throw new BindgenError("bad_binding", `has no binding file; ${NEEDS}`, { file: loaded.schemaFile });
  const transport = introspectable(loaded.binding);
  if (transport === undefined) {
    throw new BindgenError("bad_binding", `names no introspection; ${NEEDS}`, {
      file: loaded.bindingFile,
      pointer: "#/transport",
    });
  }
  return {
    id: contractId(loaded),
    ready: transport.ready,
    introspection: transport.introspection,
    names: wireNames(loaded.schema, loaded.binding),
  };
}

/** The ready notification's version must share the contract version's major: `0.3` serves `0.2`, `1.0` does not. */
export function versionRefusal(ready: ReadyBinding, params: unknown): string | undefined {
  const { versionField: field, version: expected } = ready;
  if (field === undefined || expected === undefined) return undefined;
  const reported = isJsonObject(params) ? params[field] : undefined;
  if (typeof reported === "string" && sameMajor(reported, expected)) return undefined;
  const says = reported === undefined ? `no ${field}` : `${field} ${JSON.stringify(reported)}`;
  return `its ${ready.notification} reports ${says}; the contract is for ${expected} (major ${majorOf(expected)})`;
}

type Introspectable = { readonly ready: ReadyBinding | undefined; readonly introspection: IntrospectionBinding };

function introspectable(binding: Binding): Introspectable | undefined {
  const transport = binding.transport;
  if (transport?.kind !== "jsonrpc-stdio" || transport.introspection === undefined) return undefined;
  return { ready: transport.ready, introspection: transport.introspection };
}

/**
 * Without --contract: the one contract in ./contract whose binding can be introspected. Only the
 * binding files are read to choose, so a contract that cannot be introspected is never loaded.
 */
function onlyIntrospectable(choice: TargetChoice): ContractSource {
  const found = discoverContracts(choice).filter(
    (source) => source.binding !== undefined && introspectable(readBinding(source.binding)) !== undefined,
  );
  if (found.length === 1) return found[0] as ContractSource;
  const why =
    found.length === 0
      ? "no contract in ./contract has a binding with an introspection section"
      : `./contract holds ${found.length} contracts whose bindings have an introspection section (${found.map((source) => source.contract).join(", ")})`;
  throw new BindgenError("bad_argument", `--contract is required: ${why}`);
}

function readBinding(file: string): Binding {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new BindgenError("io", `cannot read: ${(error as Error).message}`, { file });
  }
  return parseBinding(text, file);
}

function wireNames(schema: unknown, binding: Binding): NameSets {
  const shape = contractShape(schema);
  const tool = (name: string): string => (Object.hasOwn(binding.methods, name) ? binding.methods[name]?.tool : undefined) ?? name;
  return {
    methods: shape.methods.map(({ name }) => tool(name)),
    notifications: shape.notifications.map(({ name }) => name),
  };
}

function contractId(loaded: LoadedContract): string {
  const id = isJsonObject(loaded.schema) ? loaded.schema["$id"] : undefined;
  return typeof id === "string" && id !== "" ? id : loaded.schemaFile;
}
