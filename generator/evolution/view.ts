/**
 * What the diff compares: a schema with its `$ref`s followed and its null-ness split off, so
 * `{"type": ["integer", "null"]}` and `{"oneOf": [{"$ref": …}, {"type": "null"}]}` both read as
 * "nullable, and otherwise this" — the two spellings serde and hand-written schemas use. Each
 * view is read in its own dialect (generator/schema/dialects.ts).
 */
import type { SchemaGraph } from "../resolve/index.js";
import { appendPointer, canonicalJson, isJsonObject, type JsonObject, type Pointer } from "../json.js";
import { DIALECTS, type Dialect } from "../schema/dialects.js";
import { diffClassOf } from "./classes.js";

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
  /** The dialect `node` is read in. */
  readonly dialect: Dialect;
  /**
   * Keywords written beside a `$ref` whose dialect ignores them (draft-07): they constrain
   * nothing, but the types' JSDoc still shows them, so a change to them is an annotation.
   */
  readonly inert: JsonObject;
}

interface Dereferenced extends Located {
  readonly overlay: string;
  readonly dialect: Dialect;
  readonly inert: JsonObject;
}

/** Splits keywords beside a `$ref` into those its dialect applies and those it ignores. */
function siblingsIn(dialect: Dialect, siblings: JsonObject): { applied: JsonObject; inert: JsonObject } {
  if (DIALECTS[dialect].refSiblings === "applied") return { applied: siblings, inert: {} };
  // Annotations still describe the value (the model keeps them as docs); only constraints go.
  const documents = ([keyword]: [string, unknown]): boolean => diffClassOf(keyword, [dialect]).compare === "annotation";
  const entries = Object.entries(siblings);
  return {
    applied: Object.fromEntries(entries.filter(documents)),
    inert: Object.fromEntries(entries.filter((entry) => !documents(entry))),
  };
}

/**
 * Follows `$ref` chains. Keywords written beside a `$ref` (in practice descriptions) are laid
 * over the target, which is how a reader of the schema sees them; where the dialect ignores
 * them, only the documenting ones are. A `$ref` cycle with nothing in between stops at the first
 * repeat.
 */
function deref(graph: SchemaGraph, at: Located): Dereferenced {
  let current = at;
  let dialect = graph.node(at.pointer).dialect;
  let overlay = "";
  let inert: JsonObject = {};
  const seen = new Set<Pointer>();
  while (isJsonObject(current.schema) && typeof current.schema.$ref === "string" && !seen.has(current.pointer)) {
    seen.add(current.pointer);
    const { $ref, ...siblings } = current.schema;
    const target = graph.target($ref, current.pointer);
    const split = siblingsIn(dialect, siblings);
    // The nearest `$ref` holder's siblings win, as they do for the overlay.
    inert = { ...split.inert, ...inert };
    const overlaid = isJsonObject(target.written) && Object.keys(split.applied).length > 0;
    if (isJsonObject(target.written) && Object.keys(siblings).length > 0) overlay += canonicalJson(siblings);
    current = {
      schema: overlaid ? { ...(target.written as JsonObject), ...split.applied } : target.written,
      pointer: target.pointer,
    };
    dialect = target.dialect;
  }
  return { ...current, overlay, dialect, inert };
}

/** `{"type": "null"}`, perhaps with annotations. */
function isNullSchema(schema: unknown, dialect: Dialect): boolean {
  return (
    isJsonObject(schema) &&
    schema.type === "null" &&
    Object.keys(schema).every((key) => key === "type" || diffClassOf(key, [dialect]).compare === "annotation")
  );
}

export function viewOf(graph: SchemaGraph, at: Located): SchemaView {
  const { schema, pointer, overlay, dialect, inert } = deref(graph, at);
  const identity = `${pointer}${overlay}`;
  const base = { pointer, identity, dialect, inert };
  if (!isJsonObject(schema)) return { ...base, node: schema === false ? false : true, nullable: false };
  const types = schema.type;
  if (Array.isArray(types) && types.length > 1 && types.includes("null")) {
    const rest = types.filter((type) => type !== "null");
    return { ...base, node: { ...schema, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const members = schema[keyword];
    if (!Array.isArray(members) || members.length < 2) continue;
    const located = members.map((member, i): Located => ({ schema: member, pointer: appendPointer(pointer, keyword, i) }));
    const nulls = located.filter((member) => {
      const target = deref(graph, member);
      return isNullSchema(target.schema, target.dialect);
    });
    if (nulls.length !== 1) continue;
    const { [keyword]: _members, ...siblings } = schema;
    const rest = located.filter((member) => !nulls.includes(member));
    if (rest.length === 1) {
      // `oneOf: [X, null]` is "nullable X": compare X itself, so X's own changes keep X's pointer.
      const inner = viewOf(graph, rest[0] as Located);
      const node = isJsonObject(inner.node) && Object.keys(siblings).length > 0 ? { ...inner.node, ...siblings } : inner.node;
      return { ...inner, identity: `${inner.identity}${identity}`, node, nullable: true, inert: { ...inner.inert, ...inert } };
    }
    return { ...base, node: { ...siblings, [keyword]: rest.map((member) => member.schema) }, nullable: true };
  }
  return { ...base, node: schema, nullable: false };
}
