/** `check`: exit 1 with a unified diff when the output folder differs from what generate would write. */
import { basename, dirname, join } from "node:path";
import { OutputFolder } from "../output/file-door.js";
import { compareGeneration } from "../output/files.js";
import { int64ReadingChange, MANIFEST_FILE } from "../output/numbers-reading.js";
import { GENERATOR_NAME } from "../version.js";
import type { Tone } from "../terminal-style.js";
import { EXIT, type Io } from "./exit.js";
import { generateAll, generateOptions } from "./generation.js";

export async function runCheck(args: readonly string[], io: Io): Promise<number> {
  const options = generateOptions(args);
  // Read only through the file door: an --out that is no folder, or a link inside it, is bad input before the generation runs.
  const folder = OutputFolder.at(options.out);
  // check writes nothing, so it skips the type check: drift is reported either way.
  const files = await generateAll(options, "never", io);
  const drift = compareGeneration(options.out, files);
  if (drift.length === 0) {
    io.out(`${options.out} is up to date (${files.size} files)`);
    return EXIT.ok;
  }
  for (const { patch } of drift) for (const line of patch.split("\n")) io.out(line, patchTone(line));
  // A switch of the binding's numbers.int64 changes every 64-bit field's type: say what it costs callers.
  for (const { path } of drift) {
    if (basename(path) !== MANIFEST_FILE) continue;
    const onDisk = join(options.out, path);
    const change = int64ReadingChange(folder.read(path), files.get(path));
    if (change !== undefined) io.err(`${dirname(onDisk)}: ${change}`);
  }
  io.err(
    `${options.out} is stale or hand-edited: ${drift.length} file(s) differ (${drift.map((d) => d.path).join(", ")}). Run \`${GENERATOR_NAME} generate\` and commit the result.`,
    "bad",
  );
  return EXIT.drift;
}

/** A unified diff's line as a terminal shows it: added green, removed red, headers plain. */
function patchTone(line: string): Tone | undefined {
  if (line.startsWith("+++") || line.startsWith("---")) return "heading";
  if (line.startsWith("+")) return "added";
  if (line.startsWith("-")) return "removed";
  return undefined;
}
