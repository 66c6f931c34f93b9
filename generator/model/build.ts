/**
 * Builds the contract model: finds the methods (definitions with `params` and `result`),
 * joins them with the binding file, reserves every named type, converts, then names them all
 * in one planning pass. Nothing here knows the demo contract.
 */
import { basename } from "node:path";
import {
  contractShape,
  errorModel,
  METHOD_PARTS,
  namePath,
  NOTIFICATION_PART,
  type MethodEntry,
  type NotificationEntry,
} from "../contract/shape.js";
import { BindgenError } from "../errors.js";
import { DEFAULT_TIMEOUT_MS, type Binding } from "../load/binding.js";
import type { LoadedContract } from "../load/contract.js";
import { runtimeExportNames } from "../naming/runtime-exports.js";
import {
  bindingNames,
  CLI_MODULE_CONSTANTS,
  CLIENT_MODULE_CONSTANTS,
  clientOwnMembers,
  planMembers,
  takenTypeNames,
  type MemberTree,
} from "../naming/binding-names.js";
import { camelCase, pascalCase } from "../naming/identifiers.js";
import { planNames } from "../naming/plan.js";
import { titled } from "../naming/requests.js";
import { indexSchema, type SchemaIndex } from "../resolve/index.js";
import { appendPointer, getAt, isJsonObject, type JsonObject, type Pointer } from "../json.js";
import { DIALECTS, type Dialect } from "../schema/dialects.js";
import { byCodeUnits } from "../order.js";
import { TypeConverter } from "./convert.js";
import { checkSchemas } from "./keywords.js";
import type { ContractModel, Method, NamedType, Namespace, Notification } from "./types.js";

/** The contract's methods, each with both parts: a method without one is bad input, named by its pointer. */
function findMethods(root: JsonObject, file: string): MethodEntry[] {
  const { methods } = contractShape(root);
  for (const method of methods) {
    const part = method.missing[0];
    if (part !== undefined) {
      throw new BindgenError("bad_contract", `method ${JSON.stringify(method.name)} has no ${part} schema`, {
        file,
        pointer: method.pointer,
      });
    }
  }
  return [...methods];
}

/** Facts the binding states about the contract's shape must hold in the schema. */
function checkBindingShape(
  methods: readonly MethodEntry[],
  notifications: readonly NotificationEntry[],
  binding: Binding,
  bindingFile: string,
): void {
  const transport = binding.transport;
  const ready = transport?.kind === "jsonrpc-stdio" ? transport.ready : undefined;
  if (ready !== undefined && !notifications.some((n) => n.name === ready.notification)) {
    throw new BindgenError(
      "bad_binding",
      `transport.ready.notification ${JSON.stringify(ready.notification)} is not a notification of the schema`,
      {
        file: bindingFile,
        pointer: "#/transport/ready/notification",
      },
    );
  }
  if (binding.results?.okEnvelope === true) {
    for (const method of methods) {
      if (!declaresOk(method.entry.result)) {
        throw new BindgenError("bad_binding", `results.okEnvelope: ${method.name}'s result does not require a boolean "ok"`, {
          file: bindingFile,
          pointer: "#/results/okEnvelope",
        });
      }
    }
  }
  for (const name of Object.keys(binding.client?.constants ?? {}).sort(byCodeUnits)) {
    if (CLIENT_MODULE_CONSTANTS.includes(name) || CLI_MODULE_CONSTANTS.includes(name) || runtimeExportNames().has(name)) {
      throw new BindgenError("bad_binding", `client.constants: ${name} is a name the generated client declares itself`, {
        file: bindingFile,
        pointer: appendPointer("#/client/constants", name),
      });
    }
  }
  checkBindingMethods(methods, binding, bindingFile);
}

/** A result schema that requires `ok` and declares it boolean (or a boolean const). */
function declaresOk(result: unknown): boolean {
  if (!isJsonObject(result) || !isJsonObject(result.properties)) return false;
  const ok = result.properties.ok;
  const required = Array.isArray(result.required) && result.required.includes("ok");
  return required && isJsonObject(ok) && (ok.type === "boolean" || typeof ok.const === "boolean");
}

function checkBindingMethods(methods: readonly MethodEntry[], binding: Binding, bindingFile: string): void {
  for (const method of methods) {
    const field = binding.methods[method.name]?.failClosed?.field;
    const result = method.entry.result;
    const declared = isJsonObject(result) && isJsonObject(result.properties) && Object.hasOwn(result.properties, field ?? "");
    if (field !== undefined && !declared) {
      throw new BindgenError(
        "bad_binding",
        `failClosed.field ${JSON.stringify(field)} is not a property of ${method.name}'s result`,
        {
          file: bindingFile,
          pointer: appendPointer("#/methods", method.name, "failClosed", "field"),
        },
      );
    }
  }
  const inSchema = new Set(methods.map((m) => m.name));
  for (const name of Object.keys(binding.methods).sort(byCodeUnits)) {
    if (!inSchema.has(name)) {
      throw new BindgenError("bad_binding", `binding names method ${JSON.stringify(name)}, which the schema does not define`, {
        file: bindingFile,
        pointer: appendPointer("#/methods", name),
      });
    }
  }
  for (const method of methods) {
    if (!Object.hasOwn(binding.methods, method.name)) {
      throw new BindgenError("bad_binding", `binding has no entry for method ${JSON.stringify(method.name)}`, {
        file: bindingFile,
        pointer: "#/methods",
      });
    }
  }
}

function requiresNothing(schema: unknown): boolean {
  if (schema === true) return true;
  if (!isJsonObject(schema)) return false;
  const required = Array.isArray(schema.required) ? schema.required : [];
  return required.length === 0 && !["$ref", "allOf", "anyOf", "oneOf", "minProperties"].some((k) => Object.hasOwn(schema, k));
}

/** A root schema that is itself a type (not just a container of definitions) gets a name too. */
function rootIsType(root: JsonObject, dialect: Dialect): boolean {
  const containerKeys = new Set([
    "$schema",
    "$id",
    ...DIALECTS[dialect].definitions.map((path) => path[0]),
    "title",
    "description",
    "$comment",
  ]);
  return Object.keys(root).some((key) => !containerKeys.has(key));
}

/** `index`: the contract schema's resolution index, when the caller already has one. */
export function buildModel(
  contract: LoadedContract,
  index: SchemaIndex = indexSchema(contract.schema, contract.schemaFile),
): ContractModel {
  const file = contract.schemaFile;
  const root = contract.schema;
  if (!isJsonObject(root))
    throw new BindgenError("bad_contract", "the contract schema must be an object", { file, pointer: "#" });
  const binding = contract.binding;
  const methodEntries = findMethods(root, file);
  const notificationEntries = contractShape(root).notifications;
  if (binding !== undefined && contract.bindingFile !== undefined)
    checkBindingShape(methodEntries, notificationEntries, binding, contract.bindingFile);

  const warnings = checkSchemas(index, [
    ...methodEntries.flatMap((m) => METHOD_PARTS.map((part) => appendPointer(m.pointer, part))),
    ...notificationEntries.map((n) => appendPointer(n.pointer, NOTIFICATION_PART)),
  ]);
  const namespaceRoot = binding?.client?.namespaces?.root;
  const paths = new Map([...methodEntries, ...notificationEntries].map((e) => [e.name, namePath(e.name, namespaceRoot)]));
  const stemOf = (name: string): string => pascalCase((paths.get(name) as readonly string[]).join(".")) || "Method";

  const converter = new TypeConverter(index, contract.draft);
  const methodIds = new Set([...methodEntries, ...notificationEntries].map((m) => m.pointer));
  // Every definition is a named type, wherever the document's dialect keeps them (OpenAPI: `components/schemas`).
  for (const path of DIALECTS[contract.draft].definitions) {
    const found = getAt(root, path);
    const defs = found.found ? found.value : undefined;
    if (!isJsonObject(defs)) continue;
    for (const name of Object.keys(defs).sort(byCodeUnits)) {
      const pointer = appendPointer("#", ...path, name);
      if (methodIds.has(pointer)) continue;
      converter.reserve(pointer, { candidates: [pascalCase(name), `${pascalCase(name)}Type`], priority: "fixed" });
    }
  }
  for (const notification of notificationEntries) {
    const stem = stemOf(notification.name);
    const name = `${stem}Notification`;
    converter.reserveWithScope(
      appendPointer(notification.pointer, NOTIFICATION_PART),
      { candidates: [name], priority: "fixed" },
      { stem, name },
    );
  }
  for (const method of methodEntries) {
    const stem = stemOf(method.name);
    for (const [part, suffix] of [
      ["params", "Params"],
      ["result", "Result"],
    ] as const) {
      const name = `${stem}${suffix}`;
      converter.reserveWithScope(appendPointer(method.pointer, part), { candidates: [name], priority: "fixed" }, { stem, name });
    }
  }
  if (rootIsType(root, contract.draft)) converter.reserve("#", { candidates: titled(root, ["Root"]), priority: "fixed" });
  converter.drain();

  const id = typeof root.$id === "string" ? root.$id : basename(file).replace(/\.(schema\.)?(json|md)$/i, "");
  const names = bindingNames(
    binding?.client?.className ??
      `${
        pascalCase(
          id
            .replace(/\.v[0-9]+$/, "")
            .split(".")
            .pop() ?? "",
        ) || "Contract"
      }Client`,
  );
  const typeNames = planNames(converter.requests, takenTypeNames(names));
  const transport = binding?.transport;
  const versionField = transport?.kind === "jsonrpc-stdio" ? transport.ready?.versionField : undefined;
  const memberTree = planMembers(
    methodEntries.map((m) => ({ name: m.name, path: paths.get(m.name) as readonly string[] })),
    clientOwnMembers(versionField),
  );
  const members = new Map<string, string>();
  const collect = (tree: MemberTree): void => {
    for (const [name, member] of tree.methods) members.set(name, member);
    tree.namespaces.forEach(collect);
  };
  collect(memberTree);
  const types: NamedType[] = [...converter.nodes.entries()]
    .map(([id, type]) => ({ id, name: typeNames.get(id) as string, type }))
    .sort((a, b) => byCodeUnits(a.name, b.name));

  const defaultTimeoutMs = binding?.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const methods: Method[] = methodEntries.map(({ name, pointer, entry }) => {
    const bound = binding?.methods[name];
    const path = paths.get(name) as readonly string[];
    return {
      name,
      tool: bound?.tool ?? name,
      path,
      cliName: path.join("."),
      stem: stemOf(name),
      member: members.get(name) as string,
      params: appendPointer(pointer, "params"),
      result: appendPointer(pointer, "result"),
      timeoutMs: bound?.timeoutMs ?? defaultTimeoutMs,
      sensitiveParams: [...(bound?.sensitiveParams ?? [])].sort(byCodeUnits),
      // The binding's summary, else the schema's own description of the method.
      summary: bound?.summary ?? (typeof entry.description === "string" ? entry.description : undefined),
      failClosed: bound?.failClosed,
      paramsOptional: requiresNothing(entry.params),
    };
  });

  const byName = new Map(methods.map((m) => [m.name, m]));
  // Two methods may share a path (`b` outside the root, `agentcli.b` below it): on the command line
  // each of those is then typed by its full name, which is unique.
  const cliNames = methods.map((m) => m.cliName);
  for (const method of methods) {
    if (cliNames.indexOf(method.cliName) !== cliNames.lastIndexOf(method.cliName))
      byName.set(method.name, { ...method, cliName: method.name });
  }
  const planned = methods.map((m) => byName.get(m.name) as Method);
  const arrange = (tree: MemberTree): Namespace => ({
    member: tree.member,
    methods: [...tree.methods.keys()].map((name) => byName.get(name) as Method),
    namespaces: tree.namespaces.map(arrange),
  });
  const notifications: Notification[] = notificationEntries.map(({ name, pointer, entry }) => {
    const path = paths.get(name) as readonly string[];
    return {
      name,
      event: camelCase(path[path.length - 1] ?? name).replace(/_$/, "") || "notification",
      params: appendPointer(pointer, NOTIFICATION_PART),
      summary: typeof entry.description === "string" ? entry.description : undefined,
    };
  });
  const constants = Object.entries(binding?.client?.constants ?? {})
    .map(([name, { value, description }]) => ({ name, value, description }))
    .sort((a, b) => byCodeUnits(a.name, b.name));

  return {
    id,
    schemaSha256: contract.schemaSha256,
    bindingSha256: contract.bindingSha256,
    methods: planned,
    types,
    typeNames,
    notifications,
    tree: arrange(memberTree),
    names,
    constants,
    transport,
    cliCommand: binding?.cli?.command ?? id,
    verbatimKeys: [...(binding?.cli?.verbatimKeys ?? [])].sort(byCodeUnits),
    okEnvelope: binding?.results?.okEnvelope === true,
    errors: errorModel(binding),
    warnings,
  };
}
