/**
 * The floor every stage stands on: what a parsed JSON value is, and RFC 6901 pointers into one,
 * written in URI-fragment form (`#/a/b`) everywhere in this toolchain. Generic on purpose: no
 * schema or contract knowledge lives here, so any stage may import it.
 */

export type Pointer = string;

export const ROOT: Pointer = "#";

export function escapeSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
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
