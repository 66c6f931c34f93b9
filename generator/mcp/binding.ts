/**
 * The generated binding `mcp` calls through, for the contract exactly as it was given: the client
 * this package carries compiled when the contract is the one it was generated from, else the
 * binding generated and loaded in this process (compile.ts). Either way every caller-side rule
 * (validation before connecting, the method's timeout, fail-closed results, error codes passed
 * through) is the generated client's own, not a copy, and the client checks against the very
 * schemas the tools advertise: the binding's BINDING_MANIFEST carries the fingerprints of the
 * schema and binding it was generated from, and they must be the contract's.
 */
import { BindgenError } from "../errors.js";
import type { ContractSource, LoadedContract } from "../load/contract.js";
import type { BindingModule } from "./binding-module.js";
import { compileBinding } from "./compile.js";
import { embeddedBinding } from "./embedded.js";

/** The binding generated from exactly `contract` (read from `source`; `id` its model's id). */
export async function bindingFor(contract: LoadedContract, source: ContractSource, id: string): Promise<BindingModule> {
  const binding = (await embeddedBinding(contract, id)) ?? (await compileBinding(source));
  const manifest = binding.BINDING_MANIFEST;
  // The pipeline read the files again: one that changed in between would be served with the
  // tools of one contract and the client of another.
  if (manifest.schemaSha256 !== contract.schemaSha256 || manifest.bindingSha256 !== (contract.bindingSha256 ?? null)) {
    throw new BindgenError("bad_argument", "changed while mcp read it; start mcp again", { file: contract.schemaFile });
  }
  return binding;
}
