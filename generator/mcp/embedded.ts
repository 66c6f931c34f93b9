/**
 * The generated bindings this package carries compiled, by contract `$id`: what `mcp` calls
 * through when it is given exactly the contract one was generated from (the same schema and
 * binding fingerprints as its BINDING_MANIFEST), which saves generating and compiling the same
 * code again at every start. Any other contract's binding is generated in process (compile.ts).
 * Each import names its file, so the build bundles the binding with the command that loads it;
 * the modules are loaded only when `mcp` serves that contract.
 */
import type { LoadedContract } from "../load/contract.js";
import type { BindingModule } from "./binding-module.js";

const EMBEDDED: Readonly<Record<string, () => Promise<BindingModule>>> = Object.freeze({
  "rightkit.agent.demo.v1": () => import("../../generated/rightkit.agent.demo.v1/index.js"),
  "agentcli.v0.2": () => import("../../generated/agentcli.v0.2/index.js"),
});

/**
 * The compiled binding generated from exactly this contract, if the package carries one. Only the
 * fingerprints are compared (the generator is this package's own): a contract that differs in
 * anything, a description included, is generated in process.
 */
export async function embeddedBinding(contract: LoadedContract, id: string): Promise<BindingModule | undefined> {
  const load = Object.hasOwn(EMBEDDED, id) ? EMBEDDED[id] : undefined;
  if (load === undefined) return undefined;
  const binding = await load();
  const manifest = binding.BINDING_MANIFEST;
  const exact = manifest.schemaSha256 === contract.schemaSha256 && manifest.bindingSha256 === (contract.bindingSha256 ?? null);
  return exact ? binding : undefined;
}
