/**
 * Reading links at run time: the values a result issues at a link's pointer (`*` for every item
 * of an array), one of them chosen for one place of a case, and the place in the params it goes.
 * Choices are a pure function of the case's seed, the link's source and pointer, and the place,
 * and pointers of one source that share a prefix up to a `*` choose the same item there: a ref
 * and an op fed from `/elements/*` come from one element, so the pair is one the host issued.
 */
import { escapeSegment as escapeAny, isJsonObject, parsePointer as parse } from "../json.js";
import { EVERY_ITEM } from "../model/links.js";

export interface Chosen {
  /** The concrete pointer the value sits at in the result, e.g. `/elements/2/ref`. */
  readonly pointer: string;
  readonly value: unknown;
}

/** Every value at `pattern` in `root`, each with its concrete pointer. */
export function valuesAt(root: unknown, pattern: string): Chosen[] {
  const found: Chosen[] = [];
  const walk = (value: unknown, segments: readonly string[], at: string): void => {
    const [segment, ...rest] = segments;
    if (segment === undefined) {
      found.push({ pointer: at, value });
      return;
    }
    if (segment === EVERY_ITEM) {
      if (Array.isArray(value)) value.forEach((item, i) => walk(item, rest, `${at}/${i}`));
      return;
    }
    const next = stepInto(value, segment);
    if (next.found) walk(next.value, rest, `${at}/${escapeSegment(segment)}`);
  };
  walk(root, parsePointer(pattern) ?? [], "");
  return found;
}

/** One value at `pattern` for the place `place`, chosen by `seed`; undefined when the result holds none. */
export function chooseValue(root: unknown, source: string, pattern: string, seed: number, place: string): Chosen | undefined {
  const segments = parsePointer(pattern) ?? [];
  const prefixes = wildcardPrefixes(pattern, segments);
  let value = root;
  let at = "";
  for (const [i, segment] of segments.entries()) {
    if (segment === EVERY_ITEM) {
      if (!Array.isArray(value) || value.length === 0) return undefined;
      const index = mix(`${seed}\u0000${source}\u0000${prefixes[i] ?? ""}\u0000${place}`) % value.length;
      value = value[index];
      at += `/${index}`;
      continue;
    }
    const next = stepInto(value, segment);
    if (!next.found) return undefined;
    value = next.value;
    at += `/${escapeSegment(segment)}`;
  }
  return { pointer: at, value };
}

/** For each `*` of a pattern, the pattern up to it, as written: shared by every pointer through the same array. */
const PREFIXES = new Map<string, readonly (string | undefined)[]>();

function wildcardPrefixes(pattern: string, segments: readonly string[]): readonly (string | undefined)[] {
  let prefixes = PREFIXES.get(pattern);
  if (prefixes === undefined) {
    prefixes = segments.map((segment, i) =>
      segment === EVERY_ITEM
        ? `/${segments
            .slice(0, i + 1)
            .map(escapeSegment)
            .join("/")}`
        : undefined,
    );
    if (PREFIXES.size < 10_000) PREFIXES.set(pattern, prefixes);
  }
  return prefixes;
}

/**
 * The concrete places a target param pattern has in `params`: `/token` is one, `/steps/*` + `/ref`
 * one per step the params hold. Each place comes with the key its choice is made for (the item
 * indexes on the way), so every step gets its own element. Only what the params hold is a place.
 */
export function placesIn(params: unknown, pattern: string): { readonly pointer: string; readonly key: string }[] {
  const places: { pointer: string; key: string }[] = [];
  const walk = (value: unknown, segments: readonly string[], at: string, key: string): void => {
    const [segment, ...rest] = segments;
    if (segment === undefined) return;
    if (segment === EVERY_ITEM) {
      if (Array.isArray(value))
        value.forEach((item, i) => (rest.length === 0 ? undefined : walk(item, rest, `${at}/${i}`, `${key}/${i}`)));
      return;
    }
    if (rest.length === 0) {
      // Only a param the case has is fed: a case without an optional param stays without it.
      if (isJsonObject(value) && Object.hasOwn(value, segment)) places.push({ pointer: `${at}/${escapeSegment(segment)}`, key });
      return;
    }
    const next = stepInto(value, segment);
    if (next.found) walk(next.value, rest, `${at}/${escapeSegment(segment)}`, key);
  };
  walk(params, parsePointer(pattern) ?? [], "", "");
  return places;
}

/** Sets the value at a concrete pointer whose parent exists (placesIn found it). */
export function setAt(root: unknown, pointer: string, value: unknown): void {
  const segments = parsePointer(pointer) ?? [];
  const last = segments[segments.length - 1];
  const parent = follow(root, segments.slice(0, -1));
  if (last === undefined || !parent.found) return;
  if (Array.isArray(parent.value)) parent.value[Number(last)] = value;
  else if (isJsonObject(parent.value)) parent.value[last] = value;
}

/** The value at a concrete pointer, if there is one. */
export function valueAt(root: unknown, pointer: string): { found: true; value: unknown } | { found: false } {
  return follow(root, parsePointer(pointer) ?? []);
}

function follow(root: unknown, segments: readonly string[]): { found: true; value: unknown } | { found: false } {
  let value = root;
  for (const segment of segments) {
    const next = stepInto(value, segment);
    if (!next.found) return next;
    value = next.value;
  }
  return { found: true, value };
}

/** Most segments need no escaping; the check is cheaper than the replacing. */
function escapeSegment(segment: string): string {
  return segment.includes("~") || segment.includes("/") ? escapeAny(segment) : segment;
}

/** Pointers are read once each: the same few are read for every case. */
const SEGMENTS = new Map<string, readonly string[]>();

function parsePointer(pointer: string): readonly string[] | undefined {
  let segments = SEGMENTS.get(pointer);
  if (segments === undefined) {
    segments = parse(pointer) ?? [];
    if (SEGMENTS.size < 10_000) SEGMENTS.set(pointer, segments);
  }
  return segments;
}

function stepInto(value: unknown, segment: string): { found: true; value: unknown } | { found: false } {
  if (Array.isArray(value)) {
    const index = /^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : -1;
    return index >= 0 && index < value.length ? { found: true, value: value[index] } : { found: false };
  }
  if (isJsonObject(value) && Object.hasOwn(value, segment)) return { found: true, value: value[segment] };
  return { found: false };
}

/** FNV-1a over the text: a small, stable spread of choices (no security role). */
export function mix(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}
