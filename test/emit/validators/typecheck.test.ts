/**
 * Every generated module type-checks with the TypeScript compiler API under the strictest
 * options the binding uses (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess): the
 * demo contract's validators.ts (against a types.ts declaring its names), every module compiled
 * from the JSON-Schema-Test-Suite (every draft), the hostile schemas, and the bigint-mode ones
 * (bigint-schemas.ts). One in-memory program for all.
 */
import ts from "typescript-5.9";
import { describe, expect, it } from "vitest";
import { emitValidatorModule, emitValidators } from "../../../generator/emit/validators/index.js";
import { schemaGraph } from "../../../generator/resolve/index.js";
import { DEMO_SHAPES, demoSchema } from "../../support/demo-contract.js";
import { hugeEnum, LINKED_LIST_SCHEMA, nastySchemas, nestedAllOf, nestedProperties, TREE_SCHEMA } from "./hostile-schemas.js";
import { compileGroup, DRAFTS, readGroups, suiteFiles } from "./jsts-suite.js";
import { bigintSchema, BIGINT_SCHEMAS } from "./bigint-schemas.js";

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noFallthroughCasesInSwitch: true,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts"],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  types: [],
  noEmit: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
};

function virtualFiles(): Map<string, string> {
  const files = new Map<string, string>();
  // The lead's types.ts declares these names; their bodies do not matter to the validators.
  files.set(
    "/virtual/demo/types.ts",
    DEMO_SHAPES.map((shape) => `export type ${shape.name} = { readonly shape?: "${shape.name}" };`).join("\n"),
  );
  files.set("/virtual/demo/validators.ts", `${emitValidators(schemaGraph(demoSchema()), DEMO_SHAPES)}`);
  for (const draft of DRAFTS) {
    [...suiteFiles(draft, ""), ...suiteFiles(draft, "optional")].forEach((file) => {
      readGroups(draft, file).forEach((group, g) => {
        const compiled = compileGroup(draft, group);
        if (compiled.kind === "module")
          files.set(`/virtual/jsts/${draft.folder}/${file.replace(/[/.]/g, "_")}_${g}.ts`, compiled.source);
      });
    });
  }
  [nestedProperties(500), nestedAllOf(500), hugeEnum(10_000), TREE_SCHEMA, LINKED_LIST_SCHEMA, ...nastySchemas()].forEach(
    (schema, i) => {
      files.set(`/virtual/hostile/${i}.ts`, emitValidatorModule(schema));
    },
  );
  // Bigint mode (binding numbers.int64: "bigint"): bigint comparisons, constants and helpers.
  for (const name of Object.keys(BIGINT_SCHEMAS) as (keyof typeof BIGINT_SCHEMAS)[]) {
    files.set(`/virtual/bigint/${name}.ts`, emitValidatorModule(bigintSchema(name), { int64: "bigint" }));
  }
  return files;
}

describe("generated modules type-check (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess)", () => {
  it("no diagnostics in any generated module", () => {
    const files = virtualFiles();
    const host = ts.createCompilerHost(OPTIONS);
    const realGetSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, language, onError) => {
      const text = files.get(name);
      return text === undefined ? realGetSourceFile(name, language, onError) : ts.createSourceFile(name, text, language);
    };
    const realFileExists = host.fileExists.bind(host);
    host.fileExists = (name) => files.has(name) || realFileExists(name);
    const realDirectoryExists = host.directoryExists?.bind(host);
    host.directoryExists = (dir) =>
      [...files.keys()].some((name) => name.startsWith(`${dir}/`)) || (realDirectoryExists?.(dir) ?? false);
    const realReadFile = host.readFile.bind(host);
    host.readFile = (name) => files.get(name) ?? realReadFile(name);
    const program = ts.createProgram([...files.keys()], OPTIONS, host);
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
      const where =
        d.file === undefined ? "" : `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: `;
      return where + ts.flattenDiagnosticMessageText(d.messageText, "\n");
    });
    expect(files.size).toBeGreaterThan(300);
    expect(diagnostics.slice(0, 20)).toEqual([]);
  });
});
