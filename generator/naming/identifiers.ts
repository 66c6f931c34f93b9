/**
 * What may name a binding in the generated TypeScript: the identifier grammar this toolchain
 * emits, the words a strict-mode module or a type may not take, and camelCase names that step
 * around them. The code door (emit/code.ts `ident`) refuses anything these rules refuse.
 */
import { pascalCase } from "../words.js";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Words that cannot name a binding in strict-mode TypeScript modules, nor a type. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "implements interface let package private protected public static yield await " +
    "any boolean never number object string symbol unknown bigint undefined arguments eval " +
    "type declare namespace module abstract as asserts async constructor get infer is keyof readonly require set " +
    "unique out accessor satisfies"
  ).split(" "),
);

export function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name) && !RESERVED_WORDS.has(name);
}

/** `identity.resolve` → `identityResolve`; a reserved word gets a trailing `_` (`delete` → `delete_`). */
export function camelCase(text: string): string {
  const pascal = pascalCase(text);
  if (pascal === "") return "";
  const camel = pascal[0]!.toLowerCase() + pascal.slice(1);
  return RESERVED_WORDS.has(camel) ? `${camel}_` : camel;
}
