/** `generate` and `check`: every contract's binding, written to the output folder or compared with it. */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { EXIT, type Io } from "../cli.js";
import { BindgenError } from "../errors.js";
import type { ContractSource } from "../load/contract.js";
import { discoverContracts } from "../load/discover.js";
import { generateFiles } from "../pipeline.js";
import { GENERATOR_NAME } from "../version.js";
import { compareGeneration, writeGeneration } from "./files.js";

interface GenerateOptions {
  readonly contracts: readonly ContractSource[];
  readonly out: string;
}

function generateOptions(args: readonly string[]): GenerateOptions {
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
async function generateAll(options: GenerateOptions, typeCheck: "when-changed" | "never", io: Io): Promise<Map<string, string>> {
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

export async function runGenerate(args: readonly string[], io: Io): Promise<number> {
  const options = generateOptions(args);
  // The type check guards writes: it runs exactly when something on disk is about to change.
  const files = await generateAll(options, "when-changed", io);
  const report = writeGeneration(options.out, files);
  for (const path of report.written) io.out(`wrote ${join(options.out, path)}`);
  for (const path of report.unchanged) io.out(`unchanged ${join(options.out, path)}`);
  for (const path of report.removed) io.out(`removed ${join(options.out, path)}`);
  return EXIT.ok;
}

export async function runCheck(args: readonly string[], io: Io): Promise<number> {
  const options = generateOptions(args);
  // check writes nothing, so it skips the type check: drift is reported either way.
  const files = await generateAll(options, "never", io);
  const drift = compareGeneration(options.out, files);
  if (drift.length === 0) {
    io.out(`${options.out} is up to date (${files.size} files)`);
    return EXIT.ok;
  }
  for (const { patch } of drift) io.out(patch);
  io.err(
    `${options.out} is stale or hand-edited: ${drift.length} file(s) differ (${drift.map((d) => d.path).join(", ")}). Run \`${GENERATOR_NAME} generate\` and commit the result.`,
  );
  return EXIT.drift;
}
