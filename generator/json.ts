import { createHash } from "node:crypto";

/**
 * The floor every stage stands on: what a parsed JSON value is, and RFC 6901 pointers into one,
 * written in URI-fragment form (`#/a/b`) everywhere in this toolchain, and the canonical form
 * (keys sorted) that makes output and fingerprints independent of key order. Generic on purpose: no
 * schema or contract knowledge lives here, so any stage may import it.
 */

export type Pointer = string;

export const ROOT: Pointer = "#";

export function escapeSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapeSegment(segment: string): string {
  // Most segments hold no escape; long pointers are split often enough for this to show.
  return segment.includes("~") ? segment.replace(/~1/g, "/").replace(/~0/g, "~") : segment;
}

export function appendPointer(pointer: Pointer, ...segments: (string | number)[]): Pointer {
  return segments.reduce<string>((acc, segment) => `${acc}/${escapeSegment(String(segment))}`, pointer);
}

/** Segments of a `#/a/b` pointer (or of a bare `/a/b` one); `#` and `` give none. */
export function parsePointer(pointer: Pointer): string[] | undefined {
  const body = pointer.startsWith("#") ? pointer.slice(1) : pointer;
  if (body === "") return [];
  if (!body.startsWith("/")) return undefined;
  return body.slice(1).split("/").map(unescapeSegment);
}

const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

/** Follows segments through own properties and array indices only; `undefined` when absent. */
export function getAt(root: unknown, segments: readonly string[]): { found: true; value: unknown } | { found: false } {
  let current: unknown = root;
  for (const segment of segments) {
    if (Array.isArray(current)) {
      if (!ARRAY_INDEX.test(segment)) return { found: false };
      const index = Number(segment);
      if (index >= current.length) return { found: false };
      current = current[index];
    } else if (isJsonObject(current)) {
      if (!Object.hasOwn(current, segment)) return { found: false };
      current = current[segment];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: current };
}

export type JsonObject = { [key: string]: unknown };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// --- canonical form --------------------------------------------------------------------------

/** JSON with object keys sorted at every level: equal documents give equal text, whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(",")}}`;
  }
  // A bigint (a 64-bit integer of a bigint-mode binding, as conform generates them) is its digits.
  return typeof value === "bigint" ? value.toString() : JSON.stringify(value);
}

/**
 * The same JSON value with object keys sorted at every level (arrays keep their order: it is
 * data). Loading sorts here, at the boundary, so no later stage can depend on input key order.
 * Keys are defined, not assigned, so a `__proto__` key stays an own data property.
 */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== "object" || value === null) return value;
  const record = value as Record<string, unknown>;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort()) {
    Object.defineProperty(sorted, key, { value: sortKeys(record[key]), enumerable: true, writable: true, configurable: true });
  }
  return sorted;
}

/** sha256 of the canonical form, so reformatting or reordering an input never changes its fingerprint. */
export function fingerprint(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("hex");
}
