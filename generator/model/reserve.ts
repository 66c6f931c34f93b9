/**
 * The third step of the model: every named type is reserved, with the name it asks for, before
 * anything is converted, so forward and recursive references are just `ref` nodes. Definitions
 * ask for their own key (`token` → `Token`), method parts for `<Stem>Params`/`<Stem>Result`,
 * notifications for `<Stem>Notification`, and a root that is itself a type for its title.
 */
import { METHOD_PARTS, NOTIFICATION_PART, type ContractShape } from "../contract/shape.js";
import { appendPointer, getAt, isJsonObject, type JsonObject } from "../json.js";
import { byCodeUnits } from "../order.js";
import { DIALECTS, type Dialect } from "../schema/dialects.js";
import { pascalCase } from "../words.js";
import type { TypeConverter } from "./convert.js";
import { titled } from "./name-requests.js";

const SUFFIXES: Readonly<Record<(typeof METHOD_PARTS)[number], string>> = { params: "Params", result: "Result" };

export function reserveTypes(
  converter: TypeConverter,
  root: JsonObject,
  dialect: Dialect,
  shape: ContractShape,
  stemOf: (name: string) => string,
): void {
  const methodIds = new Set([...shape.methods, ...shape.notifications].map((m) => m.pointer));
  // Every definition is a named type, wherever the document's dialect keeps them (OpenAPI: `components/schemas`).
  for (const path of DIALECTS[dialect].definitions) {
    const found = getAt(root, path);
    const defs = found.found ? found.value : undefined;
    if (!isJsonObject(defs)) continue;
    for (const name of Object.keys(defs).sort(byCodeUnits)) {
      const pointer = appendPointer("#", ...path, name);
      if (methodIds.has(pointer)) continue;
      converter.reserve(pointer, { candidates: [pascalCase(name), `${pascalCase(name)}Type`], priority: "fixed" });
    }
  }
  for (const notification of shape.notifications) {
    const stem = stemOf(notification.name);
    const name = `${stem}Notification`;
    const id = appendPointer(notification.pointer, NOTIFICATION_PART);
    converter.reserveWithScope(id, { candidates: [name], priority: "fixed" }, { stem, name });
  }
  for (const method of shape.methods) {
    const stem = stemOf(method.name);
    for (const part of METHOD_PARTS) {
      const name = `${stem}${SUFFIXES[part]}`;
      converter.reserveWithScope(appendPointer(method.pointer, part), { candidates: [name], priority: "fixed" }, { stem, name });
    }
  }
  if (rootIsType(root, dialect)) converter.reserve("#", { candidates: titled(root, ["Root"]), priority: "fixed" });
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
