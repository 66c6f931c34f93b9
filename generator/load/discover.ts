/**
 * Which contracts a command means when none is named: every `*.schema.json` directly in
 * ./contract (sorted), each with its `*.binding.json` sibling when there is one. `--contract`
 * names one, by file or by `$id`: an id is looked up in ./contract, then among the contracts this
 * package carries (a binding repo's own copy of a contract wins over the package's); `--binding`
 * goes with it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { BindgenError } from "../errors.js";
import { byCodeUnits } from "../order.js";
import { PACKAGE_CONTRACTS_DIR } from "../package-files.js";
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

function contractFiles(dir: string = CONTRACT_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".schema.json"))
    .sort(byCodeUnits)
    .map((name) => join(dir, name));
}

/**
 * A file as given when there is one; else the contract whose `$id` it is; else, for a name
 * written as a path, that file, for the loader to report as missing.
 */
function named(contract: string, binding: string | undefined): ContractSource {
  const file = existsSync(contract) ? contract : (byId(contract) ?? missing(contract));
  return { contract: file, binding: binding ?? bindingBeside(file) };
}

/**
 * Where an `$id` is looked for: ./contract, then the package's contracts (once, when they are
 * one folder: in a checkout of this package).
 */
function idPlaces(): string[] {
  const packageDir = fileURLToPath(PACKAGE_CONTRACTS_DIR).replace(/[\\/]$/, "");
  return resolve(CONTRACT_DIR) === packageDir ? [CONTRACT_DIR] : [CONTRACT_DIR, packageDir];
}

/** The first schema in `idPlaces()` whose `$id` this is: a binding repo's own copy wins over the package's. */
function byId(id: string): string | undefined {
  for (const dir of idPlaces()) {
    const found = contractFiles(dir).find((file) => idOf(file) === id);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * A name that is no file and no contract's `$id`: one written as a path goes on to the loader,
 * which reports the missing file; an id is refused here, saying where it was looked for.
 */
function missing(name: string): string {
  if (/[\\/]|\.(json|md|markdown)$/i.test(name)) return name;
  const where = idPlaces()
    .map((dir) => (dir === CONTRACT_DIR ? `./${CONTRACT_DIR}` : dir))
    .join(" or in ");
  // Worded as the loader words a missing file, with where the id was looked for.
  throw new BindgenError("bad_argument", `cannot read: no such file, and no *.schema.json in ${where} has this $id`, {
    file: name,
  });
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
