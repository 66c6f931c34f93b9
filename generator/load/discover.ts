/**
 * Which contract a command means when none is named: the one `*.schema.json` in ./contract,
 * with its `*.binding.json` sibling when there is one. `--contract`/`--binding` override.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { BindgenError } from "../errors.js";
import type { ContractSource } from "./contract.js";

const CONTRACT_DIR = "contract";

export function bindingBeside(contract: string): string | undefined {
  const sibling = contract.replace(/\.schema\.json$/, ".binding.json");
  return sibling !== contract && existsSync(sibling) ? sibling : undefined;
}

export function discoverContract(given: { contract?: string | undefined; binding?: string | undefined }): ContractSource {
  if (given.contract !== undefined) return { contract: given.contract, binding: given.binding ?? bindingBeside(given.contract) };
  const schemas = existsSync(CONTRACT_DIR)
    ? readdirSync(CONTRACT_DIR)
        .filter((name) => name.endsWith(".schema.json"))
        .sort()
    : [];
  if (schemas.length !== 1) {
    throw new BindgenError(
      "bad_argument",
      `--contract is required: ./${CONTRACT_DIR} holds ${schemas.length} *.schema.json files, not one`,
    );
  }
  const contract = join(CONTRACT_DIR, schemas[0] as string);
  return { contract, binding: given.binding ?? bindingBeside(contract) };
}
