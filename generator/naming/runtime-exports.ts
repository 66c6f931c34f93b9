/**
 * Every name the contract-neutral runtime exports, read from its entry points (templates/runtime/
 * index.ts, the public API, and internal.ts, what generated code imports besides), so the list
 * can never fall behind the runtime: a binding imports some of these and re-exports others, and
 * no contract type or client class may take one.
 */
import { readFileSync } from "node:fs";
import type { RuntimeReexports } from "../model/types.js";
import { RUNTIME_ENTRIES, RUNTIME_TEMPLATES_DIR } from "../package-files.js";

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
  standardTypes: [
    "StandardSchemaV1",
    "StandardSchemaV1Result",
    "StandardSchemaV1Issue",
    "StandardJSONSchemaV1",
    "StandardJSONSchemaV1Options",
    "StandardValidator",
  ],
} as const;

/** The runtime names a binding re-exports; throws if the runtime no longer exports one (our bug, not the input's). */
export function bindingReexports(): RuntimeReexports {
  const exported = runtimeExportNames();
  const { values, types, standardTypes } = BINDING_REEXPORTS;
  const missing = [...values, ...types, ...standardTypes].find((name) => !exported.has(name));
  if (missing !== undefined) throw new Error(`the runtime no longer exports ${missing}, which bindings re-export`);
  return BINDING_REEXPORTS;
}

let cached: ReadonlySet<string> | undefined;

export function runtimeExportNames(): ReadonlySet<string> {
  if (cached !== undefined) return cached;
  const names = new Set<string>();
  for (const entry of RUNTIME_ENTRIES) {
    const text = readFileSync(new URL(`${entry}.ts`, RUNTIME_TEMPLATES_DIR), "utf8");
    // An entry point is only `export { a, type B } from "./x.js";` statements (prettier-formatted),
    // and internal.ts's `export * from "./index.js"`, whose names the other entry gives.
    for (const [, list] of text.matchAll(/export(?: type)? \{([^}]*)\}/g)) {
      for (const item of (list ?? "").split(",")) {
        const name = item.trim().replace(/^type\s+/, "");
        if (name !== "") names.add(name);
      }
    }
  }
  cached = names;
  return names;
}
