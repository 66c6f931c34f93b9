/**
 * A contract's shape: which of its definitions are methods and which are shared shapes. The one
 * rule — a definition (`$defs`, or draft-07 `definitions`) holding `params` or `result` is a
 * method, and must hold both — read by the model, the fingerprint and, through the model, the
 * diff. Plain data in, plain data out; nothing here knows any product.
 */
import { byCodeUnits } from "../order.js";
import { appendPointer, isJsonObject, type JsonObject, type Pointer } from "../resolve/pointer.js";

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

export interface ContractShape {
  /** Sorted by name (code units), `$defs` before `definitions`. */
  readonly methods: readonly MethodEntry[];
  /** The other definitions' names, sorted. */
  readonly shapes: readonly string[];
}

export function contractShape(root: unknown): ContractShape {
  const methods: MethodEntry[] = [];
  const shapes: string[] = [];
  if (!isJsonObject(root)) return { methods, shapes };
  for (const keyword of DEFINITION_KEYWORDS) {
    const defs = root[keyword];
    if (!isJsonObject(defs)) continue;
    for (const name of Object.keys(defs).sort(byCodeUnits)) {
      const entry = defs[name];
      if (!isMethodEntry(entry)) {
        shapes.push(name);
        continue;
      }
      const missing = METHOD_PARTS.filter((part) => !Object.hasOwn(entry, part));
      methods.push({ name, pointer: appendPointer("#", keyword, name), entry, missing });
    }
  }
  return { methods, shapes: shapes.sort(byCodeUnits) };
}

function isMethodEntry(entry: unknown): entry is JsonObject {
  return isJsonObject(entry) && METHOD_PARTS.some((part) => Object.hasOwn(entry, part));
}
