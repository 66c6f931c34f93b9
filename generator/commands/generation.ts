/**
 * What `generate` and `check` share: their options, and every contract's files made in one
 * generation (written by generate, compared by check).
 */
import { parseArgs } from "node:util";
import type { Io } from "./exit.js";
import { BindgenError } from "../errors.js";
import type { ContractSource } from "../load/contract.js";
import { discoverContracts } from "../load/discover.js";
import { generateFiles } from "../pipeline.js";
import { GENERATOR_NAME } from "../version.js";

export interface GenerateOptions {
  readonly contracts: readonly ContractSource[];
  readonly out: string;
}

export function generateOptions(args: readonly string[]): GenerateOptions {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { contract: { type: "string" }, binding: { type: "string" }, out: { type: "string" }, verbose: { type: "boolean" } },
    strict: true,
    allowPositionals: true,
  });
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
  const all = new Map<string, string>();
  for (const source of options.contracts) {
    const { files, model } = await generateFiles(source, { typeCheck, outDir: options.out });
    // One line each, on stderr, located like an error; they never change the exit code.
    for (const warning of model.warnings) {
      const where = [warning.file, warning.pointer].filter((part) => part !== undefined).join(":");
      io.err(`${GENERATOR_NAME}: warning: ${where}: ${warning.message}`.replace(/[\r\n\u2028\u2029]+/g, " "));
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
