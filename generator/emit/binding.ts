/**
 * The files of one contract's binding, each rendered from its template: the model and its
 * analyses in, source out. Which artifacts exist is decided here, so index.ts re-exports exactly
 * those.
 */
import type { ContractModel } from "../model/types.js";
import type { BindingAnalyses } from "../analyses/binding-analyses.js";
import type { SchemaGraph } from "../resolve/index.js";
import { emitCli } from "./cli.js";
import { emitClient } from "./client.js";
import { emitManifest } from "./manifest.js";
import { code, ident, join, type Code } from "./code.js";
import { emitStandardSchema } from "./standard-schema.js";
import { renderTemplate } from "./template.js";
import { emitTypes } from "./types.js";
import { emitValidators } from "./validators/index.js";

export interface BindingFile {
  readonly name: string;
  readonly source: string;
}

/** `graph`: for the validator compiler alone, which compiles each type's schema. */
export function emitBinding(model: ContractModel, analyses: BindingAnalyses, graph: SchemaGraph): BindingFile[] {
  const entries = model.types.map((type) => ({ name: type.name, pointer: type.id }));
  const files: BindingFile[] = [
    { name: "types.ts", source: renderTemplate("binding/types.ts.hbs", { body: emitTypes(model) }) },
    {
      name: "validators.ts",
      source: renderTemplate("binding/validators.ts.hbs", { body: emitValidators(graph, entries, model.int64) }),
    },
    { name: "standard-schema.ts", source: emitStandardSchema(model, analyses) },
  ];
  files.push({ name: "manifest.ts", source: emitManifest(model) });
  const exports: Code[] = [
    code`export { BINDING_MANIFEST } from "./manifest.js";`,
    code`export type * from "./types.js";`,
    code`export * from "./validators.js";`,
    code`export * from "./standard-schema.js";`,
  ];
  const { values, types, standardTypes } = model.names.reexports;
  // From the runtime's public entry, which is what its callers may import themselves. The runtime's
  // ValidationIssue/ValidationResult are structurally the validators' own; those are exported once.
  const reexported = [...standardTypes.map((name) => code`type ${ident(name)}`)];
  if (model.methods.length > 0) {
    files.push({ name: "client.ts", source: emitClient(model, analyses) }, { name: "cli.ts", source: emitCli(model, analyses) });
    exports.push(code`export * from "./client.js";`, code`export * from "./cli.js";`);
    reexported.unshift(...values.map((name) => ident(name)), ...types.map((name) => code`type ${ident(name)}`));
  }
  exports.push(code`export { ${join(reexported)} } from "../runtime/index.js";`);
  files.push({ name: "index.ts", source: renderTemplate("binding/index.ts.hbs", { exports }) });
  return files;
}
