/**
 * URI handling for `$id` and `$ref`. WHATWG URL resolves hierarchical URIs; `urn:` and `tag:`
 * identifiers are opaque, so against them only fragment-only references make sense.
 */

/**
 * The base every document without an absolute `$id` is resolved against. It is fixed (not the
 * file's path) so that nothing machine-specific can reach resolution results or output.
 */
export const DEFAULT_BASE = "https://rightkit-bindgen.invalid/contract.json";

export function resolveUri(reference: string, base: string): string | undefined {
  if (reference.startsWith("#")) return withoutFragment(base) + reference;
  try {
    return new URL(reference, base).href;
  } catch {
    if (/^[a-z][a-z0-9+.-]*:/i.test(reference)) return reference;
    return undefined;
  }
}

export function withoutFragment(uri: string): string {
  const hash = uri.indexOf("#");
  return hash === -1 ? uri : uri.slice(0, hash);
}

export function fragmentOf(uri: string): string {
  const hash = uri.indexOf("#");
  return hash === -1 ? "" : uri.slice(hash + 1);
}
