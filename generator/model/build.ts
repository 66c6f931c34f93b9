/**
 * Builds the contract model in named steps: check the binding against the contract's shape,
 * check every schema, reserve every named type, convert, assemble the methods and notifications.
 * Names stay requests here; the naming stage (naming/name-model.ts) decides them all at once.
 * Nothing here knows any product.
 */
import { basename } from "node:path";
import { METHOD_PARTS, NOTIFICATION_PART, type ContractFacts, type ContractShape } from "../contract/shape.js";
import { BindgenError } from "../errors.js";
import { appendPointer, isJsonObject, type JsonObject } from "../json.js";
import type { LoadedContract } from "../load/contract.js";
import type { SchemaGraph } from "../resolve/index.js";
import { byCodeUnits } from "../order.js";
import { pascalCase } from "../words.js";
import { assembleConstants, assembleMethods, assembleNotifications, type Places } from "./assemble.js";
import { checkBinding, checkMethodParts } from "./binding-checks.js";
import { assembleLinks } from "./links.js";
import { TypeConverter } from "./convert.js";
import { reserveTypes } from "./reserve.js";
import { checkSchemas } from "./schema-checks.js";
import type { ModelDraft } from "./types.js";

/** `shape`: the contract's methods, notifications, paths and error model (contract/shape.ts `readContract`), read from the same schema and binding. */
export function buildModel(contract: LoadedContract, graph: SchemaGraph, shape: ContractFacts): ModelDraft {
  const root = contractRoot(contract);
  const { binding, bindingFile } = contract;
  checkMethodParts(shape, contract.schemaFile);
  if (binding !== undefined && bindingFile !== undefined) checkBinding(shape, binding, bindingFile);
  const warnings = checkSchemas(graph, partPointers(shape), binding?.patterns?.backtracking);
  const places = placesOf(shape);
  const { links, lifecycle } = assembleLinks(binding, shape, graph, bindingFile);
  const int64 = binding?.numbers?.int64 ?? "number";
  const converter = new TypeConverter(graph, int64);
  reserveTypes(converter, root, contract.draft, shape, places.stem);
  converter.drain();
  const id = typeof root.$id === "string" ? root.$id : basename(contract.schemaFile).replace(/\.(schema\.)?(json|md)$/i, "");
  return {
    id,
    schemaSha256: contract.schemaSha256,
    bindingSha256: contract.bindingSha256,
    bindingFile,
    methods: assembleMethods(shape, binding, places),
    notifications: assembleNotifications(shape, places),
    nodes: converter.nodes,
    requests: converter.requests,
    wantedClientClass: binding?.client?.className ?? clientClassFromId(id),
    constants: assembleConstants(binding),
    transport: binding?.transport,
    cliCommand: binding?.cli?.command ?? id,
    verbatimKeys: [...(binding?.cli?.verbatimKeys ?? [])].sort(byCodeUnits),
    int64,
    okEnvelope: binding?.results?.okEnvelope === true,
    errors: shape.errors,
    links,
    lifecycle,
    warnings,
  };
}

function contractRoot(contract: LoadedContract): JsonObject {
  if (!isJsonObject(contract.schema))
    throw new BindgenError("bad_contract", "the contract schema must be an object", { file: contract.schemaFile, pointer: "#" });
  return contract.schema;
}

/** The parts the schema check visits beside the root: each method's params and result, each notification's params. */
function partPointers(shape: ContractShape): string[] {
  return [
    ...shape.methods.flatMap((m) => METHOD_PARTS.map((part) => appendPointer(m.pointer, part))),
    ...shape.notifications.map((n) => appendPointer(n.pointer, NOTIFICATION_PART)),
  ];
}

/** Each method's and notification's path, and the stem its types are named from. */
function placesOf(shape: ContractFacts): Places {
  const path = (name: string): readonly string[] => shape.paths.get(name) as readonly string[];
  return { path, stem: (name) => pascalCase(path(name).join(".")) || "Method" };
}

/** `rightkit.agent.demo.v1` → `DemoClient`: the `$id`'s last word before its version. */
function clientClassFromId(id: string): string {
  return `${
    pascalCase(
      id
        .replace(/\.v[0-9]+$/, "")
        .split(".")
        .pop() ?? "",
    ) || "Contract"
  }Client`;
}
