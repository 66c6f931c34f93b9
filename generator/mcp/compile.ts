/**
 * A contract's binding generated in this process and loaded, for a contract this package carries
 * no compiled client for (a binding repo's contract after an update, an edited copy): the same
 * files `generate` writes for it, from the pipeline, so every caller-side rule is still the
 * generated client's own. Schema text becomes code only inside the pipeline's emitters (through
 * emit/code.ts); here the TypeScript they made is only transpiled, its types erased.
 *
 * Its types are erased by output/strip-types.ts, as conform's validators are (Node 20 strips no
 * types itself). Node must import the modules from files, so they go to a
 * private directory (mkdtemp: 0700, a fresh name; each file created exclusively, 0600) that is
 * removed as soon as they are loaded: neither the binding nor the runtime imports anything later.
 * Each runtime module the binding imports (`../runtime/index.js`, `../runtime/internal.js`, …) is
 * one line re-exporting the runtime this process already runs (package-files.ts), so the runtime
 * is not compiled again.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { code } from "../emit/code.js";
import type { ContractSource } from "../load/contract.js";
import { ScratchFolder } from "../output/file-door.js";
import { RUNTIME_DIR } from "../output/paths.js";
import { stripTypes } from "../output/strip-types.js";
import { runtimeModule } from "../package-files.js";
import { generateFiles, type Generated } from "../pipeline.js";
import type { BindingModule } from "./binding-module.js";

/** The binding's own modules, as the emitters name them: `client.ts`, `validators.ts`, …. */
const MODULE_FILE = /^[a-z][a-z-]*\.ts$/;

/** Generates the contract's binding (not type-checked: its types are erased here) and loads its index. */
export async function compileBinding(source: ContractSource): Promise<BindingModule> {
  const generated = await generateFiles(source, { typeCheck: "never" });
  const modules = bindingModules(generated);
  const compiled = modules.map(([name, text]) => [name.replace(/\.ts$/, ".js"), stripTypes(name, text)] as const);
  const scratch = ScratchFolder.make("rightkit-bindgen-mcp-");
  try {
    scratch.write("package.json", `${JSON.stringify({ type: "module" })}\n`);
    for (const path of runtimeImports(compiled)) {
      // Generated code imports only what internal.ts exports, so it stands in for every inner module.
      const module = runtimeModule(path === "index.js" ? "index" : "internal");
      scratch.write(`${RUNTIME_DIR}/${path}`, `${code`export * from ${module.href};`}\n`);
    }
    for (const [name, text] of compiled) scratch.write(`binding/${name}`, text);
    return (await import(pathToFileURL(join(scratch.path, "binding", "index.js")).href)) as BindingModule;
  } finally {
    scratch.remove();
  }
}

/** The runtime modules the binding imports (`../runtime/index.js` → `index.js`), sorted. */
function runtimeImports(modules: readonly (readonly [string, string])[]): string[] {
  const paths = new Set<string>();
  for (const [, text] of modules)
    for (const [, path = ""] of text.matchAll(/from "\.\.\/runtime\/([a-z][a-z/-]*\.js)";/g)) paths.add(path);
  return [...paths].sort();
}

/** The generation's binding modules (its folder's `.ts` files; not the runtime, not api.md), by file name. */
function bindingModules(generated: Generated): [string, string][] {
  const modules: [string, string][] = [];
  for (const [path, text] of generated.files) {
    const [folder, name, ...deeper] = path.split("/");
    if (folder === RUNTIME_DIR || name === undefined || !name.endsWith(".ts")) continue;
    if (deeper.length > 0 || !MODULE_FILE.test(name)) throw new Error(`unexpected file ${JSON.stringify(path)} in a binding`);
    modules.push([name, text]);
  }
  return modules;
}
