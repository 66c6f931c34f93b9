import { createHash } from "node:crypto";

/** JSON with object keys sorted at every level: equal documents give equal text, whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
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
