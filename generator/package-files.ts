/**
 * Files of this package the toolchain reads at run time, located once from the package root.
 * (One module, one depth: the compiled entries and chunks in dist/ sit at the same depth, so
 * these URLs hold whether the sources or the build are running.)
 */
import { createRequire } from "node:module";
import { dirname } from "node:path";

const PACKAGE_ROOT = new URL("../", import.meta.url);

export const PACKAGE_JSON = new URL("package.json", PACKAGE_ROOT);
export const TEMPLATES_DIR = new URL("templates/", PACKAGE_ROOT);
/** The contract-neutral runtime's sources, copied into every generation's runtime/. */
export const RUNTIME_TEMPLATES_DIR = new URL("templates/runtime/", PACKAGE_ROOT);
export const BINDING_SCHEMA = new URL("generator/load/binding.schema.json", PACKAGE_ROOT);

/** Where @types/node is installed (hoisted or not), for type-checking the runtime, which uses Node's library. */
export function nodeTypeRoots(): string {
  return dirname(dirname(createRequire(PACKAGE_JSON).resolve("@types/node/package.json")));
}
