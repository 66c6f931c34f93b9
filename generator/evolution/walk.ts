/**
 * The state of one comparison (one method, one direction) and the one way changes are recorded.
 */
import type { SchemaGraph } from "../resolve/index.js";
import type { Pointer } from "../json.js";
import type { DiffClass } from "../schema/keyword-table.js";
import { severityOf, type Change, type ChangeKind, type Direction, type Effect, type Severity } from "./changes.js";

export interface Walk {
  readonly before: SchemaGraph;
  readonly after: SchemaGraph;
  readonly method: string | undefined;
  readonly direction: Direction;
  /**
   * Pairs of (old pointer, new pointer) already compared for this method and direction. It ends
   * recursion through recursive types, and reports a definition reached twice only once.
   */
  readonly visited: Set<string>;
  readonly changes: Change[];
}

export function newWalk(before: SchemaGraph, after: SchemaGraph, method: string | undefined, direction: Direction): Walk {
  return { before, after, method, direction, visited: new Set(), changes: [] };
}

export function report(walk: Walk, severity: Severity, kind: ChangeKind, pointer: Pointer, message: string): void {
  walk.changes.push({ severity, kind, ...(walk.method === undefined ? {} : { method: walk.method }), pointer, message });
}

/** A change to the set of accepted values: its severity is the keyword's cost on the walk's side. */
export function reportEffect(
  walk: Walk,
  diff: DiffClass,
  effect: Effect,
  kind: ChangeKind,
  pointer: Pointer,
  message: string,
): void {
  report(walk, severityOf(walk.direction === "sends" ? diff.sends : diff.receives, effect), kind, pointer, message);
}
