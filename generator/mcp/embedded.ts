/**
 * The generated bindings this package carries compiled, by contract `$id`: what `mcp` calls
 * through, so every caller-side rule (validation before connecting, the method's timeout,
 * fail-closed results, error codes passed through) is the generated client's own, not a copy.
 * Each import names its file, so the build bundles the binding with the command that loads it;
 * the modules are loaded only when `mcp` serves that contract.
 *
 * A contract is served only when it is the one the compiled binding was generated from (the
 * same schema and binding fingerprints as its BINDING_MANIFEST): an edited or newer contract
 * would otherwise be advertised with one set of schemas and checked against another.
 */
import { BindgenError } from "../errors.js";
import type { LoadedContract } from "../load/contract.js";

/** What every generated binding's index exports and `mcp` reads. */
export interface BindingModule {
  readonly BINDING_MANIFEST: { readonly contract: string; readonly schemaSha256: string; readonly bindingSha256: string };
  readonly ToolError: abstract new (...args: never[]) => Error;
  readonly RpcError: abstract new (...args: never[]) => Error;
  readonly [name: string]: unknown;
}

const EMBEDDED: Readonly<Record<string, () => Promise<BindingModule>>> = Object.freeze({
  "rightkit.agent.demo.v1": () => import("../../generated/rightkit.agent.demo.v1/index.js"),
  "agentcli.v0.2": () => import("../../generated/agentcli.v0.2/index.js"),
});

/** The contract ids `mcp` can serve, sorted. */
export const EMBEDDED_CONTRACTS: readonly string[] = Object.keys(EMBEDDED).sort();

/** The compiled binding generated from exactly this contract, or bad input naming why there is none. */
export async function embeddedBinding(contract: LoadedContract, id: string): Promise<BindingModule> {
  const load = Object.hasOwn(EMBEDDED, id) ? EMBEDDED[id] : undefined;
  const served = `mcp serves the contracts this package carries a compiled client for (${EMBEDDED_CONTRACTS.join(", ")})`;
  if (load === undefined) {
    throw new BindgenError("bad_argument", `${served}; this is ${JSON.stringify(id)}`, { file: contract.schemaFile });
  }
  const binding = await load();
  const manifest = binding.BINDING_MANIFEST;
  const differs =
    manifest.schemaSha256 !== contract.schemaSha256
      ? { file: contract.schemaFile, what: "schema", sha: contract.schemaSha256, theirs: manifest.schemaSha256 }
      : manifest.bindingSha256 !== contract.bindingSha256
        ? { file: contract.bindingFile, what: "binding", sha: contract.bindingSha256 ?? "none", theirs: manifest.bindingSha256 }
        : undefined;
  if (differs !== undefined) {
    throw new BindgenError(
      "bad_argument",
      `its ${differs.what} (sha256 ${differs.sha.slice(0, 12)}) is not the one this package's ${id} client was generated from (${differs.theirs.slice(0, 12)}); ${served}, as generated: use a release of rightkit-bindgen generated from this contract`,
      { file: differs.file ?? contract.schemaFile },
    );
  }
  return binding;
}
