/**
 * The last step of the model: each method and notification of the contract's shape joined with
 * what the binding says of it (wire name, timeout, secrets, summary, fail-closed rule, side effects), and the
 * model's other facts (constants, transport, CLI command, error model). Names are still requests.
 */
import { NOTIFICATION_PART, type ContractShape } from "../contract/shape.js";
import { appendPointer, isJsonObject } from "../json.js";
import { DEFAULT_TIMEOUT_MS, type Binding } from "../load/binding.js";
import { byCodeUnits } from "../order.js";
import type { ClientConstant, MethodDraft, NotificationDraft } from "./types.js";

/** A method's place in the client and its stem (`identity.resolve` → `IdentityResolve`), by name. */
export interface Places {
  readonly path: (name: string) => readonly string[];
  readonly stem: (name: string) => string;
}

export function assembleMethods(shape: ContractShape, binding: Binding | undefined, places: Places): MethodDraft[] {
  const defaultTimeoutMs = binding?.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  return shape.methods.map(({ name, pointer, entry }) => {
    const bound = binding?.methods[name];
    return {
      name,
      tool: bound?.tool ?? name,
      path: places.path(name),
      stem: places.stem(name),
      params: appendPointer(pointer, "params"),
      result: appendPointer(pointer, "result"),
      timeoutMs: bound?.timeoutMs ?? defaultTimeoutMs,
      sensitiveParams: [...(bound?.sensitiveParams ?? [])].sort(byCodeUnits),
      // The binding's summary, else the schema's own description of the method.
      summary: bound?.summary ?? (typeof entry.description === "string" ? entry.description : undefined),
      failClosed: bound?.failClosed,
      paramsOptional: requiresNothing(entry.params),
      sideEffects: bound?.sideEffects,
      waitsForPerson: bound?.waitsForPerson === true,
    };
  });
}

export function assembleNotifications(shape: ContractShape, places: Places): NotificationDraft[] {
  return shape.notifications.map(({ name, pointer, entry }) => ({
    name,
    path: places.path(name),
    params: appendPointer(pointer, NOTIFICATION_PART),
    summary: typeof entry.description === "string" ? entry.description : undefined,
  }));
}

export function assembleConstants(binding: Binding | undefined): ClientConstant[] {
  return Object.entries(binding?.client?.constants ?? {})
    .map(([name, { value, description }]) => ({ name, value, description }))
    .sort((a, b) => byCodeUnits(a.name, b.name));
}

function requiresNothing(schema: unknown): boolean {
  if (schema === true) return true;
  if (!isJsonObject(schema)) return false;
  const required = Array.isArray(schema.required) ? schema.required : [];
  return required.length === 0 && !["$ref", "allOf", "anyOf", "oneOf", "minProperties"].some((k) => Object.hasOwn(schema, k));
}
