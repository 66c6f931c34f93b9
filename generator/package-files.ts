/**
 * Files of this package the toolchain reads at run time, located once from the package root.
 * (One module, one depth: the compiled entries and chunks in dist/ sit at the same depth, so
 * these URLs hold whether the sources or the build are running.)
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";

const PACKAGE_ROOT = new URL("../", import.meta.url);

export const PACKAGE_JSON = new URL("package.json", PACKAGE_ROOT);
export const TEMPLATES_DIR = new URL("templates/", PACKAGE_ROOT);
/** The contract-neutral runtime's sources, copied into every generation's runtime/. */
export const RUNTIME_TEMPLATES_DIR = new URL("templates/runtime/", PACKAGE_ROOT);
export const BINDING_SCHEMA = new URL("generator/load/binding.schema.json", PACKAGE_ROOT);
/** The contracts this package carries (package.json `files`), where `--contract ID` looks after ./contract. */
export const PACKAGE_CONTRACTS_DIR = new URL("contract/", PACKAGE_ROOT);

/**
 * The runtime as this process runs it, for a binding compiled at run time to import: in a
 * checkout running its sources (this module is then a `.ts` file), the templates' index; else the
 * build's runtime entry, as package.json's `exports["./runtime"]` names it.
 */
export function runtimeModule(): URL {
  if (import.meta.url.endsWith(".ts")) return new URL("index.ts", RUNTIME_TEMPLATES_DIR);
  const manifest = JSON.parse(readFileSync(PACKAGE_JSON, "utf8")) as { exports: { "./runtime": { import: string } } };
  return new URL(manifest.exports["./runtime"].import, PACKAGE_ROOT);
}

/** Where @types/node is installed (hoisted or not), for type-checking the runtime, which uses Node's library. */
export function nodeTypeRoots(): string {
  return dirname(dirname(createRequire(PACKAGE_JSON).resolve("@types/node/package.json")));
}
