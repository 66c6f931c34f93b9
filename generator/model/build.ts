/**
 * Builds the contract model: finds the methods (definitions with `params` and `result`),
 * joins them with the binding file, reserves every named type, converts, then names them all
 * in one planning pass. Nothing here knows the demo contract.
 */
import { basename } from "node:path";
import { contractShape, DEFINITION_KEYWORDS, type MethodEntry } from "../contract/shape.js";
import { BindgenError } from "../errors.js";
import { DEFAULT_TIMEOUT_MS, type Binding } from "../load/binding.js";
import type { LoadedContract } from "../load/contract.js";
import { bindingNames, planMembers, takenTypeNames } from "../naming/binding-names.js";
import { pascalCase } from "../naming/identifiers.js";
import { planNames } from "../naming/plan.js";
import { titled } from "../naming/requests.js";
import { indexSchema, type SchemaIndex } from "../resolve/index.js";
import { appendPointer, isJsonObject, type JsonObject, type Pointer } from "../resolve/pointer.js";
import { byCodeUnits } from "../order.js";
import { TypeConverter } from "./convert.js";
import { checkSchemas } from "./keywords.js";
import type { ContractModel, Method, NamedType } from "./types.js";

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
function rootIsType(root: JsonObject): boolean {
  const containerKeys = new Set(["$schema", "$id", "$defs", "definitions", "title", "description", "$comment"]);
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
  if (binding !== undefined && contract.bindingFile !== undefined)
    checkBindingMethods(methodEntries, binding, contract.bindingFile);

  checkSchemas(
    index,
    methodEntries.map((m) => m.pointer),
  );

  const converter = new TypeConverter(index, contract.draft);
  const methodIds = new Set(methodEntries.map((m) => m.pointer));
  for (const keyword of DEFINITION_KEYWORDS) {
    const defs = root[keyword];
    if (!isJsonObject(defs)) continue;
    for (const name of Object.keys(defs).sort(byCodeUnits)) {
      const pointer = appendPointer("#", keyword, name);
      if (methodIds.has(pointer)) continue;
      converter.reserve(pointer, { candidates: [pascalCase(name), `${pascalCase(name)}Type`], priority: "fixed" });
    }
  }
  for (const method of methodEntries) {
    const stem = pascalCase(method.name) || "Method";
    for (const [part, suffix] of [
      ["params", "Params"],
      ["result", "Result"],
    ] as const) {
      const name = `${stem}${suffix}`;
      converter.reserveWithScope(appendPointer(method.pointer, part), { candidates: [name], priority: "fixed" }, { stem, name });
    }
  }
  if (rootIsType(root)) converter.reserve("#", { candidates: titled(root, ["Root"]), priority: "fixed" });
  converter.drain();

  const id = typeof root.$id === "string" ? root.$id : basename(file).replace(/\.(schema\.)?(json|md)$/i, "");
  const names = bindingNames(
    binding?.clientClass ??
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
  const members = planMembers(methodEntries.map((m) => m.name));
  const types: NamedType[] = [...converter.nodes.entries()]
    .map(([id, type]) => ({ id, name: typeNames.get(id) as string, type }))
    .sort((a, b) => byCodeUnits(a.name, b.name));

  const defaultTimeoutMs = binding?.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const methods: Method[] = methodEntries.map(({ name, pointer, entry }) => {
    const bound = binding?.methods[name];
    return {
      name,
      tool: bound?.tool ?? name,
      stem: pascalCase(name) || "Method",
      member: members.get(name) as string,
      params: appendPointer(pointer, "params"),
      result: appendPointer(pointer, "result"),
      timeoutMs: bound?.timeoutMs ?? defaultTimeoutMs,
      carriesToken: bound?.token ?? false,
      summary: bound?.summary,
      failClosed: bound?.failClosed,
      paramsOptional: requiresNothing(entry.params),
    };
  });

  return {
    id,
    schemaSha256: contract.schemaSha256,
    bindingSha256: contract.bindingSha256,
    methods,
    types,
    typeNames,
    service: binding?.service,
    clientApp: binding?.clientApp,
    names,
    cliCommand: binding?.cliCommand,
    fixtureAppId: binding?.fixtureAppId,
    verbatimKeys: [...(binding?.verbatimKeys ?? [])].sort(byCodeUnits),
    errorCodes: Object.entries(binding?.errorCodes ?? {})
      .map(([code, meaning]) => ({ code, meaning }))
      .sort((a, b) => byCodeUnits(a.code, b.code)),
  };
}
