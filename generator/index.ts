/**
 * rightkit-bindgen's programmatic API. Nothing here writes files: `generate` returns the
 * generation as output-relative path → contents.
 */
import { loadContract as load, type ContractSource, type LoadedContract } from "./load/contract.js";
import { generateFiles } from "./pipeline.js";

/** The contract model every emitter reads: built, then named (pipeline.ts `modelOf`). */
export { modelOf as buildModel } from "./pipeline.js";

export { emitValidatorModule } from "./emit/validators/index.js";
export { diffContracts, type ContractDiff } from "./evolution/diff.js";
export { BindgenError, type BindgenErrorCode } from "./errors.js";
export type { ContractModel, Method, NamedType, TypeNode } from "./model/types.js";
export type { ContractSource, LoadedContract } from "./load/contract.js";

/** Reads and checks a contract: schema (.json, or the fenced JSON of a .md document) and optional binding file. */
export function loadContract(contract: string, binding?: string): LoadedContract {
  return load({ contract, binding });
}

/** Generates the binding for a contract, type-checked, and returns path → contents. Writes nothing. */
export async function generate(source: ContractSource): Promise<Map<string, string>> {
  const { files } = await generateFiles(source, { typeCheck: "always" });
  return new Map(files);
}
