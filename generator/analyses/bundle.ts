/**
 * Bundling, an analysis: one location of a contract schema as a self-contained draft 2020-12
 * schema, what a tool spec publishes as its params (`mcp`, `openrpc`) for readers that have nothing
 * but that one document; and many locations at once over one shared table of definitions (a
 * binding's standard-schema.ts). Every `$ref` reached, directly or through other definitions, is
 * copied into the result's own `$defs` and rewritten to point there, so recursive shapes keep
 * working. Plain data out; emitters turn it into code through the code door. Nothing here knows
 * any contract.
 *
 * Definitions are named so that the names do not move when unrelated parts of the contract
 * change: a root `$defs` (or draft-07 `definitions`) entry keeps its key; any other target is
 * named after its content (`schema-` and a hash). Draft-07 locations are rewritten to what they
 * mean in draft 2020-12, as the validators read them: `$ref` overrides its siblings, array
 * `items` and `additionalItems` become `prefixItems` and `items`, `dependencies` splits into
 * `dependentRequired` and `dependentSchemas`, and 2020-12-only keywords (unknown there) go.
 */
import { createHash } from "node:crypto";
import { BindgenError } from "../errors.js";
import { byCodeUnits } from "../order.js";
import type { SchemaGraph, SchemaNode } from "../resolve/index.js";
import {
  appendPointer,
  canonicalJson,
  escapeSegment,
  isJsonObject,
  type JsonObject,
  parsePointer,
  type Pointer,
  ROOT,
} from "../json.js";
import { DIALECTS, readingOf, type Dialect } from "../schema/dialects.js";
import { keywordRow, type Subschemas } from "../schema/keyword-table.js";

const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

/**
 * Keywords left out of every copy: identifiers would change the base the rewritten refs resolve
 * against, and definition maps are only ever reached through refs, which now point at the
 * result's own `$defs`. `$schema` is stated once, at the root.
 */
const DROPPED = new Set(["$id", "$anchor", "$dynamicAnchor", "$schema", "$defs", "definitions"]);

/**
 * Where a keyword's value holds schemas, read alike in every dialect: the copy is read as draft
 * 2020-12, where each of these values is a schema whose refs must point into the copy.
 */
const positionOf = (keyword: string): Subschemas => keywordRow(keyword)?.subschemas ?? "none";

/**
 * Every definition reachable from the `starts`, keyed by pointer. A ref to `root` stays `#`, so
 * `root` is not one of them; without a `root` every target is. Found by copying with a recorder
 * for names, so the refs followed are exactly the ones the real copy rewrites.
 */
function reachable(
  graph: SchemaGraph,
  starts: readonly Pointer[],
  root: Pointer | undefined,
  cut?: (at: Pointer) => string | undefined,
): Map<Pointer, SchemaNode> {
  const found = new Map<Pointer, SchemaNode>();
  const queue: SchemaNode[] = [];
  const recorder = new Copier(
    graph,
    root,
    (target) => {
      if (!found.has(target.pointer)) {
        found.set(target.pointer, target);
        queue.push(target);
      }
      return "";
    },
    cut,
  );
  for (const start of starts) recorder.from(start);
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) recorder.from(next.pointer);
  return found;
}

/** A hash of what the definition means: its text, dialect and the base its refs resolve against. */
function contentHash(target: SchemaNode): string {
  const meaning = canonicalJson([target.dialect, target.baseUri, target.written]);
  return createHash("sha256").update(meaning).digest("hex");
}

/**
 * Final names, decided in a fixed order so they never depend on discovery order: root `$defs`
 * keys, then root `definitions` keys, then content names. Two targets with the same content
 * name mean the same thing and share one definition.
 */
function nameTargets(graph: SchemaGraph, targets: ReadonlyMap<Pointer, SchemaNode>): Map<Pointer, string> {
  const names = new Map<Pointer, string>();
  const taken = new Map<string, string>();
  const claim = (pointer: Pointer, name: string, meaning: string): boolean => {
    const holder = taken.get(name);
    if (holder !== undefined && holder !== meaning) return false;
    taken.set(name, meaning);
    names.set(pointer, name);
    return true;
  };
  const pointers = [...targets.keys()].sort(byCodeUnits);
  for (const keyword of ["$defs", "definitions"]) {
    for (const pointer of pointers) {
      const segments = parsePointer(pointer) ?? [];
      if (segments.length === 2 && segments[0] === keyword) claim(pointer, segments[1] as string, `pointer:${pointer}`);
    }
  }
  for (const pointer of pointers) {
    if (names.has(pointer)) continue;
    const hash = contentHash(targets.get(pointer) as SchemaNode);
    const meaning = `content:schema-${hash}`;
    if (!claim(pointer, `schema-${hash.slice(0, 12)}`, meaning) && !claim(pointer, `schema-${hash}`, meaning)) {
      throw new BindgenError("bad_contract", `no free $defs name for ${pointer} in a tool schema`, { file: graph.file, pointer });
    }
  }
  return names;
}

/** Characters a URI fragment may hold as they are (RFC 3986 pchar, "/" and "?"); the rest is percent-encoded. */
function fragmentSegment(name: string): string {
  return encodeURIComponent(escapeSegment(name)).replace(/%(?:24|26|2B|2C|3B|3D|3A|40|3F)/g, (found) =>
    decodeURIComponent(found),
  );
}

/** An own data property even for `__proto__`, which plain assignment would turn into a prototype. */
function setOwn(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A deep copy of plain data (enum values, defaults, unknown keywords), own keys only. */
function copyData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyData);
  if (!isJsonObject(value)) return value;
  const out: JsonObject = {};
  for (const key of Object.keys(value)) setOwn(out, key, copyData(value[key]));
  return out;
}

/**
 * Copies schemas as draft 2020-12; `nameOf` gives the `$defs` name of each ref target other than
 * the root (a ref to `root` becomes `#`; without a root, every target has a name).
 */
class Copier {
  readonly #graph: SchemaGraph;
  readonly #root: Pointer | undefined;
  readonly #nameOf: (target: SchemaNode) => string;
  /** A subschema with a definition of its own (another root), copied as a `$ref` to it instead of again. */
  readonly #definitionAt: ((at: Pointer) => string | undefined) | undefined;
  /** The location the current copy starts at: never replaced by its own definition. */
  #top: Pointer | undefined;

  constructor(
    graph: SchemaGraph,
    root: Pointer | undefined,
    nameOf: (target: SchemaNode) => string,
    definitionAt?: (at: Pointer) => string | undefined,
  ) {
    this.#graph = graph;
    this.#root = root;
    this.#nameOf = nameOf;
    this.#definitionAt = definitionAt;
  }

  /** The schema at `at` as a copy of its own: subschemas that are other roots become refs (see `definitionAt`). */
  from(at: Pointer): unknown {
    this.#top = at;
    return this.schema(this.#graph.node(at).written, at);
  }

  #ref(ref: string, from: Pointer): string {
    const target = this.#graph.target(ref, from);
    if (target.pointer === this.#root) return ROOT;
    return `#/$defs/${fragmentSegment(this.#nameOf(target))}`;
  }

  /** The schema at `at`, as draft 2020-12, with every ref rewritten. */
  schema(schema: unknown, at: Pointer): unknown {
    if (!isJsonObject(schema)) return copyData(schema);
    const definition = at === this.#top ? undefined : this.#definitionAt?.(at);
    if (definition !== undefined) return { $ref: `#/$defs/${fragmentSegment(definition)}` };
    const { dialect: own, schema: view } = this.#graph.node(at) as { dialect: Dialect; schema: JsonObject };
    const out: JsonObject = {};
    // draft-07 and 2019-09 spell a tuple `items: [A, B]` and its rest `additionalItems`.
    const tuples = DIALECTS[own].itemsArray === "tuple";
    const tuple = tuples && Array.isArray(view.items);
    for (const keyword of Object.keys(view)) {
      const value = view[keyword];
      const here = appendPointer(at, keyword);
      if (DROPPED.has(keyword)) continue;
      if (keyword === "$ref" && typeof value === "string") setOwn(out, "$ref", this.#ref(value, at));
      else if (tuples && keyword === "items" && Array.isArray(value)) setOwn(out, "prefixItems", this.#list(value, here));
      else if (tuples && keyword === "additionalItems") {
        if (tuple) setOwn(out, "items", this.schema(value, here));
      } else if (readingOf(own, "dependencies") === "known" && keyword === "dependencies" && isJsonObject(value))
        this.#dependencies(out, value, here);
      else this.#keyword(out, keyword, value, here);
    }
    return out;
  }

  /** Any other keyword: its subschemas copied as schemas, anything else (2020-12 `dependencies` included) as data. */
  #keyword(out: JsonObject, keyword: string, value: unknown, at: Pointer): void {
    const position = positionOf(keyword);
    if (position === "schema" || position === "schema-or-array") setOwn(out, keyword, this.schema(value, at));
    else if (position === "array" && Array.isArray(value)) setOwn(out, keyword, this.#list(value, at));
    else if (position === "map" && isJsonObject(value)) setOwn(out, keyword, this.#map(value, at));
    else setOwn(out, keyword, copyData(value));
  }

  #list(list: readonly unknown[], at: Pointer): unknown[] {
    return list.map((item, i) => this.schema(item, appendPointer(at, i)));
  }

  #map(map: JsonObject, at: Pointer): JsonObject {
    const out: JsonObject = {};
    for (const key of Object.keys(map)) setOwn(out, key, this.schema(map[key], appendPointer(at, key)));
    return out;
  }

  /** draft-07 `dependencies`: arrays of names are dependentRequired, schemas are dependentSchemas. */
  #dependencies(out: JsonObject, value: JsonObject, at: Pointer): void {
    const required: JsonObject = {};
    const schemas: JsonObject = {};
    for (const key of Object.keys(value)) {
      const entry = value[key];
      if (Array.isArray(entry)) setOwn(required, key, copyData(entry));
      else setOwn(schemas, key, this.schema(entry, appendPointer(at, key)));
    }
    if (Object.keys(required).length > 0) setOwn(out, "dependentRequired", required);
    if (Object.keys(schemas).length > 0) setOwn(out, "dependentSchemas", schemas);
  }
}

/**
 * The schema at `pointer` as one self-contained draft 2020-12 document: `$schema` first, the
 * schema's own keywords, then `$defs` holding every definition it reaches (sorted by name).
 */
export function selfContainedSchema(graph: SchemaGraph, pointer: Pointer): JsonObject {
  const targets = reachable(graph, [pointer], pointer);
  const names = nameTargets(graph, targets);
  const copier = new Copier(graph, pointer, (target) => names.get(target.pointer) as string);
  const body = asObject(copier.schema(graph.node(pointer).written, pointer));
  const out: JsonObject = {};
  setOwn(out, "$schema", DRAFT_2020_12);
  for (const key of Object.keys(body)) setOwn(out, key, body[key]);
  const defs: JsonObject = {};
  const byName = new Map<string, SchemaNode>();
  for (const [at, name] of names) if (!byName.has(name)) byName.set(name, targets.get(at) as SchemaNode);
  for (const name of [...byName.keys()].sort(byCodeUnits)) {
    const target = byName.get(name) as SchemaNode;
    setOwn(defs, name, copier.schema(target.written, target.pointer));
  }
  if (byName.size > 0) setOwn(out, "$defs", defs);
  return out;
}

/** A boolean schema as an object, so `$schema` has somewhere to stand: true is {}, false is {"not": {}}. */
function asObject(schema: unknown): JsonObject {
  return isJsonObject(schema) ? schema : schema === false ? { not: {} } : {};
}

/** One location's part of a SharedSchemas: its own copy, or the definition that is its copy. */
export interface SharedRoot {
  /** The location's copy as an object (without `$schema`); undefined when `definition` names it. */
  readonly body: JsonObject | undefined;
  /** The definition whose copy this location's is, when some ref reaches the location itself. */
  readonly definition: string | undefined;
  /**
   * False when the copy cannot mean what the schema means: a `$dynamicRef` resolves against the
   * dynamic anchors on its path, which a copy drops with the other identifiers.
   */
  readonly exact: boolean;
}

/**
 * Many locations' self-contained schemas at once, sharing one table of definitions, so that
 * output grows with the contract rather than with locations times what each one reaches. A
 * location's document is `$schema`, its body (or its definition's copy), and `$defs` holding
 * the definitions its refs reach, directly or through others: whoever assembles it follows the
 * refs, each `#/$defs/<name>`. Unlike `selfContainedSchema`, a ref back to the location itself is
 * not `#` but its definition's name, so that every definition has one copy whichever location
 * reads it; names are decided as there, over the union of what the locations reach.
 */
export interface SharedSchemas {
  /** Every definition any location reaches, by name, sorted by name. */
  readonly definitions: ReadonlyMap<string, unknown>;
  readonly roots: ReadonlyMap<Pointer, SharedRoot>;
}

export function sharedSchemas(graph: SchemaGraph, pointers: readonly Pointer[]): SharedSchemas {
  // Every root that is an object schema is a definition too, so a root inside another (an inline
  // object that is a type of its own) is referred to, not copied again into each one around it:
  // objects nested n deep would otherwise fill the table with n copies of the innermost.
  const rootSet = new Set(pointers.filter((pointer) => isJsonObject(graph.node(pointer).written)));
  // While finding what is reachable, a root met inside another is only a place to stop (it is a start of its own).
  const cut = (at: Pointer): string | undefined => (rootSet.has(at) ? "" : undefined);
  const targets = reachable(graph, pointers, undefined, cut);
  for (const pointer of rootSet) if (!targets.has(pointer)) targets.set(pointer, graph.node(pointer));
  const names = nameTargets(graph, targets);
  // One copier for everything; `refs` collects the names the schema being copied refers to.
  let refs = new Set<string>();
  const copier = new Copier(
    graph,
    undefined,
    (target) => {
      const name = names.get(target.pointer) as string;
      refs.add(name);
      return name;
    },
    (at) => {
      if (!rootSet.has(at)) return undefined;
      const name = names.get(at) as string;
      refs.add(name);
      return name;
    },
  );
  const copy = (at: Pointer): { copy: unknown; refs: Set<string> } => {
    refs = new Set();
    return { copy: copier.from(at), refs };
  };
  const definitions = new Map<string, unknown>();
  /** Definition → the definitions whose copies refer to it. */
  const referrers = new Map<string, string[]>();
  const dynamic: string[] = [];
  for (const [pointer, name] of [...names].sort(([, a], [, b]) => byCodeUnits(a, b))) {
    if (definitions.has(name)) continue;
    const copied = copy(pointer);
    definitions.set(name, copied.copy);
    for (const ref of copied.refs) {
      const list = referrers.get(ref);
      if (list === undefined) referrers.set(ref, [name]);
      else list.push(name);
    }
    if (usesDynamicRef(copied.copy)) dynamic.push(name);
  }
  // Inexact: a definition that uses $dynamicRef, and every one that reaches it.
  const inexact = new Set<string>();
  for (let name = dynamic.pop(); name !== undefined; name = dynamic.pop()) {
    if (inexact.has(name)) continue;
    inexact.add(name);
    dynamic.push(...(referrers.get(name) ?? []));
  }
  const roots = new Map<Pointer, SharedRoot>();
  for (const pointer of pointers) {
    const own = names.get(pointer);
    if (own !== undefined && isJsonObject(definitions.get(own))) {
      roots.set(pointer, { body: undefined, definition: own, exact: !inexact.has(own) });
      continue;
    }
    const copied = copy(pointer);
    const exact = !usesDynamicRef(copied.copy) && ![...copied.refs].some((name) => inexact.has(name));
    roots.set(pointer, { body: asObject(copied.copy), definition: undefined, exact });
  }
  return { definitions, roots };
}

/** Whether a copy holds a `$dynamicRef` anywhere; data that merely looks like one (an `enum` value) counts too, erring towards "not exact". */
function usesDynamicRef(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(usesDynamicRef);
  if (!isJsonObject(value)) return false;
  return Object.keys(value).some((key) => key === "$dynamicRef" || usesDynamicRef(value[key]));
}
