/** `rightkit-bindgen diff OLD NEW [--format text|markdown|json]`: exit 1 when anything is breaking. */
import { parseArgs } from "node:util";
import { EXIT, type Io } from "./exit.js";
import { BindgenError } from "../errors.js";
import { loadContract } from "../load/contract.js";
import { diffContracts } from "../evolution/diff.js";
import { DIFF_FORMATS, renderDiff, type DiffFormat } from "../evolution/render.js";

function isFormat(value: string): value is DiffFormat {
  return (DIFF_FORMATS as readonly string[]).includes(value);
}

export async function runDiff(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { format: { type: "string" } },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length !== 2)
    throw new BindgenError("bad_argument", `diff takes two schema files (OLD NEW), got ${positionals.length}`);
  const format = values.format ?? "text";
  if (!isFormat(format))
    throw new BindgenError("bad_argument", `--format must be one of ${DIFF_FORMATS.join(", ")}, got ${JSON.stringify(format)}`);
  const [before, after] = positionals as [string, string];
  const diff = diffContracts(loadContract({ contract: before }), loadContract({ contract: after }));
  io.out(renderDiff(diff, format));
  return diff.breaking ? EXIT.drift : EXIT.ok;
}
