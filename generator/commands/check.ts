/** `check`: exit 1 with a unified diff when the output folder differs from what generate would write. */
import { compareGeneration } from "../output/files.js";
import { GENERATOR_NAME } from "../version.js";
import { EXIT, type Io } from "./exit.js";
import { generateAll, generateOptions } from "./generation.js";

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
