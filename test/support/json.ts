/** Reverses the key order of every object, recursively; arrays keep their order (it is data). */
export function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).reverse()) {
    // Defined, not assigned: a `__proto__` key stays an own data property.
    Object.defineProperty(out, key, {
      value: reverseKeys((value as Record<string, unknown>)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
