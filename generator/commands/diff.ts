/** `rightkit-bindgen diff OLD NEW [--format text|markdown|json]`: exit 1 when anything is breaking. */
import { EXIT, type Io } from "./exit.js";
import { COMMAND_SPECS, parseCommandArgs } from "./options.js";
import { BindgenError } from "../errors.js";
import { loadContract } from "../load/contract.js";
import { diffContracts } from "../evolution/diff.js";
import { DIFF_FORMATS, renderDiff, type DiffFormat } from "../evolution/render.js";
import type { Tone } from "../terminal-style.js";

function isFormat(value: string): value is DiffFormat {
  return (DIFF_FORMATS as readonly string[]).includes(value);
}

/** The text format's lines start with their severity (the summary with the ids). */
const SEVERITY_TONES: readonly (readonly [string, Tone])[] = [
  ["breaking", "bad"],
  ["dangerous", "warn"],
];

export async function runDiff(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs(COMMAND_SPECS.diff, args);
  if (positionals.length !== 2)
    throw new BindgenError("bad_argument", `diff takes two schema files (OLD NEW), got ${positionals.length}`);
  const format = values.format ?? "text";
  if (!isFormat(format))
    throw new BindgenError("bad_argument", `--format must be one of ${DIFF_FORMATS.join(", ")}, got ${JSON.stringify(format)}`);
  const [before, after] = positionals as [string, string];
  const diff = diffContracts(loadContract({ contract: before }), loadContract({ contract: after }));
  const text = renderDiff(diff, format);
  // On a terminal, the text format's breaking and dangerous lines show in colour.
  if (format === "text")
    for (const line of text.split("\n")) io.out(line, SEVERITY_TONES.find(([word]) => line.startsWith(word))?.[1]);
  else io.out(text);
  return diff.breaking ? EXIT.drift : EXIT.ok;
}
