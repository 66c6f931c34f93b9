/**
 * Schema text (keys, titles, tags, method names) cut into words and joined again: the floor under
 * requested names (model/) and final ones (naming/). Text in, text out; what may be an identifier
 * is decided in naming/identifiers.ts.
 */

function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "");
}

/** `agent_name` → `AgentName`, `identity.resolve` → `IdentityResolve`; empty when nothing is usable. */
export function pascalCase(text: string): string {
  const joined = words(text)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");
  return /^[0-9]/.test(joined) ? `T${joined}` : joined;
}

/** The word for one element of a plural: `elements` → `Element`, `entries` → `Entry`. */
export function singular(pascal: string): string {
  if (/ies$/.test(pascal)) return `${pascal.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/.test(pascal)) return pascal.slice(0, -2);
  if (/[^s]s$/.test(pascal)) return pascal.slice(0, -1);
  return `${pascal}Item`;
}
