/**
 * The only place that knows the stage order, and the only caller of each stage:
 * load → resolve → contract shape → model → naming → emit → output (header, format, type check
 * in its own process beside the API surface); the caller writes or compares. Each stage imports
 * only the stages before it (docs/architecture.md; .dependency-cruiser.cjs holds the rules).
 */
import { readFileSync } from "node:fs";
import { analyseBinding } from "./analyses/binding-analyses.js";
import { emitBinding } from "./emit/binding.js";
import { RUNTIME_TEMPLATES_DIR } from "./package-files.js";
import { runtimeSourceNames } from "./output/runtime-sources.js";
import { loadContract, type ContractSource, type LoadedContract } from "./load/contract.js";
import { readContract } from "./contract/shape.js";
import { buildModel } from "./model/build.js";
import { nameModel } from "./naming/name-model.js";
import { API_SURFACE_FILE, apiSurface, runtimeSurface } from "./output/api-surface.js";
import { byCodeUnits } from "./order.js";
import type { ContractModel } from "./model/types.js";
import { differsOnDisk, type Generation } from "./output/files.js";
import { formatTypeScript } from "./output/format.js";
import { header, type HeaderFacts } from "./output/header.js";
import { consumerCompiler, typeCheck, type Compiler } from "./output/typecheck.js";
import { contractDirName, declaredContractDir, RUNTIME_DIR } from "./output/paths.js";
import { isJsonObject } from "./json.js";
import { schemaGraph, type SchemaGraph } from "./resolve/index.js";

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
 * (test/output/runtime-templates.test.ts proves formatting would change nothing), so this
 * skips a formatting pass that is a third of every run's time.
 */
function runtimeFiles(): [string, string][] {
  const facts: HeaderFacts = { contractId: undefined };
  return runtimeSourceNames().map((name) => [
    `${RUNTIME_DIR}/${name}`,
    withHeader(readFileSync(new URL(name, RUNTIME_TEMPLATES_DIR), "utf8"), facts),
  ]);
}

let runtimeSurfaceMade: [string, string] | undefined;

/** `runtime/api.md`: the runtime's public API, the same for every contract, made once per process. */
function runtimeSurfaceFile(): [string, string] {
  runtimeSurfaceMade ??= [
    `${RUNTIME_DIR}/${API_SURFACE_FILE}`,
    runtimeSurface(
      new Map(runtimeSourceNames().map((name) => [name, readFileSync(new URL(name, RUNTIME_TEMPLATES_DIR), "utf8")])),
    ),
  ];
  return runtimeSurfaceMade;
}

export interface PipelineOptions {
  /**
   * `always` (the API default); `when-changed`: only if the result differs from `outDir` on disk,
   * i.e. only before a write; `never`: for `check`, which writes nothing.
   */
  readonly typeCheck: "always" | "when-changed" | "never";
  readonly outDir?: string;
  /** The compiler that checks; the project's own (`consumerCompiler`) when not given. */
  readonly compiler?: Compiler;
}

/**
 * The model every emitter reads, built and named: the programmatic API's `buildModel`. `graph`:
 * the contract schema's graph, when the caller already has one.
 */
export function modelOf(
  contract: LoadedContract,
  graph: SchemaGraph = schemaGraph(contract.schema, contract.schemaFile),
): ContractModel {
  return nameModel(buildModel(contract, graph, readContract(contract.schema, contract.binding)));
}

export async function generateFiles(
  source: ContractSource,
  options: PipelineOptions = { typeCheck: "always" },
): Promise<Generated> {
  const contract = loadContract(source);
  const graph = schemaGraph(contract.schema, contract.schemaFile);
  const model = modelOf(contract, graph);
  const emitted = emitBinding(model, analyseBinding(model, graph), graph);
  const declared = isJsonObject(contract.schema) && typeof contract.schema.$id === "string";
  const dir = declared ? declaredContractDir(model.id) : contractDirName(model.id);
  const facts: HeaderFacts = { contractId: model.id };
  const bindingFiles = await Promise.all(
    emitted.map(async ({ name, source: text }): Promise<[string, string]> => [`${dir}/${name}`, await finish(name, text, facts)]),
  );
  const code: Generation = new Map([...runtimeFiles(), ...bindingFiles]);
  // Checked only when a write would change a file: api.md is made from these files, so they decide.
  const mustCheck =
    options.typeCheck === "always" ||
    (options.typeCheck === "when-changed" && (options.outDir === undefined || differsOnDisk(options.outDir, code)));
  // The compiler runs in a process of its own: it checks while the API surface is read here.
  const checked = mustCheck ? typeCheck(code, options.compiler ?? consumerCompiler()) : Promise.resolve();
  // The binding's public declarations, committed beside it, so a surface change shows in review.
  const surface = apiSurface(model.id, new Map(bindingFiles.map(([path, text]) => [path.slice(dir.length + 1), text])));
  await checked;
  const files = new Map(
    [...code, [`${dir}/${API_SURFACE_FILE}`, surface] as [string, string], runtimeSurfaceFile()].sort(([a], [b]) =>
      byCodeUnits(a, b),
    ),
  );
  return { contract, model, files };
}
