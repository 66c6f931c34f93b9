/** `generate`: every contract's binding, written to the output folder (only files it made are replaced). */
import { join } from "node:path";
import { writeGeneration } from "../output/files.js";
import { EXIT, type Io } from "./exit.js";
import { generateAll, generateOptions } from "./generation.js";

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
