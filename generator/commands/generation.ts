/**
 * What `generate` and `check` share: their options, and every contract's files made in one
 * generation (written by generate, compared by check).
 */
import type { Io } from "./exit.js";
import { COMMAND_SPECS, parseCommandArgs } from "./options.js";
import { BindgenError, isBindgenError } from "../errors.js";
import type { ContractSource } from "../load/contract.js";
import { discoverContracts } from "../load/discover.js";
import { OutputFolder } from "../output/file-door.js";
import { FolderNames } from "../output/paths.js";
import { generateFiles, type Generated } from "../pipeline.js";
import { terminalLine } from "../terminal.js";
import { GENERATOR_NAME } from "../version.js";

export interface GenerateOptions {
  readonly contracts: readonly ContractSource[];
  readonly out: string;
}

export function generateOptions(args: readonly string[]): GenerateOptions {
  // generate and check take the same options: one table.
  const { values, positionals } = parseCommandArgs(COMMAND_SPECS.generate, args);
  if (positionals.length > 0) throw new BindgenError("bad_argument", `unexpected argument ${JSON.stringify(positionals[0])}`);
  return Object.freeze({ contracts: discoverContracts(values), out: values.out ?? "generated" });
}

/**
 * Every contract's files in one generation, so a write or a compare sees them all at once. The
 * runtime is the same bytes for every contract; it is kept once.
 */
export async function generateAll(
  options: GenerateOptions,
  typeCheck: "when-changed" | "never",
  io: Io,
): Promise<Map<string, string>> {
  // An --out that is no folder (or on /proc) is bad input before any contract is generated.
  OutputFolder.at(options.out);
  const all = new Map<string, string>();
  const folders = new FolderNames();
  for (const source of options.contracts) {
    // A large schema takes seconds (the type check most of them): say which one a person waits for.
    io.progress?.(`${GENERATOR_NAME}: ${source.contract}: generating${typeCheck === "never" ? "" : " and checking"}`);
    const { files, model } = await generateOne(source, typeCheck, options.out).finally(() => io.progress?.(""));
    folders.add(model.id, source.contract);
    // One line each, on stderr, located like an error; they never change the exit code.
    for (const warning of model.warnings) {
      const where = [warning.file, warning.pointer].filter((part) => part !== undefined).join(":");
      io.err(terminalLine(`${GENERATOR_NAME}: warning: ${where}: ${warning.message}`));
    }
    for (const [path, text] of files) {
      const seen = all.get(path);
      if (seen !== undefined && seen !== text) {
        throw new BindgenError("bad_contract", `two contracts generate ${path} differently (their output folders collide)`, {
          file: source.contract,
        });
      }
      all.set(path, text);
    }
  }
  return all;
}

/** One contract's files; an error that names no file names the contract's. */
async function generateOne(source: ContractSource, typeCheck: "when-changed" | "never", out: string): Promise<Generated> {
  try {
    return await generateFiles(source, { typeCheck, outDir: out });
  } catch (error) {
    throw isBindgenError(error) ? error.inFile(source.contract) : error;
  }
}
