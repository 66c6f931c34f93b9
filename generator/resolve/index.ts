/**
 * The schema graph: what every stage after resolving reads instead of the document. One node per
 * schema location, keyed by its pointer, made the first time a stage asks for it and kept: its
 * dialect, its schema as that dialect means it, the resource and base URI it belongs to. A
 * `$ref` is an edge from the node holding it to the node it names, followed once.
 *
 * The nodes keep the document's keyword spelling (draft-07's array `items` stays `items`), so
 * every pointer, and every schema path a validator reports, names the real location; what the
 * spelling means is read once, here and in the schema floor's tables, never by a consumer from
 * the raw document.
 */
import type { Dialect } from "../schema/dialects.js";
import { schemaView } from "../schema/dialect-view.js";
import { isJsonObject, type Pointer } from "../json.js";
import { DocumentIndex, RECURSIVE_ANCHOR, type SchemaRegistry } from "./document-index.js";
import { fragmentOf } from "./uri.js";

export { RECURSIVE_ANCHOR, type SchemaRegistry };

/** One schema location, read once. */
export interface SchemaNode {
  readonly pointer: Pointer;
  /** The value as written: an object or a boolean (anything else is refused by whoever reads it as a schema). */
  readonly written: unknown;
  /** The dialect in force here. */
  readonly dialect: Dialect;
  /**
   * The schema as its dialect means it (schema/dialect-view.ts): draft-07's `$ref` alone, no
   * keyword only other drafts give force, OpenAPI's spellings as JSON Schema's. Booleans are themselves.
   */
  readonly schema: unknown;
  /** The root of the schema resource this location belongs to (`#`, or an embedded `$id`'s schema). */
  readonly resource: Pointer;
  /** The base URI its references resolve against. */
  readonly baseUri: string;
}

export interface SchemaGraph {
  /** The file the document was read from, for errors. */
  readonly file: string | undefined;
  /** The document's root. */
  readonly root: SchemaNode;
  /** The node at a pointer (from the document root, or `<uri>#/…` in a registry document), or a `dangling_ref` error. */
  node(pointer: Pointer): SchemaNode;
  /** The node a reference written at `from` (the pointer of the schema holding it) leads to, or a `dangling_ref`/`external_ref` error. */
  target(ref: string, from: Pointer): SchemaNode;
  /**
   * The dynamic anchors a resource (by its root's pointer) brings into the dynamic scope, by
   * name: each 2020-12 `$dynamicAnchor` in it, and, under the empty name, its root when that is a
   * 2019-09 `"$recursiveAnchor": true`. Empty for most resources.
   */
  dynamicAnchorsOf(resource: Pointer): ReadonlyMap<string, Pointer>;
  /** Whether any resource has a dynamic anchor: when none has, dynamic scope never matters. */
  readonly hasDynamicAnchors: boolean;
  /**
   * The dynamic-anchor name a dynamic reference looks up in the dynamic scope, given its first
   * target (`initial`, where it resolves as a `$ref` would): for `$recursiveRef`, the empty name
   * when that target is a `"$recursiveAnchor": true` resource root; for `$dynamicRef`, the
   * fragment of `ref` when the target holds a `$dynamicAnchor` of that name. Undefined when the
   * first target is not a dynamic anchor: then the reference is a plain `$ref`.
   */
  dynamicAnchorName(keyword: "$recursiveRef" | "$dynamicRef", ref: string, initial: Pointer): string | undefined;
}

/**
 * The graph of one document and the documents it may `$ref` besides itself (given by the
 * caller, never fetched). Unresolvable references are errors: schemas are untrusted input.
 */
export function schemaGraph(document: unknown, file?: string, registry: SchemaRegistry = {}): SchemaGraph {
  return new Graph(new DocumentIndex(document, file, registry));
}

class Graph implements SchemaGraph {
  readonly root: SchemaNode;
  readonly #index: DocumentIndex;
  readonly #nodes = new Map<Pointer, LocationNode>();
  /** Each edge, by the pointer of the schema holding the reference and the reference as written. */
  readonly #edges = new Map<string, SchemaNode>();

  constructor(index: DocumentIndex) {
    this.#index = index;
    this.root = this.node("#");
  }

  get file(): string | undefined {
    return this.#index.file;
  }

  get hasDynamicAnchors(): boolean {
    return this.#index.hasDynamicAnchors;
  }

  node(pointer: Pointer): SchemaNode {
    const known = this.#nodes.get(pointer);
    if (known !== undefined) return known;
    const made = new LocationNode(this.#index, pointer, this.#index.schemaAt(pointer));
    this.#nodes.set(pointer, made);
    return made;
  }

  target(ref: string, from: Pointer): SchemaNode {
    // A pointer never holds a NUL, so the pair's key is unambiguous.
    const key = `${from}\u0000${ref}`;
    const known = this.#edges.get(key);
    if (known !== undefined) return known;
    const found = this.node(this.#index.resolveRef(ref, from).pointer);
    this.#edges.set(key, found);
    return found;
  }

  dynamicAnchorsOf(resource: Pointer): ReadonlyMap<string, Pointer> {
    return this.#index.dynamicAnchorsOf(resource);
  }

  dynamicAnchorName(keyword: "$recursiveRef" | "$dynamicRef", ref: string, initial: Pointer): string | undefined {
    const target = this.node(initial);
    if (keyword === "$recursiveRef")
      return this.dynamicAnchorsOf(target.resource).get(RECURSIVE_ANCHOR) === initial ? RECURSIVE_ANCHOR : undefined;
    const fragment = fragmentOf(ref);
    const named =
      fragment !== "" && !fragment.startsWith("/") && isJsonObject(target.written) && target.written.$dynamicAnchor === fragment;
    return named ? fragment : undefined;
  }
}

/**
 * A node's facts are each read the first time a stage asks: most locations are only ever asked
 * for their schema, and a dialect costs a walk from the root.
 */
class LocationNode implements SchemaNode {
  readonly pointer: Pointer;
  readonly written: unknown;
  readonly #index: DocumentIndex;
  #dialect: Dialect | undefined;
  #schema: { readonly value: unknown } | undefined;

  constructor(index: DocumentIndex, pointer: Pointer, written: unknown) {
    this.#index = index;
    this.pointer = pointer;
    this.written = written;
  }

  get dialect(): Dialect {
    this.#dialect ??= this.#index.dialectAt(this.pointer);
    return this.#dialect;
  }

  get schema(): unknown {
    this.#schema ??= { value: schemaView(this.dialect, this.written) };
    return this.#schema.value;
  }

  get resource(): Pointer {
    return this.#index.resourceAt(this.pointer);
  }

  get baseUri(): string {
    return this.#index.baseUriAt(this.pointer);
  }
}
