/** What every keyword emitter is given: one schema object applied to one instance value. */
import type { Pointer } from "../../../json.js";
import type { Code } from "../../code.js";
import type { CompileContext } from "../context.js";
import type { Mode } from "../mode.js";

export type SchemaObject = { readonly [keyword: string]: unknown };

/** The JSON types an instance can still have at a point in the generated code. */
export type JsonType = "null" | "boolean" | "number" | "string" | "array" | "object";

export const ALL_TYPES: ReadonlySet<JsonType> = new Set<JsonType>(["null", "boolean", "number", "string", "array", "object"]);

export interface KeywordEmit {
  readonly ctx: CompileContext;
  readonly pointer: Pointer;
  readonly schema: SchemaObject;
  /** An identifier holding the instance. */
  readonly value: Code;
  readonly mode: Mode;
  /** Types the instance is known to have after the `type` check. */
  readonly known: ReadonlySet<JsonType>;
  /**
   * Set when `enum`/`const` allow only values of the declared `type`: the `type` test is then
   * folded into theirs (a valid value pays for one test), and on the issue path `failsWhen` picks
   * the type issue, so an ill-typed value is still reported as such.
   */
  readonly typeFolded?: { readonly failsWhen: Code; readonly issue: Code | undefined };
  /** Applies the subschema at `pointer` to `value` (inline or through its functions). */
  sub(pointer: Pointer, schema: unknown, value: Code, mode: Mode): Code;
}

/** Reads a keyword's value only when it is an own property (schemas are untrusted JSON too). */
export function keywordValue(schema: SchemaObject, keyword: string): unknown {
  return Object.hasOwn(schema, keyword) ? schema[keyword] : undefined;
}
