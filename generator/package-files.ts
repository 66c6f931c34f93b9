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
/**
 * The runtime's declarations as the package was built (scripts/build.mjs), with `sources.json`:
 * the SHA-256 of each source they were made from.
 */
export const RUNTIME_DECLARATIONS_DIR = new URL("dist/types/generated/runtime/", PACKAGE_ROOT);
export const BINDING_SCHEMA = new URL("generator/load/binding.schema.json", PACKAGE_ROOT);
/** The contracts this package carries (package.json `files`), where `--contract ID` looks after ./contract. */
export const PACKAGE_CONTRACTS_DIR = new URL("contract/", PACKAGE_ROOT);

/** The runtime's entry points: its public API, and what generated code imports besides. */
export const RUNTIME_ENTRIES = ["index", "internal"] as const;
export type RuntimeEntry = (typeof RUNTIME_ENTRIES)[number];

/**
 * One of the runtime's entries as this process runs it, for a binding compiled at run time to
 * import: in a checkout running its sources (this module is then a `.ts` file), the templates'
 * module; else the build's, as its stamp (dist/build.json, scripts/build.mjs) names it.
 */
export function runtimeModule(entry: RuntimeEntry): URL {
  if (import.meta.url.endsWith(".ts")) return new URL(`${entry}.ts`, RUNTIME_TEMPLATES_DIR);
  const stamp = JSON.parse(readFileSync(new URL("dist/build.json", PACKAGE_ROOT), "utf8")) as {
    entries: Record<string, string>;
  };
  const source = `generated/runtime/${entry}.ts`;
  const built = Object.keys(stamp.entries).find((name) => stamp.entries[name] === source);
  if (built === undefined) throw new Error(`dist/build.json: no entry builds ${source}`);
  return new URL(`dist/${built}.js`, PACKAGE_ROOT);
}

/** Where @types/node is installed (hoisted or not), for type-checking the runtime, which uses Node's library. */
export function nodeTypeRoots(): string {
  return dirname(dirname(createRequire(PACKAGE_JSON).resolve("@types/node/package.json")));
}
