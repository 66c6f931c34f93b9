/**
 * What the diff compares: a schema with its `$ref`s followed and its null-ness split off, so
 * `{"type": ["integer", "null"]}` and `{"oneOf": [{"$ref": …}, {"type": "null"}]}` both read as
 * "nullable, and otherwise this" — the two spellings serde and hand-written schemas use.
 */
import { canonicalJson } from "../load/canonical.js";
import type { SchemaIndex } from "../resolve/index.js";
import { appendPointer, isJsonObject, type JsonObject, type Pointer } from "../resolve/pointer.js";

export interface Located {
  readonly schema: unknown;
  /** Where the schema sits in its document. */
  readonly pointer: Pointer;
}

export interface SchemaView {
  /** The location after following `$ref`s: the same definition always gets the same pointer. */
  readonly pointer: Pointer;
  /**
   * What the recursion guard compares: the pointer, plus any keywords laid over it from beside a
   * `$ref` — two use sites of one definition with different sibling keywords are different views.
   */
  readonly identity: string;
  /** A boolean schema, or an object schema without its `$ref` and without its null alternative. */
  readonly node: JsonObject | boolean;
  readonly nullable: boolean;
}

/**
 * Follows `$ref` chains. Keywords written beside a `$ref` (in practice descriptions) are laid
 * over the target, which is how a reader of the schema sees them. A `$ref` cycle with nothing in
 * between stops at the first repeat.
 */
function deref(index: SchemaIndex, at: Located): Located & { readonly overlay: string } {
  let current = at;
  let overlay = "";
  const seen = new Set<Pointer>();
  while (isJsonObject(current.schema) && typeof current.schema.$ref === "string" && !seen.has(current.pointer)) {
    seen.add(current.pointer);
    const { $ref, ...siblings } = current.schema;
    const target = index.resolveRef($ref, current.pointer);
    const overlaid = isJsonObject(target.schema) && Object.keys(siblings).length > 0;
    if (overlaid) overlay += canonicalJson(siblings);
    current = { schema: overlaid ? { ...(target.schema as JsonObject), ...siblings } : target.schema, pointer: target.pointer };
  }
  return { ...current, overlay };
}

function isNullSchema(schema: unknown): boolean {
  return (
    isJsonObject(schema) &&
    schema.type === "null" &&
    Object.keys(schema).every((key) => key === "type" || key === "description" || key === "title")
  );
}

export function viewOf(index: SchemaIndex, at: Located): SchemaView {
  const { schema, pointer, overlay } = deref(index, at);
  const identity = `${pointer}${overlay}`;
  if (!isJsonObject(schema)) return { pointer, identity, node: schema === false ? false : true, nullable: false };
  const types = schema.type;
  if (Array.isArray(types) && types.length > 1 && types.includes("null")) {
    const rest = types.filter((type) => type !== "null");
    return { pointer, identity, node: { ...schema, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const members = schema[keyword];
    if (!Array.isArray(members) || members.length < 2) continue;
    const located = members.map((member, i): Located => ({ schema: member, pointer: appendPointer(pointer, keyword, i) }));
    const nulls = located.filter((member) => isNullSchema(deref(index, member).schema));
    if (nulls.length !== 1) continue;
    const { [keyword]: _members, ...siblings } = schema;
    const rest = located.filter((member) => !nulls.includes(member));
    if (rest.length === 1) {
      // `oneOf: [X, null]` is "nullable X": compare X itself, so X's own changes keep X's pointer.
      const inner = viewOf(index, rest[0] as Located);
      const node = isJsonObject(inner.node) && Object.keys(siblings).length > 0 ? { ...inner.node, ...siblings } : inner.node;
      return { pointer: inner.pointer, identity: `${inner.identity}${identity}`, node, nullable: true };
    }
    return { pointer, identity, node: { ...siblings, [keyword]: rest.map((member) => member.schema) }, nullable: true };
  }
  return { pointer, identity, node: schema, nullable: false };
}
