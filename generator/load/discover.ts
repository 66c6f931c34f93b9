/**
 * Which contracts a command means when none is named: every `*.schema.json` directly in
 * ./contract (sorted), each with its `*.binding.json` sibling when there is one. `--contract`
 * names one, by file or by the `$id` of one of those schemas; `--binding` goes with it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BindgenError } from "../errors.js";
import { byCodeUnits } from "../order.js";
import type { ContractSource } from "./contract.js";

const CONTRACT_DIR = "contract";

export function bindingBeside(contract: string): string | undefined {
  const sibling = contract.replace(/\.schema\.json$/, ".binding.json");
  return sibling !== contract && existsSync(sibling) ? sibling : undefined;
}

type Given = { contract?: string | undefined; binding?: string | undefined };

/** Every contract a command without `--contract` handles; with it, the one it names. */
export function discoverContracts(given: Given): ContractSource[] {
  if (given.contract !== undefined) return [named(given.contract, given.binding)];
  if (given.binding !== undefined) throw new BindgenError("bad_argument", "--binding goes with --contract");
  const schemas = contractFiles();
  if (schemas.length === 0) {
    throw new BindgenError("bad_argument", `--contract is required: ./${CONTRACT_DIR} holds no *.schema.json file`);
  }
  return schemas.map((contract) => ({ contract, binding: bindingBeside(contract) }));
}

/** The one contract a command that edits a contract (update) works on: named, or the only one there is. */
export function discoverContract(given: Given): ContractSource {
  const found = discoverContracts(given);
  if (found.length !== 1) {
    const ids = found.map((source) => idOf(source.contract) ?? source.contract).join(", ");
    throw new BindgenError("bad_argument", `--contract is required: ./${CONTRACT_DIR} holds ${found.length} contracts (${ids})`);
  }
  return found[0] as ContractSource;
}

function contractFiles(): string[] {
  if (!existsSync(CONTRACT_DIR)) return [];
  return readdirSync(CONTRACT_DIR)
    .filter((name) => name.endsWith(".schema.json"))
    .sort(byCodeUnits)
    .map((name) => join(CONTRACT_DIR, name));
}

/**
 * The contract in ./contract whose `$id` it is, else a file as given (a file that does not
 * exist is then reported by the loader, naming it).
 */
function named(contract: string, binding: string | undefined): ContractSource {
  const byId = existsSync(contract) ? undefined : contractFiles().find((file) => idOf(file) === contract);
  const file = byId ?? contract;
  return { contract: file, binding: binding ?? bindingBeside(file) };
}

/** The `$id` of a schema file, read leniently: the loader reports a broken file properly later. */
function idOf(file: string): string | undefined {
  try {
    const id = (JSON.parse(readFileSync(file, "utf8")) as { $id?: unknown }).$id;
    return typeof id === "string" ? id : undefined;
  } catch {
    return undefined;
  }
}
