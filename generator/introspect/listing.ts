/**
 * The names a server lists in its introspection answer. The binding points into the method's
 * result (`/description/methods`); each pointed-to value is an array of names, or of objects
 * naming one in `method` (or `name`), which is how servers that describe themselves tend to
 * list what they serve, with a summary beside each name.
 */
import { BindgenError } from "../errors.js";
import type { IntrospectionBinding } from "../load/binding.js";
import { getAt, isJsonObject, parsePointer } from "../json.js";
import type { ServerNames } from "./compare.js";

/** `answer` names the result in messages, e.g. "--stdio `cmd`: the result of agentcli.describe". */
export function serverNames(result: unknown, introspection: IntrospectionBinding, answer: string): ServerNames {
  return {
    methods: listedNames(result, introspection.methods, answer),
    notifications:
      introspection.notifications === undefined ? undefined : listedNames(result, introspection.notifications, answer),
  };
}

export function listedNames(result: unknown, pointer: string, answer: string): string[] {
  const bad = (why: string): BindgenError => new BindgenError("io", `${answer} ${why}`);
  const segments = parsePointer(pointer);
  // The binding's schema allows only pointers that parse; this guards a caller that skipped it.
  if (segments === undefined)
    throw new BindgenError("bad_binding", `introspection pointer ${JSON.stringify(pointer)} is not a JSON pointer`);
  const at = getAt(result, segments);
  if (!at.found) throw bad(`has nothing at ${pointer || "(the root)"}`);
  if (!Array.isArray(at.value)) throw bad(`has no array at ${pointer || "(the root)"}`);
  return at.value.map((entry: unknown, index) => {
    const name = nameOf(entry);
    if (name === undefined) throw bad(`at ${pointer}/${index} is neither a name nor an object with a string method or name`);
    return name;
  });
}

function nameOf(entry: unknown): string | undefined {
  const name = isJsonObject(entry) ? (typeof entry["method"] === "string" ? entry["method"] : entry["name"]) : entry;
  return typeof name === "string" && name !== "" ? name : undefined;
}
