/**
 * Structural sharing: schema locations that would compile to the same code get one set of
 * functions, whoever reaches them. Two locations are identical when their schemas, as their
 * dialects read them, hold the same checks with the same values, and their subschemas and `$ref`
 * targets are identical in turn — recursion included. That is the coarsest partition stable under
 * "same local checks, same classes of children", found by refining: start from the local checks
 * alone, then split classes by their children's classes until nothing splits (as a DFA is
 * minimised, by Hopcroft's algorithm: refinement.ts). Annotations (`description`, `title`, `markdownDescription`, …) and identifiers do
 * not take part: they change no verdict and no message.
 *
 * Functions never see where they sit: instance and schema paths are relative to their own value
 * and schema, and a caller prefixes what it gets back (see `within` in mode.ts), so one function
 * serves every member of its class. A schema using dynamic references is not shared at all: what
 * `$dynamicRef`/`$recursiveRef` reach depends on the path taken to them, not only on the location.
 */
import { byCodeUnits } from "../../order.js";
import type { SchemaGraph, SchemaNode } from "../../resolve/index.js";
import { appendPointer, isJsonObject, parsePointer, type Pointer } from "../../json.js";
import { dialectNamed, readingOf, type Dialect } from "../../schema/dialects.js";
import { subschemasIn } from "../../schema/subschemas.js";
import { roleOf } from "./keyword-roles.js";
import { coarsestStablePartition } from "./refinement.js";

export interface SharedShapes {
  /** The location whose functions serve `pointer`: the first member of its class (shallowest, then by code units). */
  representative(pointer: Pointer): Pointer;
  /**
   * Whether the subschema at `pointer` should be called rather than inlined: it has functions of
   * its own in any case (it is identical to another location, or it is a root) and compiles to more
   * than a few checks. Inlining it would make the module grow with the places a shape is used, not
   * with the shapes.
   */
  worthCalling(pointer: Pointer): boolean;
  /**
   * Whether `pointer` is a root whose functions serve it alone: no other location reaches it (as
   * a subschema or a `$ref` target) and none is identical to it, so only its exported validator
   * calls them, and their issues can carry schema paths from the document root as literals.
   */
  soleRoot(pointer: Pointer): boolean;
}

/** Keywords whose reach depends on the dynamic scope: a document using any of them shares nothing. */
const DYNAMIC = ["$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor"];

/**
 * What a location weighs: one per keyword, one more per keyword holding subschemas, and more for
 * the applicators whose issue path explains every branch. A subschema that has functions of its
 * own in any case (it is shared, or a root: an inline object that is a named type) is called once
 * it weighs at least CALL_WEIGHT; a lighter one (a typed property, a small object) is cheaper
 * inlined. So a function holds its own checks and calls its children's: objects nested n deep,
 * each a named type, cost n, not n × the inline depth (five times the code, for validators no
 * faster in bench:validators).
 */
const CALL_WEIGHT = 8;
const BRANCHING = new Set(["allOf", "anyOf", "oneOf", "not", "if"]);
const BRANCHING_WEIGHT = 4;

interface Location {
  /** The location's own checks, with every subschema replaced by its slot number. */
  readonly local: string;
  /** Subschema pointers and `$ref` targets, in slot order. */
  readonly slots: readonly Pointer[];
  /** Which slots are `$ref` targets (not part of this location's own tree). */
  readonly refSlots: ReadonlySet<number>;
  /** The checks compiled for the location itself. */
  readonly ownWeight: number;
  /** Whether checking may walk the instance or go through a reference (see `descends` in keyword-emitters/ref.ts). */
  readonly descends: boolean;
}

/** Classes for every location reachable from `roots` through subschemas and `$ref`s. */
export function shareIdenticalShapes(graph: SchemaGraph, roots: readonly Pointer[]): SharedShapes {
  const locations = new Map<Pointer, Location>();
  const pending = [...roots];
  let dynamic = false;
  for (let pointer = pending.pop(); pointer !== undefined; pointer = pending.pop()) {
    if (locations.has(pointer)) continue;
    const location = readLocation(graph, pointer);
    if (location === undefined) continue;
    if (location === "dynamic") {
      dynamic = true;
      break;
    }
    locations.set(pointer, location);
    for (const slot of location.slots) if (!locations.has(slot)) pending.push(slot);
  }
  if (dynamic) return { representative: (pointer) => pointer, worthCalling: () => false, soleRoot: () => false };

  const depth = new Map([...locations.keys()].map((pointer) => [pointer, parsePointer(pointer)?.length ?? 0]));
  const ordered = [...locations.keys()].sort((a, b) => (depth.get(a) as number) - (depth.get(b) as number) || byCodeUnits(a, b));
  const classOf = refine(ordered, locations);
  const representatives = new Map<number, Pointer>();
  const members = new Map<number, number>();
  // A root's functions are emitted whoever else reaches it: a class holding one costs nothing more to call.
  const rootClasses = new Set(roots.map((root) => classOf.get(root)).filter((id) => id !== undefined));
  for (const pointer of ordered) {
    const id = classOf.get(pointer) as number;
    if (!representatives.has(id)) representatives.set(id, pointer);
    members.set(id, (members.get(id) ?? 0) + 1);
  }
  const weights = new Map<Pointer, number>();
  const weightOf = (pointer: Pointer): number => {
    const known = weights.get(pointer);
    if (known !== undefined) return known;
    const location = locations.get(pointer);
    if (location === undefined) return CALL_WEIGHT;
    // A `$ref` target that descends is a call in any case; one that does not is inlined, so it weighs what it checks.
    let weight = location.ownWeight;
    location.slots.forEach((slot, i) => {
      const target = locations.get(slot);
      weight += !location.refSlots.has(i) ? weightOf(slot) : target === undefined || target.descends ? 1 : target.ownWeight;
    });
    weights.set(pointer, weight);
    return weight;
  };
  const reached = new Set<Pointer>();
  for (const location of locations.values()) for (const slot of location.slots) reached.add(slot);
  const rootSet = new Set(roots);
  return {
    soleRoot(pointer) {
      const id = classOf.get(pointer);
      return rootSet.has(pointer) && !reached.has(pointer) && id !== undefined && members.get(id) === 1;
    },
    representative(pointer) {
      const id = classOf.get(pointer);
      return id === undefined ? pointer : (representatives.get(id) as Pointer);
    },
    worthCalling(pointer) {
      const id = classOf.get(pointer);
      if (id === undefined) return false;
      const ownFunctions = (members.get(id) as number) > 1 || rootClasses.has(id);
      return ownFunctions && weightOf(pointer) >= CALL_WEIGHT;
    },
  };
}

/**
 * The classes of every location: its local checks, then its slots' classes in turn, refined to
 * the coarsest stable partition (refinement.ts). A slot naming no location (an external or
 * dangling target) is a node of its own, one per pointer, equal only to itself.
 */
function refine(ordered: readonly Pointer[], locations: ReadonlyMap<Pointer, Location>): Map<Pointer, number> {
  const numberOf = new Map<Pointer, number>(ordered.map((pointer, i) => [pointer, i]));
  const nodes: Pointer[] = [...ordered];
  const kinds: string[] = ordered.map((pointer) => (locations.get(pointer) as Location).local);
  const edges: number[][] = ordered.map((pointer) =>
    (locations.get(pointer) as Location).slots.map((slot) => {
      let node = numberOf.get(slot);
      if (node === undefined) {
        node = nodes.push(slot) - 1;
        numberOf.set(slot, node);
        kinds.push(`@${slot}`);
      }
      return node;
    }),
  );
  const classes = coarsestStablePartition({
    size: nodes.length,
    kind: (node) => kinds[node] as string,
    edges: (node) => edges[node] ?? [],
  });
  return new Map(ordered.map((pointer, i) => [pointer, classes[i] as number]));
}

/**
 * The local checks of one location, or undefined when it cannot be read (a dangling or external
 * `$ref`, a schema that is not one): such a location stays its own class, and compiling it reports
 * the problem.
 */
function readLocation(graph: SchemaGraph, pointer: Pointer): Location | "dynamic" | undefined {
  let node: SchemaNode;
  try {
    node = graph.node(pointer);
  } catch {
    return undefined;
  }
  const { written: raw, dialect, schema } = node;
  if (typeof raw === "boolean") return { local: String(raw), slots: [], refSlots: new Set(), ownWeight: 1, descends: false };
  if (!isJsonObject(schema)) return undefined;
  const parts: unknown[] = [dialect];
  const slots: Pointer[] = [];
  const refSlots = new Set<number>();
  let ownWeight = 0;
  let descends = false;
  const slot = (at: Pointer): number => slots.push(at) - 1;
  for (const keyword of Object.keys(schema).sort(byCodeUnits)) {
    if (DYNAMIC.includes(keyword)) return "dynamic";
    const value = schema[keyword];
    if (keyword === "$ref") {
      if (typeof value !== "string") return undefined;
      let target: Pointer;
      try {
        target = graph.target(value, pointer).pointer;
      } catch {
        return undefined;
      }
      refSlots.add(slots.length);
      parts.push(keyword, slot(target));
      descends = true;
      continue;
    }
    if (!takesPart(dialect, keyword, value)) continue;
    ownWeight += BRANCHING.has(keyword) ? 1 + BRANCHING_WEIGHT : 1;
    const kind = subschemasIn(dialect, keyword);
    const at = appendPointer(pointer, keyword);
    switch (kind) {
      case "none":
        parts.push(keyword, value);
        break;
      case "schema":
        descends = true;
        ownWeight += 1;
        parts.push(keyword, slot(at));
        break;
      case "schema-or-array":
      case "array":
        descends = true;
        ownWeight += 1;
        if (Array.isArray(value))
          parts.push(
            keyword,
            value.map((_, i) => slot(appendPointer(at, i))),
          );
        else if (kind === "schema-or-array") parts.push(keyword, slot(at));
        else parts.push(keyword, value);
        break;
      case "map":
      case "schema-or-names-map":
        descends = true;
        ownWeight += 1;
        if (!isJsonObject(value)) {
          parts.push(keyword, value);
          break;
        }
        parts.push(
          keyword,
          Object.keys(value)
            .sort(byCodeUnits)
            .map((key) => [key, Array.isArray(value[key]) ? value[key] : slot(appendPointer(at, key))]),
        );
        break;
    }
  }
  return { local: JSON.stringify(parts), slots, refSlots, ownWeight, descends };
}

/**
 * Whether a keyword can change what the compiled code does: what asserts, what is refused, a
 * keyword this dialect retired (refused when compiled), a `$schema` naming no dialect we read.
 */
function takesPart(dialect: Dialect, keyword: string, value: unknown): boolean {
  if (keyword === "$schema") return dialectNamed(value) === undefined;
  const role = roleOf(keyword);
  return role === "assertion" || role === "refused" || readingOf(dialect, keyword) === "retired";
}
