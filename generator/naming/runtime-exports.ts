/**
 * Every name the contract-neutral runtime exports, read from its entry point
 * (templates/runtime/index.ts), so the list can never fall behind the runtime: a binding imports
 * some of these and re-exports others, and no contract type or client class may take one.
 */
import { readFileSync } from "node:fs";
import { RUNTIME_TEMPLATES_DIR } from "../output/runtime-sources.js";

let cached: ReadonlySet<string> | undefined;

export function runtimeExportNames(): ReadonlySet<string> {
  if (cached !== undefined) return cached;
  const index = readFileSync(new URL("index.ts", RUNTIME_TEMPLATES_DIR), "utf8");
  const names = new Set<string>();
  // The entry point is only `export { a, type B } from "./x.js";` statements (prettier-formatted).
  for (const [, list] of index.matchAll(/export(?: type)? \{([^}]*)\}/g)) {
    for (const item of (list ?? "").split(",")) {
      const name = item.trim().replace(/^type\s+/, "");
      if (name !== "") names.add(name);
    }
  }
  cached = names;
  return names;
}
