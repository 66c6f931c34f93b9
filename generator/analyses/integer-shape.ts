/**
 * Integer shapes, an analysis: a schema's `integer` locations, as the table the runtime walks
 * (templates/runtime/core/integers.ts, whose IntegerShape type this returns):
 * one node per schema location that can lead to an `integer`, saying whether it declares one and
 * which nodes read its named properties, other keys and items, and which apply to the same value.
 * The client refuses an answer (or params) holding a number past ±(2^53 − 1) at such a location,
 * instead of letting a JavaScript number round it. In a binding that reads 64-bit integers as
 * `bigint`, their locations are `int64` nodes instead: the client reads the integers there as
 * bigints, exactly, and refuses nothing there. What each keyword's subschemas apply to is the
 * keyword table's `applies` column; nothing else here knows a keyword.
 */
import type { Pointer } from "../json.js";
import { appendPointer, isJsonObject } from "../json.js";
import { byCodeUnits } from "../order.js";
import type { SchemaGraph } from "../resolve/index.js";
import { keywordRow } from "../schema/keyword-table.js";
import { subschemasIn } from "../schema/subschemas.js";
import type { IntegerNode, IntegerShape } from "../../templates/runtime/core/integers.js";
import { readsBigint, type Int64Reading } from "../schema/integers.js";

interface Node {
  integer: boolean;
  /** A 64-bit location of a binding that reads them as bigint (schema/integers.ts). */
  int64: boolean;
  inPlace: number[];
  properties: [string, number[]][];
  otherProperties: number[];
  prefixItems: number[][];
  items: number[];
}

/** The shape of the value at `root`, or undefined when no `integer` can be reached from it. */
export function integerShape(graph: SchemaGraph, root: Pointer, int64: Int64Reading): IntegerShape | undefined {
  const nodes = readNodes(graph, root, int64);
  const kept = nodesReachingInteger(nodes);
  if (!kept.has(0)) return undefined;
  // Every bare `integer` location reads alike, and every bare 64-bit one: one node serves each kind.
  const leaves = [...kept].filter((id) => isIntegerLeaf(nodes[id] as Node, kept)).sort((a, b) => a - b);
  const leafOfKind = new Map<boolean, number>();
  for (const id of leaves) if (!leafOfKind.has((nodes[id] as Node).int64)) leafOfKind.set((nodes[id] as Node).int64, id);
  const servedBy = (id: number): number => (leaves.includes(id) ? (leafOfKind.get((nodes[id] as Node).int64) as number) : id);
  // Renumbered in the order they were met, so the table is the same however the schema's keys are ordered.
  const listed = [...kept].filter((id) => servedBy(id) === id).sort((a, b) => a - b);
  const number = new Map(listed.map((id, i) => [id, i]));
  const only = (ids: readonly number[]): number[] => [
    ...new Set(ids.filter((id) => kept.has(id)).map((id) => number.get(servedBy(id)) as number)),
  ];
  // Only what a node has is written, in the order the runtime's IntegerNode declares it.
  return [...number.keys()].map((id): IntegerNode => {
    const node = nodes[id] as Node;
    const inPlace = only(node.inPlace);
    const properties = node.properties.map(([name, ids]) => [name, only(ids)] as const).filter(([, ids]) => ids.length > 0);
    const other = only(node.otherProperties);
    const prefix = node.prefixItems.map(only);
    const items = only(node.items);
    return {
      ...(node.integer ? { integer: true } : {}),
      ...(node.int64 ? { int64: true } : {}),
      ...(inPlace.length > 0 ? { inPlace } : {}),
      ...(properties.length > 0 ? { properties } : {}),
      ...(other.length > 0 ? { otherProperties: other } : {}),
      ...(prefix.some((ids) => ids.length > 0) ? { prefixItems: prefix } : {}),
      ...(items.length > 0 ? { items } : {}),
    };
  });
}

function readNodes(graph: SchemaGraph, root: Pointer, int64: Int64Reading): Node[] {
  const ids = new Map<Pointer, number>();
  const nodes: Node[] = [];
  const pending: Pointer[] = [];
  const idOf = (pointer: Pointer): number => {
    const known = ids.get(pointer);
    if (known !== undefined) return known;
    ids.set(pointer, nodes.length);
    nodes.push({ integer: false, int64: false, inPlace: [], properties: [], otherProperties: [], prefixItems: [], items: [] });
    pending.push(pointer);
    return nodes.length - 1;
  };
  idOf(root);
  for (let pointer = pending.shift(); pointer !== undefined; pointer = pending.shift()) {
    const node = nodes[ids.get(pointer) as number] as Node;
    const { dialect, schema } = graph.node(pointer);
    if (!isJsonObject(schema)) continue;
    const type = schema.type;
    const integer = type === "integer" || (Array.isArray(type) && type.includes("integer"));
    node.int64 = integer && readsBigint(schema, int64);
    node.integer = integer && !node.int64;
    for (const keyword of Object.keys(schema).sort(byCodeUnits)) {
      const row = keywordRow(keyword);
      const value = schema[keyword];
      const at = appendPointer(pointer, keyword);
      if (row === undefined) continue;
      if (row.refers) {
        if (typeof value === "string") node.inPlace.push(idOf(graph.target(value, pointer).pointer));
        continue;
      }
      const kind = subschemasIn(dialect, keyword);
      const each = (): number[] => subschemaPointers(value, at, kind).map(idOf);
      switch (row.applies) {
        case "in-place":
          node.inPlace.push(...each());
          break;
        case "property":
          if (isJsonObject(value))
            for (const name of Object.keys(value).sort(byCodeUnits))
              node.properties.push([name, subschemaPointers(value[name], appendPointer(at, name), "schema").map(idOf)]);
          break;
        case "other-properties":
          node.otherProperties.push(...each());
          break;
        case "prefix-items":
          if (Array.isArray(value))
            value.forEach((item, i) => node.prefixItems.push(subschemaPointers(item, appendPointer(at, i), "schema").map(idOf)));
          break;
        case "items":
          // draft-07's array form of `items` is a tuple: its members read items by position.
          if (kind === "schema-or-array" && Array.isArray(value))
            value.forEach((item, i) => node.prefixItems.push(subschemaPointers(item, appendPointer(at, i), "schema").map(idOf)));
          else node.items.push(...each());
          break;
        case "property-names":
        case "condition":
        case "negation":
        case "none":
          break;
      }
    }
  }
  return nodes;
}

/** A node that says `integer` (64-bit or not) and leads nowhere else that does. */
function isIntegerLeaf(node: Node, kept: ReadonlySet<number>): boolean {
  return (node.integer || node.int64) && !edgesOf(node).some((edge) => kept.has(edge));
}

/** Every node this one leads to, whatever the way. */
function edgesOf(node: Node): number[] {
  return [
    ...node.inPlace,
    ...node.properties.flatMap(([, ids]) => ids),
    ...node.otherProperties,
    ...node.prefixItems.flat(),
    ...node.items,
  ];
}

/** The pointers of the subschemas a keyword's value holds, read as its kind says; booleans and objects only. */
function subschemaPointers(value: unknown, at: Pointer, kind: ReturnType<typeof subschemasIn>): Pointer[] {
  const isSchema = (v: unknown): boolean => typeof v === "boolean" || isJsonObject(v);
  switch (kind) {
    case "none":
      return [];
    case "schema":
      return isSchema(value) ? [at] : [];
    case "schema-or-array":
    case "array":
      if (Array.isArray(value)) return value.flatMap((item, i) => (isSchema(item) ? [appendPointer(at, i)] : []));
      return kind === "schema-or-array" && isSchema(value) ? [at] : [];
    case "map":
    case "schema-or-names-map":
      return isJsonObject(value)
        ? Object.keys(value)
            .sort(byCodeUnits)
            .flatMap((key) => (isSchema(value[key]) ? [appendPointer(at, key)] : []))
        : [];
  }
}

/** The nodes from which an `integer` node can be reached: a walk back along the edges from every `integer` node. */
function nodesReachingInteger(nodes: readonly Node[]): Set<number> {
  const from: number[][] = nodes.map(() => []);
  nodes.forEach((node, id) => {
    for (const edge of edgesOf(node)) from[edge]?.push(id);
  });
  const good = new Set<number>();
  const pending = nodes.flatMap((node, id) => (node.integer || node.int64 ? [id] : []));
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (good.has(id)) continue;
    good.add(id);
    pending.push(...(from[id] ?? []));
  }
  return good;
}
