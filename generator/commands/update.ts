/**
 * `rightkit-bindgen update --from FILE [--body FILE] [--allow-major] [--contract FILE]
 * [--binding FILE] [--out DIR]`: what the update bot runs inside a binding repository.
 * Exit 0 when updated, 1 when a major version is refused (nothing written), 2 on bad input.
 */
import { parseArgs } from "node:util";
import { EXIT, type Io } from "./exit.js";
import { BindgenError } from "../errors.js";
import { discoverContract } from "../load/discover.js";
import { prBody } from "../evolution/pr-body.js";
import { renderDiff } from "../evolution/render.js";
import { applyUpdate, planUpdate, writeAtomically, type UpdateOptions } from "../evolution/update.js";

function updateOptions(args: readonly string[]): UpdateOptions & { readonly body: string | undefined } {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      from: { type: "string" },
      body: { type: "string" },
      "allow-major": { type: "boolean" },
      contract: { type: "string" },
      binding: { type: "string" },
      out: { type: "string" },
    },
    strict: true,
    allowPositionals: true,
  });
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
  const outcome = await planUpdate(options);
  if (outcome.kind === "refused") {
    io.out(renderDiff(outcome.diff, "text"));
    io.err(`rightkit-bindgen: update refused: ${outcome.reason}. Nothing was written.`);
    return EXIT.drift;
  }
  const body = prBody(outcome.plan);
  // The body is written first: if its path is unwritable, the repository is still untouched.
  if (options.body !== undefined) writeAtomically(options.body, body);
  applyUpdate(outcome.plan, options.out);
  if (options.body === undefined) io.out(body.trimEnd());
  for (const file of [...outcome.plan.contractFiles, ...outcome.plan.regenerated]) io.err(`${file.change} ${file.path}`);
  return EXIT.ok;
}
