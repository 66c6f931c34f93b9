/**
 * `rightkit-bindgen update --from FILE [--body FILE] [--allow-major] [--contract FILE]
 * [--binding FILE] [--out DIR]`: what the update bot runs inside a binding repository.
 * Exit 0 when updated, 1 when a major version is refused (nothing written), 2 on bad input.
 */
import { EXIT, type Io } from "./exit.js";
import { COMMAND_SPECS, parseCommandArgs } from "./options.js";
import { BindgenError } from "../errors.js";
import { terminalLine } from "../terminal.js";
import { discoverContract } from "../load/discover.js";
import { prBody } from "../evolution/pr-body.js";
import { renderDiff } from "../evolution/render.js";
import { applyUpdate, planUpdate, type UpdateOptions } from "../evolution/update.js";
import { checkWritableFile, OutputFolder, type FileEdit } from "../output/file-door.js";

function updateOptions(args: readonly string[]): UpdateOptions & { readonly body: string | undefined } {
  const { values, positionals } = parseCommandArgs(COMMAND_SPECS.update, args);
  if (positionals.length > 0) throw new BindgenError("bad_argument", `unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values.from === undefined) throw new BindgenError("bad_argument", "update needs --from FILE (the new upstream schema)");
  const { contract, binding } = discoverContract(values);
  return Object.freeze({
    from: values.from,
    body: values.body,
    allowMajor: values["allow-major"] === true,
    contract,
    binding,
    out: values.out ?? "generated",
  });
}

export async function runUpdate(args: readonly string[], io: Io): Promise<number> {
  const options = updateOptions(args);
  // Where the body and the generation go is checked before the work: a bad path is found first.
  if (options.body !== undefined) checkWritableFile(options.body);
  OutputFolder.at(options.out);
  // Judging, regenerating and checking a large schema takes seconds: a person sees which step.
  io.progress?.(`rightkit-bindgen: update: diffing and regenerating ${options.from}`);
  const outcome = await planUpdate(options).finally(() => io.progress?.(""));
  if (outcome.kind === "refused") {
    io.out(renderDiff(outcome.diff, "text"));
    io.err(terminalLine(`rightkit-bindgen: update refused: ${outcome.reason}. Nothing was written.`), "bad");
    return EXIT.drift;
  }
  const body = prBody(outcome.plan);
  // The body, the contract files and the generation are one batch through the file door: every
  // target is checked before the first write, so a bad path leaves the repository untouched.
  const first: FileEdit[] =
    options.body === undefined ? [] : [{ kind: "write", at: OutputFolder.fileAt(options.body), text: body }];
  applyUpdate(outcome.plan, options.out, first);
  if (options.body === undefined) io.out(body.trimEnd());
  for (const file of [...outcome.plan.contractFiles, ...outcome.plan.regenerated])
    io.err(terminalLine(`${file.change} ${file.path}`));
  return EXIT.ok;
}
