/**
 * Node module hooks that hand the tools that read TypeScript through its JavaScript API (today
 * dependency-cruiser, which supports TypeScript below 7) the 5.9 compiler installed as the
 * `typescript-5.9` alias, while `typescript` is 7 (the native compiler, no such API). Registered
 * by test/support/typescript-for-tools.ts; `resolve` is the ESM hook, the CommonJS patch below
 * covers `require("typescript/package.json")`.
 */
const ALIAS = "typescript-5.9";
const aliased = (specifier) => (specifier === "typescript" || specifier.startsWith("typescript/") ? ALIAS + specifier.slice(10) : specifier);

export async function resolve(specifier, context, next) {
  return next(aliased(specifier), context);
}

export { aliased };
