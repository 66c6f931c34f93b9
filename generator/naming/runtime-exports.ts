/**
 * Every name the contract-neutral runtime exports, read from its entry point
 * (templates/runtime/index.ts), so the list can never fall behind the runtime: a binding imports
 * some of these and re-exports others, and no contract type or client class may take one.
 */
import { readFileSync } from "node:fs";
import { RUNTIME_TEMPLATES_DIR } from "../package-files.js";

/**
 * What a binding's index.ts re-exports from the runtime, in the order it writes them, so a
 * caller imports the client and its transports and errors from one module. Each must be a
 * runtime export (bindingReexports() checks): the list is kept here, beside the names it is
 * checked against, and both emit/binding.ts and the binding's fixed names read it.
 */
const BINDING_REEXPORTS = {
  values: [
    "ToolError",
    "RpcError",
    "DaemonTransport",
    "JsonRpcSocketTransport",
    "StdioTransport",
    "defaultSocketPath",
    "defaultSuiteRoot",
    "resolveSuiteRoot",
  ],
  types: [
    "DaemonTransportOptions",
    "Transport",
    "ToolCallOptions",
    "JsonRpcSocketTransportOptions",
    "SpawnOptions",
    "StdioTransportOptions",
  ],
} as const;

export interface RuntimeReexports {
  readonly values: readonly string[];
  readonly types: readonly string[];
}

/** The runtime names a binding re-exports; throws if the runtime no longer exports one (our bug, not the input's). */
export function bindingReexports(): RuntimeReexports {
  const exported = runtimeExportNames();
  const missing = [...BINDING_REEXPORTS.values, ...BINDING_REEXPORTS.types].find((name) => !exported.has(name));
  if (missing !== undefined) throw new Error(`the runtime no longer exports ${missing}, which bindings re-export`);
  return BINDING_REEXPORTS;
}

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
