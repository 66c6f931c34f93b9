/**
 * A contract's shape, decided once and read by the model (through `readContract`), the
 * fingerprint, introspect and (through the model) the diff:
 * - a definition (`$defs`, or draft-07 `definitions`) holding `params` or `result` is a method,
 *   and must hold both;
 * - one holding `notification` (and neither part) is a notification the server sends unasked;
 * - every other definition is a shared shape;
 * - a binding's namespace root turns dotted names into paths (`agentcli.identity.resolve` →
 *   `identity`, `resolve`), the client's namespaces;
 * - the binding's error model is string codes (ToolError) or numeric JSON-RPC errors (RpcError).
 * Plain data in, plain data out; nothing here knows any product.
 */
import type { Binding, InvalidParamsBinding } from "../load/binding.js";
import { byCodeUnits } from "../order.js";
import { appendPointer, isJsonObject, type JsonObject, type Pointer } from "../json.js";

export const DEFINITION_KEYWORDS = ["$defs", "definitions"] as const;

/** The two parts every method has. */
export const METHOD_PARTS = ["params", "result"] as const;

export interface MethodEntry {
  readonly name: string;
  readonly pointer: Pointer;
  readonly entry: JsonObject;
  /** Parts the entry lacks; a well-formed method lacks none (the model refuses it otherwise). */
  readonly missing: readonly (typeof METHOD_PARTS)[number][];
}

export interface NotificationEntry {
  readonly name: string;
  readonly pointer: Pointer;
  readonly entry: JsonObject;
}

/** The key a notification definition holds its params schema under. */
export const NOTIFICATION_PART = "notification";

export interface ContractShape {
  /** Sorted by name (code units), `$defs` before `definitions`. */
  readonly methods: readonly MethodEntry[];
  /** Sorted like the methods. */
  readonly notifications: readonly NotificationEntry[];
  /** The other definitions' names, sorted. */
  readonly shapes: readonly string[];
}

export function contractShape(root: unknown): ContractShape {
  const methods: MethodEntry[] = [];
  const notifications: NotificationEntry[] = [];
  const shapes: string[] = [];
  if (!isJsonObject(root)) return { methods, notifications, shapes };
  for (const keyword of DEFINITION_KEYWORDS) {
    const defs = root[keyword];
    if (!isJsonObject(defs)) continue;
    for (const name of Object.keys(defs).sort(byCodeUnits)) {
      const entry = defs[name];
      if (isNotificationEntry(entry)) {
        notifications.push({ name, pointer: appendPointer("#", keyword, name), entry });
        continue;
      }
      if (!isMethodEntry(entry)) {
        shapes.push(name);
        continue;
      }
      const missing = METHOD_PARTS.filter((part) => !Object.hasOwn(entry, part));
      methods.push({ name, pointer: appendPointer("#", keyword, name), entry, missing });
    }
  }
  return { methods, notifications, shapes: shapes.sort(byCodeUnits) };
}

function isNotificationEntry(entry: unknown): entry is JsonObject {
  return isJsonObject(entry) && Object.hasOwn(entry, NOTIFICATION_PART) && !isMethodEntry(entry);
}

/**
 * A method's or notification's place in the client: below the binding's namespace root a
 * dotted name is a path (`agentcli.identity.resolve` → [`identity`, `resolve`]); any other
 * name is one segment, dots and all, as it always was.
 */
export function namePath(name: string, root: string | undefined): readonly string[] {
  if (root === undefined || !name.startsWith(`${root}.`)) return [name];
  const rest = name.slice(root.length + 1).split(".");
  return rest.every((segment) => segment !== "") ? rest : [name];
}

export interface ErrorCodeEntry {
  readonly code: string;
  readonly meaning: string;
}

/** How a call's failures reach the caller; every model has its table of documented codes, sorted. */
export type ErrorModel =
  | { readonly kind: "codes"; readonly codes: readonly ErrorCodeEntry[] }
  | {
      readonly kind: "jsonrpc";
      /** Numeric codes, as strings for a uniform table, sorted numerically. */
      readonly codes: readonly ErrorCodeEntry[];
      readonly invalidParams: InvalidParamsBinding;
    };

export function errorModel(binding: Binding | undefined): ErrorModel {
  const errors = binding?.errors;
  const table = Object.entries(errors?.codes ?? {}).map(([code, meaning]) => ({ code, meaning }));
  if (errors?.kind === "jsonrpc") {
    return {
      kind: "jsonrpc",
      codes: table.sort((a, b) => Number(a.code) - Number(b.code)),
      invalidParams: errors.invalidParams,
    };
  }
  return { kind: "codes", codes: table.sort((a, b) => byCodeUnits(a.code, b.code)) };
}

/**
 * The contract as the model reads it: its shape, each method's and notification's path below
 * the binding's namespace root, and the binding's error model. Read once, by the pipeline.
 */
export interface ContractFacts extends ContractShape {
  /** Method or notification name → its path (`namePath`). */
  readonly paths: ReadonlyMap<string, readonly string[]>;
  readonly errors: ErrorModel;
}

export function readContract(root: unknown, binding: Binding | undefined): ContractFacts {
  const shape = contractShape(root);
  const namespaceRoot = binding?.client?.namespaces?.root;
  const paths = new Map([...shape.methods, ...shape.notifications].map((e) => [e.name, namePath(e.name, namespaceRoot)]));
  return { ...shape, paths, errors: errorModel(binding) };
}

function isMethodEntry(entry: unknown): entry is JsonObject {
  return isJsonObject(entry) && METHOD_PARTS.some((part) => Object.hasOwn(entry, part));
}
