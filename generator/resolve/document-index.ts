/**
 * The resolve stage's own index of one schema document, under the graph (index.ts) that every
 * later stage reads. It indexes the document for `$ref` resolution: every schema resource (`$id`,
 * including embedded ones), every `$anchor`/`$dynamicAnchor` (and draft-07 `$id` fragment), the
 * base URI, dialect and resource in force at any location, and each resource's dynamic anchors.
 * A reference that does not land inside this document is an error: schemas are untrusted input
 * and the toolchain never fetches anything.
 */
import { assertNever, BindgenError } from "../errors.js";
import { DEFAULT_DIALECT, DIALECTS, dialectOf, readingOf, type Dialect } from "../schema/dialects.js";
import { byCodeUnits } from "../order.js";
import { forEachSubschema, subschemasIn } from "../schema/subschemas.js";
import type { Subschemas } from "../schema/keyword-table.js";
import { appendPointer, getAt, isJsonObject, parsePointer, ROOT, type Pointer } from "../json.js";
import { DEFAULT_BASE, fragmentOf, resolveUri, withoutFragment } from "./uri.js";

/** Keywords naming a plain-name anchor in the resource they stand in, where their dialect defines them. */
const ANCHOR_KEYWORDS = ["$anchor", "$dynamicAnchor"] as const;

export interface ResolvedRef {
  /** Where the target sits, as a pointer from the document root. */
  readonly pointer: Pointer;
  readonly schema: unknown;
}

/** The dynamic-anchor name under which a 2019-09 `"$recursiveAnchor": true` resource root is kept. */
export const RECURSIVE_ANCHOR = "";

/**
 * Documents a schema may `$ref` besides itself, by the absolute URI (without fragment) they are
 * known by: given by the caller, never fetched. A location in one is written `<uri>#/pointer`.
 */
export type SchemaRegistry = Readonly<Record<string, unknown>>;

/** The document a pointer is in (`""` for the root document) and the pointer within it. */
function splitPointer(pointer: Pointer): { readonly document: string; readonly local: Pointer } {
  const hash = pointer.indexOf("#");
  return hash <= 0 ? { document: "", local: pointer } : { document: pointer.slice(0, hash), local: pointer.slice(hash) };
}

/** What `dynamicAnchorsOf` answers for a resource without dynamic anchors: never written to. */
const NO_DYNAMIC_ANCHORS: ReadonlyMap<string, Pointer> = new Map();

/**
 * The index of one document and its registry. The constructor walks every schema position once
 * and fills the tables; after it returns, only the `schemaAt` cache still changes.
 */
export class DocumentIndex {
  readonly root: unknown;
  readonly file: string | undefined;
  readonly hasDynamicAnchors: boolean;
  /** Each document by the URI it is known by; `""` is the root document. */
  readonly #documents = new Map<string, unknown>();
  /** Each resource's root, by its absolute URI without fragment. */
  readonly #resources = new Map<string, Pointer>();
  /** Each plain-name anchor's schema, by its absolute URI with fragment; the first one the walk meets wins. */
  readonly #anchors = new Map<string, Pointer>();
  /** The base URI at each visited schema position. */
  readonly #baseOf = new Map<Pointer, string>();
  /** The resource root each visited schema position belongs to. */
  readonly #resourceOf = new Map<Pointer, Pointer>();
  readonly #dynamicAnchors = new Map<Pointer, Map<string, Pointer>>();
  // Every stage asks for the same locations many times; a pointer's walk is as long as the pointer.
  readonly #found = new Map<Pointer, unknown>();

  constructor(root: unknown, file: string | undefined, registry: SchemaRegistry) {
    this.root = root;
    this.file = file;
    this.#documents.set("", root);
    this.#resources.set(DEFAULT_BASE, ROOT);
    this.#visit(root, ROOT, DEFAULT_DIALECT, DEFAULT_BASE, ROOT);
    this.#indexRegistry(registry);
    this.hasDynamicAnchors = this.#dynamicAnchors.size > 0;
  }

  resolveRef(ref: string, from: Pointer): ResolvedRef {
    const where = appendPointer(from, "$ref");
    const absolute = resolveUri(ref, this.baseUriAt(from));
    if (absolute === undefined) {
      return this.#fail("dangling_ref", `$ref ${JSON.stringify(ref)} is not a valid URI reference`, where);
    }
    const resource = this.#resources.get(withoutFragment(absolute));
    if (resource === undefined) {
      return this.#fail(
        "external_ref",
        `$ref ${JSON.stringify(ref)} leaves the document (remote references are not fetched)`,
        where,
      );
    }
    const fragment = decodeFragment(fragmentOf(absolute));
    let pointer: Pointer | undefined;
    if (fragment === "") pointer = resource;
    else if (fragment.startsWith("/")) pointer = `${resource}${fragment}`;
    else pointer = this.#anchors.get(absolute);
    if (pointer === undefined) {
      return this.#fail("dangling_ref", `$ref ${JSON.stringify(ref)} names no anchor in the document`, where);
    }
    const hit = this.#lookup(pointer);
    if (hit === undefined || !hit.found) {
      return this.#fail("dangling_ref", `$ref ${JSON.stringify(ref)} points at nothing`, where);
    }
    return { pointer: normalizePointer(pointer), schema: hit.value };
  }

  schemaAt(pointer: Pointer): unknown {
    if (this.#found.has(pointer)) return this.#found.get(pointer);
    const hit = this.#lookup(pointer);
    if (hit === undefined || !hit.found) return this.#fail("dangling_ref", `nothing at ${pointer}`, pointer);
    this.#found.set(pointer, hit.value);
    return hit.value;
  }

  dialectAt(pointer: Pointer): Dialect {
    const { document, local } = splitPointer(pointer);
    return dialectAt(this.#documents.get(document), local);
  }

  /** Pointers reached through unknown keywords were not visited; their base is the nearest visited ancestor's. */
  baseUriAt(pointer: Pointer): string {
    return nearest(this.#baseOf, pointer, DEFAULT_BASE);
  }

  /** As for the base URI: an unvisited pointer belongs to its nearest visited ancestor's resource. */
  resourceAt(pointer: Pointer): Pointer {
    return nearest(this.#resourceOf, pointer, ROOT);
  }

  dynamicAnchorsOf(resource: Pointer): ReadonlyMap<string, Pointer> {
    return this.#dynamicAnchors.get(resource) ?? NO_DYNAMIC_ANCHORS;
  }

  /** In code-unit order of their URIs: when two keys name one document, which is kept never depends on the caller's key order. */
  #indexRegistry(registry: SchemaRegistry): void {
    for (const uri of Object.keys(registry).sort(byCodeUnits)) {
      const known = withoutFragment(uri);
      if (this.#documents.has(known) || this.#resources.has(known)) continue;
      const documentRoot: Pointer = `${known}#`;
      this.#documents.set(known, registry[uri]);
      this.#resources.set(known, documentRoot);
      this.#visit(registry[uri], documentRoot, DEFAULT_DIALECT, known, documentRoot);
    }
  }

  /** Schema positions only, each read in its own dialect: an `$id` inside data (`enum`, `x-…`) names nothing. */
  #visit(schema: unknown, pointer: Pointer, inherited: Dialect, parentBase: string, parentResource: Pointer): void {
    if (!isJsonObject(schema)) return;
    const dialect = dialectOf(schema, inherited);
    const row = DIALECTS[dialect];
    let base = parentBase;
    let resource = parentResource;
    // Where `$ref` overrides its siblings, an `$id` beside it is one of them: it changes nothing.
    const idApplies = !(row.refSiblings === "ignored" && Object.hasOwn(schema, "$ref"));
    if (idApplies && typeof schema.$id === "string") {
      const resolved = resolveUri(schema.$id, parentBase);
      if (resolved !== undefined) {
        base = withoutFragment(resolved);
        if (!this.#resources.has(base)) this.#resources.set(base, pointer);
        if (!schema.$id.startsWith("#")) resource = pointer;
        const fragment = fragmentOf(resolved);
        if (row.idFragment === "anchor" && fragment !== "" && !fragment.startsWith("/")) this.#addAnchor(resolved, pointer);
      }
    }
    this.#baseOf.set(pointer, base);
    this.#resourceOf.set(pointer, resource);
    for (const keyword of ANCHOR_KEYWORDS) {
      const anchor = schema[keyword];
      if (typeof anchor === "string" && readingOf(dialect, keyword) === "known") this.#addAnchor(`${base}#${anchor}`, pointer);
    }
    if (typeof schema.$dynamicAnchor === "string" && readingOf(dialect, "$dynamicAnchor") === "known")
      this.#addDynamicAnchor(resource, schema.$dynamicAnchor, pointer);
    // `$recursiveAnchor` means something only at a resource's root.
    if (schema.$recursiveAnchor === true && resource === pointer && readingOf(dialect, "$recursiveAnchor") === "known")
      this.#addDynamicAnchor(resource, RECURSIVE_ANCHOR, pointer);
    forEachSubschema(schema, pointer, inherited, (child, at, own) => this.#visit(child, at, own, base, resource));
  }

  #addAnchor(uri: string, pointer: Pointer): void {
    if (!this.#anchors.has(uri)) this.#anchors.set(uri, pointer);
  }

  #addDynamicAnchor(resource: Pointer, name: string, pointer: Pointer): void {
    const known = this.#dynamicAnchors.get(resource) ?? new Map<string, Pointer>();
    this.#dynamicAnchors.set(resource, known);
    if (!known.has(name)) known.set(name, pointer);
  }

  /** The value at a pointer in its document; undefined when there is none. */
  #lookup(pointer: Pointer): { found: true; value: unknown } | { found: false } | undefined {
    const { document, local } = splitPointer(pointer);
    const segments = parsePointer(local);
    return segments === undefined || !this.#documents.has(document) ? undefined : getAt(this.#documents.get(document), segments);
  }

  #fail(code: "dangling_ref" | "external_ref", message: string, pointer: Pointer): never {
    throw new BindgenError(code, message, { file: this.file, pointer });
  }
}

/** The value `known` has for the nearest visited ancestor of `pointer` (its document's root at worst). */
function nearest<T>(known: ReadonlyMap<Pointer, T>, pointer: Pointer, fallback: T): T {
  const { document } = splitPointer(pointer);
  const top = document.length + 1;
  for (let at = pointer; ; at = at.slice(0, at.lastIndexOf("/"))) {
    const value = known.get(at);
    if (value !== undefined) return value;
    if (at.length <= top) return known.get(at.slice(0, top)) ?? fallback;
  }
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** Re-escapes a pointer so equal locations always get equal strings (`~1` vs a raw slash inside a key cannot occur after parsing). */
function normalizePointer(pointer: Pointer): Pointer {
  const { document, local } = splitPointer(pointer);
  return appendPointer(`${document}${ROOT}`, ...(parsePointer(local) ?? []));
}

/**
 * The dialect of the schema at `pointer`: the innermost `$schema` on the way down, read only
 * where a schema stands (a property *named* `$schema` is data), and the target's own. The caller
 * reads the target as a schema, so its `$schema` counts even when the way there passes through
 * a keyword the dialect does not know (a contract's `params`). `document` is the dialect the
 * loader read from the root.
 */
export function dialectAt(root: unknown, pointer: Pointer, document: Dialect = DEFAULT_DIALECT): Dialect {
  const segments = parsePointer(pointer) ?? [];
  let dialect = document;
  let current: unknown = root;
  // How the segment ahead is read: as a keyword of a schema, an index or key of schemas, or data.
  let position: "schema" | "members" | "data" = "schema";
  for (const segment of segments) {
    if (position === "schema") dialect = dialectOf(current, dialect);
    const next: unknown = Array.isArray(current)
      ? current[Number(segment)]
      : isJsonObject(current)
        ? current[segment]
        : undefined;
    if (position === "members") position = "schema";
    else if (position === "schema") position = keywordPosition(subschemasIn(dialect, segment), next);
    current = next;
  }
  return dialectOf(current, dialect);
}

function keywordPosition(kind: Subschemas, value: unknown): "schema" | "members" | "data" {
  switch (kind) {
    case "none":
      return "data";
    case "schema":
      return "schema";
    case "schema-or-array":
      return Array.isArray(value) ? "members" : "schema";
    case "array":
    case "map":
    case "schema-or-names-map":
      return "members";
    default:
      return assertNever(kind, "subschema position");
  }
}
