/**
 * The only place that knows the stage order:
 * load → resolve → model → name → emit → format → type-check (its own process) beside the API surface →
 * (write or compare, by the caller).
 */
import { readFileSync } from "node:fs";
import { emitBinding } from "./emit/binding.js";
import { API_SURFACE_FILE, apiSurface } from "./evolution/api-surface.js";
import { RUNTIME_TEMPLATES_DIR, runtimeSourceNames } from "./output/runtime-sources.js";
import { loadContract, type ContractSource, type LoadedContract } from "./load/contract.js";
import { buildModel } from "./model/build.js";
import { byCodeUnits } from "./order.js";
import type { ContractModel } from "./model/types.js";
import { differsOnDisk, type Generation } from "./output/files.js";
import { formatTypeScript } from "./output/format.js";
import { header, type HeaderFacts } from "./output/header.js";
import { typeCheck } from "./output/typecheck.js";
import { contractDirName, RUNTIME_DIR } from "./output/paths.js";
import { indexSchema } from "./resolve/index.js";

export interface Generated {
  readonly contract: LoadedContract;
  readonly model: ContractModel;
  /** Output-relative path → file contents, e.g. `rightkit.agent.demo.v1/types.ts`. */
  readonly files: Generation;
}

export function withHeader(source: string, facts: HeaderFacts): string {
  return `${header(facts).toString()}\n\n${source}`;
}

async function finish(name: string, source: string, facts: HeaderFacts): Promise<string> {
  return formatTypeScript(withHeader(source, facts), name);
}

/**
 * The contract-neutral runtime: every .ts file under templates/runtime/, plain TypeScript
 * type-checked with this project, copied verbatim under the header. The sources are kept prettier-formatted
 * (test/generator/runtime-templates.test.ts proves formatting would change nothing), so this
 * skips a formatting pass that is a third of every run's time.
 */
function runtimeFiles(): [string, string][] {
  const facts: HeaderFacts = { contractId: undefined };
  return runtimeSourceNames().map((name) => [
    `${RUNTIME_DIR}/${name}`,
    withHeader(readFileSync(new URL(name, RUNTIME_TEMPLATES_DIR), "utf8"), facts),
  ]);
}

export interface PipelineOptions {
  /**
   * `always` (the API default); `when-changed`: only if the result differs from `outDir` on disk,
   * i.e. only before a write; `never`: for `check`, which writes nothing.
   */
  readonly typeCheck: "always" | "when-changed" | "never";
  readonly outDir?: string;
}

export async function generateFiles(
  source: ContractSource,
  options: PipelineOptions = { typeCheck: "always" },
): Promise<Generated> {
  const contract = loadContract(source);
  const index = indexSchema(contract.schema, contract.schemaFile);
  const model = buildModel(contract, index);
  const dir = contractDirName(model.id);
  const facts: HeaderFacts = { contractId: model.id };
  const bindingFiles = await Promise.all(
    emitBinding(model, index).map(async ({ name, source: text }): Promise<[string, string]> => [
      `${dir}/${name}`,
      await finish(name, text, facts),
    ]),
  );
  const code: Generation = new Map([...runtimeFiles(), ...bindingFiles]);
  // Checked only when a write would change a file: api.md is made from these files, so they decide.
  const mustCheck =
    options.typeCheck === "always" ||
    (options.typeCheck === "when-changed" && (options.outDir === undefined || differsOnDisk(options.outDir, code)));
  // The compiler runs in a process of its own: it checks while the API surface is read here.
  const checked = mustCheck ? typeCheck(code) : Promise.resolve();
  // The binding's public declarations, committed beside it, so a surface change shows in review.
  const [surface] = await Promise.all([
    apiSurface(model.id, new Map(bindingFiles.map(([path, text]) => [path.slice(dir.length + 1), text]))),
    checked,
  ]);
  const files = new Map(
    [...code, [`${dir}/${API_SURFACE_FILE}`, surface] as [string, string]].sort(([a], [b]) => byCodeUnits(a, b)),
  );
  return { contract, model, files };
}
