/**
 * The dynamic scope, as far as the compiler needs it: for each dynamic-anchor name, the
 * outermost schema resource entered so far that brings it (2019-09 `$recursiveAnchor: true`
 * under the empty name, 2020-12 `$dynamicAnchor`s by theirs). Only the first resource to bring a
 * name matters, so a scope can only grow, and a schema has finitely many: a location is compiled
 * once per scope it is reached in, which makes `$recursiveRef` and `$dynamicRef` static calls.
 * Documents without dynamic anchors only ever see the empty scope.
 */
import type { SchemaGraph } from "../../resolve/index.js";
import type { Pointer } from "../../json.js";
import { byCodeUnits } from "../../order.js";

export interface DynamicScope {
  /** Canonical text of `anchors` ("" for the empty scope): equal scopes, equal keys. */
  readonly key: string;
  readonly anchors: ReadonlyMap<string, Pointer>;
}

export const EMPTY_SCOPE: DynamicScope = { key: "", anchors: new Map() };

/** The scope after entering the resource the schema at `pointer` belongs to; `scope` itself when that adds nothing. */
export function enterResource(graph: SchemaGraph, scope: DynamicScope, pointer: Pointer): DynamicScope {
  if (!graph.hasDynamicAnchors) return scope;
  const brought = graph.dynamicAnchorsOf(graph.node(pointer).resource);
  const added = [...brought].filter(([name]) => !scope.anchors.has(name));
  if (added.length === 0) return scope;
  const anchors = new Map([...scope.anchors, ...added].sort(([a], [b]) => byCodeUnits(a, b)));
  return { key: JSON.stringify([...anchors]), anchors };
}
