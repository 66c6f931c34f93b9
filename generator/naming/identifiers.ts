/** Turning schema text (keys, titles, enum values) into identifier-shaped words. */
import { RESERVED_WORDS } from "../emit/code.js";

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

/** `identity.resolve` → `identityResolve`. */
export function camelCase(text: string): string {
  const pascal = pascalCase(text);
  if (pascal === "") return "";
  const camel = pascal[0]!.toLowerCase() + pascal.slice(1);
  return RESERVED_WORDS.has(camel) ? `${camel}_` : camel;
}

/** The word for one element of a plural: `elements` → `Element`, `entries` → `Entry`. */
export function singular(pascal: string): string {
  if (/ies$/.test(pascal)) return `${pascal.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/.test(pascal)) return pascal.slice(0, -2);
  if (/[^s]s$/.test(pascal)) return pascal.slice(0, -1);
  return `${pascal}Item`;
}
