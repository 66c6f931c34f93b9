/**
 * Where a schema says `integer`, and the numbers there that a JavaScript number cannot carry.
 *
 * The generator writes, for each method's params and result whose schema has an `integer`
 * location, an IntegerShape: the schema's locations as nodes (node 0 is the value itself), each
 * saying whether it declares `integer` and which nodes read its named properties, its other keys
 * and its items. A pointer into a value is then walked through the nodes — every applicable one at
 * once, as `anyOf` branches or `$ref`s may each apply — and the value is in trouble when a number
 * past ±(2^53 − 1) sits where any of them says `integer`. That reading errs on the side of
 * refusing: a location some branch calls `integer` counts, whichever branch the value matched.
 */
import {
  escapeSegment,
  unsafeDigitsAt,
  unsafeMembersOf,
  type Members,
  type UnsafeInteger,
} from "./json-reader.js";

export type IntegerNode = {
  /** The schema here says `integer` (alone or among other types). */
  readonly integer?: true;
  /** The schema here says a 64-bit `integer` that the binding reads as `bigint` (binding `numbers.int64`). */
  readonly int64?: true;
  /** Schemas applied to the same value: `$ref` targets, `allOf`/`anyOf`/`oneOf` branches, `then`/`else`. */
  readonly inPlace?: readonly number[];
  /** Named properties (`properties`), as `[name, nodes]` pairs. */
  readonly properties?: readonly (readonly [string, readonly number[]])[];
  /** Any other key's value (`additionalProperties`, `patternProperties` whatever the pattern, `unevaluatedProperties`). */
  readonly otherProperties?: readonly number[];
  /** Items by position (`prefixItems`, draft-07's tuple `items`). */
  readonly prefixItems?: readonly (readonly number[])[];
  /** Every item (`items`, `additionalItems`, `contains`, `unevaluatedItems`). */
  readonly items?: readonly number[];
};

/** A schema's `integer` locations, for the walk; node 0 is the root. */
export type IntegerShape = readonly IntegerNode[];

/**
 * The first number in `value` at an `integer` location of `shape` that lies past ±(2^53 − 1),
 * with its digits as sent when `value` was read by readJson (else as the number now holds them).
 * `walkAll`: look at every number, as for params a caller built; otherwise only at the literals
 * readJson noticed, as for an answer (a number there that was written as a fraction or with an
 * exponent was never a long integer literal, and is the validator's to judge).
 */
export function unsafeInteger(
  shape: IntegerShape,
  value: unknown,
  walkAll: boolean,
): UnsafeInteger | undefined {
  if (typeof value === "number")
    return isUnsafe(value) && says(shape, closure(shape, [0])) ? asRead(value, "") : undefined;
  // Most values hold no such number: one plain look first, before any walk of the shape.
  if (!holdsUnsafeNumber(value)) return undefined;
  return walk(shape, value, closure(shape, [0]), "", walkAll);
}

const isUnsafe = (value: number): boolean => Number.isInteger(value) && !Number.isSafeInteger(value);

/** A plain look at every number, by a list of containers still to look into: no depth overflows it. */
function holdsUnsafeNumber(value: unknown): boolean {
  if (typeof value === "number") return isUnsafe(value);
  if (typeof value !== "object" || value === null) return false;
  const pending: object[] = [value];
  for (let container = pending.pop(); container !== undefined; container = pending.pop()) {
    for (const child of Array.isArray(container) ? container : Object.values(container)) {
      if (typeof child === "number") {
        if (isUnsafe(child)) return true;
      } else if (typeof child === "object" && child !== null) pending.push(child);
    }
  }
  return false;
}

const asRead = (value: number, pointer: string): UnsafeInteger => ({
  pointer,
  digits: BigInt(value).toString(),
});

function says(shape: IntegerShape, nodes: ReadonlySet<number>): boolean {
  for (const node of nodes) if (shape[node]?.integer === true) return true;
  return false;
}

/** The nodes and everything they apply in place. */
function closure(shape: IntegerShape, start: Iterable<number>): Set<number> {
  const nodes = new Set<number>();
  const pending = [...start];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (nodes.has(node)) continue;
    nodes.add(node);
    for (const next of shape[node]?.inPlace ?? []) pending.push(next);
  }
  return nodes;
}

/** The nodes that read `container[key]`. */
function step(shape: IntegerShape, nodes: ReadonlySet<number>, container: unknown, key: string): Set<number> {
  const next: number[] = [];
  for (const at of nodes) {
    const node = shape[at];
    if (node === undefined) continue;
    if (Array.isArray(container)) {
      const prefix = node.prefixItems?.[Number(key)];
      next.push(...(prefix ?? node.items ?? []));
      if (prefix !== undefined) next.push(...(node.items ?? []));
    } else {
      const named = node.properties?.find(([name]) => name === key)?.[1];
      next.push(...(named ?? []), ...(node.otherProperties ?? []));
    }
  }
  return closure(shape, next);
}

/**
 * The first unsafe number in value order, by a stack of what is still to look at (the next one on
 * top): an answer nested any deep is walked without recursion. A container waits there with the
 * nodes that read it; an unsafe number after a container waits with its own container and key,
 * so that it is reported only once everything before it was looked into.
 */
type Visit =
  | { readonly container: object; readonly nodes: ReadonlySet<number>; readonly pointer: string }
  | { readonly number: number; readonly container: object; readonly key: string; readonly pointer: string };

function walk(
  shape: IntegerShape,
  value: unknown,
  nodes: ReadonlySet<number>,
  pointer: string,
  walkAll: boolean,
): UnsafeInteger | undefined {
  if (nodes.size === 0 || typeof value !== "object" || value === null) return undefined;
  const pending: Visit[] = [{ container: value, nodes, pointer }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    if ("number" in visit) {
      const digits = unsafeDigitsAt(visit.container, visit.key);
      if (digits !== undefined) return { pointer: visit.pointer, digits };
      if (walkAll) return asRead(visit.number, visit.pointer);
      continue;
    }
    const { container } = visit;
    const keys = Array.isArray(container) ? container.map((_, i) => String(i)) : Object.keys(container);
    const later: Visit[] = [];
    for (const key of keys) {
      const child = (container as Record<string, unknown>)[key];
      if (typeof child === "number") {
        if (!isUnsafe(child)) continue;
        const next = step(shape, visit.nodes, container, key);
        if (says(shape, next))
          later.push({ number: child, container, key, pointer: `${visit.pointer}/${escapeSegment(key)}` });
      } else if (typeof child === "object" && child !== null) {
        const next = step(shape, visit.nodes, container, key);
        if (next.size > 0)
          later.push({ container: child, nodes: next, pointer: `${visit.pointer}/${escapeSegment(key)}` });
      }
    }
    for (let i = later.length - 1; i >= 0; i--) pending.push(later[i] as Visit);
  }
  return undefined;
}

/**
 * `value` with every integer at a 64-bit location of `shape` (`int64` nodes) made a `bigint`, exact:
 * from the digits readJson noticed where a number had rounded them. Containers are changed in
 * place (the value is one the runtime just read); a number elsewhere, or a fraction, stays as it
 * is, for the validator to judge. Costs nothing for a shape without `int64` nodes.
 */
export function readBigints(shape: IntegerShape, value: unknown): unknown {
  const root = rootState(shape);
  if (root === undefined) return value;
  if (typeof value === "number") return root.int64 && Number.isInteger(value) ? BigInt(value) : value;
  const deferred: Deferred[] = [];
  convert(shape, value, root, 0, deferred);
  for (let next = deferred.pop(); next !== undefined; next = deferred.pop())
    convert(shape, next.value, next.state, 0, deferred);
  return value;
}

/**
 * How deep `convert` calls itself before it leaves a container for later: an answer nested any
 * deep (a recursive type holding an int64) then costs a list of containers, never the stack.
 * Containers are changed in place, each on its own, so the order they are converted in is free.
 */
const RECURSION_DEPTH = 256;
type Deferred = { readonly value: object; readonly state: State };

/**
 * A set of nodes a value is read by, interned per shape: the walk of a large answer steps from a
 * state by a key once and finds the next state in a table thereafter. Keys no node names share one
 * entry (`otherKey` for objects, `restItem` for items past every prefix), so a map of many keys or
 * a long array adds no entries.
 */
type State = {
  readonly nodes: readonly number[];
  readonly int64: boolean;
  /** Nothing below can be a 64-bit location: the walk stops here. */
  readonly dead: boolean;
  readonly named: ReadonlySet<string>;
  readonly prefixLength: number;
  readonly byName: Map<string, State>;
  otherKey: State | undefined;
  readonly byPrefix: (State | undefined)[];
  restItem: State | undefined;
  /** No node reads other keys: an object here is walked by `named` alone (and `plan` lists those worth a look). */
  readonly closed: boolean;
  /** The named keys whose value may hold a 64-bit location, with their states; made at the first object walked here. */
  plan: readonly (readonly [string, State])[] | undefined;
};

type States = { readonly root: State | undefined; readonly byNodes: Map<string, State> };

const statesOf = new WeakMap<IntegerShape, States>();

function rootState(shape: IntegerShape): State | undefined {
  let known = statesOf.get(shape);
  if (known === undefined) {
    const byNodes = new Map<string, State>();
    const root = shape.some((node) => node.int64 === true)
      ? intern(shape, byNodes, closure(shape, [0]))
      : undefined;
    known = { root, byNodes };
    statesOf.set(shape, known);
  }
  return known.root;
}

function intern(shape: IntegerShape, byNodes: Map<string, State>, nodes: ReadonlySet<number>): State {
  const sorted = [...nodes].sort((a, b) => a - b);
  const key = sorted.join(",");
  const known = byNodes.get(key);
  if (known !== undefined) return known;
  const named = new Set<string>();
  let prefixLength = 0;
  let int64 = false;
  let leadsOn = false;
  let closed = true;
  for (const id of sorted) {
    const node = shape[id];
    if (node === undefined) continue;
    if (node.int64 === true) int64 = true;
    if (
      node.properties !== undefined ||
      node.otherProperties !== undefined ||
      node.prefixItems !== undefined ||
      node.items !== undefined
    )
      leadsOn = true;
    if (node.otherProperties !== undefined) closed = false;
    for (const [name] of node.properties ?? []) named.add(name);
    prefixLength = Math.max(prefixLength, node.prefixItems?.length ?? 0);
  }
  const state: State = {
    nodes: sorted,
    int64,
    dead: !leadsOn,
    named,
    prefixLength,
    byName: new Map(),
    otherKey: undefined,
    byPrefix: [],
    restItem: undefined,
    closed,
    plan: undefined,
  };
  byNodes.set(key, state);
  return state;
}

function nextState(shape: IntegerShape, state: State, container: object, key: string): State {
  const byNodes = (statesOf.get(shape) as States).byNodes;
  return intern(shape, byNodes, step(shape, new Set(state.nodes), container, key));
}

function memberState(shape: IntegerShape, state: State, container: object, key: string): State {
  if (state.named.has(key)) {
    let next = state.byName.get(key);
    if (next === undefined) state.byName.set(key, (next = nextState(shape, state, container, key)));
    return next;
  }
  return (state.otherKey ??= nextState(shape, state, container, key));
}

function itemState(shape: IntegerShape, state: State, container: object, index: number): State {
  if (index < state.prefixLength)
    return (state.byPrefix[index] ??= nextState(shape, state, container, String(index)));
  return (state.restItem ??= nextState(shape, state, container, String(index)));
}

/** The named keys of a closed state worth a look: those whose value is or may hold a 64-bit location. */
function planOf(shape: IntegerShape, state: State, container: object): readonly (readonly [string, State])[] {
  const plan: (readonly [string, State])[] = [];
  for (const name of state.named) {
    const next = memberState(shape, state, container, name);
    if (next.int64 || !next.dead) plan.push([name, next]);
  }
  return (state.plan = plan);
}

function convert(
  shape: IntegerShape,
  value: unknown,
  state: State,
  depth: number,
  deferred: Deferred[],
): void {
  if (typeof value !== "object" || value === null || state.dead) return;
  // The container's table of digits, looked up once, and only when a number here is past the safe range.
  let table: Members | undefined | null = null;
  if (Array.isArray(value) && state.prefixLength === 0 && value.length > 0) {
    // Every item is read by the same state: a list of 64-bit integers (or of nothing to convert) takes one tight loop.
    const item = itemState(shape, state, value, 0);
    if (item.dead) {
      if (!item.int64) return;
      for (let i = 0; i < value.length; i++) {
        const child: unknown = value[i];
        if (typeof child !== "number" || !Number.isInteger(child)) continue;
        if (Number.isSafeInteger(child)) value[i] = BigInt(child);
        else value[i] = BigInt(digitsOfItem((table ??= unsafeMembersOf(value)), i) ?? child);
      }
      return;
    }
  }
  if (!Array.isArray(value) && state.closed) {
    const container = value as Record<string, unknown>;
    for (const [key, next] of state.plan ?? planOf(shape, state, value)) {
      const child = container[key];
      if (child === undefined || !Object.hasOwn(container, key)) continue;
      if (typeof child === "number") {
        if (!next.int64 || !Number.isInteger(child)) continue;
        if (Number.isSafeInteger(child)) container[key] = BigInt(child);
        else container[key] = BigInt(digitsOfMember((table ??= unsafeMembersOf(value)), key) ?? child);
      } else if (typeof child === "object" && child !== null) descend(shape, child, next, depth, deferred);
    }
    return;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (typeof child === "number") {
        const next = itemState(shape, state, value, i);
        if (!next.int64 || !Number.isInteger(child)) continue;
        if (Number.isSafeInteger(child)) value[i] = BigInt(child);
        else value[i] = BigInt(digitsOfItem((table ??= unsafeMembersOf(value)), i) ?? child);
      } else if (typeof child === "object" && child !== null)
        descend(shape, child, itemState(shape, state, value, i), depth, deferred);
    }
    return;
  }
  const container = value as Record<string, unknown>;
  for (const key in container) {
    if (!Object.hasOwn(container, key)) continue;
    const child = container[key];
    if (typeof child === "number") {
      const next = memberState(shape, state, value, key);
      if (!next.int64 || !Number.isInteger(child)) continue;
      if (Number.isSafeInteger(child)) container[key] = BigInt(child);
      else container[key] = BigInt(digitsOfMember((table ??= unsafeMembersOf(value)), key) ?? child);
    } else if (typeof child === "object" && child !== null)
      descend(shape, child, memberState(shape, state, value, key), depth, deferred);
  }
}

function descend(
  shape: IntegerShape,
  child: object,
  state: State,
  depth: number,
  deferred: Deferred[],
): void {
  if (state.dead) return;
  if (depth < RECURSION_DEPTH) convert(shape, child, state, depth + 1, deferred);
  else deferred.push({ value: child, state });
}

const digitsOfItem = (table: Members | undefined, index: number): string | undefined =>
  table === undefined ? undefined : Array.isArray(table) ? table[index] : table.get(String(index));

const digitsOfMember = (table: Members | undefined, key: string): string | undefined =>
  table === undefined ? undefined : Array.isArray(table) ? table[Number(key)] : table.get(key);
