/**
 * A contract as an OpenRPC 1.3 document: every method by its wire name with its params as
 * content descriptors (`paramStructure: "by-name"`), its result, the contract's errors, and the
 * shared shapes under `components/schemas`, all written as draft-07 Schema Objects
 * (draft07.ts). What OpenRPC 1.3 cannot say exactly is said under `x-` names, each listed in
 * docs/openrpc.md: string error codes (`x-error-codes`; its Error Object's code is an integer),
 * notifications the server sends (`x-notifications`), constraints on the params object as a
 * whole (`x-params-schema`), the binding's timeout, secret params and fail-closed rule, and
 * the 2020-12 keywords draft-07 has no word for (`x-json-schema`). Plain data out, keys sorted.
 */
import { selfContainedSchema } from "../analyses/bundle.js";
import { BindgenError } from "../errors.js";
import { canonicalJson, isJsonObject, sortKeys, type JsonObject, type Pointer } from "../json.js";
import type { ContractModel, Method } from "../model/types.js";
import { byCodeUnits } from "../order.js";
import type { SchemaGraph } from "../resolve/index.js";
import { Draft07Writer } from "./draft07.js";

export const OPENRPC_VERSION = "1.3.2";

/** What a content descriptor list cannot carry of a params object: anything but its properties and which are required. */
const SAID_BY_DESCRIPTORS = new Set(["$schema", "$defs", "type", "properties", "required", "title", "description"]);

export interface ContractFiles {
  readonly schemaFile: string;
}

export function openRpcDocument(model: ContractModel, graph: SchemaGraph, files: ContractFiles): JsonObject {
  const writer = new Draft07Writer(files.schemaFile);
  const components = new Map<string, unknown>();
  /** The method's schema at `pointer`, written draft-07; its definitions join the shared components. */
  const schemaAt = (pointer: Pointer): JsonObject => {
    const copy = selfContainedSchema(graph, pointer);
    const defs = isJsonObject(copy["$defs"]) ? copy["$defs"] : {};
    for (const name of Object.keys(defs)) {
      const written = writer.schema(defs[name]);
      const held = components.get(name);
      if (held !== undefined && canonicalJson(held) !== canonicalJson(written))
        throw new BindgenError("bad_contract", `two different schemas would share components/schemas/${name}`, {
          file: files.schemaFile,
          pointer,
        });
      components.set(name, written);
    }
    return writer.schema(copy) as JsonObject;
  };

  const methods = model.methods.map((method) => methodObject(model, method, schemaAt));
  const notifications = model.notifications.map((notification) => ({
    name: notification.name,
    ...(notification.summary === undefined ? {} : { summary: notification.summary }),
    paramStructure: "by-name",
    ...params(schemaAt(notification.params), []),
  }));

  const document: JsonObject = {
    openrpc: OPENRPC_VERSION,
    info: info(model, graph),
    methods,
    components: componentsObject(model, components),
    "x-contract": {
      $id: model.id,
      schemaSha256: model.schemaSha256,
      ...(model.bindingSha256 === undefined ? {} : { bindingSha256: model.bindingSha256 }),
    },
  };
  if (notifications.length > 0) document["x-notifications"] = notifications;
  if (model.errors.kind === "codes") document["x-error-codes"] = errorCodes(model);
  if (writer.unsaid.size > 0)
    document["x-json-schema"] = { writtenAs: "draft-07", keywordsUnderX: [...writer.unsaid].sort(byCodeUnits) };
  return sortKeys(document) as JsonObject;
}

function info(model: ContractModel, graph: SchemaGraph): JsonObject {
  const description = isJsonObject(graph.root.written) ? graph.root.written["description"] : undefined;
  return { title: model.id, version: versionOf(model.id), ...(typeof description === "string" ? { description } : {}) };
}

/** The version the `$id` ends with (`….v1` → `1`, `….v0.2` → `0.2`); OpenRPC requires one. */
function versionOf(id: string): string {
  return /(?:^|[^A-Za-z0-9])v(\d+(?:\.\d+)*)$/.exec(id)?.[1] ?? "unversioned";
}

function methodObject(model: ContractModel, method: Method, schemaAt: (pointer: Pointer) => JsonObject): JsonObject {
  const object: JsonObject = {
    name: method.tool,
    paramStructure: "by-name",
    ...params(schemaAt(method.params), method.sensitiveParams),
    result: { name: "result", schema: schemaAt(method.result) },
    "x-timeout-ms": method.timeoutMs,
  };
  if (method.summary !== undefined) object["summary"] = method.summary;
  if (method.failClosed !== undefined) object["x-fail-closed"] = { ...method.failClosed };
  if (model.errors.kind === "jsonrpc")
    object["errors"] = model.errors.codes.map(({ code }) => ({ $ref: `#/components/errors/${code}` }));
  else object["x-errors"] = model.errors.codes.map(({ code }) => ({ $ref: `#/x-error-codes/${code}` }));
  return object;
}

/** One content descriptor per property; what the descriptors cannot say about the object as a whole, as `x-params-schema`. */
function params(schema: JsonObject, sensitive: readonly string[]): JsonObject {
  const properties = isJsonObject(schema["properties"]) ? schema["properties"] : {};
  const required = Array.isArray(schema["required"]) ? (schema["required"] as unknown[]) : [];
  const descriptors = Object.keys(properties).map((name) => {
    const property = properties[name];
    const description = isJsonObject(property) ? property["description"] : undefined;
    return {
      name,
      schema: property,
      required: required.includes(name),
      ...(typeof description === "string" ? { description } : {}),
      ...(sensitive.includes(name) ? { "x-sensitive": true } : {}),
    };
  });
  const more =
    Object.keys(schema).some((keyword) => !SAID_BY_DESCRIPTORS.has(keyword)) ||
    required.some((name) => !Object.hasOwn(properties, name as string));
  return more ? { params: descriptors, "x-params-schema": schema } : { params: descriptors };
}

function componentsObject(model: ContractModel, schemas: ReadonlyMap<string, unknown>): JsonObject {
  const components: JsonObject = { schemas: Object.fromEntries([...schemas].sort(([a], [b]) => byCodeUnits(a, b))) };
  if (model.errors.kind === "jsonrpc") {
    components["errors"] = Object.fromEntries(
      model.errors.codes.map(({ code, meaning }) => [code, { code: Number(code), message: meaning }]),
    );
  }
  return components;
}

/** String codes, which an OpenRPC Error Object (integer `code`) cannot hold: the same fields under `x-`. */
function errorCodes(model: ContractModel): JsonObject {
  return Object.fromEntries(model.errors.codes.map(({ code, meaning }) => [code, { code, message: meaning }]));
}
